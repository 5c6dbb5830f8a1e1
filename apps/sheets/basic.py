"""The batchUpdate requests on cells and rows/columns: updateCells, appendCells, repeatCell,
findReplace, insertDimension, deleteDimension, appendDimension.

Each handler applies one request to the book in memory (the batch is saved only when every
request applied) and returns its reply ({} when it has none)."""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import conditions as cond
from arcadia.apps.sheets import grid, layout, ops, protect
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import Bounds
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.formula import canonical
from arcadia.apps.sheets.service import MAX_WRITE_CELLS, put
from arcadia.apps.sheets.tabs import grid_size
from arcadia.apps.sheets.values import Entered


def _sheet(book: Book, sid: Any, field: str) -> SheetState:
    return grid.sheet(book, sid, field)  # type: ignore[no-any-return]


def _mask(fields: str | None, field: str) -> list[str]:
    return grid.mask(fields, field)


def grid_range(book: Book, g: dict[str, Any], field: str) -> tuple[SheetState, Bounds]:
    sheet = _sheet(book, g.get("sheetId"), f"{field}.sheetId")
    b = Bounds(g.get("startRowIndex"), g.get("endRowIndex"), g.get("startColumnIndex"),
               g.get("endColumnIndex"))
    for lo, hi, limit, what in ((b.start_row, b.end_row, sheet.row_count, "row"),
                                (b.start_col, b.end_col, sheet.column_count, "column")):
        if (lo is not None and not 0 <= lo <= limit) or (hi is not None and not 0 <= hi <= limit) \
                or (lo is not None and hi is not None and hi < lo):
            raise invalid(f"Invalid {field}: {what} indexes must lie within the grid "
                          f"(0..{limit}) with start <= end.", field)
    return sheet, b


def _apply_cell(sheet: SheetState, r: int, c: int, cell: dict[str, Any], mask: list[str],
                field: str) -> None:
    old = sheet.cells.get((r, c)) or Entered(None, None, None)
    kind, value, fmt = old.kind, old.value, old.fmt
    every = "*" in mask
    if every or "userEnteredValue" in mask:
        uv = cell.get("userEnteredValue") or {}
        kind, value = _from_extended(uv, field)
    if every or any(m == "userEnteredFormat" or m.startswith("userEnteredFormat.")
                    for m in mask):
        new = cell.get("userEnteredFormat")
        if every or "userEnteredFormat" in mask:
            fmt = new or None
        else:
            fmt = grid.masked(fmt or {}, new or {}, [m.split(".", 1)[1] for m in mask
                                                     if m.startswith("userEnteredFormat.")])
            fmt = fmt or None
    put(sheet, r, c, Entered(kind, value, fmt))
    extra = dict(sheet.notes.get((r, c)) or {})
    for key in ("note", "dataValidation"):
        if every or key in mask:
            given = cell.get(key)
            if key == "dataValidation" and given is not None:
                bad = cond.problem(given.get("condition"), allowed=cond.FOR_VALIDATION)
                if bad:
                    raise invalid(f"Invalid {field}.dataValidation.condition: {bad}.",
                                  f"{field}.dataValidation.condition")
            if given:
                extra[key] = given
            else:
                extra.pop(key, None)
    if extra != (sheet.notes.get((r, c)) or {}):
        if sheet.locks:
            protect.check_cell(sheet, r, c)
        if extra:
            sheet.notes[(r, c)] = extra
        else:
            sheet.notes.pop((r, c), None)


def _from_extended(uv: dict[str, Any], field: str) -> tuple[str | None, Any]:
    if not uv:
        return None, None
    if len(uv) > 1:
        raise invalid(f"Invalid {field}.userEnteredValue: set only one of numberValue, "
                      "stringValue, boolValue, formulaValue.", field)
    key, value = next(iter(uv.items()))
    if key == "numberValue":
        return "number", float(value)
    if key == "stringValue":
        return ("string", value) if value != "" else (None, None)
    if key == "boolValue":
        return "bool", bool(value)
    if key == "formulaValue":
        if not str(value).startswith("="):
            raise invalid(f"Invalid {field}.userEnteredValue.formulaValue: a formula starts "
                          "with '='.", field)
        return "formula", canonical(str(value))
    raise invalid(f"Invalid {field}.userEnteredValue: {key} is not supported here.", field)


