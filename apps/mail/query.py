"""Graph's query options on rendered mail records ($filter, $orderby, $select, $count,
$top, $skip, and $expand=attachments on messages), and one message as a response."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from sqlmodel import select

from arcadia.apps.kernel import (
    ApiError,
    Ctx,
    check_top_skip,
    invalid,
    odata_base_url,
    odata_slice,
    order,
    parse_count,
    parse_filter,
    parse_orderby,
    parse_select,
    project,
)
from arcadia.apps.mail import models as m
from arcadia.apps.mail.common import ENTITY
from arcadia.apps.mail.views import (
    MESSAGE_SCHEMA,
    ROW_PROPERTIES,
    SELECT_ONLY,
    context_url,
    prefer_body,
    prefer_zone,
    render_attachment,
    render_message,
    row_properties,
    select_suffix,
)

DEFAULT_TOP = 10


@dataclass(frozen=True)
class Query:
    """Graph's query options as sent."""

    filter: str | None = None
    orderby: str | None = None
    select: str | None = None
    search: str | None = None
    count: str | None = None
    top: int | None = None
    skip: int | None = None
    expand: str | None = None


def parse_expand(text: str | None) -> bool:
    """`$expand=attachments` (the one navigation property served) -> True."""
    if text is None:
        return False
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if n.split("(")[0].lower() != "attachments":
            raise invalid(f"Parsing OData Select and Expand failed: Could not find a property "
                          f"named '{n[:80]}' on type '{ENTITY}'; $expand takes attachments.",
                          "$expand")
    return bool(names)


def expanded(ctx: Ctx, records: list[dict[str, Any]]) -> None:
    """Put each message's attachments on it (`$expand=attachments`)."""
    ids = [str(r["id"]) for r in records]
    found: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
    for i in range(0, len(ids), 500):
        for a in ctx.session.exec(select(m.Attachment).where(
                m.Attachment.message_id.in_(ids[i:i + 500]))  # type: ignore[attr-defined]
                .order_by(m.Attachment.message_id, m.Attachment.position)).all():
            found[a.message_id].append(render_attachment(a))
    for r in records:
        r["attachments"] = found[str(r["id"])]


def narrowed(rows: list[m.Message], text: str | None) -> list[m.Message]:
    """The rows that can pass `$filter` `text`: those passing its terms that name only
    properties of the row itself (`row_properties`), tested before any is rendered. The
    whole filter still runs on the rendered survivors (`collection`), which raises a bad
    clause's error in its place among the options' checks, so the answer is the same."""
    if text is None:
        return rows
    try:
        flt = parse_filter(text, MESSAGE_SCHEMA, entity=ENTITY)
    except ApiError:
        return rows
    part = flt.narrowed(ROW_PROPERTIES) if flt is not None else None
    if part is None:
        return rows
    names = {p.split("/")[0] for p in part.properties()}
    return [r for r in rows if part.matches(row_properties(r, names))]


def api_base(request: Request) -> str:
    """The app's base URL (`http://host/mail`), for `@odata.context` and links."""
    url = str(request.url.replace(query=""))
    at = url.find("/v1.0/")
    return url[:at] if at >= 0 else url.rstrip("/")


def collection(request: Request, records: list[dict[str, Any]], q: Query, *,
               schema: dict[str, Any], entity: str, context: str,
               default_order: Sequence[tuple[str, bool]] = (), ctx: Ctx | None = None
               ) -> dict[str, Any]:
    """Filter, order, count, page and project rendered records as Graph does."""
    flt = parse_filter(q.filter, schema, entity=entity)
    keys = parse_orderby(q.orderby, schema, entity=entity)
    if flt is not None and keys and entity == ENTITY:
        _check_sortable(flt.properties(), ["/".join(k.path) for k in keys])
    names = parse_select(q.select, schema, entity=entity)
    counted = parse_count(q.count)
    expand = parse_expand(q.expand) if entity == ENTITY else False
    top, skip = check_top_skip(q.top, q.skip, default=DEFAULT_TOP)
    if flt is not None:
        records = [r for r in records if flt.matches(r)]
    if keys:
        records = order(records, keys)
    elif default_order:
        records = sorted(records, key=lambda r: tuple(
            (r.get(k) or "") for k, _ in default_order), reverse=default_order[0][1])
    page = odata_slice(records, top=top, skip=skip, base_url=odata_base_url(request))
    body: dict[str, Any] = {"@odata.context": context + select_suffix(names)}
    if counted:
        body["@odata.count"] = len(records)
    if page.next is not None:
        body["@odata.nextLink"] = page.next
    body["value"] = [project(public(r, names), names) for r in page.items]
    if expand and ctx is not None:
        expanded(ctx, body["value"])
    return body


def _check_sortable(filtered: list[str], ordered: list[str]) -> None:
    """Exchange sorts a filtered message list only when the $orderby properties are the
    first properties of $filter, in the same order (Graph's documented rule for messages)."""
    if filtered[:len(ordered)] != ordered:
        raise invalid("The restriction or sort order is too complex for this operation. "
                      "With $filter and $orderby together, every $orderby property must "
                      "also appear in $filter, in the same order, before any other "
                      f"(e.g. $filter={ordered[0]} ge ... and ...&$orderby={ordered[0]} desc).",
                      "$orderby", meta={"graph_code": "InefficientFilter"})


def public(record: dict[str, Any], names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record as sent: no private keys, and the select-only properties only when
    `$select` names them."""
    return {k: v for k, v in record.items() if not k.startswith("_") and (
        k not in SELECT_ONLY or (names is not None and k in names))}


def single(ctx: Ctx, request: Request, box: m.Mailbox, row: m.Message,
           names: list[str] | None = None) -> dict[str, Any]:
    base = api_base(request)
    body = ctx.session.get(m.Body, row.body_id)
    rec = render_message(row, body, base=base, tz=prefer_zone(request),
                         body_format=prefer_body(request))
    return {"@odata.context": context_url(base, box.id, "messages" + select_suffix(names)
                                          + "/$entity"), **project(public(rec, names), names)}
