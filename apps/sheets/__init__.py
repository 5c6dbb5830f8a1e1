"""Sheets: the company's shared spreadsheets, on the public shape of the Google Sheets API
v4 (spreadsheets, spreadsheets.values, spreadsheets.batchUpdate).

Bearer tokens, Google's `{spreadsheetId}:verb` paths, A1/R1C1 and named ranges, formulas
evaluated on read, batchUpdate's request kinds (all but data sources'), protected ranges
that refuse others' writes, and Google's error body `{"error": {"code", "message",
"status"}}`.
"""

from arcadia.apps.kernel import AppSpec
from arcadia.apps.sheets.errors import GoogleError, render_error
from arcadia.apps.sheets.models import SheetsModel
from arcadia.apps.sheets.routes import router
from arcadia.apps.sheets.seed import seed

SPEC = AppSpec(
    name="sheets",
    title="Sheets API (Google Sheets API v4 shape)",
    description=(
        "The company's shared spreadsheets (headcount plan, onboarding tracker, budget "
        "trackers, vendor register, exceptions log). Follows the Google Sheets API v4: "
        "GET/POST /v4/spreadsheets, values get/update/append/clear and their batch forms "
        "with A1 or R1C1 ranges (`Sheet1!A1:C`, `'Q1 ''24'!B:B`, percent-encoded in the "
        "path), valueInputOption RAW/USER_ENTERED, valueRenderOption FORMATTED_VALUE/"
        "UNFORMATTED_VALUE/FORMULA, and spreadsheets.batchUpdate (sheets, cells, borders, "
        "validation, copy/cut paste, sorting, merges, rows/columns and groups, named and "
        "protected ranges, filters and filter views, conditional formats, bandings, "
        "developer metadata, charts, slicers, tables, comments; atomic). Formulas (SUM, "
        "AVERAGE, COUNT, COUNTA, MIN, MAX, IF, ROUND, arithmetic, comparisons, &, cell, "
        "range and named-range references) are evaluated on read. The owner and the "
        "spreadsheet's editor roles may write; its reader roles may read; a protected "
        "range refuses writes by anyone not among its editors. Errors are Google's: "
        '{"error": {"code", "message", "status"}}.'),
    metadata=SheetsModel.metadata,
    routers=(router,),
    seed=seed,
    render_error=render_error,
    validation_status=400,
    error_model=GoogleError,
    # A sheet's grid size is not its content: an append that inserts rows (`INSERT_ROWS`)
    # grows it, as Google's does, and no task asks for a grid of a given size.
    ignored_fields={"sheets": ("row_count", "column_count")},
    # Arcadia Robotics and the staffing agency (its staff, clients and candidates).
    worlds=("arcadia-robotics", "agency"),
)

__all__ = ["SPEC"]