def write_rows(sheet: SheetState, r0: int, c0: int, rows: list[dict[str, Any]], fields: str,
                field: str) -> None:
    mask = _mask(fields, field)
    if sum(len(r.get("values") or []) for r in rows) > MAX_WRITE_CELLS:
        raise invalid(f"Too many cells in one request; write at most {MAX_WRITE_CELLS}.", field)
    height = len(rows)
    width = max((len(r.get("values") or []) for r in rows), default=0)
    if r0 + height > sheet.row_count or c0 + width > sheet.column_count:
        raise invalid(f"Invalid {field}: the rows reach past the grid "
                      f"({sheet.row_count} rows, {sheet.column_count} columns).", field)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row.get("values") or []):
            _apply_cell(sheet, r0 + i, c0 + j, cell, mask, f"{field}.rows[{i}].values[{j}]")


def find_replace(ctx: Ctx, book: Book, req: dict[str, Any], field: str) -> dict[str, Any]:
    find = req.get("find")
    if not find:
        raise invalid("Invalid findReplace: 'find' must be set.", f"{field}.find")
    replacement = req.get("replacement") or ""
    if req.get("allSheets"):
        targets = [(s, Bounds(None, None, None, None)) for s in book.sheets]
    elif req.get("range"):
        targets = [grid_range(book, req["range"], f"{field}.range")]
    elif req.get("sheetId") is not None:
        targets = [(_sheet(book, req["sheetId"], f"{field}.sheetId"), Bounds(None, None, None,
                                                                             None))]
    else:
        raise invalid("Invalid findReplace: set one of range, sheetId or allSheets.", field)
    flags = 0 if req.get("matchCase") else re.IGNORECASE
    source = find if req.get("searchByRegex") else re.escape(find)
    if req.get("matchEntireCell"):
        source = f"^(?:{source})$"
    try:
        pattern = re.compile(source, flags)
    except re.error as exc:
        raise invalid(f"Invalid findReplace.find: not a regular expression ({exc}).",
                      f"{field}.find") from None
    repl = (lambda m: m.expand(re.sub(r"\$(\d)", r"\\\1", replacement))) \
        if req.get("searchByRegex") else (lambda m: replacement)
    counts = {"valuesChanged": 0, "formulasChanged": 0, "occurrencesChanged": 0}
    rows: set[tuple[int, int]] = set()
    sheets: set[int] = set()
    for sheet, b in targets:
        r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
        for (r, c), e in sorted(sheet.cells.items()):
            if not (r0 <= r < r1 and c0 <= c < c1) or e.kind is None:
                continue
            if e.kind == "formula" and not req.get("includeFormulas"):
                continue
            text = vv.formatted(e.value, e.fmt) if e.kind != "formula" else e.value
            if e.kind == "bool":
                text = "TRUE" if e.value else "FALSE"
            new, n = pattern.subn(repl, text)
            if not n:
                continue
            counts["occurrencesChanged"] += n
            counts["formulasChanged" if e.kind == "formula" else "valuesChanged"] += 1
            rows.add((sheet.sheet_id, r))
            sheets.add(sheet.sheet_id)
            entered = vv.user_entered(new, e.fmt) if new.startswith("=") or e.kind != "string" \
                else Entered("string", new, e.fmt)
            put(sheet, r, c, entered or Entered(None, None, e.fmt))
    out = {k: v for k, v in counts.items() if v}
    out.update({"rowsChanged": len(rows), "sheetsChanged": len(sheets)} if rows else {})
    return {"findReplace": out}


def _dimension(book: Book, d: dict[str, Any], field: str) -> tuple[SheetState, bool, int, int]:
    sheet = _sheet(book, d.get("sheetId"), f"{field}.sheetId")
    dim = d.get("dimension")
    if dim not in ("ROWS", "COLUMNS"):
        raise invalid(f"Invalid {field}.dimension: use ROWS or COLUMNS.", f"{field}.dimension")
    start, end = d.get("startIndex"), d.get("endIndex")
    if start is None or end is None or start < 0 or end <= start:
        raise invalid(f"Invalid {field}: startIndex and endIndex are required, with "
                      "0 <= startIndex < endIndex.", field)
    return sheet, dim == "ROWS", start, end


