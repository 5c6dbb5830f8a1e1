"""What every procurement service shares: listing with Coupa's query language, the
response shape (as plain data: the routes render it), parsing dates and resolving
associations named by id or natural key."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import select as sql_select

from arcadia.apps.kernel import ApiError, Ctx, Principal, invalid, not_found
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import query
from arcadia.apps.procurement.schemas import RefIn

MANAGERS = ("procurement", "finance")
Record = dict[str, Any]


class Listing:
    """A query's parameters: filters, page and shape."""

    def __init__(self, params: Sequence[tuple[str, str]], known: dict[str, Any], *,
                 limit: int | None, offset: int | None, return_object: str | None,
                 fields: str | None) -> None:
        query.check_return_object(return_object, write=False)
        self.filters = query.parse_filters(params, known)
        self.limit, self.offset = limit, offset
        self.return_object = return_object
        self.fields = query.parse_fields(fields)

    def rows(self, ctx: Ctx, model: Any, direct: Mapping[str, str | Callable[[Any], Any]],
             to_one: Mapping[str, tuple[str, Any, Callable[[int], Any]]] | None = None
             ) -> list[Any]:
        """`model`'s snapshots for `answer`, read by SQL: only those an `eq`/`in` filter
        can match, where it is exact text on a stored text column (`status=draft`,
        `invoice-number[in]=A,B`) or on a to-one association (`to_one`: wire name ->
        the column holding its id, its model, and the record a row shows for an id, as
        `direct` shows it: `supplier[name]=Acme` keeps the rows of the suppliers whose
        shown record passes), else every row. `answer` still applies every filter."""
        where: dict[str, list[Any]] = {}

        def keep(column: str, values: list[Any]) -> None:
            where[column] = [v for v in values if v in where.get(column, values)]

        for f in self.filters:
            column = direct.get(f.path[0])
            if f.op not in ("eq", "in"):
                continue
            if (len(f.path) == 1 and isinstance(column, str) and _text_column(model, column)
                    and f.text_only()):
                keep(column, f.values)
            elif f.path[0] in (to_one or {}):
                key, target, shown = (to_one or {})[f.path[0]]
                keep(key, [r.id for r in ctx.snapshots(target) if f.test_value(shown(r.id))])
        return ctx.snapshots(model, where or None)

    def answer(self, rows: Sequence[Any], render: Callable[[Sequence[Any]], Iterable[Record]],
               direct: Mapping[str, str | Callable[[Any], Any]] | None = None) -> list[Any]:
        """The page of `rows` (snapshots, by id) matching the filters, rendered lazily.

        Filters on a field whose rendered value comes from the row alone (`direct`: wire
        name -> the attribute shown as stored, e.g. `status`, or a function of the row
        giving exactly what the record shows, e.g. an association `supplier` as
        `refs.supplier(row.supplier_id)`) are applied to the rows first; the others to
        rendered records, and rendering stops once the page is full."""
        direct = direct or {}
        first = [f for f in self.filters if f.path[0] in direct]
        rest = [f for f in self.filters if f not in first]

        if first:
            # Stored attributes first: a row they refuse never has its associations shown.
            tests = sorted(((f, direct[f.path[0]]) for f in first),
                           key=lambda pair: not isinstance(pair[1], str))
            rows = [r for r in rows if all(
                f.test_value(getattr(r, how) if isinstance(how, str) else how(r))
                for f, how in tests)]
        offset = self.offset
        if not rest:  # the page is known before rendering: render only it
            rows, offset = rows[self.offset or 0:(self.offset or 0) + query.page_size(
                self.limit)], 0
        page = query.select(render(rows), rest, limit=self.limit, offset=offset)
        return [query.shape(r, return_object=self.return_object, fields=self.fields)
                for r in page]


def _text_column(model: Any, name: str) -> bool:
    column = model.__table__.c.get(name)
    try:
        return column is not None and column.type.python_type is str
    except NotImplementedError:
        return False


