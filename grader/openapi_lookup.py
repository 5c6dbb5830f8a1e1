"""What the apps' OpenAPI documents say about the route a gold step calls.

A step's route is found by method and path (placeholders match any segment; the most
literal match wins): its operation id, whether it writes (tag `write`), the roles it
admits (`x-roles`), whether it creates (answers 201 or says `create`), and its request
body schema, from which `other_value` picks a valid non-default value for a field.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from arcadia.apps.kernel import AppSpec, EpisodeStore, cache, create_app
from arcadia.apps.kernel.templates import app_key, cache_key
from arcadia.apps.registry import load_specs
from arcadia.grader.task import Step


@dataclass(frozen=True)
class Route:
    """What the app's OpenAPI document says about the route a step calls."""

    operation_id: str
    write: bool
    roles: tuple[str, ...]
    creates: bool
    body: dict[str, Any] | None  # request body schema, `$ref`s resolved one level
    # The query parameters as an object schema (`properties`, `required`), None if none:
    # Coupa's `PUT /approvals/{id}/approve?reason=` takes its free text there.
    query: dict[str, Any] | None = None


_DOCUMENTS: dict[int, dict[str, Any]] = {}


def document(spec: AppSpec) -> dict[str, Any]:
    """The app's OpenAPI document, built once per spec object in this process and once per
    code on this machine (the cache's `openapi` entries): building one takes a few hundred
    milliseconds, and the certifier, the task generator and the tool surface share it."""
    key = id(spec)
    if key not in _DOCUMENTS:
        def build() -> bytes:
            return orjson.dumps(create_app(spec, EpisodeStore([spec])).openapi())

        entry = cache_key(spec)
        _DOCUMENTS[key] = orjson.loads(build() if entry is None
                                       else cache.cached("openapi", entry, build))
    return _DOCUMENTS[key]


def documents_of(names: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The OpenAPI documents of the registered apps `names`, from the machine's cache
    where it has them (without importing those apps), else built."""
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        hit = cache.read("openapi", app_key(name))
        out[name] = orjson.loads(hit) if hit is not None else document(load_specs([name])[0])
    return out


class Routes:
    """Match a step's method and path to its documented route."""

    def __init__(self, specs: Mapping[str, AppSpec]) -> None:
        self.routes: dict[str, list[tuple[str, list[str], Route]]] = {}
        for name, spec in specs.items():
            doc = document(spec)
            schemas = doc.get("components", {}).get("schemas", {})
            for path, ops in doc["paths"].items():
                for method, o in ops.items():
                    body = (o.get("requestBody", {}).get("content", {})
                            .get("application/json", {}).get("schema"))
                    params = [p for p in o.get("parameters", ()) if p.get("in") == "query"]
                    query = {"properties": {p["name"]: p.get("schema", {}) for p in params},
                             "required": [p["name"] for p in params if p.get("required")]
                             } if params else None
                    route = Route(o["operationId"], "write" in o.get("tags", ()),
                                  tuple(o.get("x-roles", ())),
                                  "201" in o.get("responses", {}) or "create" in o["operationId"],
                                  _deref(body, schemas) if body else None, query)
                    self.routes.setdefault(name, []).append(
                        (method.upper(), _segments(path), route))

    def match(self, step: Step) -> Route | None:
        want = _segments(step.path)
        best: tuple[int, Route] | None = None
        for method, segs, route in self.routes.get(step.app, []):
            if method != step.method or len(segs) != len(want):
                continue
            literal = 0
            for doc_seg, seg in zip(segs, want, strict=True):
                if doc_seg.startswith("{"):
                    continue
                if doc_seg != seg:
                    break
                literal += 1
            else:
                if best is None or literal > best[0]:
                    best = (literal, route)
        return None if best is None else best[1]


def _segments(path: str) -> list[str]:
    return [s for s in path.strip("/").split("/") if s]


def _deref(schema: dict[str, Any], schemas: Mapping[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
    props = {k: _deref_prop(v, schemas) for k, v in schema.get("properties", {}).items()}
    return {**schema, "properties": props}


def _deref_prop(prop: dict[str, Any], schemas: Mapping[str, Any]) -> dict[str, Any]:
    """A property's schema with `anyOf [X, null]` flattened to X and `$ref` followed."""
    out = dict(prop)
    options = [o for o in prop.get("anyOf", []) if o.get("type") != "null"]
    if len(options) == 1:
        out.pop("anyOf")
        out.update(options[0])
    if "$ref" in out:
        out.update(schemas[out.pop("$ref").rsplit("/", 1)[-1]])
    return out


def other_value(prop: dict[str, Any]) -> Any:
    """A valid value for an optional field that differs from its default, or None."""
    default = prop.get("default")
    if "enum" in prop:
        return next((v for v in prop["enum"] if v != default), None)
    kind = prop.get("type")
    if kind == "boolean":
        return not default
    if kind in ("integer", "number"):
        return (default or 0) + 1
    if kind == "string":
        if prop.get("format") == "date":
            return (dt.date.fromisoformat(default) + dt.timedelta(days=1)).isoformat() \
                if default else "2026-01-02"
        if prop.get("format") or prop.get("pattern"):
            return None  # no value we can be sure the schema admits
        return f"{default or ''}certify".strip()
    return None
