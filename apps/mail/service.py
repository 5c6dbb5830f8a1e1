"""The mail rules: reading a mailbox with Graph's query options, drafts, sending, replies,
forwards, moves, copies, updates, deletes and attachments. Every write validates first,
then writes, then commits once."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import Request
from sqlalchemy import func
from sqlmodel import select

from arcadia.apps.kernel import (
    ApiError,
    Ctx,
    check_top_skip,
    conflict,
    invalid,
    odata_base_url,
    odata_slice,
    order,
    parse_count,
    parse_datetime,
    parse_filter,
    parse_orderby,
    parse_search,
    parse_select,
    project,
)
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.common import (
    ENTITY,
    ROOT,
    check_addresses,
    check_id,
    dump,
    folder_for,
    folder_id,
    folders_of,
    item_not_found,
    load,
    mailbox_for,
    message_for,
    message_id,
    new_key,
    organization,
    people,
    well_known,
)
from arcadia.apps.mail.delivery import Outgoing, add_attachments, new_body, send
from arcadia.apps.mail.views import (
    ATTACHMENT_SCHEMA,
    FOLDER_SCHEMA,
    MESSAGE_SCHEMA,
    SEARCHABLE,
    SELECT_ONLY,
    context_url,
    prefer_body,
    prefer_zone,
    render_attachment,
    render_folder,
    render_message,
    search_fields,
    select_suffix,
    zone,
)

DEFAULT_TOP = 10
DRAFT_ONLY = ("subject", "body", "toRecipients", "ccRecipients", "bccRecipients", "replyTo",
              "from_", "sender", "isDeliveryReceiptRequested", "isReadReceiptRequested")
MAX_ATTACHMENT_BYTES = 3 * 1024 * 1024  # Graph's limit for a single POST attachment


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


def _expanded(ctx: Ctx, records: list[dict[str, Any]]) -> None:
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


def api_base(request: Request) -> str:
    """The app's base URL (`http://host/mail`), for `@odata.context` and links."""
    url = str(request.url.replace(query=""))
    at = url.find("/v1.0/")
    return url[:at] if at >= 0 else url.rstrip("/")


