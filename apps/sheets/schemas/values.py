"""spreadsheets.values' wire models (ValueRange and the batch forms), the DataFilter forms
and sheets.copyTo's request."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from arcadia.apps.sheets.schemas.base import (
    CellValue,
    DateOption,
    Dimension,
    GridRange,
    In,
    InputOption,
    Out,
    RenderOption,
    entity,
    opt,
)
from arcadia.apps.sheets.schemas.metadata import DeveloperMetadataLookup


class ValueRange(In):
    """Data within a range of the spreadsheet."""

    range: str | None = Field(None, max_length=1000, description="The range in A1 notation "
                              "(must equal the path's range when both are given).")
    majorDimension: Dimension | None = Field(None, description="ROWS (default) or COLUMNS: "
                                             "what each inner array of `values` is.")
    values: list[list[CellValue]] | None = Field(None, description=(
        "The values: an array of rows (or columns); each value a string, number or boolean. "
        "null skips the cell, \"\" clears it."))


class ValueRangeOut(Out):
    range: str = Field(description="The range the values cover (A1).")
    majorDimension: str = Field(description="ROWS or COLUMNS.")
    values: list[list[Any]] | None = Field(None, description="The values; trailing empty rows "
                                           "and columns are left out.")


class UpdateValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    updatedRange: str = Field(description="The range (A1) the updates were applied to.")
    updatedRows: int | None = Field(None, description="Rows with at least one cell updated.")
    updatedColumns: int | None = Field(None, description="Columns with at least one cell "
                                       "updated.")
    updatedCells: int | None = Field(None, description="Cells updated.")
    updatedData: ValueRangeOut | None = Field(None, description="The values after the update "
                                              "(with includeValuesInResponse).")


class AppendValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    tableRange: str | None = Field(None, description="The table the values were appended "
                                   "after (A1), if one was found.")
    updates: UpdateValuesResponse = Field(description="Information about the updates.")


class ClearValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    clearedRange: str = Field(description="The range (A1) that was cleared.")


class BatchGetValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the data was read from.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    valueRanges: list[ValueRangeOut] | None = Field(None, description="The requested values, "
                                                    "in order (absent when no range was asked).")


class BatchUpdateValuesRequest(In):
    valueInputOption: InputOption = Field(description="How the input is interpreted: RAW or "
                                          "USER_ENTERED (parsed as if typed in the UI).")
    data: list[ValueRange] = Field(default_factory=list, max_length=1000,
                                   description="The new values, each with its range.")
    includeValuesInResponse: bool | None = Field(None, description="Return the updated values.")
    responseValueRenderOption: RenderOption | None = Field(None, description="How values in "
                                                           "the response are rendered.")
    responseDateTimeRenderOption: DateOption | None = Field(None, description="How dates in "
                                                            "the response are rendered.")


class BatchUpdateValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    totalUpdatedRows: int | None = Field(None, description="Rows updated, in total.")
    totalUpdatedColumns: int | None = Field(None, description="Columns updated, in total.")
    totalUpdatedCells: int | None = Field(None, description="Cells updated, in total.")
    totalUpdatedSheets: int | None = Field(None, description="Sheets updated, in total.")
    responses: list[UpdateValuesResponse] | None = Field(None, description="One per range.")


class BatchClearValuesRequest(In):
    ranges: list[Annotated[str, Field(max_length=1000)]] = Field(
        default_factory=list, max_length=1000, description="The ranges to clear (A1 or R1C1).")


class BatchClearValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    clearedRanges: list[str] | None = Field(None, description="The ranges that were cleared.")



# -- DataFilter forms and sheets.copyTo ---------------------------------------------------------

CommentsViewMode = Literal["COMMENTS_VIEW_MODE_UNSPECIFIED",
                           "COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS",
                           "COMMENTS_VIEW_MODE_OMITTED", "COMMENTS_VIEW_MODE_INCLUDED"]


class DataFilter(In):
    a1Range: str | None = Field(None, max_length=1000, description="Select this A1 range "
                                "(or a named range's name).")
    gridRange: GridRange | None = Field(None, description="Select this grid range.")
    developerMetadataLookup: DeveloperMetadataLookup | None = Field(
        None, description="Select the locations of the developer metadata this matches.")


class GetSpreadsheetByDataFilterRequest(In):
    dataFilters: list[DataFilter] = Field(default_factory=list, max_length=100,
                                          description="The ranges to return.")
    includeGridData: bool | None = Field(None, description="Return the cells' data.")
    excludeTablesInBandedRanges: bool | None = Field(None, description="Leave tables' "
                                                     "bandings out (tables carry none here).")
    commentsViewMode: CommentsViewMode | None = opt(
        "COMMENTS_VIEW_MODE_INCLUDED returns the comment threads; omitted by default.")


class BatchGetValuesByDataFilterRequest(In):
    dataFilters: list[DataFilter] = Field(default_factory=list, max_length=100,
                                          description="The ranges to read.")
    majorDimension: Dimension | None = Field(None, description="ROWS (default) or COLUMNS.")
    valueRenderOption: RenderOption | None = Field(None, description="How values render.")
    dateTimeRenderOption: DateOption | None = Field(None, description="How dates render.")


class GridRangeOut(Out):
    sheetId: int | None = Field(None, description="The sheet.",
                                json_schema_extra=entity("SheetsSheetId"))
    startRowIndex: int | None = Field(None, description="First row, inclusive.")
    endRowIndex: int | None = Field(None, description="Last row, exclusive.")
    startColumnIndex: int | None = Field(None, description="First column, inclusive.")
    endColumnIndex: int | None = Field(None, description="Last column, exclusive.")


class DataFilterOut(Out):
    a1Range: str | None = Field(None, description="The A1 range selected.")
    gridRange: GridRangeOut | None = Field(None, description="The grid range selected.")
    developerMetadataLookup: DeveloperMetadataLookup | None = Field(None, description="As "
                                                                    "sent.")


class MatchedValueRange(Out):
    valueRange: ValueRangeOut = Field(description="The values matched.")
    dataFilters: list[DataFilterOut] = Field(description="The filters that matched them.")


class BatchGetValuesByDataFilterResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the data was read from.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    valueRanges: list[MatchedValueRange] | None = Field(None, description="One per "
                                                        "matching filter.")


class DataFilterValueRange(In):
    dataFilter: DataFilter = Field(description="Where to write.")
    majorDimension: Dimension | None = Field(None, description="ROWS (default) or COLUMNS.")
    values: list[list[CellValue]] | None = Field(None, description="The values.")


class BatchUpdateValuesByDataFilterRequest(In):
    valueInputOption: InputOption = Field(description="RAW or USER_ENTERED.")
    data: list[DataFilterValueRange] = Field(default_factory=list, max_length=1000,
                                             description="The values, each with its filter.")
    includeValuesInResponse: bool | None = Field(None, description="Return the updated values.")
    responseValueRenderOption: RenderOption | None = Field(None, description="How returned "
                                                           "values render.")
    responseDateTimeRenderOption: DateOption | None = Field(None, description="How returned "
                                                            "dates render.")


class UpdateValuesByDataFilterResponse(Out):
    updatedRange: str = Field(description="The range (A1) the updates were applied to.")
    updatedRows: int | None = Field(None, description="Rows updated.")
    updatedColumns: int | None = Field(None, description="Columns updated.")
    updatedCells: int | None = Field(None, description="Cells updated.")
    updatedData: ValueRangeOut | None = Field(None, description="The values after the update.")
    dataFilter: DataFilterOut | None = Field(None, description="The filter that selected it.")


class BatchUpdateValuesByDataFilterResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    totalUpdatedRows: int | None = Field(None, description="Rows updated, in total.")
    totalUpdatedColumns: int | None = Field(None, description="Columns updated, in total.")
    totalUpdatedCells: int | None = Field(None, description="Cells updated, in total.")
    totalUpdatedSheets: int | None = Field(None, description="Sheets updated, in total.")
    responses: list[UpdateValuesByDataFilterResponse] | None = Field(None, description="One "
                                                                     "per matching filter.")


class BatchClearValuesByDataFilterRequest(In):
    dataFilters: list[DataFilter] = Field(default_factory=list, max_length=1000,
                                          description="The ranges to clear.")


class CopySheetToAnotherSpreadsheetRequest(In):
    destinationSpreadsheetId: str = Field(max_length=100, description="The spreadsheet to "
                                          "copy the sheet into (you need edit access).",
                                          json_schema_extra=entity("SheetsSpreadsheetId"))
