"""The tool graph: every documented route is a tool node, every `x-entity` gives its edges."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from typer.testing import CliRunner

from arcadia.apps.kernel.routing import SAME_ENTITY
from arcadia.taskgen import graph as G
from arcadia.taskgen.cli import app


@pytest.fixture(scope="module")
def docs() -> dict[str, dict[str, Any]]:
    return G.documents()


@pytest.fixture(scope="module")
def graph(docs: dict[str, dict[str, Any]]) -> nx.MultiDiGraph:
    return G.build(docs)


def _annotated(o: Any, out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(o, dict):
        if "x-entity" in o:
            out.append(o)
        for v in o.values():
            _annotated(v, out)
    elif isinstance(o, list):
        for v in o:
            _annotated(v, out)
    return out


def test_every_route_of_every_app_is_a_tool_node(docs: dict[str, dict[str, Any]],
                                                  graph: nx.MultiDiGraph) -> None:
    routes = {(app, m.upper(), path, o["operationId"]) for app, doc in docs.items()
              for path, ops in doc["paths"].items() for m, o in ops.items()
              if m in G.METHODS}
    nodes = {(t.app, t.method, t.path, t.operation_id) for t in G.tools(graph)}
    assert nodes == routes
    assert len(docs) == 7 and len(nodes) > 400
    for t in G.tools(graph):
        data = graph.nodes[t.node]
        assert data["write"] == ("write" in next(
            o for p, ops in docs[t.app]["paths"].items() for o in ops.values()
            if isinstance(o, dict) and o.get("operationId") == t.operation_id)["tags"])


def test_every_x_entity_parameter_consumes_and_every_response_field_produces(
        docs: dict[str, dict[str, Any]], graph: nx.MultiDiGraph) -> None:
    edges = {(a, b, d["kind"], d.get("param")) for a, b, d in graph.edges(data=True)}
    for doc in docs.values():
        for ops in doc["paths"].values():
            for method, o in ops.items():
                if method not in G.METHODS:
                    continue
                tool = f"tool:{o['operationId']}"
                for p in o.get("parameters", []):
                    ent = p.get("x-entity") or p.get("schema", {}).get("x-entity")
                    if ent and p["in"] in ("path", "query"):
                        assert (f"entity:{ent}", tool, "consumes", p["name"]) in edges
    produced = {(a, b) for a, b, k in graph.edges(data="kind") if k == "produces"}
    # Every annotated response field of a route gives a `produces` edge from it.
    hris = next(t for t in G.tools(graph) if t.operation_id == "hris_get_directory")
    assert ("tool:hris_get_directory", "entity:EmployeeId") in produced
    assert any(p.at == "employees[].workEmail" and p.entity == "Email" for p in hris.produces)
    for t in G.tools(graph):
        for pr in t.produces:
            assert (t.node, f"entity:{pr.entity}") in produced
    annotated = {a["x-entity"] for doc in docs.values() for a in _annotated(doc, [])}
    entities = {d["name"] for _, d in graph.nodes(data=True) if d["kind"] == "entity"}
    assert annotated == entities


def test_same_entity_links_one_concept_across_apps(graph: nx.MultiDiGraph) -> None:
    same = set(G.edges(graph, "same_entity"))
    present = {d["name"] for _, d in graph.nodes(data=True) if d["kind"] == "entity"}
    person = [e for e in SAME_ENTITY["person"] if e in present]
    # An HRIS employee id, a payroll uuid, an email and a Graph user are one person.
    for e in ("EmployeeId", "PayrollEmployeeId", "Email", "GraphUserId"):
        assert e in person
    for a in person:
        for b in person:
            if a != b:
                assert (f"entity:{a}", f"entity:{b}") in same
    assert ("entity:EmployeeId", "entity:ProcurementInvoiceId") not in same


def test_writes_mutate_what_they_name(graph: nx.MultiDiGraph) -> None:
    mutates = set(G.edges(graph, "mutates"))
    assert ("tool:payroll_update_job", "entity:PayrollJobId") in mutates
    assert ("tool:procurement_dispute_invoice", "entity:ProcurementInvoiceId") in mutates
    assert mutates and all(graph.nodes[a]["write"] for a, _ in mutates)


def test_cli_writes_graphml_and_json_and_prints_its_size(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["graph", "--out", str(tmp_path / "g.graphml")])
    assert out.exit_code == 0, out.output
    size = json.loads(out.output)
    assert size["tools"] > 400 and size["edges"]["consumes"] > 0
    assert size["edges"]["produces"] > 0 and size["edges"]["same_entity"] > 0
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.number_of_nodes() == size["tools"] + size["entities"]
    out = runner.invoke(app, ["graph", "--out", str(tmp_path / "g.json"),
                              "--png", str(tmp_path / "g.png")])
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "g.json").read_text())
    assert len(data["nodes"]) == back.number_of_nodes()
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
