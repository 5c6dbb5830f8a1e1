"""The DataFilter forms (spreadsheets.getByDataFilter, values.batchGetByDataFilter,
batchUpdateByDataFilter, batchClearByDataFilter) and sheets.copyTo.

A DataFilter selects by `a1Range` (a named range's name too), `gridRange`, or
`developerMetadataLookup` (the rows, columns or sheets of the developer metadata it matches:
`devmeta.matching`; as in Sheets, a filter that matches nothing is not an error). Each form
resolves its filters to A1 ranges and runs the A1 form's rule.
"""

from __future__ import annotations

import copy as copy_module
from typing import Any

from arcadia.apps.kernel import ApiError, Ctx, forbidden, invalid
from arcadia.apps.sheets import devmeta, grid
from arcadia.apps.sheets import service as sv
from arcadia.apps.sheets import sheet_service as ss
from arcadia.apps.sheets import values_service as values
from arcadia.apps.sheets.a1 import quote_title
from arcadia.apps.sheets.book import Book, SheetState
from arcadia.apps.sheets.ids import new_sheet_id
from arcadia.apps.sheets.ops import ref_text
from arcadia.apps.sheets.render import sheet_properties
from arcadia.apps.sheets.store import save


def _a1_of(book: Book, g: dict[str, Any]) -> str:
    sheet = book.by_id(grid.sheet_of(g))
    assert sheet is not None
    b = grid.bounds(g)
    if b == grid.FULL:
        return quote_title(sheet.title)
    return f"{quote_title(sheet.title)}!{ref_text(b, as_range=True)}"


def _a1(book: Book, f: dict[str, Any], field: str) -> list[str]:
    """The A1 ranges a DataFilter selects (none, one, or one per matching metadata)."""
    given = [k for k in ("a1Range", "gridRange", "developerMetadataLookup") if k in f]
    if len(given) != 1:
        raise invalid(f"Invalid {field}: set exactly one of a1Range, gridRange, "
                      "developerMetadataLookup.", field)
    if "a1Range" in f:
        sv.locate(book, f["a1Range"], f"{field}.a1Range")
        return [str(f["a1Range"])]
    if "gridRange" in f:
        return [_a1_of(book, grid.check(book, f["gridRange"], f"{field}.gridRange"))]
    found = devmeta.matching(book, f["developerMetadataLookup"],
                             f"{field}.developerMetadataLookup")
    return [_a1_of(book, g) for m in found for g in devmeta.grid_ranges(book, m)]


def _ranges(ctx: Ctx, spreadsheet_id: str, filters: list[dict[str, Any]], field: str
            ) -> list[tuple[str, dict[str, Any]]]:
    """(A1 range, its filter) for each range the filters select, in filter order."""
    book, _ = sv.open_book(ctx, spreadsheet_id, write=False)
    return [(a1, f) for i, f in enumerate(filters) for a1 in _a1(book, f, f"{field}[{i}]")]


