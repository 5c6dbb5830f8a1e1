"""Field paths of API documents, as the faithfulness figures compare them: a path's
normal spelling (`{}` for each parameter), our OpenAPI documents' endpoints with their
response fields (dotted paths, `[]` for array items, three levels deep)."""

from __future__ import annotations

import re
from typing import Any


def norm_path(path: str) -> str:
    path = re.sub(r"\{[^}]+\}|:[a-z_]+", "{}", path).rstrip("/") or "/"
    return re.sub(r"^/api/gateway\.php/\{\}", "", path).replace("/api/v1/", "/v1/")


def in_domain(patterns: list[str], path: str) -> bool:
    return any(re.search(p, path) for p in patterns)


def join_path(prefix: str, name: str) -> str:
    """`a.b`, and `items[].b` under an array (a top-level array's items: `[].b`)."""
    return f"{prefix}.{name}" if prefix else name


def _resolve(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = doc["components"]["schemas"][name]
    return schema


# What a field's description says when we document it for shape only: Coupa sends such a
# field as null, Google leaves it out.
UNTRACKED = ("always null", "always omitted")


def _schema_fields(doc: dict[str, Any], schema: dict[str, Any], prefix: str = "",
                   depth: int = 0, *, tracked: bool = False) -> set[str]:
    """The field paths of `schema`; with `tracked`, only those whose description does not
    say they are always null or always omitted (documented for shape only)."""
    schema = _resolve(doc, schema)
    out: set[str] = set()
    if depth > 3:
        return out
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, ()):
            out |= _schema_fields(doc, sub, prefix, depth, tracked=tracked)
    if schema.get("type") == "array" and "items" in schema:
        return out | _schema_fields(doc, schema["items"], prefix + "[]", depth,
                                    tracked=tracked)
    for name, sub in (schema.get("properties") or {}).items():
        if tracked and any(mark in (sub.get("description") or "")
                           for mark in UNTRACKED):
            continue
        path = join_path(prefix, name)
        out.add(path)
        out |= _schema_fields(doc, sub, path, depth + 1, tracked=tracked)
    return out


def _response_fields(doc: dict[str, Any], operation: dict[str, Any], *,
                     tracked: bool = False) -> set[str]:
    for status in ("200", "201", "202"):
        response = operation.get("responses", {}).get(status)
        if not response:
            continue
        response = _resolve(doc, response)
        for media, body in (response.get("content") or {}).items():
            if "json" in media and "schema" in body:
                return _schema_fields(doc, body["schema"], tracked=tracked)
    return set()


def openapi_endpoints(doc: dict[str, Any], *, tracked: bool = False,
               norm: Any = None) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                out[f"{method.upper()} {(norm or norm_path)(path)}"] = _response_fields(
                    doc, operation, tracked=tracked)
    return out


def google_norm(path: str) -> str:
    """`/v4/spreadsheets/{}:batchUpdate`: parameters as `{}`, Google's `:verb` kept."""
    return re.sub(r"\{[^}]+\}", "{}", path)
