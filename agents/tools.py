"""The one tool surface: every documented operation of the apps as a function.

A `Tool` is an operation of an app's OpenAPI document with its path, query, header and
JSON body fields flattened into one `parameters` object, named as the document names them
(so as the product's SDKs name them). `Toolset.request` turns a `ToolCall` back into the
HTTP request; `execute` sends it and returns what the app answered as an `Observation`.
"""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx

from arcadia.agents.base import Observation, ToolCall
from arcadia.agents.paging import cut_line, paging
from arcadia.agents.query_args import expand, query_arguments
from arcadia.apps.kernel.control import EnvironmentFailure

__all__ = [
    "AppFailure",
    "Tool",
    "ToolError",
    "ToolRequest",
    "Toolset",
    "execute",
    "toolset",
]

METHODS = ("get", "post", "put", "patch", "delete")
# The argument a whole body goes under when it cannot be flattened.
BODY = "body"
# What a schema keeps of pydantic's output: titles are noise to a model, x-* is ours.
_DROP = {"title"}


class ToolError(ValueError):
    """A tool call refused before it reached an app: the model can read and fix it."""


class AppFailure(EnvironmentFailure):
    """An app answered 5xx or did not answer: the environment's fault, not the agent's."""


@dataclass(frozen=True)
class Tool:
    """One operation as a function. Each argument goes to exactly one place: `path`,
    `query`, `headers` (argument name -> header name), `body` (fields of a JSON object
    body), or the whole body when `whole_body` (the argument `body`)."""

    name: str
    app: str
    method: str
    path: str
    description: str
    parameters: dict[str, Any]
    write: bool
    roles: tuple[str, ...]
    path_params: tuple[str, ...] = ()
    query_params: tuple[str, ...] = ()
    header_params: tuple[tuple[str, str], ...] = ()
    body_fields: tuple[str, ...] = ()
    whole_body: bool = False
    # Arguments beyond the declared ones go to the body (a body with additionalProperties).
    open_body: bool = False
    # Object arguments whose keys are query parameters (Coupa's filters: `query_args`).
    query_objects: tuple[str, ...] = ()

    def schema(self) -> dict[str, Any]:
        """The OpenAI-style function schema."""
        return {"type": "function", "function": {
            "name": self.name, "description": self.description,
            "parameters": self.parameters}}


@dataclass(frozen=True)
class ToolRequest:
    app: str
    method: str
    path: str  # filled and percent-encoded, relative to the app
    query: dict[str, Any] = field(default_factory=dict)
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


# --- building tools from documents -------------------------------------------------------


