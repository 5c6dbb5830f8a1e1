"""Sheets v4's routes: one `op(...)` and one service call each. Mounted under `/sheets`.

Google clients also send `alt`, `key`, `prettyPrint`, `fields`, `$.xgafv`, `quotaUser`:
they are accepted and ignored (undeclared query parameters are not refused).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query

from arcadia.apps.kernel import CtxDep, Id, op, path_id
from arcadia.apps.sheets import data_filter_service as fl
from arcadia.apps.sheets import schemas as s
from arcadia.apps.sheets import sheet_service as ss
from arcadia.apps.sheets import values_service as sv

router = APIRouter(prefix="/v4")

SpreadsheetId = Annotated[str, path_id("SheetsSpreadsheetId", "The spreadsheet's id.",
                                       max_length=100)]
Range = Annotated[str, Path(max_length=1000, description=(
    "The range in A1 or R1C1 notation (`Sheet1!A1:C10`, `A:A`, `2:2`, `'Q1 ''24'!B2`) or a "
    "named range's name, percent-encoded."))]
Ranges = Annotated[list[Annotated[str, Query(max_length=300)]] | None, Query(
    max_length=30, description="Ranges (A1, R1C1 or a named range's name); repeat the "
    "parameter for several.")]
Major = Annotated[s.Dimension | None, Query(description="ROWS (default) or COLUMNS.")]
Render = Annotated[s.RenderOption | None, Query(description=(
    "FORMATTED_VALUE (default: as displayed), UNFORMATTED_VALUE or FORMULA."))]
Dates = Annotated[s.DateOption | None, Query(description=(
    "SERIAL_NUMBER (default) or FORMATTED_STRING; ignored with FORMATTED_VALUE."))]
InputOption = Annotated[s.InputOption, Query(description=(
    "RAW (stored as given) or USER_ENTERED (parsed as if typed: numbers, booleans, dates, "
    "percentages, formulas)."))]
Include = Annotated[bool | None, Query(description="Return the updated values.")]
RespRender = Annotated[s.RenderOption | None, Query(description="How the returned values are "
                                                    "rendered (FORMATTED_VALUE by default).")]
RespDates = Annotated[s.DateOption | None, Query(description="How returned dates are "
                                                 "rendered (SERIAL_NUMBER by default).")]
InsertOption = Annotated[Literal["OVERWRITE", "INSERT_ROWS"] | None, Query(
    description="OVERWRITE (default) writes over the rows after the table; INSERT_ROWS "
    "inserts rows for the new data.")]
# 400: a range Sheets cannot parse, or data that does not fit; 403: no access to the
# spreadsheet (or the destination of a copy), or a protected range you may not edit
E = (400, 403, 404)
ACCESS = ("Needs read access: the owner, an editor role or a reader role of the spreadsheet "
          "(403 PERMISSION_DENIED otherwise).")
EDIT = ("Needs write access: the owner or an editor role of the spreadsheet (403 "
        "PERMISSION_DENIED otherwise).")


# Sheets leaves absent fields out of its responses (no `"values": null`).
OMIT: dict[str, Any] = {"response_model_exclude_none": True}


def _major(v: str | None) -> str:
    return "COLUMNS" if v == "COLUMNS" else "ROWS"


@router.post("/spreadsheets", response_model=s.Spreadsheet, **OMIT, **op(
    "sheets_create_spreadsheet", "Create a spreadsheet",
    "spreadsheets.create: a new spreadsheet (owned by you), with the given title and sheets "
    "(one 1000x26 `Sheet1` by default); returns it with its new spreadsheetId.", write=True))
async def create_spreadsheet(ctx: CtxDep, body: s.SpreadsheetIn) -> Any:
    return ss.create(ctx, body.model_dump(exclude_none=True))


@router.get("/spreadsheets/{spreadsheetId}", response_model=s.Spreadsheet, **OMIT, **op(
    "sheets_get_spreadsheet", "Get a spreadsheet",
    "spreadsheets.get: properties, named ranges, developer metadata and the sheets with "
    "what they carry (merges, protected ranges, filters and filter views, conditional "
    "formats, bandings, row/column groups, charts, slicers, tables); with "
    "`includeGridData=true` the cells (userEnteredValue, effectiveValue, formattedValue, "
    "userEnteredFormat, effectiveFormat, note, dataValidation) and row/column metadata, "
    "limited to `ranges` if given (A1, R1C1 or a named range). With commentsViewMode="
    f"COMMENTS_VIEW_MODE_INCLUDED the comment threads. {ACCESS}", write=False, errors=E))
async def get_spreadsheet(ctx: CtxDep, spreadsheetId: SpreadsheetId, ranges: Ranges = None,
                          includeGridData: Annotated[bool | None, Query(
                              description="Return the cells' data.")] = None,
                          commentsViewMode: Annotated[s.CommentsViewMode | None, Query(
                              description="COMMENTS_VIEW_MODE_INCLUDED returns the comment "
                              "threads; omitted by default.")] = None,
                          excludeTablesInBandedRanges: Annotated[bool | None, Query(
                              description="Leave tables' bandings out (tables carry none "
                              "here).")] = None) -> Any:
    return ss.get(ctx, spreadsheetId, ranges=ranges or [], include_grid=bool(includeGridData),
                  comments_mode=commentsViewMode)


@router.post("/spreadsheets/{spreadsheetId}:batchUpdate",
             response_model=s.BatchUpdateSpreadsheetResponse, **OMIT, **op(
                 "sheets_batch_update_spreadsheet", "Apply structural/cell requests",
                 "spreadsheets.batchUpdate: requests applied in order (sheets, cells, borders, "
                 "validation, copy/cut paste, merges, sorting, rows and columns, groups, named "
                 "and protected ranges, filters and filter views, conditional formats, "
                 "bandings, developer metadata, charts, slicers, tables, comments; each "
                 "Request's fields list them); replies in request order. Atomic: if one "
                 "request is invalid, nothing changes. Writing a protected range you are not "
                 f"an editor of is 403 PERMISSION_DENIED. {EDIT}",
                 write=True, errors=E))
async def batch_update(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                       body: s.BatchUpdateSpreadsheetRequest) -> Any:
    return ss.batch_update(ctx, spreadsheetId, body.model_dump(exclude_none=True))


@router.get("/spreadsheets/{spreadsheetId}/values:batchGet",
            response_model=s.BatchGetValuesResponse, **OMIT, **op(
                "sheets_batch_get_values", "Read several ranges",
                f"spreadsheets.values.batchGet: the values of each of `ranges`. {ACCESS}",
                write=False, errors=E))
async def batch_get(ctx: CtxDep, spreadsheetId: SpreadsheetId, ranges: Ranges = None,
                    majorDimension: Major = None, valueRenderOption: Render = None,
                    dateTimeRenderOption: Dates = None) -> Any:
    return sv.values_batch_get(ctx, spreadsheetId, ranges or [], major=_major(majorDimension),
                               render=valueRenderOption or "FORMATTED_VALUE",
                               dates=dateTimeRenderOption or "SERIAL_NUMBER")


@router.post("/spreadsheets/{spreadsheetId}/values:batchUpdate",
             response_model=s.BatchUpdateValuesResponse, **OMIT, **op(
                 "sheets_batch_update_values", "Write several ranges",
                 "spreadsheets.values.batchUpdate: writes each ValueRange of `data` (each "
                 f"with its range); atomic. {EDIT}", write=True, errors=E))
async def batch_update_values(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                              body: s.BatchUpdateValuesRequest) -> Any:
    return sv.values_batch_update(ctx, spreadsheetId, body.model_dump(exclude_none=True))


@router.post("/spreadsheets/{spreadsheetId}/values:batchClear",
             response_model=s.BatchClearValuesResponse, **OMIT, **op(
                 "sheets_batch_clear_values", "Clear several ranges",
                 "spreadsheets.values.batchClear: clears the values (not formats) of each "
                 f"range. {EDIT}", write=True, errors=E))
async def batch_clear(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                      body: s.BatchClearValuesRequest) -> Any:
    return sv.values_batch_clear(ctx, spreadsheetId, body.ranges)


@router.get("/spreadsheets/{spreadsheetId}/values/{range}", response_model=s.ValueRangeOut,
            **OMIT, **op("sheets_get_values", "Read a range",
                 "spreadsheets.values.get: the values of a range; trailing empty rows and "
                 f"columns are left out. {ACCESS}", write=False, errors=E))
async def get_values(ctx: CtxDep, spreadsheetId: SpreadsheetId, range: Range,
                     majorDimension: Major = None, valueRenderOption: Render = None,
                     dateTimeRenderOption: Dates = None) -> Any:
    return sv.values_get(ctx, spreadsheetId, range, major=_major(majorDimension),
                         render=valueRenderOption or "FORMATTED_VALUE",
                         dates=dateTimeRenderOption or "SERIAL_NUMBER")


@router.put("/spreadsheets/{spreadsheetId}/values/{range}",
            response_model=s.UpdateValuesResponse, **OMIT, **op(
                "sheets_update_values", "Write a range",
                "spreadsheets.values.update: writes the values into the range (a single-cell "
                "range is the top-left corner; a larger one must hold the data). null skips "
                f"a cell, \"\" clears it. {EDIT}", write=True, errors=E))
async def update_values(ctx: CtxDep, spreadsheetId: SpreadsheetId, range: Range,
                        body: s.ValueRange, valueInputOption: InputOption,
                        includeValuesInResponse: Include = None,
                        responseValueRenderOption: RespRender = None,
                        responseDateTimeRenderOption: RespDates = None) -> Any:
    return sv.values_update(
        ctx, spreadsheetId, range, body.model_dump(exclude_none=True), option=valueInputOption,
        include=bool(includeValuesInResponse),
        render=responseValueRenderOption or "FORMATTED_VALUE",
        dates=responseDateTimeRenderOption or "SERIAL_NUMBER")


@router.post("/spreadsheets/{spreadsheetId}/values/{range}:append",
             response_model=s.AppendValuesResponse, **OMIT, **op(
                 "sheets_append_values", "Append rows after a table",
                 "spreadsheets.values.append: finds the table in the range (the contiguous "
                 "rows from the first occupied one) and writes the values after its last row, "
                 "from its first column; INSERT_ROWS inserts rows for them, OVERWRITE (default) "
                 f"writes over what follows. The sheet grows as needed. {EDIT}", write=True,
                 errors=E))
async def append_values(ctx: CtxDep, spreadsheetId: SpreadsheetId, range: Range,
                        body: s.ValueRange, valueInputOption: InputOption,
                        insertDataOption: InsertOption = None,
                        includeValuesInResponse: Include = None,
                        responseValueRenderOption: RespRender = None,
                        responseDateTimeRenderOption: RespDates = None) -> Any:
    return sv.values_append(
        ctx, spreadsheetId, range, body.model_dump(exclude_none=True), option=valueInputOption,
        insert=insertDataOption or "OVERWRITE", include=bool(includeValuesInResponse),
        render=responseValueRenderOption or "FORMATTED_VALUE",
        dates=responseDateTimeRenderOption or "SERIAL_NUMBER")


@router.post("/spreadsheets/{spreadsheetId}/values/{range}:clear",
             response_model=s.ClearValuesResponse, **OMIT, **op(
                 "sheets_clear_values", "Clear a range",
                 f"spreadsheets.values.clear: clears the values (not formats) of a range. {EDIT}",
                 write=True, errors=E))
async def clear_values(ctx: CtxDep, spreadsheetId: SpreadsheetId, range: Range) -> Any:
    return sv.values_clear(ctx, spreadsheetId, range)


@router.post("/spreadsheets/{spreadsheetId}:getByDataFilter", response_model=s.Spreadsheet,
             **OMIT, **op(
                 "sheets_get_spreadsheet_by_data_filter", "Get a spreadsheet by data filters",
                 "spreadsheets.getByDataFilter: as spreadsheets.get, the ranges given as "
                 "DataFilters (a1Range or gridRange; developer metadata matches nothing here). "
                 f"{ACCESS}", write=False, errors=E))
async def get_by_data_filter(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                             body: s.GetSpreadsheetByDataFilterRequest) -> Any:
    return fl.get(ctx, spreadsheetId, body.model_dump(exclude_none=True))


@router.post("/spreadsheets/{spreadsheetId}/values:batchGetByDataFilter",
             response_model=s.BatchGetValuesByDataFilterResponse, **OMIT, **op(
                 "sheets_batch_get_values_by_data_filter", "Read ranges by data filters",
                 "spreadsheets.values.batchGetByDataFilter: the values of each range a "
                 f"DataFilter selects, with the filter. {ACCESS}", write=False, errors=E))
async def batch_get_by_data_filter(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                                   body: s.BatchGetValuesByDataFilterRequest) -> Any:
    return fl.batch_get(ctx, spreadsheetId, body.model_dump(exclude_none=True))


@router.post("/spreadsheets/{spreadsheetId}/values:batchUpdateByDataFilter",
             response_model=s.BatchUpdateValuesByDataFilterResponse, **OMIT, **op(
                 "sheets_batch_update_values_by_data_filter", "Write ranges by data filters",
                 "spreadsheets.values.batchUpdateByDataFilter: writes each "
                 f"DataFilterValueRange into the range its filter selects; atomic. {EDIT}",
                 write=True, errors=E))
async def batch_update_by_data_filter(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                                      body: s.BatchUpdateValuesByDataFilterRequest) -> Any:
    return fl.batch_update(ctx, spreadsheetId, body.model_dump(exclude_none=True))


@router.post("/spreadsheets/{spreadsheetId}/values:batchClearByDataFilter",
             response_model=s.BatchClearValuesResponse, **OMIT, **op(
                 "sheets_batch_clear_values_by_data_filter", "Clear ranges by data filters",
                 "spreadsheets.values.batchClearByDataFilter: clears the values of each range "
                 f"a DataFilter selects. {EDIT}", write=True, errors=E))
async def batch_clear_by_data_filter(ctx: CtxDep, spreadsheetId: SpreadsheetId,
                                     body: s.BatchClearValuesByDataFilterRequest) -> Any:
    return fl.batch_clear(ctx, spreadsheetId, body.model_dump(exclude_none=True))


SheetIdPath = Annotated[Id, path_id("SheetsSheetId", "The sheet's id (sheetId).")]


@router.post("/spreadsheets/{spreadsheetId}/sheets/{sheetId}:copyTo",
             response_model=s.SheetPropertiesOut, **OMIT, **op(
                 "sheets_copy_sheet_to", "Copy a sheet to a spreadsheet",
                 "spreadsheets.sheets.copyTo: copies one sheet (values and formats) to the end "
                 "of the destination spreadsheet as \"Copy of <title>\"; returns the new "
                 f"sheet's properties. {ACCESS} Edit access to the destination is needed.",
                 write=True, errors=E))
async def copy_sheet_to(ctx: CtxDep, spreadsheetId: SpreadsheetId, sheetId: SheetIdPath,
                        body: s.CopySheetToAnotherSpreadsheetRequest) -> Any:
    return fl.copy_to(ctx, spreadsheetId, sheetId, body.destinationSpreadsheetId)
