"""The typed tool graph, built from the apps' OpenAPI documents alone.

Nodes:
- `tool:<operation_id>`: app, operation id, method, path, read/write, roles, parameters;
- `entity:<Type>`: each `x-entity` type the documents name, with its `x-same-entity`
  concept (person, department, location, cost-centre, supplier) when it has one.

Edges (a `MultiDiGraph`, each edge's `kind` attribute):
- `consumes`: entity -> tool, for a parameter or request-body field carrying the type
  (`param`, `where`: path/query/body, `required`);
- `produces`: tool -> entity, for a response field carrying it (`at`: where in the
  response, `[]` marking a list, e.g. `employees[].id`);
- `mutates`: write tool -> entity: what its path names last, or else what it answers with;
- `same_entity`: entity <-> entity, both ways, for types of one concept in different
  apps or fields (an HRIS employee id, a payroll uuid, an email, a Graph user...).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from arcadia.apps.kernel.spec import DEFAULT_WORLD
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.grader.openapi_lookup import documents_of

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass(frozen=True)
class Param:
    """A tool input: a path/query parameter or a top-level request-body field."""

    name: str
    where: str  # path | query | body
    required: bool
    entity: str | None


@dataclass(frozen=True)
class Produced:
    """An entity a tool's response carries, and where (`employees[].id`)."""

    entity: str
    at: str


@dataclass(frozen=True)
class Tool:
    app: str
    operation_id: str
    method: str
    path: str
    write: bool
    roles: tuple[str, ...]
    params: tuple[Param, ...]
    produces: tuple[Produced, ...]

    @property
    def node(self) -> str:
        return f"tool:{self.operation_id}"

    def required(self) -> list[Param]:
        return [p for p in self.params if p.required]


