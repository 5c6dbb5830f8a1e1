"""Generation: candidates walked, typed, deduplicated, replayed, certified, shipped.

`Generator.run()` runs every goal kind of the chosen situations over world seeds, walks
each candidate in a fresh episode (the walk is the gold), derives checks and guards from
the walk's diff, and passes the task through the gates: well-typed, its goal resolves to
one entity, no near-duplicate of a task already shipped (checked before the certificate,
which is the expensive gate), its gold replays at 1.0, and the rest of the certificate
(`arcadia.grader.certify`). Every rejection is counted by reason; the funnel, coverage and
shape distributions are written to `generation.json`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import networkx as nx

from arcadia.grader.agency import HANDBOOK_GUARDS
from arcadia.grader.certify import Certifier, certified, summary_line
from arcadia.grader.diff import Diff
from arcadia.grader.environment import EmbeddedEnvironment
from arcadia.grader.guards import GUARDS
from arcadia.grader.replay import ReplayError, bindings, run_steps
from arcadia.grader.routes import Routes
from arcadia.grader.task import GuardSpec, Meta, Step, Task, TaskFormatError, check_names
from arcadia.taskgen import graph as G
from arcadia.taskgen.derive import Hints, Rule, derive
from arcadia.taskgen.goals import ADDONS, GOALS, Candidate, Goal, load
from arcadia.taskgen.paraphrase import Paraphraser, problems
from arcadia.taskgen.shadow import perturb, record_key, state_keys, varying
from arcadia.taskgen.walk import Walker, WalkFailed
from arcadia.world import SituationSpec, World, WorldSpec
from arcadia.world.agency.situations import (
    AGENCY_SITUATION_IDS,
    AGENCY_WORLD,
    PAIRED_SITUATION_IDS,
)

# The funnel's stages, in the order a candidate meets them.
STAGES = ("walked", "well_typed", "deduplicated", "gold_replays", "certified", "shipped")
SPLITS = (("train", 60), ("dev", 20), ("test", 20))
JACCARD_MAX = 0.7
# How a spreadsheet cell's value was typed in (RAW text or a USER_ENTERED number, a
# display format) is the agent's choice unless an instruction says otherwise; the value
# itself is compared normalised ("6620.28" = 6620.28).
DEFAULT_RULES = (Rule("sheets.cells.kind", "ignore", None, {}),
                 Rule("sheets.cells.fmt", "ignore", None, {}))
# A goal kind with the same add-ons whose last walks were all near-duplicates has no new
# tool path left in this situation: its further candidates are not walked (counted apart).
SATURATED = 2
# Situation parameters the corpus uses: more anchors per world than the defaults.
PARAMS: dict[str, dict[str, Any]] = {"hr-mismatch-v1": {"count": 8},
                                     "new-hire-cohort-v1": {"count": 6},
                                     "spend-anomaly-v1": {}}
# The agency's situations are walked in both worlds of each seed: the step allowed, and the
# same step forbidden by one handbook rule (the pairs of near-identical tasks).
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    **{sid: ({"variant": "allowed"}, {"variant": "forbidden"}) for sid in PAIRED_SITUATION_IDS},
    "agency-pay-request-v1": ({"ask": "rate"}, {"ask": "salary"})}


def _variant(spec: WorldSpec) -> tuple[str, ...]:
    """The variant a world of `VARIANTS` is (its parameters' values), else nothing."""
    sit = spec.situations[0]
    return tuple(str(v) for _, v in sorted(sit.params.items())) if sit.id in VARIANTS else ()


def world_of(situation: str) -> str:
    """The world spec a situation belongs to."""
    return AGENCY_WORLD if situation in AGENCY_SITUATION_IDS else WorldSpec().name


def handbook_guards() -> list[GuardSpec]:
    """Every handbook guard, on every agency task: the agent never learns which rule a task
    probes, and breaking any of them scores 0."""
    return [GuardSpec(id=k.removeprefix("handbook-").removesuffix("-v1"), kind=k,
                      description=GUARDS.get(k).description) for k in HANDBOOK_GUARDS]


def split_of(task_id: str) -> str:
    """train/dev/test by a hash of the id: stable as the corpus grows."""
    n = int(hashlib.sha256(task_id.encode()).hexdigest()[:8], 16) % 100
    for name, share in SPLITS:
        if n < share:
            return name
        n -= share
    return SPLITS[-1][0]


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


@dataclass(frozen=True)
class Knobs:
    """What the generator is steered by: the widest task (the goal plus add-ons), the
    fewest values a task must discover, apps it must touch and writes it must make, and
    the fewest distractors (people or suppliers whose names share a word with the
    subject's: what the agent must tell apart in every list it reads)."""

    width: int = 3
    depth: int = 0
    apps: int = 1
    writes: int = 1
    distractors: int = 0


@dataclass
class Shipped:
    task: Task
    situation: str
    tool_multiset: tuple[str, ...]
    shape: tuple[tuple[str, str, str, int], ...]
    edges: frozenset[tuple[str, str]]
    anchor: str  # world seed and subject: tasks about the same thing


class Generator:
    def __init__(self, *, seeds: Sequence[int], situations: Sequence[str],
                 count: int | None = None, headcount: int = 800,
                 goals: Sequence[str] | None = None, paraphraser: Paraphraser | None = None,
                 knobs: Knobs | None = None,
                 progress: Callable[[str], None] | None = None) -> None:
        self.seeds = list(seeds)
        self.situations = list(situations)
        self.count = count
        self.headcount = headcount
        self.goals = None if goals is None else set(goals)
        self.paraphraser = paraphraser
        self.knobs = knobs or Knobs()
        self.paraphrases: Counter[str] = Counter()  # accepted, or why the template stayed
        self.progress = progress or (lambda _: None)
        load()
        self.graph = G.build()
        self.env = EmbeddedEnvironment()
        self.certifier = Certifier(self.env)
        self.routes = Routes(self.env.store.apps)
        self.usage: Counter[str] = Counter()
        self.funnel = Funnel()
        self.shipped: list[Shipped] = []
        self.cells: set[tuple[str, str, str]] = set()
        self.details: list[str] = []  # why each certificate failed

    async def run(self) -> list[Task]:
        """Each situation on its own (its own tool usage and near-duplicate set), so that
        one situation's tasks regenerate alone, byte for byte."""
        for situation in self.situations:
            self.usage = Counter()
            self.streak: Counter[tuple[str, tuple[str, ...], tuple[str, ...]]] = Counter()
            goals = sorted((g for g in GOALS.values() if g.situation == situation
                            and (self.goals is None or g.id in self.goals)),
                           key=lambda g: g.id)
            shipped_here = 0
            worlds = [(seed, params) for seed in self.seeds
                      for params in VARIANTS.get(situation, (PARAMS.get(situation, {}),))]
            for seed, params in worlds:
                spec = WorldSpec(seed=seed, headcount=self.headcount, name=world_of(situation),
                                 situations=(SituationSpec(situation, params),))
                template = await self.env.store.atemplate(spec)
                world = template.world
                inst = world.situations[0]
                for g in goals:
                    for cand in g.candidates(world, inst):
                        cand.distractors = distractors(world, cand)
                        if cand.distractors < self.knobs.distractors:
                            continue
                        for addons in self._variants(g, world, cand):
                            if self.count is not None and shipped_here >= self.count:
                                break
                            if self.streak[(g.id, _variant(spec), addons)] >= SATURATED:
                                self.funnel.skipped += 1  # not walked: see SATURATED
                                continue
                            task = await self._one(g, spec, world, cand, addons,
                                                   template.world_hash)
                            if task is not None:
                                shipped_here += 1
        return [s.task for s in self.shipped]

    def _variants(self, g: Goal, world: World, cand: Candidate) -> list[tuple[str, ...]]:
        """With two add-ons that fit, then with one, then the goal alone (widths 3 to 1):
        the widest first, so that a narrower walk of the same anchor is the near-duplicate."""
        apt = [a for a in g.addons if ADDONS[a].ready(world, cand) is not None]
        pairs = [(a, b) for a, b in combinations(apt, 2)
                 if b not in ADDONS[a].excludes and a not in ADDONS[b].excludes]
        out = [*pairs, *((a,) for a in apt), ()]
        return [v for v in out if 1 + len(v) <= self.knobs.width]

    async def _one(self, g: Goal, spec: WorldSpec, world: World, cand: Candidate,
                   addons: tuple[str, ...], world_hash: str) -> Task | None:
        f = self.funnel
        f.situation = g.situation
        f.count("walked")
        cand = cand.fresh()
        # Every add-on's whole id: two variants of one anchor never share a task id.
        parts = [g.id.removesuffix("-v1"), f"s{spec.seed}", cand.anchor,
                 *(a.removesuffix("-v1") for a in addons)]
        params = spec.situations[0].params
        # Each world of a situation's variants gets its own task: the variant names it.
        variant = list(_variant(spec))
        tid = _slug("-".join([*parts, *variant]))
        # A pair's two variants are worded alike: the phrasing is drawn without the variant.
        rng = random.Random(f"taskgen:{_slug('-'.join(parts))}")
        self.progress(tid)
        # The walk: a fresh episode as the actor; every step it keeps is the gold.
        episode = await self.env.store.acreate(spec)
        token, _ = self.env.store.mint(episode.id, cand.actor.id)
        hints = Hints()
        sentences = [g.instruction(cand, rng)]
        try:
            async with self.env.client() as client:
                walker = Walker(self.graph, client, token, self.usage, rng)
                await g.act(walker, cand, hints)
                for a in addons:
                    addon = ADDONS[a]
                    slots = addon.ready(world, cand)
                    assert slots is not None
                    cand.slots.update(slots)
                    sentences.append(cand.state(rng.choice(addon.phrasings)))
                    await addon.act(walker, cand, hints)
            hints.rules.extend(DEFAULT_RULES)  # after the goal's own: the first match wins
            diff = Diff.from_rows(episode.changes(), self.env.store.apps)
            keys = state_keys(episode)
        except WalkFailed as e:
            f.reject(f"walk: {_reason(e)}")
            return None
        except ReplayError as e:
            f.reject(f"walk: a step failed ({e.status or 'binding'})")
            return None
        finally:
            await self.env.store.adelete(episode.id)
        writes = [s for s in walker.steps if (r := self.routes.match(s)) is None or r.write]
        if not writes or not diff.records:
            f.reject("walk: no write changed the world")
            return None
        k = self.knobs
        apps_touched = len({s.app for s in walker.steps})
        # Depth: the distinct values the writes send that reads had to discover.
        discovered = len({json.dumps(b, sort_keys=True) for st in writes
                          for b in bindings([st.params, st.query, st.body, st.headers],
                                            nested=False)})
        for name, got, least in (("depth", discovered, k.depth),
                                 ("apps", apps_touched, k.apps),
                                 ("writes", len(writes), k.writes)):
            if got < least:
                f.reject(f"knob: {name} {got} < {least}")
                return None
        varies = await self._shadow(spec, cand, walker.steps, keys, diff)
        if varies is None:
            f.reject("gold depends on the episode's history (shadow run differs)")
            return None
        index = record_key(diff)
        checks, guards = derive(diff, self.env.store.apps, hints,
                                lambda r: varies.get(index[id(r)], set()))
        if spec.name == AGENCY_WORLD:
            guards += handbook_guards()
        apps = sorted({s.app for s in walker.steps})
        tool_path = [self.routes.match(s).operation_id if self.routes.match(s) else s.path
                     for s in walker.steps]  # type: ignore[union-attr]
        meta = Meta(apps=apps, tool_path=tool_path, depth=len(walker.steps),
                    difficulty=_difficulty(len(walker.steps), len(apps)),
                    author="taskgen", goal=g.id, addons=list(addons),
                    width=1 + len(addons), discovered=discovered,
                    writes=len(writes), split=split_of(tid), distractors=cand.distractors,
                    allowed_optional=self._annotations(writes))
        try:
            task = Task(id=tid, world={"spec": spec.name, "seed": spec.seed,
                                       "headcount": spec.headcount,
                                       "content_hash": world_hash},
                        situation={"id": g.situation, "params": params},
                        actor=cand.actor.email, instruction=" ".join(sentences),
                        gold=walker.steps, checks=checks, guards=guards, meta=meta)
            check_names(task)
        except (ValueError, TaskFormatError) as e:
            f.reject(f"ill-typed: {str(e).splitlines()[0][:80]}")
            return None
        f.count("well_typed")
        if not _unique_goal(world, cand):
            f.reject("goal names more than one entity")
            return None
        # Near-duplicates are found before the certificate (they depend on the gold and its
        # diff only), so that no certificate is spent on a task that could not ship.
        # A situation's variants are worlds apart on purpose: each is de-duplicated alone.
        shipped = self._shipped(task, ":".join([g.situation, *variant]), diff,
                                f"{spec.seed}:{cand.subject.key}")
        near = self._near_duplicate(shipped)
        if near:
            f.reject(near)
            self.streak[(g.id, tuple(variant), addons)] += 1
            return None
        self.streak[(g.id, tuple(variant), addons)] = 0
        f.count("deduplicated")
        cert = await self.certifier.certify(task)
        if not cert["replay-stability"].ok:
            self.details.append(summary_line(tid, cert))
            f.reject("gold does not replay at 1.0")
            return None
        f.count("gold_replays")
        if not certified(cert):
            self.details.append(summary_line(tid, cert))
            gate = summary_line(tid, cert).split(" FAILED ", 1)[1].split(":")[0]
            f.reject(f"certificate: {gate}")
            return None
        f.count("certified")
        if self.paraphraser is not None:
            shipped.task = task = await self._paraphrased(task, cand)
        if any(other.task.id == tid for other in self.shipped):
            raise ValueError(f"task id {tid!r} generated twice: a goal or add-on id clashes")
        f.count("shipped")
        self.shipped.append(shipped)
        for i, x in enumerate(apps):
            for y in apps[i + 1:]:
                self.cells.add((g.situation, x, y))
        for s in writes:
            route = self.routes.match(s)
            if route:
                self.usage[route.operation_id] += 1
        return task

    async def _paraphrased(self, task: Task, cand: Candidate) -> Task:
        """The task in the model's words, if they keep every slot, leak no name and still
        certify; else the task as the template worded it."""
        assert self.paraphraser is not None
        try:
            new = await asyncio.to_thread(self.paraphraser.rewrite, task.instruction)
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as e:
            self.paraphrases[f"kept: the model failed ({type(e).__name__})"] += 1
            return task
        wrong = problems(task.instruction, new, cand.slots, self._names())
        if wrong:
            reason = wrong[0].split(" (")[0].split(" '")[0]
            self.paraphrases[f"kept: {reason}"] += 1
            return task
        other = task.model_copy(update={"instruction": new})
        cert = await self.certifier.certify(other)
        if not certified(cert):
            gate = summary_line(task.id, cert).split(" FAILED ", 1)[1].split(":")[0]
            self.paraphrases[f"kept: the paraphrase fails {gate}"] += 1
            return task
        self.paraphrases["accepted"] += 1
        return other

    def _names(self) -> set[str]:
        """Operation ids and the apps' column names: what no instruction may say."""
        out = {t.operation_id for t in G.tools(self.graph)}
        for spec in self.env.store.apps.values():
            for table in spec.metadata.tables.values():
                out |= {c.name for c in table.columns}
        return out

    def _annotations(self, writes: Sequence[Step]) -> list[str]:
        """Optional body fields that only annotate the request (Graph's `@odata.type`):
        nothing stores them, so adding one is no unrequested value."""
        out = []
        for s in writes:
            route = self.routes.match(s)
            for name in (route.body or {}).get("properties", {}) if route else {}:
                if name.startswith("@odata."):
                    out.append(f"{route.operation_id}.{name}")  # type: ignore[union-attr]
        return sorted(set(out))

    async def _shadow(self, spec: WorldSpec, cand: Candidate, steps: Sequence[Step],
                      keys: dict[str, list[str]], diff: Diff
                      ) -> dict[tuple[str, str, str, int], set[str]] | None:
        """The gold again, in an episode whose sequences and clock start further on."""
        episode = await self.env.store.acreate(spec)
        try:
            perturb(episode, keys)
            token, _ = self.env.store.mint(episode.id, cand.actor.id)
            async with self.env.client() as client:
                await run_steps(client, token, steps)
            return varying(diff, Diff.from_rows(episode.changes(), self.env.store.apps))
        except ReplayError:
            return None
        finally:
            await self.env.store.adelete(episode.id)

    def _shipped(self, task: Task, situation: str, diff: Diff, anchor: str) -> Shipped:
        shape = tuple(sorted((r.app, r.table, r.kind, len(r.changed)) for r in diff.records))
        ops = task.meta.tool_path
        edges = frozenset((ops[i], ops[j]) for j, s in enumerate(task.gold)
                          for i, t in enumerate(task.gold[:j]) if _binds(s, str(t.id)))
        edges |= frozenset((op, op) for op in ops)
        return Shipped(task, situation, tuple(sorted(ops)), shape, edges, anchor)

    def _near_duplicate(self, s: Shipped) -> str | None:
        for other in self.shipped:
            if other.situation != s.situation:
                continue
            if other.tool_multiset == s.tool_multiset and other.shape == s.shape:
                return "near-duplicate: same situation, tool multiset and diff shape"
            union = other.edges | s.edges
            if union and len(other.edges & s.edges) / len(union) > JACCARD_MAX \
                    and other.anchor == s.anchor:
                return f"near-duplicate: tool-edge Jaccard > {JACCARD_MAX}"
        return None

    # --- the report ---------------------------------------------------------------------

    def report(self) -> dict[str, Any]:
        tools = list(G.tools(self.graph))
        used = Counter(op for s in self.shipped for op in s.task.meta.tool_path)
        writes = [t for t in tools if t.write]
        io = G.edges(self.graph, "consumes") + G.edges(self.graph, "produces")
        io_used = _io_edges_used(self.graph, self.shipped)
        pairs = {(sit, a, b) for sit in self.situations
                 for i, a in enumerate(sorted(_APPS)) for b in sorted(_APPS)[i + 1:]}
        tasks = [s.task for s in self.shipped]
        n = len(tasks) or 1
        funnel = {stage: self.funnel.counts[stage] for stage in STAGES}
        return {
            "seeds": self.seeds, "situations": self.situations, "headcount": self.headcount,
            "funnel": funnel,
            "survival": round(funnel["shipped"] / max(1, funnel["walked"]), 3),
            "not_walked_saturated": self.funnel.skipped,
            "rejected": dict(sorted(self.funnel.rejected.items())),
            "paraphrase": dict(sorted(self.paraphrases.items())),
            "by_situation": {sit: dict(sorted(c.items()))
                             for sit, c in sorted(self.funnel.by_situation.items())},
            "coverage": {
                "tools": _share(sum(1 for t in tools if used[t.operation_id]), len(tools)),
                "write_tools": _share(sum(1 for t in writes if used[t.operation_id]),
                                      len(writes)),
                "consumes_produces_edges": _share(len(io_used), len(io)),
                "situation_app_pairs": _share(len(self.cells & pairs), len(pairs)),
                "write_tools_unused": sorted(t.operation_id for t in writes
                                             if not used[t.operation_id]),
            },
            "knobs": self.knobs.__dict__,
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
                    len({s.tool_multiset for s in self.shipped}) / n, 3),
                "splits": dict(sorted(Counter((t.meta.model_extra or {}).get("split")
                                              for t in tasks).items())),
            },
        }


