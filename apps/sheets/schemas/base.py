"""The building blocks of Sheets v4's wire models: input/output bases, bounded numbers,
colors, and the three ways Sheets names cells (GridRange, DimensionRange, GridCoordinate).

Input models refuse unknown fields, as Sheets does ("Invalid JSON payload received. Unknown
name"). Models of the objects a spreadsheet carries (named ranges, filters, charts, ...)
serve both ways: what a request sends is what a get returns.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictStr

from arcadia.apps.kernel import Id, Int64, entity

# Numbers within +-1e18 (inside the 64-bit bounds every input of ours keeps; Sheets takes any
# double).
Number = Annotated[float, Field(ge=-1e18, le=1e18, allow_inf_nan=False)]
Unit = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Pixels = Annotated[int, Field(ge=0, le=100_000)]
Dimension = Literal["ROWS", "COLUMNS", "DIMENSION_UNSPECIFIED"]
InputOption = Literal["RAW", "USER_ENTERED"]
RenderOption = Literal["FORMATTED_VALUE", "UNFORMATTED_VALUE", "FORMULA"]
DateOption = Literal["SERIAL_NUMBER", "FORMATTED_STRING"]
CellValue = StrictBool | Number | StrictStr | None
Mask = Annotated[str, Field(max_length=500)]
Text = Annotated[str, Field(max_length=50_000)]
Short = Annotated[str, Field(max_length=1000)]
ThemeColorType = Literal["THEME_COLOR_TYPE_UNSPECIFIED", "TEXT", "BACKGROUND", "ACCENT1",
                         "ACCENT2", "ACCENT3", "ACCENT4", "ACCENT5", "ACCENT6", "LINK"]
SAFE_INT = 2 ** 53 - 1


def _bounded(value: Any, depth: int = 0) -> Any:
    if depth > 12:
        raise ValueError("nested too deeply (at most 12 levels)")
    if isinstance(value, dict):
        for v in value.values():
            _bounded(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _bounded(v, depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > SAFE_INT:
        raise ValueError(f"integer {value} is out of range (at most +-{SAFE_INT})")
    return value


# A nested part of a spec we keep as sent (chart styling, pivot-like detail): any JSON
# object, its integers within +-(2^53 - 1).
FreeObject = Annotated[dict[str, Any], AfterValidator(_bounded)]


def opt(description: str, **kw: Any) -> Any:
    """An optional field (absent from responses when unset, as Sheets leaves it out)."""
    return Field(None, description=description, **kw)


class In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class Color(In):
    red: Unit | None = opt("Red, 0 to 1 (absent: 0).")
    green: Unit | None = opt("Green, 0 to 1 (absent: 0).")
    blue: Unit | None = opt("Blue, 0 to 1 (absent: 0).")
    alpha: Unit | None = opt("Alpha, 0 to 1.")


class ColorStyle(In):
    rgbColor: Color | None = opt("An RGB color.")
    themeColor: ThemeColorType | None = opt("A color of the spreadsheet's theme (ACCENT1...).")


class GridRange(In):
    """A rectangle of one sheet: 0-based indexes, ends exclusive; an index left out is
    unbounded (a whole column, row or sheet). Responses leave out a sheetId of 0."""

    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    startRowIndex: Id | None = opt("First row, inclusive (0-based).")
    endRowIndex: Id | None = opt("Last row, exclusive.")
    startColumnIndex: Id | None = opt("First column, inclusive.")
    endColumnIndex: Id | None = opt("Last column, exclusive.")


class GridCoordinate(In):
    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    rowIndex: Id | None = opt("The row (0-based; absent: 0).")
    columnIndex: Id | None = opt("The column (0-based; absent: 0).")


class DimensionRange(In):
    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    dimension: Dimension | None = opt("ROWS or COLUMNS.")
    startIndex: Id | None = opt("Start, inclusive (0-based).")
    endIndex: Id | None = opt("End, exclusive.")


class DataSourceColumnReference(In):
    name: Short | None = opt("A data source column's name (no data sources here: never "
                             "matches).")


__all__ = ["SAFE_INT", "CellValue", "Color", "ColorStyle", "DataSourceColumnReference",
           "DateOption", "Dimension", "DimensionRange", "FreeObject", "GridCoordinate",
           "GridRange", "In", "InputOption", "Int64", "Mask", "Number", "Out", "Pixels",
           "RenderOption", "Short", "Text", "ThemeColorType", "Unit", "entity", "opt"]
