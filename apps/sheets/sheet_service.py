"""spreadsheets.create, spreadsheets.get and spreadsheets.batchUpdate (the requests we
serve: addSheet, deleteSheet, updateSheetProperties, updateSpreadsheetProperties,
updateCells, repeatCell, insertDimension, appendDimension, deleteDimension, findReplace).

A batch is applied to the book in memory request by request; the first bad request
raises and nothing is saved (the whole batch is atomic, as in Sheets)."""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import ops
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import MAX_COLS, Bounds
from arcadia.apps.sheets.book import Book, Evaluator, SheetState, save
from arcadia.apps.sheets.formula import canonical
from arcadia.apps.sheets.service import (
    MAX_GRID_CELLS,
    MAX_WRITE_CELLS,
    locate,
    new_sheet_id,
    new_spreadsheet_id,
    open_book,
    put,
    spreadsheet_url,
)
from arcadia.apps.sheets.values import Entered

# -- rendering -------------------------------------------------------------------------------

def sheet_properties(s: SheetState) -> dict[str, Any]:
    grid: dict[str, Any] = {"rowCount": s.row_count, "columnCount": s.column_count}
    if s.frozen_row_count:
        grid["frozenRowCount"] = s.frozen_row_count
    if s.frozen_column_count:
        grid["frozenColumnCount"] = s.frozen_column_count
    out: dict[str, Any] = {"sheetId": s.sheet_id, "title": s.title, "index": s.index,
                           "sheetType": "GRID", "gridProperties": grid}
    if s.hidden:
        out["hidden"] = True
    if s.tab_color:
        out["tabColor"] = s.tab_color
        out["tabColorStyle"] = {"rgbColor": s.tab_color}
    return out


WHITE = {"red": 1, "green": 1, "blue": 1}
# Sheets' defaults for a new spreadsheet (every spreadsheet here uses them).
DEFAULT_FORMAT = {
    "backgroundColor": WHITE, "padding": {"top": 2, "right": 3, "bottom": 2, "left": 3},
    "verticalAlignment": "BOTTOM", "wrapStrategy": "OVERFLOW_CELL",
    "textFormat": {"foregroundColor": {}, "fontFamily": "arial", "fontSize": 10,
                   "bold": False, "italic": False, "strikethrough": False, "underline": False,
                   "foregroundColorStyle": {"rgbColor": {}}},
    "backgroundColorStyle": {"rgbColor": WHITE}}
THEME = {"primaryFontFamily": "Arial", "themeColors": [
    {"colorType": kind, "color": {"rgbColor": rgb}} for kind, rgb in (
        ("TEXT", {}), ("BACKGROUND", WHITE),
        ("ACCENT1", {"red": 0.25882354, "green": 0.52156866, "blue": 0.95686275}),
        ("ACCENT2", {"red": 0.91764706, "green": 0.2627451, "blue": 0.20784314}),
        ("ACCENT3", {"red": 0.9843137, "green": 0.7372549, "blue": 0.015686275}),
        ("ACCENT4", {"red": 0.20392157, "green": 0.65882355, "blue": 0.3254902}),
        ("ACCENT5", {"red": 1, "green": 0.42745098, "blue": 0.003921569}),
        ("ACCENT6", {"red": 0.27450982, "green": 0.7411765, "blue": 0.7764706}),
        ("LINK", {"red": 0.06666667, "green": 0.33333334, "blue": 0.8}))]}


def book_properties(book: Book) -> dict[str, Any]:
    return {"title": book.title, "locale": book.locale, "autoRecalc": "ON_CHANGE",
            "timeZone": book.time_zone, "defaultFormat": DEFAULT_FORMAT,
            "spreadsheetTheme": THEME}


def cell_data(ev: Evaluator, sheet: SheetState, r: int, c: int) -> dict[str, Any]:
    e = sheet.cells.get((r, c))
    if e is None:
        return {}
    out: dict[str, Any] = {}
    if e.kind is not None:
        v = ev.value(sheet, r, c)
        out["userEnteredValue"] = vv.extended(e)
        eff = vv.effective(v)
        if eff is not None:
            out["effectiveValue"] = eff
            out["formattedValue"] = vv.formatted(v, e.fmt)
    if e.fmt:
        out["userEnteredFormat"] = e.fmt
    return out


