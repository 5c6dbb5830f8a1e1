"""`AgentsPack`: what the runner, the report and the command line hold of one world.

Generic code (the session, the runner, the report, `arcadia eval`, `regrade`, `world
build`) never tests which world it is in: it looks the task's or the run's world up in the
registry of worlds (`arcadia.agents.worlds`) and calls the hooks its pack has. A world's
hooks live in its own folder (`agents/worlds/<world>/`, with `pack.py`). See docs/worlds.md.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from arcadia.agents.base import Agent
from arcadia.grader import Environment, EpisodeRef, Grade, Task
from arcadia.world import World

Row = dict[str, Any]
# `(lines, rubric) -> review` of a validated trace.
Reviewer = Callable[[Sequence[Row], str], Row]


class WorldRecord(Protocol):
    """What a world's own grading found beyond the grade (the restaurant's shift): a field
    of the attempt's row and, with the run directory, files of its own."""

    @property
    def key(self) -> str:
        """The row's key for `summary()` (`"shift"`)."""
        ...

    def summary(self) -> Row: ...

    def write(self, run_dir: Path, task_id: str, attempt: int) -> None: ...


# A run's stored evidence of the world's own, re-checked without replay (the restaurant's
# shift traces, validated and their outcome recomputed): `(run_dir, rows) -> problems`,
# each `{"task", "attempt", "what"}` (`arcadia.agents.seal`).
EvidenceCheck = Callable[[Path, Sequence[Row]], list[Row]]

# Grades an episode of the world in place of `grade_episode`: the grade, and its record.
GradeHook = Callable[[Environment, Task, EpisodeRef], Awaitable[tuple[Grade, WorldRecord | None]]]


@dataclass(frozen=True)
class RunReport:
    """A world's own scores of a run, beside the generic figures (the restaurant's shift
    scores): `summary.json[world]`, a line of `arcadia report`, a section of report.html,
    and its own leaderboard of the runs that are the world's."""

    owns: Callable[[Path], bool]  # the run's tasks are the world's
    entry: Callable[[Path], Row]  # the run's scores
    line: Callable[[Row], str]  # the entry in one line
    section: Callable[[Path, Row], str]  # report.html's section, from the run and its entry
    board: Callable[[list[Path]], Row]  # the leaderboard of the world's runs among these
    print_board: Callable[[Row, Console], None]


@dataclass(frozen=True)
class Regrader:
    """`arcadia regrade`: trajectory rubrics re-run over a run's stored traces."""

    rubrics: tuple[str, ...]  # the versions it re-runs
    example: str  # the version `--help` names
    judge: Callable[[Path], Reviewer]  # the model reviewer of a run (its replay store)
    regrade: Callable[[Path, str, Reviewer | None], list[Row]]  # (run, version, reviewer)


def no_lines(world: World) -> list[str]:
    return []


@dataclass(frozen=True)
class AgentsPack:
    """A world's name and its hooks; each is optional."""

    world: str
    corpus: Path | None = None  # `--world NAME`'s corpus, relative to the repository
    agents: Mapping[str, Callable[..., Agent]] = field(default_factory=dict)  # its own agents
    grade: GradeHook | None = None
    report: RunReport | None = None
    regrader: Regrader | None = None
    evidence: EvidenceCheck | None = None
    describe: Callable[[World], list[str]] = no_lines  # `arcadia world build`'s own lines
    # A task's default turn budget (None: `base.DEFAULT_TURNS`), and what the briefing says
    # of the world beyond who, when and the budget: `(task, turns) -> text` (`briefing`).
    turns: Callable[[Task], int] | None = None
    brief: Callable[[Task, int], str] | None = None
