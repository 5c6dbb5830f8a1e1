"""Sending: a message's copies land in each internal recipient's Inbox (unread) and, when
asked, the sender's Sent Items; external addresses are recorded on the message only. An
address of the company's own domain that has no mailbox bounces: the sender gets Exchange's
non-delivery report in their Inbox. Also the `deliver` event other apps emit (the calendar's
meeting requests, responses and cancellations)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import select

from arcadia.apps.kernel import Ctx, invalid, json_text
from arcadia.apps.mail import models as m
from arcadia.apps.mail.common import (
    ADDRESS,
    attachment_id,
    conversation_id,
    internet_message_id,
    message_id,
    new_key,
    organization,
    well_known,
)

MEETING_TYPES = ("meetingRequest", "meetingCancelled", "meetingAccepted",
                 "meetingTenativelyAccepted", "meetingDeclined")
POSTMASTER = "Microsoft Outlook"


@dataclass
class Outgoing:
    """A message to send, as the sender wrote it."""

    sender: dict[str, str]  # {name, address}
    to: list[dict[str, str]]
    cc: list[dict[str, str]]
    bcc: list[dict[str, str]]
    subject: str
    body_type: str
    body: str
    importance: str = "normal"
    reply_to: list[dict[str, str]] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    conversation: str | None = None  # a thread's conversationId; None starts one
    in_reply_to: str | None = None
    attachments: list[dict[str, Any]] = field(default_factory=list)  # name, type, bytes, size
    event: dict[str, Any] | None = None  # eventMessage fields


def new_body(ctx: Ctx, content_type: str, content: str, *,
             to: list[dict[str, str]] | None = None, cc: list[dict[str, str]] | None = None,
             reply_to: list[dict[str, str]] | None = None) -> str:
    """A new (immutable) body row with the message's To, Cc and Reply-To."""
    key = f"body:{new_key(ctx, 'body')}"
    ctx.session.add(m.Body(id=key, content_type=content_type, content=content,
                           to_json=json_text(to or []), cc_json=json_text(cc or []),
                           reply_to_json=json_text(reply_to or [])))
    return key


def add_attachments(ctx: Ctx, message: m.Message, items: Sequence[Mapping[str, Any]],
                    start: int = 0) -> None:
    for i, a in enumerate(items):
        ctx.session.add(m.Attachment(
            id=attachment_id(new_key(ctx, "attachment")), message_id=message.id,
            name=a["name"], content_type=a["content_type"], size=a["size"],
            is_inline=bool(a.get("is_inline")), content_bytes=a.get("content_bytes"),
            modified_at=ctx.now, position=start + i))
    if items:
        message.has_attachments = True


def _mailboxes(ctx: Ctx, addresses: Sequence[str]) -> dict[str, m.Mailbox]:
    if not addresses:
        return {}
    rows = ctx.session.exec(select(m.Mailbox).where(
        m.Mailbox.address.in_(addresses))).all()  # type: ignore[attr-defined]
    return {r.address: r for r in rows}


def send(ctx: Ctx, out: Outgoing, *, save_sent: bool, sent_copy: m.Message | None = None
         ) -> list[m.Message]:
    """Deliver `out` now. `sent_copy` is the sender's draft, which becomes the Sent Items
    copy; else one is made when `save_sent`. Returns the copies made or changed."""
    org = organization(ctx)
    key = new_key(ctx, "internet")
    imid = (sent_copy.internet_message_id if sent_copy is not None
            else internet_message_id(key, org.domain))
    conv = out.conversation or (sent_copy.conversation_id if sent_copy is not None
                                else conversation_id(key))
    body_id = sent_copy.body_id if sent_copy is not None else new_body(
        ctx, out.body_type, out.body, to=out.to, cc=out.cc, reply_to=out.reply_to)
    recipients: list[str] = []
    for r in (*out.to, *out.cc, *out.bcc):
        a = r["address"].lower()
        if a not in recipients:
            recipients.append(a)
    boxes = _mailboxes(ctx, [*recipients, out.sender["address"].lower()])
    sender_box = boxes.get(out.sender["address"].lower())
    now = ctx.now
    made: list[m.Message] = []

    def copy(box: m.Mailbox, folder: str, *, read: bool, bcc: list[dict[str, str]]
             ) -> m.Message:
        row = m.Message(
            id=message_id(new_key(ctx, "message")), mailbox_id=box.id,
            folder_id=well_known(ctx, box, folder).id, internet_message_id=imid,
            conversation_id=conv, subject=out.subject, body_id=body_id,
            from_name=out.sender["name"], from_address=out.sender["address"],
            bcc_json=json_text(bcc), created_at=now, modified_at=now,
            received_at=now, sent_at=now, is_read=read, importance=out.importance,
            categories_json=json_text(out.categories), in_reply_to=out.in_reply_to,
            **_event_columns(out.event))
        ctx.session.add(row)
        add_attachments(ctx, row, out.attachments)
        made.append(row)
        return row

    for address in recipients:
        box = boxes.get(address)
        if box is not None:
            copy(box, "inbox", read=False, bcc=[])
        elif address.endswith("@" + org.domain) and sender_box is not None:
            _bounce(ctx, sender_box, org.domain, address, out.subject)
    if sent_copy is not None:
        sent_copy.is_draft = False
        sent_copy.is_read = True
        sent_copy.sent_at = now
        sent_copy.received_at = now
        sent_copy.modified_at = now
        sent_copy.version += 1
        sent_copy.conversation_id = conv
        assert sender_box is not None
        sent_copy.folder_id = well_known(ctx, sender_box, "sentitems").id
        ctx.session.add(sent_copy)
        made.append(sent_copy)
    elif save_sent and sender_box is not None:
        copy(sender_box, "sentitems", read=True, bcc=out.bcc)
    return made


