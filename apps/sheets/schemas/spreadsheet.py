"""The Spreadsheet resource (spreadsheets.get/create/getByDataFilter and batchUpdate's
updatedSpreadsheet) and the properties a request may set."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Id, Int64
from arcadia.apps.sheets.schemas.base import (
    Color,
    ColorStyle,
    In,
    Out,
    ThemeColorType,
    entity,
    opt,
)
from arcadia.apps.sheets.schemas.cells import (
    CellFormat,
    CellFormatOut,
    ColorOut,
    GridData,
    RowDataOut,
)
from arcadia.apps.sheets.schemas.cells import ColorStyleOut as ColorStyleOut
from arcadia.apps.sheets.schemas.charts import EmbeddedChart, Slicer
from arcadia.apps.sheets.schemas.comments import (
    CommentAnchor,
    CommentThread,
    DataSource,
    DataSourceRefreshSchedule,
    DataSourceSheetProperties,
)
from arcadia.apps.sheets.schemas.metadata import DeveloperMetadata
from arcadia.apps.sheets.schemas.objects import (
    BandedRange,
    BasicFilter,
    ConditionalFormatRule,
    DimensionGroup,
    DimensionProperties,
    FilterView,
    NamedRange,
    ProtectedRange,
    Table,
)
from arcadia.apps.sheets.schemas.values import GridRangeOut

OMITTED = "(always omitted here: "
AutoRecalc = Literal["RECALCULATION_INTERVAL_UNSPECIFIED", "ON_CHANGE", "MINUTE", "HOUR"]


class GridProperties(In):
    rowCount: Int64 | None = Field(None, ge=0, description="Rows in the grid.")
    columnCount: Int64 | None = Field(None, ge=0, description="Columns in the grid.")
    frozenRowCount: Int64 | None = Field(None, ge=0, description="Rows frozen at the top.")
    frozenColumnCount: Int64 | None = Field(None, ge=0, description="Columns frozen at the "
                                            "left.")
    hideGridlines: bool | None = opt("Whether gridlines are hidden.")
    rowGroupControlAfter: bool | None = opt("Row groups' toggle after the group.")
    columnGroupControlAfter: bool | None = opt("Column groups' toggle after the group.")


class SheetProperties(In):
    sheetId: Id | None = opt("The sheet's id (assigned when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    title: str | None = opt("The sheet's name.", max_length=200)
    index: Id | None = opt("The sheet's position (0-based).")
    sheetType: Literal["GRID"] | None = opt("Only GRID sheets.")
    gridProperties: GridProperties | None = opt("The grid's size and frozen rows/columns.")
    hidden: bool | None = opt("Whether the sheet is hidden.")
    tabColor: Color | None = opt("Deprecated: use tabColorStyle.")
    tabColorStyle: ColorStyle | None = opt("The tab's color.")
    rightToLeft: bool | None = opt("Right-to-left sheet.")


class SheetIn(In):
    properties: SheetProperties | None = opt("The sheet's properties.")
    data: list[GridData] | None = opt("Initial data of the sheet.")


class IterativeCalculationSettings(In):
    maxIterations: Annotated[int, Field(ge=1, le=10_000)] | None = opt(
        "Most rounds of iterative calculation (kept; cycles are still #REF! here).")
    convergenceThreshold: Annotated[float, Field(ge=0, le=1e18)] | None = opt(
        "Stop when results change by less than this.")


class ThemeColorPair(In):
    colorType: ThemeColorType | None = opt("TEXT, BACKGROUND, ACCENT1..6, LINK.")
    color: ColorStyle | None = opt("The color (rgbColor).")


class SpreadsheetTheme(In):
    primaryFontFamily: str | None = opt("The theme's font.", max_length=100)
    themeColors: list[ThemeColorPair] | None = Field(None, max_length=20, description="The "
                                                     "theme's colors (all ten types).")


class SpreadsheetProperties(In):
    title: str | None = opt("The spreadsheet's title.", max_length=1000)
    locale: str | None = opt("The locale (en_US).", max_length=20)
    timeZone: str | None = opt("The time zone (IANA).", max_length=60)
    autoRecalc: AutoRecalc | None = opt("When volatile functions recalculate (ON_CHANGE, "
                                        "MINUTE, HOUR; kept: formulas evaluate on read).")
    defaultFormat: CellFormat | None = opt("The cells' default format.")
    iterativeCalculationSettings: IterativeCalculationSettings | None = opt(
        "Iterative calculation (absent: off).")
    spreadsheetTheme: SpreadsheetTheme | None = opt("The theme.")
    importFunctionsExternalUrlAccessAllowed: bool | None = opt(
        "Whether IMPORT functions may reach external URLs (kept; no IMPORT functions here).")


class SpreadsheetIn(In):
    spreadsheetId: str | None = opt("Ignored: assigned.", max_length=100)
    properties: SpreadsheetProperties | None = opt("Title, locale, zone.")
    sheets: list[SheetIn] | None = Field(None, max_length=200, description="The sheets.")
    namedRanges: list[NamedRange] | None = Field(None, max_length=500, description=(
        "Named ranges to define (their ranges on the sheets given)."))
    developerMetadata: list[DeveloperMetadata] | None = Field(None, max_length=500,
                                                              description="Metadata to "
                                                              "attach.")


# -- out -------------------------------------------------------------------------------------

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
    autoRecalc: str = Field(description="ON_CHANGE (default), MINUTE or HOUR.")
    timeZone: str = Field(description="The time zone (IANA).")
    defaultFormat: CellFormatOut = Field(description="The default cell format.")
    spreadsheetTheme: SpreadsheetThemeOut | None = opt("The theme.")
    iterativeCalculationSettings: IterativeCalculationSettings | None = opt(
        "Iterative calculation, when on.")
    importFunctionsExternalUrlAccessAllowed: bool | None = opt(
        "Whether IMPORT functions may reach external URLs (when set).")


class GridPropertiesOut(Out):
    rowCount: int = Field(description="Rows in the grid.")
    columnCount: int = Field(description="Columns in the grid.")
    frozenRowCount: int | None = opt("Rows frozen at the top.")
    frozenColumnCount: int | None = opt("Columns frozen at the left.")
    hideGridlines: bool | None = opt("Whether gridlines are hidden.")
    rowGroupControlAfter: bool | None = opt("Row groups' toggle after the group.")
    columnGroupControlAfter: bool | None = opt("Column groups' toggle after the group.")


class SheetPropertiesOut(Out):
    sheetId: int = Field(description="The sheet's id.", json_schema_extra=entity("SheetsSheetId"))
    title: str = Field(description="The sheet's name.",
                       json_schema_extra=entity("SheetsSheetTitle"))
    index: int = Field(description="The sheet's position (0-based).")
    sheetType: str = Field(description="GRID.")
    gridProperties: GridPropertiesOut = Field(description="Size and frozen rows/columns.")
    hidden: bool | None = opt("Whether the sheet is hidden.")
    tabColor: ColorOut | None = opt("The tab's color.")
    tabColorStyle: ColorStyleOut | None = opt("The tab's color.")
    rightToLeft: bool | None = opt("Right-to-left sheet.")
    dataSourceSheetProperties: DataSourceSheetProperties | None = opt(
        f"A DATA_SOURCE sheet's properties {OMITTED}no data sources).")


class GridDataOut(Out):
    startRow: int | None = opt("The first row (0-based; absent: 0).")
    startColumn: int | None = opt("The first column (absent: 0).")
    rowData: list[RowDataOut] | None = opt("The rows.")
    rowMetadata: list[DimensionProperties] | None = opt("The rows' sizes and visibility.")
    columnMetadata: list[DimensionProperties] | None = opt("The columns' sizes and "
                                                           "visibility.")


class SheetOut(Out):
    properties: SheetPropertiesOut = Field(description="The sheet's properties.")
    data: list[GridDataOut] | None = opt("With includeGridData: the cells, one GridData per "
                                         "range asked.")
    merges: list[GridRangeOut] | None = opt("Merged cells.")
    conditionalFormats: list[ConditionalFormatRule] | None = opt("Conditional format rules, "
                                                                 "in order.")
    filterViews: list[FilterView] | None = opt("Filter views.")
    protectedRanges: list[ProtectedRange] | None = opt("Protected ranges.")
    basicFilter: BasicFilter | None = opt("The sheet's filter.")
    charts: list[EmbeddedChart] | None = opt("Charts on the sheet.")
    bandedRanges: list[BandedRange] | None = opt("Alternating colors.")
    developerMetadata: list[DeveloperMetadata] | None = opt("Developer metadata on the sheet.")
    rowGroups: list[DimensionGroup] | None = opt("Row groups, by depth then position.")
    columnGroups: list[DimensionGroup] | None = opt("Column groups, by depth then position.")
    slicers: list[Slicer] | None = opt("Slicers on the sheet.")
    tables: list[Table] | None = opt("Tables on the sheet.")
    commentAnchors: list[CommentAnchor] | None = opt("Where comment threads are tied (with "
                                                     "comments included).")


class Spreadsheet(Out):
    spreadsheetId: str = Field(description="The spreadsheet's id (44 characters).",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    properties: SpreadsheetPropertiesOut = Field(description="Title, locale, timeZone...")
    sheets: list[SheetOut] = Field(description="The sheets.")
    spreadsheetUrl: str = Field(description="The spreadsheet's URL.")
    namedRanges: list[NamedRange] | None = opt("The named ranges.")
    developerMetadata: list[DeveloperMetadata] | None = opt("Developer metadata on the "
                                                            "spreadsheet itself.")
    comments: list[CommentThread] | None = opt("The comment threads (with commentsViewMode "
                                               "COMMENTS_VIEW_MODE_INCLUDED).")
    commentsViewMode: str | None = opt("The comments view mode applied (when one was asked).")
    dataSources: list[DataSource] | None = opt(f"External data sources {OMITTED}no BigQuery "
                                               "or Looker connections).")
    dataSourceSchedules: list[DataSourceRefreshSchedule] | None = opt(
        f"Data source refresh schedules {OMITTED}no data sources).")
