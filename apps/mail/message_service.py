"""Messages: list (with Graph's query options and $search), get, create a draft, update,
delete, move and copy. Every write validates first, then writes, then commits once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import Request
from sqlmodel import select

from arcadia.apps.kernel import Ctx, invalid, parse_search, parse_select
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.attachment_service import attachments_in, stored_attachments
from arcadia.apps.mail.common import (
    ENTITY,
    ROOT,
    folder_for,
    folder_in,
    item_not_found,
    mailbox_for,
    message_for,
    message_id,
    new_key,
)
from arcadia.apps.mail.delivery import add_attachments
from arcadia.apps.mail.drafts import (
    DRAFT_ONLY,
    apply_common,
    apply_draft,
    check_from,
    new_draft,
    validate_write,
)
from arcadia.apps.mail.query import (
    Query,
    api_base,
    collection,
    expanded,
    narrowed,
    parse_expand,
    single,
)
from arcadia.apps.mail.views import (
    MESSAGE_SCHEMA,
    SEARCHABLE,
    context_url,
    prefer_body,
    prefer_zone,
    render_message,
    search_fields,
)


def _bodies(ctx: Ctx, rows: Sequence[m.Message]) -> dict[str, m.Body]:
    """The bodies of `rows` by id, as read-only snapshots."""
    ids = sorted({r.body_id for r in rows})
    out: dict[str, m.Body] = {}
    for i in range(0, len(ids), 500):
        for b in ctx.snapshots(m.Body, where={"id": ids[i:i + 500]}):
            out[b.id] = b
    return out


def _attachment_names(ctx: Ctx, rows: Sequence[m.Message]) -> dict[str, str]:
    ids = [r.id for r in rows if r.has_attachments]
    out: dict[str, str] = {}
    for i in range(0, len(ids), 500):
        for a in ctx.session.exec(select(m.Attachment).where(
                m.Attachment.message_id.in_(ids[i:i + 500]))).all():  # type: ignore[attr-defined]
            out[a.message_id] = f"{out.get(a.message_id, '')} {a.name}"
    return out


def list_messages(ctx: Ctx, request: Request, *, user: str | None, folder: str | None,
                  child: str | None, q: Query) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    tz = prefer_zone(request)
    # Read-only snapshots, not ORM objects: a list reads up to a mailbox's every row.
    where: dict[str, list[str]] = {"mailbox_id": [box.id]}
    tail = "messages"
    if folder is not None:
        f = folder_for(ctx, box, folder)
        tail = f"mailFolders('{folder}')/messages"
        if child is not None:
            c = folder_for(ctx, box, child)
            if c.parent_id != f.id:
                raise item_not_found()
            f = c
            tail = f"mailFolders('{folder}')/childFolders('{child}')/messages"
        where["folder_id"] = [f.id]
    rows = ctx.snapshots(m.Message, where=where)
    search = parse_search(q.search, SEARCHABLE)
    if search is not None and q.orderby is not None:
        raise invalid("The query parameter '$orderBy' is not supported with '$search'.",
                      "$orderby", meta={"graph_code": "ErrorInvalidUrlQuery"})
    if search is not None and q.skip is not None:
        raise invalid("The query parameter '$skip' is not supported with '$search'; follow "
                      "@odata.nextLink instead.", "$skip",
                      meta={"graph_code": "ErrorInvalidUrlQuery"})
    rows = narrowed(rows, q.filter)
    bodies = _bodies(ctx, rows)
    base = api_base(request)
    fmt = prefer_body(request)
    records = [render_message(r, bodies.get(r.body_id), base=base, tz=tz, body_format=fmt)
               for r in rows]
    if search is not None:
        names = _attachment_names(ctx, rows)
        fields = search_fields()
        for rec in records:
            rec["_attachments"] = names.get(str(rec["id"]), "")
        records = [r for r in records if search.matches(r, fields)]
    records.sort(key=lambda r: str(r["id"]))
    records.sort(key=lambda r: str(r["receivedDateTime"]), reverse=True)
    return collection(request, records, q, schema=MESSAGE_SCHEMA, entity=ENTITY,
                      context=context_url(base, box.id, tail), ctx=ctx)


def get_message(ctx: Ctx, request: Request, *, user: str | None, message: str,
                folder: str | None, select_: str | None, expand: str | None = None
                ) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    names = parse_select(select_, MESSAGE_SCHEMA, entity=ENTITY)
    out = single(ctx, request, box, row, names)
    if parse_expand(expand):
        expanded(ctx, [out])
    return out


def create_message(ctx: Ctx, request: Request, *, user: str | None, folder: str | None,
                   data: s.MessageWrite, child: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    target = (folder_in(ctx, box, folder, child) if folder is not None
              else folder_for(ctx, box, "drafts"))
    check_from(box, data)
    validate_write(data)
    attachments_in(data.attachments)
    row = new_draft(ctx, box, target, data)
    ctx.commit()
    return single(ctx, request, box, row)


def update_message(ctx: Ctx, request: Request, *, user: str | None, message: str,
                   data: s.MessageWrite, folder: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    validate_write(data)
    if data.attachments is not None:
        raise invalid("attachments cannot be changed with PATCH; POST to the message's "
                      "attachments instead.", "attachments")
    touched = [f for f in DRAFT_ONLY if f in data.model_fields_set]
    if touched and not row.is_draft:
        raise invalid(f"Update operation is not supported for this property on a sent "
                      f"message: {touched[0].rstrip('_')}. Only drafts may change it.",
                      touched[0].rstrip("_"),
                      meta={"graph_code": "ErrorInvalidPropertyUpdateSentMessage"})
    check_from(box, data)
    if row.is_draft:
        apply_draft(ctx, row, data)
    apply_common(ctx, row, data)
    row.modified_at = ctx.now
    row.version += 1
    ctx.session.add(row)
    ctx.commit()
    return single(ctx, request, box, row)


def delete_message(ctx: Ctx, *, user: str | None, message: str,
                   folder: str | None = None) -> None:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    remove_message(ctx, row)
    ctx.commit()


def remove_message(ctx: Ctx, row: m.Message) -> None:
    """Delete `row` and its attachments (not committed)."""
    for a in ctx.session.exec(select(m.Attachment).where(
            m.Attachment.message_id == row.id)).all():
        ctx.session.delete(a)
    ctx.session.delete(row)


def move_or_copy(ctx: Ctx, request: Request, *, user: str | None, message: str,
                 destination: str, copy: bool) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if destination.strip().lower() == ROOT:
        raise invalid("Messages cannot be put in the mailbox's root folder.",
                      "destinationId", meta={"graph_code": "ErrorInvalidRequest"})
    target = folder_for(ctx, box, destination)
    data = {k: getattr(row, k) for k in m.Message.model_fields}
    data.update(id=message_id(new_key(ctx, "message")), folder_id=target.id,
                modified_at=ctx.now, version=1)
    if copy:
        data["created_at"] = ctx.now
    new = m.Message(**data)
    atts = list(ctx.session.exec(select(m.Attachment).where(
        m.Attachment.message_id == row.id)).all())
    if copy:
        add_attachments(ctx, new, stored_attachments(ctx, row))
    else:
        for a in atts:
            a.message_id = new.id
            ctx.session.add(a)
        ctx.session.delete(row)
        ctx.session.flush()
    ctx.session.add(new)
    ctx.commit()
    return single(ctx, request, box, new)
