"""Structural changes to a book that formulas must follow, as Sheets does: inserting or
deleting rows/columns shifts the cells and every reference to them (a reference to a
deleted cell becomes `#REF!`), and everything else that names rows or columns
(`follow.shift`: named and protected ranges, merges, filters, ...); renaming a sheet renames
it in every formula."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcadia.apps.sheets import follow, rewrite
from arcadia.apps.sheets import formula as fx
from arcadia.apps.sheets.a1 import Bounds, col_letters, quote_title
from arcadia.apps.sheets.book import Book, SheetState

Shift = Callable[[int | None, bool], int | None]  # (index or None, is_end) -> new or None=gone


def ref_text(bounds: Bounds, as_range: bool = False) -> str:
    """A1 text of reference bounds (`A1`, `A1:B2`, `A:B`, `2:3`, `A2:C`)."""
    def end(row: int | None, col: int | None) -> str:
        return (col_letters(col) if col is not None else "") + \
            (str(row + 1) if row is not None else "")
    b = bounds
    start = end(b.start_row, b.start_col)
    stop = end(None if b.end_row is None else b.end_row - 1,
               None if b.end_col is None else b.end_col - 1)
    if not as_range and (b.start_row is not None and b.end_row == b.start_row + 1
                         and b.start_col is not None and b.end_col == b.start_col + 1):
        return start
    if not start:
        start = "A" if b.start_row is None else str(b.start_row + 1)
    return f"{start}:{stop}"


def rewrite_all(book: Book, change: Callable[[SheetState, str | None, Bounds], str | None]
                 ) -> None:
    for sheet in book.sheets:
        for key, e in list(sheet.cells.items()):
            if e.kind == "formula":
                new = rewrite.refs(e.value, lambda s, b, here=sheet: change(here, s, b))
                if new != e.value:
                    sheet.cells[key] = type(e)("formula", new, e.fmt)


def _targets(book: Book, here: SheetState, sheet_name: str | None, target: SheetState) -> bool:
    if sheet_name is None:
        return here is target
    found = book.by_title(sheet_name)
    return found is target


def shift(book: Book, sheet: SheetState, rows: bool, at: int, count: int,
          span: tuple[int, int] | None = None) -> None:
    """Insert (`count` > 0) or delete (`count` < 0, the span `at`..`at-count`) rows or
    columns of `sheet`, moving its cells and following every reference.

    With `span` (the other dimension's start and end), only the cells in those columns
    (rows) move, as insertRange/deleteRange shift cells: references entirely within them
    follow; the sheet's other objects stay where they are."""
    def inside(other: int) -> bool:
        return span is None or span[0] <= other < span[1]

    for store in (sheet.cells, sheet.notes) if span is not None else (sheet.cells,):
        moved: dict[tuple[int, int], Any] = {}
        for (r, c), e in store.items():
            i, other = (r, c) if rows else (c, r)
            if inside(other):
                if count < 0 and at <= i < at - count:
                    continue
                if i >= at:
                    i += count
            moved[(i, other) if rows else (other, i)] = e
        if store is sheet.cells:
            sheet.cells = moved
        else:
            sheet.notes = moved

    def move_start(i: int | None) -> int | None:
        if i is None or i < at:
            return i
        if count > 0:
            return i + count
        return max(at, i + count)

    def move_end(i: int | None) -> int | None:  # exclusive end
        if i is None or i <= at:
            return i
        if count > 0:
            return i + count
        return max(at, i + count)

    def change(here: SheetState, name: str | None, b: Bounds) -> str | None:
        if not _targets(book, here, name, sheet):
            return None
        if span is not None:
            lo, hi = (b.start_col, b.end_col) if rows else (b.start_row, b.end_row)
            if lo is None or hi is None or lo < span[0] or hi > span[1]:
                return None
        if rows:
            nb = Bounds(move_start(b.start_row), move_end(b.end_row), b.start_col, b.end_col)
            empty = nb.start_row is not None and nb.end_row is not None and \
                nb.end_row <= nb.start_row
        else:
            nb = Bounds(b.start_row, b.end_row, move_start(b.start_col), move_end(b.end_col))
            empty = nb.start_col is not None and nb.end_col is not None and \
                nb.end_col <= nb.start_col
        if nb == b:
            return None
        prefix = "" if name is None else quote_title(name) + "!"
        was_cell = fx.Ref(None, b).is_cell
        return "#REF!" if empty else prefix + ref_text(nb, as_range=not was_cell)

    rewrite_all(book, change)
    if span is None:
        follow.shift(book, sheet, rows, at, count)


def rename(book: Book, sheet: SheetState, title: str) -> None:
    """Rename `sheet` and every formula's reference to it."""
    old = sheet.title

    def change(here: SheetState, name: str | None, b: Bounds) -> str | None:
        if name is None or name.lower() != old.lower():
            return None
        return quote_title(title) + "!" + ref_text(b, as_range=not fx.Ref(None, b).is_cell)

    rewrite_all(book, change)
    sheet.title = title
