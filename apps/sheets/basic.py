"""The batchUpdate requests on sheets, cells and rows/columns: addSheet, deleteSheet,
updateSheetProperties, updateSpreadsheetProperties, updateCells, appendCells, repeatCell,
insertDimension, deleteDimension, appendDimension, findReplace.

Each handler applies one request to the book in memory (the batch is saved only when every
request applied) and returns its reply ({} when it has none)."""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import conditions as cond
from arcadia.apps.sheets import follow, grid, layout, ops, protect
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import MAX_COLS, Bounds
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.formula import canonical
from arcadia.apps.sheets.render import sheet_properties
from arcadia.apps.sheets.service import (
    MAX_GRID_CELLS,
    MAX_WRITE_CELLS,
    new_sheet_id,
    put,
)
from arcadia.apps.sheets.values import Entered


def title_ok(book: Book, title: str, field: str, but: SheetState | None = None) -> None:
    if not title.strip() or len(title) > 100:
        raise invalid(f"Invalid sheet title {title!r}: use 1 to 100 characters.", field)
    other = book.by_title(title)
    if other is not None and other is not but:
        raise invalid(f'A sheet with the name "{title}" already exists. Please enter another '
                      "name.", field)


def grid_size(rows: int, cols: int, book: Book, field: str, but: SheetState | None = None
               ) -> None:
    if rows < 1 or cols < 1 or cols > MAX_COLS:
        raise invalid(f"Invalid grid size {rows}x{cols}: rows and columns must be at least 1 "
                      f"(at most {MAX_COLS} columns).", field)
    total = rows * cols + sum(s.row_count * s.column_count for s in book.sheets if s is not but)
    if total > MAX_GRID_CELLS:
        raise invalid("This action would increase the number of cells in the workbook above "
                      f"the limit of {MAX_GRID_CELLS} cells.", field)


def add_sheet_to(ctx: Ctx, book: Book, sp: dict[str, Any], field: str) -> SheetState:
    taken = {s.sheet_id for s in book.sheets}
    sid = sp.get("sheetId")
    if sid is None:
        sid = new_sheet_id(ctx, taken)
    elif sid in taken:
        raise invalid(f"Invalid requests[0].addSheet: A sheet with the id {sid} already exists.",
                      f"{field}.sheetId")
    title = sp.get("title")
    if title is None:
        n = len(book.sheets) + 1
        while book.by_title(f"Sheet{n}"):
            n += 1
        title = f"Sheet{n}"
    title_ok(book, title, f"{field}.title")
    gp = sp.get("gridProperties") or {}
    rows, cols = gp.get("rowCount") or 1000, gp.get("columnCount") or 26
    grid_size(rows, cols, book, f"{field}.gridProperties")
    index = sp.get("index")
    index = len(book.sheets) if index is None else min(max(index, 0), len(book.sheets))
    for s in book.sheets:
        if s.index >= index:
            s.index += 1
    frozen_r, frozen_c = gp.get("frozenRowCount") or 0, gp.get("frozenColumnCount") or 0
    sheet = SheetState(sid, title, index, rows, cols, frozen_r, frozen_c,
                       bool(sp.get("hidden")), _color(sp))
    sheet.settings = _sheet_settings(sp, {}, None)
    book.sheets.append(sheet)
    book.reindex()
    return sheet


def _color(sp: dict[str, Any]) -> dict[str, Any] | None:
    style = sp.get("tabColorStyle") or {}
    return style.get("rgbColor") or sp.get("tabColor") or None


def _sheet_settings(sp: dict[str, Any], old: dict[str, Any], names: list[str] | None
                    ) -> dict[str, Any]:
    """A sheet's settings beyond its size: gridlines, direction, group toggles, a theme tab
    color (an RGB tab color is the sheet's `tab_color`)."""
    out = dict(old)
    gp = sp.get("gridProperties") or {}
    for key, value in (("rightToLeft", sp.get("rightToLeft")),
                       *((k, gp.get(k)) for k in ("hideGridlines", "rowGroupControlAfter",
                                                  "columnGroupControlAfter"))):
        name = key if key == "rightToLeft" else f"gridProperties.{key}"
        if names is None or grid.wants(names, name):
            out.pop(key, None)
            if value:
                out[key] = True
    if names is None or grid.wants(names, "tabColorStyle") or grid.wants(names, "tabColor"):
        out.pop("tabColorStyle", None)
        theme = (sp.get("tabColorStyle") or {}).get("themeColor")
        if theme and not _color(sp):
            out["tabColorStyle"] = {"themeColor": theme}
    return out


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


