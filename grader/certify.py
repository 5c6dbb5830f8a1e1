"""The validity certificate: the gates a task passes before it ships.

Each gate replays variants of the gold (in fresh episodes of the embedded store) and
grades them with the production grader. A gate passes only on a real score: an
ungradeable grade at any gate is that gate's failure, with the grader's reason.

Writes are the gold steps whose route the app's OpenAPI document tags `write`; reads are
the rest. Variants that drop writes keep the reads (and writes) each kept step binds to;
where a dropped write makes a later bound step impossible, the variant runs until its
first failure and is graded on what it managed.

`python -m arcadia.grader.certify FILE...` replays each gold once and prints its outcome,
score and diff digest as JSON: the "second process" of the replay-stability gate.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from arcadia.apps.kernel import EpisodeError
from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader.certify_runs import (
    Attempt,
    State,
    States,
    below_one,
    diff_digest,
    keep,
    restore,
    run_from,
)
from arcadia.grader.checks import GradeContext
from arcadia.grader.coherence import coherence
from arcadia.grader.equivalence import Aliases, equivalence, free_text, variants
from arcadia.grader.gate import GateResult
from arcadia.grader.kinds import CHECKS
from arcadia.grader.openapi_lookup import Route, Routes, other_value
from arcadia.grader.replay import ReplayError, StepResult
from arcadia.grader.runtime import EmbeddedEnvironment
from arcadia.grader.score import Grade, grade
from arcadia.grader.task import Step, Task, load_task
from arcadia.grader.variants import (
    Instruction,
    bound_values,
    duplicate_candidates,
    literal_only,
    set_at,
    with_needs,
)
from arcadia.grader.worldfacts import WorldRows, world_facts

GATES = ("replay-stability", "no-op", "checks-fail-initially", "prefixes", "omissions",
         "duplicate-creates", "optional-fields", "tools-required", "actor-roles")
# Certificate v2: v1's gates, then checks that accept every correct way and agree with the
# world (`Certifier(env, version="v1")` runs v1's alone, as the v1 corpora were made).
GATES_V2 = (*GATES, "equivalence", "world-facts", "coherence")
VERSIONS: dict[str, tuple[str, ...]] = {"v1": GATES, "v2": GATES_V2}
DEFAULT_VERSION = "v2"
# Variants tried per write before a gate gives up on finding one the app accepts.
MAX_TRIES = 4

__all__ = ["DEFAULT_VERSION", "GATES", "GATES_V2", "VERSIONS", "Attempt", "Certificate",
           "Certifier", "GateResult", "certified", "certify_files", "second_agrees",
           "summary_line"]


Certificate = dict[str, GateResult]


def judges_records(task: Task) -> bool:
    """Whether any of the task's checks judges records (the record gates then apply)."""
    return any(CHECKS.get(c.kind).records for c in task.checks if c.kind in CHECKS)


def certified(cert: Certificate) -> bool:
    return all(g.ok for g in cert.values())


def summary_line(task_id: str, cert: Certificate) -> str:
    """`<id> certified`, or `<id> FAILED <gate>: <reason>` for the first gate that failed."""
    for gate in GATES_V2:
        if gate in cert and not cert[gate].ok:
            return f"{task_id} FAILED {gate}: {' '.join(cert[gate].reason.split())}"
    return f"{task_id} certified"


