"""Wire formats every product shares: list parameters, money, ISO dates."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

from arcadia.apps.kernel.errors import invalid

CENT = Decimal("0.01")


def parse_list(value: str | None, field: str, *, allowed: Sequence[str] | None = None
               ) -> list[str]:
    """A comma-separated parameter as its non-empty items, in order, duplicates dropped.

    With `allowed`, an item outside it is an `invalid` error naming the options.
    """
    items = list(dict.fromkeys(v.strip() for v in (value or "").split(",") if v.strip()))
    if allowed is not None:
        unknown = [v for v in items if v not in allowed]
        if unknown:
            raise invalid(f"{field} accepts {', '.join(allowed)} (comma separated); "
                          f"{', '.join(unknown)} is not one of them.", field)
    return items


def parse_ids(value: str | None, field: str, *, what: str = "ids") -> list[int]:
    """A comma-separated list of integer ids."""
    out = []
    for token in parse_list(value, field):
        if not token.isdigit():
            raise invalid(f"{field} must be comma-separated {what}; got {token!r}.", field)
        out.append(int(token))
    return out


def cents(value: float | Decimal | str) -> Decimal:
    """An amount rounded to cents, half up (as payroll and HR systems round)."""
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def money(value: float | Decimal | str) -> str:
    """An amount as text with exactly two decimals (`"92000.00"`)."""
    return str(cents(value))


def iso(value: date | datetime | None) -> str | None:
    """ISO 8601 (`2026-03-02`, `2026-03-02T09:00:00`), or None."""
    return None if value is None else value.isoformat()
