"""Comment threads (insertComment, addCommentReply, updateCommentPost, deleteComment,
deleteCommentReply; returned by spreadsheets.get with commentsViewMode
COMMENTS_VIEW_MODE_INCLUDED), and the data-source parts of Sheets we document but never
populate: no spreadsheet here is connected to BigQuery or Looker."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from arcadia.apps.sheets.schemas.base import (
    DataSourceColumnReference,
    GridRange,
    Out,
    entity,
    opt,
)

OMITTED = "(always omitted here: "
CommentId = Annotated[str, Field(max_length=100, json_schema_extra=entity("SheetsCommentId"))]
PostId = Annotated[str, Field(max_length=100, json_schema_extra=entity("SheetsCommentPostId"))]


class PostAuthor(Out):
    displayName: str | None = opt("The author's name.", json_schema_extra=entity("PersonName"))
    user: str | None = opt("The author as `users/<email>`.")
    me: bool | None = opt("Whether you wrote it.")
    anonymous: bool | None = opt(f"An anonymous author {OMITTED}every author is known).")


class Post(Out):
    postId: PostId | None = opt("The post's id.")
    author: PostAuthor | None = opt("Who wrote it.")
    content: str | None = opt("The text.")
    contentHtml: str | None = opt("The text as HTML (escaped).")
    createTime: str | None = opt("When it was written (RFC 3339, UTC).")
    updateTime: str | None = opt("When it was last edited.")
    assigneeEmail: str | None = opt("Who it assigns the thread to.",
                                    json_schema_extra=entity("Email"))
    commentAction: str | None = opt("RESOLVE or REOPEN, when the post did that.")
    deleted: bool | None = opt("Deleted (its content and author then empty).")
    fromCopiedSpreadsheet: bool | None = opt(f"Copied with a spreadsheet {OMITTED}comments "
                                             "are not copied).")
    fromImportedSpreadsheet: bool | None = opt(f"Imported {OMITTED}no imports).")


class CommentThread(Out):
    commentId: CommentId | None = opt("The thread's id.")
    anchorId: str | None = opt("The sheet's commentAnchor it is tied to.")
    headPost: Post | None = opt("The first post.")
    replies: list[Post] | None = opt("The replies, oldest first.")
    plainTextQuote: str | None = opt("The anchored cell's displayed value when commented.")
    status: Literal["STATUS_UNSPECIFIED", "OPEN", "RESOLVED"] | None = opt("OPEN or RESOLVED.")


class CommentAnchor(Out):
    anchorId: str | None = opt("The anchor's id (a thread's anchorId).")
    range: GridRange | None = opt("The cell it is tied to (it follows inserted and deleted "
                                  "rows and columns).")


class TimeOfDay(Out):
    hours: int | None = opt("Hours.")
    minutes: int | None = opt("Minutes.")
    seconds: int | None = opt("Seconds.")
    nanos: int | None = opt("Nanoseconds.")


class Daily(Out):
    startTime: TimeOfDay | None = opt("When the refresh starts.")


class Weekly(Out):
    startTime: TimeOfDay | None = opt("When the refresh starts.")
    daysOfWeek: list[str] | None = opt("The days it runs.")


class Monthly(Out):
    startTime: TimeOfDay | None = opt("When the refresh starts.")
    daysOfMonth: list[int] | None = opt("The days of the month it runs.")


class Interval(Out):
    startTime: str | None = opt("Start (RFC 3339).")
    endTime: str | None = opt("End (RFC 3339).")


class DataSourceRefreshSchedule(Out):
    enabled: bool | None = opt("Whether it runs.")
    refreshScope: str | None = opt("What it refreshes.")
    dailySchedule: Daily | None = opt("Every day.")
    weeklySchedule: Weekly | None = opt("Some days of the week.")
    monthlySchedule: Monthly | None = opt("Some days of the month.")
    nextRun: Interval | None = opt("The next run's window.")


class BigQuery(Out):
    projectId: str | None = opt("The billed project.")
    querySpec: dict[str, Any] | None = opt("The query.")
    tableSpec: dict[str, Any] | None = opt("The table.")


class Looker(Out):
    instanceUri: str | None = opt("The Looker instance.")
    model: str | None = opt("The model.")
    explore: str | None = opt("The explore.")


class DataSourceParameter(Out):
    name: str | None = opt("The parameter's name.")
    namedRangeId: str | None = opt("A named range holding its value.")
    range: GridRange | None = opt("A range holding its value.")


class DataSourceSpec(Out):
    bigQuery: BigQuery | None = opt("A BigQuery source.")
    looker: Looker | None = opt("A Looker source.")
    parameters: list[DataSourceParameter] | None = opt("The query's parameters.")


class DataSourceColumnOut(Out):
    reference: DataSourceColumnReference | None = opt("The column's name.")
    formula: str | None = opt("A calculated column's formula.")


class DataSource(Out):
    dataSourceId: str | None = opt("The source's id.")
    spec: DataSourceSpec | None = opt("Where the data comes from.")
    calculatedColumns: list[DataSourceColumnOut] | None = opt("Calculated columns.")
    sheetId: int | None = opt("The DATA_SOURCE sheet showing it.")


class DataExecutionStatus(Out):
    state: str | None = opt("The last refresh's state.")
    errorCode: str | None = opt("Its error.")
    errorMessage: str | None = opt("Its error's message.")
    lastRefreshTime: str | None = opt("When it last refreshed.")


class DataSourceSheetProperties(Out):
    dataSourceId: str | None = opt("The source shown.")
    columns: list[DataSourceColumnOut] | None = opt("Its columns.")
    dataExecutionStatus: DataExecutionStatus | None = opt("Its refresh status.")


class DataSourceReply(Out):
    dataSource: DataSource | None = opt("The data source.")
    dataExecutionStatus: DataExecutionStatus | None = opt("Its execution status.")


class RefreshStatus(Out):
    reference: dict[str, Any] | None = opt("The object refreshed.")
    dataExecutionStatus: DataExecutionStatus | None = opt("Its execution status.")


class RefreshReply(Out):
    statuses: list[RefreshStatus] | None = opt("One per object refreshed.")


class CancelStatus(Out):
    reference: dict[str, Any] | None = opt("The object whose refresh was cancelled.")
    refreshCancellationStatus: dict[str, Any] | None = opt("Whether it was cancelled.")


class CancelReply(Out):
    statuses: list[CancelStatus] | None = opt("One per object.")
