"""Wire models with Sheets v4's own names (the discovery document's schemas), for the
requests we serve and the responses we return. Unknown fields are refused, as Sheets does
("Invalid JSON payload received. Unknown name")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from arcadia.apps.kernel import Id, Int64

Number = Annotated[float, Field(ge=-1e308, le=1e308, allow_inf_nan=False)]
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
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    updatedRange: str = Field(description="The range (A1) the updates were applied to.")
    updatedRows: int | None = Field(None, description="Rows with at least one cell updated.")
    updatedColumns: int | None = Field(None, description="Columns with at least one cell "
                                       "updated.")
    updatedCells: int | None = Field(None, description="Cells updated.")
    updatedData: ValueRangeOut | None = Field(None, description="The values after the update "
                                              "(with includeValuesInResponse).")


class AppendValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    tableRange: str | None = Field(None, description="The table the values were appended "
                                   "after (A1), if one was found.")
    updates: UpdateValuesResponse = Field(description="Information about the updates.")


class ClearValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    clearedRange: str = Field(description="The range (A1) that was cleared.")


class BatchGetValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the data was read from.")
    valueRanges: list[ValueRangeOut] = Field(description="The requested values, in order.")


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
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    totalUpdatedRows: int | None = Field(None, description="Rows updated, in total.")
    totalUpdatedColumns: int | None = Field(None, description="Columns updated, in total.")
    totalUpdatedCells: int | None = Field(None, description="Cells updated, in total.")
    totalUpdatedSheets: int | None = Field(None, description="Sheets updated, in total.")
    responses: list[UpdateValuesResponse] | None = Field(None, description="One per range.")


class BatchClearValuesRequest(In):
    ranges: list[Annotated[str, Field(max_length=1000)]] = Field(
        default_factory=list, max_length=1000, description="The ranges to clear (A1 or R1C1).")


class BatchClearValuesResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    clearedRanges: list[str] | None = Field(None, description="The ranges that were cleared.")


# -- spreadsheets ----------------------------------------------------------------------------

class Color(In):
    red: Number | None = Field(None, description="Red, 0 to 1.")
    green: Number | None = Field(None, description="Green, 0 to 1.")
    blue: Number | None = Field(None, description="Blue, 0 to 1.")
    alpha: Number | None = Field(None, description="Alpha, 0 to 1.")


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
    sheetId: Id | None = Field(None, description="The sheet's id (assigned when omitted).")
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


class Spreadsheet(Out):
    spreadsheetId: str = Field(description="The spreadsheet's id (44 characters).")
    properties: dict[str, Any] = Field(description="Title, locale, timeZone, autoRecalc.")
    sheets: list[dict[str, Any]] = Field(description="The sheets: properties, and `data` "
                                         "with includeGridData.")
    spreadsheetUrl: str = Field(description="The spreadsheet's URL.")


class GridRange(In):
    sheetId: Id | None = Field(None, description="The sheet (0 when omitted).")
    startRowIndex: Id | None = Field(None, description="First row, inclusive (0-based).")
    endRowIndex: Id | None = Field(None, description="Last row, exclusive.")
    startColumnIndex: Id | None = Field(None, description="First column, inclusive.")
    endColumnIndex: Id | None = Field(None, description="Last column, exclusive.")


class GridCoordinate(In):
    sheetId: Id | None = Field(None, description="The sheet.")
    rowIndex: Id | None = Field(None, description="The row (0-based).")
    columnIndex: Id | None = Field(None, description="The column (0-based).")


class DimensionRange(In):
    sheetId: Id | None = Field(None, description="The sheet.")
    dimension: Dimension | None = Field(None, description="ROWS or COLUMNS.")
    startIndex: Id | None = Field(None, description="Start, inclusive (0-based).")
    endIndex: Id | None = Field(None, description="End, exclusive.")


class AddSheet(In):
    properties: SheetProperties | None = Field(None, description="The new sheet's properties.")


class DeleteSheet(In):
    sheetId: Id | None = Field(None, description="The sheet to delete.")


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
    sheetId: Id | None = Field(None, description="The sheet.")
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
    sheetId: Id | None = Field(None, description="Search this sheet.")
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


class BatchUpdateSpreadsheetResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.")
    replies: list[dict[str, Any]] = Field(description="One reply per request, in order "
                                          "(empty for requests without a reply).")
    updatedSpreadsheet: dict[str, Any] | None = Field(None, description="With "
                                                      "includeSpreadsheetInResponse.")
