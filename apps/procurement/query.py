"""Coupa's query language over rendered records: `field[op]=value` filters (through
associations: `supplier[name]=Acme`, `invoice-lines[order-line-id]=5`), `limit` (at most
50) / `offset`, `return_object` (`limited`, `shallow`, `none`) and `fields=` (a JSON list
of names and `{association: [names]}` objects).

Filters run on the rendered record, so a filter means exactly what the response shows;
names are taken with `-` or `_`. A field Coupa documents that this instance does not
track is null (it matches `[blank]=true`); a name Coupa does not document is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import orjson

from arcadia.apps.kernel import invalid, parse_timestamp

MAX_LIMIT = 50
MAX_FILTERS = 20
MAX_IN = 100
OPS = ("contains", "starts_with", "ends_with", "blank", "gt", "lt", "gt_or_eq", "lt_or_eq",
       "not_eq", "in", "not_in")
_EQUALITY = ("eq", "in", "not_eq", "not_in")
RESERVED = {"limit", "offset", "return_object", "fields", "exported"}
_KEY = re.compile(r"^([A-Za-z0-9_-]+)((?:\[[A-Za-z0-9_-]+\])*)$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_NUMBER = re.compile(r"-?[0-9]{1,18}(\.[0-9]{1,9})?")

Record = dict[str, Any]


def _name(text: str) -> str:
    return text.replace("_", "-")


class Filter:
    def __init__(self, path: list[str], op: str, value: str) -> None:
        self.path, self.op, self.value = path, op, value
        self.values = [v.strip() for v in value.split(",")] if op in ("in", "not_in") \
            else [value]
        if len(self.values) > MAX_IN:
            raise invalid(f"'{'.'.join(path)}[{op}]' lists {len(self.values)} values; at most "
                          f"{MAX_IN} may be given.", field=path[0])

        self._parsed: list[tuple[Decimal | None, datetime | None]] | None = None

    def test(self, record: Record) -> bool:
        return self._found(list(_walk(record, self.path)))

    def test_value(self, value: Any) -> bool:
        """`test({path[0]: value})`: the filter on one field's shown value."""
        if len(self.path) == 1 and not isinstance(value, list):
            if isinstance(value, str) and self.op in _EQUALITY and self._as_text():
                return (value in self.values) == (self.op in ("eq", "in"))
            return self._found([value])
        return self._found(list(_walk(value, self.path[1:])))

    def text_only(self) -> bool:
        """Whether every value compares as text only: a stored text field then passes an
        `eq`/`in` filter exactly when it is one of `values`."""
        return self._as_text()

    def _as_text(self) -> bool:
        """Whether every value compares as text only (none is a number or a time), so a
        text field equals one exactly when it is one of them."""
        return all(p == (None, None) for p in self._values_parsed())

    def _values_parsed(self) -> list[tuple[Decimal | None, datetime | None]]:
        if self._parsed is None:  # the values as numbers and times, parsed once
            self._parsed = [(_as_number(w), as_time(w)) for w in self.values]
        return self._parsed

    def _found(self, found: list[Any]) -> bool:
        if not found:
            found = [None]
        parsed = self._values_parsed()
        if self.op in ("not_eq", "not_in"):
            return all(_test(self.op, v, self.values, parsed) for v in found)
        return any(_test(self.op, v, self.values, parsed) for v in found)


def _walk(value: Any, path: list[str]) -> Iterable[Any]:
    if not path:
        yield value
        return
    if isinstance(value, list):
        for item in value:
            yield from _walk(item, path)
        return
    if isinstance(value, dict):
        key = path[0]
        if key in value:
            yield from _walk(value[key], path[1:])
        else:
            yield None


def as_time(text: str) -> datetime | None:
    """`text` as naive UTC if it is a Coupa date or timestamp, else None (compared as text).

    Only text that starts with its date and ends without a space: the kernel's parser would
    strip it, but a filter value is compared as sent. A space inside is a decoded `+`."""
    if not _DATE.match(text) or text != text.rstrip():
        return None
    try:
        return parse_timestamp(text, query=True)
    except ValueError:
        return None


def _as_number(text: str) -> Decimal | None:
    if not _NUMBER.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        # An association compared directly: by its id.
        return None if value.get("id") is None else str(value["id"])
    return str(value)


def _compare(have: str, want: tuple[Decimal | None, datetime | None]) -> int | None:
    """`have` against a value already parsed as a number and a time (`want`): as numbers
    if both are numbers, else as times if both are times, else None."""
    number, time = want
    if number is not None:
        a = _as_number(have)
        if a is not None:
            return (a > number) - (a < number)
    if time is not None:
        t = as_time(have)
        if t is not None:
            return (t > time) - (t < time)
    return None


def _test(op: str, value: Any, wants: list[str],
          parsed: list[tuple[Decimal | None, datetime | None]]) -> bool:
    have = _text(value)
    if op == "blank":
        blank = have is None or have == ""
        return blank == (wants[0].lower() == "true")
    if have is None:
        return op in ("not_eq", "not_in")
    if op in ("eq", "in", "not_eq", "not_in"):
        hit = any(have == w or _compare(have, p) == 0
                  for w, p in zip(wants, parsed, strict=True))
        return hit if op in ("eq", "in") else not hit
    low, want = have.lower(), wants[0].lower()
    if op == "contains":
        return want in low
    if op == "starts_with":
        return low.startswith(want)
    if op == "ends_with":
        return low.endswith(want)
    order = _compare(have, parsed[0])
    if order is None:
        order = (have > wants[0]) - (have < wants[0])
    return {"gt": order > 0, "lt": order < 0, "gt_or_eq": order >= 0,
            "lt_or_eq": order <= 0}[op]