class Certifier:
    """Runs every gate of the certificate for tasks, in one embedded store.

    `version` picks the gates: "v1" (`GATES`, as the v1 corpora were certified) or "v2"
    (`GATES_V2`, the default: v1's plus equivalence, world-facts and coherence; v2's
    optional-fields gate leaves free-text fields to the equivalence gate).
    """

    def __init__(self, env: EmbeddedEnvironment | None = None, *,
                 version: str | None = None) -> None:
        self.version = version or DEFAULT_VERSION
        if self.version not in VERSIONS:
            raise ValueError(f"unknown certificate version {self.version!r}; known: "
                             f"{sorted(VERSIONS)}")
        self.gates = VERSIONS[self.version]
        self.env = env or EmbeddedEnvironment()
        self.routes = Routes(self.env.store.apps)
        self.digests: dict[str, str] = {}  # task id -> the gold's diff digest
        self.world_rows = WorldRows(self.env.store)
        self._aliases: Aliases | None = None
        self._runs: dict[str, Attempt] = {}  # this task's attempts by `_run_key`
        self._states: States | None = None  # this task's gold states (`certify_runs`)

    async def attempt(self, task: Task, steps: Sequence[Step], *,
                      principal: int | str | None = None, states: States | None = None,
                      start: State | None = None) -> Attempt:
        """Run `steps` until the first failure (as `principal`, default the actor), grade.
        From `start` (the state after its first steps), else from the template; with
        `states`, keep the state at each of its points (`certify_runs`)."""
        try:
            try:
                episode = await self.env.start(task)
            except (EpisodeError, ValueError) as e:  # the world pin or the actor refused
                return Attempt(Grade.ungradeable(task.id, f"episode refused: {e}"))
            try:
                token = episode.token if principal is None else \
                    self.env.store.mint(episode.id, principal)[0]
                live = self.env.store.get(episode.id)
                if start is not None:
                    restore(live, start)

                def before(i: int, done: list[StepResult]) -> None:
                    if states is not None and i in states.points:
                        kept = keep(live, done)
                        if kept is not None:
                            states.kept[i] = kept

                results: list[StepResult] = list(start.results) if start else []
                error = None
                if steps:
                    async with self.env.client() as client:
                        try:
                            results = await run_from(client, token, steps, results, before)
                        except ReplayError as e:
                            results, error = e.done, e
                diff = await self.env.diff(episode)
                g = grade(task, GradeContext(diff, await self.env.source(task)))
            finally:
                await self.env.stop(episode)
        except EnvironmentFailure as e:
            return Attempt(Grade.environment_failure(task.id, e))
        return Attempt(g, results, error, diff_digest(diff), diff)

    async def _once(self, task: Task, steps: Sequence[Step], *,
                    principal: int | str | None = None) -> Attempt:
        """`attempt` once per distinct steps and principal in a task's certificate: a replay
        in a fresh episode is deterministic, so gates that build the same variant (the last
        prefix and the last write's omission) share one run (stability reruns on purpose)."""
        key = _run_key(steps, principal)
        if key not in self._runs:
            start = self._states.longest(steps) if self._states and principal is None else None
            self._runs[key] = await self.attempt(task, steps, principal=principal, start=start)
        return self._runs[key]

    async def certify(self, task: Task) -> Certificate:
        """Every gate for `task`; replay stability here covers two episodes in this process
        (`certify_files` adds the second process, see `second_agrees`)."""
        try:
            return await self._certify(task)
        finally:
            self._states = None  # its images are the size of the apps' databases

    async def _certify(self, task: Task) -> Certificate:
        cert: Certificate = {}
        self._runs = {}
        routes = [self.routes.match(s) for s in task.gold]
        writes = [i for i, r in enumerate(routes) if r is None or r.write]
        first = await self.attempt(task, task.gold)
        # The second run keeps the gold's state at each write and at the end, for the
        # variants that begin with the gold's steps (`certify_runs`); a gold whose two
        # runs differ fails stability, whatever its variants do.
        self._states = States(task.gold, [*writes, len(task.gold)]) if first.perfect \
            and self.env.store.storage.name == "sqlite" else None
        again = await self.attempt(task, task.gold, states=self._states)
        cert["replay-stability"] = _stability(first, again)
        self.digests[task.id] = first.digest
        noop = await self._once(task, [])
        cert["no-op"] = (GateResult(True, "scores 0") if noop.grade.score == 0.0 else
                         GateResult(False, _shown(noop.grade, "the no-op")))
        cert["checks-fail-initially"] = _initial(noop)
        if not first.perfect:
            for gate in self.gates[3:]:
                cert[gate] = GateResult(False, "not run: the gold does not score 1.0")
            cert["actor-roles"] = await self._roles(task, writes, routes, None)
            return cert
        gold = list(task.gold)
        cert["prefixes"] = await self._prefixes(task, gold, writes, noop)
        if not judges_records(task):
            # A shift's outcome is no record a write sets: no single write, duplicate or
            # unasked field decides it, and a gold computed ahead on the simulation carries
            # its decisions as literals (the cases are public and identical for every
            # agent, by design), so the literal-only variant measures nothing either.
            why = ("not applicable: the checks judge an outcome read from the shift's trace, "
                   "not records")
            for gate in ("omissions", "duplicate-creates", "optional-fields", "tools-required"):
                cert[gate] = GateResult(True, why)
            cert["actor-roles"] = await self._roles(task, writes, routes, first)
            for gate in self.gates[len(GATES):]:
                cert[gate] = GateResult(True, why)
            return cert
        cert["omissions"] = await self._omissions(task, gold, writes)
        cert["duplicate-creates"] = await self._duplicates(task, gold, writes, routes, first)
        cert["optional-fields"] = await self._optional(task, gold, writes, routes, first)
        cert["tools-required"] = await self._tools(task, gold, writes, first, noop)
        cert["actor-roles"] = await self._roles(task, writes, routes, first)
        if self.version == "v2":
            await self._v2(task, cert, writes, routes, first)
        return cert

    async def _v2(self, task: Task, cert: Certificate, writes: list[int],
                  routes: list[Route | None], first: Attempt) -> None:
        """The gates v2 adds (grader/equivalence.py, worldfacts.py, coherence.py)."""
        if self._aliases is None:
            self._aliases = Aliases(self.env.store.apps)
        sent = [r.sent for r in first.results]
        found = variants(task, writes, routes, sent, self._aliases)

        async def convention(app: str, table: str, col: str) -> tuple[int, int]:
            return await self.world_rows.convention(task, app, table, col)

        cert["equivalence"] = await equivalence(task, found, first.diff, self._once,
                                                convention)
        assert first.diff is not None
        cert["world-facts"] = await world_facts(task, first.diff,
                                                [sent[w] for w in writes], self.world_rows)
        cert["coherence"] = coherence(task.actor, first.diff, await self.env.world(task))

    async def _prefixes(self, task: Task, gold: list[Step], writes: list[int],
                        noop: Attempt) -> GateResult:
        for k in range(len(writes)):
            steps = with_needs(gold, writes[:k])
            a = noop if not steps else await self._once(task, steps)
            why = below_one(a, f"the first {k} of {len(writes)} writes (up to before "
                            f"{gold[writes[k]].id!r})")
            if why:
                return GateResult(False, why)
        return GateResult(True, f"{len(writes)} strict prefix(es) score < 1")

    async def _omissions(self, task: Task, gold: list[Step], writes: list[int]
                         ) -> GateResult:
        for w in writes:
            steps = with_needs(gold, [i for i in writes if i != w], drop=[w])
            a = await self._once(task, steps)
            why = below_one(a, f"the gold without write {gold[w].id!r}")
            if why:
                return GateResult(False, why)
        return GateResult(True, f"{len(writes)} omission(s) score < 1")

    async def _duplicates(self, task: Task, gold: list[Step], writes: list[int],
                          routes: list[Route | None], first: Attempt) -> GateResult:
        notes = []
        for w in writes:
            route = routes[w]
            if route is None or not route.creates:
                continue
            sent = first.results[w].sent
            assert sent is not None
            tried: list[str] = []
            for path, new in duplicate_candidates(sent.body)[:MAX_TRIES]:
                where = ".".join(map(str, path))
                tried.append(where)
                dup = sent.model_copy(update={"id": f"{sent.id}-duplicate", "expect": None,
                                              "body": set_at(sent.body, path, new)})
                a = await self._once(task, [*gold, dup])
                if a.error is not None and len(a.results) == len(gold):
                    continue  # the app refuses this duplicate: try another value
                why = below_one(a, f"the gold plus a duplicate of {sent.id!r} "
                                f"({where}={new!r})")
                if why:
                    return GateResult(False, why)
                notes.append(f"{sent.id} ({where})")
                break
            else:
                notes.append(f"{sent.id}: the app refuses duplicates ({', '.join(tried)})")
        return GateResult(True, "; ".join(notes) or "no create in the gold")

    async def _optional(self, task: Task, gold: list[Step], writes: list[int],
                        routes: list[Route | None], first: Attempt) -> GateResult:
        allowed = set((task.meta.model_extra or {}).get("allowed_optional", []))
        notes = []
        for w in writes:
            route, step = routes[w], gold[w]
            sent = first.results[w].sent
            props = (route.body or {}).get("properties", {}) if route else {}
            required = set((route.body or {}).get("required", [])) if route else set()
            sent_keys = set(sent.body) if sent is not None and isinstance(sent.body, dict) \
                else set()
            candidates = [(name, value) for name, prop in props.items()
                          if name not in required and name not in sent_keys
                          and name not in allowed
                          and not (self.version == "v2" and free_text(name, prop))
                          and f"{route.operation_id}.{name}" not in allowed  # type: ignore[union-attr]
                          and (value := other_value(prop)) is not None]
            if not isinstance(step.body, dict | None) or not candidates:
                notes.append(f"{step.id}: no optional field to add")
                continue
            for name, value in candidates[:MAX_TRIES]:
                extra = step.model_copy(update={"body": {**(step.body or {}), name: value}})
                a = await self._once(task, [*gold[:w], extra, *gold[w + 1:]])
                if a.error is not None and len(a.results) == w:
                    continue  # the app refuses the value: try another field
                if a.error is None and a.digest == first.digest:
                    continue  # the value is what the record holds already: no evidence
                why = below_one(a, f"the gold with {name}={value!r} on {step.id!r}")
                if why:
                    return GateResult(False, why)
                notes.append(f"{step.id} ({name})")
                break
            else:
                notes.append(f"{step.id}: the app refuses every optional value tried")
        return GateResult(True, "; ".join(notes) or "no write in the gold")

    async def _tools(self, task: Task, gold: list[Step], writes: list[int], first: Attempt,
                     noop: Attempt) -> GateResult:
        said = Instruction(task.instruction)
        results = {str(r.step.id): r for r in first.results}
        for w in writes:
            for where, value in bound_values(gold[w], results):
                if said.mentions(value):
                    return GateResult(False, f"{gold[w].id!r} writes {value!r}, read from "
                                      f"{where}, which the instruction states")
        literal = []
        for w in writes:
            step = gold[w]
            try:
                literal.append(step.model_copy(update={
                    "params": literal_only(step.params, results, said),
                    "query": literal_only(step.query, results, said),
                    "body": literal_only(step.body, results, said),
                    "headers": literal_only(step.headers, results, said)}))
            except LookupError:
                continue
        a = await self._once(task, literal) if literal else noop
        why = below_one(a, f"the instruction-literals-only attempt ({len(literal)} of "
                        f"{len(writes)} writes)")
        if why:
            return GateResult(False, why)
        return GateResult(True, f"instruction-literals-only: {len(literal)} of {len(writes)} "
                          "writes buildable, scores < 1")

    async def _roles(self, task: Task, writes: list[int], routes: list[Route | None],
                     first: Attempt | None) -> GateResult:
        """The actor holds a role of every write's route; then (given the gold's run) the
        same role-gated writes, sent as an ordinary employee without those roles, all get
        403 (writes no role gates, to one's own mailbox or calendar, are left out)."""
        episode = await self.env.store.acreate(task.world_spec())
        try:
            actor = self.env.store.principal(episode, task.actor)
            world = episode.world
        except EpisodeError as e:
            return GateResult(False, f"the actor cannot act: {e}")
        finally:
            await self.env.store.adelete(episode.id)
        needed: set[str] = set()
        for w in writes:
            route = routes[w]
            if route is None:
                return GateResult(False, f"step {task.gold[w].id!r} matches no documented route")
            if route.roles and not actor.has_any(route.roles):
                return GateResult(False, f"the actor {actor.email} ({', '.join(actor.roles)}) "
                                  f"lacks every role {route.operation_id} needs: "
                                  f"{', '.join(route.roles)}")
            needed |= set(route.roles)
        if first is None:
            return GateResult(False, "the actor holds the roles; not run further: the gold "
                              "does not score 1.0")
        outsiders = sorted((p for p in world.people if p.status != "terminated"
                            and p.id != actor.id and not needed & set(p.roles)),
                           key=lambda p: (len(p.roles), p.id))
        if not outsiders:
            return GateResult(False, "no principal in the world lacks the roles")
        outsider = outsiders[0]
        steps = []
        for w in writes:
            sent = first.results[w].sent
            assert sent is not None
            # A write no role gates (your own mail, your own calendar) is refused by whose
            # object it is, not by role: another person's message is simply not in an
            # outsider's mailbox (404). Only role-gated writes are replayed for their 403.
            if routes[w] is not None and not routes[w].roles:  # type: ignore[union-attr]
                continue
            steps.append(sent.model_copy(update={"expect": 403}))
        a = await self._once(task, steps, principal=outsider.id)
        who = f"{outsider.email} ({', '.join(outsider.roles)})"
        if a.error is not None:
            return GateResult(False, f"as {who}: {a.error} (expected 403)")
        if a.grade.score != 0.0:
            return GateResult(False, _shown(a.grade, f"the gold as {who}"))
        return GateResult(True, f"roles held ({', '.join(sorted(needed)) or 'none needed'}); "
                          f"every write answers 403 to {who}, score 0")