def add_sheet(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet = add_sheet_to(ctx, book, dict(body.get("properties") or {}), f"{field}.properties")
    return {"addSheet": {"properties": sheet_properties(sheet)}}


def delete_sheet(ctx: Ctx, book: Book, body: dict[str, Any], field: str) -> dict[str, Any]:
    sheet = _sheet(book, body.get("sheetId"), f"{field}.sheetId")
    if len(book.sheets) == 1:
        raise invalid(f"Invalid {field}: You can't remove all the sheets in a document.", field)
    protect.check_sheet(sheet)
    book.sheets.remove(sheet)
    book.reindex()
    follow.sheet_deleted(book, sheet.sheet_id)
    return {}


def update_sheet_properties(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                            ) -> dict[str, Any]:
    props = body.get("properties") or {}
    sheet = _sheet(book, props.get("sheetId"), f"{field}.properties.sheetId")
    names = _mask(body.get("fields"), f"{field}.fields")
    gp = props.get("gridProperties") or {}

    def wants(name: str) -> bool:
        return grid.wants(names, name)

    if wants("title"):
        title = props.get("title") or ""
        title_ok(book, title, f"{field}.properties.title", but=sheet)
        if title != sheet.title:
            ops.rename(book, sheet, title)
    if wants("index") and props.get("index") is not None:
        sheet.index = min(max(props["index"], 0), len(book.sheets)) - 0.5  # type: ignore[assignment]
        book.reindex()
    rows = gp.get("rowCount", sheet.row_count) if wants("gridProperties.rowCount") \
        else sheet.row_count
    cols = gp.get("columnCount", sheet.column_count) \
        if wants("gridProperties.columnCount") else sheet.column_count
    if (rows, cols) != (sheet.row_count, sheet.column_count):
        grid_size(rows, cols, book, f"{field}.properties.gridProperties", but=sheet)
        # A smaller grid deletes its last rows/columns (everything on them follows).
        for is_rows, new, old in ((True, rows, sheet.row_count),
                                  (False, cols, sheet.column_count)):
            if new < old:
                protect.check_dimension(sheet, is_rows, new, old, insert=False)
                ops.shift(book, sheet, is_rows, new, new - old)
        sheet.row_count, sheet.column_count = rows, cols
    if wants("gridProperties.frozenRowCount"):
        sheet.frozen_row_count = gp.get("frozenRowCount") or 0
    if wants("gridProperties.frozenColumnCount"):
        sheet.frozen_column_count = gp.get("frozenColumnCount") or 0
    if sheet.frozen_row_count > sheet.row_count or sheet.frozen_column_count > sheet.column_count:
        raise invalid(f"Invalid {field}.properties.gridProperties: frozen rows/columns cannot "
                      "exceed the grid.", f"{field}.properties.gridProperties")
    if wants("hidden"):
        sheet.hidden = bool(props.get("hidden"))
        if sheet.hidden and all(s.hidden for s in book.sheets):
            raise invalid("You can't hide all sheets in a document.", field)
    if wants("tabColorStyle") or wants("tabColor"):
        sheet.tab_color = _color(props)
    sheet.settings = _sheet_settings(props, sheet.settings, names)
    return {}


BOOK_SETTINGS = ("autoRecalc", "defaultFormat", "iterativeCalculationSettings",
                 "spreadsheetTheme", "importFunctionsExternalUrlAccessAllowed")


def update_spreadsheet_properties(ctx: Ctx, book: Book, body: dict[str, Any], field: str
                                  ) -> dict[str, Any]:
    from arcadia.apps.sheets import styles

    props = body.get("properties") or {}
    names = _mask(body.get("fields"), f"{field}.fields")
    if grid.wants(names, "title"):
        book.title = props.get("title") or ""
    if grid.wants(names, "locale"):
        book.locale = props.get("locale") or book.locale
    if grid.wants(names, "timeZone"):
        book.time_zone = props.get("timeZone") or book.time_zone
    settings = dict(book.settings)
    for key in BOOK_SETTINGS:
        parts = [n[len(key) + 1:] for n in names if n.startswith(key + ".")]
        if not grid.wants(names, key) and not parts:
            continue
        value = props.get(key)
        if parts and not grid.wants(names, key):  # `defaultFormat.textFormat.fontSize`
            from arcadia.apps.sheets.render import DEFAULT_FORMAT, THEME

            base = settings.get(key) or {"defaultFormat": DEFAULT_FORMAT,
                                         "spreadsheetTheme": THEME}.get(key) or {}
            if not isinstance(base, dict):
                raise invalid(f"Invalid {field}.fields: {key} has no fields to update "
                              "separately.", f"{field}.fields")
            value = grid.masked(base, value or {}, parts)
        settings.pop(key, None)
        if key == "autoRecalc" and value in ("RECALCULATION_INTERVAL_UNSPECIFIED", "ON_CHANGE"):
            continue
        if key == "spreadsheetTheme" and value is not None:
            kinds = [p.get("colorType") for p in value.get("themeColors") or []]
            if not value.get("primaryFontFamily") or sorted(kinds) != sorted(
                    styles.THEME_RGB) or any("rgbColor" not in (p.get("color") or {})
                                             for p in value["themeColors"]):
                raise invalid(f"Invalid {field}.properties.spreadsheetTheme: give the "
                              "primaryFontFamily and an rgbColor for each of the ten theme "
                              "color types.", f"{field}.properties.spreadsheetTheme")
        if key == "defaultFormat" and value is not None:
            value = styles.sync(value)
        if value is not None:
            settings[key] = value
    book.settings = settings
    return {}


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


HANDLERS = {"addSheet": add_sheet, "deleteSheet": delete_sheet,
            "updateSheetProperties": update_sheet_properties,
            "updateSpreadsheetProperties": update_spreadsheet_properties,
            "updateCells": update_cells, "appendCells": append_cells,
            "repeatCell": repeat_cell,
            "insertDimension": insert_dimension, "deleteDimension": delete_dimension,
            "appendDimension": append_dimension, "findReplace": find_replace}
