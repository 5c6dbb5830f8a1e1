"""Grounded walks: discover what a write needs, one executed read at a time.

A walk runs in a live episode as the task's actor. It starts from what the instruction
states (a subject's name, email, a supplier's name) and, for each entity a write needs,
chooses a read tool of the graph whose response carries that entity *and* lets the walk
pick the subject's record out of it (a sibling field holding a value already known), and
whose required inputs are already bound. The read is executed; the value is read from its
answer through the binding the gold will use, so the walk itself is the gold, with real
bindings. A tool that fails, or whose answer does not hold the subject, is dropped and the
next candidate tried. Among candidates, the tools used least so far come first, so that a
corpus covers the graph.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
import networkx as nx

from arcadia.grader.replay import ReplayError, StepResult, actor_headers, resolve, run_step
from arcadia.grader.task import Step
from arcadia.taskgen.graph import Produced, Tool, tools

# Values an agent is given with its credentials, not discovered: BambooHR's company
# subdomain is part of the base URL it is configured with.
AMBIENT: dict[str, Any] = {"CompanyDomain": "arcadia"}
MAX_DEPTH = 4


class WalkFailed(RuntimeError):
    """No tool path binds what a write needs (the reason names the entity and subject)."""


@dataclass
class Subject:
    """Someone or something the walk learns about: what the instruction says of it
    (`said`: literal values) and what the walk has bound (`bound`: gold references)."""

    key: str
    concept: str = ""  # person, supplier, ... (`x-same-entity`); "" for the ambient subject
    said: dict[str, Any] = field(default_factory=dict)
    bound: dict[str, Any] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    leaf: dict[str, str] = field(default_factory=dict)  # entity -> its field in the item

    def knows(self, entity: str) -> bool:
        return entity in self.said or entity in self.bound

    def ref(self, entity: str) -> Any:
        """The gold's reference to the value: the literal, or a binding."""
        return self.said[entity] if entity in self.said else self.bound[entity]

    def value(self, entity: str) -> Any:
        return self.said[entity] if entity in self.said else self.values[entity]


@dataclass(frozen=True)
class Pick:
    """How a tool's answer yields an entity for a subject: the path to it, and (for a
    list) the sibling field that selects the subject's item."""

    tool: Tool
    produced: Produced
    selector: str | None = None  # sibling field name
    by: str | None = None  # the entity type that field holds


