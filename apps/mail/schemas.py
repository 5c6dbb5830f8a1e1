"""Wire models with Microsoft Graph v1.0's names (message, mailFolder, fileAttachment and the
action bodies). Request bodies refuse properties the type does not have, as Graph does; the
action bodies take their keys in Graph's camelCase or in the PascalCase msgraph-sdk sends
(`Message`, `SaveToSentItems`, `Comment`, `ToRecipients`, `DestinationId`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from arcadia.apps.kernel import entity

Importance = Literal["low", "normal", "high"]
MAX_TEXT = 1_000_000
MAX_SUBJECT = 4000


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    odata_type: str | None = Field(None, alias="@odata.type", max_length=200,
                                   description="The OData type (`#microsoft.graph....`).")


class CamelKeys(Strict):
    """An action body: Graph matches its parameter names ignoring case."""

    @model_validator(mode="before")
    @classmethod
    def _camel(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {(k[:1].lower() + k[1:] if isinstance(k, str) and k[:1].isupper() else k): v
                    for k, v in data.items()}
        return data


class EmailAddress(Strict):
    name: str | None = Field(None, max_length=500, description="Display name.",
                             json_schema_extra=entity("PersonName"))
    address: str | None = Field(None, max_length=500, description="SMTP address.",
                                json_schema_extra=entity("Email"))


class Recipient(Strict):
    emailAddress: EmailAddress = Field(description="The recipient's name and address.")


class ItemBody(Strict):
    contentType: Literal["text", "html", "Text", "HTML", "Html"] = Field(
        "text", description="`text` or `html`.")
    content: str = Field("", max_length=MAX_TEXT, description="The body's content.")


class DateTimeTimeZone(Strict):
    dateTime: str = Field(max_length=40, description="ISO 8601 local date-time, e.g. "
                          "`2026-03-02T09:00:00.0000000`.")
    timeZone: str = Field("UTC", max_length=100, description="An IANA or Windows time zone "
                          "name (`UTC`, `Pacific Standard Time`, `America/New_York`).")


class FollowupFlag(Strict):
    flagStatus: Literal["notFlagged", "complete", "flagged"] | None = Field(
        None, description="`notFlagged`, `flagged` or `complete`.")
    startDateTime: DateTimeTimeZone | None = Field(None, description="When follow-up starts.")
    dueDateTime: DateTimeTimeZone | None = Field(None, description="When follow-up is due.")
    completedDateTime: DateTimeTimeZone | None = Field(None, description="When completed.")


class AttachmentCreate(Strict):
    """A file attachment (`#microsoft.graph.fileAttachment`); item and reference attachments
    are not supported here."""

    name: str = Field(min_length=1, max_length=255, description="The file name.")
    contentType: str | None = Field(None, max_length=255, description="MIME type.")
    contentBytes: str = Field(max_length=MAX_TEXT, description="The file, base64-encoded.")
    isInline: bool | None = Field(None, description="Whether it is shown in the body.")
    contentId: str | None = Field(None, max_length=255, description="Inline content id.")
    size: int | None = Field(None, ge=0, le=2**31 - 1, description="Ignored: computed.")


class MessageWrite(Strict):
    """A message's writable properties (draft fields apply to drafts only)."""

    subject: str | None = Field(None, max_length=MAX_SUBJECT, description="Subject line.")
    body: ItemBody | None = Field(None, description="The body.")
    toRecipients: list[Recipient] | None = Field(None, max_length=500, description="To.")
    ccRecipients: list[Recipient] | None = Field(None, max_length=500, description="Cc.")
    bccRecipients: list[Recipient] | None = Field(None, max_length=500, description="Bcc.")
    replyTo: list[Recipient] | None = Field(None, max_length=100,
                                            description="Addresses replies go to.")
    from_: Recipient | None = Field(None, alias="from", description="Must be the mailbox "
                                    "itself (no send-as here).")
    sender: Recipient | None = Field(None, description="As `from`.")
    importance: Importance | None = Field(None, description="`low`, `normal` or `high`.")
    isRead: bool | None = Field(None, description="Whether it has been read.")
    categories: list[str] | None = Field(None, max_length=50, description="Category names.")
    flag: FollowupFlag | None = Field(None, description="Follow-up flag.")
    inferenceClassification: Literal["focused", "other"] | None = Field(
        None, description="Focused Inbox classification.")
    isDeliveryReceiptRequested: bool | None = Field(None, description="Delivery receipt.")
    isReadReceiptRequested: bool | None = Field(None, description="Read receipt.")
    attachments: list[AttachmentCreate] | None = Field(None, max_length=50,
                                                       description="File attachments.")


class SendMailBody(CamelKeys):
    message: MessageWrite = Field(description="The message to send.")
    saveToSentItems: bool | None = Field(None, description="Keep a copy in Sent Items "
                                         "(default true).")


