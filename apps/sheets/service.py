"""What the sheets services share: who may read and write a spreadsheet (`open_book` loads
it for a request), ranges (A1, R1C1, a named range) located in a book, setting one cell (a
protected range refusing those who may not edit it), and the bounds on a request's work."""

from __future__ import annotations

from arcadia.apps.kernel import Ctx, forbidden, invalid, not_found
from arcadia.apps.sheets import grid, protect
from arcadia.apps.sheets.a1 import Bounds, RangeError, a1, parse_range
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.store import Snapshot, load, snapshot
from arcadia.apps.sheets.values import Entered

MAX_WRITE_CELLS = 200_000  # cells one request may write (bounds a request's work)
MAX_GRID_CELLS = 10_000_000  # Google's limit for a spreadsheet


def spreadsheet_url(sid: str) -> str:
    return f"https://docs.google.com/spreadsheets/d/{sid}/edit"


# -- access ----------------------------------------------------------------------------------

def may_write(ctx: Ctx, book: Book) -> bool:
    return book.owner_id == ctx.principal.id or ctx.principal.has_any(book.editors)


def may_read(ctx: Ctx, book: Book) -> bool:
    return may_write(ctx, book) or "employee" in book.readers or \
        ctx.principal.has_any(book.readers)


def open_book(ctx: Ctx, spreadsheet_id: str, *, write: bool) -> tuple[Book, Snapshot]:
    book = load(ctx, spreadsheet_id)
    if book is None:
        raise not_found("Requested entity was not found.", field="spreadsheetId")
    if not may_read(ctx, book):
        raise forbidden("The caller does not have permission")
    if write and not may_write(ctx, book):
        raise forbidden("The caller does not have permission to edit this spreadsheet; "
                        "its owner or an editor role may.")
    if write:
        protect.refresh_locks(ctx, book)
    return book, snapshot(book)


# -- ranges ----------------------------------------------------------------------------------

def locate(book: Book, text: str, field: str = "range") -> tuple[SheetState, Bounds]:
    """The sheet and bounds of a range string (400 "Unable to parse range" if it is not
    one of this book's ranges, or lies outside the grid)."""
    try:
        parsed = parse_range(text, book.titles())
    except RangeError:
        named = protect.named_range(book, text)
        if named is None:
            raise invalid(f"Unable to parse range: {text}", field) from None
        return book.by_id(grid.sheet_of(named["range"])), grid.bounds(named["range"])
    sheet = book.first() if parsed.sheet is None else book.by_title(parsed.sheet)
    if sheet is None:
        raise invalid(f"Unable to parse range: {text}", field)
    b = parsed.bounds
    if (b.start_row or 0) >= sheet.row_count or (b.start_col or 0) >= sheet.column_count:
        raise invalid(f"Range ({a1(sheet.title, b.start_row or 0, (b.start_row or 0) + 1, b.start_col or 0, (b.start_col or 0) + 1)}) exceeds grid limits. Max rows: {sheet.row_count}, max columns: {sheet.column_count}", field)  # noqa: E501
    return sheet, b


def range_text(sheet: SheetState, b: Bounds) -> str:
    r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
    return a1(sheet.title, r0, r1, c0, c1)


# -- cells ----------------------------------------------------------------------------------

def put(sheet: SheetState, r: int, c: int, e: Entered) -> None:
    """Set a cell (an empty string clears the value, keeping a format)."""
    if e.kind == "string" and e.value == "":
        e = Entered(None, None, e.fmt)
    if sheet.locks:
        protect.check_cell(sheet, r, c)
    if e.kind is None and not e.fmt:
        sheet.cells.pop((r, c), None)
    else:
        sheet.cells[(r, c)] = e
