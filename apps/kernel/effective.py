"""Effective-dated rows: which row of a history is in force on a day."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from typing import Any, TypeVar

Row = TypeVar("Row")


def in_effect(rows: Iterable[Row], on: date, *, dated: Callable[[Row], date],
              order: Callable[[Row], Any] | None = None) -> Row | None:
    """The row in force on `on`: the newest dated on or before it, else the earliest one
    (a history whose first row lies in the future is read as already holding it).

    Args:
        dated: The row's effective date.
        order: Sort key among the rows (default: the date); ties are broken by it, so
            give it a second component (id, creation time) when dates can repeat.
    """
    ordered = sorted(rows, key=order or dated)
    started = [r for r in ordered if dated(r) <= on]
    if started:
        return started[-1]
    return ordered[0] if ordered else None