def get(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    filters = body.get("dataFilters") or []
    ranges = [r for r, _ in _ranges(ctx, spreadsheet_id, filters, "dataFilters")]
    mode = body.get("commentsViewMode")
    if filters and not ranges:  # filters given, none matched: the spreadsheet without sheets
        out = ss.get(ctx, spreadsheet_id, ranges=[], include_grid=False, comments_mode=mode)
        return {**out, "sheets": []}
    return ss.get(ctx, spreadsheet_id, ranges=ranges,
                  include_grid=bool(body.get("includeGridData")), comments_mode=mode)


def batch_get(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    found = _ranges(ctx, spreadsheet_id, body.get("dataFilters") or [], "dataFilters")
    got = values.values_batch_get(
        ctx, spreadsheet_id, [r for r, _ in found],
        major="COLUMNS" if body.get("majorDimension") == "COLUMNS" else "ROWS",
        render=body.get("valueRenderOption") or "FORMATTED_VALUE",
        dates=body.get("dateTimeRenderOption") or "SERIAL_NUMBER")
    out: dict[str, Any] = {"spreadsheetId": got["spreadsheetId"]}
    if found:
        out["valueRanges"] = [{"valueRange": vr, "dataFilters": [f]}
                              for vr, (_, f) in zip(got.get("valueRanges", []), found,
                                                       strict=True)]
    return out


def batch_update(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    data = body.get("data") or []
    book, _ = sv.open_book(ctx, spreadsheet_id, write=False)
    matched = [(r, d) for i, d in enumerate(data)
               for r in _a1(book, d.get("dataFilter") or {}, f"data[{i}].dataFilter")]
    result = values.values_batch_update(ctx, spreadsheet_id, {
        **{k: v for k, v in body.items() if k != "data"},
        "data": [{"range": r, "majorDimension": d.get("majorDimension"),
                  "values": d.get("values")} for r, d in matched]})
    responses = result.pop("responses", [])
    if responses:
        result["responses"] = [
            {**{k: v for k, v in resp.items() if k != "spreadsheetId"},
             "dataFilter": d.get("dataFilter")}
            for resp, (_, d) in zip(responses, matched, strict=True)]
    return result


def batch_clear(ctx: Ctx, spreadsheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
    found = _ranges(ctx, spreadsheet_id, body.get("dataFilters") or [], "dataFilters")
    return values.values_batch_clear(ctx, spreadsheet_id, [r for r, _ in found])


def copy_to(ctx: Ctx, spreadsheet_id: str, sheet_id: int, destination: str
            ) -> dict[str, Any]:
    """sheets.copyTo: a copy of one sheet (values and formats) at the end of another (or
    the same) spreadsheet, titled "Copy of <title>"; needs edit access to the destination."""
    source, _ = sv.open_book(ctx, spreadsheet_id, write=False)
    sheet = source.by_id(sheet_id)
    if sheet is None:
        raise invalid(f"No grid with id: {sheet_id}", "sheetId")
    if not destination:
        raise invalid("destinationSpreadsheetId is required.", "destinationSpreadsheetId")
    try:
        target, before = sv.open_book(ctx, destination, write=True)
    except ApiError as exc:  # Sheets answers 403 for a destination you cannot edit
        if exc.code in ("not_found", "forbidden"):
            raise forbidden("The caller does not have permission to edit the destination "
                            "spreadsheet.") from None
        raise
    title = f"Copy of {sheet.title}"
    n = 2
    while target.by_title(title):
        title = f"Copy of {sheet.title} {n}"
        n += 1
    new_id = new_sheet_id(ctx, {s.sheet_id for s in target.sheets})
    copy = SheetState(new_id, title, len(target.sheets), sheet.row_count, sheet.column_count,
                      sheet.frozen_row_count, sheet.frozen_column_count, False,
                      sheet.tab_color, dict(sheet.cells), dict(sheet.settings))
    # Notes, validation, sizes, merges and conditional formats come along (named ranges,
    # protections, filters, charts and the rest stay with the source, as in Sheets).
    copy.notes, copy.dims = copy_module.deepcopy(sheet.notes), dict(sheet.dims)

    def remap(g: dict[str, Any]) -> dict[str, Any]:
        return grid.norm({**g, "sheetId": new_id})

    copy.merges = [remap(g) for g in sheet.merges]
    copy.objects["conditionalFormat"] = [
        {**r, "ranges": [remap(g) for g in r["ranges"]]}
        for r in sheet.objects.get("conditionalFormat") or []]
    total = sum(s.row_count * s.column_count for s in target.sheets)
    if total + copy.row_count * copy.column_count > sv.MAX_GRID_CELLS:
        raise invalid("This action would increase the number of cells in the workbook above "
                      f"the limit of {sv.MAX_GRID_CELLS} cells.", "destinationSpreadsheetId")
    target.sheets.append(copy)
    save(ctx.session, target, before)
    ctx.commit()
    return sheet_properties(copy)
