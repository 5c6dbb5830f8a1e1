"""Requests that move or fill cells: insertRange and deleteRange (cells shift within the
range's columns or rows), moveDimension (rows or columns moved, everything on them going
along), pasteData and textToColumns (text split into cells, read as if typed), autoFill
(series extended as Sheets extends them), and randomizeRange (rows shuffled, seeded by the
episode, so a run repeats)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import follow, grid, ops, protect, rewrite
from arcadia.apps.sheets import formula as fx
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import Bounds, quote_title
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.service import MAX_WRITE_CELLS, put
from arcadia.apps.sheets.values import Entered


def _shift_dimension(body: dict[str, Any], field: str) -> bool:
    dim = body.get("shiftDimension")
    if dim not in ("ROWS", "COLUMNS"):
        raise invalid(f"Invalid {field}.shiftDimension: use ROWS (cells move down/up) or "
                      "COLUMNS (right/left).", f"{field}.shiftDimension")
    return dim == "ROWS"


def _range_box(book: Book, body: dict[str, Any], field: str
               ) -> tuple[SheetState, tuple[int, int, int, int]]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    return grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId"), grid.clip(book, rng)


def insert_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, (r0, r1, c0, c1) = _range_box(book, body, field)
    rows = _shift_dimension(body, field)
    at, count, span = (r0, r1 - r0, (c0, c1)) if rows else (c0, c1 - c0, (r0, r1))
    limit = sheet.row_count if rows else sheet.column_count
    pushed = [(r, c) for (r, c), e in sheet.cells.items() if e.kind is not None
              and (r if rows else c) >= at and span[0] <= (c if rows else r) < span[1]
              and (r if rows else c) + count >= limit]
    if count and pushed:
        raise invalid(f"Invalid {field}: shifting would push cells off the grid; append rows "
                      "or columns first (appendDimension).", field)
    protect.check_box(sheet, (r0, sheet.row_count, c0, c1) if rows else
                      (r0, r1, c0, sheet.column_count))
    ops.shift(book, sheet, rows, at, count, span)
    return {}


def delete_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, (r0, r1, c0, c1) = _range_box(book, body, field)
    rows = _shift_dimension(body, field)
    at, count, span = (r0, r1 - r0, (c0, c1)) if rows else (c0, c1 - c0, (r0, r1))
    protect.check_box(sheet, (r0, sheet.row_count, c0, c1) if rows else
                      (r0, r1, c0, sheet.column_count))
    ops.shift(book, sheet, rows, at, -count, span)
    return {}


# -- moveDimension ---------------------------------------------------------------------------

def move_dimension(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    src = grid.check_dimension(book, body.get("source"), f"{field}.source")
    sheet = grid.sheet(book, src.get("sheetId"), f"{field}.source.sheetId")
    rows = src["dimension"] == "ROWS"
    s, e = src["startIndex"], src["endIndex"]
    size = sheet.row_count if rows else sheet.column_count
    d = body.get("destinationIndex")
    if d is None or not 0 <= d <= size:
        raise invalid(f"Invalid {field}.destinationIndex: give where the rows/columns go, "
                      f"0 to {size} (counted before they are removed).",
                      f"{field}.destinationIndex")
    if s <= d <= e:
        return {}
    lo, hi = min(s, d), max(e, d)
    protect.check_dimension(sheet, rows, lo, hi, insert=False)
    n = e - s

    def move(i: int) -> int:
        if s <= i < e:
            return i - s + (d if d < s else d - n)
        if d < s and d <= i < s:
            return i + n
        if d > e and e <= i < d:
            return i - n
        return i

    _move_cells(sheet, rows, move)
    _move_refs(book, sheet, rows, move)
    _move_objects(book, sheet, rows, move)
    return {}


def _move_cells(sheet: SheetState, rows: bool, move: Callable[[int], int]) -> None:
    def key(k: tuple[int, int]) -> tuple[int, int]:
        return (move(k[0]), k[1]) if rows else (k[0], move(k[1]))

    sheet.cells = {key(k): v for k, v in sheet.cells.items()}
    sheet.notes = {key(k): v for k, v in sheet.notes.items()}
    name = "ROWS" if rows else "COLUMNS"
    sheet.dims = {(dim, move(i) if dim == name else i): v for (dim, i), v in sheet.dims.items()}


def _span(lo: int | None, hi: int | None, move: Callable[[int], int]
          ) -> tuple[int | None, int | None]:
    """A range's new ends: each end where its row went (a range stays one rectangle)."""
    if lo is None or hi is None or hi <= lo:
        return lo, hi
    a, b = move(lo), move(hi - 1)
    return min(a, b), max(a, b) + 1


