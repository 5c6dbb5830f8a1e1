"""Reference data: users and their approval limits, suppliers and their remit-to addresses,
contracts, payment terms, accounts and lookup values (budget lines: budget_service)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, conflict, get_or_404, invalid, not_found
from arcadia.apps.procurement import common
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.schemas import (
    AccountIn,
    ContractIn,
    LookupValueIn,
    PaymentTermIn,
    RefIn,
    SupplierAddressIn,
    SupplierCreate,
    UserIn,
)

Record = dict[str, Any]
CENT = Decimal("0.01")
# The name a read gives a limit (`views._limit`): "Requisition approval limit $10,000".
LIMIT_NAME = re.compile(r"(?:Requisition|Invoice) approval limit \$([0-9,]+(?:\.[0-9]+)?)")


def copy_fields(row: Any, data: dict[str, Any], names: tuple[str, ...]) -> None:
    """Sent fields onto `row`; an explicit null leaves a required column as it was."""
    columns = row.__table__.c
    for name in names:
        if name in data and (data[name] is not None or columns[name].nullable):
            setattr(row, name, data[name])


def _unique(ctx: Ctx, model: Any, column: str, value: Any, own: int | None, what: str) -> None:
    clash = ctx.session.exec(sql_select(model.id).where(getattr(model, column) == value)).first()
    if clash is not None and clash != own:
        raise invalid(f"{what} '{str(value)[:60]}' is already used by record {clash}.",
                      field=column.replace("_", "-"))


# -- users --------------------------------------------------------------------------------


def found(records: list[Record], rid: int, noun: str, path: str) -> Record:
    """The one record a reference list gave for id `rid`, or the 404 saying where to look."""
    if not records:
        raise not_found(f"No {noun.replace('_', ' ')} has id {rid}; query GET /api/{path}.",
                        field=noun)
    return records[0]


def users(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    return [v.user(u, refs) for u in refs.users().values() if only in (None, u.id)]


def user(ctx: Ctx, uid: int) -> Record:
    found = users(ctx, uid)
    if not found:
        raise not_found(f"No user has id {uid}; search with GET /api/users?login=....",
                        field="user")
    return found[0]


def _limit(ctx: Ctx, ref: Any, field: str, column: str) -> str | None:
    """The amount an approval limit names: `code` or `name` as an amount (or the name a
    read shows, "Requisition approval limit $10,000"), or `id` of an existing limit (a
    limit's id is its user's: the one read back)."""
    if ref is None:
        return None
    text = ref.code or ref.name
    by_id: str | None = None
    if ref.id is not None:
        owner = ctx.session.get(m.User, ref.id)
        by_id = None if owner is None else getattr(owner, column)
        if by_id is None:
            raise not_found(f"{field}: no limit has id {ref.id}; a limit's id is the id its "
                            "user's record shows (GET /api/users), or send the amount as "
                            'code (e.g. {"code": "10000"}).', field=field)
        if text is None:
            return by_id
    if text is None:
        raise invalid(f"{field}: send the limit's amount as code or name (e.g. "
                      '{"code": "10000"}), or the id of an existing limit.', field=field)
    shown = LIMIT_NAME.fullmatch(text.strip())
    try:
        value = Decimal(shown.group(1).replace(",", "") if shown else text)
    except ArithmeticError:
        raise invalid(f"{field}: '{text[:40]}' is not an amount.", field=field) from None
    if not value.is_finite() or value < 0 or value >= Decimal("1e12"):
        raise invalid(f"{field}: the amount must be zero or more and finite.", field=field)
    amount = str(value.quantize(CENT))
    if by_id is not None and Decimal(by_id) != value:
        raise invalid(f"{field}: limit {ref.id} is {Decimal(by_id):,.2f}, not {value:,.2f}; "
                      "name one limit.", field=field)
    return amount


def save_user(ctx: Ctx, uid: int | None, body: UserIn) -> int:
    data = body.model_dump(exclude_unset=True)
    if uid is None:
        for name in ("login", "email", "firstname", "lastname"):
            if not data.get(name):
                raise invalid(f"{name} is required.", field=name)
        row = m.User(id=ctx.next_id(m.User), login="", email="", firstname="", lastname="",
                     created_at=ctx.now, updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.User, uid, what="user", hint="see GET /api/users.")
    if body.login:
        _unique(ctx, m.User, "login", body.login, row.id, "Login")
    copy_fields(row, data, ("login", "email", "firstname", "lastname", "employee_number", "active"))
    if body.default_account is not None:
        acct = common.account(ctx, body.default_account, "default-account")
        row.default_account_id = None if acct is None else acct.id
    if "requisition_approval_limit" in data:
        row.requisition_approval_limit = _limit(ctx, body.requisition_approval_limit,
                                                "requisition-approval-limit",
                                                "requisition_approval_limit")
    if "invoice_approval_limit" in data:
        row.invoice_approval_limit = _limit(ctx, body.invoice_approval_limit,
                                            "invoice-approval-limit", "invoice_approval_limit")
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


# -- payment terms ------------------------------------------------------------------------


def payment_terms(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    return [v.payment_term(t, refs) for t in ctx.snapshots(m.PaymentTerm) if only in (None, t.id)]


def save_payment_term(ctx: Ctx, pid: int | None, body: PaymentTermIn) -> int:
    data = body.model_dump(exclude_unset=True)
    if pid is None:
        if not body.code:
            raise invalid("code is required.", field="code")
        row = m.PaymentTerm(id=ctx.next_id(m.PaymentTerm), code="", created_at=ctx.now,
                            updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.PaymentTerm, pid, what="payment term",
                         hint="see GET /api/payment_terms.")
    if body.code:
        _unique(ctx, m.PaymentTerm, "code", body.code, row.id, "Payment term code")
    if body.discount_rate is not None and not Decimal(0) <= body.discount_rate <= 100:
        raise invalid("discount-rate is a percent between 0 and 100.", field="discount-rate")
    copy_fields(row, data, ("code", "description", "days_for_net_payment",
                      "days_for_discount_payment", "active"))
    if body.discount_rate is not None:
        row.discount_rate = str(body.discount_rate)
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


# -- suppliers and remit-to addresses -----------------------------------------------------


def suppliers(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    addresses = v.group(ctx.snapshots(m.SupplierAddress), "supplier_id")
    return [v.supplier(s, refs, addresses.get(s.id, [])) for s in ctx.snapshots(m.Supplier)
            if only in (None, s.id)]


def supplier(ctx: Ctx, sid: int) -> Record:
    found = suppliers(ctx, sid)
    if not found:
        raise not_found(f"No supplier has id {sid}; search with GET /api/suppliers?name=....",
                        field="supplier")
    return found[0]


def save_supplier(ctx: Ctx, sid: int | None, body: SupplierCreate) -> int:
    data = body.model_dump(exclude_unset=True)
    if sid is None:
        if not body.name:
            raise invalid("name is required.", field="name")
        row = m.Supplier(id=ctx.next_id(m.Supplier), name="", created_at=ctx.now,
                         updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.Supplier, sid, what="supplier",
                         hint="search with GET /api/suppliers.")
    if body.name:
        _unique(ctx, m.Supplier, "name", body.name, row.id, "Supplier name")
    if body.status is not None and body.status not in ("active", "inactive"):
        raise invalid("status is active or inactive.", field="status")
    if body.invoice_matching_level not in (None, "2-way", "3-way"):
        raise invalid("invoice-matching-level is 2-way or 3-way.",
                      field="invoice-matching-level")
    copy_fields(row, data, ("name", "display_name", "number", "status", "po_email", "tax_id",
                      "account_number", "invoice_matching_level"))
    if body.payment_term is not None:
        term = common.payment_term(ctx, body.payment_term, "payment-term")
        row.payment_term_id = None if term is None else term.id
    if body.commodity is not None:
        commodity = common.lookup_value(ctx, body.commodity, "Commodity", "commodity")
        row.commodity = None if commodity is None else commodity.name
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


def addresses(ctx: Ctx, sid: int, only: int | None = None) -> list[Record]:
    if ctx.snapshot(m.Supplier, sid) is None:
        raise not_found(f"No supplier has id {sid}.", field="supplier")
    refs = v.Refs(ctx)
    found = [v.address(a, refs) for a in ctx.snapshots(m.SupplierAddress)
             if a.supplier_id == sid and only in (None, a.id)]
    if only is not None and not found:
        raise not_found(f"Supplier {sid} has no address {only}; list them with GET "
                        f"/api/suppliers/{sid}/addresses.", field="address")
    return found


def save_address(ctx: Ctx, sid: int, aid: int | None, body: SupplierAddressIn) -> int:
    get_or_404(ctx.session, m.Supplier, sid, what="supplier", hint="see GET /api/suppliers.")
    data = body.model_dump(exclude_unset=True)
    if aid is None:
        row = m.SupplierAddress(id=ctx.next_id(m.SupplierAddress), supplier_id=sid,
                                created_at=ctx.now, updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = _address(ctx, sid, aid)
    country = body.country
    if country is not None and (country.code not in (None, "US") or country.id is not None
                                or country.name not in (None, "United States")):
        raise invalid("Only US addresses are supported: name the country by code US (or "
                      "name United States); countries have no id on this instance.",
                      field="country")
    copy_fields(row, data, ("name", "remit_to_code", "street1", "street2", "city", "state",
                      "postal_code", "active"))
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


def _address(ctx: Ctx, sid: int, aid: int) -> m.SupplierAddress:
    row = ctx.session.get(m.SupplierAddress, aid)
    if row is None or row.supplier_id != sid:
        raise not_found(f"Supplier {sid} has no address {aid}; list them with GET "
                        f"/api/suppliers/{sid}/addresses.", field="address")
    return row


def delete_address(ctx: Ctx, sid: int, aid: int) -> Record:
    row = _address(ctx, sid, aid)
    used = ctx.session.exec(sql_select(m.Invoice.id).where(
        m.Invoice.remit_to_address_id == aid)).first()
    if used is not None:
        raise conflict(f"Address {aid} is the remit-to of invoice {used}; deactivate it "
                       "(active: false) instead.", field="address")
    record = addresses(ctx, sid, aid)[0]
    ctx.session.delete(row)
    ctx.commit()
    return record


# -- contracts ------------------------------------------------------------------------------


def contracts(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    return [v.contract(c, refs) for c in ctx.snapshots(m.Contract) if only in (None, c.id)]


def save_contract(ctx: Ctx, cid: int | None, body: ContractIn) -> int:
    data = body.model_dump(exclude_unset=True)
    if cid is None:
        if not body.name:
            raise invalid("name is required.", field="name")
        row = m.Contract(id=ctx.next_id(m.Contract), name="", created_at=ctx.now,
                         updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.Contract, cid, what="contract",
                         hint="see GET /api/contracts.")
    if body.status not in (None, "draft", "published", "expired", "completed"):
        raise invalid("status is draft, published, expired or completed.", field="status")
    copy_fields(row, data, ("name", "number", "status"))
    if body.supplier is not None:
        sup = common.supplier(ctx, body.supplier, "supplier")
        row.supplier_id = None if sup is None else sup.id
    if "start_date" in data:
        row.starts_at = common.when(body.start_date, "start-date")
    if "end_date" in data:
        row.expires_at = common.when(body.end_date, "end-date")
    if row.starts_at and row.expires_at and row.expires_at < row.starts_at:
        raise invalid("end-date is before start-date.", field="end-date")
    if body.max_value is not None:
        row.maximum_value = str(common.positive(body.max_value, "max-value", zero=True))
    if body.payment_term is not None:
        term = common.payment_term(ctx, body.payment_term, "payment-term")
        row.payment_term_id = None if term is None else term.id
    if body.contract_owner is not None:
        owner = common.user(ctx, body.contract_owner, "contract-owner")
        row.owner_id = None if owner is None else owner.id
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


# -- accounts -------------------------------------------------------------------------------


def accounts(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    return [v.account(a, refs) for a in ctx.snapshots(m.Account) if only in (None, a.id)]


def recent_accounts(ctx: Ctx) -> list[Record]:
    """The accounts on the caller's requisition lines, most recent first (at most 50)."""
    rows = ctx.rows("SELECT l.account_id FROM requisition_lines l JOIN requisitions r ON "
                    "r.id = l.requisition_id WHERE r.requested_by_id = ? AND l.account_id "
                    "IS NOT NULL ORDER BY r.id DESC, l.line_num", (ctx.principal.id,))
    out: list[int] = []
    for (aid,) in rows:
        if aid not in out:
            out.append(aid)
    return _by_id(accounts(ctx), out)[:50]