def grid_data(ev: Evaluator, sheet: SheetState, b: Bounds | None) -> dict[str, Any]:
    r0, r1, c0, c1 = (b or Bounds(None, None, None, None)).clip(sheet.row_count,
                                                              sheet.column_count)
    present = [(r, c) for (r, c) in sheet.cells if r0 <= r < r1 and c0 <= c < c1]
    out: dict[str, Any] = {}
    if r0:
        out["startRow"] = r0
    if c0:
        out["startColumn"] = c0
    if present:
        last_r = max(r for r, _ in present)
        by_row: dict[int, list[int]] = {}
        for r, c in present:
            by_row.setdefault(r, []).append(c)
        rows: list[dict[str, Any]] = []
        for r in range(r0, last_r + 1):
            cols = by_row.get(r)
            if not cols:
                rows.append({})
                continue
            rows.append({"values": [cell_data(ev, sheet, r, c) for c in range(c0, max(cols) + 1)]})
        out["rowData"] = rows
    out["rowMetadata"] = [{"pixelSize": 21} for _ in range(min(r1 - r0, 5000))]
    out["columnMetadata"] = [{"pixelSize": 100} for _ in range(min(c1 - c0, 1000))]
    return out


def render_book(book: Book, *, ranges: list[tuple[SheetState, Bounds]] | None = None,
                grid: bool = False) -> dict[str, Any]:
    ev = Evaluator(book)
    sheets = []
    for s in sorted(book.sheets, key=lambda s: s.index):
        item: dict[str, Any] = {"properties": sheet_properties(s)}
        if grid:
            if ranges:
                data = [grid_data(ev, s, b) for sh, b in ranges if sh is s]
            else:
                data = [grid_data(ev, s, None)]
            if data:
                item["data"] = data
        if not ranges or any(sh is s for sh, _ in ranges):
            sheets.append(item)
    return {"spreadsheetId": book.id, "properties": book_properties(book), "sheets": sheets,
            "spreadsheetUrl": spreadsheet_url(book.id)}


def get(ctx: Ctx, spreadsheet_id: str, *, ranges: list[str], include_grid: bool
        ) -> dict[str, Any]:
    book, _ = open_book(ctx, spreadsheet_id, write=False)
    located = [locate(book, r, "ranges") for r in ranges]
    return render_book(book, ranges=located or None, grid=include_grid)


# -- create ----------------------------------------------------------------------------------

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
        sheet = _add_sheet(ctx, book, sp, f"sheets[{i}].properties")
        for j, data in enumerate(item.get("data") or []):
            _write_rows(sheet, data.get("startRow") or 0, data.get("startColumn") or 0,
                        data.get("rowData") or [], "*", f"sheets[{i}].data[{j}]")
    book.reindex()
    save(ctx.session, book, None)
    ctx.commit()
    return render_book(book)


# -- batchUpdate -----------------------------------------------------------------------------

def _title_ok(book: Book, title: str, field: str, but: SheetState | None = None) -> None:
    if not title.strip() or len(title) > 100:
        raise invalid(f"Invalid sheet title {title!r}: use 1 to 100 characters.", field)
    other = book.by_title(title)
    if other is not None and other is not but:
        raise invalid(f'A sheet with the name "{title}" already exists. Please enter another '
                      "name.", field)


def _grid_size(rows: int, cols: int, book: Book, field: str, but: SheetState | None = None
               ) -> None:
    if rows < 1 or cols < 1 or cols > MAX_COLS:
        raise invalid(f"Invalid grid size {rows}x{cols}: rows and columns must be at least 1 "
                      f"(at most {MAX_COLS} columns).", field)
    total = rows * cols + sum(s.row_count * s.column_count for s in book.sheets if s is not but)
    if total > MAX_GRID_CELLS:
        raise invalid("This action would increase the number of cells in the workbook above "
                      f"the limit of {MAX_GRID_CELLS} cells.", field)


def _add_sheet(ctx: Ctx, book: Book, sp: dict[str, Any], field: str) -> SheetState:
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
    _title_ok(book, title, f"{field}.title")
    grid = sp.get("gridProperties") or {}
    rows, cols = grid.get("rowCount") or 1000, grid.get("columnCount") or 26
    _grid_size(rows, cols, book, f"{field}.gridProperties")
    index = sp.get("index")
    index = len(book.sheets) if index is None else min(max(index, 0), len(book.sheets))
    for s in book.sheets:
        if s.index >= index:
            s.index += 1
    frozen_r, frozen_c = grid.get("frozenRowCount") or 0, grid.get("frozenColumnCount") or 0
    sheet = SheetState(sid, title, index, rows, cols, frozen_r, frozen_c,
                       bool(sp.get("hidden")), _color(sp))
    book.sheets.append(sheet)
    book.reindex()
    return sheet