def _event_columns(event: Mapping[str, Any] | None) -> dict[str, Any]:
    if not event:
        return {}
    return {"message_type": "eventMessage",
            "meeting_message_type": event["meetingMessageType"],
            "event_start": event["start"], "event_end": event["end"],
            "event_location": event.get("location") or "",
            "event_all_day": bool(event.get("isAllDay")), "ical_uid": event.get("iCalUId")}


def _bounce(ctx: Ctx, box: m.Mailbox, domain: str, address: str, subject: str) -> None:
    """Exchange's non-delivery report for an address of the domain with no mailbox."""
    now = ctx.now
    key = new_key(ctx, "internet")
    text = (f"Your message to {address} couldn't be delivered.\n\n"
            f"{address.split('@')[0]} wasn't found at {domain}.\n\n"
            "Action Required: check the recipient's address and send the message again.\n\n"
            f"Original subject: {subject}")
    ctx.session.add(m.Message(
        id=message_id(new_key(ctx, "message")), mailbox_id=box.id,
        folder_id=well_known(ctx, box, "inbox").id,
        internet_message_id=internet_message_id(key, domain),
        conversation_id=conversation_id(key), subject=f"Undeliverable: {subject}",
        body_id=new_body(ctx, "text", text,
                         to=[{"name": box.display_name, "address": box.address}]),
        from_name=POSTMASTER, from_address=f"postmaster@{domain}",
        created_at=now, modified_at=now, received_at=now, sent_at=now,
        importance="high"))


# ----------------------------------------------------------------------- the deliver event
def _person(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or not isinstance(value.get("address"), str) \
            or not ADDRESS.match(value["address"]):
        raise invalid(f"deliver: {where} must be {{name, address}} with a valid address.",
                      where)
    name = value.get("name", "")
    if not isinstance(name, str):
        raise invalid(f"deliver: {where}.name must be a string.", where)
    return {"name": name, "address": value["address"].lower()}


def _time(value: Any, where: str) -> datetime:
    try:
        return datetime.fromisoformat(str(value)).replace(tzinfo=None)
    except ValueError:
        raise invalid(f"deliver: {where} must be a naive-UTC ISO date-time.", where) from None


def parse_event(payload: Mapping[str, Any]) -> tuple[Outgoing, bool]:
    """Validate a `deliver` payload (the outbox contract) -> (message, saveToSentItems)."""
    if not isinstance(payload, Mapping):
        raise invalid("deliver: the payload must be an object.", "payload")
    sender = _person(payload.get("from"), "from")
    lists = {}
    for key in ("to", "cc"):
        value = payload.get(key, [])
        if not isinstance(value, list):
            raise invalid(f"deliver: {key} must be a list.", key)
        lists[key] = [_person(v, f"{key}[{i}]") for i, v in enumerate(value)]
    if not lists["to"] and not lists["cc"]:
        raise invalid("deliver: a message needs at least one recipient.", "to")
    for key in ("subject", "body"):
        if not isinstance(payload.get(key), str):
            raise invalid(f"deliver: {key} must be a string.", key)
    body_type = payload.get("bodyType", "text")
    importance = payload.get("importance", "normal")
    kind = payload.get("messageType", "message")
    save = payload.get("saveToSentItems", True)
    if body_type not in ("text", "html") or importance not in ("low", "normal", "high") \
            or kind not in ("message", "eventMessage") or not isinstance(save, bool):
        raise invalid("deliver: bodyType is text|html, importance low|normal|high, "
                      "messageType message|eventMessage, saveToSentItems a boolean.",
                      "payload")
    event = None
    if kind == "eventMessage":
        mtype = payload.get("meetingMessageType")
        if mtype not in MEETING_TYPES:
            raise invalid(f"deliver: meetingMessageType must be one of {MEETING_TYPES}.",
                          "meetingMessageType")
        start = _time(payload.get("startDateTime"), "startDateTime")
        end = _time(payload.get("endDateTime"), "endDateTime")
        if end < start:
            raise invalid("deliver: endDateTime is before startDateTime.", "endDateTime")
        location = payload.get("location") or ""  # none: no location
        ical = payload.get("iCalUId")
        if not isinstance(location, str) or not isinstance(payload.get("isAllDay", False),
                                                           bool) \
                or (ical is not None and not isinstance(ical, str)):
            raise invalid("deliver: location and iCalUId are strings, isAllDay a boolean.",
                          "payload")
        event = {"meetingMessageType": mtype, "start": start, "end": end,
                 "location": location, "isAllDay": payload.get("isAllDay", False),
                 "iCalUId": ical}
    out = Outgoing(sender=sender, to=lists["to"], cc=lists["cc"], bcc=[],
                   subject=payload["subject"], body_type=body_type, body=payload["body"],
                   importance=importance, event=event)
    return out, save


def deliver_event(ctx: Ctx, payload: Mapping[str, Any]) -> None:
    """The `deliver` handler: validate, then deliver (the emitting request commits both)."""
    out, save = parse_event(payload)
    send(ctx, out, save_sent=save)
    ctx.commit()
