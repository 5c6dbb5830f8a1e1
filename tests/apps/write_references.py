"""Reference fields of every write route, read from the app's OpenAPI document, and the
bodies that probe them (`tests/apps/test_write_references.py`).

A reference field is one whose value must name something that exists or is listed: an
enum, a field named as an id (`*_id`, `*Id`, `*_uuid`, `id` inside a nested object, `*_ids`
lists), or a field the document marks as an entity id (`x-entity` ending in `Id`). A base
body is built for each route: the route's own record (or the collection's first record,
for a create) as read back, cut to the fields the body takes, over a minimal body of the
required fields. The probe is the base body with one reference field given a value that
names nothing.

    python -m tests.apps.test_write_references [app ...]

prints, per app, the (route, field) pairs probed and how many were silently accepted.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.factories import SPEC

MISSING_ID = 987654321
NOT_LISTED = "not-a-listed-value"
ID_NAME = re.compile(r"(_id|Id|_uuid|Uuid)$")
IDS_NAME = re.compile(r"(_ids|Ids)$")
WRITE_METHODS = ("post", "put", "patch", "delete")
# Not references: the id a client gives a record it creates (Sheets' addSheet, duplicateSheet's
# newSheetId), and the criteria of a search (a DataFilter's developerMetadataLookup matching
# nothing is an empty match, not an unknown record).
OWN_ID = re.compile(r"^(add|duplicate)[A-Z]|^new[A-Z]")
CRITERIA = re.compile(r"(?i)^(dataFilters?|\w*Lookup)$")
# Free-text fields whose names say what they hold (the document types them as strings).
DATE_NAMES = ("start", "end", "date", "start_date", "end_date", "effective_date")
AMOUNT_NAMES = ("amount", "hours", "quantity", "price")


@dataclass(frozen=True)
class Ref:
    """One reference field: its path in the body (keys, and 0 for a list's first item)."""

    path: tuple[str | int, ...]
    kind: str  # "enum", "id" or "ids"
    schema: dict[str, Any] = field(hash=False, compare=False)

    @property
    def name(self) -> str:
        return ".".join(str(p) for p in self.path)


@dataclass
class Route:
    app: str
    method: str
    path: str
    op_id: str
    body: dict[str, Any]
    params: list[dict[str, Any]]
    refs: list[Ref]
    roles: tuple[str, ...] = ()


def resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The schema behind `$ref`s and a nullable `anyOf` (its one non-null member)."""
    seen = 0
    while True:
        seen += 1
        if seen > 20:
            return schema
        if "$ref" in schema:
            schema = {**doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]],
                      **{k: v for k, v in schema.items() if k != "$ref"}}
            continue
        members = [s for s in schema.get("anyOf", schema.get("oneOf", []))
                   if s.get("type") != "null"]
        if len(members) == 1 and "properties" not in schema:
            schema = {**{k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")},
                      **members[0]}
            continue
        return schema


def _kind(doc: dict[str, Any], name: str, schema: dict[str, Any], nested: bool) -> str | None:
    """enum, id or ids: an entity id the document marks (`x-entity` ending in `Id`), `id`
    inside a nested object, or an unmarked integer named as an id; an unmarked string
    named as one (Graph's `transactionId`, Greenhouse's `external_id`) is the client's own
    text, not a reference."""
    if "enum" in schema:
        return "enum"
    if schema.get("type") == "array":
        item = resolve(doc, schema.get("items", {}))
        entity = str(item.get("x-entity", schema.get("x-entity", "")))
        if IDS_NAME.search(name) and (entity.endswith("Id") or (
                not entity and item.get("type") == "integer")):
            return "ids"
        return None
    if schema.get("type") not in ("integer", "string"):
        return None
    entity = str(schema.get("x-entity", ""))
    if entity:
        return "id" if entity.endswith("Id") else None
    if nested and name == "id":
        return "id"
    return "id" if ID_NAME.search(name) and schema.get("type") == "integer" else None


def references(doc: dict[str, Any], schema: dict[str, Any],
               prefix: tuple[str | int, ...] = (), depth: int = 0) -> Iterator[Ref]:
    """The reference fields of a body schema, nested objects and lists' items included."""
    schema = resolve(doc, schema)
    if depth > 4:
        return
    for name, prop in schema.get("properties", {}).items():
        prop = resolve(doc, prop)
        if schema.get("readOnly") or prop.get("readOnly"):
            continue
        if OWN_ID.search(name) or CRITERIA.search(name):
            continue
        kind = _kind(doc, name, prop, nested=depth > 0)
        if kind and not (depth == 0 and name == "id"):
            yield Ref((*prefix, name), kind, prop)
        elif prop.get("type") == "object" or "properties" in prop:
            yield from references(doc, prop, (*prefix, name), depth + 1)
        elif prop.get("type") == "array":
            item = resolve(doc, prop.get("items", {}))
            if "properties" in item:
                yield from references(doc, item, (*prefix, name, 0), depth + 1)


def write_routes(app: str, doc: dict[str, Any]) -> list[Route]:
    out = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method not in WRITE_METHODS or "write" not in op.get("tags", ()):
                continue
            content = op.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                continue
            for shape_path, op_id, body in shapes(doc, path, op["operationId"],
                                                  content["application/json"]["schema"]):
                if body.get("type") not in (None, "object") or "properties" not in body:
                    continue
                refs = list(references(doc, body))
                if refs:
                    out.append(Route(app, method, shape_path, op_id, body,
                                     list(op.get("parameters", [])), refs,
                                     tuple(op.get("x-roles", ()))))
    return out


def shapes(doc: dict[str, Any], path: str, op_id: str, schema: dict[str, Any]
           ) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(path, operation, body schema) of each body a route takes. A body that is one of
    several objects, each marking the path parameters it goes with (`x-path-parameters`:
    Bullhorn's `{"entityType": "Candidate"}`, one schema per entity type), is one shape per
    member, its path parameters filled in (`bullhorn_create_entity[Candidate]`)."""
    body = resolve(doc, schema)
    members = [resolve(doc, m) for m in body.get("anyOf", body.get("oneOf", []))]
    if not members or not all(m.get("x-path-parameters") for m in members):
        yield path, op_id, body
        return
    for member in members:
        filled = path
        for name, value in member["x-path-parameters"].items():
            filled = filled.replace("{" + name + "}", str(value))
        label = ",".join(str(v) for v in member["x-path-parameters"].values())
        yield filled, f"{op_id}[{label}]", member


# -- values ----------------------------------------------------------------------------


def minimal(doc: dict[str, Any], schema: dict[str, Any], depth: int = 0, name: str = ""
            ) -> Any:
    """A value of the schema: its example, default or first enum member, else one of its
    type, with only the required properties of an object."""
    schema = resolve(doc, schema)
    for key in ("examples", "enum"):
        if schema.get(key):
            return copy.deepcopy(schema[key][0])
    if "example" in schema:
        return copy.deepcopy(schema["example"])
    if "default" in schema and schema["default"] is not None:
        return copy.deepcopy(schema["default"])
    kind = schema.get("type")
    if kind is None and schema.get("anyOf"):
        return minimal(doc, schema["anyOf"][0], depth + 1)
    if kind == "object" or "properties" in schema:
        if depth > 5:
            return {}
        return {key: minimal(doc, schema["properties"][key], depth + 1, key)
                for key in schema.get("required", []) if key in schema.get("properties", {})}
    if kind == "array":
        n = int(schema.get("minItems", 0))
        return [minimal(doc, schema.get("items", {}), depth + 1) for _ in range(n)]
    if kind == "integer":
        return max(int(schema.get("minimum", 1)), 1)
    if kind == "number":
        return max(schema.get("minimum", 1), 1)
    if kind == "boolean":
        return False
    fmt = schema.get("format")
    if fmt == "date" or (fmt is None and name in DATE_NAMES):
        return SPEC.now.date().isoformat()
    if fmt == "date-time":
        return SPEC.now.isoformat() + "Z"
    if fmt == "email":
        return "someone@example.com"
    if name in AMOUNT_NAMES or "Amount" in schema.get("title", ""):
        return "1"
    return "x" * max(int(schema.get("minLength", 1)), 1)


def cut(doc: dict[str, Any], schema: dict[str, Any], value: Any, depth: int = 0) -> Any:
    """`value` (a record as read back) cut to what `schema` takes; None where it fits not."""
    schema = resolve(doc, schema)
    if value is None or depth > 5:
        return None
    if "properties" in schema:
        if not isinstance(value, dict):
            return None
        out = {}
        for name, prop in schema["properties"].items():
            if name in value and not resolve(doc, prop).get("readOnly"):
                got = cut(doc, prop, value[name], depth + 1)
                if got is not None:
                    out[name] = got
        return out
    if schema.get("type") == "array":
        if not isinstance(value, list):
            return None
        return [v for v in (cut(doc, schema.get("items", {}), x, depth + 1) for x in value)
                if v is not None]
    if "enum" in schema and value not in schema["enum"]:
        return None
    kinds = {schema.get("type")} | {s.get("type") for s in schema.get("anyOf", [])}
    if isinstance(value, bool):
        return value if "boolean" in kinds else None
    if isinstance(value, int):
        return value if kinds & {"integer", "number", None} else None
    if isinstance(value, float):
        return value if kinds & {"number", None} else None
    if isinstance(value, str):
        return value if kinds & {"string", None} else None
    return None


def merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{k: merge(base.get(k), v) for k, v in over.items()}}
    return over if over is not None else base


def wrong(ref: Ref) -> Any:
    """A value of the field's type that names nothing (or is not in its list)."""
    if ref.kind == "enum":
        return NOT_LISTED
    if ref.kind == "ids":
        return [MISSING_ID]
    return MISSING_ID if ref.schema.get("type") == "integer" else str(MISSING_ID)


def with_value(body: dict[str, Any], doc: dict[str, Any], route: Route, ref: Ref,
               value: Any) -> dict[str, Any]:
    """`body` with the field at `ref.path` set to `value` (parents built where absent)."""
    out = copy.deepcopy(body)
    node: Any = out
    schema = route.body
    for i, key in enumerate(ref.path[:-1]):
        schema = resolve(doc, schema)
        nxt = ref.path[i + 1]
        if isinstance(key, int):
            schema = resolve(doc, schema.get("items", {}))
            while len(node) <= key:
                node.append(minimal(doc, schema))
            node = node[key]
            continue
        schema = resolve(doc, schema["properties"][key])
        if not isinstance(node.get(key), (dict, list)):
            node[key] = [] if isinstance(nxt, int) else minimal(doc, schema)
        if isinstance(nxt, int) and not node[key]:
            node[key].append(minimal(doc, resolve(doc, schema.get("items", {}))))
        node = node[key]
    node[ref.path[-1]] = value
    return out