class Walker:
    """One walk: its episode, the steps run so far (the gold), and the graph's usage."""

    def __init__(self, graph: nx.MultiDiGraph, client: httpx.AsyncClient, token: str,
                 usage: Counter[str], rng: random.Random) -> None:
        self.graph = graph
        self.client = client
        self.headers = actor_headers(token)
        self.usage = usage
        self.rng = rng
        self.steps: list[Step] = []
        self.results: dict[str, StepResult] = {}
        self.ambient = Subject("ambient", said=dict(AMBIENT))
        self.tools = {t.operation_id: t for t in tools(graph)}
        self._producers: dict[str, list[tuple[Tool, Produced]]] = {}
        for t in self.tools.values():
            if t.method == "GET":
                for pr in t.produces:
                    self._producers.setdefault(pr.entity, []).append((t, pr))
        self.concepts = {d["name"]: d.get("concept", "") for _, d in graph.nodes(data=True)
                         if d["kind"] == "entity"}
        self.ran: dict[str, str] = {}  # a read's request -> the step that ran it

    # --- running steps ------------------------------------------------------------------

    async def run(self, step: Step) -> StepResult:
        """Run a step of the gold (a read or a write) and keep it on success."""
        step = step.model_copy(update={"id": step.id or f"s{len(self.steps) + 1}"})
        result = await run_step(self.client, self.headers, step, self.results)
        self.steps.append(step)
        return result

    def read_value(self, ref: Any) -> Any:
        return resolve(ref, self.results)

    # --- discovery ----------------------------------------------------------------------

    async def need(self, subject: Subject, entity: str, depth: int = 0) -> Any:
        """The gold's reference to `subject`'s `entity`, discovering it if needed."""
        if subject.knows(entity):
            return subject.ref(entity)
        if self.ambient.knows(entity):
            return self.ambient.ref(entity)
        if depth > MAX_DEPTH:
            raise WalkFailed(f"{subject.key}: {entity} is more than {MAX_DEPTH} reads away")
        # What names a person, supplier, department... is the subject's; the rest (the
        # company, its pay schedules) is the company's, read from parameterless reads.
        whom = (subject,) if self.concepts.get(entity) else (self.ambient, subject)
        for who in whom:
            for pick in self._picks(who, entity):
                ref = await self._try(who, pick, depth)
                if ref is not None:
                    return ref
        # Nothing known selects it yet: learn first what would (the subject's id in the
        # same app, a record it hangs off), then try again.
        for enabler in self._enablers(subject, entity):
            try:
                await self.need(subject, enabler, depth + 1)
            except WalkFailed:
                continue
            for pick in self._picks(subject, entity):
                ref = await self._try(subject, pick, depth)
                if ref is not None:
                    return ref
        raise WalkFailed(f"{subject.key}: no read binds {entity}")

    def _enablers(self, subject: Subject, entity: str) -> list[str]:
        """Entity types that select `entity` in some read's answer, or name the record a
        read of it takes, that the subject does not know yet (least-used reads first)."""
        out: dict[str, int] = {}
        for tool, pr in self._producers.get(entity, []):
            prefix = pr.at.rpartition("[].")[0] if "[]" in pr.at else None
            found = [o.entity for o in tool.produces if prefix is not None
                     and o.at.rpartition("[].")[0] == prefix and "[]" in o.at]
            found += [p.entity for p in tool.required() if p.where == "path" and p.entity]
            for e in found:
                if (e != entity and not subject.knows(e) and e not in AMBIENT
                        and self.concepts.get(e) == subject.concept):
                    out[e] = min(out.get(e, 1 << 30), self.usage[tool.operation_id])
        return sorted(out, key=lambda e: (out[e], e))

    def _picks(self, subject: Subject, entity: str) -> list[Pick]:
        picks = []
        for tool, pr in self._producers.get(entity, []):
            if any(prm.where in ("path", "query") and (not prm.entity or prm.entity == entity)
                   for prm in tool.required()):
                continue  # an input the graph cannot type, or the very thing sought
            if "[]" in pr.at:
                prefix, _, leaf = pr.at.rpartition("[].")
                if "[]" in prefix or "." in leaf or not leaf:
                    continue
                for other in tool.produces:
                    o_prefix, _, o_leaf = other.at.rpartition("[].")
                    if (o_prefix == prefix and "[]" in other.at and o_leaf
                            and "." not in o_leaf and other.entity != entity
                            and subject is not self.ambient and subject.knows(other.entity)
                            and literal_safe(subject.value(other.entity))
                            and self._same_record(subject, entity, leaf, other.entity, o_leaf)):
                        picks.append(Pick(tool, pr, o_leaf, other.entity))
            elif subject is self.ambient:
                if not tool.required():
                    picks.append(Pick(tool, pr))
            elif any(p.where == "path" and p.entity and p.entity not in AMBIENT
                     and subject.knows(p.entity) for p in tool.required()):
                picks.append(Pick(tool, pr))
        order = {id(p): self.rng.random() for p in picks}
        return sorted(picks, key=lambda p: (self.usage[p.tool.operation_id], order[id(p)]))

    def _same_record(self, subject: Subject, entity: str, leaf: str, by: str, by_leaf: str
                     ) -> bool:
        """Whether selecting an item by `by_leaf` (holding the subject's `by`) and reading
        `leaf` gives the subject's `entity`: another id of the subject comes from its own
        record (one of the two is the item's own id), and a related record's id (a job, a
        compensation) from an item whose selector names the subject."""
        own = ("id", "uuid")
        if self.concepts.get(entity) == subject.concept:
            return leaf in own or by_leaf in own
        return self.concepts.get(by) == subject.concept and by_leaf not in own

    async def _try(self, subject: Subject, pick: Pick, depth: int) -> Any:
        tool = pick.tool
        params: dict[str, Any] = {}
        query: dict[str, Any] = {}
        try:
            for prm in tool.required():
                if prm.where == "body":
                    return None
                assert prm.entity is not None
                ref = await self.need(subject, prm.entity, depth + 1)
                (params if prm.where == "path" else query)[prm.name] = ref
        except WalkFailed:
            return None
        for who in (subject, self.ambient):
            if who.knows(pick.produced.entity):  # found on the way to this tool's inputs
                return who.ref(pick.produced.entity)
        for prm in tool.params:  # optional filters the walk can already fill
            if (prm.where == "query" and not prm.required and prm.entity
                    and subject.knows(prm.entity) and prm.entity != pick.produced.entity):
                query[prm.name] = subject.ref(prm.entity)
        step = Step(id=f"s{len(self.steps) + 1}", app=tool.app, method="GET",
                    path=tool.path, params=params, query=query)
        request = repr((tool.operation_id, sorted(params.items()), sorted(query.items())))
        fresh = request not in self.ran
        if fresh:
            try:
                await run_step(self.client, self.headers, step, self.results)
            except ReplayError:
                return None
        else:
            step = next(s for s in self.steps if s.id == self.ran[request])
        ref = self._binding(str(step.id), subject, pick)
        try:
            value = resolve(ref, self.results)
        except ReplayError:
            value = None
        if value is None or value == "" or isinstance(value, dict | list):
            if fresh:
                del self.results[str(step.id)]
            return None
        if fresh:
            self.steps.append(step)
            self.ran[request] = str(step.id)
            self.usage[tool.operation_id] += 1
        subject.bound[pick.produced.entity] = ref
        subject.values[pick.produced.entity] = value
        subject.leaf[pick.produced.entity] = pick.produced.at.rpartition(".")[2]
        return ref

    async def sibling(self, subject: Subject, entity: str, name: str) -> dict[str, Any]:
        """A binding to field `name` of the record `entity` was read from (a job's
        `version` beside its `uuid`); discovers `entity` first if need be."""
        await self.need(subject, entity)
        ref = dict(subject.bound[entity])
        leaf = subject.leaf[entity]
        path = ref.get("path") or ""
        ref["path"] = f"{path[:len(path) - len(leaf)]}{name}" if leaf and path.endswith(
            leaf) else name
        self.read_value(ref)  # raises ReplayError when the record has no such field
        return ref

    def _binding(self, step_id: str, subject: Subject, pick: Pick) -> dict[str, Any]:
        at = pick.produced.at
        if pick.selector is None:
            path = at.replace("[]", "[0]") if at != "$" else None
            return {"$from": step_id, **({"path": path} if path else {})}
        prefix, _, leaf = at.rpartition("[].")
        assert pick.by is not None
        known = subject.ref(pick.by)
        if isinstance(known, dict):  # read earlier: the filter takes it through `bind`
            return {"$from": step_id, "path": f"{prefix}[?{pick.selector}=='{{v}}'].{leaf}",
                    "bind": {"v": known}}
        return {"$from": step_id, "path": f"{prefix}[?{pick.selector}=='{known}'].{leaf}"}


def literal_safe(value: Any) -> bool:
    """A value the binding language can put in a filter (no quotes)."""
    return "'" not in str(value) and '"' not in str(value)


def refs_in(value: Any) -> list[Mapping[str, Any]]:
    if isinstance(value, dict):
        if "$from" in value:
            return [value]
        return [r for v in value.values() for r in refs_in(v)]
    if isinstance(value, list):
        return [r for v in value for r in refs_in(v)]
    return []
