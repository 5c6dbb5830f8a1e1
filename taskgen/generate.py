"""Generation: candidates walked, typed, deduplicated, replayed, certified, shipped.

`Generator.run()` runs every goal kind of the chosen situations over world seeds, walks
each candidate in a fresh episode (the walk is the gold), derives checks and guards from
the walk's diff, and passes the task through the gates: well-typed, its goal resolves to
one entity, no near-duplicate of a task already shipped (checked before the certificate,
which is the expensive gate), its gold replays at 1.0, and the rest of the certificate
(`arcadia.grader.certify`). Every rejection is counted by reason; the funnel, coverage and
shape distributions are written to `generation.json` (`coverage`).

What differs between worlds (a situation's goal kinds, its world, the worlds it is walked
in, the guards every task of a world carries, the kinds of names) comes from the worlds'
packs (`arcadia.taskgen.worlds`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx

from arcadia.grader.certify import Certifier, certified, summary_line
from arcadia.grader.diff import Diff
from arcadia.grader.openapi_lookup import Routes
from arcadia.grader.replay import ReplayError, bindings, run_steps
from arcadia.grader.runtime import EmbeddedEnvironment
from arcadia.grader.task import Meta, Step, Task, TaskFormatError, check_names
from arcadia.taskgen import graph as G
from arcadia.taskgen.coverage import Funnel, Shipped, generation_report
from arcadia.taskgen.derive import Hints, Rule, derive
from arcadia.taskgen.goals import Candidate, Goal
from arcadia.taskgen.namesakes import distractors, unique_goal
from arcadia.taskgen.parallel import Part, merge, run_parts
from arcadia.taskgen.paraphrase import Paraphraser, problems
from arcadia.taskgen.shadow import equivalence_shadow, perturb, record_key, state_keys, varying
from arcadia.taskgen.walk import Walker, WalkFailed
from arcadia.taskgen.worlds import ADDONS, GOALS, pack_of, situation_goals
from arcadia.world import SituationSpec, World, WorldSpec

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


def _variant(spec: WorldSpec, generation: str = "v1") -> tuple[str, ...]:
    """The variant a world of a situation walked in variants is (its parameters' values),
    else nothing."""
    sit = spec.situations[0]
    return tuple(str(v) for _, v in sorted(sit.params.items())) \
        if situation_goals(sit.id, generation).variants else ()


def core_of(goal: str, seed: int, subject: str) -> str:
    """A task's core: its goal kind (the id without its generation), world seed and
    subject. Add-on variants and a pair's twins of one core share it."""
    return f"{goal.rsplit('-', 1)[0]}:s{seed}:{subject}"


def split_of(key: str) -> str:
    """train/dev/test by a hash of `key`: stable as the corpus grows. Generator v1 splits
    by task id; v2 by core, so that no core is in two splits."""
    n = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % 100
    for name, share in SPLITS:
        if n < share:
            return name
        n -= share
    return SPLITS[-1][0]


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


class Generator:
    def __init__(self, *, seeds: Sequence[int], situations: Sequence[str],
                 count: int | None = None, headcount: int = 800,
                 goals: Sequence[str] | None = None, paraphraser: Paraphraser | None = None,
                 knobs: Knobs | None = None, generation: str = "v2",
                 progress: Callable[[str], None] | None = None, jobs: int = 1) -> None:
        self.seeds = list(seeds)
        self.situations = list(situations)
        self.count = count
        self.headcount = headcount
        self.goals = None if goals is None else set(goals)
        self.paraphraser = paraphraser
        self.knobs = knobs or Knobs()
        self.generation = generation
        self.paraphrases: Counter[str] = Counter()  # accepted, or why the template stayed
        self.progress = progress or (lambda _: None)
        # Worker processes, one situation each (`taskgen.parallel`); 1 runs them here.
        self.jobs = jobs
        self.graph = G.build()
        self.usage: Counter[str] = Counter()
        self.funnel = Funnel()
        self.shipped: list[Shipped] = []
        self.cells: set[tuple[str, str, str]] = set()
        self.details: list[str] = []  # why each certificate failed

    @cached_property
    def env(self) -> EmbeddedEnvironment:  # made when first used: workers need none here
        return EmbeddedEnvironment()

    @cached_property
    def certifier(self) -> Certifier:
        return Certifier(self.env, version=self.generation)  # v1's gates for v1

    @cached_property
    def routes(self) -> Routes:
        return Routes(self.env.store.apps)

    async def run(self) -> list[Task]:
        """Each situation on its own (its own tool usage and near-duplicate set), so that
        one situation's tasks regenerate alone, byte for byte; with `jobs` > 1, in worker
        processes (`taskgen.parallel`), merged in the situations' order: the same tasks and
        report whatever `jobs` is."""
        if self.jobs > 1 and len(self.situations) > 1:
            return await self._run_parallel()
        for situation in self.situations:
            self.usage = Counter()
            self.streak: Counter[tuple[str, tuple[str, ...], tuple[str, ...]]] = Counter()
            here = situation_goals(situation, self.generation)
            # The registry's goal kinds of the situation of that generation (its id's
            # suffix, `-v2`): those of `here`, and any registered beside them.
            suffix = here.goals[0].id.rsplit("-", 1)[1] if here.goals else "v1"
            goals = sorted((g for g in GOALS.values() if g.situation == situation
                            and g.id.rsplit("-", 1)[1] == suffix
                            and (self.goals is None or g.id in self.goals)),
                           key=lambda g: g.id)
            shipped_here = 0
            world_name = pack_of(situation).world
            worlds = [(seed, params) for seed in self.seeds
                      for params in here.worlds()]
            for seed, params in worlds:
                spec = WorldSpec(seed=seed, headcount=self.headcount, name=world_name,
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
                            if self.streak[(g.id, _variant(spec, self.generation),
                                            addons)] >= SATURATED:
                                self.funnel.skipped += 1  # not walked: see SATURATED
                                continue
                            task = await self._one(g, spec, world, cand, addons,
                                                   template.world_hash)
                            if task is not None:
                                shipped_here += 1
                                if self.generation == "v2":
                                    break  # one task per core: see `_variants`
        return [s.task for s in self.shipped]

    async def _run_parallel(self) -> list[Task]:
        options = {"seeds": self.seeds, "count": self.count, "headcount": self.headcount,
                   "goals": None if self.goals is None else sorted(self.goals), "knobs": self.knobs,
                   "paraphraser": self.paraphraser, "generation": self.generation}
        parts = await run_parts(situation_part, options, self.situations, self.jobs, self.progress)
        whole = merge(parts)
        self.shipped, self.funnel, self.cells = whole.shipped, whole.funnel, whole.cells
        self.details, self.paraphrases = whole.details, whole.paraphrases
        return [s.task for s in self.shipped]

    def _variants(self, g: Goal, world: World, cand: Candidate) -> list[tuple[str, ...]]:
        """With two add-ons that fit, then with one, then the goal alone (widths 3 to 1):
        the widest first, so that a narrower walk of the same anchor is the near-duplicate
        (v1, which ships several per anchor); v2 starts at a drawn one and ships one."""
        apt = [a for a in g.addons if ADDONS.get(a).ready(world, cand) is not None]
        pairs = [(a, b) for a, b in combinations(apt, 2)
                 if b not in ADDONS.get(a).excludes and a not in ADDONS.get(b).excludes]
        out = [v for v in [*pairs, *((a,) for a in apt), ()] if 1 + len(v) <= self.knobs.width]
        if self.generation == "v2" and out:
            # v2 ships one task per core (goal kind x subject x seed), its add-ons drawn
            # from the core; the others are tried in turn only if that one does not ship.
            at = random.Random(f"taskgen-v2:{g.id}:{cand.subject.key}").randrange(len(out))
            out = out[at:] + out[:at]
        return out

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
        variant = list(_variant(spec, self.generation))
        core = core_of(g.id, spec.seed, cand.subject.key)
        tid = self._task_id(g, spec, parts, variant)
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
                    addon = ADDONS.get(a)
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
        # v2: what the gold's optional free-text fields (a comment, a note) change is the
        # agent's to fill or not (measured, not pinned: the equivalence shadow).
        loose = await equivalence_shadow(self.env, spec, cand.actor.id, walker.steps,
                                         self.routes, diff) if self.generation == "v2" \
            else None
        checks, guards = derive(diff, self.env.store.apps, hints,
                                lambda r: varies.get(index[id(r)], set()), loose)
        guards += pack_of(g.situation).extra_guards()
        apps = sorted({s.app for s in walker.steps})
        offered = sorted(situation_goals(g.situation, self.generation).apps)
        if offered and not set(apps) <= set(offered):
            raise ValueError(f"{tid} touches {sorted(set(apps) - set(offered))}, which "
                             f"{g.situation}'s `apps` do not offer: add them there")
        tool_path = [self.routes.match(s).operation_id if self.routes.match(s) else s.path
                     for s in walker.steps]  # type: ignore[union-attr]
        meta = Meta(apps=apps, offered=offered or None, tool_path=tool_path,
                    depth=len(walker.steps),
                    difficulty=_difficulty(len(walker.steps), len(apps)),
                    author="taskgen", goal=g.id, addons=list(addons),
                    width=1 + len(addons), discovered=discovered,
                    writes=len(writes),
                    split=split_of(core if self.generation == "v2" else tid),
                    distractors=cand.distractors, allowed_optional=self._annotations(writes),
                    **({"core": core, "generation": "v2"} if self.generation == "v2" else {}))
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
        if not unique_goal(world, cand):
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

    def _task_id(self, g: Goal, spec: WorldSpec, parts: list[str], variant: list[str]
                 ) -> str:
        """v1: the goal, seed, anchor, add-ons and variant, spelt out. v2: the situation,
        the seed and a digest of them, so that an id tells nothing of what the task asks
        (which goal, which add-ons, which twin of a pair) to an agent that sees it."""
        if self.generation != "v2":
            return _slug("-".join([*parts, *variant]))
        digest = hashlib.sha256("|".join([g.id, *parts, *variant]).encode()).hexdigest()
        return f"{g.situation.removesuffix('-v1')}-s{spec.seed}-{digest[:10]}"

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
            # v1 ships several tasks per subject and keeps one per tool multiset and diff
            # shape; v2 ships one per core, and another subject is other work to find.
            if self.generation != "v2" and other.tool_multiset == s.tool_multiset \
                    and other.shape == s.shape:
                return "near-duplicate: same situation, tool multiset and diff shape"
            union = other.edges | s.edges
            if union and len(other.edges & s.edges) / len(union) > JACCARD_MAX \
                    and other.anchor == s.anchor:
                return f"near-duplicate: tool-edge Jaccard > {JACCARD_MAX}"
        return None

    def report(self) -> dict[str, Any]:
        """`generation.json` (`coverage.generation_report`), its coverage over the tool
        graph of the apps the situations' tasks are offered (the agency's Bullhorn and mail,
        not Arcadia Robotics' seven)."""
        apps = sorted({a for s in self.situations
                       for a in situation_goals(s, self.generation).apps})
        return generation_report(graph=G.build(G.documents(apps)), seeds=self.seeds,
                                 generation=self.generation,
                                 situations=self.situations, headcount=self.headcount,
                                 funnel=self.funnel, shipped=self.shipped, cells=self.cells,
                                 paraphrases=self.paraphrases, knobs=self.knobs.__dict__)


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


def situation_part(options: dict[str, Any], situation: str, progress: Callable[[str], None]
                   ) -> Part:  # a `--jobs` worker's work: one situation in its process
    gen = Generator(situations=[situation], progress=progress, jobs=1, **options)
    asyncio.run(gen.run())
    return Part(gen.shipped, gen.funnel, gen.cells, gen.details, gen.paraphrases)
