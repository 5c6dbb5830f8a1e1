"""The sheets app's tables (Google Sheets' spreadsheets, sheets and cells), in their own
SQLModel registry.

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
