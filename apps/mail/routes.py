"""Graph's mail routes, each served for `/v1.0/me/...` and `/v1.0/users/{user_id}/...`.
Mounted under `/mail` (base URL `http://host/mail/v1.0`). One service call per route."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import JSONResponse

from arcadia.apps.kernel import CtxDep, entity, graph_request, op
from arcadia.apps.kernel.odata import Top, me_and_user, odata_query
from arcadia.apps.mail import attachment_service as at
from arcadia.apps.mail import folder_service as fs
from arcadia.apps.mail import message_service as ms
from arcadia.apps.mail import query as qo
from arcadia.apps.mail import schemas as s
from arcadia.apps.mail import send_service as ss

router = APIRouter(dependencies=[graph_request])

UserId = Annotated[str, Path(max_length=320, description=(
    "The user's Graph id (a GUID) or userPrincipalName (their e-mail address); only your "
    "own mailbox is accessible."), json_schema_extra=entity("GraphUserId"))]
MessageId = Annotated[str, Path(max_length=300, description="The message's id.",
                                json_schema_extra=entity("MailMessageId"))]
FolderId = Annotated[str, Path(max_length=300, description=(
    "The folder's id or a well-known name: inbox, drafts, sentitems, deleteditems, "
    "archive, junkemail, outbox, msgfolderroot."), json_schema_extra=entity("MailFolderId"))]
ChildId = Annotated[str, Path(max_length=300, description="The child folder's id.",
                              json_schema_extra=entity("MailFolderId"))]
AttachmentId = Annotated[str, Path(max_length=300, description="The attachment's id.",
                                   json_schema_extra=entity("MailAttachmentId"))]
Filter = Annotated[str | None, odata_query("filter", (
    "OData filter, e.g. `isRead eq false and receivedDateTime ge 2026-03-01T00:00:00Z`, "
    "`from/emailAddress/address eq 'a@b.com'`, "
    "`toRecipients/any(r: r/emailAddress/address eq 'a@b.com')`."))]
OrderBy = Annotated[str | None, odata_query("orderby", "Sort keys, e.g. `receivedDateTime desc`.")]
Select = Annotated[str | None, odata_query("select", (
    "Properties to return, comma-separated (id always comes)."))]
Search = Annotated[str | None, odata_query("search", (
    'KQL search, e.g. `"budget"`, `"from:alex subject:offsite"`; not with $orderby.'))]
Expand = Annotated[str | None, odata_query("expand", (
    "`attachments`: each message with its attachments."))]
Count = Annotated[str | None, odata_query("count", "`true` adds `@odata.count`: how many match.")]
Skip = Annotated[int | None, odata_query("skip", (
    "Items to skip; follow `@odata.nextLink` for the next page."))]

E = (403, 404)
Handler = Callable[..., Awaitable[Any]]


def graph(method: str, tail: str, name: str, summary: str, description: str, *,
          write: bool, status_code: int | None = None, errors: tuple[int, ...] = E,
          response_model: Any = None) -> Callable[[Handler], Handler]:
    """Register `fn` twice: `/v1.0/me{tail}` (op `mail_<name>`) and
    `/v1.0/users/{user_id}{tail}` (op `mail_<name>_of_user`). `fn` takes `user_id`."""

    def register(fn: Handler) -> Handler:
        kwargs: dict[str, Any] = {"response_model": response_model}
        if status_code in (202, 204):
            kwargs["response_class"] = Response
        return me_and_user(
            router, method, f"/v1.0/me{tail}", f"/v1.0/users/{{user_id}}{tail}", fn, **kwargs,
            me=op(f"mail_{name}", summary, description + " Acts on your own mailbox (`/me`).",
                  write=write, status_code=status_code, errors=errors),
            user=op(f"mail_{name}_of_user", summary + " (by user)", description + (
                " The user is you, by Graph id or userPrincipalName; another person's "
                "mailbox is 403, an unknown user 404 (ErrorInvalidUser)."), write=write,
                status_code=status_code, errors=errors))

    return register


def ok(body: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status)


QUERY_DOC = (" Supports $filter, $search, $orderby, $select, $top (default 10), $skip and "
             "$count; pages carry `@odata.nextLink`. Times are UTC; send "
             '`Prefer: outlook.timezone="..."` for meeting and flag times in another zone.')


# ----------------------------------------------------------------------------- messages
@graph("GET", "/messages", "list_messages", "List messages",
       "The messages in every folder of the mailbox, newest first." + QUERY_DOC,
       write=False, errors=(400, 403, 404), response_model=s.MessageCollection)
async def list_messages(ctx: CtxDep, request: Request, user_id: UserId, filter: Filter = None,
                        orderby: OrderBy = None, select: Select = None, search: Search = None,
                        count: Count = None, top: Top = None, skip: Skip = None,
                        expand: Expand = None) -> Any:
    return ok(ms.list_messages(ctx, request, user=user_id, folder=None, child=None,
                               q=qo.Query(filter, orderby, select, search, count, top, skip,
                                          expand)))


@graph("POST", "/messages", "create_message", "Create a draft",
       "Create a draft message in Drafts (send it with /send). Body: a message "
       "(subject, body {contentType, content}, toRecipients, ccRecipients, ...).",
       write=True, status_code=201, errors=(400, 403, 404), response_model=s.MessageOut)
async def create_message(ctx: CtxDep, request: Request, user_id: UserId,
                         body: s.MessageWrite) -> Any:
    return ok(ms.create_message(ctx, request, user=user_id, folder=None, data=body), 201)


@graph("GET", "/messages/{message_id}", "get_message", "Get a message",
       "One message of the mailbox by id. Supports $select.", write=False,
       errors=(400, 403, 404), response_model=s.MessageOut)
async def get_message(ctx: CtxDep, request: Request, user_id: UserId, message_id: MessageId,
                      select: Select = None, expand: Expand = None) -> Any:
    return ok(ms.get_message(ctx, request, user=user_id, message=message_id, folder=None,
                             select_=select, expand=expand))


@graph("PATCH", "/messages/{message_id}", "update_message", "Update a message",
       "Change isRead, categories, flag, importance, inferenceClassification; on a draft "
       "also subject, body and recipients (a sent message's are refused: "
       "ErrorInvalidPropertyUpdateSentMessage).", write=True, errors=(400, 403, 404),
       response_model=s.MessageOut)
async def update_message(ctx: CtxDep, request: Request, user_id: UserId,
                         message_id: MessageId, body: s.MessageWrite) -> Any:
    return ok(ms.update_message(ctx, request, user=user_id, message=message_id, data=body))


@graph("DELETE", "/messages/{message_id}", "delete_message", "Delete a message",
       "Delete a message (it leaves every folder; move it to deleteditems to keep it).",
       write=True, status_code=204, errors=(400, 403, 404))
async def delete_message(ctx: CtxDep, user_id: UserId, message_id: MessageId) -> Any:
    ms.delete_message(ctx, user=user_id, message=message_id)
    return Response(status_code=204)


@graph("POST", "/messages/{message_id}/send", "send_message", "Send a draft",
       "Send a draft: it moves to Sent Items and each internal recipient gets a copy in "
       "their Inbox; external addresses are recorded as sent. 202, no body.", write=True,
       status_code=202, errors=(400, 403, 404))
async def send_message(ctx: CtxDep, user_id: UserId, message_id: MessageId) -> Any:
    ss.send_draft(ctx, user=user_id, message=message_id)
    return Response(status_code=202)


@graph("POST", "/sendMail", "send_mail", "Send mail",
       "Send a new message in one call. Body: {message, saveToSentItems} (PascalCase keys "
       "as msgraph-sdk sends them are accepted). 202, no body.", write=True,
       status_code=202, errors=(400, 403, 404))
async def send_mail(ctx: CtxDep, user_id: UserId, body: s.SendMailBody) -> Any:
    ss.send_mail(ctx, user=user_id, data=body)
    return Response(status_code=202)


def _respond(kind: str, send_now: bool) -> Handler:
    async def handler(ctx: CtxDep, request: Request, user_id: UserId, message_id: MessageId,
                      body: s.ForwardBody) -> Any:
        b = body
        result = ss.respond(ctx, request, user=user_id, message=message_id, kind=kind,
                            comment=b.comment, extra=b.message,
                            to=b.toRecipients, send_now=send_now)
        return Response(status_code=202) if result is None else ok(result, 201)
    return handler


def _reply_handler(kind: str, send_now: bool) -> Handler:
    async def handler(ctx: CtxDep, request: Request, user_id: UserId, message_id: MessageId,
                      body: s.ReplyBody) -> Any:
        b = body
        result = ss.respond(ctx, request, user=user_id, message=message_id, kind=kind,
                            comment=b.comment, extra=b.message, to=None, send_now=send_now)
        return Response(status_code=202) if result is None else ok(result, 201)
    return handler


for _kind, _path, _name, _what in (
        ("reply", "reply", "reply_message", "Reply to the sender"),
        ("replyAll", "replyAll", "reply_all_message", "Reply to all")):
    graph("POST", f"/messages/{{message_id}}/{_path}", _name, _what,
          f"{_what} of a message in your mailbox, in its thread (same conversationId), "
          "with `comment` above the quoted original; saved to Sent Items. Body: "
          "{comment, message}. A message not in your mailbox is 404. 202, no body.",
          write=True, status_code=202, errors=(400, 403, 404))(_reply_handler(_kind, True))
    graph("POST", f"/messages/{{message_id}}/create{_path[0].upper()}{_path[1:]}",
          f"create_{_name}", f"Draft: {_what.lower()}",
          f"A draft {_what.lower()} in Drafts (edit it, then /send). Body: "
          "{comment, message}.", write=True, status_code=201, errors=(400, 403, 404),
          response_model=s.MessageOut)(_reply_handler(_kind, False))

graph("POST", "/messages/{message_id}/forward", "forward_message", "Forward a message",
      "Forward a message to toRecipients with `comment` above it (attachments go along); "
      "saved to Sent Items. Body: {comment, toRecipients, message}. 202, no body.",
      write=True, status_code=202, errors=(400, 403, 404))(_respond("forward", True))
graph("POST", "/messages/{message_id}/createForward", "create_forward_message",
      "Draft: forward", "A draft forward in Drafts. Body: {comment, toRecipients, message}.",
      write=True, status_code=201, errors=(400, 403, 404),
      response_model=s.MessageOut)(_respond("forward", False))


@graph("POST", "/messages/{message_id}/move", "move_message", "Move a message",
       "Move a message to another folder (id or well-known name in destinationId). The "
       "moved message has a new id, as in Exchange. 201 with the message.", write=True,
       status_code=201, errors=(400, 403, 404), response_model=s.MessageOut)
async def move_message(ctx: CtxDep, request: Request, user_id: UserId,
                       message_id: MessageId, body: s.MoveBody) -> Any:
    return ok(ms.move_or_copy(ctx, request, user=user_id, message=message_id,
                              destination=body.destinationId, copy=False), 201)


@graph("POST", "/messages/{message_id}/copy", "copy_message", "Copy a message",
       "Copy a message into a folder (destinationId); the copy has its own id. 201.",
       write=True, status_code=201, errors=(400, 403, 404), response_model=s.MessageOut)
async def copy_message(ctx: CtxDep, request: Request, user_id: UserId,
                       message_id: MessageId, body: s.MoveBody) -> Any:
    return ok(ms.move_or_copy(ctx, request, user=user_id, message=message_id,
                              destination=body.destinationId, copy=True), 201)


# ----------------------------------------------------------------------------- attachments
@graph("GET", "/messages/{message_id}/attachments", "list_attachments", "List attachments",
       "A message's attachments (fileAttachment: name, contentType, size, contentBytes).",
       write=False, errors=(400, 403, 404), response_model=s.AttachmentCollection)
async def list_attachments(ctx: CtxDep, request: Request, user_id: UserId,
                           message_id: MessageId, filter: Filter = None,
                           orderby: OrderBy = None, select: Select = None,
                           count: Count = None, top: Top = None, skip: Skip = None) -> Any:
    return ok(at.list_attachments(ctx, request, user=user_id, message=message_id,
                                  q=qo.Query(filter, orderby, select, None, count, top, skip)))


@graph("POST", "/messages/{message_id}/attachments", "add_attachment", "Add an attachment",
       "Attach a file (`@odata.type: #microsoft.graph.fileAttachment`, name, contentType, "
       "contentBytes base64, at most 3 MB).", write=True, status_code=201,
       errors=(400, 403, 404), response_model=s.AttachmentOut)
async def add_attachment(ctx: CtxDep, request: Request, user_id: UserId,
                         message_id: MessageId, body: s.AttachmentCreate) -> Any:
    return ok(at.add_attachment(ctx, request, user=user_id, message=message_id, data=body),
              201)


@graph("GET", "/messages/{message_id}/attachments/{attachment_id}", "get_attachment",
       "Get an attachment", "One attachment of a message, with its contentBytes.",
       write=False, errors=(400, 403, 404), response_model=s.AttachmentOut)
async def get_attachment(ctx: CtxDep, request: Request, user_id: UserId,
                         message_id: MessageId, attachment_id: AttachmentId) -> Any:
    return ok(at.get_attachment(ctx, request, user=user_id, message=message_id,
                                attachment=attachment_id))


@graph("DELETE", "/messages/{message_id}/attachments/{attachment_id}", "delete_attachment",
       "Delete an attachment", "Remove an attachment from a message.", write=True,
       status_code=204, errors=(400, 403, 404))
async def delete_attachment(ctx: CtxDep, user_id: UserId, message_id: MessageId,
                            attachment_id: AttachmentId) -> Any:
    at.delete_attachment(ctx, user=user_id, message=message_id, attachment=attachment_id)
    return Response(status_code=204)


# ----------------------------------------------------------------------------- folders
@graph("GET", "/mailFolders", "list_folders", "List mail folders",
       "The mailbox's top-level folders (Inbox, Drafts, Sent Items, Deleted Items, "
       "Archive, Junk Email, Outbox and your own), with item and unread counts. Supports "
       "$filter, $orderby, $select, $top, $skip, $count.", write=False,
       errors=(400, 403, 404), response_model=s.MailFolderCollection)
async def list_folders(ctx: CtxDep, request: Request, user_id: UserId, filter: Filter = None,
                       orderby: OrderBy = None, select: Select = None, count: Count = None,
                       top: Top = None, skip: Skip = None) -> Any:
    return ok(fs.list_folders(ctx, request, user=user_id, parent=None,
                              q=qo.Query(filter, orderby, select, None, count, top, skip)))


@graph("POST", "/mailFolders", "create_folder", "Create a mail folder",
       "A new top-level folder (displayName); a sibling of the same name is 409 "
       "ErrorFolderExists.", write=True, status_code=201, errors=(400, 403, 404, 409),
       response_model=s.MailFolderOut)
async def create_folder(ctx: CtxDep, request: Request, user_id: UserId,
                        body: s.FolderCreate) -> Any:
    return ok(fs.create_folder(ctx, request, user=user_id, parent=None, data=body), 201)


@graph("GET", "/mailFolders/{folder_id}", "get_folder", "Get a mail folder",
       "One folder by id or well-known name.", write=False, errors=(400, 403, 404),
       response_model=s.MailFolderOut)
async def get_folder(ctx: CtxDep, request: Request, user_id: UserId,
                     folder_id: FolderId) -> Any:
    return ok(fs.get_folder(ctx, request, user=user_id, folder=folder_id))


@graph("GET", "/mailFolders/{folder_id}/childFolders", "list_child_folders",
       "List child folders", "The folders directly under a folder.", write=False,
       errors=(400, 403, 404), response_model=s.MailFolderCollection)
async def list_child_folders(ctx: CtxDep, request: Request, user_id: UserId,
                             folder_id: FolderId, filter: Filter = None,
                             orderby: OrderBy = None, select: Select = None,
                             count: Count = None, top: Top = None, skip: Skip = None) -> Any:
    return ok(fs.list_folders(ctx, request, user=user_id, parent=folder_id,
                              q=qo.Query(filter, orderby, select, None, count, top, skip)))


@graph("POST", "/mailFolders/{folder_id}/childFolders", "create_child_folder",
       "Create a child folder", "A new folder under a folder (displayName).", write=True,
       status_code=201, errors=(400, 403, 404, 409), response_model=s.MailFolderOut)
async def create_child_folder(ctx: CtxDep, request: Request, user_id: UserId,
                              folder_id: FolderId, body: s.FolderCreate) -> Any:
    return ok(fs.create_folder(ctx, request, user=user_id, parent=folder_id, data=body), 201)


@graph("GET", "/mailFolders/{folder_id}/childFolders/{child_id}", "get_child_folder",
       "Get a child folder", "One child folder of a folder.", write=False,
       errors=(400, 403, 404), response_model=s.MailFolderOut)
async def get_child_folder(ctx: CtxDep, request: Request, user_id: UserId,
                           folder_id: FolderId, child_id: ChildId) -> Any:
    return ok(fs.get_folder(ctx, request, user=user_id, folder=folder_id, child=child_id))


@graph("GET", "/mailFolders/{folder_id}/messages", "list_folder_messages",
       "List messages in a folder", "The messages in one folder, newest first." + QUERY_DOC,
       write=False, errors=(400, 403, 404), response_model=s.MessageCollection)
async def list_folder_messages(ctx: CtxDep, request: Request, user_id: UserId,
                               folder_id: FolderId, filter: Filter = None,
                               orderby: OrderBy = None, select: Select = None,
                               search: Search = None, count: Count = None, top: Top = None,
                               skip: Skip = None, expand: Expand = None) -> Any:
    return ok(ms.list_messages(ctx, request, user=user_id, folder=folder_id, child=None,
                               q=qo.Query(filter, orderby, select, search, count, top, skip,
                                          expand)))


@graph("POST", "/mailFolders/{folder_id}/messages", "create_folder_message",
       "Create a draft in a folder", "A new draft message in the given folder.",
       write=True, status_code=201, errors=(400, 403, 404), response_model=s.MessageOut)
async def create_folder_message(ctx: CtxDep, request: Request, user_id: UserId,
                                folder_id: FolderId, body: s.MessageWrite) -> Any:
    return ok(ms.create_message(ctx, request, user=user_id, folder=folder_id, data=body), 201)


@graph("GET", "/mailFolders/{folder_id}/messages/{message_id}", "get_folder_message",
       "Get a message in a folder", "One message of a folder by id.", write=False,
       errors=(400, 403, 404), response_model=s.MessageOut)
async def get_folder_message(ctx: CtxDep, request: Request, user_id: UserId,
                             folder_id: FolderId, message_id: MessageId,
                             select: Select = None, expand: Expand = None) -> Any:
    return ok(ms.get_message(ctx, request, user=user_id, message=message_id,
                             folder=folder_id, select_=select, expand=expand))


@graph("GET", "/mailFolders/{folder_id}/childFolders/{child_id}/messages",
       "list_child_folder_messages", "List messages in a child folder",
       "The messages in a child folder, newest first." + QUERY_DOC, write=False,
       errors=(400, 403, 404), response_model=s.MessageCollection)
async def list_child_folder_messages(ctx: CtxDep, request: Request, user_id: UserId,
                                     folder_id: FolderId, child_id: ChildId,
                                     filter: Filter = None, orderby: OrderBy = None,
                                     select: Select = None, search: Search = None,
                                     count: Count = None, top: Top = None,
                                     skip: Skip = None, expand: Expand = None) -> Any:
    return ok(ms.list_messages(ctx, request, user=user_id, folder=folder_id, child=child_id,
                               q=qo.Query(filter, orderby, select, search, count, top, skip,
                                          expand)))


@graph("PATCH", "/mailFolders/{folder_id}", "update_folder", "Rename a mail folder",
       "Change a folder's displayName (well-known folders keep theirs).", write=True,
       errors=(400, 403, 404, 409), response_model=s.MailFolderOut)
async def update_folder(ctx: CtxDep, request: Request, user_id: UserId, folder_id: FolderId,
                        body: s.FolderUpdate) -> Any:
    return ok(fs.update_folder(ctx, request, user=user_id, folder=folder_id, child=None,
                               data=body))


@graph("DELETE", "/mailFolders/{folder_id}", "delete_folder", "Delete a mail folder",
       "Delete a folder you made: it moves, with its messages, under Deleted Items "
       "(deleting it there removes it). Well-known folders cannot be deleted.",
       write=True, status_code=204, errors=(400, 403, 404))
async def delete_folder(ctx: CtxDep, user_id: UserId, folder_id: FolderId) -> Any:
    fs.delete_folder(ctx, user=user_id, folder=folder_id, child=None)
    return Response(status_code=204)


@graph("PATCH", "/mailFolders/{folder_id}/childFolders/{child_id}", "update_child_folder",
       "Rename a child folder", "Change a child folder's displayName.", write=True,
       errors=(400, 403, 404, 409), response_model=s.MailFolderOut)
async def update_child_folder(ctx: CtxDep, request: Request, user_id: UserId,
                              folder_id: FolderId, child_id: ChildId,
                              body: s.FolderUpdate) -> Any:
    return ok(fs.update_folder(ctx, request, user=user_id, folder=folder_id, child=child_id,
                               data=body))


@graph("DELETE", "/mailFolders/{folder_id}/childFolders/{child_id}", "delete_child_folder",
       "Delete a child folder", "Delete a child folder (it moves under Deleted Items).",
       write=True, status_code=204, errors=(400, 403, 404))
async def delete_child_folder(ctx: CtxDep, user_id: UserId, folder_id: FolderId,
                              child_id: ChildId) -> Any:
    fs.delete_folder(ctx, user=user_id, folder=folder_id, child=child_id)
    return Response(status_code=204)


@graph("PATCH", "/mailFolders/{folder_id}/messages/{message_id}", "update_folder_message",
       "Update a message in a folder", "As PATCH /messages/{id}, for a message of this "
       "folder.", write=True, errors=(400, 403, 404), response_model=s.MessageOut)
async def update_folder_message(ctx: CtxDep, request: Request, user_id: UserId,
                                folder_id: FolderId, message_id: MessageId,
                                body: s.MessageWrite) -> Any:
    return ok(ms.update_message(ctx, request, user=user_id, message=message_id, data=body,
                                folder=folder_id))


@graph("DELETE", "/mailFolders/{folder_id}/messages/{message_id}", "delete_folder_message",
       "Delete a message in a folder", "As DELETE /messages/{id}, for a message of this "
       "folder.", write=True, status_code=204, errors=(400, 403, 404))
async def delete_folder_message(ctx: CtxDep, user_id: UserId, folder_id: FolderId,
                                message_id: MessageId) -> Any:
    ms.delete_message(ctx, user=user_id, message=message_id, folder=folder_id)
    return Response(status_code=204)


@graph("POST", "/mailFolders/{folder_id}/childFolders/{child_id}/messages",
       "create_child_folder_message", "Create a draft in a child folder",
       "A new draft message in the given child folder.", write=True, status_code=201,
       errors=(400, 403, 404), response_model=s.MessageOut)
async def create_child_folder_message(ctx: CtxDep, request: Request, user_id: UserId,
                                      folder_id: FolderId, child_id: ChildId,
                                      body: s.MessageWrite) -> Any:
    return ok(ms.create_message(ctx, request, user=user_id, folder=folder_id, data=body,
                                child=child_id), 201)
