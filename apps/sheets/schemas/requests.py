"""spreadsheets.batchUpdate's requests (one kind per Request, applied in order; the batch
is atomic)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Id
from arcadia.apps.sheets.schemas.base import (
    Dimension,
    DimensionRange,
    GridCoordinate,
    GridRange,
    In,
    Mask,
    entity,
    opt,
)
from arcadia.apps.sheets.schemas.cells import Border, CellData, DataValidationRule, RowData
from arcadia.apps.sheets.schemas.charts import (
    ChartSpec,
    EmbeddedChart,
    EmbeddedObjectBorder,
    EmbeddedObjectPosition,
    ObjectId,
    Slicer,
    SlicerSpec,
)
from arcadia.apps.sheets.schemas.comments import CommentId, PostId
from arcadia.apps.sheets.schemas.metadata import DeveloperMetadata
from arcadia.apps.sheets.schemas.objects import (
    BandedRange,
    BasicFilter,
    ConditionalFormatRule,
    DimensionGroup,
    DimensionProperties,
    Email,
    FilterView,
    NamedRange,
    NamedRangeId,
    ProtectedRange,
    SortSpec,
    Table,
    TableId,
)
from arcadia.apps.sheets.schemas.spreadsheet import SheetProperties, SpreadsheetProperties
from arcadia.apps.sheets.schemas.values import DataFilter

SheetId = Annotated[Id, Field(json_schema_extra=entity("SheetsSheetId"))]
FilterViewId = Annotated[Id, Field(json_schema_extra=entity("SheetsFilterViewId"))]
PasteType = Literal["PASTE_NORMAL", "PASTE_VALUES", "PASTE_FORMAT", "PASTE_NO_BORDERS",
                    "PASTE_FORMULA", "PASTE_DATA_VALIDATION", "PASTE_CONDITIONAL_FORMATTING"]
FIELDS = "Field mask: the fields to update (`*` for all)."


class AddSheet(In):
    properties: SheetProperties | None = Field(None, description="The new sheet's properties.")


class DeleteSheet(In):
    sheetId: Id | None = Field(None, description="The sheet to delete.",
                               json_schema_extra=entity("SheetsSheetId"))


class UpdateSheetProperties(In):
    properties: SheetProperties = Field(description="The properties (sheetId names the sheet).")
    fields: Mask | None = Field(None, description="Field mask: the properties "
                               "to update (`title`, `gridProperties.rowCount`, `*`).")


class UpdateSpreadsheetProperties(In):
    properties: SpreadsheetProperties = Field(description="The properties to set.")
    fields: Mask | None = Field(None, description="Field mask (`title`, `*`).")


class UpdateCells(In):
    rows: list[RowData] | None = Field(None, description="The data to write.")
    fields: Mask | None = Field(None, description="Field mask of CellData "
                               "(`userEnteredValue`, `userEnteredFormat`, `*`).")
    start: GridCoordinate | None = Field(None, description="Where to start writing.")
    range: GridRange | None = Field(None, description="The range to write (instead of start).")


class RepeatCell(In):
    range: GridRange | None = Field(None, description="The range to repeat the cell in.")
    cell: CellData | None = Field(None, description="The cell to repeat.")
    fields: Mask | None = Field(None, description="Field mask of CellData.")


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

# -- named and protected ranges ----------------------------------------------------------------

class AddNamedRange(In):
    namedRange: NamedRange | None = opt("The named range (name and range required).")


class UpdateNamedRange(In):
    namedRange: NamedRange | None = opt("The named range (namedRangeId names it).")
    fields: Mask | None = opt(f"{FIELDS} `name`, `range`.")


class DeleteNamedRange(In):
    namedRangeId: NamedRangeId | None = opt("The named range to delete.")


class AddProtectedRange(In):
    protectedRange: ProtectedRange | None = opt("The protected range (range or namedRangeId "
                                                "required).")


class UpdateProtectedRange(In):
    protectedRange: ProtectedRange | None = opt("The protected range (protectedRangeId names "
                                                "it).")
    fields: Mask | None = opt(f"{FIELDS} `range`, `description`, `warningOnly`, `editors`, "
                              "`unprotectedRanges`, `namedRangeId`.")


class DeleteProtectedRange(In):
    protectedRangeId: Annotated[Id, Field(json_schema_extra=entity(
        "SheetsProtectedRangeId"))] | None = opt("The protected range to delete.")


# -- filters and sorting -------------------------------------------------------------------------

class SetBasicFilter(In):
    filter: BasicFilter | None = opt("The sheet's filter (replaces any other; range required).")


class ClearBasicFilter(In):
    sheetId: SheetId | None = opt("The sheet whose filter is removed.")


class AddFilterView(In):
    filter: FilterView | None = opt("The filter view (range or namedRangeId required).")


class UpdateFilterView(In):
    filter: FilterView | None = opt("The filter view (filterViewId names it).")
    fields: Mask | None = opt(f"{FIELDS} `title`, `range`, `filterSpecs`, `sortSpecs`, ...")


class DeleteFilterView(In):
    filterId: FilterViewId | None = opt("The filter view to delete.")


class DuplicateFilterView(In):
    filterId: FilterViewId | None = opt("The filter view to copy.")


class SortRange(In):
    range: GridRange | None = opt("The rows to sort (moved whole, values and formats).")
    sortSpecs: list[SortSpec] | None = Field(None, max_length=100, description="The sort "
                                             "order; later specs break ties.")


# -- cells -----------------------------------------------------------------------------------

class MergeCells(In):
    range: GridRange | None = opt("The cells to merge.")
    mergeType: Literal["MERGE_ALL", "MERGE_COLUMNS", "MERGE_ROWS"] | None = opt(
        "MERGE_ALL (default): one merge; MERGE_COLUMNS / MERGE_ROWS: one per column / row.")


class UnmergeCells(In):
    range: GridRange | None = opt("Every merge within (or overlapping) this range is undone.")


class SetDataValidation(In):
    range: GridRange | None = opt("The cells to set the rule on.")
    rule: DataValidationRule | None = opt("The rule (absent: clear the cells' rules).")
    filteredRowsIncluded: bool | None = opt("Also rows a filter hides (always, here).")


class UpdateBorders(In):
    range: GridRange | None = opt("The range whose borders change.")
    top: Border | None = opt("The range's top border.")
    bottom: Border | None = opt("The range's bottom border.")
    left: Border | None = opt("The range's left border.")
    right: Border | None = opt("The range's right border.")
    innerHorizontal: Border | None = opt("The borders between its rows.")
    innerVertical: Border | None = opt("The borders between its columns.")


class CopyPaste(In):
    source: GridRange | None = opt("The cells to copy.")
    destination: GridRange | None = opt("Where to paste (repeated to fill it when it is a "
                                        "multiple of the source's size).")
    pasteType: PasteType | None = opt("What to paste (PASTE_NORMAL: values, formulas, "
                                      "formats, validation).")
    pasteOrientation: Literal["NORMAL", "TRANSPOSE"] | None = opt("NORMAL or TRANSPOSE.")


class CutPaste(In):
    source: GridRange | None = opt("The cells to move.")
    destination: GridCoordinate | None = opt("The top left cell to move them to.")
    pasteType: PasteType | None = opt("What to paste (the source is cleared entirely).")


# -- rows and columns --------------------------------------------------------------------------

class UpdateDimensionProperties(In):
    range: DimensionRange | None = opt("The rows or columns to update.")
    properties: DimensionProperties | None = opt("pixelSize and/or hiddenByUser.")
    fields: Mask | None = opt(f"{FIELDS} `pixelSize`, `hiddenByUser`.")


class AutoResizeDimensions(In):
    dimensions: DimensionRange | None = opt("The rows or columns to fit to their contents.")


class AddDimensionGroup(In):
    range: DimensionRange | None = opt("The rows or columns to group.")


class DeleteDimensionGroup(In):
    range: DimensionRange | None = opt("The rows or columns to ungroup (one level).")


class UpdateDimensionGroup(In):
    dimensionGroup: DimensionGroup | None = opt("The group (range and depth name it).")
    fields: Mask | None = opt(f"{FIELDS} `collapsed`.")


class DuplicateSheet(In):
    sourceSheetId: SheetId | None = opt("The sheet to copy (cells, formats, merges, filters, "
                                        "rules, bandings, charts...).")
    insertSheetIndex: Id | None = opt("Where the copy goes (default: after the source).")
    newSheetId: SheetId | None = opt("The copy's id (assigned when omitted).")
    newSheetName: str | None = opt("The copy's name (default `Copy of <name>`).",
                                   max_length=200)


# -- conditional formats, bandings -------------------------------------------------------------

class AddConditionalFormatRule(In):
    rule: ConditionalFormatRule | None = opt("The rule.")
    index: Id | None = opt("Its position in the sheet's rules (0: first, default).")


class UpdateConditionalFormatRule(In):
    index: Id | None = opt("The rule's position.")
    sheetId: SheetId | None = opt("The rule's sheet (with newIndex).")
    rule: ConditionalFormatRule | None = opt("The rule replacing it.")
    newIndex: Id | None = opt("Move the rule to this position instead.")


class DeleteConditionalFormatRule(In):
    index: Id | None = opt("The rule's position.")
    sheetId: SheetId | None = opt("The rule's sheet.")


class AddBanding(In):
    bandedRange: BandedRange | None = opt("The banding (range and row or column properties).")


class UpdateBanding(In):
    bandedRange: BandedRange | None = opt("The banding (bandedRangeId names it).")
    fields: Mask | None = opt(f"{FIELDS} `range`, `rowProperties`, `columnProperties`.")


class DeleteBanding(In):
    bandedRangeId: Annotated[Id, Field(json_schema_extra=entity("SheetsBandedRangeId"))] \
        | None = opt("The banding to delete.")


# -- developer metadata ----------------------------------------------------------------------

class CreateDeveloperMetadata(In):
    developerMetadata: DeveloperMetadata | None = opt("The metadata (key and location "
                                                      "required).")


class UpdateDeveloperMetadata(In):
    dataFilters: list[DataFilter] | None = Field(None, max_length=100, description="The "
                                                 "metadata to update (developerMetadataLookup "
                                                 "filters).")
    developerMetadata: DeveloperMetadata | None = opt("The new values.")
    fields: Mask | None = opt(f"{FIELDS} `metadataKey`, `metadataValue`, `location`, "
                              "`visibility`.")


class DeleteDeveloperMetadata(In):
    dataFilter: DataFilter | None = opt("The metadata to delete (a developerMetadataLookup).")


# -- charts, slicers, tables -------------------------------------------------------------------

class AddChart(In):
    chart: EmbeddedChart | None = opt("The chart (spec and overlay position).")


class UpdateChartSpec(In):
    chartId: ObjectId | None = opt("The chart.")
    spec: ChartSpec | None = opt("Its new spec (replaces the old one).")


class UpdateEmbeddedObjectPosition(In):
    objectId: ObjectId | None = opt("The chart or slicer.")
    newPosition: EmbeddedObjectPosition | None = opt("Its new overlay position.")
    fields: Mask | None = opt("Field mask of OverlayPosition (`anchorCell`, `widthPixels`, "
                              "`*`).")


class UpdateEmbeddedObjectBorder(In):
    objectId: ObjectId | None = opt("The chart.")
    border: EmbeddedObjectBorder | None = opt("Its new border.")
    fields: Mask | None = opt(f"{FIELDS} `color`, `colorStyle`.")


class DeleteEmbeddedObject(In):
    objectId: ObjectId | None = opt("The chart or slicer to delete.")


class AddSlicer(In):
    slicer: Slicer | None = opt("The slicer (spec with dataRange, overlay position).")


class UpdateSlicerSpec(In):
    slicerId: ObjectId | None = opt("The slicer.")
    spec: SlicerSpec | None = opt("Its new spec fields.")
    fields: Mask | None = opt(f"{FIELDS} `title`, `filterCriteria`, `dataRange`, ...")


class AddTable(In):
    table: Table | None = opt("The table (name and range required).")


class UpdateTable(In):
    table: Table | None = opt("The table (tableId names it).")
    fields: Mask | None = opt(f"{FIELDS} `name`, `range`, `rowsProperties`, "
                              "`columnProperties`.")


class DeleteTable(In):
    tableId: TableId | None = opt("The table to delete (its cells stay).")


# -- comments ------------------------------------------------------------------------------------

class InsertComment(In):
    coordinate: GridCoordinate | None = opt("The cell the thread is tied to.")
    content: str | None = Field(None, max_length=2048, description="The comment (1 to 2048 "
                                "characters).")
    assigneeEmailAddress: Email | None = opt("Assign the thread to this person.")


class PostIn(In):
    content: str | None = Field(None, max_length=2048, description="The reply's text "
                                "(required unless commentAction is RESOLVE or REOPEN).")
    commentAction: Literal["COMMENT_ACTION_TYPE_UNSPECIFIED", "NO_COMMENT_ACTION_CHANGE",
                           "RESOLVE", "REOPEN"] | None = opt("Resolve or reopen the thread.")
    assigneeEmail: Email | None = opt("Reassign the thread (only if it has an assignee).")


class AddCommentReply(In):
    commentId: CommentId | None = opt("The thread.")
    post: PostIn | None = opt("The reply.")


class UpdateCommentPost(In):
    commentId: CommentId | None = opt("The thread.")
    postId: PostId | None = opt("The post (yours).")
    content: str | None = Field(None, max_length=2048, description="The post's new text.")


class DeleteComment(In):
    commentId: CommentId | None = opt("The thread to delete (you wrote its first post).")


class DeleteCommentReply(In):
    commentId: CommentId | None = opt("The thread.")
    postId: PostId | None = opt("The reply to delete (yours).")
