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

import httpx

from tests.factories import ADMIN, SPEC

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
            body = resolve(doc, content["application/json"]["schema"])
            if body.get("type") not in (None, "object") or "properties" not in body:
                continue
            refs = list(references(doc, body))
            if refs:
                out.append(Route(app, method, path, op["operationId"], body,
                                 list(op.get("parameters", [])), refs,
                                 tuple(op.get("x-roles", ()))))
    return out


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


# -- the episode -----------------------------------------------------------------------


def record_for(http: httpx.Client, headers: dict[str, str], app: str,
                     path: str, ids: dict[str, str]) -> Any:
    """The record the route acts on (`GET` of its path up to its last parameter), or the
    collection's first record for a create; None if neither reads back."""
    concrete = path
    for name, value in ids.items():
        concrete = concrete.replace("{" + name + "}", value)
    if "{" in concrete:
        return None
    parts = concrete.split("/")
    candidates = []
    for cut_at in range(len(parts), 1, -1):
        candidates.append("/".join(parts[:cut_at]))
    for candidate in candidates:
        r = http.get(f"/{app}{candidate}", headers=headers)
        if r.status_code != 200 or "json" not in r.headers.get("content-type", ""):
            continue
        data = r.json()
        if isinstance(data, dict):
            for key in ("value", "data", "employees"):
                if isinstance(data.get(key), list):
                    data = data[key]
                    break
        if isinstance(data, list):
            return data[0] if data else None
        return data
    return None


def path_ids(http: httpx.Client, headers: dict[str, str], app: str, path: str,
                   fallback: dict[str, str]) -> dict[str, str]:
    """Each path parameter: the first record of the collection it indexes, else the
    app's known valid id (`fallback`)."""
    ids: dict[str, str] = {}
    segments = path.split("/")
    for i, seg in enumerate(segments):
        m = re.fullmatch(r"\{(\w+)\}", seg)
        if not m:
            for other in re.findall(r"\{(\w+)\}", seg):
                ids[other] = fallback.get(other, "1")
            continue
        name = m.group(1)
        collection = "/".join(segments[:i])
        for known, value in ids.items():
            collection = collection.replace("{" + known + "}", value)
        found = None
        r = http.get(f"/{app}{collection}", headers=headers)
        if r.status_code == 200 and "json" in r.headers.get("content-type", ""):
            data = r.json()
            if isinstance(data, dict):
                data = next((v for v in data.values() if isinstance(v, list)), None)
            if isinstance(data, list) and data and isinstance(data[0], dict):
                for key in ("id", "uuid", "payroll_uuid", "spreadsheetId"):
                    if key in data[0]:
                        found = str(data[0][key])
                        break
        ids[name] = found if found is not None else fallback.get(name, "1")
    return ids


def snapshot(http: httpx.Client, episode: str) -> tuple[int, Any]:
    r = http.get(f"/admin/episodes/{episode}", headers=ADMIN)
    c = http.get(f"/admin/episodes/{episode}/changes", headers=ADMIN)
    return int(r.json()["tick"]), c.json()


# -- probing ---------------------------------------------------------------------------


@dataclass
class Outcome:
    op_id: str
    field: str
    status: int
    changed: bool
    base_status: int | None = None
    text: str = ""

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300


def open_episode(http: httpx.Client, body: dict[str, Any], doc: dict[str, Any],
                 route: Route) -> tuple[str, dict[str, str]]:
    """A fresh episode and the headers of a principal holding the route's roles (and most
    of the app's)."""
    r = http.post("/admin/episodes", json=body, headers=ADMIN)
    assert r.status_code == 201, r.text
    episode = r.json()["episode_id"]
    wanted = {role for item in doc["paths"].values() for op in item.values()
              if isinstance(op, dict) for role in op.get("x-roles", ())}
    people = http.get(f"/admin/episodes/{episode}/principals", headers=ADMIN).json()
    own = set(route.roles)
    best = max(people["principals"], key=lambda p: (
        not own or bool(own & set(p["roles"])), len(wanted & set(p["roles"])), -p["id"]))
    token = http.post(f"/admin/episodes/{episode}/tokens", json={"principal": best["id"]},
                      headers=ADMIN).json()["token"]
    return episode, {"Authorization": f"Bearer {token}", "Accept": "application/json"}


def request_parts(route: Route, ids: dict[str, str], fallback: dict[str, str]
                  ) -> tuple[str, dict[str, str], dict[str, str]]:
    """The route's URL, its required query parameters and its header parameters."""
    path, query, headers = route.path, {}, {}
    for name, value in ids.items():
        path = path.replace("{" + name + "}", value)
    for p in route.params:
        if p["in"] == "query" and p.get("required"):
            query[p["name"]] = fallback.get(p["name"]) or str(minimal({}, p.get("schema", {})))
        elif p["in"] == "header" and p["name"] in fallback:
            headers[p["name"]] = fallback[p["name"]]
    return f"/{route.app}{path}", query, headers


