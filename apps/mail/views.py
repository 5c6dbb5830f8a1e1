"""Rows -> Graph JSON (message, mailFolder, fileAttachment), and the properties `$filter`,
`$orderby`, `$select` and `$search` know, as Graph's metadata names them."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from fastapi import Request

from arcadia.apps.kernel import graph_datetime, invalid, json_value
from arcadia.apps.mail import models as m

_ADDR = {"emailAddress": {"name": "string", "address": "string"}}
_DTZ = {"dateTime": "string", "timeZone": "string"}
# The message properties a query may name (Graph's metadata for microsoft.graph.message).
MESSAGE_SCHEMA: dict[str, Any] = {
    "id": "string", "createdDateTime": "datetime", "lastModifiedDateTime": "datetime",
    "changeKey": "string", "categories": ["string"], "receivedDateTime": "datetime",
    "sentDateTime": "datetime", "hasAttachments": "bool", "internetMessageId": "string",
    "subject": "string", "bodyPreview": "string", "importance": "string",
    "parentFolderId": "string", "conversationId": "string",
    "isDeliveryReceiptRequested": "bool", "isReadReceiptRequested": "bool", "isRead": "bool",
    "isDraft": "bool", "webLink": "string", "inferenceClassification": "string",
    "body": {"contentType": "string", "content": "string"}, "sender": _ADDR, "from": _ADDR,
    "toRecipients": [_ADDR], "ccRecipients": [_ADDR], "bccRecipients": [_ADDR],
    "replyTo": [_ADDR],
    "flag": {"flagStatus": "string", "startDateTime": _DTZ, "dueDateTime": _DTZ,
             "completedDateTime": _DTZ},
    "uniqueBody": {"contentType": "string", "content": "string"},
    "conversationIndex": "string",
    "internetMessageHeaders": [{"name": "string", "value": "string"}],
}
FOLDER_SCHEMA: dict[str, Any] = {
    "id": "string", "displayName": "string", "parentFolderId": "string",
    "childFolderCount": "number", "unreadItemCount": "number", "totalItemCount": "number",
    "sizeInBytes": "number", "isHidden": "bool"}
ATTACHMENT_SCHEMA: dict[str, Any] = {
    "id": "string", "lastModifiedDateTime": "datetime", "name": "string",
    "contentType": "string", "size": "number", "isInline": "bool", "contentId": "string",
    "contentLocation": "string", "contentBytes": "string"}
SEARCHABLE = ("from", "to", "cc", "bcc", "participants", "subject", "body", "attachment")
_TAGS = re.compile(r"<[^>]+>")
_WINDOWS_ZONES = {"pacific standard time": "America/Los_Angeles",
                  "mountain standard time": "America/Denver",
                  "central standard time": "America/Chicago",
                  "eastern standard time": "America/New_York",
                  "gmt standard time": "Europe/London",
                  "w. europe standard time": "Europe/Berlin",
                  "romance standard time": "Europe/Paris",
                  "india standard time": "Asia/Kolkata",
                  "tokyo standard time": "Asia/Tokyo",
                  "aus eastern standard time": "Australia/Sydney"}


def zone(name: str | None, field: str = "Prefer") -> ZoneInfo | None:
    """A time zone by IANA or (common) Windows name; None for UTC."""
    if name is None or name.strip().upper() in ("UTC", "GMT", ""):
        return None
    key = _WINDOWS_ZONES.get(name.strip().lower(), name.strip())
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        raise invalid(f"The time zone '{name[:80]}' is not recognised; use an IANA name "
                      "(America/New_York) or UTC.", field,
                      meta={"graph_code": "ErrorTimeZoneException"}) from None


def prefer_zone(request: Request) -> tuple[str, ZoneInfo | None]:
    """`Prefer: outlook.timezone="..."` -> (its name, zone); ("UTC", None) without it."""
    for part in request.headers.get("prefer", "").split(","):
        key, _, value = part.strip().partition("=")
        if key.strip().lower() == "outlook.timezone":
            name = value.strip().strip('"')
            return name, zone(name)
    return "UTC", None


def prefer_body(request: Request) -> str | None:
    """`Prefer: outlook.body-content-type="text"` (or "html"): the body format asked for."""
    for part in request.headers.get("prefer", "").split(","):
        key, _, value = part.strip().partition("=")
        if key.strip().lower() == "outlook.body-content-type":
            kind = value.strip().strip('"').lower()
            return kind if kind in ("text", "html") else None
    return None


def as_format(content_type: str, content: str, wanted: str | None) -> tuple[str, str]:
    """A body in the format `Prefer` asked for (Exchange converts either way)."""
    if wanted is None or wanted == content_type:
        return content_type, content
    if wanted == "text":
        import html as html_lib
        text = re.sub(r"(?i)<br\s*/?>|</p>|</div>", "\n", content)
        return "text", html_lib.unescape(_TAGS.sub("", text)).strip()
    import html as html_lib
    return "html", ("<html><body>" + html_lib.escape(content).replace("\n", "<br>")
                    + "</body></html>")


def dtz(value: datetime | None, tz: tuple[str, ZoneInfo | None]) -> dict[str, str] | None:
    """Graph's dateTimeTimeZone of a naive-UTC time, in the preferred zone."""
    if value is None:
        return None
    name, info = tz
    if info is not None:
        from datetime import UTC
        value = value.replace(tzinfo=UTC).astimezone(info).replace(tzinfo=None)
    return {"dateTime": value.strftime("%Y-%m-%dT%H:%M:%S.0000000"), "timeZone": name}


