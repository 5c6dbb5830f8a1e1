"""What a message write carries, checked and applied: the properties any message may
change, those only a draft may change, and a new draft made from a write."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import select

from arcadia.apps.kernel import ApiError, Ctx, invalid, json_text, json_value, parse_datetime
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.attachment_service import attachments_in
from arcadia.apps.mail.common import (
    conversation_id,
    internet_message_id,
    message_id,
    new_key,
    organization,
    people,
)
from arcadia.apps.mail.delivery import add_attachments, new_body
from arcadia.apps.mail.views import zone

DRAFT_ONLY = ("subject", "body", "toRecipients", "ccRecipients", "bccRecipients", "replyTo",
              "from_", "sender", "isDeliveryReceiptRequested", "isReadReceiptRequested")


def tz_time(value: s.DateTimeTimeZone | None, field: str) -> datetime | None:
    if value is None:
        return None
    local = parse_datetime(value.dateTime)
    if local is None or "Z" in value.dateTime or "+" in value.dateTime[10:]:
        if local is None:
            raise invalid(f"{field}.dateTime '{value.dateTime}' is not a date-time.", field)
    info = zone(value.timeZone, field)
    if info is None:
        return local
    return local.replace(tzinfo=info).astimezone(UTC).replace(tzinfo=None)


def check_from(box: m.Mailbox, data: s.MessageWrite) -> None:
    for r in (data.from_, data.sender):
        if r is not None and (r.emailAddress.address or "").strip().lower() != box.address:
            raise ApiError(403, "The user account which was used to submit this request "
                           "does not have the right to send mail on behalf of the specified "
                           "sending account.", code="forbidden",
                           meta={"graph_code": "ErrorSendAsDenied"})


def apply_common(ctx: Ctx, row: m.Message, data: s.MessageWrite) -> None:
    """The properties any message may change (validated by the caller)."""
    fields = data.model_fields_set
    if "isRead" in fields and data.isRead is not None:
        row.is_read = data.isRead
    if "categories" in fields:
        row.categories_json = json_text(list(dict.fromkeys(data.categories or [])))
    if "importance" in fields and data.importance is not None:
        row.importance = data.importance
    if "inferenceClassification" in fields and data.inferenceClassification is not None:
        row.inference = data.inferenceClassification
    if "flag" in fields:
        flag = data.flag or s.FollowupFlag()
        status = flag.flagStatus or ("flagged" if flag.dueDateTime or flag.startDateTime
                                     else "notFlagged")
        row.flag_status = status
        row.flag_start = tz_time(flag.startDateTime, "flag.startDateTime")
        row.flag_due = tz_time(flag.dueDateTime, "flag.dueDateTime")
        row.flag_completed = (tz_time(flag.completedDateTime, "flag.completedDateTime")
                              or (ctx.now if status == "complete" else None))
        if status == "notFlagged":
            row.flag_start = row.flag_due = row.flag_completed = None


def validate_write(data: s.MessageWrite) -> None:
    """Checks that need no row: times parse, categories are not blank."""
    if data.flag is not None:
        for name in ("startDateTime", "dueDateTime", "completedDateTime"):
            tz_time(getattr(data.flag, name), f"flag.{name}")
    for c in data.categories or ():
        if not c.strip() or len(c) > 255:
            raise invalid("categories: each category is a non-blank name of at most 255 "
                          "characters.", "categories")


def apply_draft(ctx: Ctx, row: m.Message, data: s.MessageWrite) -> None:
    fields = data.model_fields_set
    if "subject" in fields:
        row.subject = data.subject or ""
    if "bccRecipients" in fields:
        row.bcc_json = json_text(people(data.bccRecipients or []))
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
            return json_value(getattr(old, column)) if old is not None else []
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


def new_draft(ctx: Ctx, box: m.Mailbox, folder: m.Folder, data: s.MessageWrite, *,
              conversation: str | None = None, in_reply_to: str | None = None) -> m.Message:
    """A new draft in `folder` from `data` (validated by the caller)."""
    org = organization(ctx)
    key = new_key(ctx, "internet")
    now = ctx.now
    row = m.Message(
        id=message_id(new_key(ctx, "message")), mailbox_id=box.id, folder_id=folder.id,
        internet_message_id=internet_message_id(key, org.domain),
        conversation_id=conversation or conversation_id(key), subject="",
        body_id=new_body(ctx, "text", ""), from_name=box.display_name,
        from_address=box.address, created_at=now, modified_at=now, received_at=now,
        sent_at=None, is_read=True, is_draft=True, in_reply_to=in_reply_to)
    apply_draft(ctx, row, data)
    apply_common(ctx, row, data)
    ctx.session.add(row)
    add_attachments(ctx, row, attachments_in(data.attachments))
    return row
