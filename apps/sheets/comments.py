"""Comment threads (insertComment, addCommentReply, updateCommentPost, deleteComment,
deleteCommentReply), shown by spreadsheets.get with commentsViewMode
COMMENTS_VIEW_MODE_INCLUDED (`comments`, and each sheet's `commentAnchors`).

A thread is tied to one cell and follows it as rows and columns move (losing its anchor
when the cell is deleted). Posts are written at the episode's clock by the caller; only a
post's author may edit or delete it, and only the head post's author the thread (400, as
Sheets answers).
"""

from __future__ import annotations

import html
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import grid
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.book import Book, Evaluator

INCLUDED = ("COMMENTS_VIEW_MODE_INCLUDED", "COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS")


def _stamp(ctx: Ctx) -> str:
    return ctx.now.isoformat(timespec="milliseconds") + "Z"


def _post(ctx: Ctx, content: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    n = ctx.next_seq("commentPost")
    post: dict[str, Any] = {"postId": f"{n:010d}", "author": {
        "displayName": ctx.principal.name, "user": f"users/{ctx.principal.id}"},
        "createTime": _stamp(ctx), "updateTime": _stamp(ctx)}
    if content:
        post["content"], post["contentHtml"] = content, html.escape(content)
    post.update(extra or {})
    return post


def _content(value: Any, field: str, *, required: bool = True) -> str:
    text = (value or "").strip() if isinstance(value, str) else ""
    if required and not text:
        raise invalid(f"Invalid {field}: the content cannot be empty (1 to 2048 characters).",
                      field)
    return str(value or "")


def _thread(book: Book, cid: Any, field: str) -> dict[str, Any]:
    found = next((t for t in book.comments if t["commentId"] == cid), None)
    if found is None:
        raise invalid(f"No comment thread with id: {cid}", field)
    return found


def _mine(ctx: Ctx, post: dict[str, Any]) -> bool:
    return bool((post.get("author") or {}).get("user") == f"users/{ctx.principal.id}")


def insert_comment(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    at = body.get("coordinate") or {}
    sheet = grid.sheet(book, at.get("sheetId"), f"{field}.coordinate.sheetId")
    r, c = at.get("rowIndex") or 0, at.get("columnIndex") or 0
    if r >= sheet.row_count or c >= sheet.column_count:
        raise invalid(f"Invalid {field}.coordinate: outside the grid ({sheet.row_count} rows, "
                      f"{sheet.column_count} columns).", f"{field}.coordinate")
    content = _content(body.get("content"), f"{field}.content")
    n = ctx.next_seq("comment")
    extra = {"assigneeEmail": body["assigneeEmailAddress"]} \
        if body.get("assigneeEmailAddress") else {}
    thread: dict[str, Any] = {"commentId": f"{n:010d}", "anchorId": f"anchor-{n:010d}",
                              "headPost": _post(ctx, content, extra), "status": "OPEN"}
    entered = sheet.cells.get((r, c))
    if entered is not None and entered.kind is not None:
        shown = vv.formatted(Evaluator(book).value(sheet, r, c), entered.fmt)
        if shown:
            thread["plainTextQuote"] = shown
    thread["anchor"] = grid.norm({"sheetId": sheet.sheet_id, "startRowIndex": r,
                                  "endRowIndex": r + 1, "startColumnIndex": c,
                                  "endColumnIndex": c + 1})
    book.comments.append(thread)
    return {"insertComment": {"commentThread": rendered(ctx, thread)}}


def add_reply(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    thread = _thread(book, body.get("commentId"), f"{field}.commentId")
    post = body.get("post") or {}
    action = post.get("commentAction") or "NO_COMMENT_ACTION_CHANGE"
    if action == "COMMENT_ACTION_TYPE_UNSPECIFIED":
        action = "NO_COMMENT_ACTION_CHANGE"
    changes_status = action in ("RESOLVE", "REOPEN")
    content = _content(post.get("content"), f"{field}.post.content", required=not changes_status)
    extra: dict[str, Any] = {}
    if post.get("assigneeEmail"):
        if changes_status or not thread["headPost"].get("assigneeEmail"):
            raise invalid(f"Invalid {field}.post.assigneeEmail: a reply may reassign only a "
                          "thread that has an assignee, and not while resolving or reopening "
                          "it.", f"{field}.post.assigneeEmail")
        extra["assigneeEmail"] = post["assigneeEmail"]
    if changes_status:
        extra["commentAction"] = action
        thread["status"] = "RESOLVED" if action == "RESOLVE" else "OPEN"
    reply = _post(ctx, content, extra)
    thread.setdefault("replies", []).append(reply)
    return {"addCommentReply": {"post": {**reply, "author": {**reply["author"], "me": True}}}}


def update_post(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    thread = _thread(book, body.get("commentId"), f"{field}.commentId")
    posts = [thread["headPost"]] + thread.get("replies", [])
    post = next((p for p in posts if p["postId"] == body.get("postId")), None)
    if post is None or post.get("deleted"):
        raise invalid(f"No post with id: {body.get('postId')}", f"{field}.postId")
    if not _mine(ctx, post):
        raise invalid(f"Invalid {field}: only the author of a post may edit it.", field)
    content = _content(body.get("content"), f"{field}.content")
    post.update(content=content, contentHtml=html.escape(content), updateTime=_stamp(ctx))
    return {}


def delete_comment(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    thread = _thread(book, body.get("commentId"), f"{field}.commentId")
    if not _mine(ctx, thread["headPost"]):
        raise invalid(f"Invalid {field}: only the author of a thread's first post may delete "
                      "the thread.", field)
    book.comments.remove(thread)
    return {}


def delete_reply(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    thread = _thread(book, body.get("commentId"), f"{field}.commentId")
    replies = thread.get("replies", [])
    post = next((p for p in replies if p["postId"] == body.get("postId")), None)
    if post is None or post.get("deleted"):
        raise invalid(f"No reply with id: {body.get('postId')}", f"{field}.postId")
    if not _mine(ctx, post):
        raise invalid(f"Invalid {field}: only the author of a reply may delete it.", field)
    keep = {k: post[k] for k in ("postId", "createTime") if k in post}
    replies[replies.index(post)] = {**keep, "deleted": True, "updateTime": _stamp(ctx)}
    return {}


def rendered(ctx: Ctx, thread: dict[str, Any]) -> dict[str, Any]:
    """A thread as the caller sees it (`author.me`), without our anchor key."""
    def post(p: dict[str, Any]) -> dict[str, Any]:
        if "author" not in p:
            return p
        return {**p, "author": {**p["author"], "me": _mine(ctx, p)}}

    out = {k: v for k, v in thread.items() if k != "anchor"}
    if "anchor" not in thread:
        out.pop("anchorId", None)
    out["headPost"] = post(thread["headPost"])
    if thread.get("replies"):
        out["replies"] = [post(p) for p in thread["replies"]]
    return out


HANDLERS = {"insertComment": insert_comment, "addCommentReply": add_reply,
            "updateCommentPost": update_post, "deleteComment": delete_comment,
            "deleteCommentReply": delete_reply}