def etag(row: m.Message | m.Folder | m.Attachment, version: int = 1) -> str:
    digest = hashlib.sha256(f"{row.id}:{version}".encode()).digest()
    import base64
    return "CQAAAB" + base64.b64encode(digest[:12]).decode()


def _recipient(r: Mapping[str, str]) -> dict[str, Any]:
    return {"emailAddress": {"name": r.get("name") or r.get("address", ""),
                             "address": r.get("address", "")}}


def preview(body: m.Body | None) -> str:
    if body is None:
        return ""
    text = _TAGS.sub(" ", body.content) if body.content_type == "html" else body.content
    return " ".join(text.split())[:255]


def render_message(row: m.Message, body: m.Body | None, *, base: str,
                   tz: tuple[str, ZoneInfo | None] = ("UTC", None),
                   body_format: str | None = None) -> dict[str, Any]:
    """A message copy as Graph renders it."""
    kind, content = as_format(body.content_type if body else "text",
                              body.content if body else "", body_format)
    key = etag(row, row.version)
    sender = _sender(row)
    out: dict[str, Any] = {}
    if row.message_type == "eventMessage":
        kind = ("eventMessageRequest" if row.meeting_message_type == "meetingRequest"
                else "eventMessageResponse" if (row.meeting_message_type or "").startswith(
                    ("meetingAccepted", "meetingTenativelyAccepted", "meetingDeclined"))
                else "eventMessage")
        out["@odata.type"] = f"#microsoft.graph.{kind}"
    out.update({
        "@odata.etag": f'W/"{key}"',
        "id": row.id,
        "createdDateTime": graph_datetime(row.created_at),
        "lastModifiedDateTime": graph_datetime(row.modified_at),
        "changeKey": key,
        "categories": json_value(row.categories_json),
        "receivedDateTime": graph_datetime(row.received_at),
        "sentDateTime": graph_datetime(row.sent_at),
        "hasAttachments": row.has_attachments,
        "internetMessageId": row.internet_message_id,
        "subject": row.subject,
        "bodyPreview": preview(body),
        "importance": row.importance,
        "parentFolderId": row.folder_id,
        "conversationId": row.conversation_id,
        "conversationIndex": conversation_index(row),
        "isDeliveryReceiptRequested": row.delivery_receipt,
        "isReadReceiptRequested": row.read_receipt,
        "isRead": row.is_read,
        "isDraft": row.is_draft,
        "webLink": f"{base}/owa/?ItemID={row.id}&exvsurl=1&viewmodel=ReadMessageItem",
        "inferenceClassification": row.inference,
        "body": {"contentType": kind, "content": content},
        "sender": sender,
        "from": sender,
        "toRecipients": [_recipient(r) for r in json_value(body.to_json)] if body else [],
        "ccRecipients": [_recipient(r) for r in json_value(body.cc_json)] if body else [],
        "bccRecipients": [_recipient(r) for r in json_value(row.bcc_json)],
        "replyTo": [_recipient(r) for r in json_value(body.reply_to_json)] if body else [],
        "flag": _flag(row, tz),
        # returned only when $select names them, as Graph does
        "uniqueBody": {"contentType": kind, "content": content},
        "internetMessageHeaders": None if row.is_draft else _headers(row),
    })
    if row.message_type == "eventMessage":
        out.update({"meetingMessageType": row.meeting_message_type,
                    "startDateTime": dtz(row.event_start, tz),
                    "endDateTime": dtz(row.event_end, tz),
                    "location": {"displayName": row.event_location or ""},
                    "isAllDay": row.event_all_day, "isOutOfDate": False,
                    "isDelegated": False})
    return out


SELECT_ONLY = ("uniqueBody", "internetMessageHeaders")


def _sender(row: Any) -> dict[str, Any] | None:
    return None if row.from_address is None else _recipient(
        {"name": row.from_name or "", "address": row.from_address})


