"""Requisitions: raise (any user), edit while draft, submit for approval (the chain comes
from the world's rule), and, once the last approver approves, order: one issued purchase
order per supplier on the requisition's lines (Coupa's automatic PO creation)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, conflict, forbidden, get_or_404, invalid
from arcadia.apps.procurement import approval_service as approvals
from arcadia.apps.procurement import common, units
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.schemas import RefIn, RequisitionCreate, RequisitionLineIn

Record = dict[str, Any]


DIRECT = {"id": "id", "status": "status", "req-title": "req_title",
          "exported": "exported"}


def visible_rows(ctx: Ctx, *, mine: int | None) -> list[Any]:
    """Every requisition, or those `mine` raised or approves."""
    rows = ctx.snapshots(m.Requisition)
    if mine is None:
        return rows
    routed = {r[0] for r in ctx.rows(
        "SELECT approvable_id FROM approvals WHERE approvable_type = ? AND approver_id = ?",
        (approvals.REQUISITION, mine))}
    return [r for r in rows if mine in (r.requested_by_id, r.created_by_id) or r.id in routed]


def render_rows(ctx: Ctx, rows: Sequence[Any]) -> Iterator[Record]:
    refs = v.Refs(ctx)
    lines = common.children(ctx, m.RequisitionLine, "requisition_id", rows)
    chain = common.children(ctx, m.Approval, "approvable_id", rows)
    for r in rows:
        steps = [a for a in chain.get(r.id, []) if a.approvable_type == approvals.REQUISITION]
        yield v.requisition(r, refs, lines.get(r.id, []), steps)


def query(ctx: Ctx, listing: common.Listing, *, mine_only: bool) -> list[Any]:
    """The page `listing` asks for, of the requisitions the caller may see (procurement and
    finance see all unless `mine_only`)."""
    mine = None if common.is_manager(ctx) and not mine_only else ctx.principal.id
    return listing.answer(visible_rows(ctx, mine=mine), lambda rows: render_rows(ctx, rows), DIRECT)


def render(ctx: Ctx, req_id: int) -> Record:
    req = common.one_row(ctx, m.Requisition, req_id, _missing(req_id))
    if not _may_see(ctx, req):
        raise forbidden(f"Requisition {req_id} is not yours; you see your own requisitions "
                        "and those routed to you for approval.")
    return next(render_rows(ctx, [req]))


def _missing(req_id: int) -> Exception:
    from arcadia.apps.kernel import not_found

    return not_found(f"No requisition has id {req_id}; list yours with GET "
                     "/api/requisitions/mine.", field="requisition")


def _may_see(ctx: Ctx, req: Any) -> bool:
    if common.is_manager(ctx) or ctx.principal.id in (req.requested_by_id, req.created_by_id):
        return True
    return ctx.session.exec(sql_select(m.Approval.id).where(
        m.Approval.approvable_type == approvals.REQUISITION,
        m.Approval.approvable_id == req.id,
        m.Approval.approver_id == ctx.principal.id)).first() is not None


def _own(ctx: Ctx, req_id: int) -> m.Requisition:
    req = get_or_404(ctx.session, m.Requisition, req_id, what="requisition",
                     hint="list yours with GET /api/requisitions/mine.")
    if ctx.principal.id not in (req.requested_by_id, req.created_by_id) \
            and not common.is_manager(ctx):
        raise forbidden(f"Requisition {req_id} belongs to someone else; only its requester "
                        "(or procurement) may change it.")
    return req


def _lines(ctx: Ctx, req: m.Requisition, lines: list[RequisitionLineIn],
           default_account: int | None) -> list[m.RequisitionLine]:
    out = []
    for i, line in enumerate(lines, start=1):
        field = f"requisition-lines[{i - 1}]"
        qty = common.positive(line.quantity, f"{field}.quantity")
        price = common.positive(line.unit_price, f"{field}.unit-price", zero=True)
        if not line.description:
            raise invalid(f"{field}.description is required.", field=field)
        supplier = common.supplier(ctx, line.supplier, f"{field}.supplier")
        if supplier is not None and supplier.status != "active":
            raise invalid(f"Supplier {supplier.name} is {supplier.status}; choose an active "
                          "supplier.", field=f"{field}.supplier")
        account = common.account(ctx, line.account, f"{field}.account")
        if account is not None and not account.active:
            raise invalid(f"Account {account.code} is inactive.", field=f"{field}.account")
        contract = common.contract(ctx, line.contract, f"{field}.contract")
        commodity = common.lookup_value(ctx, line.commodity, "Commodity", f"{field}.commodity")
        uom = units.unit_code(line.uom, field)
        total = (qty * price).quantize(Decimal("0.01"))
        if total >= Decimal("1e12"):
            raise invalid(f"{field}: the line total is over 999,999,999,999.99.", field=field)
        out.append(m.RequisitionLine(
            id=ctx.next_id(m.RequisitionLine), requisition_id=req.id,
            line_num=line.line_num or i, description=line.description, quantity=str(qty),
            unit_price=str(price), total=str(total),
            uom=uom,
            supplier_id=None if supplier is None else supplier.id,
            account_id=account.id if account is not None else default_account,
            contract_id=None if contract is None else contract.id,
            commodity=None if commodity is None else commodity.name,
            need_by_date=common.when(line.need_by_date, f"{field}.need-by-date")))
    return out


def _apply(ctx: Ctx, req: m.Requisition, body: RequisitionCreate, *, new: bool) -> None:
    common.currency(body.currency)
    if body.requested_by is not None:
        who = common.user(ctx, body.requested_by, "requested-by")
        assert who is not None
        if who.id != ctx.principal.id and not common.is_manager(ctx):
            # On someone else's behalf the chain would be theirs: only procurement (or
            # finance) may raise it, as Coupa gates "requisition on behalf of".
            raise forbidden("You may raise requisitions for yourself only; procurement can "
                            "raise one on someone else's behalf.")
        if not who.active:
            raise invalid(f"User {who.login} is inactive; requisitions are raised for active "
                          "users.", field="requested-by")
        req.requested_by_id = who.id
    data = body.model_dump(exclude_unset=True, by_alias=False)
    for name in ("req_title", "justification", "ship_to_attention"):
        if name in data:
            setattr(req, name, data[name])
    if "need_by_date" in data:
        req.need_by_date = common.when(body.need_by_date, "need-by-date")
    if body.requisition_lines is not None or new:
        requester = ctx.session.get(m.User, req.requested_by_id)
        lines = _lines(ctx, req, body.requisition_lines or [],
                       requester.default_account_id if requester else None)
        if not new:
            for old in ctx.session.exec(sql_select(m.RequisitionLine).where(
                    m.RequisitionLine.requisition_id == req.id)).all():
                ctx.session.delete(old)
            ctx.session.flush()
        for line in lines:
            ctx.session.add(line)
    req.updated_at = ctx.now


def create(ctx: Ctx, body: RequisitionCreate, *, submit: bool) -> int:
    me = ctx.me(m.User, common.no_user)
    req = m.Requisition(id=ctx.next_id(m.Requisition), requested_by_id=me.id,
                        created_by_id=me.id, created_at=ctx.now, updated_at=ctx.now)
    _apply(ctx, req, body, new=True)
    ctx.session.add(req)
    if submit:
        ctx.session.flush()
        _submit(ctx, req)
    ctx.commit()
    return req.id


def update(ctx: Ctx, req_id: int, body: RequisitionCreate, *, submit: bool) -> int:
    req = _own(ctx, req_id)
    if req.status != "draft":
        raise conflict(f"Requisition {req_id} is {req.status}; only a draft can be edited "
                       "(PUT /api/requisitions/{id}/save_for_later returns a pending one to "
                       "draft).", field="requisition")
    _apply(ctx, req, body, new=False)
    if submit:
        ctx.session.flush()
        _submit(ctx, req)
    ctx.commit()
    return req.id


def _submit(ctx: Ctx, req: m.Requisition) -> None:
    lines = list(ctx.session.exec(sql_select(m.RequisitionLine).where(
        m.RequisitionLine.requisition_id == req.id)).all())
    if not lines:
        raise invalid("A requisition needs at least one line to be submitted.",
                      field="requisition-lines")
    for line in lines:
        if line.supplier_id is None:
            raise invalid(f"Line {line.line_num} names no supplier; every line needs one "
                          "before submitting.", field="requisition-lines")
        if line.account_id is None:
            raise invalid(f"Line {line.line_num} names no account.", field="requisition-lines")
    total = sum((Decimal(x.total) for x in lines), Decimal(0))
    account = ctx.session.get(m.Account, lines[0].account_id)
    chain = approvals.chain_for(ctx, amount=total, requester_id=req.requested_by_id,
                                cost_centre=None if account is None else account.segment_1)
    req.status, req.submitted_at, req.updated_at = "pending_approval", ctx.now, ctx.now
    req.reject_reason_comment = None
    ctx.session.flush()
    if approvals.create_chain(ctx, approvals.REQUISITION, req.id, chain) == 0:
        orders.order_requisition(ctx, req.id)


def submit_existing(ctx: Ctx, req_id: int) -> int:
    return update(ctx, req_id, RequisitionCreate(), submit=True)


def save_for_later(ctx: Ctx, req_id: int) -> int:
    req = _own(ctx, req_id)
    if req.status not in ("pending_approval", "draft"):
        raise conflict(f"Requisition {req_id} is {req.status}; only a pending or draft "
                       "requisition can be saved for later.", field="requisition")
    approvals.withdraw(ctx, approvals.REQUISITION, req.id)
    req.status, req.updated_at = "draft", ctx.now
    ctx.commit()
    return req.id


def delete(ctx: Ctx, req_id: int) -> Record:
    req = _own(ctx, req_id)
    if req.status != "draft":
        raise conflict(f"Requisition {req_id} is {req.status}; only a draft can be deleted.",
                       field="requisition")
    record = render(ctx, req_id)
    for line in ctx.session.exec(sql_select(m.RequisitionLine).where(
            m.RequisitionLine.requisition_id == req.id)).all():
        ctx.session.delete(line)
    for a in ctx.session.exec(sql_select(m.Approval).where(
            m.Approval.approvable_type == approvals.REQUISITION,
            m.Approval.approvable_id == req.id)).all():
        ctx.session.delete(a)
    ctx.session.delete(req)
    ctx.commit()
    return record


def approvers(ctx: Ctx, req_id: int, *, add: int | RefIn | None, remove: bool,
              approval_id: int | None, position: int | None) -> int:
    req = get_or_404(ctx.session, m.Requisition, req_id, what="requisition",
                     hint="list requisitions with GET /api/requisitions.")
    if not common.is_manager(ctx) and ctx.principal.id not in (req.requested_by_id,):
        raise forbidden("Only the requester or procurement may change a requisition's "
                        "approvers.")
    if remove:
        approvals.remove_approval(ctx, approvals.REQUISITION, req.id, approval_id)
    else:
        add = common.approver(ctx, add)
        if add is None:
            raise invalid("Name the approver to add: approver {id or login} or approver-id.",
                          field="approver")
        if add == req.requested_by_id:
            raise invalid("A requester cannot approve their own requisition.",
                          field="approver")
        approvals.add_approver(ctx, approvals.REQUISITION, req.id, add, position)
    ctx.commit()
    return req.id
