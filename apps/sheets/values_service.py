"""The rules of spreadsheets.values: reading ranges, writing values (update, batchUpdate,
append) and clearing them. Each write loads the book (`service.open_book`), changes it in
memory, and saves the difference once (`store.save`) before `ctx.commit()`."""

from __future__ import annotations

from typing import Any

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.sheets import ops, protect
from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.a1 import Bounds, RangeError, a1, col_letters, parse_range
from arcadia.apps.sheets.book import Book, Evaluator, SheetState
from arcadia.apps.sheets.service import (
    MAX_GRID_CELLS,
    MAX_WRITE_CELLS,
    locate,
    open_book,
    put,
    range_text,
)
from arcadia.apps.sheets.store import save
from arcadia.apps.sheets.values import Entered

# -- reading ---------------------------------------------------------------------------------

def read_range(book: Book, ev: Evaluator, sheet: SheetState, b: Bounds, *, major: str,
               render: str, dates: str) -> dict[str, Any]:
    r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
    grid: dict[tuple[int, int], Any] = {}
    for r, c in ev.occupied(sheet, Bounds(r0, r1, c0, c1)):
        shown = vv.render(ev.value(sheet, r, c), sheet.cells.get((r, c)), render, dates)
        if shown != "":
            grid[(r - r0, c - c0)] = shown
    out: dict[str, Any] = {"range": a1(sheet.title, r0, r1, c0, c1),
                           "majorDimension": major}
    if grid:
        if major == "COLUMNS":
            grid = {(c, r): v for (r, c), v in grid.items()}
        lines = 1 + max(k[0] for k in grid)
        rows: list[list[Any]] = [[] for _ in range(lines)]
        for (i, j), v in sorted(grid.items()):
            row = rows[i]
            row.extend([""] * (j - len(row)))
            row.append(v)
        out["values"] = rows
    return out


def values_get(ctx: Ctx, spreadsheet_id: str, rng: str, *, major: str, render: str,
               dates: str) -> dict[str, Any]:
    book, _ = open_book(ctx, spreadsheet_id, write=False)
    sheet, b = locate(book, rng)
    return read_range(book, Evaluator(book), sheet, b, major=major, render=render, dates=dates)


def values_batch_get(ctx: Ctx, spreadsheet_id: str, ranges: list[str], *, major: str,
                     render: str, dates: str) -> dict[str, Any]:
    book, _ = open_book(ctx, spreadsheet_id, write=False)
    located = [locate(book, r, "ranges") for r in ranges]
    ev = Evaluator(book)
    out: dict[str, Any] = {"spreadsheetId": book.id}
    if located:
        out["valueRanges"] = [read_range(book, ev, s, b, major=major, render=render,
                                         dates=dates) for s, b in located]
    return out


# -- writing ---------------------------------------------------------------------------------

def _grid(values: list[list[Any]], major: str) -> list[list[Any]]:
    if major != "COLUMNS":
        return values
    width = max((len(v) for v in values), default=0)
    return [[col[i] if i < len(col) else None for col in values] for i in range(width)]


def _parse(value: Any, option: str, fmt: dict[str, Any] | None) -> Entered | None:
    if option == "RAW":
        e = vv.raw(value)
        return e.with_fmt(fmt) if e else None
    return vv.user_entered(value, fmt)


def write_block(sheet: SheetState, r0: int, c0: int, rows: list[list[Any]], option: str
                ) -> dict[str, Any]:
    """Write `rows` from (r0, c0); returns Sheets' update counts."""
    touched_rows: set[int] = set()
    touched_cols: set[int] = set()
    cells = 0
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            old = sheet.cells.get((r0 + i, c0 + j))
            e = _parse(value, option, old.fmt if old else None)
            if e is None:
                continue
            put(sheet, r0 + i, c0 + j, e)
            touched_rows.add(i)
            touched_cols.add(j)
            cells += 1
    height = len(rows)
    width = max((len(r) for r in rows), default=0)
    out: dict[str, Any] = {"updatedRange": a1(sheet.title, r0, r0 + max(height, 1), c0,
                                              c0 + max(width, 1))}
    if cells:
        out.update(updatedRows=len(touched_rows), updatedColumns=len(touched_cols),
                   updatedCells=cells)
    return out


def _check_values(rows: list[list[Any]]) -> None:
    cells = sum(len(r) for r in rows)
    if cells > MAX_WRITE_CELLS:
        raise invalid(f"Too many cells in one request ({cells}); write at most "
                      f"{MAX_WRITE_CELLS} per request.", "values")


