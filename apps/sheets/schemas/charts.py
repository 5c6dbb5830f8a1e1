"""Charts and slicers (embedded objects). Sheets' API never renders them: a chart is its
spec and position, kept and returned as sent; its source ranges follow the sheet's rows and
columns. The common chart kinds' specs are modelled; the rarer kinds' are kept as sent."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Id
from arcadia.apps.sheets.schemas.base import (
    Color,
    ColorStyle,
    DataSourceColumnReference,
    FreeObject,
    GridCoordinate,
    GridRange,
    In,
    Pixels,
    compact,
    entity,
    opt,
)
from arcadia.apps.sheets.schemas.cells import TextFormat
from arcadia.apps.sheets.schemas.objects import FilterCriteria, FilterSpec, SortSpec

ObjectId = Annotated[Id, Field(json_schema_extra=entity("SheetsEmbeddedObjectId"))]
Legend = Literal["BASIC_CHART_LEGEND_POSITION_UNSPECIFIED", "PIE_CHART_LEGEND_POSITION_UNSPECIFIED",
                 "BOTTOM_LEGEND", "LEFT_LEGEND", "RIGHT_LEGEND", "TOP_LEGEND", "NO_LEGEND",
                 "LABELED_LEGEND"]
OMITTED = "(always omitted here: "


class ChartSourceRange(In):
    sources: list[GridRange] | None = Field(None, max_length=50, description="The ranges read "
                                            "(one row or column each).")


class ChartData(In):
    sourceRange: ChartSourceRange | None = opt("The data's ranges.")
    aggregateType: Literal["CHART_AGGREGATE_TYPE_UNSPECIFIED", "AVERAGE", "COUNT", "MAX",
                           "MEDIAN", "MIN", "SUM"] | None = opt("How values are aggregated.")
    groupRule: FreeObject | None = opt("How the domain is grouped (kept as sent).")
    columnReference: DataSourceColumnReference | None = opt(f"A data source column {OMITTED}"
                                                            "no data sources).")


class TextPosition(In):
    horizontalAlignment: Literal["HORIZONTAL_ALIGN_UNSPECIFIED", "LEFT", "CENTER",
                                 "RIGHT"] | None = opt("The text's alignment.")


class BasicChartAxis(In):
    position: Literal["BASIC_CHART_AXIS_POSITION_UNSPECIFIED", "BOTTOM_AXIS", "LEFT_AXIS",
                      "RIGHT_AXIS"] | None = opt("Which axis.")
    title: str | None = opt("The axis title.", max_length=1000)
    format: TextFormat | None = opt("The axis title's format.")
    titleTextPosition: TextPosition | None = opt("The axis title's alignment.")
    viewWindowOptions: FreeObject | None = opt("The axis range (kept as sent).")


class BasicChartDomain(In):
    domain: ChartData | None = opt("The domain's data (the x axis, or the categories).")
    reversed: bool | None = opt("Reverse the domain's order.")


class BasicChartSeries(In):
    series: ChartData | None = opt("The series' data.")
    targetAxis: Literal["BASIC_CHART_AXIS_POSITION_UNSPECIFIED", "BOTTOM_AXIS", "LEFT_AXIS",
                        "RIGHT_AXIS"] | None = opt("The axis the series is plotted against.")
    type: Literal["BASIC_CHART_TYPE_UNSPECIFIED", "BAR", "LINE", "AREA", "COLUMN", "SCATTER",
                  "COMBO", "STEPPED_AREA"] | None = opt("This series' type (COMBO charts).")
    color: Color | None = opt("Deprecated: use colorStyle.")
    colorStyle: ColorStyle | None = opt("The series' color.")
    lineStyle: FreeObject | None = opt("The line's style (kept as sent).")
    pointStyle: FreeObject | None = opt("The points' style (kept as sent).")
    dataLabel: FreeObject | None = opt("Data labels (kept as sent).")
    styleOverrides: list[FreeObject] | None = Field(None, max_length=500, description=(
        "Per-point styles (kept as sent)."))


class BasicChartSpec(In):
    chartType: Literal["BASIC_CHART_TYPE_UNSPECIFIED", "BAR", "LINE", "AREA", "COLUMN",
                       "SCATTER", "COMBO", "STEPPED_AREA"] | None = opt("The chart's type.")
    legendPosition: Legend | None = opt("Where the legend is.")
    axis: list[BasicChartAxis] | None = Field(None, max_length=3, description="The axes.")
    domains: list[BasicChartDomain] | None = Field(None, max_length=10, description="The "
                                                   "domain (one).")
    series: list[BasicChartSeries] | None = Field(None, max_length=100, description="The "
                                                  "data series.")
    headerCount: Annotated[int, Field(ge=0, le=1000)] | None = opt("Header rows in the data.")
    threeDimensional: bool | None = opt("3D.")
    interpolateNulls: bool | None = opt("Interpolate missing values.")
    stackedType: Literal["BASIC_CHART_STACKED_TYPE_UNSPECIFIED", "NOT_STACKED", "STACKED",
                         "PERCENT_STACKED"] | None = opt("Stacking.")
    lineSmoothing: bool | None = opt("Smooth lines.")
    compareMode: Literal["BASIC_CHART_COMPARE_MODE_UNSPECIFIED", "DATUM", "CATEGORY"] | None \
        = opt("What hovering compares.")
    totalDataLabel: FreeObject | None = opt("Totals' labels (kept as sent).")


class PieChartSpec(In):
    domain: ChartData | None = opt("The slices' labels.")
    series: ChartData | None = opt("The slices' values.")
    legendPosition: Legend | None = opt("Where the legend is.")
    threeDimensional: bool | None = opt("3D.")
    pieHole: Annotated[float, Field(ge=0, le=1)] | None = opt("The donut hole (0 to 1).")


class ChartSpecModel(In):
    """What a chart shows: exactly one chart type (basicChart, pieChart, ...), with its
    data as ChartData {sourceRange: {sources: [GridRange]}}, and its titles and styles."""

    title: str | None = opt("The chart's title.", max_length=1000)
    subtitle: str | None = opt("The chart's subtitle.", max_length=1000)
    altText: str | None = opt("Alternative text.", max_length=5000)
    fontName: str | None = opt("The font of the chart's text.", max_length=100)
    maximized: bool | None = opt("Fill the chart's space.")
    hiddenDimensionStrategy: Literal[
        "CHART_HIDDEN_DIMENSION_STRATEGY_UNSPECIFIED", "SKIP_HIDDEN_ROWS_AND_COLUMNS",
        "SKIP_HIDDEN_ROWS", "SKIP_HIDDEN_COLUMNS", "SHOW_ALL"] | None = opt(
        "Whether hidden rows/columns are plotted.")
    backgroundColor: Color | None = opt("Deprecated: use backgroundColorStyle.")
    backgroundColorStyle: ColorStyle | None = opt("The chart's background.")
    titleTextFormat: TextFormat | None = opt("The title's format.")
    titleTextPosition: TextPosition | None = opt("The title's alignment.")
    subtitleTextFormat: TextFormat | None = opt("The subtitle's format.")
    subtitleTextPosition: TextPosition | None = opt("The subtitle's alignment.")
    basicChart: BasicChartSpec | None = opt("A bar, line, area, column, scatter, combo or "
                                            "stepped area chart.")
    pieChart: PieChartSpec | None = opt("A pie chart.")
    bubbleChart: FreeObject | None = opt("A bubble chart (kept as sent).")
    candlestickChart: FreeObject | None = opt("A candlestick chart (kept as sent).")
    histogramChart: FreeObject | None = opt("A histogram (kept as sent).")
    orgChart: FreeObject | None = opt("An org chart (kept as sent).")
    scorecardChart: FreeObject | None = opt("A scorecard (kept as sent).")
    treemapChart: FreeObject | None = opt("A treemap (kept as sent).")
    waterfallChart: FreeObject | None = opt("A waterfall chart (kept as sent).")
    filterSpecs: list[FilterSpec] | None = Field(None, max_length=100, description="Filters "
                                                 "on the chart's data.")
    sortSpecs: list[SortSpec] | None = Field(None, max_length=100, description="Sorting of "
                                             "the chart's data.")
    dataSourceChartProperties: FreeObject | None = opt(f"A data source chart's properties "
                                                       f"{OMITTED}no data sources).")


ChartSpec = Annotated[ChartSpecModel, compact(ChartSpecModel)]


class OverlayPositionModel(In):
    anchorCell: GridCoordinate | None = opt("The cell the object's top left corner is on.")
    offsetXPixels: Pixels | None = opt("Horizontal offset from the anchor cell.")
    offsetYPixels: Pixels | None = opt("Vertical offset from the anchor cell.")
    widthPixels: Pixels | None = opt("Width (600 by default).")
    heightPixels: Pixels | None = opt("Height (371 by default).")


OverlayPosition = Annotated[OverlayPositionModel, compact(OverlayPositionModel)]


class EmbeddedObjectPositionModel(In):
    overlayPosition: OverlayPosition | None = opt("Over a sheet's grid (the only position "
                                                  "served here).")
    sheetId: Id | None = opt("On a sheet of its own (refused here: use overlayPosition).",
                             json_schema_extra=entity("SheetsSheetId"))
    newSheet: bool | None = opt("On a new sheet of its own (refused here: use "
                                "overlayPosition).")


EmbeddedObjectPosition = Annotated[EmbeddedObjectPositionModel,
                                   compact(EmbeddedObjectPositionModel)]


class EmbeddedObjectBorder(In):
    color: Color | None = opt("Deprecated: use colorStyle.")
    colorStyle: ColorStyle | None = opt("The border's color.")


class EmbeddedChart(In):
    chartId: ObjectId | None = opt("The chart's id (assigned when omitted; unique among the "
                                   "spreadsheet's charts and slicers).")
    spec: ChartSpec | None = opt("What the chart shows.")
    position: EmbeddedObjectPosition | None = opt("Where it is.")
    border: EmbeddedObjectBorder | None = opt("The chart's border.")


class SlicerSpecModel(In):
    dataRange: GridRange | None = opt("The data the slicer filters.")
    columnIndex: Id | None = opt("The column (within dataRange, 0-based) it filters on.")
    filterCriteria: FilterCriteria | None = opt("The slicer's current filter.")
    title: str | None = opt("The slicer's title.", max_length=1000)
    textFormat: TextFormat | None = opt("The title's format.")
    backgroundColor: Color | None = opt("Deprecated: use backgroundColorStyle.")
    backgroundColorStyle: ColorStyle | None = opt("The slicer's background.")
    horizontalAlignment: Literal["HORIZONTAL_ALIGN_UNSPECIFIED", "LEFT", "CENTER",
                                 "RIGHT"] | None = opt("The title's alignment.")
    applyToPivotTables: bool | None = opt("Apply to pivot tables too (none here).")


SlicerSpec = Annotated[SlicerSpecModel, compact(SlicerSpecModel)]


class Slicer(In):
    slicerId: ObjectId | None = opt("The slicer's id (assigned when omitted).")
    spec: SlicerSpec | None = opt("What the slicer filters.")
    position: EmbeddedObjectPosition | None = opt("Where it is.")

