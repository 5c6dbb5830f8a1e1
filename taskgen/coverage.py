"""What a generation run reports (`generation.json`): the funnel a candidate passes through,
coverage of the tool graph, and the shapes of the tasks shipped."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from arcadia.grader.replay import bindings
from arcadia.grader.task import Task
from arcadia.taskgen import graph as G

# The funnel's stages, in the order a candidate meets them.
STAGES = ("walked", "well_typed", "deduplicated", "gold_replays", "certified", "shipped")


@dataclass
class Funnel:
    counts: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    situation: str = ""
    by_situation: dict[str, Counter[str]] = field(default_factory=dict)
    skipped: int = 0  # candidates not walked: their goal and add-ons were saturated

    def count(self, stage: str) -> None:
        self.counts[stage] += 1
        self.by_situation.setdefault(self.situation, Counter())[stage] += 1

    def reject(self, reason: str) -> None:
        self.rejected[reason] += 1
        self.by_situation.setdefault(self.situation, Counter())[f"rejected: {reason}"] += 1


@dataclass
class Shipped:
    task: Task
    situation: str
    tool_multiset: tuple[str, ...]
    shape: tuple[tuple[str, str, str, int], ...]
    edges: frozenset[tuple[str, str]]
    anchor: str  # world seed and subject: tasks about the same thing


def generation_report(*, graph: nx.MultiDiGraph, seeds: list[int], situations: list[str],
                      headcount: int, funnel: Funnel, shipped: Sequence[Shipped],
                      cells: set[tuple[str, str, str]], paraphrases: Counter[str],
                      knobs: dict[str, int], generation: str = "v1") -> dict[str, Any]:
    """`generation.json`: the funnel, what was rejected and why, coverage of the tool graph
    and of app pairs per situation, the knobs, and the shipped tasks' shapes; for generator
    v2 also the generation and the cores (goal kind x subject x world seed) by split and
    situation, which splits never share."""
    tools = list(G.tools(graph))
    used = Counter(op for s in shipped for op in s.task.meta.tool_path)
    writes = [t for t in tools if t.write]
    io = G.edges(graph, "consumes") + G.edges(graph, "produces")
    io_used = _io_edges_used(graph, shipped)
    apps = sorted({t.app for t in tools})
    pairs = {(sit, a, b) for sit in situations
             for i, a in enumerate(apps) for b in apps[i + 1:]}
    tasks = [s.task for s in shipped]
    n = len(tasks) or 1
    counts = {stage: funnel.counts[stage] for stage in STAGES}
    out: dict[str, Any] = {
        "seeds": seeds, "situations": situations, "headcount": headcount,
        "funnel": counts,
        "survival": round(counts["shipped"] / max(1, counts["walked"]), 3),
        "not_walked_saturated": funnel.skipped,
        "rejected": dict(sorted(funnel.rejected.items())),
        "paraphrase": dict(sorted(paraphrases.items())),
        "by_situation": {sit: dict(sorted(c.items()))
                         for sit, c in sorted(funnel.by_situation.items())},
        "coverage": {
            "tools": _share(sum(1 for t in tools if used[t.operation_id]), len(tools)),
            "write_tools": _share(sum(1 for t in writes if used[t.operation_id]),
                                  len(writes)),
            "consumes_produces_edges": _share(len(io_used), len(io)),
            "situation_app_pairs": _share(len(cells & pairs), len(pairs)),
            "write_tools_unused": sorted(t.operation_id for t in writes
                                         if not used[t.operation_id]),
        },
        "knobs": knobs,
        "shape": {
            "depth": _histogram(t.meta.depth for t in tasks),
            "discovered": _histogram((t.meta.model_extra or {}).get("discovered", 0)
                                     for t in tasks),
            "writes": _histogram((t.meta.model_extra or {}).get("writes", 0)
                                 for t in tasks),
            "width": _histogram((t.meta.model_extra or {}).get("width", 1) for t in tasks),
            "apps_per_task": _histogram(len(t.meta.apps) for t in tasks),
            "mean_apps": round(sum(len(t.meta.apps) for t in tasks) / n, 2),
            "three_plus_apps": round(sum(len(t.meta.apps) >= 3 for t in tasks) / n, 3),
            "median_gold_calls": sorted(len(t.gold) for t in tasks)[len(tasks) // 2]
            if tasks else 0,
            "distinct_tool_multisets": round(
                len({s.tool_multiset for s in shipped}) / n, 3),
            "splits": dict(sorted(Counter((t.meta.model_extra or {}).get("split")
                                          for t in tasks).items())),
        },
    }
    if generation != "v1":
        out["generation"] = generation
        out["cores"] = _cores(tasks)
        found = sorted((t.meta.model_extra or {}).get("discovered", 0) for t in tasks)
        out["shape"]["median_discovered"] = found[len(found) // 2] if found else 0
        out["shape"]["with_distractor"] = round(
            sum(bool((t.meta.model_extra or {}).get("distractors")) for t in tasks) / n, 3)
    return out


def _cores(tasks: Sequence[Any]) -> dict[str, Any]:
    """Distinct cores, in all and by split and situation; a core in two splits is an error
    of the generator (split by core), so it is counted, to be 0."""
    by: dict[str, set[str]] = {}
    sits: dict[str, set[str]] = {}
    for t in tasks:
        extra = t.meta.model_extra or {}
        by.setdefault(extra["split"], set()).add(extra["core"])
        sits.setdefault(t.situation.id if t.situation else "none", set()).add(extra["core"])
    every = set().union(*by.values()) if by else set()
    shared = sum(1 for c in every if sum(c in s for s in by.values()) > 1)
    return {"total": len(every), "by_split": {k: len(v) for k, v in sorted(by.items())},
            "by_situation": {k: len(v) for k, v in sorted(sits.items())},
            "in_two_splits": shared}


def _io_edges_used(g: nx.MultiDiGraph, shipped: Sequence[Shipped]) -> set[tuple[str, str]]:
    """The `consumes` and `produces` edges the corpus's golds exercise: a typed parameter
    or body field a step sends (entity -> tool), and a response field a later step binds
    to (tool -> entity)."""
    tools = {t.operation_id: t for t in G.tools(g)}
    used: set[tuple[str, str]] = set()
    for s in shipped:
        ops = dict(zip((str(st.id) for st in s.task.gold), s.task.meta.tool_path, strict=True))
        for step, op in zip(s.task.gold, s.task.meta.tool_path, strict=True):
            tool = tools.get(op)
            if tool is None:
                continue
            sent = {*step.params, *step.query, *(step.body or {})} \
                if isinstance(step.body, dict | None) else {*step.params, *step.query}
            for prm in tool.params:
                if prm.entity and prm.name in sent:
                    used.add((f"entity:{prm.entity}", tool.node))
            for b in bindings([step.params, step.query, step.body, step.headers]):
                src = tools.get(ops.get(str(b["$from"]), ""))
                if src is None or not b.get("path"):
                    continue
                at = re.sub(r"\[[^\]]*\]", "[]", str(b["path"]))
                for pr in src.produces:
                    if pr.at == at or pr.at == at.lstrip("."):
                        used.add((src.node, f"entity:{pr.entity}"))
    return used


def _share(n: int, total: int) -> dict[str, Any]:
    return {"covered": n, "of": total, "share": round(n / total, 3) if total else 0.0}


def _histogram(values: Any) -> dict[str, int]:
    c = Counter(values)
    return {str(k): c[k] for k in sorted(c)}
