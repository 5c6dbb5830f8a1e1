"""The building blocks of Sheets v4's wire models: input/output bases, bounded numbers,
colors, and the three ways Sheets names cells (GridRange, DimensionRange, GridCoordinate).

Input models refuse unknown fields, as Sheets does ("Invalid JSON payload received. Unknown
name"). Models of the objects a spreadsheet carries (named ranges, filters, charts, ...)
serve both ways: what a request sends is what a get returns.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictStr,
    WithJsonSchema,
)

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


def compact(model: type[BaseModel]) -> WithJsonSchema:
    """A one-level JSON schema of `model` for the document: its own fields as pydantic
    writes them (types, bounds, enums), a nested object named by its fields. Sheets'
    requests nest the same parts (formats, colors, ranges, conditions) in many places;
    shown in full each time, one request's schema (and a tool built from it) would run to
    hundreds of kilobytes. The model still validates every level."""
    full = model.model_json_schema()
    defs = full.get("$defs", {})
    props = {name: _brief(schema, defs) for name, schema in full.get("properties", {}).items()}
    return WithJsonSchema({"type": "object", "description": (model.__doc__ or "").strip()
                           or f"A {model.__name__}.", "properties": props,
                           "additionalProperties": False})


def _brief(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A property's schema with each nested model shown as an object naming its fields."""
    if "$ref" in schema:
        target = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
        if "properties" not in target:  # an enum or alias: shown in full
            return {**{k: v for k, v in schema.items() if k != "$ref"}, **target}
        names = ", ".join(target["properties"])
        return {"type": "object", "description": f"Fields: {names}."}
    if "properties" in schema:  # a nested part already shown compactly
        return {"type": "object", "description": f"Fields: {', '.join(schema['properties'])}."}
    out: dict[str, Any] = {}
    for k, v in schema.items():
        if k == "title" or (k == "default" and v is None):
            continue
        if k in ("anyOf", "oneOf", "allOf"):
            out[k] = [_brief(x, defs) for x in v]
        elif k == "items" and isinstance(v, dict):
            out[k] = _brief(v, defs)
        elif k == "additionalProperties" and isinstance(v, dict):
            out[k] = _brief(v, defs)
        else:
            out[k] = v
    return out

class In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class ColorModel(In):
    red: Unit | None = opt("Red, 0 to 1 (absent: 0).")
    green: Unit | None = opt("Green, 0 to 1 (absent: 0).")
    blue: Unit | None = opt("Blue, 0 to 1 (absent: 0).")
    alpha: Unit | None = opt("Alpha, 0 to 1.")


class ColorStyleModel(In):
    rgbColor: ColorModel | None = opt("An RGB color.")
    themeColor: ThemeColorType | None = opt("A color of the spreadsheet's theme (ACCENT1...).")


# Colors are everywhere in Sheets' requests, each in two spellings: the document shows
# each in one level (`compact`); they are validated in full all the same.
Color = Annotated[ColorModel, compact(ColorModel)]
ColorStyle = Annotated[ColorStyleModel, compact(ColorStyleModel)]


class GridRangeModel(In):
    """A rectangle of one sheet: 0-based indexes, ends exclusive; an index left out is
    unbounded (a whole column, row or sheet). Responses leave out a sheetId of 0."""

    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    startRowIndex: Id | None = opt("First row, inclusive (0-based).")
    endRowIndex: Id | None = opt("Last row, exclusive.")
    startColumnIndex: Id | None = opt("First column, inclusive.")
    endColumnIndex: Id | None = opt("Last column, exclusive.")


GridRange = Annotated[GridRangeModel, compact(GridRangeModel)]


class GridCoordinateModel(In):
    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    rowIndex: Id | None = opt("The row (0-based; absent: 0).")
    columnIndex: Id | None = opt("The column (0-based; absent: 0).")


GridCoordinate = Annotated[GridCoordinateModel, compact(GridCoordinateModel)]


class DimensionRangeModel(In):
    sheetId: Id | None = opt("The sheet (0 when omitted).",
                             json_schema_extra=entity("SheetsSheetId"))
    dimension: Dimension | None = opt("ROWS or COLUMNS.")
    startIndex: Id | None = opt("Start, inclusive (0-based).")
    endIndex: Id | None = opt("End, exclusive.")


DimensionRange = Annotated[DimensionRangeModel, compact(DimensionRangeModel)]


class DataSourceColumnReference(In):
    name: Short | None = opt("A data source column's name (no data sources here: never "
                             "matches).")


__all__ = ["SAFE_INT", "CellValue", "Color", "ColorStyle", "DataSourceColumnReference",
           "DateOption", "Dimension", "DimensionRange", "FreeObject", "GridCoordinate",
           "GridRange", "In", "InputOption", "Int64", "Mask", "Number", "Out", "Pixels",
           "RenderOption", "Short", "Text", "ThemeColorType", "Unit", "entity", "opt"]