def parse_filters(params: Iterable[tuple[str, str]], known: Mapping[str, Any]
                  ) -> list[Filter]:
    """Filters from query parameters. `known`: the resource's field names, each mapping to
    the names of its lines' fields (or None)."""
    out: list[Filter] = []
    for key, value in params:
        if key in ("limit", "offset", "return_object", "fields"):
            continue
        m = _KEY.match(key)
        if not m:
            raise invalid(f"'{key}' is not a Coupa query: use field=value, "
                          "field[operator]=value or association[field]=value.", field=key)
        parts = [m.group(1), *re.findall(r"\[([A-Za-z0-9_-]+)\]", m.group(2))]
        op = "eq"
        if len(parts) > 1 and parts[-1] in OPS:
            op = parts.pop()
        path = [_name(p) for p in parts]
        if path[0] not in known:
            raise invalid(f"'{parts[0]}' is not a field of this resource; query one of its "
                          f"documented fields (e.g. {', '.join(sorted(known)[:8])}).",
                          field=parts[0])
        if len(value) > 1000:
            raise invalid(f"The value of '{key}' is over 1000 characters.", field=key)
        out.append(Filter(path, op, value))
        if len(out) > MAX_FILTERS:
            raise invalid(f"At most {MAX_FILTERS} conditions may be given.", field=key)
    return out


def page_size(limit: int | None) -> int:
    """Coupa's page: 50 unless `limit` asks for fewer."""
    return MAX_LIMIT if limit is None else max(1, min(limit, MAX_LIMIT))


def select(records: Iterable[Record], filters: list[Filter], *, limit: int | None,
           offset: int | None) -> list[Record]:
    """The page of records matching every filter, by id."""
    size = page_size(limit)
    start = offset or 0
    out: list[Record] = []
    seen = 0
    for record in records:
        if all(f.test(record) for f in filters):
            if seen >= start:
                out.append(record)
                if len(out) >= size:
                    break
            seen += 1
    return out


# -- response shapes -------------------------------------------------------------------------


def parse_fields(text: str | None) -> list[Any] | None:
    if text is None:
        return None
    try:
        spec = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise invalid('`fields` must be a JSON list, e.g. ["id","invoice-number",'
                      '{"invoice-lines":["id","line-num"]}].', field="fields") from None
    if not isinstance(spec, list) or not _valid_spec(spec, 0):
        raise invalid('`fields` must be a JSON list of names and {"association": [names]} '
                      'objects, at most 3 levels deep.', field="fields")
    return spec


def _valid_spec(spec: list[Any], depth: int) -> bool:
    if depth > 3 or len(spec) > 400:
        return False
    for item in spec:
        if isinstance(item, str):
            continue
        if isinstance(item, dict) and all(isinstance(k, str) and isinstance(v, list)
                                          and _valid_spec(v, depth + 1)
                                          for k, v in item.items()):
            continue
        return False
    return True


def pick(value: Any, spec: list[Any]) -> Any:
    """`value` cut down to the `fields` spec (keys as the client spelled them)."""
    if isinstance(value, list):
        return [pick(v, spec) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    # A name the record does not have is left out: answering it as null would invent a
    # field (`dispute-reason` for `dispute-reasons`) the client would take for a value.
    for item in spec:
        if isinstance(item, str):
            if _name(item) in value:
                out[item] = value[_name(item)]
        else:
            for key, sub in item.items():
                if _name(key) in value:
                    inner = value[_name(key)]
                    out[key] = None if inner is None else pick(inner, sub)
    return out


def _shallow(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: value[k] for k in ("id", "name", "code", "login", "number", "email")
                if k in value}
    if isinstance(value, list):
        return [_shallow(v) for v in value]
    return value


def shape(record: Record, *, return_object: str | None, fields: list[Any] | None) -> Any:
    """One record as `return_object` / `fields` ask."""
    if fields is not None:
        return pick(record, fields)
    if return_object == "limited":
        return {"id": record.get("id")}
    if return_object == "shallow":
        return {k: _shallow(v) for k, v in record.items()}
    return record


def check_return_object(value: str | None, *, write: bool) -> None:
    allowed = ("none", "limited", "shallow") if write else ("limited", "shallow")
    if value is not None and value not in allowed:
        raise invalid(f"return_object must be one of {', '.join(allowed)}"
                      f"{'' if write else ' on a query (none is for PUT and POST)'}; got "
                      f"'{value[:40]}'.", field="return_object")


def known_fields(resource: dict[str, Any], lines: Mapping[str, dict[str, Any]] | None = None
                 ) -> dict[str, Any]:
    out: dict[str, Any] = dict.fromkeys(resource)
    for name, fields in (lines or {}).items():
        out[name] = fields
    return out


Renderer = Callable[[Any], Record]
