"""BooleanConditions (conditional format rules, filter criteria, data validation), evaluated
against a cell's computed value as Sheets does for the condition types it documents.

A condition value is read as if typed (`10`, `5%`, `2026-01-31`); text comparisons ignore
case. CUSTOM_FORMULA and FILTER_EXPRESSION conditions are kept but never hold here (they
would need each cell's relative formula), nor does a formula-valued condition value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from arcadia.apps.sheets import values as vv
from arcadia.apps.sheets.formula import Err, Scalar

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
URL = re.compile(r"^(https?|ftp)://[^\s]+$|^www\.[^\s]+\.[^\s]+$", re.I)
NUMERIC = frozenset(("NUMBER_GREATER", "NUMBER_GREATER_THAN_EQ", "NUMBER_LESS",
                     "NUMBER_LESS_THAN_EQ", "NUMBER_EQ", "NUMBER_NOT_EQ", "NUMBER_BETWEEN",
                     "NUMBER_NOT_BETWEEN"))
DATES = frozenset(("DATE_EQ", "DATE_BEFORE", "DATE_AFTER", "DATE_ON_OR_BEFORE",
                   "DATE_ON_OR_AFTER", "DATE_BETWEEN", "DATE_NOT_BETWEEN", "DATE_NOT_EQ"))
ONE = ("NUMBER_GREATER", "NUMBER_GREATER_THAN_EQ", "NUMBER_LESS", "NUMBER_LESS_THAN_EQ",
       "NUMBER_EQ", "NUMBER_NOT_EQ", "TEXT_CONTAINS", "TEXT_NOT_CONTAINS", "TEXT_STARTS_WITH",
       "TEXT_ENDS_WITH", "TEXT_EQ", "TEXT_NOT_EQ", "CUSTOM_FORMULA", "ONE_OF_RANGE",
       "FILTER_EXPRESSION", "DATE_EQ", "DATE_BEFORE", "DATE_AFTER", "DATE_ON_OR_BEFORE",
       "DATE_ON_OR_AFTER", "DATE_NOT_EQ")
# How many values each type takes (None: any number, at least the minimum).
ARITY: dict[str, tuple[int, int | None]] = {
    **dict.fromkeys(ONE, (1, 1)),
    **dict.fromkeys(("NUMBER_BETWEEN", "NUMBER_NOT_BETWEEN", "DATE_BETWEEN",
                     "DATE_NOT_BETWEEN"), (2, 2)),
    **dict.fromkeys(("TEXT_IS_EMAIL", "TEXT_IS_URL", "DATE_IS_VALID", "BLANK", "NOT_BLANK"),
                    (0, 0)),
    "ONE_OF_LIST": (1, None), "BOOLEAN": (0, 2),
}
RELATIVE = {"TODAY": 0, "YESTERDAY": -1, "TOMORROW": 1, "PAST_WEEK": -7, "PAST_MONTH": -30,
            "PAST_YEAR": -365}

RangeReader = Callable[[str], list[Scalar] | None]  # "=Sheet1!A1:A5" -> its values


def problem(condition: dict[str, Any] | None, *, allowed: set[str] | None = None) -> str | None:
    """What is wrong with a condition (its type and number of values), or None."""
    if not condition or not condition.get("type") or \
            condition["type"] == "CONDITION_TYPE_UNSPECIFIED":
        return "a condition needs a type (NUMBER_GREATER, TEXT_CONTAINS, ONE_OF_LIST, ...)"
    kind = condition["type"]
    if allowed is not None and kind not in allowed:
        return f"condition type {kind} is not allowed here"
    values = condition.get("values") or []
    low, high = ARITY.get(kind, (0, None))
    if len(values) < low or (high is not None and len(values) > high):
        want = f"{low}" if low == high else f"{low} to {high if high is not None else 'any'}"
        return f"condition {kind} takes {want} value(s), not {len(values)}"
    for v in values:
        if kind in DATES and not v.get("userEnteredValue") and not v.get("relativeDate"):
            return f"condition {kind} needs a date or relativeDate value"
    return None


def _number(text: str) -> float | None:
    parsed = vv.parse_number(text.strip())
    return None if parsed is None else parsed[0]


def _date(v: dict[str, Any], today: date) -> float | None:
    rel = v.get("relativeDate")
    if rel:
        return float((today + timedelta(days=RELATIVE.get(rel, 0)) - vv.EPOCH).days)
    return _number(v.get("userEnteredValue") or "")


def holds(condition: dict[str, Any], value: Scalar, fmt: dict[str, Any] | None, *,
          today: date, read_range: RangeReader | None = None) -> bool:
    """Whether a cell's computed `value` (with its format) satisfies the condition."""
    kind = condition.get("type")
    args = condition.get("values") or []
    texts = [a.get("userEnteredValue") or "" for a in args]
    if any(t.startswith("=") for t in texts) and kind != "ONE_OF_RANGE":
        return False
    blank = value is None or value == ""
    if kind == "BLANK":
        return blank
    if kind == "NOT_BLANK":
        return not blank
    if isinstance(value, Err):
        return False
    shown = vv.formatted(value, fmt)
    if kind in NUMERIC:
        if not isinstance(value, float):
            return kind == "NUMBER_NOT_EQ" and not blank
        nums = [_number(t) for t in texts]
        if any(n is None for n in nums):
            return False
        return _compare(kind.removeprefix("NUMBER_"), value, nums)  # type: ignore[arg-type]
    if kind in DATES or kind == "DATE_IS_VALID":
        is_date = isinstance(value, float) and ((fmt or {}).get("numberFormat") or {}).get(
            "type") in ("DATE", "DATE_TIME")
        if kind == "DATE_IS_VALID":
            return is_date
        if not isinstance(value, float):
            return False
        days = [_date(a, today) for a in args]
        if any(d is None for d in days):
            return False
        whole = float(int(value // 1))
        op = {"DATE_EQ": "EQ", "DATE_NOT_EQ": "NOT_EQ", "DATE_BEFORE": "LESS",
              "DATE_AFTER": "GREATER", "DATE_ON_OR_BEFORE": "LESS_THAN_EQ",
              "DATE_ON_OR_AFTER": "GREATER_THAN_EQ", "DATE_BETWEEN": "BETWEEN",
              "DATE_NOT_BETWEEN": "NOT_BETWEEN"}[kind]
        return _compare(op, whole, days)  # type: ignore[arg-type]
    low = shown.lower()
    if kind == "TEXT_CONTAINS":
        return texts[0].lower() in low
    if kind == "TEXT_NOT_CONTAINS":
        return texts[0].lower() not in low
    if kind == "TEXT_STARTS_WITH":
        return low.startswith(texts[0].lower())
    if kind == "TEXT_ENDS_WITH":
        return low.endswith(texts[0].lower())
    if kind == "TEXT_EQ":
        return low == texts[0].lower()
    if kind == "TEXT_NOT_EQ":
        return low != texts[0].lower()
    if kind == "TEXT_IS_EMAIL":
        return bool(EMAIL.match(shown))
    if kind == "TEXT_IS_URL":
        return bool(URL.match(shown))
    if kind == "ONE_OF_LIST":
        return low in {t.lower() for t in texts}
    if kind == "ONE_OF_RANGE":
        found = read_range(texts[0]) if read_range else None
        return found is not None and low in {vv.formatted(v, None).lower() for v in found
                                             if v is not None}
    if kind == "BOOLEAN":
        if not texts:
            return isinstance(value, bool)
        return low in {t.lower() for t in texts}
    return False  # CUSTOM_FORMULA, FILTER_EXPRESSION: not evaluated here


def _compare(op: str, x: float, args: list[float]) -> bool:
    a = args[0]
    if op == "GREATER":
        return x > a
    if op == "GREATER_THAN_EQ":
        return x >= a
    if op == "LESS":
        return x < a
    if op == "LESS_THAN_EQ":
        return x <= a
    if op == "EQ":
        return x == a
    if op == "NOT_EQ":
        return x != a
    lo, hi = min(args), max(args)
    inside = lo <= x <= hi
    return inside if op == "BETWEEN" else not inside


# Where each condition type may be used (the discovery document's "Supported by ...").
FOR_VALIDATION = NUMERIC | {"TEXT_CONTAINS", "TEXT_NOT_CONTAINS", "TEXT_EQ", "TEXT_IS_EMAIL",
                            "TEXT_IS_URL", "DATE_EQ", "DATE_BEFORE", "DATE_AFTER",
                            "DATE_ON_OR_BEFORE", "DATE_ON_OR_AFTER", "DATE_BETWEEN",
                            "DATE_NOT_BETWEEN", "DATE_IS_VALID", "ONE_OF_RANGE", "ONE_OF_LIST",
                            "CUSTOM_FORMULA", "BOOLEAN"}
FOR_FORMATTING = NUMERIC | {"TEXT_CONTAINS", "TEXT_NOT_CONTAINS", "TEXT_STARTS_WITH",
                            "TEXT_ENDS_WITH", "TEXT_EQ", "DATE_EQ", "DATE_BEFORE", "DATE_AFTER",
                            "BLANK", "NOT_BLANK", "CUSTOM_FORMULA"}
FOR_FILTERS = FOR_FORMATTING | {"TEXT_NOT_EQ", "DATE_NOT_EQ", "FILTER_EXPRESSION"}