def favorite_accounts(ctx: Ctx) -> list[Record]:
    """The caller's default account."""
    me = ctx.snapshot(m.User, ctx.principal.id)
    return _by_id(accounts(ctx), [] if me is None or me.default_account_id is None
                  else [me.default_account_id])


def _by_id(records: list[Record], wanted: list[int]) -> list[Record]:
    index = {r["id"]: r for r in records}
    return [index[i] for i in wanted if i in index]


def save_account(ctx: Ctx, aid: int | None, body: AccountIn) -> int:
    data = body.model_dump(exclude_unset=True)
    if aid is None:
        if not body.segment_1:
            raise invalid("segment-1 (the cost centre) is required.", field="segment-1")
        row = m.Account(id=ctx.next_id(m.Account), name="", code="", created_at=ctx.now,
                        updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.Account, aid, what="account",
                         hint="see GET /api/accounts.")
    copy_fields(row, data, ("name", "active", "segment_1", "segment_2", "segment_3"))
    code = body.code or "-".join(s for s in (row.segment_1, row.segment_2, row.segment_3) if s)
    _unique(ctx, m.Account, "code", code, row.id, "Account code")
    row.code = code
    row.name = row.name or code
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


# -- lookup values ----------------------------------------------------------------------------


def lookup_values(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    rows = ctx.snapshots(m.LookupValue)
    names = sorted({r.lookup_name for r in rows})
    ids = {name: i for i, name in enumerate(names, start=1)}
    parents = {r.id: r for r in rows}
    return [v.lookup_value(r, refs, ids, parents) for r in rows if only in (None, r.id)]


def _lookup(ctx: Ctx, ref: RefIn) -> str:
    """The existing lookup `ref` names, by name or by id (the ids `lookup_values` shows):
    a value joins a lookup, it does not make one (a new name would renumber the others)."""
    names = sorted(set(ctx.session.exec(sql_select(m.LookupValue.lookup_name)).all()))
    ids = dict(enumerate(names, start=1))
    known = ", ".join(names)
    if ref.id is not None and ref.id not in ids:
        raise invalid(f"No lookup has id {ref.id}; the lookups are {known}.", field="lookup")
    if ref.name is not None and ref.name not in names:
        raise invalid(f"No lookup is named '{ref.name[:60]}'; the lookups are {known}.",
                      field="lookup")
    if ref.id is not None and ref.name is not None and ids[ref.id] != ref.name:
        raise invalid(f"Lookup {ref.id} is {ids[ref.id]}, not {ref.name[:60]}.",
                      field="lookup")
    return ids[ref.id] if ref.id is not None else str(ref.name)


def save_lookup_value(ctx: Ctx, lid: int | None, body: LookupValueIn) -> int:
    data = body.model_dump(exclude_unset=True)
    named = body.lookup is not None and (body.lookup.id, body.lookup.name) != (None, None)
    # Read before a new row joins the session (a flush would count its blank lookup).
    lookup = _lookup(ctx, body.lookup) if body.lookup is not None and named else None
    if lid is None:
        if not body.name or lookup is None:
            raise invalid("name and lookup {name or id} are required.", field="lookup_value")
        row = m.LookupValue(id=ctx.next_id(m.LookupValue), name="", lookup_name="",
                            created_at=ctx.now, updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.LookupValue, lid, what="lookup value",
                         hint="see GET /api/lookup_values.")
    if lookup is not None:
        row.lookup_name = lookup
    if body.parent is not None:
        parent = ctx.session.get(m.LookupValue, body.parent.id or -1)
        if parent is None or parent.id == row.id:
            raise invalid("parent must be another lookup value's id.", field="parent")
        row.parent_id = parent.id
    copy_fields(row, data, ("name", "description", "active", "external_ref_code",
                      "external_ref_num", "is_default"))
    row.updated_at = ctx.now
    ctx.commit()
    return row.id