def _move_refs(book: Book, sheet: SheetState, rows: bool, move: Callable[[int], int]) -> None:
    def change(here: SheetState, name: str | None, b: Bounds) -> str | None:
        target = here if name is None else book.by_title(name)
        if target is not sheet:
            return None
        if rows:
            nb = Bounds(*_span(b.start_row, b.end_row, move), b.start_col, b.end_col)
        else:
            nb = Bounds(b.start_row, b.end_row, *_span(b.start_col, b.end_col, move))
        if nb == b:
            return None
        prefix = "" if name is None else quote_title(name) + "!"
        return prefix + ops.ref_text(nb, as_range=not fx.Ref(None, b).is_cell)

    ops.rewrite_all(book, change)


def _move_objects(book: Book, sheet: SheetState, rows: bool, move: Callable[[int], int]) -> None:
    keys = grid.ROW_KEYS if rows else grid.COL_KEYS

    def fn(g: dict[str, Any]) -> dict[str, Any]:
        if grid.sheet_of(g) != sheet.sheet_id:
            return g
        lo, hi = _span(g.get(keys[0]), g.get(keys[1]), move)
        return grid.norm({**g, keys[0]: lo, keys[1]: hi})

    def dim(d: dict[str, Any]) -> dict[str, Any]:
        if (d.get("sheetId") or 0) != sheet.sheet_id or (d["dimension"] == "ROWS") != rows:
            return d
        lo, hi = _span(d["startIndex"], d["endIndex"], move)
        return grid.norm_dimension({**d, "startIndex": lo, "endIndex": hi})

    def coord(c: dict[str, Any]) -> dict[str, Any]:
        key = "rowIndex" if rows else "columnIndex"
        if (c.get("sheetId") or 0) != sheet.sheet_id:
            return c
        return grid.norm_coordinate({**c, key: move(c.get(key) or 0)})

    def column(sid: int, col: int) -> int | None:
        return move(col) if sid == sheet.sheet_id and not rows else col

    book.named = [{**n, "range": fn(n["range"])} for n in book.named]
    for m in book.metadata:
        if "dimensionRange" in m["location"]:
            m["location"] = {**m["location"], "dimensionRange": dim(m["location"][
                "dimensionRange"])}
    for t in book.comments:
        if t.get("anchor") is not None:
            t["anchor"] = fn(t["anchor"])
    for s in book.sheets:
        for p in s.protected:
            p["range"] = fn(p["range"])
            if "unprotectedRanges" in p:
                p["unprotectedRanges"] = [fn(g) for g in p["unprotectedRanges"]]
        follow.map_sheet_objects(s, fn, coord, column)
    sheet.merges = [fn(m) for m in sheet.merges]
    groups = [{**g, "range": dim(g["range"])} for g in sheet.groups]
    sheet.groups = follow.regroup(sheet.sheet_id, groups, old=groups)


# -- text into cells -------------------------------------------------------------------------

DELIMITERS = {"COMMA": ",", "SEMICOLON": ";", "PERIOD": ".", "SPACE": " "}


def _write_text(book: Book, sheet: SheetState, r0: int, c0: int, lines: list[list[str]],
                field: str) -> None:
    if sum(len(x) for x in lines) > MAX_WRITE_CELLS:
        raise invalid(f"Invalid {field}: at most {MAX_WRITE_CELLS} cells per request.", field)
    width = max((len(x) for x in lines), default=0)
    if r0 + len(lines) > sheet.row_count or c0 + width > sheet.column_count:
        raise invalid(f"Invalid {field}: the data reaches past the grid ({sheet.row_count} "
                      f"rows, {sheet.column_count} columns); append rows or columns first.",
                      field)
    for i, line in enumerate(lines):
        for j, text in enumerate(line):
            old = sheet.cells.get((r0 + i, c0 + j))
            e = vv.user_entered(text, old.fmt if old else None)
            if e is not None:
                put(sheet, r0 + i, c0 + j, e)