UNIQUE = ("name", "login", "email", "number", "po-number", "invoice-number", "title",
          "display-name", "external-ref-code", "code", "displayName")


def fresh(body: Any, route: Route) -> Any:
    """A create's body with its natural keys made new (the record it copies holds them)."""
    if route.method != "post" or not isinstance(body, dict):
        return body
    out = {key: [{k: v for k, v in item.items() if k != "id"} if isinstance(item, dict)
                 else item for item in value] if isinstance(value, list) else value
           for key, value in body.items()}  # a copied record's lines are not the new one's
    for key in UNIQUE:
        if isinstance(out.get(key), str) and out[key]:
            value = out[key]
            out[key] = f"ref.{value}" if "@" in value else f"{value} R"
    return out


def collection(http: httpx.Client, auth: dict[str, str], app: str, path: str,
               ids: dict[str, str], limit: int = 12) -> list[str]:
    """The ids of the first records of the collection the route's last parameter indexes."""
    params = re.findall(r"\{(\w+)\}", path)
    if not params:
        return []
    head = path[:path.index("{" + params[-1] + "}")].rstrip("/")
    for name, value in ids.items():
        head = head.replace("{" + name + "}", value)
    r = http.get(f"/{app}{head}", headers=auth)
    if r.status_code != 200 or "json" not in r.headers.get("content-type", ""):
        return []
    data = r.json()
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), None)
    found = []
    for item in (data or [])[:limit]:
        if isinstance(item, dict):
            key = next((k for k in ("id", "uuid", "payroll_uuid") if k in item), None)
            if key:
                found.append(str(item[key]))
    return found


def base_body(http: httpx.Client, auth: dict[str, str], doc: dict[str, Any], route: Route,
              ids: dict[str, str], bodies: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if route.op_id in bodies:
        return copy.deepcopy(bodies[route.op_id])
    record = record_for(http, auth, route.app, route.path, ids)
    return fresh(merge(minimal(doc, route.body), cut(doc, route.body, record) or {}), route)


def choose(http: httpx.Client, app: str, doc: dict[str, Any], route: Route,
           episode_body: dict[str, Any], fallback_ids: Any,
           bodies: dict[str, dict[str, Any]]) -> tuple[dict[str, str], int, str]:
    """Path ids whose base body the route accepts, tried over the collection's first
    records in a scratch episode; the last tried (and its refusal) if none is."""
    _, auth = open_episode(http, episode_body, doc, route)
    fallback = fallback_ids(http, auth, app) if fallback_ids else {}
    ids = path_ids(http, auth, app, route.path, fallback)
    options = [ids]
    params = re.findall(r"\{(\w+)\}", route.path)
    if params:
        options += [{**ids, params[-1]: other}
                    for other in collection(http, auth, app, route.path, ids)
                    if other != ids[params[-1]]]
    status, text = 0, ""
    for option in options:
        url, query, extra = request_parts(route, option, fallback)
        body = base_body(http, auth, doc, route, option, bodies)
        r = http.request(route.method.upper(), url, params=query, headers={**auth, **extra},
                         json=body)
        status, text = r.status_code, r.text[:300]
        if 200 <= status < 300:
            return option, status, text
    return options[-1], status, text


def probe(http: httpx.Client, app: str, doc: dict[str, Any], route: Route,
          episode_body: dict[str, Any], fallback_ids: Any,
          bodies: dict[str, dict[str, Any]]) -> list[Outcome]:
    """Every reference field of one route, wrong one at a time, then the base body."""
    ids, _, _ = choose(http, app, doc, route, episode_body, fallback_ids, bodies)
    episode, auth = open_episode(http, episode_body, doc, route)
    fallback = fallback_ids(http, auth, app) if fallback_ids else {}
    ids = {**path_ids(http, auth, app, route.path, fallback), **ids}
    url, query, extra = request_parts(route, ids, fallback)
    headers = {**auth, **extra}
    base = base_body(http, auth, doc, route, ids, bodies)
    out = []
    for ref in route.refs:
        before = snapshot(http, episode)
        r = http.request(route.method.upper(), url, params=query, headers=headers,
                         json=with_value(base, doc, route, ref, wrong(ref)))
        changed = snapshot(http, episode) != before
        out.append(Outcome(route.op_id, ref.name, r.status_code, changed, text=r.text[:300]))
        if changed:  # the next probes start from the world again (same ids: deterministic)
            episode, auth = open_episode(http, episode_body, doc, route)
            if fallback_ids:
                fallback_ids(http, auth, app)
            headers = {**auth, **extra}
    r = http.request(route.method.upper(), url, params=query, headers=headers, json=base)
    for o in out:
        o.base_status = r.status_code
        if not 200 <= r.status_code < 300:
            o.text = f"base refused: {r.text[:300]}"
    return out
