"""The sheets app's tables (Google Sheets' spreadsheets, sheets and cells, and what a sheet
carries besides: named and protected ranges, merges, developer metadata, row/column
properties and groups, filters, rules, charts and other sheet objects, notes and
validation, comments), in their own SQLModel registry.

A cell row exists only for a cell that holds a user-entered value or a format: the grid
itself is a size on its sheet. A cell keeps what the user entered (`kind` + `value`), never
a computed result: formulas are evaluated when read.
"""

from __future__ import annotations

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class SheetsModel(SQLModel, registry=registry()):
    pass


class Spreadsheet(SheetsModel, table=True):
    __tablename__ = "spreadsheets"

    id: str = Field(primary_key=True)  # 44 characters of [A-Za-z0-9_-]
    title: str
    locale: str = "en_US"
    time_zone: str = "America/New_York"
    owner_id: int = Field(index=True)  # world person id
    editors: str = "[]"  # JSON list of roles that may write
    readers: str = "[]"  # JSON list of roles that may read ("employee": everyone)
    kind: str | None = None  # world kind (headcount_plan, ...); never on the wire
    cost_centre_id: str | None = None


class Sheet(SheetsModel, table=True):
    __tablename__ = "sheets"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    title: str
    index: int
    row_count: int = 1000
    column_count: int = 26
    frozen_row_count: int = 0
    frozen_column_count: int = 0
    hidden: bool = False
    tab_color: str | None = None  # JSON Color


class Cell(SheetsModel, table=True):
    __tablename__ = "cells"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    row: int = Field(primary_key=True)  # 0-based
    col: int = Field(primary_key=True)  # 0-based
    kind: str | None = None  # number, string, bool, formula; None: a format only
    value: str | None = None  # the entered value as text (a number's repr, TRUE/FALSE)
    fmt: str | None = None  # JSON userEnteredFormat


# -- what a sheet carries besides its cells (each table keyed within its spreadsheet) ------
# Ranges are GridRanges as columns: 0-based, ends exclusive, NULL for an open side.

class SheetSettings(SheetsModel, table=True):
    """Sheet and spreadsheet properties beyond the grid's size (one row per sheet; sheet_id
    -1 holds the spreadsheet's own: autoRecalc, iterative calculation, default format)."""

    __tablename__ = "sheet_settings"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    body: str = "{}"  # JSON: the properties set, in Google's names


class NamedRange(SheetsModel, table=True):
    __tablename__ = "named_ranges"

    spreadsheet_id: str = Field(primary_key=True)
    named_range_id: str = Field(primary_key=True)
    name: str
    sheet_id: int
    start_row: int | None = None
    end_row: int | None = None
    start_col: int | None = None
    end_col: int | None = None


class ProtectedRange(SheetsModel, table=True):
    __tablename__ = "protected_ranges"

    spreadsheet_id: str = Field(primary_key=True)
    protected_range_id: int = Field(primary_key=True)
    sheet_id: int
    start_row: int | None = None
    end_row: int | None = None
    start_col: int | None = None
    end_col: int | None = None
    named_range_id: str | None = None
    description: str | None = None
    warning_only: bool = False
    editors: str = "{}"  # JSON Editors: users (emails), groups, domainUsersCanEdit
    unprotected_ranges: str = "[]"  # JSON list of GridRange


class Merge(SheetsModel, table=True):
    __tablename__ = "merges"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    start_row: int = Field(primary_key=True)
    start_col: int = Field(primary_key=True)
    end_row: int
    end_col: int


class DeveloperMetadata(SheetsModel, table=True):
    __tablename__ = "developer_metadata"

    spreadsheet_id: str = Field(primary_key=True)
    metadata_id: int = Field(primary_key=True)
    metadata_key: str
    metadata_value: str | None = None
    visibility: str = "DOCUMENT"
    location_type: str = "SPREADSHEET"  # SPREADSHEET, SHEET, ROW, COLUMN
    sheet_id: int | None = None
    start_index: int | None = None  # ROW / COLUMN locations
    end_index: int | None = None


class DimensionProperty(SheetsModel, table=True):
    """A row or column whose properties differ from the default (21 / 100 pixels, shown)."""

    __tablename__ = "dimension_properties"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    dimension: str = Field(primary_key=True)  # ROWS or COLUMNS
    index: int = Field(primary_key=True)
    pixel_size: int | None = None
    hidden: bool = False


class DimensionGroup(SheetsModel, table=True):
    __tablename__ = "dimension_groups"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    dimension: str = Field(primary_key=True)
    depth: int = Field(primary_key=True)
    start_index: int = Field(primary_key=True)
    end_index: int
    collapsed: bool = False


class SheetObject(SheetsModel, table=True):
    """A sheet's filters, conditional format rules, bandings, charts, slicers and tables:
    the object in Google's JSON shape (its ranges in it), keyed by kind and id.

    kind: basicFilter (id: the sheet id), filterView, conditionalFormat (id: its position in
    the sheet's list), banding, chart, slicer, table.
    """

    __tablename__ = "sheet_objects"

    spreadsheet_id: str = Field(primary_key=True)
    kind: str = Field(primary_key=True)
    object_id: int = Field(primary_key=True)
    sheet_id: int = Field(index=True)
    position: int = 0  # its place among the sheet's objects of its kind
    body: str  # JSON


class CellNote(SheetsModel, table=True):
    """A cell's note or data validation rule (kept apart from `cells`, which holds what a
    user entered and its format)."""

    __tablename__ = "cell_notes"

    spreadsheet_id: str = Field(primary_key=True)
    sheet_id: int = Field(primary_key=True)
    row: int = Field(primary_key=True)
    col: int = Field(primary_key=True)
    note: str | None = None
    data_validation: str | None = None  # JSON DataValidationRule


class Comment(SheetsModel, table=True):
    """A comment thread: its posts in Google's JSON shape, tied to one cell (NULL when the
    cell's row or column was deleted)."""

    __tablename__ = "comments"

    spreadsheet_id: str = Field(primary_key=True)
    comment_id: str = Field(primary_key=True)
    sheet_id: int | None = None
    row: int | None = None
    col: int | None = None
    status: str = "OPEN"
    body: str  # JSON: anchorId, headPost, replies, plainTextQuote