def _color(sp: dict[str, Any]) -> dict[str, Any] | None:
    style = sp.get("tabColorStyle") or {}
    return style.get("rgbColor") or sp.get("tabColor") or None


def _sheet(book: Book, sid: Any, field: str) -> SheetState:
    sheet = book.by_id(sid if isinstance(sid, int) else 0) if sid is not None else None
    if sheet is None and sid is None:
        sheet = book.by_id(0)
    if sheet is None:
        raise invalid(f"No grid with id: {sid}", field)
    return sheet


def _mask(fields: str | None, field: str) -> list[str]:
    if not fields:
        raise invalid("At least one field must be updated, but 'fields' is empty.", field)
    return [f.strip() for f in fields.split(",") if f.strip()]


def _grid_range(book: Book, g: dict[str, Any], field: str) -> tuple[SheetState, Bounds]:
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
            fmt = dict(fmt or {})
            for m in mask:
                if m.startswith("userEnteredFormat."):
                    key = m.split(".", 2)[1]
                    if new and key in new:
                        fmt[key] = new[key]
                    else:
                        fmt.pop(key, None)
            fmt = fmt or None
    put(sheet, r, c, Entered(kind, value, fmt))


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


def _write_rows(sheet: SheetState, r0: int, c0: int, rows: list[dict[str, Any]], fields: str,
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


def _find_replace(book: Book, req: dict[str, Any], field: str) -> dict[str, Any]:
    find = req.get("find")
    if not find:
        raise invalid("Invalid findReplace: 'find' must be set.", f"{field}.find")
    replacement = req.get("replacement") or ""
    if req.get("allSheets"):
        targets = [(s, Bounds(None, None, None, None)) for s in book.sheets]
    elif req.get("range"):
        targets = [_grid_range(book, req["range"], f"{field}.range")]
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


def apply_request(ctx: Ctx, book: Book, req: dict[str, Any], i: int) -> dict[str, Any]:
    """Apply one request of a batch to `book`; its reply ({} when it has none)."""
    named = [k for k, v in req.items() if v is not None]
    field = f"requests[{i}]"
    if len(named) != 1:
        raise invalid(f"Invalid {field}: set exactly one kind of request (addSheet, "
                      "deleteSheet, updateCells, ...).", field)
    kind = named[0]
    body = req[kind]
    field = f"{field}.{kind}"
    if kind == "addSheet":
        sheet = _add_sheet(ctx, book, dict(body.get("properties") or {}), f"{field}.properties")
        return {"addSheet": {"properties": sheet_properties(sheet)}}
    if kind == "deleteSheet":
        sheet = _sheet(book, body.get("sheetId"), f"{field}.sheetId")
        if len(book.sheets) == 1:
            raise invalid("Invalid requests[" f"{i}].deleteSheet: You can't remove all the sheets"
                          " in a document.", field)
        book.sheets.remove(sheet)
        book.reindex()
        return {}
    if kind == "updateSheetProperties":
        props = body.get("properties") or {}
        sheet = _sheet(book, props.get("sheetId"), f"{field}.properties.sheetId")
        mask = _mask(body.get("fields"), f"{field}.fields")
        every = "*" in mask
        grid = props.get("gridProperties") or {}

        def wants(name: str) -> bool:
            return every or name in mask or ("." in name and name.split(".")[0] in mask)
        if wants("title"):
            title = props.get("title") or ""
            _title_ok(book, title, f"{field}.properties.title", but=sheet)
            if title != sheet.title:
                ops.rename(book, sheet, title)
        if wants("index") and props.get("index") is not None:
            sheet.index = min(max(props["index"], 0), len(book.sheets)) - 0.5  # type: ignore[assignment]
            book.reindex()
        rows = grid.get("rowCount", sheet.row_count) if wants("gridProperties.rowCount") \
            else sheet.row_count
        cols = grid.get("columnCount", sheet.column_count) \
            if wants("gridProperties.columnCount") else sheet.column_count
        if (rows, cols) != (sheet.row_count, sheet.column_count):
            _grid_size(rows, cols, book, f"{field}.properties.gridProperties", but=sheet)
            sheet.cells = {k: v for k, v in sheet.cells.items() if k[0] < rows and k[1] < cols}
            sheet.row_count, sheet.column_count = rows, cols
        if wants("gridProperties.frozenRowCount"):
            sheet.frozen_row_count = grid.get("frozenRowCount") or 0
        if wants("gridProperties.frozenColumnCount"):
            sheet.frozen_column_count = grid.get("frozenColumnCount") or 0
        if wants("hidden"):
            sheet.hidden = bool(props.get("hidden"))
            if sheet.hidden and all(s.hidden for s in book.sheets):
                raise invalid("You can't hide all sheets in a document.", field)
        if wants("tabColorStyle") or wants("tabColor"):
            sheet.tab_color = _color(props)
        return {}
    if kind == "updateSpreadsheetProperties":
        props = body.get("properties") or {}
        mask = _mask(body.get("fields"), f"{field}.fields")
        if "*" in mask or "title" in mask:
            book.title = props.get("title") or ""
        if "*" in mask or "locale" in mask:
            book.locale = props.get("locale") or book.locale
        if "*" in mask or "timeZone" in mask:
            book.time_zone = props.get("timeZone") or book.time_zone
        return {}
    if kind == "updateCells":
        if body.get("start") is not None and body.get("range") is not None:
            raise invalid(f"Invalid {field}: set start or range, not both.", field)
        if body.get("range") is not None:
            sheet, b = _grid_range(book, body["range"], f"{field}.range")
            r0, c0 = b.start_row or 0, b.start_col or 0
            rows = body.get("rows") or []
            r1, _, _, c1 = b.clip(sheet.row_count, sheet.column_count)[1], 0, 0, \
                b.clip(sheet.row_count, sheet.column_count)[3]
            if len(rows) > r1 - r0 or any(len(r.get("values") or []) > c1 - c0 for r in rows):
                raise invalid(f"Invalid {field}: the rows do not fit in the range.", field)
        else:
            start = body.get("start") or {}
            sheet = _sheet(book, start.get("sheetId"), f"{field}.start.sheetId")
            r0, c0 = start.get("rowIndex") or 0, start.get("columnIndex") or 0
        _write_rows(sheet, r0, c0, body.get("rows") or [], body.get("fields"), field)
        return {}
    if kind == "repeatCell":
        sheet, b = _grid_range(book, body.get("range") or {}, f"{field}.range")
        mask = _mask(body.get("fields"), f"{field}.fields")
        r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
        if (r1 - r0) * (c1 - c0) > MAX_WRITE_CELLS:
            raise invalid(f"Invalid {field}: at most {MAX_WRITE_CELLS} cells per request.",
                          field)
        cell = body.get("cell") or {}
        for r in range(r0, r1):
            for c in range(c0, c1):
                _apply_cell(sheet, r, c, cell, mask, f"{field}.cell")
        return {}
    if kind in ("insertDimension", "deleteDimension"):
        sheet, rows, start, end = _dimension(book, body.get("range") or {}, f"{field}.range")
        size = sheet.row_count if rows else sheet.column_count
        if kind == "insertDimension":
            if start > size:
                raise invalid(f"Invalid {field}: startIndex {start} is past the end of the "
                              f"sheet ({size}).", field)
            if start == 0 and body.get("inheritFromBefore"):
                raise invalid(f"Invalid {field}: cannot inherit from before row/column 0.",
                              field)
            n = end - start
            _grid_size(sheet.row_count + (n if rows else 0),
                       sheet.column_count + (0 if rows else n), book, field, but=sheet)
            ops.shift(book, sheet, rows, start, n)
        else:
            if end > size:
                raise invalid(f"Invalid {field}: endIndex {end} is past the end of the sheet "
                              f"({size}).", field)
            if start == 0 and end == size:
                raise invalid("You can't delete all the rows on the sheet." if rows else
                              "You can't delete all the columns on the sheet.", field)
            n = start - end
            ops.shift(book, sheet, rows, start, n)
        if rows:
            sheet.row_count += n
        else:
            sheet.column_count += n
        return {}
    if kind == "appendDimension":
        sheet = _sheet(book, body.get("sheetId"), f"{field}.sheetId")
        length = body.get("length") or 0
        rows = body.get("dimension") == "ROWS"
        if body.get("dimension") not in ("ROWS", "COLUMNS") or length < 1:
            raise invalid(f"Invalid {field}: dimension ROWS or COLUMNS and length >= 1.", field)
        _grid_size(sheet.row_count + (length if rows else 0),
                   sheet.column_count + (0 if rows else length), book, field, but=sheet)
        if rows:
            sheet.row_count += length
        else:
            sheet.column_count += length
        return {}
    if kind == "findReplace":
        return _find_replace(book, body, field)
    raise invalid(f"Invalid {field}: {kind} is not supported by this server.", field)


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
            book, ranges=ranges or None, grid=bool(body.get("responseIncludeGridData")))
    return out