def documents(apps: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """Each app's OpenAPI document, as its server publishes it (default: every app serving
    Arcadia Robotics' world, the one tasks are generated in; not the restaurant)."""
    if apps is None:
        apps = [s.name for s in load_specs(APP_NAMES) if s.serves(DEFAULT_WORLD)]
    return documents_of(apps)


def tools_of(app: str, doc: Mapping[str, Any]) -> list[Tool]:
    """Every documented operation of one app, with its typed inputs and outputs."""
    schemas = doc.get("components", {}).get("schemas", {})
    out = []
    for path, ops in doc["paths"].items():
        for method in METHODS:
            o = ops.get(method)
            if o is None:
                continue
            params = [Param(p["name"], p["in"], bool(p.get("required")),
                            _entity(p) or _entity(p.get("schema", {})))
                      for p in o.get("parameters", []) if p["in"] in ("path", "query")]
            body = (o.get("requestBody", {}).get("content", {})
                    .get("application/json", {}).get("schema"))
            if body:
                params += _body_params(_resolve(body, schemas), schemas,
                                       bool(o.get("requestBody", {}).get("required")))
            produced: dict[tuple[str, str], None] = {}
            for status in ("200", "201"):
                content = o.get("responses", {}).get(status, {}).get("content", {})
                for media in content.values():
                    if "schema" in media:
                        for ent, at in _fields(media["schema"], schemas, "", set()):
                            produced[(ent, at)] = None
            out.append(Tool(app, o["operationId"], method.upper(), path,
                            "write" in o.get("tags", ()), tuple(o.get("x-roles", ())),
                            tuple(params), tuple(Produced(e, a) for e, a in produced)))
    return out


def build(docs: Mapping[str, Mapping[str, Any]] | None = None) -> nx.MultiDiGraph:
    """The tool graph of the given documents (default: every registered app's)."""
    docs = documents() if docs is None else docs
    g = nx.MultiDiGraph()
    concepts: dict[str, str] = {}
    for app, doc in docs.items():
        for ent, concept in _concepts(doc):
            concepts.setdefault(ent, concept)
        for tool in tools_of(app, doc):
            g.add_node(tool.node, kind="tool", tool=tool, app=app,
                       operation_id=tool.operation_id, write=tool.write,
                       roles=list(tool.roles))
            for p in tool.params:
                if p.entity:
                    _entity_node(g, p.entity)
                    g.add_edge(f"entity:{p.entity}", tool.node, kind="consumes",
                               param=p.name, where=p.where, required=p.required)
            for pr in tool.produces:
                _entity_node(g, pr.entity)
                g.add_edge(tool.node, f"entity:{pr.entity}", kind="produces", at=pr.at)
            target = _mutated(tool)
            if tool.write and target:
                _entity_node(g, target)
                g.add_edge(tool.node, f"entity:{target}", kind="mutates")
    by_concept: dict[str, list[str]] = {}
    for node, data in g.nodes(data=True):
        if data["kind"] == "entity":
            data["concept"] = concepts.get(data["name"], "")
            if data["concept"]:
                by_concept.setdefault(data["concept"], []).append(node)
    for members in by_concept.values():
        for a in members:
            for b in members:
                if a != b:
                    g.add_edge(a, b, kind="same_entity")
    return g


def tools(g: nx.MultiDiGraph) -> Iterator[Tool]:
    for _, data in sorted(g.nodes(data=True)):
        if data["kind"] == "tool":
            yield data["tool"]


def edges(g: nx.MultiDiGraph, kind: str) -> list[tuple[str, str]]:
    return sorted({(a, b) for a, b, k in g.edges(data="kind") if k == kind})


def size(g: nx.MultiDiGraph) -> dict[str, Any]:
    kinds: dict[str, int] = {}
    for _, _, k in g.edges(data="kind"):
        kinds[k] = kinds.get(k, 0) + 1
    nodes = [d for _, d in g.nodes(data=True)]
    return {"tools": sum(d["kind"] == "tool" for d in nodes),
            "write_tools": sum(d["kind"] == "tool" and d["write"] for d in nodes),
            "entities": sum(d["kind"] == "entity" for d in nodes),
            "edges": dict(sorted(kinds.items()))}


def plain(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose attributes are GraphML-writable (strings, numbers, booleans)."""
    out = nx.MultiDiGraph()
    for node, data in sorted(g.nodes(data=True)):
        attrs = {k: v for k, v in data.items() if k != "tool"}
        if data["kind"] == "tool":
            t: Tool = data["tool"]
            attrs.update(method=t.method, path=t.path, roles=",".join(t.roles),
                         params=json.dumps([p.__dict__ for p in t.params]))
        else:
            attrs.pop("roles", None)
        out.add_node(node, **{k: v for k, v in attrs.items() if v is not None})
    for a, b, data in sorted(g.edges(data=True), key=lambda e: (e[0], e[1], str(e[2]))):
        out.add_edge(a, b, **{k: v for k, v in data.items() if v is not None})
    return out


def write(g: nx.MultiDiGraph, out: Path) -> None:
    """GraphML when `out` ends in `.graphml`, else node-link JSON."""
    p = plain(g)
    if out.suffix == ".graphml":
        nx.write_graphml(p, out)
    else:
        data = nx.node_link_data(p, edges="links")
        out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def draw(g: nx.MultiDiGraph, out: Path) -> None:
    """A PNG of the graph: entities and the tools around them (needs matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    p = nx.DiGraph(plain(g))
    # Entities on the inner ring, tools around them grouped by app (no scipy needed).
    entities = sorted(n for n, d in p.nodes(data=True) if d["kind"] == "entity")
    ops = sorted((n for n, d in p.nodes(data=True) if d["kind"] == "tool"),
                 key=lambda n: (p.nodes[n]["app"], n))
    pos = nx.shell_layout(p, [entities, ops])
    colours = ["#d62728" if d.get("write") else "#1f77b4" if d["kind"] == "tool"
               else "#2ca02c" for _, d in p.nodes(data=True)]
    plt.figure(figsize=(24, 24))
    nx.draw_networkx(p, pos, node_color=colours, node_size=40, width=0.2, arrows=False,
                     with_labels=False)
    for node, d in p.nodes(data=True):
        if d["kind"] == "entity":
            plt.annotate(node.removeprefix("entity:"), pos[node], fontsize=7)
    plt.axis("off")
    plt.savefig(out, dpi=80, bbox_inches="tight")
    plt.close()


# --- schema reading --------------------------------------------------------------------

def _entity(obj: Mapping[str, Any]) -> str | None:
    value = obj.get("x-entity")
    return str(value) if value else None


def _entity_node(g: nx.MultiDiGraph, name: str) -> None:
    if f"entity:{name}" not in g:
        g.add_node(f"entity:{name}", kind="entity", name=name)


def _resolve(schema: Mapping[str, Any], schemas: Mapping[str, Any]) -> dict[str, Any]:
    """`$ref` followed, and `anyOf [X, null]` / `allOf [X]` flattened to X."""
    out = dict(schema)
    for _ in range(10):
        if "$ref" in out:
            ref = out.pop("$ref")
            out = {**schemas[ref.rsplit("/", 1)[-1]], **out}
            continue
        options = [o for o in out.get("anyOf", out.get("allOf", []))
                   if o.get("type") != "null"]
        if len(options) == 1 and ("anyOf" in out or "allOf" in out):
            out.pop("anyOf", None)
            out.pop("allOf", None)
            out = {**options[0], **out}
            continue
        break
    return out


def _body_params(schema: Mapping[str, Any], schemas: Mapping[str, Any], required: bool
                 ) -> list[Param]:
    """Top-level body fields; an entity nested deeper is an input named by its dotted path."""
    need = set(schema.get("required", [])) if required else set()
    out = []
    for name, prop in schema.get("properties", {}).items():
        found = list(_fields(prop, schemas, name, set()))
        entity = _entity(prop) or (found[0][0] if found else None)
        out.append(Param(name, "body", name in need, entity))
    return out


def _fields(schema: Mapping[str, Any], schemas: Mapping[str, Any], at: str,
            seen: set[str]) -> Iterator[tuple[str, str]]:
    """(entity type, path) of every annotated field reachable in `schema`."""
    ref = schema.get("$ref", "")
    if ref:
        if ref in seen:
            return
        seen = seen | {ref}
    s = _resolve(schema, schemas)
    ent = _entity(schema) or _entity(s)
    if ent:
        yield ent, at or "$"
    if s.get("type") == "array" or "items" in s:
        yield from _fields(s.get("items", {}), schemas, f"{at}[]", seen)
    for name, prop in s.get("properties", {}).items():
        yield from _fields(prop, schemas, f"{at}.{name}" if at else name, seen)
    for option in s.get("anyOf", []) + s.get("oneOf", []):
        yield from _fields(option, schemas, at, seen)
    extra = s.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _fields(extra, schemas, f"{at}.*" if at else "*", seen)


def _concepts(doc: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    def walk(o: Any) -> Iterator[tuple[str, str]]:
        if isinstance(o, dict):
            if "x-entity" in o and "x-same-entity" in o:
                yield str(o["x-entity"]), str(o["x-same-entity"])
            for v in o.values():
                yield from walk(v)
        elif isinstance(o, list):
            for v in o:
                yield from walk(v)
    yield from walk(doc)


def _mutated(tool: Tool) -> str | None:
    path_entities = [p.entity for p in tool.params if p.where == "path" and p.entity]
    # The company or user a path starts from is the scope, not what is written; the last
    # path entity names the record (`/employees/{id}/compensations` writes compensations,
    # and names the employee: creates name what they answer with).
    if tool.method in ("POST", "PUT") and tool.produces:
        roots = [pr.entity for pr in tool.produces if pr.at in ("$", "id", "uuid")]
        if roots:
            return roots[0]
    if path_entities:
        return path_entities[-1]
    return tool.produces[0].entity if tool.produces else None