def _run_key(steps: Sequence[Step], principal: int | str | None) -> str:
    return json.dumps([principal, [s.model_dump(mode="json") for s in steps]], default=str)


def _shown(g: Grade, what: str) -> str:
    if g.outcome == "ungradeable":
        return f"{what} is ungradeable: {g.reason}"
    return f"{what} scores {g.score:g}"


def _stability(first: Attempt, again: Attempt) -> GateResult:
    for n, a in (("first", first), ("second", again)):
        if a.error is not None:
            return GateResult(False, f"the gold does not replay ({n} episode): {a.error}")
        if not a.perfect:
            failed = [c.reason for c in a.grade.checks if not c.passed]
            failed += [g.reason for g in a.grade.guards if not g.passed]
            return GateResult(False, _shown(a.grade, f"the gold ({n} episode)")
                              + (f" [{'; '.join(failed)}]" if failed else ""))
    if first.digest != again.digest:
        return GateResult(False, "two episodes of the gold give different diffs")
    return GateResult(True, "1.0 on two episodes, identical diffs")


def second_agrees(second: Mapping[str, Any] | None, digest: str) -> GateResult:
    """The gold's result from a second process: 1.0 and the same diff bytes as here."""
    if not second:
        return GateResult(False, "no result from the second process")
    if second.get("error"):
        return GateResult(False, f"second process: {second['error']}")
    if second.get("score") != 1.0:
        return GateResult(False, f"second process: the gold scores {second.get('score')} "
                          f"({second.get('outcome')}: {second.get('reason')})")
    if second.get("digest") != digest:
        return GateResult(False, "the second process's diff differs from this one's")
    return GateResult(True, "1.0 on two episodes and in a second process, identical diffs")


