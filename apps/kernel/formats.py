"""Wire formats every product shares: ids, numbers, list parameters, money, ISO dates.

Input is read as the products read it and no looser: integers are ASCII digits within
±(2^53 - 1), what every database stores and every JSON parser reads exactly (`"²"` and
`"١٢٣"` are not numbers here, though Python's `isdigit()`/`Decimal()` say they are);
amounts are finite decimals of bounded size (never NaN, Infinity, `1e309`, 400 nines or
a JSON `true`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated, Any

from annotated_types import Ge, Le
from pydantic import BeforeValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from arcadia.apps.kernel.errors import invalid

CENT = Decimal("0.01")
INT64_MAX = 2**63 - 1
# The largest integer every JSON parser reads exactly (and a float represents exactly, so
# the bound survives FastAPI writing component schemas' bounds as floats).
JSON_INT_MAX = 2**53 - 1

# An integer id in a path, query or body: non-negative, storable in 64 bits, exact in JSON.
Id = Annotated[int, Ge(0), Le(JSON_INT_MAX)]
# Any other integer the products take (a count, a page, a precision): the same range, signed.
Int64 = Annotated[int, Ge(-JSON_INT_MAX), Le(JSON_INT_MAX)]

_ASCII_INT = re.compile(r"[0-9]{1,19}")
_ASCII_DECIMAL = re.compile(r"-?([0-9]+)(?:\.([0-9]+))?")
# Amounts: up to a trillion, to the millionth (a rate, an hour count, a salary).
INTEGER_DIGITS, FRACTION_DIGITS = 12, 6


def ascii_int(text: str) -> int | None:
    """`text` as an `Id`-range non-negative integer, or None if it is not one (ASCII digits)."""
    if not _ASCII_INT.fullmatch(text):
        return None
    value = int(text)
    return value if value <= JSON_INT_MAX else None


def decimal_or_none(value: Any) -> Decimal | None:
    """A JSON number or numeric string as a bounded finite Decimal, else None.

    Accepts `42`, `42.5`, `"42.50"`, `"-3"`; refuses bools, NaN, infinities, exponents in
    text, non-ASCII digits, more than 12 integer or 6 fraction digits.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**INTEGER_DIGITS else ""
    elif isinstance(value, float | Decimal):
        try:
            text = format(Decimal(str(value)), "f")
        except (InvalidOperation, ValueError):
            return None
    elif isinstance(value, str):
        text = value.strip()
    else:
        return None
    match = _ASCII_DECIMAL.fullmatch(text) if len(text) <= 40 else None
    if match is None or len(match.group(1)) > INTEGER_DIGITS \
            or len(match.group(2) or "") > FRACTION_DIGITS:
        return None
    return Decimal(text)


def parse_decimal(value: Any, field: str, *, what: str = "an amount") -> Decimal:
    """`decimal_or_none`, or an `invalid` error naming the field."""
    amount = decimal_or_none(value)
    if amount is None:
        raise invalid(f"{field} must be {what}: a plain decimal number such as 42.50 (at most "
                      f"{INTEGER_DIGITS} digits before the point and {FRACTION_DIGITS} after); "
                      f"got {_shown(value)}.", field)
    return amount


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _amount(value: Any) -> Any:
    if isinstance(value, Decimal) and decimal_or_none(value) is not None:
        return value
    amount = decimal_or_none(value)
    if amount is None:
        raise PydanticCustomError(
            "amount", "must be a plain decimal number such as 42.50 (at most {i} digits "
            "before the point and {f} after; no NaN, Infinity, exponent or boolean)",
            {"i": INTEGER_DIGITS, "f": FRACTION_DIGITS})
    return amount


# A money amount, rate or quantity on the wire: a JSON number or a numeric string.
Amount = Annotated[Decimal, BeforeValidator(_amount), WithJsonSchema({
    "anyOf": [{"type": "string", "pattern": r"^-?[0-9]{1,12}(\.[0-9]{1,6})?$"},
              {"type": "number", "minimum": -(10**INTEGER_DIGITS),
               "maximum": 10**INTEGER_DIGITS}],
    "description": "A decimal number, as a JSON number or a string such as \"42.50\"."})]


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
        number = ascii_int(token)
        if number is None:
            raise invalid(f"{field} must be comma-separated {what}; got {_shown(token)}.",
                          field)
        out.append(number)
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