def _collection(request: Request, records: list[dict[str, Any]], q: Query, *,
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
    body["value"] = [project(_public(r, names), names) for r in page.items]
    if expand and ctx is not None:
        _expanded(ctx, body["value"])
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


def _public(record: dict[str, Any], names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record as sent: no private keys, and the select-only properties only when
    `$select` names them."""
    return {k: v for k, v in record.items() if not k.startswith("_") and (
        k not in SELECT_ONLY or (names is not None and k in names))}


# ------------------------------------------------------------------------------ reads
def _bodies(ctx: Ctx, rows: Sequence[m.Message]) -> dict[str, m.Body]:
    ids = sorted({r.body_id for r in rows})
    out: dict[str, m.Body] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        for b in ctx.session.exec(select(m.Body).where(
                m.Body.id.in_(chunk))).all():  # type: ignore[attr-defined]
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
    stmt = select(m.Message).where(m.Message.mailbox_id == box.id)
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
        stmt = stmt.where(m.Message.folder_id == f.id)
    rows = list(ctx.session.exec(stmt).all())
    search = parse_search(q.search, SEARCHABLE)
    if search is not None and q.orderby is not None:
        raise invalid("The query parameter '$orderBy' is not supported with '$search'.",
                      "$orderby", meta={"graph_code": "ErrorInvalidUrlQuery"})
    if search is not None and q.skip is not None:
        raise invalid("The query parameter '$skip' is not supported with '$search'; follow "
                      "@odata.nextLink instead.", "$skip",
                      meta={"graph_code": "ErrorInvalidUrlQuery"})
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
    return _collection(request, records, q, schema=MESSAGE_SCHEMA, entity=ENTITY,
                       context=context_url(base, box.id, tail), ctx=ctx)


def get_message(ctx: Ctx, request: Request, *, user: str | None, message: str,
                folder: str | None, select_: str | None, expand: str | None = None
                ) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    names = parse_select(select_, MESSAGE_SCHEMA, entity=ENTITY)
    out = _single(ctx, request, box, row, names)
    if parse_expand(expand):
        _expanded(ctx, [out])
    return out


def _single(ctx: Ctx, request: Request, box: m.Mailbox, row: m.Message,
            names: list[str] | None = None) -> dict[str, Any]:
    base = api_base(request)
    body = ctx.session.get(m.Body, row.body_id)
    rec = render_message(row, body, base=base, tz=prefer_zone(request),
                         body_format=prefer_body(request))
    return {"@odata.context": context_url(base, box.id, "messages" + select_suffix(names)
                                          + "/$entity"), **project(_public(rec, names), names)}


def _folder_stats(ctx: Ctx, box: m.Mailbox) -> tuple[dict[str, tuple[int, int, int]],
                                                     dict[str, int]]:
    stats: dict[str, tuple[int, int, int]] = {}
    rows = ctx.session.exec(select(
        m.Message.folder_id, func.count(), func.count().filter(m.Message.is_read == False),  # noqa: E712
        func.count()).where(m.Message.mailbox_id == box.id)
        .group_by(m.Message.folder_id)).all()  # type: ignore[call-overload]
    for fid, total, unread, _ in rows:
        stats[fid] = (int(total), int(unread or 0), 0)
    children: dict[str, int] = {}
    for f in folders_of(ctx, box.id):
        children[f.parent_id] = children.get(f.parent_id, 0) + 1
    return stats, children


def _render_folders(ctx: Ctx, box: m.Mailbox, rows: Sequence[m.Folder]
                    ) -> list[dict[str, Any]]:
    stats, children = _folder_stats(ctx, box)
    out = []
    for f in rows:
        total, unread, _ = stats.get(f.id, (0, 0, 0))
        out.append(render_folder(f, children=children.get(f.id, 0), total=total,
                                 unread=unread, size=total * 4096))
    return out


def list_folders(ctx: Ctx, request: Request, *, user: str | None, parent: str | None,
                 q: Query) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    under = folder_for(ctx, box, parent if parent is not None else ROOT)
    rows = [f for f in folders_of(ctx, box.id) if f.parent_id == under.id]
    base = api_base(request)
    tail = "mailFolders" if parent is None else f"mailFolders('{parent}')/childFolders"
    return _collection(request, _render_folders(ctx, box, rows), q, schema=FOLDER_SCHEMA,
                       entity="microsoft.graph.mailFolder",
                       context=context_url(base, box.id, tail))


def get_folder(ctx: Ctx, request: Request, *, user: str | None, folder: str,
               child: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = folder_for(ctx, box, folder)
    if child is not None:
        c = folder_for(ctx, box, child)
        if c.parent_id != row.id:
            raise item_not_found()
        row = c
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id, "mailFolders/$entity"),
            **_render_folders(ctx, box, [row])[0]}


def create_folder(ctx: Ctx, request: Request, *, user: str | None, parent: str | None,
                  data: s.FolderCreate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    under = folder_for(ctx, box, parent if parent is not None else ROOT)
    name = data.displayName.strip()
    if not name:
        raise invalid("displayName must not be blank.", "displayName")
    existing = folders_of(ctx, box.id)
    if any(f.parent_id == under.id and f.display_name.lower() == name.lower()
           for f in existing):
        raise conflict("A folder with the specified name already exists.", "displayName",
                       meta={"graph_code": "ErrorFolderExists"})
    row = m.Folder(id=folder_id(f"{box.id}:{new_key(ctx, 'folder')}"), mailbox_id=box.id,
                   parent_id=under.id, display_name=name,
                   position=max((f.position for f in existing), default=0) + 1)
    ctx.session.add(row)
    ctx.commit()
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id, "mailFolders/$entity"),
            **render_folder(row, children=0, total=0, unread=0, size=0)}


def _folder_in(ctx: Ctx, box: m.Mailbox, folder: str, child: str | None) -> m.Folder:
    row = folder_for(ctx, box, folder)
    if child is not None:
        c = folder_for(ctx, box, child)
        if c.parent_id != row.id:
            raise item_not_found()
        row = c
    return row


def update_folder(ctx: Ctx, request: Request, *, user: str | None, folder: str,
                  child: str | None, data: s.FolderUpdate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = _folder_in(ctx, box, folder, child)
    if data.displayName is not None:
        name = data.displayName.strip()
        if not name:
            raise invalid("displayName must not be blank.", "displayName")
        if row.well_known is not None:
            raise invalid(f"The well-known folder '{row.display_name}' cannot be renamed.",
                          "displayName", meta={"graph_code": "ErrorInvalidRequest"})
        if any(f.parent_id == row.parent_id and f.id != row.id
               and f.display_name.lower() == name.lower() for f in folders_of(ctx, box.id)):
            raise conflict("A folder with the specified name already exists.",
                           "displayName", meta={"graph_code": "ErrorFolderExists"})
        row.display_name = name
        ctx.session.add(row)
    ctx.commit()
    return get_folder(ctx, request, user=user, folder=row.id)


def delete_folder(ctx: Ctx, *, user: str | None, folder: str, child: str | None) -> None:
    """Exchange keeps a deleted folder (and what is in it) under Deleted Items."""
    box = mailbox_for(ctx, user)
    row = _folder_in(ctx, box, folder, child)
    if row.well_known is not None:
        raise invalid("Distinguished folders cannot be deleted.", "folder",
                      meta={"graph_code": "ErrorDeleteDistinguishedFolder"})
    trash = well_known(ctx, box, "deleteditems")
    if row.parent_id != trash.id:
        row.parent_id = trash.id
        ctx.session.add(row)
    else:  # deleting it from Deleted Items removes it, its folders and their messages
        doomed, frontier = {row.id}, [row.id]
        every = folders_of(ctx, box.id)
        while frontier:
            parent = frontier.pop()
            for f in every:
                if f.parent_id == parent and f.id not in doomed:
                    doomed.add(f.id)
                    frontier.append(f.id)
        for msg in ctx.session.exec(select(m.Message).where(
                m.Message.folder_id.in_(sorted(doomed)))).all():  # type: ignore[attr-defined]
            _delete_row(ctx, msg)
        for f in every:
            if f.id in doomed:
                ctx.session.delete(f)
    ctx.commit()


def list_attachments(ctx: Ctx, request: Request, *, user: str | None, message: str,
                     q: Query) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    atts = ctx.session.exec(select(m.Attachment).where(m.Attachment.message_id == row.id)
                            .order_by(m.Attachment.position)).all()  # type: ignore[arg-type]
    base = api_base(request)
    return _collection(request, [render_attachment(a) for a in atts], q,
                       schema=ATTACHMENT_SCHEMA, entity="microsoft.graph.attachment",
                       context=context_url(base, box.id, f"messages('{row.id}')/attachments"))


def _attachment(ctx: Ctx, box: m.Mailbox, message: str, attachment: str
                ) -> tuple[m.Message, m.Attachment]:
    row = message_for(ctx, box, message)
    check_id(attachment, "attachment id")
    att = ctx.session.get(m.Attachment, attachment)
    if att is None or att.message_id != row.id:
        raise item_not_found()
    return row, att


def get_attachment(ctx: Ctx, request: Request, *, user: str | None, message: str,
                   attachment: str) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row, att = _attachment(ctx, box, message, attachment)
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id,
                                          f"messages('{row.id}')/attachments/$entity"),
            **render_attachment(att)}


# ------------------------------------------------------------------------------ writes
def _tz_time(value: s.DateTimeTimeZone | None, field: str) -> datetime | None:
    if value is None:
        return None
    local = parse_datetime(value.dateTime)
    if local is None or "Z" in value.dateTime or "+" in value.dateTime[10:]:
        if local is None:
            raise invalid(f"{field}.dateTime '{value.dateTime}' is not a date-time.", field)
    info = zone(value.timeZone, field)
    if info is None:
        return local
    from datetime import UTC
    return local.replace(tzinfo=info).astimezone(UTC).replace(tzinfo=None)


def _attachments_in(items: Sequence[s.AttachmentCreate] | None) -> list[dict[str, Any]]:
    out = []
    for i, a in enumerate(items or ()):
        if a.odata_type not in (None, "#microsoft.graph.fileAttachment",
                                "microsoft.graph.fileAttachment"):
            raise invalid(f"attachments[{i}]: only #microsoft.graph.fileAttachment is "
                          "supported.", "@odata.type")
        try:
            raw = base64.b64decode(a.contentBytes, validate=True)
        except (binascii.Error, ValueError):
            raise invalid(f"attachments[{i}].contentBytes is not valid base64.",
                          "contentBytes") from None
        if len(raw) > MAX_ATTACHMENT_BYTES:
            raise invalid("An attachment posted in one request is at most 3 MB; use an "
                          "upload session for larger files.", "contentBytes",
                          meta={"graph_code": "ErrorAttachmentSizeShouldNotBeLessThanMinimumSize"})
        out.append({"name": a.name, "content_type": a.contentType or
                    "application/octet-stream", "size": len(raw),
                    "is_inline": bool(a.isInline), "content_bytes": a.contentBytes})
    return out


def _check_from(box: m.Mailbox, data: s.MessageWrite) -> None:
    for r in (data.from_, data.sender):
        if r is not None and (r.emailAddress.address or "").strip().lower() != box.address:
            raise ApiError(403, "The user account which was used to submit this request "
                           "does not have the right to send mail on behalf of the specified "
                           "sending account.", code="forbidden",
                           meta={"graph_code": "ErrorSendAsDenied"})


def _apply_common(ctx: Ctx, row: m.Message, data: s.MessageWrite) -> None:
    """The properties any message may change (validated by the caller)."""
    fields = data.model_fields_set
    if "isRead" in fields and data.isRead is not None:
        row.is_read = data.isRead
    if "categories" in fields:
        row.categories_json = dump(list(dict.fromkeys(data.categories or [])))
    if "importance" in fields and data.importance is not None:
        row.importance = data.importance
    if "inferenceClassification" in fields and data.inferenceClassification is not None:
        row.inference = data.inferenceClassification
    if "flag" in fields:
        flag = data.flag or s.FollowupFlag()
        status = flag.flagStatus or ("flagged" if flag.dueDateTime or flag.startDateTime
                                     else "notFlagged")
        row.flag_status = status
        row.flag_start = _tz_time(flag.startDateTime, "flag.startDateTime")
        row.flag_due = _tz_time(flag.dueDateTime, "flag.dueDateTime")
        row.flag_completed = (_tz_time(flag.completedDateTime, "flag.completedDateTime")
                              or (ctx.now if status == "complete" else None))
        if status == "notFlagged":
            row.flag_start = row.flag_due = row.flag_completed = None


def _validate_write(data: s.MessageWrite) -> None:
    """Checks that need no row: times parse, categories are not blank."""
    if data.flag is not None:
        for name in ("startDateTime", "dueDateTime", "completedDateTime"):
            _tz_time(getattr(data.flag, name), f"flag.{name}")
    for c in data.categories or ():
        if not c.strip() or len(c) > 255:
            raise invalid("categories: each category is a non-blank name of at most 255 "
                          "characters.", "categories")


def _apply_draft(ctx: Ctx, row: m.Message, data: s.MessageWrite) -> None:
    fields = data.model_fields_set
    if "subject" in fields:
        row.subject = data.subject or ""
    if "bccRecipients" in fields:
        row.bcc_json = dump(people(data.bccRecipients or []))
    if fields & {"body", "toRecipients", "ccRecipients", "replyTo"}:
        old = ctx.session.get(m.Body, row.body_id)
        body = data.body if "body" in fields else None
        kind = (body.contentType.lower() if body is not None else
                old.content_type if old is not None else "text")
        content = (body.content if body is not None else old.content if old is not None
                   else "")

        def listed(name: str, column: str) -> list[dict[str, str]]:
            if name in fields:
                return people(getattr(data, name) or [])
            return load(getattr(old, column)) if old is not None else []
        row.body_id = new_body(ctx, kind, content, to=listed("toRecipients", "to_json"),
                               cc=listed("ccRecipients", "cc_json"),
                               reply_to=listed("replyTo", "reply_to_json"))
        if old is not None and ctx.session.exec(select(m.Message.id).where(
                m.Message.body_id == old.id, m.Message.id != row.id).limit(1)).first() is None:
            ctx.session.delete(old)  # the draft's own body: no orphan row outlives the edit
    if "isDeliveryReceiptRequested" in fields:
        row.delivery_receipt = bool(data.isDeliveryReceiptRequested)
    if "isReadReceiptRequested" in fields:
        row.read_receipt = bool(data.isReadReceiptRequested)


def _draft(ctx: Ctx, box: m.Mailbox, folder: m.Folder, data: s.MessageWrite, *,
           conversation: str | None = None, in_reply_to: str | None = None) -> m.Message:
    """A new draft in `folder` from `data` (validated by the caller)."""
    org = organization(ctx)
    key = new_key(ctx, "internet")
    from arcadia.apps.mail.common import conversation_id, internet_message_id
    now = ctx.now
    row = m.Message(
        id=message_id(new_key(ctx, "message")), mailbox_id=box.id, folder_id=folder.id,
        internet_message_id=internet_message_id(key, org.domain),
        conversation_id=conversation or conversation_id(key), subject="",
        body_id=new_body(ctx, "text", ""), from_name=box.display_name,
        from_address=box.address, created_at=now, modified_at=now, received_at=now,
        sent_at=None, is_read=True, is_draft=True, in_reply_to=in_reply_to)
    _apply_draft(ctx, row, data)
    _apply_common(ctx, row, data)
    ctx.session.add(row)
    add_attachments(ctx, row, _attachments_in(data.attachments))
    return row


def create_message(ctx: Ctx, request: Request, *, user: str | None, folder: str | None,
                   data: s.MessageWrite, child: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    target = (_folder_in(ctx, box, folder, child) if folder is not None
              else folder_for(ctx, box, "drafts"))
    _check_from(box, data)
    _validate_write(data)
    _attachments_in(data.attachments)
    row = _draft(ctx, box, target, data)
    ctx.commit()
    return _single(ctx, request, box, row)


def update_message(ctx: Ctx, request: Request, *, user: str | None, message: str,
                   data: s.MessageWrite, folder: str | None = None) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    _validate_write(data)
    if data.attachments is not None:
        raise invalid("attachments cannot be changed with PATCH; POST to the message's "
                      "attachments instead.", "attachments")
    touched = [f for f in DRAFT_ONLY if f in data.model_fields_set]
    if touched and not row.is_draft:
        raise invalid(f"Update operation is not supported for this property on a sent "
                      f"message: {touched[0].rstrip('_')}. Only drafts may change it.",
                      touched[0].rstrip("_"),
                      meta={"graph_code": "ErrorInvalidPropertyUpdateSentMessage"})
    _check_from(box, data)
    if row.is_draft:
        _apply_draft(ctx, row, data)
    _apply_common(ctx, row, data)
    row.modified_at = ctx.now
    row.version += 1
    ctx.session.add(row)
    ctx.commit()
    return _single(ctx, request, box, row)


def delete_message(ctx: Ctx, *, user: str | None, message: str,
                   folder: str | None = None) -> None:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if folder is not None and folder_for(ctx, box, folder).id != row.folder_id:
        raise item_not_found()
    _delete_row(ctx, row)
    ctx.commit()


def _delete_row(ctx: Ctx, row: m.Message) -> None:
    for a in ctx.session.exec(select(m.Attachment).where(
            m.Attachment.message_id == row.id)).all():
        ctx.session.delete(a)
    ctx.session.delete(row)


def _stored_attachments(ctx: Ctx, row: m.Message) -> list[dict[str, Any]]:
    return [{"name": a.name, "content_type": a.content_type, "size": a.size,
             "is_inline": a.is_inline, "content_bytes": a.content_bytes}
            for a in ctx.session.exec(select(m.Attachment).where(
                m.Attachment.message_id == row.id).order_by(
                m.Attachment.position)).all()]  # type: ignore[arg-type]


def _outgoing(ctx: Ctx, box: m.Mailbox, row: m.Message) -> Outgoing:
    body = ctx.session.get(m.Body, row.body_id)
    return Outgoing(
        sender={"name": box.display_name, "address": box.address},
        to=load(body.to_json) if body else [], cc=load(body.cc_json) if body else [],
        bcc=load(row.bcc_json),
        subject=row.subject, body_type=body.content_type if body else "text",
        body=body.content if body else "", importance=row.importance,
        reply_to=load(body.reply_to_json) if body else [],
        categories=load(row.categories_json),
        conversation=row.conversation_id, in_reply_to=row.in_reply_to,
        attachments=_stored_attachments(ctx, row))


def _check_sendable(out: Outgoing) -> None:
    if not (out.to or out.cc or out.bcc):
        raise invalid("At least one recipient is required, but none were found.",
                      "toRecipients", meta={"graph_code": "ErrorInvalidRecipients"})
    for name, lst in (("toRecipients", out.to), ("ccRecipients", out.cc),
                      ("bccRecipients", out.bcc)):
        check_addresses(lst, name)


def send_draft(ctx: Ctx, *, user: str | None, message: str) -> None:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    if not row.is_draft:
        raise invalid("The item has already been sent; only a draft can be sent.",
                      "message", meta={"graph_code": "ErrorInvalidOperation"})
    out = _outgoing(ctx, box, row)
    _check_sendable(out)
    send(ctx, out, save_sent=True, sent_copy=row)
    ctx.commit()


def send_mail(ctx: Ctx, *, user: str | None, data: s.SendMailBody) -> None:
    box = mailbox_for(ctx, user)
    msg = data.message
    _check_from(box, msg)
    _validate_write(msg)
    body = msg.body or s.ItemBody()
    out = Outgoing(sender={"name": box.display_name, "address": box.address},
                   to=people(msg.toRecipients or []), cc=people(msg.ccRecipients or []),
                   bcc=people(msg.bccRecipients or []), subject=msg.subject or "",
                   body_type=body.contentType.lower(), body=body.content,
                   importance=msg.importance or "normal",
                   reply_to=people(msg.replyTo or []),
                   categories=list(dict.fromkeys(msg.categories or [])),
                   attachments=_attachments_in(msg.attachments))
    _check_sendable(out)
    save = True if data.saveToSentItems is None else data.saveToSentItems
    send(ctx, out, save_sent=save)
    ctx.commit()


# ------------------------------------------------------------------------ reply, forward
def _quote(ctx: Ctx, original: m.Message, comment: str) -> tuple[str, str]:
    body = ctx.session.get(m.Body, original.body_id)
    kind = body.content_type if body else "text"
    to = "; ".join(r.get("name") or r["address"]
                   for r in (load(body.to_json) if body else []))
    sent = (original.sent_at or original.created_at).strftime("%A, %B %d, %Y %I:%M %p")
    header = (f"From: {original.from_name or ''} <{original.from_address or ''}>\n"
              f"Sent: {sent}\nTo: {to}\nSubject: {original.subject}")
    content = body.content if body else ""
    if kind == "html":
        return kind, (f"<div>{_html(comment)}</div><hr><div>{_html(header)}</div>"
                      f"<div>{content}</div>")
    return kind, f"{comment}\n\n________________________________\n{header}\n\n{content}"


def _html(text: str) -> str:
    import html
    return html.escape(text).replace("\n", "<br>")


def _prefixed(prefix: str, subject: str) -> str:
    return subject if subject.lower().startswith(prefix.lower()) else f"{prefix}{subject}"


def _reply_recipients(ctx: Ctx, box: m.Mailbox, original: m.Message, everyone: bool
                      ) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    body = ctx.session.get(m.Body, original.body_id)
    reply_to = load(body.reply_to_json) if body else []
    sender = reply_to or ([{"name": original.from_name or "",
                            "address": original.from_address}]
                          if original.from_address else [])
    to = list(sender)
    cc: list[dict[str, str]] = []
    if everyone:
        to += list(load(body.to_json)) if body else []
        cc = list(load(body.cc_json)) if body else []
    seen: set[str] = set()

    def keep(lst: list[dict[str, str]], drop_me: bool) -> list[dict[str, str]]:
        out = []
        for r in lst:
            a = r["address"].lower()
            if a in seen or (drop_me and a == box.address):
                continue
            seen.add(a)
            out.append(r)
        return out
    to = keep(to, drop_me=everyone and len(to) > 1)
    cc = keep(cc, drop_me=True)
    if not to and sender:  # replying to your own message: it goes back to you
        to = sender
    return to, cc


def _respond(ctx: Ctx, box: m.Mailbox, original: m.Message, kind: str, comment: str,
             extra: s.MessageWrite | None, forward_to: list[dict[str, str]] | None
             ) -> s.MessageWrite:
    """The draft a reply / replyAll / forward makes, as a MessageWrite (validated)."""
    if extra is not None:
        _check_from(box, extra)
        _validate_write(extra)
    cc: list[dict[str, str]] = []
    if kind == "forward":
        to = forward_to or []
        subject = _prefixed("FW: ", original.subject)
    else:
        to, cc = _reply_recipients(ctx, box, original, kind == "replyAll")
        subject = _prefixed("RE: ", original.subject)
    content_type, content = _quote(ctx, original, comment)
    fields: dict[str, Any] = {
        "subject": subject,
        "body": {"contentType": content_type, "content": content},
        "toRecipients": [{"emailAddress": r} for r in to],
        "ccRecipients": [{"emailAddress": r} for r in cc]}
    merged = s.MessageWrite.model_validate(fields)
    if extra is not None:
        for name in extra.model_fields_set:
            if name == "body" and extra.body is not None:
                ct, ctext = _quote(ctx, original, extra.body.content)
                merged.body = s.ItemBody(contentType=ct, content=ctext)  # type: ignore[arg-type]
            else:
                setattr(merged, name, getattr(extra, name))
    return merged


def respond(ctx: Ctx, request: Request, *, user: str | None, message: str, kind: str,
            comment: str | None, extra: s.MessageWrite | None,
            to: list[s.Recipient] | None, send_now: bool) -> dict[str, Any] | None:
    """reply / replyAll / forward (`send_now`) or createReply / createReplyAll /
    createForward (a draft in Drafts, returned)."""
    box = mailbox_for(ctx, user)
    original = message_for(ctx, box, message)
    forward_to = people(to or []) if kind == "forward" else None
    if forward_to is not None and extra is not None and extra.toRecipients:
        forward_to += people(extra.toRecipients)
    data = _respond(ctx, box, original, kind, comment or "", extra, forward_to)
    attachments = _attachments_in(data.attachments)
    if kind == "forward":
        attachments = _stored_attachments(ctx, original) + attachments
    in_reply_to = None if kind == "forward" else original.internet_message_id
    if send_now:
        body = data.body or s.ItemBody()
        out = Outgoing(sender={"name": box.display_name, "address": box.address},
                       to=people(data.toRecipients or []), cc=people(data.ccRecipients or []),
                       bcc=people(data.bccRecipients or []), subject=data.subject or "",
                       body_type=body.contentType.lower(), body=body.content,
                       importance=data.importance or "normal",
                       categories=list(dict.fromkeys(data.categories or [])),
                       conversation=original.conversation_id, in_reply_to=in_reply_to,
                       attachments=attachments)
        if kind == "forward" and not (out.to or out.cc or out.bcc):
            raise invalid("At least one recipient is required: send toRecipients.",
                          "toRecipients", meta={"graph_code": "ErrorInvalidRecipients"})
        _check_sendable(out)
        send(ctx, out, save_sent=True)
        ctx.commit()
        return None
    data.attachments = None
    row = _draft(ctx, box, well_known(ctx, box, "drafts"), data,
                 conversation=original.conversation_id, in_reply_to=in_reply_to)
    add_attachments(ctx, row, attachments)
    ctx.commit()
    return _single(ctx, request, box, row)


# ------------------------------------------------------------------------ move, copy
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
        add_attachments(ctx, new, _stored_attachments(ctx, row))
    else:
        for a in atts:
            a.message_id = new.id
            ctx.session.add(a)
        ctx.session.delete(row)
        ctx.session.flush()
    ctx.session.add(new)
    ctx.commit()
    return _single(ctx, request, box, new)


# ------------------------------------------------------------------------ attachments
def add_attachment(ctx: Ctx, request: Request, *, user: str | None, message: str,
                   data: s.AttachmentCreate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    items = _attachments_in([data])
    count = len(ctx.session.exec(select(m.Attachment.id).where(
        m.Attachment.message_id == row.id)).all())
    if count >= 250:
        raise invalid("A message has at most 250 attachments.", "attachments")
    add_attachments(ctx, row, items, start=count)
    row.modified_at = ctx.now
    row.version += 1
    ctx.session.add(row)
    ctx.commit()
    att = ctx.session.exec(select(m.Attachment).where(
        m.Attachment.message_id == row.id, m.Attachment.position == count)).one()
    base = api_base(request)
    return {"@odata.context": context_url(base, box.id,
                                          f"messages('{row.id}')/attachments/$entity"),
            **render_attachment(att)}


def delete_attachment(ctx: Ctx, *, user: str | None, message: str, attachment: str) -> None:
    box = mailbox_for(ctx, user)
    row, att = _attachment(ctx, box, message, attachment)
    ctx.session.delete(att)
    ctx.session.flush()
    row.has_attachments = bool(ctx.session.exec(select(m.Attachment.id).where(
        m.Attachment.message_id == row.id)).first())
    row.modified_at = ctx.now
    row.version += 1
    ctx.session.add(row)
    ctx.commit()
