"""Wire models with Sheets v4's own names (the discovery document's schemas), for the
requests we serve and the responses we return. Unknown fields are refused, as Sheets does
("Invalid JSON payload received. Unknown name")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from arcadia.apps.kernel import Id, Int64, entity

# Numbers within +-1e18 (inside the 64-bit bounds every input of ours keeps; Sheets takes any
# double).
Number = Annotated[float, Field(ge=-1e18, le=1e18, allow_inf_nan=False)]
Unit = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Dimension = Literal["ROWS", "COLUMNS", "DIMENSION_UNSPECIFIED"]
InputOption = Literal["RAW", "USER_ENTERED"]
RenderOption = Literal["FORMATTED_VALUE", "UNFORMATTED_VALUE", "FORMULA"]
DateOption = Literal["SERIAL_NUMBER", "FORMATTED_STRING"]
CellValue = StrictBool | Number | StrictStr | None


class In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Out(BaseModel):
    model_config = ConfigDict(extra="allow")


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


# -- spreadsheets ----------------------------------------------------------------------------

class Color(In):
    red: Unit | None = Field(None, description="Red, 0 to 1.")
    green: Unit | None = Field(None, description="Green, 0 to 1.")
    blue: Unit | None = Field(None, description="Blue, 0 to 1.")
    alpha: Unit | None = Field(None, description="Alpha, 0 to 1.")


class ColorStyle(In):
    rgbColor: Color | None = Field(None, description="An RGB color.")
    themeColor: str | None = Field(None, max_length=40, description="A theme color type.")


class GridProperties(In):
    rowCount: Int64 | None = Field(None, ge=0, description="Rows in the grid.")
    columnCount: Int64 | None = Field(None, ge=0, description="Columns in the grid.")
    frozenRowCount: Int64 | None = Field(None, ge=0, description="Rows frozen at the top.")
    frozenColumnCount: Int64 | None = Field(None, ge=0, description="Columns frozen at the "
                                            "left.")
    hideGridlines: bool | None = Field(None, description="Whether gridlines are hidden.")


class SheetProperties(In):
    sheetId: Id | None = Field(None, description="The sheet's id (assigned when omitted).",
                               json_schema_extra=entity("SheetsSheetId"))
    title: str | None = Field(None, max_length=200, description="The sheet's name.")
    index: Id | None = Field(None, description="The sheet's position (0-based).")
    sheetType: Literal["GRID"] | None = Field(None, description="Only GRID sheets.")
    gridProperties: GridProperties | None = Field(None, description="The grid's size and "
                                                  "frozen rows/columns.")
    hidden: bool | None = Field(None, description="Whether the sheet is hidden.")
    tabColor: Color | None = Field(None, description="Deprecated: use tabColorStyle.")
    tabColorStyle: ColorStyle | None = Field(None, description="The tab's color.")
    rightToLeft: bool | None = Field(None, description="Right-to-left sheet.")


class NumberFormat(In):
    type: Literal["NUMBER_FORMAT_TYPE_UNSPECIFIED", "TEXT", "NUMBER", "PERCENT", "CURRENCY",
                  "DATE", "TIME", "DATE_TIME", "SCIENTIFIC"] = Field(
        description="The type of the number format.")
    pattern: str | None = Field(None, max_length=100, description="The pattern (`#,##0.00`, "
                                "`yyyy-mm-dd`); the type's default when omitted.")


class CellFormat(BaseModel):
    model_config = ConfigDict(extra="allow")
    numberFormat: NumberFormat | None = Field(None, description="How numbers are shown.")


class ExtendedValue(In):
    numberValue: Number | None = Field(None, description="A number.")
    stringValue: str | None = Field(None, max_length=50_000, description="A string.")
    boolValue: bool | None = Field(None, description="A boolean.")
    formulaValue: str | None = Field(None, max_length=50_000, description="A formula (`=...`).")


class CellData(In):
    userEnteredValue: ExtendedValue | None = Field(None, description="The value as entered.")
    userEnteredFormat: CellFormat | None = Field(None, description="The format as entered.")
    note: str | None = Field(None, max_length=1000, description="Not kept by this server.")


class RowData(In):
    values: list[CellData] | None = Field(None, description="The cells of the row.")


class GridData(In):
    startRow: Id | None = Field(None, description="The first row (0-based).")
    startColumn: Id | None = Field(None, description="The first column (0-based).")
    rowData: list[RowData] | None = Field(None, description="The rows.")


class SheetIn(In):
    properties: SheetProperties | None = Field(None, description="The sheet's properties.")
    data: list[GridData] | None = Field(None, description="Initial data of the sheet.")


class SpreadsheetProperties(In):
    title: str | None = Field(None, max_length=1000, description="The spreadsheet's title.")
    locale: str | None = Field(None, max_length=20, description="The locale (en_US).")
    timeZone: str | None = Field(None, max_length=60, description="The time zone (IANA).")
    autoRecalc: str | None = Field(None, max_length=40, description="Recalculation interval "
                                   "(always ON_CHANGE here).")


class SpreadsheetIn(In):
    spreadsheetId: str | None = Field(None, max_length=100, description="Ignored: assigned.")
    properties: SpreadsheetProperties | None = Field(None, description="Title, locale, zone.")
    sheets: list[SheetIn] | None = Field(None, max_length=200, description="The sheets.")


class ColorOut(Out):
    red: float | None = Field(None, description="Red, 0 to 1 (absent: 0).")
    green: float | None = Field(None, description="Green, 0 to 1 (absent: 0).")
    blue: float | None = Field(None, description="Blue, 0 to 1 (absent: 0).")
    alpha: float | None = Field(None, description="Alpha, 0 to 1.")


class ColorStyleOut(Out):
    rgbColor: ColorOut | None = Field(None, description="An RGB color.")
    themeColor: str | None = Field(None, description="A theme color type.")


class PaddingOut(Out):
    top: int | None = Field(None, description="Top padding (pixels).")
    right: int | None = Field(None, description="Right padding.")
    bottom: int | None = Field(None, description="Bottom padding.")
    left: int | None = Field(None, description="Left padding.")


class TextFormatOut(Out):
    foregroundColor: ColorOut | None = Field(None, description="The text color.")
    foregroundColorStyle: ColorStyleOut | None = Field(None, description="The text color.")
    fontFamily: str | None = Field(None, description="The font family.")
    fontSize: int | None = Field(None, description="The font size.")
    bold: bool | None = Field(None, description="Bold.")
    italic: bool | None = Field(None, description="Italic.")
    strikethrough: bool | None = Field(None, description="Strikethrough.")
    underline: bool | None = Field(None, description="Underline.")


class NumberFormatOut(Out):
    type: str | None = Field(None, description="NUMBER, PERCENT, CURRENCY, DATE, ...")
    pattern: str | None = Field(None, description="The pattern.")


class CellFormatOut(Out):
    numberFormat: NumberFormatOut | None = Field(None, description="How numbers are shown.")
    backgroundColor: ColorOut | None = Field(None, description="The background color.")
    backgroundColorStyle: ColorStyleOut | None = Field(None, description="The background.")
    padding: PaddingOut | None = Field(None, description="The cell's padding.")
    verticalAlignment: str | None = Field(None, description="TOP, MIDDLE or BOTTOM.")
    wrapStrategy: str | None = Field(None, description="OVERFLOW_CELL, CLIP or WRAP.")
    textFormat: TextFormatOut | None = Field(None, description="The text format.")
    horizontalAlignment: str | None = Field(None, description="LEFT, CENTER or RIGHT.")


class ThemeColorPairOut(Out):
    colorType: str = Field(description="TEXT, BACKGROUND, ACCENT1..6, LINK.")
    color: ColorStyleOut = Field(description="The color.")


class SpreadsheetThemeOut(Out):
    primaryFontFamily: str = Field(description="The theme's font.")
    themeColors: list[ThemeColorPairOut] = Field(description="The theme's colors.")


class SpreadsheetPropertiesOut(Out):
    title: str = Field(description="The spreadsheet's title.",
                       json_schema_extra=entity("SheetsTitle"))
    locale: str = Field(description="The locale (en_US).")
    autoRecalc: str = Field(description="ON_CHANGE.")
    timeZone: str = Field(description="The time zone (IANA).")
    defaultFormat: CellFormatOut = Field(description="The default cell format.")
    spreadsheetTheme: SpreadsheetThemeOut | None = Field(None, description="The theme.")


class GridPropertiesOut(Out):
    rowCount: int = Field(description="Rows in the grid.")
    columnCount: int = Field(description="Columns in the grid.")
    frozenRowCount: int | None = Field(None, description="Rows frozen at the top.")
    frozenColumnCount: int | None = Field(None, description="Columns frozen at the left.")


class SheetPropertiesOut(Out):
    sheetId: int = Field(description="The sheet's id.", json_schema_extra=entity("SheetsSheetId"))
    title: str = Field(description="The sheet's name.",
                       json_schema_extra=entity("SheetsSheetTitle"))
    index: int = Field(description="The sheet's position (0-based).")
    sheetType: str = Field(description="GRID.")
    gridProperties: GridPropertiesOut = Field(description="Size and frozen rows/columns.")
    hidden: bool | None = Field(None, description="Whether the sheet is hidden.")
    tabColor: ColorOut | None = Field(None, description="The tab's color.")
    tabColorStyle: ColorStyleOut | None = Field(None, description="The tab's color.")


class ExtendedValueOut(Out):
    numberValue: float | None = Field(None, description="A number.")
    stringValue: str | None = Field(None, description="A string.")
    boolValue: bool | None = Field(None, description="A boolean.")
    formulaValue: str | None = Field(None, description="A formula (userEnteredValue only).")
    errorValue: dict[str, Any] | None = Field(None, description="An error: {type, message} "
                                              "(effectiveValue only).")


class CellDataOut(Out):
    userEnteredValue: ExtendedValueOut | None = Field(None, description="As entered.")
    effectiveValue: ExtendedValueOut | None = Field(None, description="As computed.")
    formattedValue: str | None = Field(None, description="As displayed.")
    userEnteredFormat: CellFormatOut | None = Field(None, description="The format entered.")


class RowDataOut(Out):
    values: list[CellDataOut] | None = Field(None, description="The cells of the row.")


class DimensionPropertiesOut(Out):
    pixelSize: int = Field(description="Height of a row / width of a column (pixels).")


class GridDataOut(Out):
    startRow: int | None = Field(None, description="The first row (0-based; absent: 0).")
    startColumn: int | None = Field(None, description="The first column (absent: 0).")
    rowData: list[RowDataOut] | None = Field(None, description="The rows.")
    rowMetadata: list[DimensionPropertiesOut] | None = Field(None, description="Rows' sizes.")
    columnMetadata: list[DimensionPropertiesOut] | None = Field(None, description="Columns' "
                                                                "sizes.")


class SheetOut(Out):
    properties: SheetPropertiesOut = Field(description="The sheet's properties.")
    data: list[GridDataOut] | None = Field(None, description="With includeGridData: the "
                                           "cells, one GridData per range asked.")


class Spreadsheet(Out):
    spreadsheetId: str = Field(description="The spreadsheet's id (44 characters).",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    properties: SpreadsheetPropertiesOut = Field(description="Title, locale, timeZone...")
    sheets: list[SheetOut] = Field(description="The sheets.")
    spreadsheetUrl: str = Field(description="The spreadsheet's URL.")


class GridRange(In):
    sheetId: Id | None = Field(None, description="The sheet (0 when omitted).",
                               json_schema_extra=entity("SheetsSheetId"))
    startRowIndex: Id | None = Field(None, description="First row, inclusive (0-based).")
    endRowIndex: Id | None = Field(None, description="Last row, exclusive.")
    startColumnIndex: Id | None = Field(None, description="First column, inclusive.")
    endColumnIndex: Id | None = Field(None, description="Last column, exclusive.")


class GridCoordinate(In):
    sheetId: Id | None = Field(None, description="The sheet.",
                               json_schema_extra=entity("SheetsSheetId"))
    rowIndex: Id | None = Field(None, description="The row (0-based).")
    columnIndex: Id | None = Field(None, description="The column (0-based).")


class DimensionRange(In):
    sheetId: Id | None = Field(None, description="The sheet.",
                               json_schema_extra=entity("SheetsSheetId"))
    dimension: Dimension | None = Field(None, description="ROWS or COLUMNS.")
    startIndex: Id | None = Field(None, description="Start, inclusive (0-based).")
    endIndex: Id | None = Field(None, description="End, exclusive.")


class AddSheet(In):
    properties: SheetProperties | None = Field(None, description="The new sheet's properties.")


class DeleteSheet(In):
    sheetId: Id | None = Field(None, description="The sheet to delete.",
                               json_schema_extra=entity("SheetsSheetId"))


class UpdateSheetProperties(In):
    properties: SheetProperties = Field(description="The properties (sheetId names the sheet).")
    fields: str | None = Field(None, max_length=500, description="Field mask: the properties "
                               "to update (`title`, `gridProperties.rowCount`, `*`).")


class UpdateSpreadsheetProperties(In):
    properties: SpreadsheetProperties = Field(description="The properties to set.")
    fields: str | None = Field(None, max_length=500, description="Field mask (`title`, `*`).")


class UpdateCells(In):
    rows: list[RowData] | None = Field(None, description="The data to write.")
    fields: str | None = Field(None, max_length=500, description="Field mask of CellData "
                               "(`userEnteredValue`, `userEnteredFormat`, `*`).")
    start: GridCoordinate | None = Field(None, description="Where to start writing.")
    range: GridRange | None = Field(None, description="The range to write (instead of start).")


class RepeatCell(In):
    range: GridRange | None = Field(None, description="The range to repeat the cell in.")
    cell: CellData | None = Field(None, description="The cell to repeat.")
    fields: str | None = Field(None, max_length=500, description="Field mask of CellData.")


class InsertDimension(In):
    range: DimensionRange | None = Field(None, description="The rows or columns to insert.")
    inheritFromBefore: bool | None = Field(None, description="Inherit properties from before.")


class DeleteDimension(In):
    range: DimensionRange | None = Field(None, description="The rows or columns to delete.")


class AppendDimension(In):
    sheetId: Id | None = Field(None, description="The sheet.",
                               json_schema_extra=entity("SheetsSheetId"))
    dimension: Dimension | None = Field(None, description="ROWS or COLUMNS.")
    length: Id | None = Field(None, description="How many to append.")


class FindReplace(In):
    find: str | None = Field(None, max_length=1000, description="The text to find.")
    replacement: str | None = Field(None, max_length=50_000, description="The replacement.")
    matchCase: bool | None = Field(None, description="Case-sensitive search.")
    matchEntireCell: bool | None = Field(None, description="Match the entire cell only.")
    searchByRegex: bool | None = Field(None, description="`find` is a regular expression.")
    includeFormulas: bool | None = Field(None, description="Search formulas too.")
    range: GridRange | None = Field(None, description="Search this range.")
    sheetId: Id | None = Field(None, description="Search this sheet.",
                               json_schema_extra=entity("SheetsSheetId"))
    allSheets: bool | None = Field(None, description="Search every sheet.")


class Request(In):
    addSheet: AddSheet | None = Field(None, description="Add a sheet.")
    deleteSheet: DeleteSheet | None = Field(None, description="Delete a sheet.")
    updateSheetProperties: UpdateSheetProperties | None = Field(None, description="Update a "
                                                                "sheet's properties.")
    updateSpreadsheetProperties: UpdateSpreadsheetProperties | None = Field(
        None, description="Update the spreadsheet's properties.")
    updateCells: UpdateCells | None = Field(None, description="Write cells.")
    repeatCell: RepeatCell | None = Field(None, description="Repeat one cell over a range.")
    insertDimension: InsertDimension | None = Field(None, description="Insert rows/columns.")
    deleteDimension: DeleteDimension | None = Field(None, description="Delete rows/columns.")
    appendDimension: AppendDimension | None = Field(None, description="Append rows/columns.")
    findReplace: FindReplace | None = Field(None, description="Find and replace text.")


class BatchUpdateSpreadsheetRequest(In):
    requests: list[Request] = Field(default_factory=list, max_length=1000,
                                    description="The requests, applied in order; if any is "
                                    "invalid, none is applied.")
    includeSpreadsheetInResponse: bool | None = Field(None, description="Return the updated "
                                                      "spreadsheet.")
    responseRanges: list[Annotated[str, Field(max_length=1000)]] | None = Field(
        None, max_length=100, description="Limits the returned spreadsheet to these ranges.")
    responseIncludeGridData: bool | None = Field(None, description="Return grid data.")


class AddSheetResponse(Out):
    properties: SheetPropertiesOut = Field(description="The new sheet's properties.")


class FindReplaceResponse(Out):
    valuesChanged: int | None = Field(None, description="Non-formula cells changed.")
    formulasChanged: int | None = Field(None, description="Formula cells changed.")
    rowsChanged: int | None = Field(None, description="Rows changed.")
    sheetsChanged: int | None = Field(None, description="Sheets changed.")
    occurrencesChanged: int | None = Field(None, description="Occurrences replaced.")


class Response(Out):
    addSheet: AddSheetResponse | None = Field(None, description="Reply to addSheet.")
    findReplace: FindReplaceResponse | None = Field(None, description="Reply to findReplace.")


class BatchUpdateSpreadsheetResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    replies: list[Response] = Field(description="One reply per request, in order (empty for "
                                    "requests without a reply).")
    updatedSpreadsheet: Spreadsheet | None = Field(None, description="With "
                                                   "includeSpreadsheetInResponse.")


# -- DataFilter forms and sheets.copyTo ---------------------------------------------------------

class DeveloperMetadataLookup(BaseModel):
    model_config = ConfigDict(extra="allow")
    metadataKey: str | None = Field(None, max_length=200, description="A metadata key.")


class DataFilter(In):
    a1Range: str | None = Field(None, max_length=1000, description="Select this A1 range.")
    gridRange: GridRange | None = Field(None, description="Select this grid range.")
    developerMetadataLookup: DeveloperMetadataLookup | None = Field(
        None, description="Select by developer metadata (none is kept here: matches nothing).")


class GetSpreadsheetByDataFilterRequest(In):
    dataFilters: list[DataFilter] = Field(default_factory=list, max_length=100,
                                          description="The ranges to return.")
    includeGridData: bool | None = Field(None, description="Return the cells' data.")
    excludeTablesInBandedRanges: bool | None = Field(None, description="Accepted, no effect.")
    commentsViewMode: str | None = Field(None, max_length=60, description="Accepted, no "
                                         "effect.")


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
    developerMetadataLookup: dict[str, Any] | None = Field(None, description="As sent.")


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