def shaped(record: Record, *, return_object: str | None, fields: str | None,
           write: bool = False) -> Any:
    """One record as `return_object` and `fields` ask; None for `return_object=none` (an
    empty body)."""
    query.check_return_object(return_object, write=write)
    if return_object == "none":
        return None
    return query.shape(record, return_object=return_object, fields=query.parse_fields(fields))


def when(text: str | None, field: str) -> datetime | None:
    """A Coupa date or timestamp (`2026-03-25`, `2026-03-25T18:38:00-07:00`) as naive UTC."""
    if text is None:
        return None
    parsed = query.as_time(text.strip())
    if parsed is None:
        raise invalid(f"'{text[:40]}' is not a date: send YYYY-MM-DD or an ISO 8601 "
                      "timestamp such as 2026-03-25T18:38:00-07:00.", field=field)
    return parsed


def amount_text(value: Decimal) -> str:
    return str(value.quantize(Decimal("0.01")))


def positive(value: Decimal | None, field: str, *, zero: bool = False) -> Decimal:
    if value is None:
        raise invalid(f"{field} is required.", field=field)
    if value < 0 or (value == 0 and not zero):
        raise invalid(f"{field} must be {'zero or more' if zero else 'more than zero'}; "
                      f"got {value}.", field=field)
    return value


def _by(ctx: Ctx, model: Any, ref: RefIn | None, field: str, what: str,
        keys: Sequence[str], hint: str) -> Any:
    if ref is None:
        return None
    if ref.id is not None:
        row = ctx.session.get(model, ref.id)
        if row is None:
            raise not_found(f"No {what} has id {ref.id}; {hint}", field=field)
        for key in keys:  # an id and a key naming two different records: which was meant?
            value, have = getattr(ref, key), getattr(row, key)
            if value is not None and (value.lower() != str(have).lower() if key == "login"
                                      else value != have):
                raise invalid(f"The {what} with id {ref.id} has {key} '{str(have)[:60]}', "
                              f"not '{value[:60]}'; name one {what}.", field=field)
        return row
    for key in keys:
        value = getattr(ref, key)
        if value is not None:
            column = getattr(model, "login" if key == "login" else key)
            row = ctx.session.exec(sql_select(model).where(column == value)
                                   .order_by(model.id)).first()
            if row is None:
                raise not_found(f"No {what} has {key} '{value[:60]}'; {hint}", field=field)
            return row
    raise invalid(f"Name the {what} by id{''.join(' or ' + k for k in keys)}.", field=field)


def user(ctx: Ctx, ref: RefIn | None, field: str) -> m.User | None:
    return _by(ctx, m.User, ref, field, "user", ("login",), "look users up in GET /api/users.")


def supplier(ctx: Ctx, ref: RefIn | None, field: str) -> m.Supplier | None:
    return _by(ctx, m.Supplier, ref, field, "supplier", ("name", "number"),
               "look suppliers up in GET /api/suppliers.")


def account(ctx: Ctx, ref: RefIn | None, field: str) -> m.Account | None:
    return _by(ctx, m.Account, ref, field, "account", ("code", "name"),
               "look accounts up in GET /api/accounts.")


def payment_term(ctx: Ctx, ref: RefIn | None, field: str) -> m.PaymentTerm | None:
    return _by(ctx, m.PaymentTerm, ref, field, "payment term", ("code",),
               "look terms up in GET /api/payment_terms.")


def contract(ctx: Ctx, ref: RefIn | None, field: str) -> m.Contract | None:
    return _by(ctx, m.Contract, ref, field, "contract", ("number", "name"),
               "look contracts up in GET /api/contracts.")


def approver(ctx: Ctx, who: int | RefIn | None) -> int | None:
    """The id of the user an add_approver body names: `approver-id`, or `approver` by id or
    login (its documented forms)."""
    if isinstance(who, RefIn):
        found = user(ctx, who, "approver")
        return None if found is None else found.id
    return who