def paste_data(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    if body.get("html"):
        raise invalid(f"Invalid {field}.html: HTML data is not supported here; paste "
                      "delimited text.", f"{field}.html")
    at = body.get("coordinate") or {}
    sheet = grid.sheet(book, at.get("sheetId"), f"{field}.coordinate.sheetId")
    delimiter = body.get("delimiter")
    if not delimiter:
        raise invalid(f"Invalid {field}.delimiter: give the delimiter of the data's fields.",
                      f"{field}.delimiter")
    kind = body.get("type") or "PASTE_NORMAL"
    if kind not in ("PASTE_NORMAL", "PASTE_VALUES"):
        raise invalid(f"Invalid {field}.type: text pastes its values (PASTE_NORMAL or "
                      "PASTE_VALUES).", f"{field}.type")
    lines = [line.split(delimiter) for line in (body.get("data") or "").split("\n")]
    _write_text(book, sheet, at.get("rowIndex") or 0, at.get("columnIndex") or 0, lines,
                f"{field}.data")
    return {}


def text_to_columns(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                    ) -> dict[str, Any]:
    rng = grid.check(book, body.get("source"), f"{field}.source", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.source.sheetId")
    r0, r1, c0, c1 = grid.clip(book, rng)
    if c1 - c0 != 1:
        raise invalid(f"Invalid {field}.source: split one column at a time.", f"{field}.source")
    kind = body.get("delimiterType") or "DELIMITER_TYPE_UNSPECIFIED"
    texts = {r: e.value for (r, c), e in sorted(sheet.cells.items())
             if c == c0 and r0 <= r < r1 and e.kind == "string"}
    if kind == "CUSTOM":
        if not body.get("delimiter"):
            raise invalid(f"Invalid {field}.delimiter: a CUSTOM split needs its delimiter.",
                          f"{field}.delimiter")
        sep = str(body["delimiter"])
    elif kind in ("AUTODETECT", "DELIMITER_TYPE_UNSPECIFIED"):
        joined = "".join(texts.values())
        sep = max((",", ";", ".", " "), key=lambda d: (joined.count(d), d == ","))
    else:
        sep = DELIMITERS[kind]
    for r, text in texts.items():
        _write_text(book, sheet, r, c0, [text.split(sep)], f"{field}.source")
    return {}


def randomize_range(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                    ) -> dict[str, Any]:
    rng = grid.check(book, body.get("range"), f"{field}.range", bounded=True)
    sheet = grid.sheet(book, grid.sheet_of(rng), f"{field}.range.sheetId")
    r0, r1, c0, c1 = grid.clip(book, rng)
    protect.check_box(sheet, (r0, r1, c0, c1))
    order = list(range(r0, r1))
    random.Random(f"{book.id}:{ctx.next_seq('randomize')}").shuffle(order)
    for store in (sheet.cells, sheet.notes):
        inside = {k: v for k, v in store.items() if r0 <= k[0] < r1 and c0 <= k[1] < c1}
        for k in inside:
            del store[k]  # type: ignore[attr-defined]
        for new, old in zip(range(r0, r1), order, strict=True):
            for c in range(c0, c1):
                if (old, c) in inside:
                    store[(new, c)] = inside[(old, c)]  # type: ignore[index]
    return {}


# -- autoFill --------------------------------------------------------------------------------

TRAILING = re.compile(r"^(.*?)(\d+)$")


def _series(src: list[Entered | None], n: int, alternate: bool, step_rows: int
            ) -> list[Entered | None]:
    """`n` more cells after `src` (one row or column of a fill), as Sheets extends them: a
    run of numbers with a constant step goes on (one number repeats; the alternate series
    counts up by one), text ending in a number counts on, formulas are copied with their
    relative references moved, anything else repeats."""
    k = len(src)
    vals = [e for e in src if e is not None and e.kind is not None]
    out: list[Entered | None] = []
    if vals and len(vals) == k and all(e.kind == "number" for e in vals):
        nums = [float(e.value) for e in vals]
        steps = {round(b - a, 9) for a, b in zip(nums, nums[1:], strict=False)}
        if k >= 2 and len(steps) == 1 and not alternate:
            step = nums[1] - nums[0]
        elif k == 1 and alternate:
            step = 1.0
        else:
            step = None
        if step is not None:
            fmt = vals[-1].fmt
            return [Entered("number", nums[-1] + step * (i + 1), fmt) for i in range(n)]
    if vals and len(vals) == k and all(e.kind == "string" and TRAILING.match(e.value)
                                       for e in vals) and not alternate:
        parts = [TRAILING.match(str(e.value)) for e in vals]
        stems = {m.group(1) for m in parts if m}
        numbers = [int(m.group(2)) for m in parts if m]
        steps = {b - a for a, b in zip(numbers, numbers[1:], strict=False)}
        if len(stems) == 1 and len(steps) <= 1:
            step_i = steps.pop() if steps else 1
            stem, width = parts[-1].group(1), len(parts[-1].group(2))  # type: ignore[union-attr]
            return [Entered("string", f"{stem}{numbers[-1] + step_i * (i + 1):0{width}d}",
                            vals[-1].fmt) for i in range(n)]
    for i in range(n):
        e = src[i % k]
        if e is not None and e.kind == "formula":
            offset = (k * (i // k + 1))
            e = Entered("formula", rewrite.translate(e.value, offset * step_rows,
                                                     offset * (1 - step_rows)), e.fmt)
        out.append(e)
    return out


def auto_fill(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    both = body.get("range") is not None, body.get("sourceAndDestination") is not None
    if both[0] == both[1]:
        raise invalid(f"Invalid {field}: set exactly one of range and sourceAndDestination.",
                      field)
    if both[0]:
        sheet, (r0, r1, c0, c1) = _range_box(book, body, field)
        filled = [r for r in range(r0, r1) if any(
            (e := sheet.cells.get((r, c))) is not None and e.kind is not None
            for c in range(c0, c1))]
        data = 0
        while data < r1 - r0 and r0 + data in filled:
            data += 1
        if not data:
            raise invalid(f"Invalid {field}.range: its first row is empty; put the data to "
                          "extend at the top of the range.", f"{field}.range")
        down, source, length = True, (r0, r0 + data, c0, c1), (r1 - r0) - data
    else:
        sd = body["sourceAndDestination"]
        f = f"{field}.sourceAndDestination"
        rng = grid.check(book, sd.get("source"), f"{f}.source", bounded=True)
        sheet = grid.sheet(book, grid.sheet_of(rng), f"{f}.source.sheetId")
        source = grid.clip(book, rng)
        if sd.get("dimension") not in ("ROWS", "COLUMNS"):
            raise invalid(f"Invalid {f}.dimension: use ROWS (fill down) or COLUMNS (fill "
                          "right).", f"{f}.dimension")
        down, length = sd["dimension"] == "ROWS", int(sd.get("fillLength") or 0)
        if length < 0:
            raise invalid(f"Invalid {f}.fillLength: fills before the source are not "
                          "supported here; give a positive length.", f"{f}.fillLength")
    s0, s1, t0, t1 = source
    if s1 <= s0 or t1 <= t0:
        raise invalid(f"Invalid {field}: the source has no cells; give a range with data to "
                      "extend.", field)
    lanes = range(t0, t1) if down else range(s0, s1)
    if length * len(lanes) > MAX_WRITE_CELLS:
        raise invalid(f"Invalid {field}: at most {MAX_WRITE_CELLS} cells per request.", field)
    end = (s1 if down else t1) + length
    if end > (sheet.row_count if down else sheet.column_count):
        raise invalid(f"Invalid {field}: the fill reaches past the grid; append rows or "
                      "columns first (appendDimension).", field)
    for lane in lanes:
        cells = [sheet.cells.get((i, lane) if down else (lane, i))
                 for i in (range(s0, s1) if down else range(t0, t1))]
        start = s1 if down else t1
        for j, e in enumerate(_series(cells, length, bool(body.get("useAlternateSeries")),
                                      1 if down else 0)):
            key = (start + j, lane) if down else (lane, start + j)
            old = sheet.cells.get(key)
            put(sheet, *key, e if e is not None else Entered(None, None, old.fmt if old else
                                                               None))
    return {}


HANDLERS = {"autoFill": auto_fill, "insertRange": insert_range, "deleteRange": delete_range,
            "moveDimension": move_dimension, "pasteData": paste_data,
            "textToColumns": text_to_columns, "randomizeRange": randomize_range}