class ReplyBody(CamelKeys):
    comment: str | None = Field(None, max_length=MAX_TEXT, description="Text put above the "
                                "quoted original.")
    message: MessageWrite | None = Field(None, description="Properties of the reply to set "
                                         "(recipients, attachments, ...).")


class ForwardBody(CamelKeys):
    comment: str | None = Field(None, max_length=MAX_TEXT, description="Text put above the "
                                "forwarded original.")
    toRecipients: list[Recipient] | None = Field(None, max_length=500,
                                                 description="Who to forward to.")
    message: MessageWrite | None = Field(None, description="Properties of the forward.")


class MoveBody(CamelKeys):
    destinationId: str = Field(min_length=1, max_length=300, description="The destination "
                               "folder's id or well-known name (`inbox`, `archive`, ...).",
                               json_schema_extra=entity("MailFolderId"))


class FolderCreate(Strict):
    displayName: str = Field(min_length=1, max_length=255, description="The folder's name.")
    isHidden: bool | None = Field(None, description="Whether it is hidden.")


class FolderUpdate(Strict):
    displayName: str | None = Field(None, min_length=1, max_length=255,
                                    description="The folder's name.")


# ----------------------------------------------------------------------------- responses
class EmailAddressOut(BaseModel):
    name: str | None = Field(None, description="Display name.",
                             json_schema_extra=entity("PersonName"))
    address: str | None = Field(None, description="SMTP address.",
                                json_schema_extra=entity("Email"))


class RecipientOut(BaseModel):
    emailAddress: EmailAddressOut = Field(description="Name and address.")


class ItemBodyOut(BaseModel):
    contentType: str = Field(description="`text` or `html`.")
    content: str = Field(description="The body's content.")


class DateTimeTimeZoneOut(BaseModel):
    dateTime: str = Field(description="Local date-time (7 fraction digits).")
    timeZone: str = Field(description="The time zone it is in.")


class InternetMessageHeaderOut(BaseModel):
    name: str = Field(description="Header name.")
    value: str = Field(description="Header value.")


class FollowupFlagOut(BaseModel):
    flagStatus: str = Field(description="`notFlagged`, `flagged` or `complete`.")
    startDateTime: DateTimeTimeZoneOut | None = Field(None, description="Start.")
    dueDateTime: DateTimeTimeZoneOut | None = Field(None, description="Due.")
    completedDateTime: DateTimeTimeZoneOut | None = Field(None, description="Completed.")


class LocationOut(BaseModel):
    displayName: str | None = Field(None, description="The location's name.")


class MessageOut(BaseModel):
    """A message (`microsoft.graph.message`; meeting mail is `microsoft.graph.eventMessage`
    with the meeting fields)."""

    model_config = ConfigDict(populate_by_name=True)

    odata_type: str | None = Field(None, alias="@odata.type", description="Set on event "
                                   "messages: `#microsoft.graph.eventMessage...`.")
    odata_etag: str | None = Field(None, alias="@odata.etag", description="ETag.")
    odata_context: str | None = Field(None, alias="@odata.context", description="Metadata "
                                      "URL (single reads).")
    id: str = Field(description="The message's id (unique per copy).",
                    json_schema_extra=entity("MailMessageId"))
    createdDateTime: str | None = Field(None, description="Created (UTC, ISO 8601).")
    lastModifiedDateTime: str | None = Field(None, description="Last changed (UTC).")
    changeKey: str | None = Field(None, description="Version of the message.")
    categories: list[str] | None = Field(None, description="Category names.")
    receivedDateTime: str | None = Field(None, description="Received (UTC).")
    sentDateTime: str | None = Field(None, description="Sent (UTC); null for drafts.")
    hasAttachments: bool | None = Field(None, description="Whether it has attachments.")
    internetMessageId: str | None = Field(None, description="RFC 2822 Message-ID, shared "
                                          "by every copy.")
    subject: str | None = Field(None, description="Subject.")
    bodyPreview: str | None = Field(None, description="First 255 characters of the body.")
    importance: str | None = Field(None, description="`low`, `normal` or `high`.")
    parentFolderId: str | None = Field(None, description="The folder it is in.",
                                       json_schema_extra=entity("MailFolderId"))
    conversationId: str | None = Field(None, description="The thread it belongs to.")
    conversationIndex: str | None = Field(None, description="Position in the thread "
                                          "(base64).")
    uniqueBody: ItemBodyOut | None = Field(None, description="The part of the body unique "
                                           "to this message (only with $select).")
    internetMessageHeaders: list[InternetMessageHeaderOut] | None = Field(
        None, description="Message headers (only with $select; null on drafts).")
    isDeliveryReceiptRequested: bool | None = Field(None, description="Delivery receipt.")
    isReadReceiptRequested: bool | None = Field(None, description="Read receipt.")
    isRead: bool | None = Field(None, description="Whether it has been read.")
    isDraft: bool | None = Field(None, description="Whether it is an unsent draft.")
    webLink: str | None = Field(None, description="Link to open it in Outlook on the web.")
    inferenceClassification: str | None = Field(None, description="`focused` or `other`.")
    body: ItemBodyOut | None = Field(None, description="The body.")
    sender: RecipientOut | None = Field(None, description="Who sent it.")
    from_: RecipientOut | None = Field(None, alias="from", description="Who it is from.")
    toRecipients: list[RecipientOut] | None = Field(None, description="To.")
    ccRecipients: list[RecipientOut] | None = Field(None, description="Cc.")
    bccRecipients: list[RecipientOut] | None = Field(None, description="Bcc (the sender's "
                                                     "copy and drafts only).")
    replyTo: list[RecipientOut] | None = Field(None, description="Reply-to addresses.")
    flag: FollowupFlagOut | None = Field(None, description="Follow-up flag.")
    meetingMessageType: str | None = Field(None, description="Event messages: "
                                           "`meetingRequest`, `meetingCancelled`, ...")
    startDateTime: DateTimeTimeZoneOut | None = Field(None, description="Event messages: "
                                                      "the meeting's start.")
    endDateTime: DateTimeTimeZoneOut | None = Field(None, description="Event messages: end.")
    location: LocationOut | None = Field(None, description="Event messages: location.")
    isAllDay: bool | None = Field(None, description="Event messages: all day.")
    isOutOfDate: bool | None = Field(None, description="Event messages: superseded.")
    isDelegated: bool | None = Field(None, description="Event messages: delegated.")
    attachments: list[AttachmentOut] | None = Field(None, description="With "
                                                    "`$expand=attachments`: its attachments.")


