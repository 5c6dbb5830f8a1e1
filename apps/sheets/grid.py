"""GridRanges, DimensionRanges and GridCoordinates as Sheets writes them, and how they follow
rows and columns being inserted or deleted.

The canonical form is Google's own output: a key only when it is set, and `sheetId` left
out when it is 0 (a proto3 integer without presence, which Google's JSON omits: a range on
the first sheet of a new spreadsheet reads `{"startRowIndex": 0, "endRowIndex": 5}`). The
row/column indexes have presence, so a bounded start of 0 is kept.
"""

from __future__ import annotations

import copy
from typing import Any

from arcadia.apps.kernel import invalid
from arcadia.apps.sheets.a1 import Bounds, a1

ROW_KEYS = ("startRowIndex", "endRowIndex")
COL_KEYS = ("startColumnIndex", "endColumnIndex")
FULL = Bounds(None, None, None, None)


def sheet_of(g: dict[str, Any]) -> int:
    return int(g.get("sheetId") or 0)


def norm(g: dict[str, Any]) -> dict[str, Any]:
    """A GridRange in canonical form."""
    out: dict[str, Any] = {}
    if g.get("sheetId"):
        out["sheetId"] = g["sheetId"]
    for k in ROW_KEYS + COL_KEYS:
        if g.get(k) is not None:
            out[k] = g[k]
    return out


