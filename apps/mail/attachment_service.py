"""A message's attachments: list, get, add, delete; and the file attachments a write
carries, checked (base64, Graph's 3 MB per request) before anything is written."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

from fastapi import Request
from sqlmodel import select

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.common import check_id, item_not_found, mailbox_for, message_for
from arcadia.apps.mail.delivery import add_attachments
from arcadia.apps.mail.query import Query, api_base, collection
from arcadia.apps.mail.views import ATTACHMENT_SCHEMA, context_url, render_attachment

MAX_ATTACHMENT_BYTES = 3 * 1024 * 1024  # Graph's limit for a single POST attachment


def attachments_in(items: Sequence[s.AttachmentCreate] | None) -> list[dict[str, Any]]:
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


def stored_attachments(ctx: Ctx, row: m.Message) -> list[dict[str, Any]]:
    return [{"name": a.name, "content_type": a.content_type, "size": a.size,
             "is_inline": a.is_inline, "content_bytes": a.content_bytes}
            for a in ctx.session.exec(select(m.Attachment).where(
                m.Attachment.message_id == row.id).order_by(
                m.Attachment.position)).all()]  # type: ignore[arg-type]


def list_attachments(ctx: Ctx, request: Request, *, user: str | None, message: str,
                     q: Query) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    atts = ctx.session.exec(select(m.Attachment).where(m.Attachment.message_id == row.id)
                            .order_by(m.Attachment.position)).all()  # type: ignore[arg-type]
    base = api_base(request)
    return collection(request, [render_attachment(a) for a in atts], q,
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


def add_attachment(ctx: Ctx, request: Request, *, user: str | None, message: str,
                   data: s.AttachmentCreate) -> dict[str, Any]:
    box = mailbox_for(ctx, user)
    row = message_for(ctx, box, message)
    items = attachments_in([data])
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
