"""Spreadsheet truth: the shared spreadsheets a company keeps, as a Google Sheets-shaped server
holds them.

`World.sheets` is one `Sheets`: `spreadsheets`, each with an id (Google's shape: 44
characters of `[A-Za-z0-9_-]`, deterministic), a title, an owner, who may edit and who may
read (by role, see `arcadia.world.model.ROLES`; the owner always may), its kind, and its tabs.
A tab is a title and a grid of *user-entered* values: `None` (empty), a number, a boolean or
a string; a string starting with `=` is a formula, kept as entered (the app evaluates it).
Row 0 of a tab is its header row.

Kinds: `headcount_plan`, `onboarding_tracker`, `budget_tracker` (one per cost centre,
`cost_centre_id` set), `vendor_register`, `exceptions_log`; in the agency world
`rate_cards`, `submittal_report` and `placements_tracker` (`arcadia.world.agency.sheets`).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from typing import Literal

Cell = str | int | float | bool | None

SpreadsheetKind = Literal["headcount_plan", "onboarding_tracker", "budget_tracker",
                          "vendor_register", "exceptions_log",
                          # the staffing agency's (`arcadia.world.agency.sheets`)
                          "rate_cards", "submittal_report", "placements_tracker"]


@dataclass(frozen=True)
class Tab:
    title: str
    rows: tuple[tuple[Cell, ...], ...]
    frozen_rows: int = 1


@dataclass(frozen=True)
class Spreadsheet:
    id: str
    title: str
    kind: SpreadsheetKind
    owner_id: int  # person id
    editors: tuple[str, ...]  # roles that may write
    readers: tuple[str, ...]  # roles that may read ("employee": everyone)
    tabs: tuple[Tab, ...]
    cost_centre_id: str | None = None
    locale: str = "en_US"
    time_zone: str = "America/New_York"


@dataclass
class Sheets:
    """Everything the sheets server holds (empty in a world built without it)."""

    spreadsheets: list[Spreadsheet] = field(default_factory=list)


def spreadsheet_id(seed: int, key: str) -> str:
    """A Google-shaped spreadsheet id (44 characters of `[A-Za-z0-9_-]`), from the world key."""
    digest = hashlib.sha256(f"{seed}:spreadsheet:{key}".encode()).digest()
    return "1" + base64.urlsafe_b64encode(digest).decode().rstrip("=")[:43]