def norm_dimension(d: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if d.get("sheetId"):
        out["sheetId"] = d["sheetId"]
    out["dimension"] = d["dimension"]
    for k in ("startIndex", "endIndex"):
        if d.get(k) is not None:
            out[k] = d[k]
    return out


def of_bounds(sheet_id: int, b: Bounds) -> dict[str, Any]:
    return norm({"sheetId": sheet_id, "startRowIndex": b.start_row, "endRowIndex": b.end_row,
                 "startColumnIndex": b.start_col, "endColumnIndex": b.end_col})


def bounds(g: dict[str, Any]) -> Bounds:
    return Bounds(g.get("startRowIndex"), g.get("endRowIndex"), g.get("startColumnIndex"),
                  g.get("endColumnIndex"))


def check(book: Any, g: dict[str, Any] | None, field: str, *, bounded: bool = False
          ) -> dict[str, Any]:
    """A request's GridRange, validated against the book (the sheet exists, the indexes lie
    within its grid, start <= end), in canonical form. `bounded`: open sides are closed at
    the grid's edges (merges, bandings and copies need a concrete rectangle)."""
    g = g or {}
    sid = g.get("sheetId") or 0
    sheet = book.by_id(sid)
    if sheet is None:
        raise invalid(f"No grid with id: {sid}", f"{field}.sheetId")
    for (lo_key, hi_key), limit, what in ((ROW_KEYS, sheet.row_count, "row"),
                                          (COL_KEYS, sheet.column_count, "column")):
        lo, hi = g.get(lo_key), g.get(hi_key)
        if (lo is not None and not 0 <= lo <= limit) or (hi is not None and not 0 <= hi <= limit) \
                or (lo is not None and hi is not None and hi < lo):
            raise invalid(f"Invalid {field}: {what} indexes must lie within the grid "
                          f"(0..{limit}) with start <= end.", field)
    out = norm(g)
    if bounded:
        r0, r1, c0, c1 = bounds(out).clip(sheet.row_count, sheet.column_count)
        out = norm({"sheetId": sid, "startRowIndex": r0, "endRowIndex": r1,
                    "startColumnIndex": c0, "endColumnIndex": c1})
    return out


def clip(book: Any, g: dict[str, Any]) -> tuple[int, int, int, int]:
    sheet = book.by_id(sheet_of(g))
    return bounds(g).clip(sheet.row_count, sheet.column_count)


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def inside(cell: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= cell[0] < box[1] and box[2] <= cell[1] < box[3]


# -- following inserted and deleted rows/columns ---------------------------------------------

class Shift:
    """Rows (or columns) `at`.. of one sheet inserted (`count` > 0) or deleted (`count` < 0:
    the span at..at-count). Applied to indexes as Sheets does: a range grows when rows are
    inserted strictly inside it, moves when they are inserted at or before its start, and
    loses the deleted part (None when nothing is left)."""

    def __init__(self, sheet_id: int, rows: bool, at: int, count: int) -> None:
        self.sheet_id, self.rows, self.at, self.count = sheet_id, rows, at, count

    def start(self, i: int | None) -> int | None:
        if i is None or i < self.at:
            return i
        return i + self.count if self.count > 0 else max(self.at, i + self.count)

    def end(self, i: int | None) -> int | None:  # exclusive
        if i is None or i <= self.at:
            return i
        return i + self.count if self.count > 0 else max(self.at, i + self.count)

    def index(self, i: int) -> int | None:
        """A single row/column: moved, or None when deleted."""
        if i < self.at:
            return i
        if self.count > 0:
            return i + self.count
        return None if i < self.at - self.count else i + self.count

    def point(self, i: int) -> int:
        """An anchor: moved, or pulled to the deletion point when its row is deleted."""
        moved = self.index(i)
        return self.at if moved is None else moved

    def grid(self, g: dict[str, Any]) -> dict[str, Any] | None:
        if sheet_of(g) != self.sheet_id:
            return g
        lo_key, hi_key = ROW_KEYS if self.rows else COL_KEYS
        lo, hi = self.start(g.get(lo_key)), self.end(g.get(hi_key))
        if hi is not None and hi <= (lo or 0) and (g.get(hi_key) or 0) > (g.get(lo_key) or 0):
            return None
        return norm({**g, lo_key: lo, hi_key: hi})

    def dimension(self, d: dict[str, Any]) -> dict[str, Any] | None:
        if (d.get("sheetId") or 0) != self.sheet_id or (d.get("dimension") == "ROWS") != self.rows:
            return d
        lo, hi = self.start(d.get("startIndex")), self.end(d.get("endIndex"))
        if hi is not None and hi <= (lo or 0):
            return None
        return norm_dimension({**d, "startIndex": lo, "endIndex": hi})

    def grids(self, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [g for g in (self.grid(x) for x in items) if g is not None]

    def coordinate(self, c: dict[str, Any]) -> dict[str, Any]:
        if (c.get("sheetId") or 0) != self.sheet_id:
            return c
        key = "rowIndex" if self.rows else "columnIndex"
        return norm_coordinate({**c, key: self.point(c.get(key) or 0)})


def norm_coordinate(c: dict[str, Any]) -> dict[str, Any]:
    """A GridCoordinate as Google writes it (its integers have no presence: 0 is left out)."""
    return {k: c[k] for k in ("sheetId", "rowIndex", "columnIndex") if c.get(k)}


# -- request helpers -------------------------------------------------------------------------

def sheet(book: Any, sid: Any, field: str) -> Any:
    """The sheet a request names (sheet 0 when the id is omitted)."""
    found = book.by_id(sid or 0)
    if found is None:
        raise invalid(f"No grid with id: {sid or 0}", field)
    return found


def mask(fields: str | None, field: str) -> list[str]:
    """A request's field mask as dotted names (`*` for every field); Google's grouped form
    `userEnteredFormat(backgroundColor,textFormat.bold)` is the same as listing
    `userEnteredFormat.backgroundColor,userEnteredFormat.textFormat.bold`."""
    try:
        names = _expand(fields or "")
    except ValueError:
        raise invalid(f"Invalid field mask {fields!r}: list field names separated by commas, "
                      "grouping with parentheses (`a(b,c)`).", field) from None
    if not names:
        raise invalid("At least one field must be updated, but 'fields' is empty.", field)
    return names


def _expand(text: str) -> list[str]:
    out: list[str] = []
    depth, start, prefix_stack = 0, 0, [""]
    name = ""
    i = 0
    while i <= len(text):
        ch = text[i] if i < len(text) else ","
        if ch == "(":
            name = text[start:i].strip()
            if not name:
                raise ValueError(text)
            prefix_stack.append(prefix_stack[-1] + name + ".")
            depth, start = depth + 1, i + 1
        elif ch in ",)":
            item = text[start:i].strip()
            if item:
                out.append(prefix_stack[-1] + item)
            if ch == ")":
                if depth == 0:
                    raise ValueError(text)
                prefix_stack.pop()
                depth -= 1
            start = i + 1
        i += 1
    if depth:
        raise ValueError(text)
    return out


def masked(old: dict[str, Any], new: dict[str, Any], paths: list[str]) -> dict[str, Any]:
    """`old` with each dotted path set from `new` (or removed when `new` lacks it), as a
    field mask applies an update: `textFormat.bold` changes only the bold of a format."""
    out = copy.deepcopy(old)
    for path in paths:
        keys = path.split(".")
        src: Any = new
        for k in keys:
            src = src.get(k) if isinstance(src, dict) else None
        trail = [out]
        for k in keys[:-1]:
            if not isinstance(trail[-1].get(k), dict):
                trail[-1][k] = {}
            trail.append(trail[-1][k])
        if src is None:
            trail[-1].pop(keys[-1], None)
            for k, parent in zip(reversed(keys[:-1]), reversed(trail[:-1]), strict=True):
                if parent.get(k) == {}:  # a group the removal emptied goes too
                    del parent[k]
        else:
            trail[-1][keys[-1]] = copy.deepcopy(src)
    return out


def wants(names: list[str], name: str) -> bool:
    """Whether a field mask covers `name` (itself, a parent of it, or `*`)."""
    return "*" in names or any(name == n or name.startswith(n + ".") for n in names)


def check_dimension(book: Any, d: dict[str, Any] | None, field: str) -> dict[str, Any]:
    """A request's DimensionRange on an existing sheet, both ends concrete (an omitted start
    is 0, an omitted end the sheet's edge), in canonical form."""
    d = d or {}
    found = sheet(book, d.get("sheetId"), f"{field}.sheetId")
    if d.get("dimension") not in ("ROWS", "COLUMNS"):
        raise invalid(f"Invalid {field}.dimension: use ROWS or COLUMNS.", f"{field}.dimension")
    size = found.row_count if d["dimension"] == "ROWS" else found.column_count
    start = d.get("startIndex") or 0
    end = size if d.get("endIndex") is None else d["endIndex"]
    if not 0 <= start < end <= size:
        raise invalid(f"Invalid {field}: need 0 <= startIndex < endIndex <= {size} (the "
                      f"sheet's {'rows' if d['dimension'] == 'ROWS' else 'columns'}).", field)
    return norm_dimension({"sheetId": found.sheet_id, "dimension": d["dimension"],
                           "startIndex": start, "endIndex": end})


def box_text(book: Any, g: dict[str, Any]) -> str:
    """A GridRange in A1 (`Sheet1!A1:B2`), for messages."""
    found = book.by_id(sheet_of(g))
    r0, r1, c0, c1 = bounds(g).clip(found.row_count, found.column_count)
    return a1(found.title, r0, r1, c0, c1)