def update_cells(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    if body.get("start") is not None and body.get("range") is not None:
        raise invalid(f"Invalid {field}: set start or range, not both.", field)
    if body.get("range") is not None:
        sheet, b = grid_range(book, body["range"], f"{field}.range")
        r0, c0 = b.start_row or 0, b.start_col or 0
        rows = body.get("rows") or []
        _, r1, _, c1 = b.clip(sheet.row_count, sheet.column_count)
        if len(rows) > r1 - r0 or any(len(r.get("values") or []) > c1 - c0 for r in rows):
            raise invalid(f"Invalid {field}: the rows do not fit in the range.", field)
    else:
        start = body.get("start") or {}
        sheet = _sheet(book, start.get("sheetId"), f"{field}.start.sheetId")
        r0, c0 = start.get("rowIndex") or 0, start.get("columnIndex") or 0
    write_rows(sheet, r0, c0, body.get("rows") or [], body.get("fields") or "", field)
    return {}


def append_cells(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    """Rows written after the sheet's last row with a value, from column A; the sheet grows
    by the rows it lacks (as Sheets inserts them)."""
    if body.get("tableId") is not None:
        raise invalid(f"Invalid {field}.tableId: appending to a table is not supported here; "
                      "append to its sheet (sheetId) or write the rows with updateCells.",
                      f"{field}.tableId")
    sheet = _sheet(book, body.get("sheetId"), f"{field}.sheetId")
    rows = body.get("rows") or []
    r0 = sheet.extent()[0]
    width = max((len(r.get("values") or []) for r in rows), default=0)
    need_rows = max(0, r0 + len(rows) - sheet.row_count)
    need_cols = max(0, width - sheet.column_count)
    if need_rows or need_cols:
        grid_size(sheet.row_count + need_rows, sheet.column_count + need_cols, book, field,
                  but=sheet)
        sheet.row_count += need_rows
        sheet.column_count += need_cols
    write_rows(sheet, r0, 0, rows, body.get("fields") or "", field)
    return {}


def repeat_cell(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet, b = grid_range(book, body.get("range") or {}, f"{field}.range")
    mask = _mask(body.get("fields"), f"{field}.fields")
    r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
    if (r1 - r0) * (c1 - c0) > MAX_WRITE_CELLS:
        raise invalid(f"Invalid {field}: at most {MAX_WRITE_CELLS} cells per request.", field)
    cell = body.get("cell") or {}
    for r in range(r0, r1):
        for c in range(c0, c1):
            _apply_cell(sheet, r, c, cell, mask, f"{field}.cell")
    return {}


def insert_dimension(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                     ) -> dict[str, Any]:
    sheet, rows, start, end = _dimension(book, body.get("range") or {}, f"{field}.range")
    size = sheet.row_count if rows else sheet.column_count
    if start > size:
        raise invalid(f"Invalid {field}: startIndex {start} is past the end of the sheet "
                      f"({size}).", field)
    if start == 0 and body.get("inheritFromBefore"):
        raise invalid(f"Invalid {field}: cannot inherit from before row/column 0.", field)
    n = end - start
    grid_size(sheet.row_count + (n if rows else 0), sheet.column_count + (0 if rows else n),
              book, field, but=sheet)
    protect.check_dimension(sheet, rows, start, end, insert=True)
    ops.shift(book, sheet, rows, start, n)
    layout.inherit(sheet, rows, start, n, bool(body.get("inheritFromBefore")))
    if rows:  # rows inserted inside the frozen rows are frozen too
        sheet.row_count += n
        if start < sheet.frozen_row_count:
            sheet.frozen_row_count += n
    else:
        sheet.column_count += n
        if start < sheet.frozen_column_count:
            sheet.frozen_column_count += n
    return {}


def delete_dimension(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                     ) -> dict[str, Any]:
    sheet, rows, start, end = _dimension(book, body.get("range") or {}, f"{field}.range")
    size = sheet.row_count if rows else sheet.column_count
    if end > size:
        raise invalid(f"Invalid {field}: endIndex {end} is past the end of the sheet "
                      f"({size}).", field)
    if start == 0 and end == size:
        raise invalid("You can't delete all the rows on the sheet." if rows else
                      "You can't delete all the columns on the sheet.", field)
    protect.check_dimension(sheet, rows, start, end, insert=False)
    ops.shift(book, sheet, rows, start, start - end)
    if rows:  # frozen rows/columns deleted are no longer frozen
        sheet.row_count -= end - start
        sheet.frozen_row_count -= max(0, min(end, sheet.frozen_row_count) - start)
    else:
        sheet.column_count -= end - start
        sheet.frozen_column_count -= max(0, min(end, sheet.frozen_column_count) - start)
    return {}


def append_dimension(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                     ) -> dict[str, Any]:
    sheet = _sheet(book, body.get("sheetId"), f"{field}.sheetId")
    length = body.get("length") or 0
    rows = body.get("dimension") == "ROWS"
    if body.get("dimension") not in ("ROWS", "COLUMNS") or length < 1:
        raise invalid(f"Invalid {field}: dimension ROWS or COLUMNS and length >= 1.", field)
    grid_size(sheet.row_count + (length if rows else 0),
              sheet.column_count + (0 if rows else length), book, field, but=sheet)
    if rows:
        sheet.row_count += length
    else:
        sheet.column_count += length
    return {}


HANDLERS = {"updateCells": update_cells, "appendCells": append_cells,
            "repeatCell": repeat_cell,
            "insertDimension": insert_dimension, "deleteDimension": delete_dimension,
            "appendDimension": append_dimension, "findReplace": find_replace}