def _inline(node: Any, schemas: Mapping[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """`node` with every $ref resolved in place, x-* keys and titles dropped. A ref that
    recurses into itself becomes an open object (its description kept)."""
    if isinstance(node, list):
        return [_inline(v, schemas, seen) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        extra = {k: v for k, v in node.items() if k != "$ref"}
        if name in seen:
            target: dict[str, Any] = {"type": "object"}
            if "description" in schemas.get(name, {}):
                target["description"] = schemas[name]["description"]
        else:
            target = _inline(schemas[name], schemas, (*seen, name))
        return {**target, **_inline(extra, schemas, seen)} if extra else target
    out = {}
    for k, v in node.items():
        if k.startswith("x-") or k in _DROP:
            continue
        # `properties` maps field names (not keywords) to schemas: never strip its keys.
        if k == "properties" and isinstance(v, dict):
            out[k] = {n: _inline(s, schemas, seen) for n, s in v.items()}
        else:
            out[k] = _inline(v, schemas, seen)
    return out


def _unwrap_nullable(s: dict[str, Any]) -> dict[str, Any]:
    """An optional body (`anyOf: [X, null]`) is X."""
    alts = s.get("anyOf")
    if isinstance(alts, list):
        real = [a for a in alts if a.get("type") != "null"]
        if len(real) == 1:
            return {**{k: v for k, v in s.items() if k != "anyOf"}, **real[0]}
    return s


# A tool's parameters are at most this many characters of JSON: a model is sent every tool
# of a task's apps on every turn, and Sheets' batchUpdate documents 69 request kinds in full.
# Past it, objects nested deeper than the level that fits are summarised by their field
# names (the OpenAPI document, and the app's own validation, keep the whole shape).
TOOL_SCHEMA_CHARS = 48_000


def fit(props: dict[str, Any], budget: int = TOOL_SCHEMA_CHARS) -> dict[str, Any]:
    """`props` as it is if its JSON fits `budget`, else pruned to the deepest level that
    fits (at least the top level's own fields are kept whole)."""
    if len(json.dumps(props)) <= budget:
        return props
    for depth in range(8, 0, -1):
        pruned = {n: _prune(v, depth) for n, v in props.items()}
        if len(json.dumps(pruned)) <= budget or depth == 1:
            return pruned
    raise AssertionError("unreachable")


def _prune(node: Any, depth: int) -> Any:
    """`node` with every object `depth` levels down replaced by an open object whose
    description names its fields."""
    if isinstance(node, list):
        return [_prune(v, depth) for v in node]
    if not isinstance(node, dict):
        return node
    if depth <= 0 and ("properties" in node or "items" in node):
        fields = sorted(node.get("properties") or {}) or sorted(
            (node.get("items") or {}).get("properties") or {})
        what = node.get("description", "")
        more = f" Fields: {', '.join(fields)}." if fields else ""
        out: dict[str, Any] = {"type": node.get("type", "object")}
        if out["type"] == "array":
            out["items"] = {"type": "object"}
        if what or more:
            out["description"] = (what + more).strip()
        return out
    nested = depth - 1 if ("properties" in node or "items" in node) else depth
    out = {}
    for k, v in node.items():
        if k == "properties" and isinstance(v, dict):
            out[k] = {n: _prune(x, nested) for n, x in v.items()}
        elif k in ("items", "anyOf", "oneOf", "allOf", "additionalProperties"):
            out[k] = _prune(v, nested if k != "items" else depth)
        else:
            out[k] = v
    return out


def _description(op: Mapping[str, Any]) -> str:
    parts = [str(op.get(k, "")).strip() for k in ("summary", "description")]
    return "\n\n".join(p for p in parts if p)


def _tool(app: str, path: str, method: str, op: Mapping[str, Any],
          schemas: Mapping[str, Any]) -> Tool:
    props: dict[str, Any] = {}
    required: list[str] = []
    where: dict[str, list[str]] = {"path": [], "query": []}
    headers: list[tuple[str, str]] = []
    for p in op.get("parameters", []):
        name, loc = p["name"], p["in"]
        if loc not in ("path", "query", "header"):
            continue
        s = _inline(p.get("schema", {}), schemas)
        if p.get("description"):
            s = {**s, "description": p["description"]}
        props[name] = s
        if p.get("required") or loc == "path":
            required.append(name)
        if loc == "header":
            headers.append((name, name))
        else:
            where[loc].append(name)
    body_fields: list[str] = []
    whole = open_body = False
    rb = op.get("requestBody")
    content = (rb or {}).get("content", {})
    if rb and "application/json" in content:
        body = _unwrap_nullable(_inline(content["application/json"].get("schema", {}), schemas))
        fields = body.get("properties") if body.get("type", "object") == "object" else None
        if isinstance(fields, dict) and not set(fields) & set(props):
            props.update(fields)
            body_fields = list(fields)
            if rb.get("required"):
                required += [f for f in body.get("required", []) if f in fields]
            extra = body.get("additionalProperties")
            open_body = bool(extra)
        else:
            whole = True
            props[BODY] = body
            if rb.get("required"):
                required.append(BODY)
    extra = query_arguments(app, method, op, schemas)  # what the prose documents
    props.update(extra.properties)
    where["query"] += extra.plain
    parameters: dict[str, Any] = {"type": "object", "properties": fit(props)}
    if required:
        parameters["required"] = list(dict.fromkeys(required))
    if open_body:
        parameters["additionalProperties"] = True
    write = "write" in op.get("tags", ())
    description = _description(op) + extra.description
    if not write:  # what a read answers can be long: say where it is cut, and how to page
        description += "\n\n" + cut_line(where["query"], where["path"], body_fields)
    return Tool(
        name=op["operationId"], app=app, method=method.upper(), path=path,
        description=description, parameters=parameters,
        write=write, roles=tuple(op.get("x-roles", ())),
        path_params=tuple(where["path"]), query_params=tuple(where["query"]),
        header_params=tuple(headers), body_fields=tuple(body_fields), whole_body=whole,
        open_body=open_body, query_objects=extra.objects)


def tools_of(app: str, doc: Mapping[str, Any]) -> list[Tool]:
    """Every operation of one app's OpenAPI document, in document order."""
    schemas = doc.get("components", {}).get("schemas", {})
    return [_tool(app, path, m, ops[m], schemas)
            for path, ops in doc["paths"].items() for m in METHODS if m in ops]


@functools.cache
def _documents(apps: tuple[str, ...] | None) -> dict[str, dict[str, Any]]:
    from arcadia.taskgen.graph import documents

    return documents() if apps is None else documents(apps)


# --- validating and routing a call --------------------------------------------------------

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "array": (list, tuple), "object": (dict,), "null": (type(None),)}


def _types(s: Mapping[str, Any]) -> set[str] | None:
    """The JSON types a schema admits at its top level; None: anything."""
    t = s.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return set(t)
    alts = s.get("anyOf") or s.get("oneOf")
    if isinstance(alts, list):
        out: set[str] = set()
        for a in alts:
            sub = _types(a)
            if sub is None:
                return None
            out |= sub
        return out
    return None


def _admits(types: set[str], value: Any, in_url: bool) -> bool:
    for t in types:
        py = _JSON_TYPES.get(t)
        if py is None:
            return True
        if isinstance(value, bool) and t in ("integer", "number"):
            continue
        if isinstance(value, py):
            return True
        # In a URL everything is text: "42" is a fine integer, the app parses it.
        if in_url and isinstance(value, str) and t in ("integer", "number", "boolean"):
            return True
        if in_url and t == "string" and isinstance(value, int | float):
            return True
    return False


def _json_type(value: Any) -> str:
    for name, py in _JSON_TYPES.items():
        if isinstance(value, py) and not (isinstance(value, bool) and name != "boolean"):
            return name
    return type(value).__name__


def _url_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Toolset:
    """The tools of some apps (as some roles may call them), by name."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self.tools: dict[str, Tool] = {t.name: t for t in tools}

    def __len__(self) -> int:
        return len(self.tools)

    def schemas(self) -> list[dict[str, Any]]:
        return [t.schema() for t in self.tools.values()]

    def tool(self, name: str) -> Tool:
        tool = self.tools.get(name)
        if tool is None:
            close = difflib.get_close_matches(name, list(self.tools), n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ToolError(f"unknown tool {name!r}{hint}")
        return tool

    def request(self, call: ToolCall) -> ToolRequest:
        """The HTTP request of a call, or `ToolError` saying what is wrong with it."""
        tool = self.tool(call.name)
        args = call.arguments
        if not isinstance(args, Mapping):
            raise ToolError(f"{tool.name}: arguments must be a JSON object, "
                            f"not {_json_type(args)}")
        props = tool.parameters["properties"]
        url_args = {*tool.path_params, *tool.query_params, *(a for a, _ in tool.header_params)}
        for name, value in args.items():
            if name not in props:
                if tool.open_body:
                    continue
                raise ToolError(f"{tool.name}: no argument {name!r}; its arguments are "
                                f"{', '.join(props) or 'none'}")
            if value is None:
                continue
            types = _types(props[name])
            if types is not None and not _admits(types, value, name in url_args):
                raise ToolError(f"{tool.name}: argument {name!r} must be "
                                f"{' or '.join(sorted(types))}, not {_json_type(value)}")
        missing = [p for p in tool.path_params if args.get(p) in (None, "")]
        if missing:
            raise ToolError(f"{tool.name}: missing required argument"
                            f"{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}")
        path = tool.path
        for p in tool.path_params:
            path = path.replace("{" + p + "}", quote(_url_value(args[p]), safe=""))
        query = {q: args[q] for q in tool.query_params if args.get(q) is not None}
        try:
            query.update(expand(tool.query_objects, args, query))
        except ValueError as e:
            raise ToolError(f"{tool.name}: {e}") from None
        headers = {h: _url_value(args[a]) for a, h in tool.header_params
                   if args.get(a) is not None}
        body: Any = None
        if tool.whole_body:
            body = args.get(BODY)
        elif tool.body_fields or tool.open_body:
            body = {k: v for k, v in args.items() if k not in url_args}
            if not body and tool.method in ("GET", "DELETE"):
                body = None
        return ToolRequest(tool.app, tool.method, path, query, body, headers)


@functools.cache
def _toolset(apps: tuple[str, ...] | None, roles: tuple[str, ...] | None) -> Toolset:
    tools = [t for app, doc in _documents(apps).items() for t in tools_of(app, doc)]
    if roles is not None:
        tools = [t for t in tools if not t.roles or set(t.roles) & set(roles)]
    return Toolset(tools)


def toolset(apps: Sequence[str] | None = None, roles: Sequence[str] | None = None) -> Toolset:
    """The tools of `apps` (default: every registered app), keeping only the operations
    that one of `roles` may call (or that name no roles). Documents are read once."""
    return _toolset(None if apps is None else tuple(sorted(apps)),
                    None if roles is None else tuple(sorted(roles)))


# --- executing -----------------------------------------------------------------------------


def _parse(response: httpx.Response) -> Any:
    if not response.content:
        return None
    try:
        return response.json()
    except ValueError:
        return response.text


async def execute(client: httpx.AsyncClient, headers: Mapping[str, str], tools: Toolset,
                  call: ToolCall) -> Observation:
    """Send a call to its app on `client` (`/<app>/...`) and return the app's answer. A
    refused call is an observation with status 0; a 5xx or no answer raises `AppFailure`."""
    try:
        req = tools.request(call)
    except ToolError as e:
        return Observation(status=0, error=str(e))
    tool = tools.tool(call.name)
    more = paging(tool.query_params, tool.path_params, tool.body_fields, call.arguments)
    url = f"/{req.app}{req.path}"
    try:
        response = await client.request(
            req.method, url, params=req.query or None,
            json=req.body if req.body is not None else None,
            headers={**req.headers, **headers})
    except httpx.TransportError as e:
        raise AppFailure(req.app, url, f"{req.app} did not answer {req.method} {req.path}: "
                         f"{type(e).__name__}: {e}") from e
    if response.status_code >= 500:
        raise AppFailure(req.app, url, f"{req.app} answered {response.status_code} to "
                         f"{req.method} {req.path}: {response.text[:500]}")
    return Observation(status=response.status_code, body=_parse(response), paging=more)
