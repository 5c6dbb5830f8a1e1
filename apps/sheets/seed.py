"""The sheets app's view of the world -> its tables (reads only `world.view_for("sheets")`).

Each spreadsheet of the truth becomes a spreadsheet with one sheet per tab (sheet ids 0, 1,
...), a grid at least 1000 x 26 (larger when the tab is), the header row frozen, and one
cell row per non-empty user-entered value (a string starting with `=` is a formula).
"""

from __future__ import annotations

from sqlmodel import Session

from arcadia.apps.kernel import json_text
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.apps.sheets.formula import canonical
from arcadia.apps.sheets.models import Cell, Sheet, Spreadsheet
from arcadia.apps.sheets.store import cell_row
from arcadia.apps.sheets.values import Entered
from arcadia.world import World

APP = "sheets"


def entered(value: object) -> Entered | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return Entered("bool", value)
    if isinstance(value, int | float):
        return Entered("number", float(value))
    text = str(value)
    return Entered("formula", canonical(text)) if text.startswith("=") else \
        Entered("string", text)


def seed(world: World, session: Session) -> None:
    """Write the spreadsheets as the sheets app holds them. Does not commit."""
    view = world.view_for(APP)
    books, sheets, cells = [], [], []
    for sp in view.spreadsheets:  # type: ignore[attr-defined]
        books.append({"id": sp.id, "title": sp.title, "locale": sp.locale,
                      "time_zone": sp.time_zone, "owner_id": sp.owner_id,
                      "editors": json_text(list(sp.editors)),
                      "readers": json_text(list(sp.readers)), "kind": sp.kind,
                      "cost_centre_id": sp.cost_centre_id})
        for index, tab in enumerate(sp.tabs):
            width = max((len(r) for r in tab.rows), default=0)
            sheets.append({"spreadsheet_id": sp.id, "sheet_id": index, "title": tab.title,
                           "index": index, "row_count": max(1000, len(tab.rows)),
                           "column_count": max(26, width),
                           "frozen_row_count": tab.frozen_rows, "frozen_column_count": 0,
                           "hidden": False, "tab_color": None})
            for r, row in enumerate(tab.rows):
                for c, value in enumerate(row):
                    e = entered(value)
                    if e is not None:
                        kind, text, fmt = cell_row(e)
                        cells.append({"spreadsheet_id": sp.id, "sheet_id": index, "row": r,
                                      "col": c, "kind": kind, "value": text, "fmt": fmt})
    for model, rows in ((Spreadsheet, books), (Sheet, sheets), (Cell, cells)):
        if rows:
            insert_rows(session, model, rows)
