"""What a sheet carries besides cells, in Sheets' shapes (the same model in a request and in
a response): named and protected ranges, filters and filter views, conditional format
rules, bandings, row/column properties and groups, tables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Id
from arcadia.apps.sheets.schemas.base import (
    Color,
    ColorStyle,
    DataSourceColumnReference,
    DimensionRange,
    GridRange,
    In,
    Pixels,
    compact,
    entity,
    opt,
)
from arcadia.apps.sheets.schemas.cells import BooleanCondition, CellFormat
from arcadia.apps.sheets.schemas.metadata import DeveloperMetadata

Email = Annotated[str, Field(max_length=320, json_schema_extra=entity("Email"))]
NamedRangeId = Annotated[str, Field(max_length=100,
                                    json_schema_extra=entity("SheetsNamedRangeId"))]
TableId = Annotated[str, Field(max_length=100, json_schema_extra=entity("SheetsTableId"))]
OMITTED = "(always omitted here: "


class NamedRange(In):
    namedRangeId: NamedRangeId | None = opt("The named range's id (assigned when omitted).")
    name: str | None = opt("The name (letters, digits, `_` and `.`, not starting with a "
                           "digit, not a cell reference, unique in the spreadsheet; usable "
                           "as a range in values.get/update).", max_length=250,
                           json_schema_extra=entity("SheetsNamedRangeName"))
    range: GridRange | None = opt("The range the name stands for (it follows inserted and "
                                  "deleted rows and columns).")


class EditorsModel(In):
    users: list[Email] | None = Field(None, max_length=200, description="Email addresses of "
                                      "the people who may edit the protected range (besides "
                                      "the spreadsheet's owner).")
    groups: list[Annotated[str, Field(max_length=320)]] | None = Field(
        None, max_length=200, description="Groups who may edit it; here a group is one of the "
        "company's roles (`finance`, `hr`) rather than a group's email address.")
    domainUsersCanEdit: bool | None = opt("Anyone who may edit the spreadsheet may edit it.")


Editors = Annotated[EditorsModel, compact(EditorsModel)]


class ProtectedRange(In):
    protectedRangeId: Annotated[Id, Field(json_schema_extra=entity(
        "SheetsProtectedRangeId"))] | None = opt("The protected range's id (assigned).")
    range: GridRange | None = opt("What is protected (a range with only a sheetId protects the "
                                  "whole sheet). Only one of range and namedRangeId.")
    namedRangeId: NamedRangeId | None = opt("Protect a named range's range (and follow it).")
    tableId: TableId | None = opt(f"A table it protects {OMITTED}protect the table's range).")
    description: str | None = opt("What the protection is for.", max_length=1000)
    warningOnly: bool | None = opt("Only warn (in the editor) instead of refusing edits; "
                                   "editors are then ignored.")
    requestingUserCanEdit: bool | None = opt("Read-only: whether you may edit the range.")
    unprotectedRanges: list[GridRange] | None = Field(None, max_length=100, description=(
        "Ranges left editable inside a protected sheet."))
    editors: Editors | None = opt("Who may edit (default: the spreadsheet's owner and you). "
                                  "Anyone else's writes to the range are refused with 403.")


class FilterCriteriaModel(In):
    hiddenValues: list[Annotated[str, Field(max_length=1000)]] | None = Field(
        None, max_length=1000, description="Rows whose (displayed) value is one of these are "
        "hidden.")
    condition: BooleanCondition | None = opt("Rows whose value does not satisfy this are "
                                             "hidden.")
    visibleBackgroundColor: Color | None = opt("Deprecated: use visibleBackgroundColorStyle.")
    visibleBackgroundColorStyle: ColorStyle | None = opt("Show only cells with this fill "
                                                         "(kept; not applied here).")
    visibleForegroundColor: Color | None = opt("Deprecated: use visibleForegroundColorStyle.")
    visibleForegroundColorStyle: ColorStyle | None = opt("Show only text of this color (kept; "
                                                         "not applied here).")


FilterCriteria = Annotated[FilterCriteriaModel, compact(FilterCriteriaModel)]


class FilterSpec(In):
    columnIndex: Id | None = opt("The sheet's column the criteria apply to (0-based).")
    dataSourceColumnReference: DataSourceColumnReference | None = opt(
        f"A data source column {OMITTED}no data sources).")
    filterCriteria: FilterCriteria | None = opt("The criteria for the column.")


SortOrder = Literal["SORT_ORDER_UNSPECIFIED", "ASCENDING", "DESCENDING"]


class SortSpecModel(In):
    dimensionIndex: Id | None = opt("The sheet's column to sort by (0-based).")
    sortOrder: SortOrder | None = opt("ASCENDING or DESCENDING.")
    foregroundColor: Color | None = opt("Deprecated: use foregroundColorStyle.")
    foregroundColorStyle: ColorStyle | None = opt("Sort by this text color (kept; sorting "
                                                  "here is by value).")
    backgroundColor: Color | None = opt("Deprecated: use backgroundColorStyle.")
    backgroundColorStyle: ColorStyle | None = opt("Sort by this fill (kept; sorting here is "
                                                  "by value).")
    dataSourceColumnReference: DataSourceColumnReference | None = opt(
        f"A data source column {OMITTED}no data sources).")


SortSpec = Annotated[SortSpecModel, compact(SortSpecModel)]


class BasicFilter(In):
    range: GridRange | None = opt("The range the filter covers (its first row is the header).")
    tableId: TableId | None = opt(f"A table it filters {OMITTED}filter the table's range).")
    sortSpecs: list[SortSpec] | None = Field(None, max_length=100, description="The sort "
                                             "order; the first differing spec decides.")
    filterSpecs: list[FilterSpec] | None = Field(None, max_length=1000, description="The "
                                                 "criteria per column (rows failing one are "
                                                 "hiddenByFilter).")
    criteria: dict[str, FilterCriteria] | None = opt("Deprecated: criteria by column index "
                                                     "(`\"2\"`); returned alongside "
                                                     "filterSpecs.")


class FilterView(BasicFilter):
    filterViewId: Annotated[Id, Field(json_schema_extra=entity("SheetsFilterViewId"))] | None \
        = opt("The filter view's id (assigned when omitted).")
    title: str | None = opt("The filter view's name.", max_length=1000)
    namedRangeId: NamedRangeId | None = opt("Cover a named range's range (and follow it).")


class BooleanRuleModel(In):
    condition: BooleanCondition | None = opt("When the format applies.")
    format: CellFormat | None = opt("The format to apply (colors, bold, italic, strikethrough, "
                                    "underline; as in Sheets).")


BooleanRule = Annotated[BooleanRuleModel, compact(BooleanRuleModel)]


class InterpolationPointModel(In):
    type: Literal["INTERPOLATION_POINT_TYPE_UNSPECIFIED", "MIN", "MAX", "NUMBER", "PERCENT",
                  "PERCENTILE"] | None = opt("How `value` is read: MIN/MAX of the range, a "
                                             "NUMBER, a PERCENT of the span, a PERCENTILE.")
    value: str | None = opt("The point's value (not for MIN/MAX).", max_length=1000)
    color: Color | None = opt("Deprecated: use colorStyle.")
    colorStyle: ColorStyle | None = opt("The color at this point.")


InterpolationPoint = Annotated[InterpolationPointModel, compact(InterpolationPointModel)]


class GradientRuleModel(In):
    minpoint: InterpolationPoint | None = opt("The low end's point.")
    midpoint: InterpolationPoint | None = opt("An optional middle point.")
    maxpoint: InterpolationPoint | None = opt("The high end's point.")


GradientRule = Annotated[GradientRuleModel, compact(GradientRuleModel)]


class ConditionalFormatRule(In):
    ranges: list[GridRange] | None = Field(None, max_length=100, description="The ranges the "
                                           "rule formats (all on one sheet).")
    booleanRule: BooleanRule | None = opt("Format cells satisfying a condition.")
    gradientRule: GradientRule | None = opt("Color numbers along a gradient.")


class BandingPropertiesModel(In):
    headerColor: Color | None = opt("Deprecated: use headerColorStyle.")
    headerColorStyle: ColorStyle | None = opt("The first row's (column's) color.")
    firstBandColor: Color | None = opt("Deprecated: use firstBandColorStyle.")
    firstBandColorStyle: ColorStyle | None = opt("The first alternating color (required).")
    secondBandColor: Color | None = opt("Deprecated: use secondBandColorStyle.")
    secondBandColorStyle: ColorStyle | None = opt("The second alternating color (required).")
    footerColor: Color | None = opt("Deprecated: use footerColorStyle.")
    footerColorStyle: ColorStyle | None = opt("The last row's (column's) color.")


BandingProperties = Annotated[BandingPropertiesModel, compact(BandingPropertiesModel)]


class BandedRange(In):
    bandedRangeId: Annotated[Id, Field(json_schema_extra=entity("SheetsBandedRangeId"))] \
        | None = opt("The banding's id (assigned when omitted).")
    bandedRangeReference: str | None = opt(f"A reference for bandings without an id {OMITTED}"
                                           "every banding has an id).", max_length=100)
    range: GridRange | None = opt("The range banded (one banding per cell).")
    rowProperties: BandingProperties | None = opt("Alternating row colors.")
    columnProperties: BandingProperties | None = opt("Alternating column colors.")


class DimensionProperties(In):
    pixelSize: Pixels | None = opt("Height of the row / width of the column, in pixels "
                                   "(21 / 100 by default).")
    hiddenByUser: bool | None = opt("Hidden by the user (updateDimensionProperties).")
    hiddenByFilter: bool | None = opt("Read-only: hidden by the sheet's basic filter.")
    developerMetadata: list[DeveloperMetadata] | None = opt("Read-only: developer metadata "
                                                            "on this row or column.")
    dataSourceColumnReference: DataSourceColumnReference | None = opt(
        f"A data source column {OMITTED}no data sources).")


class DimensionGroup(In):
    range: DimensionRange | None = opt("The rows or columns grouped.")
    depth: Annotated[int, Field(ge=1, le=8)] | None = opt("How deeply nested (1: outermost).")
    collapsed: bool | None = opt("Whether the group is collapsed (its rows or columns "
                                 "hidden in the editor).")


ColumnType = Literal["COLUMN_TYPE_UNSPECIFIED", "DOUBLE", "CURRENCY", "PERCENT", "DATE", "TIME",
                     "DATE_TIME", "TEXT", "BOOLEAN", "DROPDOWN", "FILES_CHIP", "PEOPLE_CHIP",
                     "FINANCE_CHIP", "PLACE_CHIP", "RATINGS_CHIP"]


class TableColumnDataValidationRule(In):
    condition: BooleanCondition | None = opt("The dropdown's values (ONE_OF_LIST).")


class TableColumnPropertiesModel(In):
    columnIndex: Id | None = opt("The column within the table (0-based).")
    columnName: str | None = opt("The column's name.", max_length=250)
    columnType: ColumnType | None = opt("The column's type (kept; cells are not converted "
                                        "here).")
    dataValidationRule: TableColumnDataValidationRule | None = opt("A DROPDOWN column's "
                                                                   "values.")


TableColumnProperties = Annotated[TableColumnPropertiesModel, compact(TableColumnPropertiesModel)]


class TableRowsPropertiesModel(In):
    headerColorStyle: ColorStyle | None = opt("The header row's color.")
    firstBandColorStyle: ColorStyle | None = opt("The first alternating color.")
    secondBandColorStyle: ColorStyle | None = opt("The second alternating color.")
    footerColorStyle: ColorStyle | None = opt("The footer row's color.")


TableRowsProperties = Annotated[TableRowsPropertiesModel, compact(TableRowsPropertiesModel)]


class Table(In):
    tableId: TableId | None = opt("The table's id (assigned).")
    name: str | None = opt("The table's name (unique in the spreadsheet).", max_length=250)
    range: GridRange | None = opt("The table's range (its first row is the header).")
    rowsProperties: TableRowsProperties | None = opt("The rows' colors.")
    columnProperties: list[TableColumnProperties] | None = Field(
        None, max_length=1000, description="The columns' names and types.")
