"""Sending: a draft, a new message (sendMail), and replies and forwards in a thread, sent
at once or made as drafts (createReply, createReplyAll, createForward)."""

from __future__ import annotations

import html
from typing import Any

from fastapi import Request
from pydantic import ValidationError

from arcadia.apps.kernel import Ctx, invalid, json_value
from arcadia.apps.mail import models as m
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail.attachment_service import attachments_in, stored_attachments
from arcadia.apps.mail.common import (
    check_addresses,
    mailbox_for,
    message_for,
    people,
    well_known,
)
from arcadia.apps.mail.delivery import Outgoing, add_attachments, send
from arcadia.apps.mail.drafts import check_from, new_draft, validate_write
from arcadia.apps.mail.query import single


def _outgoing(ctx: Ctx, box: m.Mailbox, row: m.Message) -> Outgoing:
    body = ctx.session.get(m.Body, row.body_id)
    return Outgoing(
        sender={"name": box.display_name, "address": box.address},
        to=json_value(body.to_json) if body else [], cc=json_value(body.cc_json) if body else [],
        bcc=json_value(row.bcc_json),
        subject=row.subject, body_type=body.content_type if body else "text",
        body=body.content if body else "", importance=row.importance,
        reply_to=json_value(body.reply_to_json) if body else [],
        categories=json_value(row.categories_json),
        conversation=row.conversation_id, in_reply_to=row.in_reply_to,
        attachments=stored_attachments(ctx, row))


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
    check_from(box, msg)
    validate_write(msg)
    body = msg.body or s.ItemBody()
    out = Outgoing(sender={"name": box.display_name, "address": box.address},
                   to=people(msg.toRecipients or []), cc=people(msg.ccRecipients or []),
                   bcc=people(msg.bccRecipients or []), subject=msg.subject or "",
                   body_type=body.contentType.lower(), body=body.content,
                   importance=msg.importance or "normal",
                   reply_to=people(msg.replyTo or []),
                   categories=list(dict.fromkeys(msg.categories or [])),
                   attachments=attachments_in(msg.attachments))
    _check_sendable(out)
    save = True if data.saveToSentItems is None else data.saveToSentItems
    send(ctx, out, save_sent=save)
    ctx.commit()


# ------------------------------------------------------------------------ reply, forward
def _quote(ctx: Ctx, original: m.Message, comment: str) -> tuple[str, str]:
    body = ctx.session.get(m.Body, original.body_id)
    kind = body.content_type if body else "text"
    to = "; ".join(r.get("name") or r["address"]
                   for r in (json_value(body.to_json) if body else []))
    sent = (original.sent_at or original.created_at).strftime("%A, %B %d, %Y %I:%M %p")
    header = (f"From: {original.from_name or ''} <{original.from_address or ''}>\n"
              f"Sent: {sent}\nTo: {to}\nSubject: {original.subject}")
    content = body.content if body else ""
    if kind == "html":
        return kind, (f"<div>{_html(comment)}</div><hr><div>{_html(header)}</div>"
                      f"<div>{content}</div>")
    return kind, f"{comment}\n\n________________________________\n{header}\n\n{content}"


def _html(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def _prefixed(prefix: str, subject: str) -> str:
    """The subject of a reply or forward. A prefix taking it past the longest subject a
    message holds cuts its end: the sender did not write that subject, so the reply is
    not refused for it (Exchange, too, keeps a reply's subject within its limit)."""
    prefixed = subject if subject.lower().startswith(prefix.lower()) else prefix + subject
    return prefixed[:s.MAX_SUBJECT]


def _reply_recipients(ctx: Ctx, box: m.Mailbox, original: m.Message, everyone: bool
                      ) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    body = ctx.session.get(m.Body, original.body_id)
    reply_to = json_value(body.reply_to_json) if body else []
    sender = reply_to or ([{"name": original.from_name or "",
                            "address": original.from_address}]
                          if original.from_address else [])
    to = list(sender)
    cc: list[dict[str, str]] = []
    if everyone:
        to += list(json_value(body.to_json)) if body else []
        cc = list(json_value(body.cc_json)) if body else []
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
        check_from(box, extra)
        validate_write(extra)
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
    try:
        merged = s.MessageWrite.model_validate(fields)
    except ValidationError as e:
        # What the original carries past a write's bounds (a reply-all to more than 500
        # recipients): the request is refused, not answered with a server error.
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"][:1]) or "message"
        raise invalid(f"The {kind} cannot be made from this message: its {where} would be "
                      f"out of bounds ({err['msg']}).", where,
                      meta={"graph_code": "ErrorInvalidRequest"}) from None
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
    attachments = attachments_in(data.attachments)
    if kind == "forward":
        attachments = stored_attachments(ctx, original) + attachments
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
    row = new_draft(ctx, box, well_known(ctx, box, "drafts"), data,
                    conversation=original.conversation_id, in_reply_to=in_reply_to)
    add_attachments(ctx, row, attachments)
    ctx.commit()
    return single(ctx, request, box, row)
