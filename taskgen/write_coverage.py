"""Write-tool coverage of shipped tasks, per world, with every unused tool's reason.

A world's write tools are those of the apps its situations' tasks are offered (the union of
`SituationGoals.apps` over both generations: Arcadia Robotics' seven apps, the agency's
Bullhorn and mail), as the tool graph reads them from the apps' OpenAPI documents. A tool
is used when a shipped task's gold calls it (`meta.tool_path`); every other one must be
covered by one of the world pack's exclusions (`TaskgenPack.unused`), or it is unexplained.
`taskgen coverage` prints this; `generation.json`'s coverage (`coverage.py`) is unchanged.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from arcadia.grader.task import Task, load_task
from arcadia.taskgen import graph as G
from arcadia.taskgen.pack import TaskgenPack
from arcadia.taskgen.worlds import WORLDS

__all__ = ["WorldCoverage", "account", "corpus_coverage",
           "default_corpora", "load_tasks", "world_apps", "write_tools"]

@dataclass(frozen=True)
class WorldCoverage:
    """One world's write tools: used by a shipped task, excluded with a reason, or
    unexplained (the three partition `writes`). `stale`: used tools an exclusion covers
    (that exclusion is out of date); `idle`: exclusions covering no tool; `misnamed`: names
    an exclusion gives that it does not cover (none of the world's write tools, or one an
    earlier exclusion takes). All three should be empty."""

    world: str
    tasks: int
    writes: tuple[str, ...]
    used: tuple[str, ...]
    excluded: dict[str, tuple[str, ...]]  # reason -> the unused tools it covers
    unexplained: tuple[str, ...]
    stale: dict[str, tuple[str, ...]]  # reason -> the used tools it covers
    idle: tuple[str, ...]
    misnamed: tuple[str, ...]

    @property
    def excluded_count(self) -> int:
        return sum(len(v) for v in self.excluded.values())

    def reason_of(self, tool: str) -> str | None:
        """The reason `tool` is excluded for, if it is."""
        return next((r for r, tools in self.excluded.items() if tool in tools), None)


def world_apps(pack: TaskgenPack) -> list[str]:
    """The apps the world's tasks are offered: every situation's, of both generations."""
    return sorted({a for gen in (pack.situations, pack.v2) for s in gen for a in s.apps})


@functools.cache
def _writes(apps: tuple[str, ...]) -> tuple[G.Tool, ...]:
    return tuple(t for t in G.tools(G.build(G.documents(list(apps)))) if t.write)


def write_tools(pack: TaskgenPack) -> list[G.Tool]:
    """The write tools of the world's apps, in the tool graph's order."""
    return list(_writes(tuple(world_apps(pack))))


def account(pack: TaskgenPack, tasks: Iterable[Task]) -> WorldCoverage:
    """The world's write tools against the tool paths of `tasks` (the world's shipped
    tasks) and the pack's exclusions: each tool takes the first exclusion covering it."""
    tasks = list(tasks)
    writes = write_tools(pack)
    called = {op for t in tasks for op in t.meta.tool_path}
    used = tuple(t.operation_id for t in writes if t.operation_id in called)
    covered: list[list[str]] = [[] for _ in pack.unused]  # by exclusion, in the pack's order
    unexplained: list[str] = []
    for tool in writes:
        at = next((i for i, e in enumerate(pack.unused) if e.covers(tool)), None)
        if at is not None:
            covered[at].append(tool.operation_id)
        elif tool.operation_id not in called:
            unexplained.append(tool.operation_id)

    def part(is_used: bool) -> dict[str, tuple[str, ...]]:
        out = {e.reason: tuple(t for t in tools if (t in called) == is_used)
               for e, tools in zip(pack.unused, covered, strict=True)}
        return {r: tools for r, tools in out.items() if tools}

    mine = {(i, t) for i, tools in enumerate(covered) for t in tools}
    return WorldCoverage(
        world=pack.world, tasks=len(tasks), writes=tuple(t.operation_id for t in writes),
        used=used, excluded=part(False), unexplained=tuple(unexplained), stale=part(True),
        idle=tuple(e.reason for e, tools in zip(pack.unused, covered, strict=True)
                   if not tools),
        misnamed=tuple(sorted({n for i, e in enumerate(pack.unused) for n in e.tools
                               if (i, n) not in mine})))


def default_corpora(root: Path = Path("corpus")) -> list[Path]:
    """The committed corpora `taskgen coverage` reads by default: of each world's
    `TaskgenPack.corpora`, the first folder under `root` that exists."""
    found = ([root / n for n in p.corpora if (root / n).is_dir()] for p in WORLDS.values())
    return [dirs[0] for dirs in found if dirs]


def load_tasks(dirs: Sequence[Path]) -> list[Task]:
    """Every task file below `dirs` (not their `generation.json`), in path order."""
    files = sorted(p for d in dirs for p in Path(d).rglob("*.json")
                   if p.name != "generation.json")
    return [load_task(p) for p in files]


def corpus_coverage(dirs: Sequence[Path]) -> tuple[list[WorldCoverage], dict[str, int]]:
    """The coverage of each world with goal kinds whose tasks are below `dirs`, in the
    registry's order, and the number of tasks of any other world (no pack: not counted)."""
    by_world: dict[str, list[Task]] = {}
    for task in load_tasks(dirs):
        by_world.setdefault(task.world.spec, []).append(task)
    out = [account(WORLDS.get(w), by_world[w]) for w in WORLDS if w in by_world]
    others = {w: len(ts) for w, ts in sorted(by_world.items()) if w not in WORLDS}
    return out, others
