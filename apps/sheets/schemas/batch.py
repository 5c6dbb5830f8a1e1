"""spreadsheets.batchUpdate's body and response: a Request names one kind of request, a
Response is the reply to it (empty for kinds without a reply)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from arcadia.apps.kernel import Int64
from arcadia.apps.sheets.schemas import requests as rq
from arcadia.apps.sheets.schemas.base import GridRange, In, Out, entity, opt
from arcadia.apps.sheets.schemas.charts import EmbeddedChart, EmbeddedObjectPosition, Slicer
from arcadia.apps.sheets.schemas.comments import (
    CancelReply,
    CommentThread,
    DataSourceReply,
    Post,
    RefreshReply,
)
from arcadia.apps.sheets.schemas.metadata import DeveloperMetadata
from arcadia.apps.sheets.schemas.objects import (
    BandedRange,
    ConditionalFormatRule,
    DimensionGroup,
    FilterView,
    NamedRange,
    ProtectedRange,
    Table,
)
from arcadia.apps.sheets.schemas.spreadsheet import SheetPropertiesOut, Spreadsheet
from arcadia.apps.sheets.schemas.values import CommentsViewMode

OMITTED = "(always omitted here: "


class TrimWhitespace(In):
    range: GridRange | None = opt("The cells whose text is trimmed (leading/trailing spaces "
                                  "removed, inner runs of spaces made one).")


class DeleteDuplicates(In):
    range: GridRange | None = opt("The rows to deduplicate (the first of equal rows stays; "
                                  "the others are deleted and rows below move up).")
    comparisonColumns: list[rq.DimensionRange] | None = Field(
        None, max_length=100, description="The columns compared (default: all the range's).")


class AppendCells(In):
    sheetId: rq.SheetId | None = opt("The sheet to append to.")
    rows: list[rq.RowData] | None = Field(None, max_length=200_000, description="The rows, "
                                          "written after the last row with a value, from "
                                          "column A.")
    fields: rq.Mask | None = opt("Field mask of CellData (`userEnteredValue`, `*`).")
    tableId: rq.TableId | None = opt("Append to a table (refused here: use sheetId).")


ShiftDimension = Literal["ROWS", "COLUMNS", "DIMENSION_UNSPECIFIED"]


class InsertRange(In):
    range: GridRange | None = opt("Where empty cells are inserted.")
    shiftDimension: ShiftDimension | None = opt("ROWS: cells below move down; COLUMNS: cells "
                                                "to the right move right.")


class DeleteRange(In):
    range: GridRange | None = opt("The cells to delete.")
    shiftDimension: ShiftDimension | None = opt("ROWS: cells below move up; COLUMNS: cells to "
                                                "the right move left.")


class MoveDimension(In):
    source: rq.DimensionRange | None = opt("The rows or columns to move.")
    destinationIndex: rq.Id | None = opt("Where they go, counted before they are removed "
                                         "(to move rows 1-2 below row 5, 5).")


class PasteData(In):
    coordinate: rq.GridCoordinate | None = opt("The top left cell of the paste.")
    data: str | None = Field(None, max_length=1_000_000, description="The text, one row a "
                             "line, fields split by the delimiter; read as if typed.")
    delimiter: str | None = opt("The fields' delimiter.", max_length=10)
    html: bool | None = opt("HTML data (refused here: paste delimited text).")
    type: rq.PasteType | None = opt("PASTE_NORMAL or PASTE_VALUES.")


class TextToColumns(In):
    source: GridRange | None = opt("One column of text to split into the columns after it.")
    delimiter: str | None = opt("The delimiter (delimiterType CUSTOM).", max_length=10)
    delimiterType: Literal["DELIMITER_TYPE_UNSPECIFIED", "COMMA", "SEMICOLON", "PERIOD",
                           "SPACE", "CUSTOM", "AUTODETECT"] | None = opt(
        "COMMA, SEMICOLON, PERIOD, SPACE, CUSTOM or AUTODETECT (default).")


class SourceAndDestination(In):
    source: GridRange | None = opt("The data to extend.")
    dimension: rq.Dimension | None = opt("ROWS: fill down; COLUMNS: fill right.")
    fillLength: Int64 | None = opt("How many rows/columns to fill after the source (a "
                                      "negative length, before it, is refused here).")


class AutoFill(In):
    range: GridRange | None = opt("Extend the data at the top of this range down through it.")
    sourceAndDestination: SourceAndDestination | None = opt("Or: extend this source.")
    useAlternateSeries: bool | None = opt("The alternate series (one number counts up; a "
                                          "run repeats).")


class RandomizeRange(In):
    range: GridRange | None = opt("The rows to shuffle.")


class Request(In):
    """One request: set exactly one field."""

    addSheet: rq.AddSheet | None = opt("Add a sheet.")
    deleteSheet: rq.DeleteSheet | None = opt("Delete a sheet (and what is on it).")
    duplicateSheet: rq.DuplicateSheet | None = opt("Copy a sheet in this spreadsheet.")
    updateSheetProperties: rq.UpdateSheetProperties | None = opt("Update a sheet's "
                                                                 "properties.")
    updateSpreadsheetProperties: rq.UpdateSpreadsheetProperties | None = opt(
        "Update the spreadsheet's properties.")
    updateCells: rq.UpdateCells | None = opt("Write cells.")
    appendCells: AppendCells | None = opt("Write rows after the sheet's last row with data.")
    repeatCell: rq.RepeatCell | None = opt("Repeat one cell over a range.")
    updateBorders: rq.UpdateBorders | None = opt("Set a range's borders.")
    setDataValidation: rq.SetDataValidation | None = opt("Set or clear cells' validation.")
    copyPaste: rq.CopyPaste | None = opt("Copy cells.")
    cutPaste: rq.CutPaste | None = opt("Move cells.")
    mergeCells: rq.MergeCells | None = opt("Merge cells.")
    unmergeCells: rq.UnmergeCells | None = opt("Unmerge cells.")
    sortRange: rq.SortRange | None = opt("Sort rows.")
    findReplace: rq.FindReplace | None = opt("Find and replace text.")
    trimWhitespace: TrimWhitespace | None = opt("Trim spaces from text.")
    deleteDuplicates: DeleteDuplicates | None = opt("Delete duplicate rows.")
    insertRange: InsertRange | None = opt("Insert cells, shifting others down or right.")
    deleteRange: DeleteRange | None = opt("Delete cells, shifting others up or left.")
    moveDimension: MoveDimension | None = opt("Move rows/columns.")
    pasteData: PasteData | None = opt("Paste delimited text.")
    textToColumns: TextToColumns | None = opt("Split a column of text into columns.")
    randomizeRange: RandomizeRange | None = opt("Shuffle rows.")
    autoFill: AutoFill | None = opt("Extend a series into more cells.")
    insertDimension: rq.InsertDimension | None = opt("Insert rows/columns.")
    deleteDimension: rq.DeleteDimension | None = opt("Delete rows/columns.")
    appendDimension: rq.AppendDimension | None = opt("Append rows/columns.")
    updateDimensionProperties: rq.UpdateDimensionProperties | None = opt(
        "Resize, hide or show rows/columns.")
    autoResizeDimensions: rq.AutoResizeDimensions | None = opt("Fit rows/columns to their "
                                                               "contents.")
    addDimensionGroup: rq.AddDimensionGroup | None = opt("Group rows/columns.")
    deleteDimensionGroup: rq.DeleteDimensionGroup | None = opt("Ungroup rows/columns.")
    updateDimensionGroup: rq.UpdateDimensionGroup | None = opt("Collapse or expand a group.")
    addNamedRange: rq.AddNamedRange | None = opt("Name a range.")
    updateNamedRange: rq.UpdateNamedRange | None = opt("Rename or move a named range.")
    deleteNamedRange: rq.DeleteNamedRange | None = opt("Delete a named range.")
    addProtectedRange: rq.AddProtectedRange | None = opt("Protect a range or sheet.")
    updateProtectedRange: rq.UpdateProtectedRange | None = opt("Change a protection.")
    deleteProtectedRange: rq.DeleteProtectedRange | None = opt("Remove a protection.")
    setBasicFilter: rq.SetBasicFilter | None = opt("Set the sheet's filter.")
    clearBasicFilter: rq.ClearBasicFilter | None = opt("Remove the sheet's filter.")
    addFilterView: rq.AddFilterView | None = opt("Add a filter view.")
    updateFilterView: rq.UpdateFilterView | None = opt("Update a filter view.")
    deleteFilterView: rq.DeleteFilterView | None = opt("Delete a filter view.")
    duplicateFilterView: rq.DuplicateFilterView | None = opt("Copy a filter view.")
    addConditionalFormatRule: rq.AddConditionalFormatRule | None = opt("Add a conditional "
                                                                       "format rule.")
    updateConditionalFormatRule: rq.UpdateConditionalFormatRule | None = opt(
        "Replace or move a conditional format rule.")
    deleteConditionalFormatRule: rq.DeleteConditionalFormatRule | None = opt(
        "Delete a conditional format rule.")
    addBanding: rq.AddBanding | None = opt("Add alternating colors.")
    updateBanding: rq.UpdateBanding | None = opt("Update a banding.")
    deleteBanding: rq.DeleteBanding | None = opt("Delete a banding.")
    createDeveloperMetadata: rq.CreateDeveloperMetadata | None = opt("Attach metadata.")
    updateDeveloperMetadata: rq.UpdateDeveloperMetadata | None = opt("Update metadata.")
    deleteDeveloperMetadata: rq.DeleteDeveloperMetadata | None = opt("Delete metadata.")
    addChart: rq.AddChart | None = opt("Add a chart.")
    updateChartSpec: rq.UpdateChartSpec | None = opt("Replace a chart's spec.")
    updateEmbeddedObjectPosition: rq.UpdateEmbeddedObjectPosition | None = opt(
        "Move or resize a chart or slicer.")
    updateEmbeddedObjectBorder: rq.UpdateEmbeddedObjectBorder | None = opt(
        "Change a chart's border.")
    deleteEmbeddedObject: rq.DeleteEmbeddedObject | None = opt("Delete a chart or slicer.")
    addSlicer: rq.AddSlicer | None = opt("Add a slicer.")
    updateSlicerSpec: rq.UpdateSlicerSpec | None = opt("Update a slicer.")
    addTable: rq.AddTable | None = opt("Add a table.")
    updateTable: rq.UpdateTable | None = opt("Update a table.")
    deleteTable: rq.DeleteTable | None = opt("Delete a table.")
    insertComment: rq.InsertComment | None = opt("Start a comment thread on a cell.")
    addCommentReply: rq.AddCommentReply | None = opt("Reply to (or resolve) a thread.")
    updateCommentPost: rq.UpdateCommentPost | None = opt("Edit your post.")
    deleteComment: rq.DeleteComment | None = opt("Delete your thread.")
    deleteCommentReply: rq.DeleteCommentReply | None = opt("Delete your reply.")


class BatchUpdateSpreadsheetRequest(In):
    requests: list[Request] = Field(default_factory=list, max_length=1000,
                                    description="The requests, applied in order; if any is "
                                    "invalid, none is applied.")
    includeSpreadsheetInResponse: bool | None = opt("Return the updated spreadsheet.")
    responseRanges: list[Annotated[str, Field(max_length=1000)]] | None = Field(
        None, max_length=100, description="Limits the returned spreadsheet to these ranges.")
    responseIncludeGridData: bool | None = opt("Return grid data.")
    commentsViewMode: CommentsViewMode | None = opt("COMMENTS_VIEW_MODE_INCLUDED: the "
                                                    "returned spreadsheet has its comments.")


# -- replies ---------------------------------------------------------------------------------

class SheetReply(Out):
    properties: SheetPropertiesOut = Field(description="The sheet's properties.")


class FindReplaceResponse(Out):
    valuesChanged: int | None = opt("Non-formula cells changed.")
    formulasChanged: int | None = opt("Formula cells changed.")
    rowsChanged: int | None = opt("Rows changed.")
    sheetsChanged: int | None = opt("Sheets changed.")
    occurrencesChanged: int | None = opt("Occurrences replaced.")


class NamedRangeReply(Out):
    namedRange: NamedRange = Field(description="The named range, with its id.")


class ProtectedRangeReply(Out):
    protectedRange: ProtectedRange = Field(description="The protected range, with its id.")


class FilterViewReply(Out):
    filter: FilterView = Field(description="The filter view, with its id.")


class BandingReply(Out):
    bandedRange: BandedRange = Field(description="The banding, with its id.")


class ChartReply(Out):
    chart: EmbeddedChart = Field(description="The chart, with its id.")


class SlicerReply(Out):
    slicer: Slicer = Field(description="The slicer, with its id.")


class TableReply(Out):
    table: Table = Field(description="The table, with its id.")


class MetadataReply(Out):
    developerMetadata: DeveloperMetadata = Field(description="The metadata, with its id.")


class MetadataListReply(Out):
    developerMetadata: list[DeveloperMetadata] = Field(description="The metadata updated.")


class DeletedMetadataReply(Out):
    deletedDeveloperMetadata: list[DeveloperMetadata] = Field(description="The metadata "
                                                              "deleted.")


class GroupsReply(Out):
    dimensionGroups: list[DimensionGroup] = Field(description="The sheet's groups of that "
                                                  "dimension afterwards.")


class UpdateRuleReply(Out):
    newIndex: int | None = opt("The rule's position now (absent: 0).")
    newRule: ConditionalFormatRule | None = opt("The rule now.")
    oldIndex: int | None = opt("Its position before (absent: 0).")
    oldRule: ConditionalFormatRule | None = opt("The rule before (when replaced).")


class DeleteRuleReply(Out):
    rule: ConditionalFormatRule = Field(description="The rule deleted.")


class PositionReply(Out):
    position: EmbeddedObjectPosition = Field(description="The object's new position.")


class CommentReply(Out):
    commentThread: CommentThread = Field(description="The new thread.")


class PostReply(Out):
    post: Post = Field(description="The new reply.")


class TrimReply(Out):
    cellsChangedCount: int | None = opt("Cells changed.")


class DuplicatesReply(Out):
    duplicatesRemovedCount: int | None = opt("Rows deleted.")


class Response(Out):
    addSheet: SheetReply | None = opt("Reply to addSheet.")
    duplicateSheet: SheetReply | None = opt("Reply to duplicateSheet.")
    findReplace: FindReplaceResponse | None = opt("Reply to findReplace.")
    trimWhitespace: TrimReply | None = opt("Reply to trimWhitespace.")
    deleteDuplicates: DuplicatesReply | None = opt("Reply to deleteDuplicates.")
    addNamedRange: NamedRangeReply | None = opt("Reply to addNamedRange.")
    addProtectedRange: ProtectedRangeReply | None = opt("Reply to addProtectedRange.")
    addFilterView: FilterViewReply | None = opt("Reply to addFilterView.")
    duplicateFilterView: FilterViewReply | None = opt("Reply to duplicateFilterView.")
    addBanding: BandingReply | None = opt("Reply to addBanding.")
    addChart: ChartReply | None = opt("Reply to addChart.")
    addSlicer: SlicerReply | None = opt("Reply to addSlicer.")
    addTable: TableReply | None = opt("Reply to addTable.")
    createDeveloperMetadata: MetadataReply | None = opt("Reply to createDeveloperMetadata.")
    updateDeveloperMetadata: MetadataListReply | None = opt("Reply to "
                                                            "updateDeveloperMetadata.")
    deleteDeveloperMetadata: DeletedMetadataReply | None = opt("Reply to "
                                                               "deleteDeveloperMetadata.")
    addDimensionGroup: GroupsReply | None = opt("Reply to addDimensionGroup.")
    deleteDimensionGroup: GroupsReply | None = opt("Reply to deleteDimensionGroup.")
    updateConditionalFormatRule: UpdateRuleReply | None = opt("Reply to "
                                                              "updateConditionalFormatRule.")
    deleteConditionalFormatRule: DeleteRuleReply | None = opt("Reply to "
                                                              "deleteConditionalFormatRule.")
    updateEmbeddedObjectPosition: PositionReply | None = opt("Reply to "
                                                             "updateEmbeddedObjectPosition.")
    insertComment: CommentReply | None = opt("Reply to insertComment.")
    addCommentReply: PostReply | None = opt("Reply to addCommentReply.")
    addDataSource: DataSourceReply | None = opt(f"Reply to addDataSource {OMITTED}no data "
                                                "sources).")
    updateDataSource: DataSourceReply | None = opt(f"Reply to updateDataSource {OMITTED}no "
                                                   "data sources).")
    refreshDataSource: RefreshReply | None = opt(f"Reply to refreshDataSource {OMITTED}no "
                                                 "data sources).")
    cancelDataSourceRefresh: CancelReply | None = opt(f"Reply to cancelDataSourceRefresh "
                                                      f"{OMITTED}no data sources).")


class BatchUpdateSpreadsheetResponse(Out):
    spreadsheetId: str = Field(description="The spreadsheet the updates were applied to.",
                               json_schema_extra=entity("SheetsSpreadsheetId"))
    replies: list[Response] = Field(description="One reply per request, in order (empty for "
                                    "requests without a reply).")
    updatedSpreadsheet: Spreadsheet | None = opt("With includeSpreadsheetInResponse.")
    commentUpdateState: str | None = opt("ALL_SAVED when the batch changed comments.")