class MessageCollection(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    odata_context: str = Field(alias="@odata.context", description="Metadata URL.")
    odata_count: int | None = Field(None, alias="@odata.count", description="With "
                                    "`$count=true`: how many match.")
    odata_next: str | None = Field(None, alias="@odata.nextLink", description="The next "
                                   "page's URL, when there is one.")
    value: list[MessageOut] = Field(description="The messages.")


class MailFolderOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    odata_context: str | None = Field(None, alias="@odata.context", description="Metadata "
                                      "URL (single reads).")
    id: str = Field(description="The folder's id.", json_schema_extra=entity("MailFolderId"))
    displayName: str | None = Field(None, description="Its name.",
                                    json_schema_extra=entity("MailFolderName"))
    parentFolderId: str | None = Field(None, description="The folder it is in.",
                                       json_schema_extra=entity("MailFolderId"))
    childFolderCount: int | None = Field(None, description="Immediate child folders.")
    unreadItemCount: int | None = Field(None, description="Unread messages in it.")
    totalItemCount: int | None = Field(None, description="Messages in it.")
    sizeInBytes: int | None = Field(None, description="Size of its messages.")
    isHidden: bool | None = Field(None, description="Whether it is hidden.")


class MailFolderCollection(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    odata_context: str = Field(alias="@odata.context", description="Metadata URL.")
    odata_count: int | None = Field(None, alias="@odata.count", description="How many.")
    odata_next: str | None = Field(None, alias="@odata.nextLink", description="Next page.")
    value: list[MailFolderOut] = Field(description="The folders.")


class AttachmentOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    odata_type: str | None = Field(None, alias="@odata.type",
                                   description="`#microsoft.graph.fileAttachment`.")
    odata_context: str | None = Field(None, alias="@odata.context", description="Metadata "
                                      "URL (single reads).")
    id: str = Field(description="The attachment's id.",
                    json_schema_extra=entity("MailAttachmentId"))
    lastModifiedDateTime: str | None = Field(None, description="Last changed (UTC).")
    name: str | None = Field(None, description="File name.")
    contentType: str | None = Field(None, description="MIME type.")
    size: int | None = Field(None, description="Size in bytes.")
    isInline: bool | None = Field(None, description="Shown in the body.")
    contentId: str | None = Field(None, description="Inline content id.")
    contentLocation: str | None = Field(None, description="Content location.")
    contentBytes: str | None = Field(None, description="The file, base64 (null for "
                                     "attachments the world holds metadata of only).")


class AttachmentCollection(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    odata_context: str = Field(alias="@odata.context", description="Metadata URL.")
    odata_count: int | None = Field(None, alias="@odata.count", description="How many.")
    odata_next: str | None = Field(None, alias="@odata.nextLink", description="Next page.")
    value: list[AttachmentOut] = Field(description="The attachments.")
