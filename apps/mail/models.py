"""Mail's tables (Exchange mailboxes as Microsoft Graph shows them), in their own registry.

A mailbox per person; folders per mailbox (the well-known ones and people's own); a row per
*copy* of a message (the sender's in Sent Items, each internal recipient's in their Inbox),
each with its own Graph id, sharing `internet_message_id` and `conversation_id`. Message
bodies and To/Cc/Reply-To lists live in `bodies`, shared by every copy of one sent message (a
company-wide mail would otherwise repeat its recipient list in every copy); a body row never
changes: editing a draft's body or recipients makes a new one. Recipient lists are JSON text
(`[{"name", "address"}]`), rendered as Graph's recipients; Bcc is per copy (only the
sender's copy and drafts show it).
"""

from __future__ import annotations

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class MailModel(SQLModel, registry=registry()):
    pass


class Organization(MailModel, table=True):
    """The tenant: its accepted domain (addresses in it are internal)."""

    __tablename__ = "organization"

    id: int = Field(primary_key=True)
    name: str
    domain: str


class Mailbox(MailModel, table=True):
    __tablename__ = "mailboxes"

    id: str = Field(primary_key=True)  # the person's Graph user id (a GUID)
    person_id: int = Field(index=True)
    address: str = Field(index=True)  # lower-case; the userPrincipalName
    display_name: str


class Folder(MailModel, table=True):
    __tablename__ = "folders"

    id: str = Field(primary_key=True)
    mailbox_id: str = Field(index=True)
    parent_id: str  # the mailbox's root folder id for top-level folders
    display_name: str
    well_known: str | None = None  # inbox, sentitems, ... ("msgfolderroot" for the root)
    position: int  # creation order within the mailbox


class Body(MailModel, table=True):
    __tablename__ = "bodies"

    id: str = Field(primary_key=True)
    content_type: str  # text | html
    content: str
    to_json: str = "[]"
    cc_json: str = "[]"
    reply_to_json: str = "[]"


class Message(MailModel, table=True):
    __tablename__ = "messages"

    id: str = Field(primary_key=True)
    mailbox_id: str = Field(index=True)
    folder_id: str  # lists read a mailbox's rows (indexed), then its folder's
    internet_message_id: str
    conversation_id: str
    subject: str
    body_id: str
    from_name: str | None = None
    from_address: str | None = None
    bcc_json: str = "[]"
    created_at: NaiveDatetime
    modified_at: NaiveDatetime
    received_at: NaiveDatetime
    sent_at: NaiveDatetime | None = None  # None for a draft
    is_read: bool = False
    is_draft: bool = False
    has_attachments: bool = False
    importance: str = "normal"
    categories_json: str = "[]"
    flag_status: str = "notFlagged"  # notFlagged | flagged | complete
    flag_due: NaiveDatetime | None = None
    flag_start: NaiveDatetime | None = None
    flag_completed: NaiveDatetime | None = None
    inference: str = "focused"  # focused | other
    delivery_receipt: bool = False
    read_receipt: bool = False
    in_reply_to: str | None = None  # internetMessageId of the message this answers
    version: int = 1  # changeKey / @odata.etag
    # eventMessage (meeting requests, responses, cancellations from the calendar)
    message_type: str = "message"  # message | eventMessage
    meeting_message_type: str | None = None
    event_start: NaiveDatetime | None = None
    event_end: NaiveDatetime | None = None
    event_location: str | None = None
    event_all_day: bool = False
    ical_uid: str | None = None


class Attachment(MailModel, table=True):
    __tablename__ = "attachments"

    id: str = Field(primary_key=True)
    message_id: str = Field(index=True)
    name: str
    content_type: str
    size: int
    is_inline: bool = False
    content_bytes: str | None = None  # base64; None for seeded metadata-only attachments
    modified_at: NaiveDatetime
    position: int