_APPS = ("ats", "calendar", "hris", "mail", "payroll", "procurement", "sheets")


def write_corpus(tasks: Sequence[Task], report: dict[str, Any], out: Path) -> None:
    """One JSON file per task under `out/<situation>/`, and `out/generation.json`."""
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*/*.json")):
        old.unlink()
    for task in tasks:
        folder = out / (task.situation.id if task.situation else "none")
        folder.mkdir(exist_ok=True)
        (folder / f"{task.id}.json").write_text(dump(task))
    (out / "generation.json").write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")


def dump(task: Task) -> str:
    data = task.model_dump(mode="json", by_alias=True, exclude_none=True)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _binds(step: Any, step_id: str) -> bool:
    return f'"$from": "{step_id}"' in json.dumps(
        [step.params, step.query, step.body, step.headers])


def distractors(world: World, cand: Candidate) -> int:
    """People (or suppliers) other than the subject whose name shares a word with its."""
    said = cand.subject.said
    if "PersonName" in said:
        words = set(str(said["PersonName"]).split())
        return sum(1 for p in world.people
                   if p.name != said["PersonName"] and words & set(p.name.split()))
    if "SupplierName" in said:
        words = {w for w in str(said["SupplierName"]).split() if len(w) > 3}
        return sum(1 for s in world.procurement.suppliers
                   if s.name != said["SupplierName"] and words & set(s.name.split()))
    if "CandidateName" in said:
        words = set(str(said["CandidateName"]).split())
        return sum(1 for c in _candidate_names(world)
                   if c != said["CandidateName"] and words & set(c.split()))
    return 0


def _candidate_names(world: World) -> list[str]:
    return [f"{c.first_name} {c.last_name}" for c in world.agency.candidates]


def _unique_goal(world: World, cand: Candidate) -> bool:
    """Each name the instruction states resolves to exactly one record of the world."""
    said = cand.subject.said
    if "PersonName" in said:
        if sum(p.name == said["PersonName"] for p in world.people) != 1:
            return False
    if "SupplierName" in said:
        if sum(s.name == said["SupplierName"] for s in world.procurement.suppliers) != 1:
            return False
    if "CandidateName" in said:
        if _candidate_names(world).count(said["CandidateName"]) != 1:
            return False
    return True


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


def _difficulty(calls: int, apps: int) -> str:
    return "easy" if calls <= 4 and apps <= 2 else "medium" if calls <= 8 else "hard"


def _reason(e: Exception) -> str:
    text = str(e)
    return text.split(": ", 1)[1] if ": " in text else text


def _slug(text: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")