def _fit(sheet: SheetState, b: Bounds, rows: list[list[Any]], rng: str) -> tuple[int, int]:
    """The start cell for writing `rows` into `b`, refusing data outside the range/grid."""
    r0, c0 = b.start_row or 0, b.start_col or 0
    single = b.end_row == r0 + 1 and b.end_col == c0 + 1 and b.start_row is not None \
        and b.start_col is not None
    height = len(rows)
    width = max((len(r) for r in rows), default=0)
    if not single:
        if b.end_row is not None and height > b.end_row - r0:
            raise invalid(f"Requested writing within range [{rng}], but tried writing to "
                          f"row [{r0 + height}]", "data.values")
        if b.end_col is not None and width > b.end_col - c0:
            raise invalid(f"Requested writing within range [{rng}], but tried writing to "
                          f"column [{_col(c0 + width - 1)}]", "data.values")
    if r0 + height > sheet.row_count or c0 + width > sheet.column_count:
        raise invalid(f"Range ({a1(sheet.title, r0, r0 + max(height, 1), c0, c0 + max(width, 1))}"
                      f") exceeds grid limits. Max rows: {sheet.row_count}, max columns: "
                      f"{sheet.column_count}", "data.values")
    return r0, c0


def _col(i: int) -> str:
    return col_letters(i)


def _response_data(book: Book, sheet: SheetState, upd: dict[str, Any], include: bool,
                   render: str, dates: str) -> None:
    if include:
        b = parse_range(upd["updatedRange"], book.titles()).bounds
        upd["updatedData"] = read_range(book, Evaluator(book), sheet, b, major="ROWS",
                                        render=render, dates=dates)


def _write_range(book: Book, rng: str, data: dict[str, Any], option: str,
                 field: str = "range") -> tuple[SheetState, dict[str, Any]]:
    sheet, b = locate(book, rng, field)
    rows = _grid(data.get("values") or [], data.get("majorDimension") or "ROWS")
    _check_values(rows)
    r0, c0 = _fit(sheet, b, rows, rng)
    return sheet, write_block(sheet, r0, c0, rows, option)


def _body_range(body_range: str | None, rng: str, book: Book) -> None:
    if body_range is None:
        return
    try:
        same = parse_range(body_range, book.titles()) == parse_range(rng, book.titles())
    except RangeError:
        same = False
    if not same:
        raise invalid(f"Requested writing within range [{rng}], but the body's range was "
                      f"[{body_range}]; send the same range in the path and the body (or none "
                      "in the body).", "range")


def values_update(ctx: Ctx, spreadsheet_id: str, rng: str, body: dict[str, Any], *,
                  option: str, include: bool, render: str, dates: str) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    _body_range(body.get("range"), rng, book)
    sheet, upd = _write_range(book, rng, body, option)
    save(ctx.session, book, before)
    ctx.commit()
    _response_data(book, sheet, upd, include, render, dates)
    return {"spreadsheetId": book.id, **upd}


