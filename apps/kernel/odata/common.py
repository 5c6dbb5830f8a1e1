"""What every OData option shares: the schema notation, Graph's error codes for a bad
option, date-time values and property paths.

A schema maps property names to a kind (`"string"`, `"bool"`, `"number"`, `"datetime"`), a
nested schema (a complex property) or a one-element list (a collection of that kind/schema).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from arcadia.apps.kernel.errors import ApiError, invalid

Kind = str
Schema = Mapping[str, Any]  # name -> Kind | Schema | [Kind | Schema]

# Graph's error codes: a filter Graph cannot parse, a property the type does not have.
BAD_REQUEST = "BadRequest"
PARSE_URI = "RequestBroker--ParseUri"


def bad(message: str, field: str, code: str = BAD_REQUEST) -> ApiError:
    return invalid(message, field, meta={"graph_code": code})


# ---------------------------------------------------------------------------- values
def parse_datetime(text: str) -> datetime | None:
    """An ISO date-time (with `Z`, an offset or none: then UTC) as naive UTC, or None."""
    t = text.strip()
    if t.endswith(("Z", "z")):
        t = t[:-1] + "+00:00"
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([+-]\d{2}:\d{2})?", t)
    if m is None:
        m2 = re.fullmatch(r"\d{4}-\d{2}-\d{2}", t)
        if m2 is None:
            return None
        t, frac, off = t + "T00:00:00", "", None
    else:
        t, frac, off = m.group(1), (m.group(2) or ""), m.group(3)
    try:
        value = datetime.fromisoformat(t + (frac[:7] if frac else ""))
    except ValueError:
        return None
    if off:
        sign = 1 if off[0] == "+" else -1
        hours, minutes = int(off[1:3]), int(off[4:6])
        value = value - sign * timedelta(hours=hours, minutes=minutes)
    return value.replace(tzinfo=None)


def graph_datetime(value: datetime | None) -> str | None:
    """Graph's DateTimeOffset rendering of a naive-UTC time: `2026-03-02T09:00:00Z`."""
    return None if value is None else value.replace(microsecond=0).isoformat() + "Z"


def norm(value: Any, kind: Kind) -> Any:
    """A value of `kind` in comparable form (strings fold case, times parse)."""
    if value is None:
        return None
    if kind == "datetime":
        return value if isinstance(value, datetime) else parse_datetime(str(value))
    if kind == "string":
        return str(value).casefold()
    return value


def resolve(schema: Schema, path: Sequence[str], entity: str, field: str) -> Any:
    """The kind (or schema, or collection) of a property path."""
    node: Any = schema
    for i, name in enumerate(path):
        if not isinstance(node, Mapping) or name not in node:
            owner = entity if i == 0 else "/".join(path[:i])
            raise bad(f"Could not find a property named '{name}' on type '{owner}'.",
                      field, PARSE_URI)
        node = node[name]
    return node


def kind_of(node: Any) -> Kind:
    if isinstance(node, list):
        return "collection"
    if isinstance(node, Mapping):
        return "complex"
    return str(node)


def element_of(schema: Any, path: Sequence[str]) -> Any:
    node = schema
    for name in path:
        node = node[name]
    return node[0]


def get_path(record: Any, path: Sequence[str]) -> Any:
    for name in path:
        if not isinstance(record, Mapping):
            return None
        record = record.get(name)
    return record
