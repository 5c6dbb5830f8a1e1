"""Cells: formats (CellFormat and its parts), values, conditions (shared by data validation,
conditional formats and filters) and CellData, in (requests) and out (responses)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from arcadia.apps.kernel import Id
from arcadia.apps.sheets.schemas.base import (
    Color,
    ColorStyle,
    In,
    Number,
    Out,
    Pixels,
    Short,
    Text,
    compact,
    opt,
)

HorizontalAlign = Literal["HORIZONTAL_ALIGN_UNSPECIFIED", "LEFT", "CENTER", "RIGHT"]
VerticalAlign = Literal["VERTICAL_ALIGN_UNSPECIFIED", "TOP", "MIDDLE", "BOTTOM"]
ConditionType = Literal[
    "CONDITION_TYPE_UNSPECIFIED", "NUMBER_GREATER", "NUMBER_GREATER_THAN_EQ", "NUMBER_LESS",
    "NUMBER_LESS_THAN_EQ", "NUMBER_EQ", "NUMBER_NOT_EQ", "NUMBER_BETWEEN", "NUMBER_NOT_BETWEEN",
    "TEXT_CONTAINS", "TEXT_NOT_CONTAINS", "TEXT_STARTS_WITH", "TEXT_ENDS_WITH", "TEXT_EQ",
    "TEXT_IS_EMAIL", "TEXT_IS_URL", "DATE_EQ", "DATE_BEFORE", "DATE_AFTER", "DATE_ON_OR_BEFORE",
    "DATE_ON_OR_AFTER", "DATE_BETWEEN", "DATE_NOT_BETWEEN", "DATE_IS_VALID", "ONE_OF_RANGE",
    "ONE_OF_LIST", "BLANK", "NOT_BLANK", "CUSTOM_FORMULA", "BOOLEAN", "TEXT_NOT_EQ",
    "DATE_NOT_EQ", "FILTER_EXPRESSION"]


class NumberFormat(In):
    type: Literal["NUMBER_FORMAT_TYPE_UNSPECIFIED", "TEXT", "NUMBER", "PERCENT", "CURRENCY",
                  "DATE", "TIME", "DATE_TIME", "SCIENTIFIC"] = Field(
        description="The type of the number format.")
    pattern: str | None = Field(None, max_length=100, description="The pattern (`#,##0.00`, "
                                "`yyyy-mm-dd`); the type's default when omitted.")


class Padding(In):
    top: Pixels | None = opt("Top padding (pixels).")
    right: Pixels | None = opt("Right padding (pixels).")
    bottom: Pixels | None = opt("Bottom padding (pixels).")
    left: Pixels | None = opt("Left padding (pixels).")


class Link(In):
    uri: str | None = opt("The link's URI.", max_length=2000)


class TextFormatModel(In):
    foregroundColor: Color | None = opt("Deprecated: use foregroundColorStyle.")
    foregroundColorStyle: ColorStyle | None = opt("The text's color.")
    fontFamily: str | None = opt("The font family.", max_length=100)
    fontSize: Pixels | None = opt("The font size (points).")
    bold: bool | None = opt("Bold.")
    italic: bool | None = opt("Italic.")
    strikethrough: bool | None = opt("Strikethrough.")
    underline: bool | None = opt("Underline.")
    link: Link | None = opt("A link on the text.")


TextFormat = Annotated[TextFormatModel, compact(TextFormatModel)]


class TextRotation(In):
    angle: int | None = Field(None, ge=-90, le=90, description="Degrees from horizontal, "
                              "-90 to 90.")
    vertical: bool | None = opt("Stacked vertically.")


class BorderModel(In):
    style: Literal["STYLE_UNSPECIFIED", "DOTTED", "DASHED", "SOLID", "SOLID_MEDIUM",
                   "SOLID_THICK", "NONE", "DOUBLE"] | None = opt("The border's style (NONE "
                                                                 "removes it).")
    width: Pixels | None = opt("Deprecated: the width follows the style.")
    color: Color | None = opt("Deprecated: use colorStyle.")
    colorStyle: ColorStyle | None = opt("The border's color.")


Border = Annotated[BorderModel, compact(BorderModel)]


class Borders(In):
    top: Border | None = opt("The top border.")
    bottom: Border | None = opt("The bottom border.")
    left: Border | None = opt("The left border.")
    right: Border | None = opt("The right border.")


class CellFormatModel(In):
    """A cell format (each part optional; an update's field mask says which it sets)."""

    numberFormat: NumberFormat | None = opt("How numbers are shown.")
    backgroundColor: Color | None = opt("Deprecated: use backgroundColorStyle.")
    backgroundColorStyle: ColorStyle | None = opt("The background color.")
    borders: Borders | None = opt("The cell's borders.")
    padding: Padding | None = opt("The cell's padding.")
    horizontalAlignment: HorizontalAlign | None = opt("LEFT, CENTER or RIGHT.")
    verticalAlignment: VerticalAlign | None = opt("TOP, MIDDLE or BOTTOM.")
    wrapStrategy: Literal["WRAP_STRATEGY_UNSPECIFIED", "OVERFLOW_CELL", "LEGACY_WRAP", "CLIP",
                          "WRAP"] | None = opt("OVERFLOW_CELL, CLIP or WRAP.")
    textDirection: Literal["TEXT_DIRECTION_UNSPECIFIED", "LEFT_TO_RIGHT",
                           "RIGHT_TO_LEFT"] | None = opt("The text's direction.")
    textFormat: TextFormat | None = opt("The text's format.")
    hyperlinkDisplayType: Literal["HYPERLINK_DISPLAY_TYPE_UNSPECIFIED", "LINKED",
                                  "PLAIN_TEXT"] | None = opt("How a link is shown.")
    textRotation: TextRotation | None = opt("The text's rotation.")


CellFormat = Annotated[CellFormatModel, compact(CellFormatModel)]


class ConditionValue(In):
    userEnteredValue: Short | None = opt("A value as typed (`10`, `=A1>0`, `2026-01-31`).")
    relativeDate: Literal["RELATIVE_DATE_UNSPECIFIED", "PAST_YEAR", "PAST_MONTH", "PAST_WEEK",
                          "YESTERDAY", "TODAY", "TOMORROW"] | None = opt(
        "A date relative to today (DATE_* conditions).")


class BooleanConditionModel(In):
    type: ConditionType | None = opt("The condition (NUMBER_GREATER, TEXT_CONTAINS, "
                                     "ONE_OF_LIST, CUSTOM_FORMULA, ...).")
    values: list[ConditionValue] | None = Field(None, max_length=500, description="The "
                                                "condition's values (how many depends on "
                                                "its type).")


BooleanCondition = Annotated[BooleanConditionModel, compact(BooleanConditionModel)]


class DataValidationRuleModel(In):
    condition: BooleanCondition | None = opt("What a valid value satisfies (required).")
    inputMessage: str | None = opt("A message shown when the cell is selected.",
                                   max_length=2000)
    strict: bool | None = opt("Reject invalid input (in the editor; API writes are not "
                              "checked, here as in Sheets).")
    showCustomUi: bool | None = opt("Show a dropdown (ONE_OF_LIST, ONE_OF_RANGE).")


DataValidationRule = Annotated[DataValidationRuleModel, compact(DataValidationRuleModel)]


class ExtendedValue(In):
    numberValue: Number | None = opt("A number.")
    stringValue: Text | None = opt("A string.")
    boolValue: bool | None = opt("A boolean.")
    formulaValue: Text | None = opt("A formula (`=...`).")


class CellData(In):
    userEnteredValue: ExtendedValue | None = opt("The value as entered.")
    userEnteredFormat: CellFormat | None = opt("The format as entered.")
    note: str | None = opt("The cell's note.", max_length=50_000)
    dataValidation: DataValidationRule | None = opt("The cell's data validation rule.")


class RowData(In):
    values: list[CellData] | None = opt("The cells of the row.")


class GridData(In):
    startRow: Id | None = opt("The first row (0-based).")
    startColumn: Id | None = opt("The first column (0-based).")
    rowData: list[RowData] | None = opt("The rows.")


# -- out -------------------------------------------------------------------------------------

class ColorOut(Out):
    red: float | None = opt("Red, 0 to 1 (absent: 0).")
    green: float | None = opt("Green, 0 to 1 (absent: 0).")
    blue: float | None = opt("Blue, 0 to 1 (absent: 0).")
    alpha: float | None = opt("Alpha, 0 to 1.")


class ColorStyleOut(Out):
    rgbColor: ColorOut | None = opt("An RGB color.")
    themeColor: str | None = opt("A theme color type.")


class PaddingOut(Out):
    top: int | None = opt("Top padding (pixels).")
    right: int | None = opt("Right padding.")
    bottom: int | None = opt("Bottom padding.")
    left: int | None = opt("Left padding.")


class TextFormatOut(Out):
    foregroundColor: ColorOut | None = opt("The text color.")
    foregroundColorStyle: ColorStyleOut | None = opt("The text color.")
    fontFamily: str | None = opt("The font family.")
    fontSize: int | None = opt("The font size.")
    bold: bool | None = opt("Bold.")
    italic: bool | None = opt("Italic.")
    strikethrough: bool | None = opt("Strikethrough.")
    underline: bool | None = opt("Underline.")
    link: Link | None = opt("A link on the text.")


class NumberFormatOut(Out):
    type: str | None = opt("NUMBER, PERCENT, CURRENCY, DATE, ...")
    pattern: str | None = opt("The pattern.")


class CellFormatOut(Out):
    numberFormat: NumberFormatOut | None = opt("How numbers are shown.")
    backgroundColor: ColorOut | None = opt("The background color.")
    backgroundColorStyle: ColorStyleOut | None = opt("The background.")
    borders: Borders | None = opt("The borders (updateBorders, userEnteredFormat.borders).")
    padding: PaddingOut | None = opt("The cell's padding.")
    verticalAlignment: str | None = opt("TOP, MIDDLE or BOTTOM.")
    wrapStrategy: str | None = opt("OVERFLOW_CELL, CLIP or WRAP.")
    textFormat: TextFormatOut | None = opt("The text format.")
    horizontalAlignment: str | None = opt("LEFT, CENTER or RIGHT.")
    textDirection: str | None = opt("LEFT_TO_RIGHT or RIGHT_TO_LEFT.")
    hyperlinkDisplayType: str | None = opt("LINKED or PLAIN_TEXT.")
    textRotation: TextRotation | None = opt("The text's rotation.")


class ExtendedValueOut(Out):
    numberValue: float | None = opt("A number.")
    stringValue: str | None = opt("A string.")
    boolValue: bool | None = opt("A boolean.")
    formulaValue: str | None = opt("A formula (userEnteredValue only).")
    errorValue: dict[str, Any] | None = opt("An error: {type, message} (effectiveValue only).")


class TextFormatRun(Out):
    startIndex: int | None = opt("Where the run starts (character index).")
    format: TextFormatOut | None = opt("The run's format.")


OMITTED = "(always omitted here: "


class CellDataOut(Out):
    userEnteredValue: ExtendedValueOut | None = opt("As entered.")
    effectiveValue: ExtendedValueOut | None = opt("As computed.")
    formattedValue: str | None = opt("As displayed.")
    userEnteredFormat: CellFormatOut | None = opt("The format entered.")
    effectiveFormat: CellFormatOut | None = opt("The format shown: the spreadsheet's default, "
                                                "then the entered format, then the first "
                                                "matching conditional format rules.")
    note: str | None = opt("The cell's note.")
    dataValidation: DataValidationRule | None = opt("The cell's data validation rule.")
    hyperlink: str | None = opt(f"The cell's link {OMITTED}no HYPERLINK function or links).")
    textFormatRuns: list[TextFormatRun] | None = opt(
        f"Rich-text runs {OMITTED}cells are formatted whole).")
    pivotTable: dict[str, Any] | None = opt(f"A pivot table anchored here {OMITTED}no pivot "
                                            "tables).")
    dataSourceTable: dict[str, Any] | None = opt(f"A data source table {OMITTED}no data "
                                                 "sources).")
    dataSourceFormula: dict[str, Any] | None = opt(f"A data source formula {OMITTED}no data "
                                                   "sources).")
    chipRuns: list[dict[str, Any]] | None = opt(f"Smart chips {OMITTED}no chips).")


class RowDataOut(Out):
    values: list[CellDataOut] | None = opt("The cells of the row.")