def _initial(noop: Attempt) -> GateResult:
    if noop.grade.outcome == "ungradeable":
        return GateResult(False, f"the initial state is ungradeable: {noop.grade.reason}")
    passing = [c.id for c in noop.grade.checks if c.passed]
    if passing:
        return GateResult(False, "check(s) pass on the initial state: " + ", ".join(passing))
    return GateResult(True, f"all {len(noop.grade.checks)} check(s) fail on the initial state")


# --- many tasks, and the second process -----------------------------------------------

async def second_process(files: Sequence[str | Path]) -> dict[str, dict[str, Any]]:
    """Replay each gold in a fresh Python process: `{task id: {outcome, score, digest}}`."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "arcadia.grader.certify", *map(str, files),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"exit {proc.returncode}: {err.decode()[-500:]}")
    result: dict[str, dict[str, Any]] = json.loads(out)
    return result


async def certify_files(files: Sequence[str | Path], certifier: Certifier | None = None,
                        *, version: str | None = None) -> dict[str, Certificate]:
    """Certificates for the task files, in order (by `certifier`, else a new one of
    `version`, default `DEFAULT_VERSION`); the second process runs alongside."""
    tasks = [load_task(f) for f in files]
    other = asyncio.create_task(second_process(files))
    certifier = certifier or Certifier(version=version)
    out = {task.id: await certifier.certify(task) for task in tasks}
    try:
        seconds = await other
    except RuntimeError as e:
        seconds = {t.id: {"error": str(e)} for t in tasks}
    for task in tasks:
        cert = out[task.id]
        if cert["replay-stability"].ok:
            cert["replay-stability"] = second_agrees(seconds.get(task.id),
                                                     certifier.digests[task.id])
    return out


async def _gold_digests(files: Sequence[str]) -> dict[str, dict[str, Any]]:
    certifier = Certifier()
    out: dict[str, dict[str, Any]] = {}
    for f in files:
        task = load_task(f)
        a = await certifier.attempt(task, task.gold)
        out[task.id] = {"outcome": a.grade.outcome, "score": a.grade.score,
                        "reason": a.grade.reason, "digest": a.digest,
                        "error": str(a.error) if a.error else None}
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_gold_digests(sys.argv[1:]))))
