"""Query capabilities a document states in prose, as typed function arguments.

Most products declare their filters as query parameters, and `tools.py` makes each one an
argument: Graph's `$filter`/`$search`/`$orderby`/`$select`/`$top`/`$skip`, Greenhouse's
`job_id`/`status`/`created_after`..., Bullhorn's `where`/`query`/`fields`/`orderBy`/`sort`,
BambooHR's `filter[...]`, Gusto's `search_term`. Coupa's query language has no fixed
parameter names: any documented field of the record is a parameter (`status=approved`),
with an operator (`total[gt]=1000`) or through an association (`supplier[name]=Acme`). Its
list operations say so in their description ("Coupa's query language"), and their answer's
item schema lists the documented fields. For those operations this module adds:

- `status`, a typed argument of its own, where the record documents a status (the filter
  every Coupa client uses);
- `filters`, an object whose keys are query parameters in Coupa's form (`field`,
  `field[op]`, `association[field]`, `association[field][op]`), typed for each documented
  field, described with the operators and the associations; `expand` sends each key as a
  query parameter (a list comma-joined, as `[in]` and `[not_in]` take it; booleans as
  `true`/`false`).

The OpenAPI document is not changed: these are the same query parameters the app reads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FILTERS", "QueryArgs", "expand", "query_arguments"]

FILTERS = "filters"
COUPA = "Coupa's query language"
# Coupa's operators (the app's `apps/procurement/query.py` reads the same).
OPS = ("contains", "starts_with", "ends_with", "blank", "gt", "lt", "gt_or_eq", "lt_or_eq",
       "not_eq", "in", "not_in")
# Parameters with an argument of their own: never a filter.
RESERVED = ("limit", "offset", "return_object", "fields")
_KEY = re.compile(r"^[A-Za-z0-9_-]+(\[[A-Za-z0-9_-]+\])*$")
_SCALAR = (str, int, float, bool)


@dataclass(frozen=True)
class QueryArgs:
    """What an operation gains: new `properties`, the names among them sent as they are
    (`plain`), those whose keys are the query parameters (`objects`), and a sentence for
    the function's description."""

    properties: dict[str, Any] = field(default_factory=dict)
    plain: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    description: str = ""


NONE = QueryArgs()


def _real(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """A nullable field's schema without its `null` alternative."""
    alts = [a for a in schema.get("anyOf", ()) if a.get("type") != "null"]
    return alts[0] if len(alts) == 1 else schema


def _ref(schema: Mapping[str, Any], schemas: Mapping[str, Any]) -> Mapping[str, Any] | None:
    ref = schema.get("$ref") or (schema.get("items") or {}).get("$ref")
    return schemas.get(str(ref).rsplit("/", 1)[-1]) if ref else None


def _items(op: Mapping[str, Any], schemas: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The schema of the records a list operation answers with."""
    content = (op.get("responses", {}).get("200", {}).get("content", {})
               .get("application/json", {}).get("schema", {}))
    if content.get("type") != "array":
        return None
    return _ref(content, schemas)


def _tracked(schema: Mapping[str, Any]) -> bool:
    """Whether this instance keeps a documented field (the others are always null)."""
    return "does not track it" not in str(schema.get("description", ""))


def _field(name: str, schema: Mapping[str, Any], schemas: Mapping[str, Any]
           ) -> tuple[dict[str, Any], str | None]:
    """A documented field as a filter's property, and, for an association, the fields it
    is filtered by (None: a plain field). A field this instance does not keep is typed
    only: it is always null, so it matches `[blank]=true` alone."""
    real = _real(schema)
    kind = real.get("type")
    if not _tracked(schema):
        return {"type": kind if kind in ("string", "integer", "boolean") else "string"}, None
    target = _ref(real, schemas)
    if target is not None or kind in ("object", "array") or not kind:
        subs = sorted(n for n, s in ((target or {}).get("properties") or {}).items()
                      if _tracked(s))
        out: dict[str, Any] = {"type": ["integer", "string"],
                               "description": f"By id; its fields as `{name}[field]`."}
        return out, ", ".join(subs)
    out = {"type": kind}
    if schema.get("description"):
        out["description"] = str(schema["description"])
    return out, None


def query_arguments(app: str, method: str, op: Mapping[str, Any],
                    schemas: Mapping[str, Any]) -> QueryArgs:
    """The arguments an operation's prose documents beyond its declared parameters."""
    if method.lower() != "get" or COUPA not in str(op.get("description", "")):
        return NONE
    items = _items(op, schemas)
    if items is None:
        return NONE
    declared = {p["name"] for p in op.get("parameters", [])}
    props: dict[str, Any] = {}
    assocs: list[str] = []
    for name, schema in (items.get("properties") or {}).items():
        if name in RESERVED or name in declared:  # an argument of its own
            continue
        prop, subs = _field(name, schema, schemas)
        props[name] = prop
        if subs is not None:
            assocs.append(f"{name} ({subs})" if subs else name)
    filters = {
        "type": "object",
        "description": (
            f"{COUPA}, each key a query parameter: a documented field (`field`: equals), "
            f"`field[op]` (op: {', '.join(OPS)}), or through an association "
            "`association[field]` and `association[field][op]`. A list is sent "
            "comma-joined (for `[in]`, `[not_in]`); `[blank]` takes true or false. "
            "Associations: " + "; ".join(assocs) + "."),
        "properties": props,
        "additionalProperties": {"type": ["string", "number", "boolean", "array"],
                                 "items": {"type": ["string", "number"]}},
    }
    out: dict[str, Any] = {}
    plain: list[str] = []
    if "status" in props and "status" not in declared:
        out["status"] = {"type": "string", "description": props["status"].get(
            "description", "The record's status.") + " (Coupa's `status=`.)"}
        plain.append("status")
    out[FILTERS] = filters
    return QueryArgs(out, tuple(plain), (FILTERS,), (
        f"\n\nAs arguments: `{FILTERS}` takes {COUPA} as an object, e.g. "
        '{"status": "approved", "supplier[name]": "Acme", "total[gt]": 1000, '
        '"created-at[gt_or_eq]": "2026-01-01"}' + (
            "; `status` filters on the status alone" if plain else "") + "."))


def _wire(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def expand(objects: Sequence[str], args: Mapping[str, Any], sent: Mapping[str, Any]
           ) -> dict[str, str]:
    """The query parameters of the object arguments in `args` (`objects`), checked against
    those already `sent`; a `ValueError` says what is wrong with one."""
    out: dict[str, str] = {}
    for name in objects:
        given = args.get(name)
        if given is None:
            continue
        if not isinstance(given, Mapping):
            raise ValueError(f"argument {name!r} must be an object of query parameters")
        for key, value in given.items():
            if not isinstance(key, str) or not _KEY.match(key):
                raise ValueError(f"{name}: {key!r} is not a query parameter (use field, "
                                 "field[op] or association[field])")
            if key in RESERVED:
                raise ValueError(f"{name}: {key!r} is an argument of its own, not a filter")
            if key in sent or key in out:
                raise ValueError(f"{name}: {key!r} is given twice")
            if isinstance(value, list | tuple):
                if not all(isinstance(v, _SCALAR) for v in value):
                    raise ValueError(f"{name}: {key!r} takes a value or a list of values")
                out[key] = ",".join(_wire(v) for v in value)
            elif isinstance(value, _SCALAR):
                out[key] = _wire(value)
            elif value is not None:
                raise ValueError(f"{name}: {key!r} takes a value or a list of values")
    return out