# The message properties its row alone gives (no body, time zone or other table), each as
# `render_message` renders it.
_ROW: dict[str, Callable[[Any], Any]] = {
    "id": lambda r: r.id,
    "createdDateTime": lambda r: graph_datetime(r.created_at),
    "lastModifiedDateTime": lambda r: graph_datetime(r.modified_at),
    "receivedDateTime": lambda r: graph_datetime(r.received_at),
    "sentDateTime": lambda r: graph_datetime(r.sent_at),
    "hasAttachments": lambda r: r.has_attachments,
    "internetMessageId": lambda r: r.internet_message_id,
    "subject": lambda r: r.subject,
    "importance": lambda r: r.importance,
    "parentFolderId": lambda r: r.folder_id,
    "conversationId": lambda r: r.conversation_id,
    "isDeliveryReceiptRequested": lambda r: r.delivery_receipt,
    "isReadReceiptRequested": lambda r: r.read_receipt,
    "isRead": lambda r: r.is_read,
    "isDraft": lambda r: r.is_draft,
    "inferenceClassification": lambda r: r.inference,
    "sender": _sender,
    "from": _sender,
}
ROW_PROPERTIES = tuple(_ROW)


def row_properties(row: Any, names: Iterable[str] = ROW_PROPERTIES) -> dict[str, Any]:
    """The properties `names` (of `ROW_PROPERTIES`) of a message row: a list tests the
    `$filter` terms naming only these (`Filter.narrowed`) before rendering a message."""
    return {n: _ROW[n](row) for n in names}


def conversation_index(row: m.Message) -> str:
    """Outlook's thread index: 22 bytes for the thread, 5 more per reply level."""
    import base64
    head = hashlib.sha256(row.conversation_id.encode()).digest()[:22]
    if row.in_reply_to:
        head += hashlib.sha256(row.internet_message_id.encode()).digest()[:5]
    return base64.b64encode(head).decode()


def _headers(row: m.Message) -> list[dict[str, str]]:
    out = [{"name": "Message-ID", "value": row.internet_message_id},
           {"name": "Subject", "value": row.subject}]
    if row.in_reply_to:
        out.append({"name": "In-Reply-To", "value": row.in_reply_to})
    return out


def _flag(row: m.Message, tz: tuple[str, ZoneInfo | None]) -> dict[str, Any]:
    flag: dict[str, Any] = {"flagStatus": row.flag_status}
    for name, value in (("startDateTime", row.flag_start), ("dueDateTime", row.flag_due),
                        ("completedDateTime", row.flag_completed)):
        if value is not None:
            flag[name] = dtz(value, tz)
    return flag


def search_fields() -> dict[str, Any]:
    """KQL property -> the text of a rendered message it searches."""
    def addrs(*keys: str) -> Any:
        def text(rec: Mapping[str, Any]) -> str:
            parts = []
            for k in keys:
                val = rec.get(k)
                for r in (val if isinstance(val, list) else [val] if val else []):
                    e = r.get("emailAddress", {})
                    parts.append(f"{e.get('name', '')} {e.get('address', '')}")
            return " ".join(parts)
        return text
    return {"from": addrs("from"), "to": addrs("toRecipients"), "cc": addrs("ccRecipients"),
            "bcc": addrs("bccRecipients"),
            "participants": addrs("from", "toRecipients", "ccRecipients", "bccRecipients"),
            "subject": lambda r: str(r.get("subject") or ""),
            "body": lambda r: str((r.get("body") or {}).get("content") or ""),
            "attachment": lambda r: str(r.get("_attachments") or "")}


def render_folder(row: m.Folder, *, children: int, total: int, unread: int,
                  size: int) -> dict[str, Any]:
    return {"id": row.id, "displayName": row.display_name, "parentFolderId": row.parent_id,
            "childFolderCount": children, "unreadItemCount": unread,
            "totalItemCount": total, "sizeInBytes": size, "isHidden": False}


def render_attachment(row: m.Attachment, *, with_bytes: bool = True) -> dict[str, Any]:
    out = {"@odata.type": "#microsoft.graph.fileAttachment",
           "@odata.mediaContentType": row.content_type,
           "id": row.id, "lastModifiedDateTime": graph_datetime(row.modified_at),
           "name": row.name, "contentType": row.content_type, "size": row.size,
           "isInline": row.is_inline, "contentId": None, "contentLocation": None}
    if with_bytes:
        out["contentBytes"] = row.content_bytes
    return out


def context_url(base: str, box_id: str, tail: str) -> str:
    return f"{base}/v1.0/$metadata#users('{box_id}')/{tail}"


def select_suffix(names: Sequence[str] | None) -> str:
    return "" if names is None else "(" + ",".join(names) + ")"
