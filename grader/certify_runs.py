"""The certificate's attempts, and the gold's states it starts variants from.

An attempt is a variant run in a fresh episode, graded. A replay in a fresh episode is
deterministic (the replay-stability gate holds every certified gold to it), so a variant
whose first `p` steps are the gold's first `p` reaches, after them, the state the gold's
second run had after its first `p`: the certificate keeps that state (each opened app's
SQLite image, the episode's tick and the `p` results) at every write of the gold and at its
end, and runs such a variant's other steps from there, in a new episode of the same
template, instead of replaying the shared steps again. The duplicate-creates variants (the
whole gold, then one request), optional fields and equivalence variants (the gold up to the
write they change) are those. Only SQLite episodes of this process are kept so; elsewhere
every variant replays from the template.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import httpx

from arcadia.apps.kernel.db import Database, new_connection
from arcadia.apps.kernel.episodes import Episode
from arcadia.grader.diff import Diff
from arcadia.grader.replay import ReplayError, StepResult, actor_headers, run_step
from arcadia.grader.score import Grade
from arcadia.grader.task import Step


@dataclass
class Attempt:
    """A variant run in a fresh episode: its grade, the steps that ran, and the diff."""

    grade: Grade
    results: list[StepResult] = field(default_factory=list)
    error: ReplayError | None = None
    digest: str = ""
    diff: Diff | None = None

    @property
    def perfect(self) -> bool:
        return self.error is None and self.grade.outcome == "pass"


def diff_digest(diff: Diff) -> str:
    """sha256 of the diff's records as canonical JSON: equal digests = byte-identical diffs."""
    rows = [{"app": r.app, "table": r.table, "pk": list(r.pk), "old": r.old, "new": r.new}
            for r in diff.records]
    blob = json.dumps(rows, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def below_one(a: Attempt, what: str) -> str | None:
    """None when the attempt scored below 1.0; else why that is a failure."""
    if a.grade.outcome == "ungradeable":
        return f"{what} is ungradeable: {a.grade.reason}"
    if a.grade.score is not None and a.grade.score >= 1.0:
        stopped = f" (it stopped early: {a.error})" if a.error is not None else ""
        return f"{what} still scores {a.grade.score:g}{stopped}"
    return None


def step_key(step: Step) -> str:
    return json.dumps(step.model_dump(mode="json"), default=str)


@dataclass(frozen=True)
class State:
    """An episode's state after the gold's first `len(results)` steps."""

    images: Mapping[str, bytes]  # each opened app's database, serialized
    tick: int
    results: tuple[StepResult, ...]


def keep(episode: Episode, results: Sequence[StepResult]) -> State | None:
    """The episode's state now, or None where its databases are not SQLite."""
    opened = episode.dbs.opened()
    if not all(isinstance(db, Database) for db in opened.values()):
        return None
    return State({app: db.conn.serialize() for app, db in opened.items()},
                 episode.clock.tick, tuple(results))


def restore(episode: Episode, state: State) -> None:
    """Give a new episode (no app opened yet) the kept state."""
    for app, image in state.images.items():
        conn = new_connection()
        conn.deserialize(image)
        # The episode's databases open lazily from the template; these open from the state.
        episode.dbs._open[app] = Database(conn, episode.template.dbs[app].metadata)
    episode.clock.advance(state.tick)


class States:
    """One task's kept states of the gold, by prefix length."""

    def __init__(self, gold: Sequence[Step], points: Sequence[int]) -> None:
        self.keys = [step_key(s) for s in gold]
        self.points = sorted(set(points))
        self.kept: dict[int, State] = {}

    def longest(self, steps: Sequence[Step]) -> State | None:
        """The kept state of the longest gold prefix `steps` starts with (never all of
        `steps`: a variant runs at least its last step)."""
        best: State | None = None
        same = 0
        for p in self.points:
            if p >= len(steps):
                break
            while same < p and step_key(steps[same]) == self.keys[same]:
                same += 1
            if same < p:
                break
            best = self.kept.get(p, best)
        return best


async def run_from(client: httpx.AsyncClient, token: str, steps: Sequence[Step],
                   done: Sequence[StepResult] = (),
                   before: Callable[[int, list[StepResult]], None] | None = None
                   ) -> list[StepResult]:
    """`replay.run_steps` from `len(done)` on, the earlier steps' results being `done`;
    `before(i, results)` is called before step i runs, and once after the last."""
    results = {str(r.step.id): r for r in done}
    out = list(done)
    headers = actor_headers(token)
    try:
        for i in range(len(done), len(steps)):
            if before is not None:
                before(i, out)
            out.append(await run_step(client, headers, steps[i], results))
    except ReplayError as e:
        e.done = out
        raise
    if before is not None:
        before(len(steps), out)
    return out
