"""spreadsheets.create, spreadsheets.get and spreadsheets.batchUpdate.

A batch is applied to the book in memory request by request (each kind's handler lives
with its feature: `tabs`, `basic`, `protect`, `devmeta`, `filter_views`, `rules`, `layout`,
`paste`, `moves`, `embedded`, `comments`); the first bad request raises and nothing is saved
(the whole batch is atomic, as in Sheets). Protection is re-read before each request, so a
range protected earlier in the batch is protected for the requests after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import (
    basic,
    comments,
    devmeta,
    embedded,
    filter_views,
    layout,
    moves,
    paste,
    protect,
    rules,
    tabs,
)
from arcadia.apps.sheets.book import Book
from arcadia.apps.sheets.ids import new_spreadsheet_id
from arcadia.apps.sheets.render import render_book
from arcadia.apps.sheets.service import locate, open_book
from arcadia.apps.sheets.store import save

# A request kind's rule: (ctx, book, the request's body, its field path) -> its reply.
Handler = Callable[[Ctx, Book, dict[str, Any], str], dict[str, Any]]
HANDLERS: dict[str, Handler] = {**tabs.HANDLERS, **basic.HANDLERS, **protect.HANDLERS,
                                **devmeta.HANDLERS, **filter_views.HANDLERS, **rules.HANDLERS,
                                **layout.HANDLERS, **paste.HANDLERS, **moves.HANDLERS,
                                **embedded.HANDLERS, **comments.HANDLERS}


def get(ctx: Ctx, spreadsheet_id: str, *, ranges: list[str], include_grid: bool,
        comments_mode: str | None = None) -> dict[str, Any]:
    book, _ = open_book(ctx, spreadsheet_id, write=False)
    located = [locate(book, r, "ranges") for r in ranges]
    return render_book(ctx, book, ranges=located or None, grid=include_grid,
                       comments=comments_mode)


def create(ctx: Ctx, body: dict[str, Any]) -> dict[str, Any]:
    props = body.get("properties") or {}
    book = Book(id=new_spreadsheet_id(ctx), title=props.get("title") or "Untitled spreadsheet",
                locale=props.get("locale") or "en_US",
                time_zone=props.get("timeZone") or "America/New_York",
                owner_id=ctx.principal.id, editors=(), readers=(), sheets=[])
    for i, item in enumerate(body.get("sheets") or [{}]):
        sp = dict(item.get("properties") or {})
        sp.setdefault("index", len(book.sheets))
        if "sheetId" not in sp and i == 0:
            sp["sheetId"] = 0
        sheet = tabs.add_sheet_to(ctx, book, sp, f"sheets[{i}].properties")
        for j, data in enumerate(item.get("data") or []):
            basic.write_rows(sheet, data.get("startRow") or 0, data.get("startColumn") or 0,
                             data.get("rowData") or [], "*", f"sheets[{i}].data[{j}]")
    book.reindex()
    extras = {k: props[k] for k in tabs.BOOK_SETTINGS if props.get(k) is not None}
    if extras:
        tabs.update_spreadsheet_properties(ctx, book, {"properties": extras, "fields": ",".join(
            extras)}, "properties")
    for i, named in enumerate(body.get("namedRanges") or []):
        protect.add_named_range(ctx, book, {"namedRange": named}, f"namedRanges[{i}]")
    for i, meta in enumerate(body.get("developerMetadata") or []):
        devmeta.create(ctx, book, {"developerMetadata": meta}, f"developerMetadata[{i}]")
    save(ctx.session, book, None)
    ctx.commit()
    return render_book(ctx, book)


def apply_request(ctx: Ctx, book: Book, req: dict[str, Any], i: int) -> dict[str, Any]:
    """Apply one request of a batch to `book`; its reply ({} when it has none)."""
    named = [k for k, v in req.items() if v is not None]
    field = f"requests[{i}]"
    if len(named) != 1:
        raise invalid(f"Invalid {field}: set exactly one kind of request (addSheet, "
                      "deleteSheet, updateCells, ...).", field)
    kind = named[0]
    handler = HANDLERS.get(kind)
    if handler is None:
        raise invalid(f"Invalid {field}: {kind} is not supported by this server.", field)
    protect.refresh_locks(ctx, book)
    return handler(ctx, book, req[kind], f"{field}.{kind}")


def batch_update(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    requests = body.get("requests") or []
    replies = [apply_request(ctx, book, req, i) for i, req in enumerate(requests)]
    ranges = [locate(book, r, "responseRanges") for r in body.get("responseRanges") or []]
    save(ctx.session, book, before)
    ctx.commit()
    out: dict[str, Any] = {"spreadsheetId": book.id, "replies": replies}
    if body.get("includeSpreadsheetInResponse"):
        out["updatedSpreadsheet"] = render_book(
            ctx, book, ranges=ranges or None, grid=bool(body.get("responseIncludeGridData")),
            comments=body.get("commentsViewMode"))
    if any(next(iter(r)) in comments.HANDLERS for r in requests if r):
        out["commentUpdateState"] = "ALL_SAVED"
    return out
