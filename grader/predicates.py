"""Value normalisation and record predicates used by checks and guards.

Values compare after normalisation: numbers numerically (`25` = `25.0` = `"25.00"`),
except digit strings with a leading zero, which are identifiers (ZIP codes, routing and
account numbers: `"02134"` is not `2134`) and compare as text; emails
case-insensitively, text with whitespace folded, ISO dates and datetimes as dates (a
datetime at midnight equals its date), SQLite's 0/1 as booleans.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
# "0", "0.5" and "-0.25" are numbers; "02134" and "007" are identifiers.
_LEADING_ZERO = re.compile(r"^[+-]?0\d")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")
OPERATORS = ("eq", "ne", "contains", "in", "gt", "gte", "lt", "lte", "is_null")


def normalise(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float | Decimal):
        return Decimal(str(value)).normalize()
    if isinstance(value, datetime):
        return value.date() if value.time() == datetime.min.time() and value.tzinfo is None \
            else value
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        text = " ".join(value.split())
        if _NUMBER.match(text) and not _LEADING_ZERO.match(text):
            try:
                return Decimal(text).normalize()
            except InvalidOperation:
                return text
        if _EMAIL.match(text):
            return text.lower()
        if _ISO.match(text):
            try:
                return normalise(datetime.fromisoformat(text.replace("Z", "+00:00")))
            except ValueError:
                return text
        return text
    if isinstance(value, list | tuple):
        return [normalise(v) for v in value]
    return value


def equal(actual: Any, expected: Any) -> bool:
    if isinstance(expected, bool) and isinstance(actual, int) and actual in (0, 1):
        return bool(actual) == expected
    return bool(normalise(actual) == normalise(expected))


def _text(value: Any) -> str:
    return " ".join(str(value).split()).lower() if value is not None else ""


def matches(actual: Any, spec: Any) -> bool:
    """Whether one value satisfies a predicate spec: a plain value or `{op: operand}`."""
    if not (isinstance(spec, dict) and spec and set(spec) <= set(OPERATORS)):
        return equal(actual, spec)
    for op, operand in spec.items():
        if op == "eq" and not equal(actual, operand):
            return False
        if op == "ne" and equal(actual, operand):
            return False
        if op == "contains" and _text(operand) not in _text(actual):
            return False
        if op == "in" and not any(equal(actual, o) for o in operand):
            return False
        if op == "is_null" and (actual is None) != bool(operand):
            return False
        if op in ("gt", "gte", "lt", "lte"):
            a, b = normalise(actual), normalise(operand)
            if a is None or type(a) is not type(b):
                return False
            if not {"gt": a > b, "gte": a >= b, "lt": a < b, "lte": a <= b}[op]:
                return False
    return True


# What an app generates (ids, timestamps, versions) is judged by its type, not its value.
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
GENERATED: dict[str, Any] = {
    "uuid": lambda v: isinstance(v, str) and bool(_UUID.match(v)),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str) and bool(v.strip()),
    "date": lambda v: isinstance(v, date) or (isinstance(v, str) and isinstance(
        normalise(v), date) and len(v.strip()) == 10),
    "datetime": lambda v: isinstance(v, datetime) or (isinstance(v, str) and isinstance(
        normalise(v), date)),
}


def is_generated(spec: Any) -> bool:
    return isinstance(spec, dict) and set(spec) == {"generated"}


def value_ok(actual: Any, spec: Any) -> bool:
    """`matches`, plus `{"generated": "uuid"|"int"|"str"|"date"|"datetime"}` (a type check)."""
    if is_generated(spec):
        test = GENERATED.get(spec["generated"])
        if test is None:
            raise ValueError(f"unknown generated type {spec['generated']!r}; "
                             f"known: {sorted(GENERATED)}")
        return bool(test(actual))
    return matches(actual, spec)


def frame_problem(kind: str, old: dict[str, Any] | None, new: dict[str, Any] | None,
                  named: dict[str, Any]) -> str | None:
    """Why a changed record is not wholly accounted for by `named`, or None when it is.

    An added record: every column must be named, and satisfy its spec. An updated record:
    every changed column must be named, and its new value satisfy the spec.
    """
    if new is None:
        return None
    columns = list(new) if kind == "added" or old is None else [
        k for k in new if old.get(k) != new.get(k)]
    for col in columns:
        if col not in named:
            what = "field" if kind == "added" else "changed field"
            return f"{what} {col}={new.get(col)!r} is not one the task allows"
        if not value_ok(new.get(col), named[col]):
            return f"{col}={new.get(col)!r}, wanted {_spec_text(named[col])}"
    return None


def _spec_text(spec: Any) -> str:
    return f"a generated {spec['generated']}" if is_generated(spec) else repr(spec)


def record_matches(record: dict[str, Any], where: dict[str, Any]) -> bool:
    """All of `where`'s fields satisfy their specs; a field the record lacks never matches."""
    return all(name in record and matches(record[name], spec) for name, spec in where.items())


def describe(where: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in where.items()) or "any record"