def lookup_value(ctx: Ctx, ref: RefIn | None, lookup: str, field: str
                 ) -> m.LookupValue | None:
    """The active value of the lookup `lookup` (`Dispute Reason`, `Commodity`) that `ref`
    names: by id, by name, or by code (its name or its external-ref-code). Every identity
    given must name the same value; None when there is no `ref`, else refused (400)."""
    if ref is None:
        return None
    hint = f"list them with GET /api/lookup_values?lookup[name]={lookup}."
    what = lookup.lower()
    if ref.id is None and ref.code is None and ref.name is None:
        raise invalid(f"Name the {what} by id, name or code; {hint}", field=field)
    values = list(ctx.session.exec(sql_select(m.LookupValue).where(
        m.LookupValue.lookup_name == lookup, m.LookupValue.active == True)  # noqa: E712
        .order_by(m.LookupValue.id)).all())
    tests: tuple[tuple[str, Any, Callable[[m.LookupValue, Any], bool]], ...] = (
        ("id", ref.id, lambda r, x: r.id == x),
        ("name", ref.name, lambda r, x: r.name == x),
        ("code", ref.code, lambda r, x: x in (r.name, r.external_ref_code)))
    named = ""
    for key, given, test in tests:
        if given is None:
            continue
        values = [r for r in values if test(r, given)]
        named += f"{' and ' if named else ''}{key} '{str(given)[:60]}'"
        if not values:
            raise invalid(f"No active {what} has {named}; {hint}", field=field)
    return values[0]


def currency(ref: RefIn | None) -> None:
    """The one currency of this instance, USD (id 1, as reads show it), by id or code."""
    if ref is not None and ref.id not in (None, 1):
        raise not_found(f"No currency has id {ref.id}; this instance trades in USD "
                        "(id 1) only.", field="currency")
    if ref is not None and ref.code not in (None, "USD"):
        raise invalid(f"Currency {ref.code[:10]} is not enabled; this instance trades in "
                      "USD only.", field="currency")


def no_user(principal: Principal) -> ApiError:
    """The error for a caller with no Coupa user (`ctx.me(m.User, no_user)`)."""
    return not_found(f"{principal.name} has no Coupa user.", field="user")


def is_manager(ctx: Ctx) -> bool:
    return ctx.principal.has_any(MANAGERS)


def stamp(row: Any, ctx: Ctx) -> None:
    row.updated_at = ctx.now


def children(ctx: Ctx, model: Any, key: str, parents: Sequence[Any]) -> dict[int, list[Any]]:
    """`model`'s rows whose `key` is one of `parents`' ids, grouped by it: read through the
    ORM for a few parents, from one snapshot of the table for many."""
    ids = [p.id for p in parents]
    if len(ids) > 50:
        wanted = set(ids)
        rows = [r for r in ctx.snapshots(model) if getattr(r, key) in wanted]
    else:
        column = getattr(model, key)
        rows = list(ctx.session.exec(sql_select(model).where(column.in_(ids))
                                     .order_by(model.id)).all()) if ids else []
    out: dict[int, list[Any]] = {}
    for row in rows:
        out.setdefault(getattr(row, key), []).append(row)
    return out


def po_numbers(ctx: Ctx, order_line_ids: Sequence[int | None]) -> dict[int, str]:
    """The PO number of each order line named (by the line's id)."""
    ids = sorted({i for i in order_line_ids if i is not None})
    out: dict[int, str] = {}
    for start in range(0, len(ids), 500):  # within any backend's bound-parameter limit
        chunk = ids[start:start + 500]
        out.update({r[0]: r[1] for r in ctx.rows(
            "SELECT l.id, p.po_number FROM order_lines l JOIN purchase_orders p "
            f"ON p.id = l.order_header_id WHERE l.id IN ({', '.join('?' * len(chunk))})",
            chunk)})
    return out


def one_row(ctx: Ctx, model: Any, key: int, missing: Exception) -> Any:
    row = ctx.snapshot(model, key)
    if row is None:
        raise missing
    return row


Render = Callable[[Any], Record]