def values_batch_update(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    option = body.get("valueInputOption")
    if option not in ("RAW", "USER_ENTERED"):
        raise invalid("Invalid valueInputOption: send RAW or USER_ENTERED.",
                      "valueInputOption")
    data = body.get("data") or []
    _check_values([row for d in data for row in (d.get("values") or [])])
    results = []
    for i, item in enumerate(data):
        if not item.get("range"):
            raise invalid(f"data[{i}].range is required.", f"data[{i}].range")
        results.append(_write_range(book, item["range"], item, option, f"data[{i}].range"))
    save(ctx.session, book, before)
    ctx.commit()
    include = bool(body.get("includeValuesInResponse"))
    render = body.get("responseValueRenderOption") or "FORMATTED_VALUE"
    dates = body.get("responseDateTimeRenderOption") or "SERIAL_NUMBER"
    responses = []
    for sheet, upd in results:
        _response_data(book, sheet, upd, include, render, dates)
        responses.append({"spreadsheetId": book.id, **upd})
    out: dict[str, Any] = {"spreadsheetId": book.id}
    totals = {k: sum(r.get(k, 0) for r in responses)
              for k in ("updatedRows", "updatedColumns", "updatedCells")}
    if totals["updatedCells"]:
        out.update(totalUpdatedRows=totals["updatedRows"],
                   totalUpdatedColumns=totals["updatedColumns"],
                   totalUpdatedCells=totals["updatedCells"],
                   totalUpdatedSheets=len({s.sheet_id for s, u in results
                                           if u.get("updatedCells")}))
    if responses:
        out["responses"] = responses
    return out


def find_table(ev: Evaluator, sheet: SheetState, b: Bounds
               ) -> tuple[int, int, int, int] | None:
    """The table Sheets appends after: from the first occupied row at or below the range's
    first row, the contiguous occupied rows below it (within the range's columns; a
    single-cell range searches from its cell to the right edge)."""
    r0, _, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
    r1 = sheet.row_count  # the table may run on below the range (A1:E1 finds A1:E40)
    if b.end_row == (b.start_row or 0) + 1 and b.end_col == (b.start_col or 0) + 1:
        c1 = sheet.column_count
    cells = ev.occupied(sheet, Bounds(r0, r1, c0, c1))
    if not cells:
        return None
    rows = sorted({r for r, _ in cells})
    first = last = rows[0]
    for r in rows[1:]:
        if r != last + 1:
            break
        last = r
    cols = [c for r, c in cells if first <= r <= last]
    return first, last + 1, min(cols), max(cols) + 1


def values_append(ctx: Ctx, spreadsheet_id: str, rng: str, body: dict[str, Any], *,
                  option: str, insert: str, include: bool, render: str, dates: str
                  ) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    _body_range(body.get("range"), rng, book)
    sheet, b = locate(book, rng)
    rows = _grid(body.get("values") or [], body.get("majorDimension") or "ROWS")
    _check_values(rows)
    table = find_table(Evaluator(book), sheet, b)
    height = len(rows)
    width = max((len(r) for r in rows), default=0)
    if table is None:
        at_row, at_col = b.start_row or 0, b.start_col or 0
    else:
        at_row, at_col = table[1], table[2]
    if insert == "INSERT_ROWS" and height:
        if (sheet.row_count + height) * sheet.column_count > MAX_GRID_CELLS:
            raise invalid("This action would increase the number of cells in the workbook "
                          f"above the limit of {MAX_GRID_CELLS} cells.", "values")
        protect.check_dimension(sheet, True, at_row, at_row + height, insert=True)
        ops.shift(book, sheet, True, at_row, height)
        sheet.row_count += height
    need_rows = at_row + height - sheet.row_count
    need_cols = at_col + width - sheet.column_count
    if need_rows > 0 or need_cols > 0:
        rows_after = sheet.row_count + max(need_rows, 0)
        cols_after = sheet.column_count + max(need_cols, 0)
        if rows_after * cols_after > MAX_GRID_CELLS or cols_after > 18_278:
            raise invalid("This action would increase the number of cells in the workbook "
                          f"above the limit of {MAX_GRID_CELLS} cells.", "values")
        sheet.row_count, sheet.column_count = rows_after, cols_after
    upd = write_block(sheet, at_row, at_col, rows, option)
    save(ctx.session, book, before)
    ctx.commit()
    _response_data(book, sheet, upd, include, render, dates)
    out: dict[str, Any] = {"spreadsheetId": book.id}
    if table is not None:
        out["tableRange"] = a1(sheet.title, *table)
    out["updates"] = {"spreadsheetId": book.id, **upd}
    return out


def clear_range(sheet: SheetState, b: Bounds) -> None:
    r0, r1, c0, c1 = b.clip(sheet.row_count, sheet.column_count)
    for (r, c), e in list(sheet.cells.items()):
        if r0 <= r < r1 and c0 <= c < c1 and e.kind is not None:
            put(sheet, r, c, Entered(None, None, e.fmt))


def values_clear(ctx: Ctx, spreadsheet_id: str, rng: str) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    sheet, b = locate(book, rng)
    clear_range(sheet, b)
    save(ctx.session, book, before)
    ctx.commit()
    return {"spreadsheetId": book.id, "clearedRange": range_text(sheet, b)}


def values_batch_clear(ctx: Ctx, spreadsheet_id: str, ranges: list[str]) -> dict[str, Any]:
    book, before = open_book(ctx, spreadsheet_id, write=True)
    located = [locate(book, r, "ranges") for r in ranges]
    for sheet, b in located:
        clear_range(sheet, b)
    save(ctx.session, book, before)
    ctx.commit()
    out: dict[str, Any] = {"spreadsheetId": book.id}
    if located:
        out["clearedRanges"] = [range_text(s, b) for s, b in located]
    return out
