"""The restaurant shift in the runner: its grade, its row, its trace and its rubric reviews.

The generic runner knows nothing of restaurants; for a task of the `restaurant` world (the
restaurant's pack hands it `grade_shift`) this module grades the episode once (one diff,
one `GradeContext`: the task's checks and then `shift_outcome`, memoised on the context, so
the shift is simulated and validated once); its record adds `row["shift"]`, writes the
complete shift trace as `traces/<task>/<attempt>.shift.jsonl` and reviews it with every
recorded rubric version into `rubric.jsonl`, side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader import Environment, EpisodeRef, Grade, GradeContext, Task, grade
from arcadia.grader.restaurant import ShiftOutcome, review, shift_outcome

__all__ = ["APP", "RUBRIC", "RUBRICS", "SHIFT_SUFFIX", "ShiftRecord", "grade_shift",
           "read_rubric", "read_shift", "rubric_rows", "shift_path", "write_shift"]

APP = "restaurant"
RUBRIC = "restaurant-rubric/v2"  # the published trajectory score's version
RUBRICS = ("restaurant-rubric/v1", RUBRIC)  # reviewed on every run, side by side
SHIFT_SUFFIX = ".shift.jsonl"
METRICS = ("service", "resources", "recovery", "safety")


@dataclass(frozen=True)
class ShiftRecord:
    """What one graded shift adds to its attempt: the outcome and where it came from."""

    task: Task
    outcome: ShiftOutcome

    @property
    def key(self) -> str:
        return "shift"

    def write(self, run_dir: Path, task_id: str, attempt: int) -> None:
        write_shift(run_dir, task_id, attempt, self)

    def summary(self) -> dict[str, Any]:
        """`row["shift"]`: validity, episode, the deterministic metrics and Pass@1."""
        g = self.outcome.grade or {}
        terminal = self.outcome.terminal
        situation = self.task.situation
        return {
            "valid": self.outcome.valid,
            "reason": self.outcome.reason,
            "case": situation.params.get("case") if situation else None,
            "seed": self.task.world.seed,
            "metrics": {m: g.get(m) for m in METRICS},
            "composite": g.get("composite"),
            "pass1": self.outcome.pass1,
            "report_accurate": self.outcome.valid and bool(g.get("report_accurate")),
            "finished_by": terminal.get("finished_by"),
        }


async def grade_shift(env: Environment, task: Task,
                      episode: EpisodeRef) -> tuple[Grade, ShiftRecord | None]:
    """Grade a shift episode from one diff: the task's checks and guards, then the
    (memoised) shift outcome. A platform failure while diffing is ungradeable."""
    try:
        ctx = GradeContext(await env.diff(episode), await env.source(task))
    except EnvironmentFailure as e:
        return Grade.environment_failure(task.id, e), None
    result = grade(task, ctx)
    try:
        outcome = shift_outcome(ctx)
    except Exception:  # the checks met the same failure: the grade says ungradeable, and why
        return result, None
    return result, ShiftRecord(task, outcome)


def shift_path(run_dir: Path, task_id: str, attempt: int) -> Path:
    return run_dir / "traces" / task_id / f"{attempt}{SHIFT_SUFFIX}"


def read_shift(run_dir: Path, task_id: str, attempt: int) -> list[dict[str, Any]]:
    """An attempt's shift trace as written ([] if there is none; a line cut short is
    skipped)."""
    path = shift_path(run_dir, task_id, attempt)
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().splitlines():
        if line.strip():
            try:
                out.append(orjson.loads(line))
            except orjson.JSONDecodeError:
                continue
    return out


def write_shift(run_dir: Path, task_id: str, attempt: int, record: ShiftRecord) -> None:
    """The complete shift trace (canonical bytes, one line each) and, for a valid one,
    its rubric reviews appended to `rubric.jsonl`."""
    path = shift_path(run_dir, task_id, attempt)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(orjson.dumps(line, option=orjson.OPT_SORT_KEYS) + b"\n"
                              for line in record.outcome.lines))
    if record.outcome.valid:
        rows = rubric_rows(task_id, attempt, record.outcome.lines)
        with (run_dir / "rubric.jsonl").open("ab") as f:
            f.write(b"".join(orjson.dumps(r) + b"\n" for r in rows))


def rubric_rows(task_id: str, attempt: int, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One review per rubric version of a trace validated already (the shift outcome's),
    as rows of `rubric.jsonl`."""
    return [{"task": task_id, "attempt": attempt, **review(lines, rubric, validated=True)}
            for rubric in RUBRICS]


def read_rubric(run_dir: Path) -> dict[tuple[str, int, str], dict[str, Any]]:
    """`rubric.jsonl` by (task, attempt, rubric); a later row replaces an earlier one."""
    path = run_dir / "rubric.jsonl"
    out: dict[tuple[str, int, str], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_bytes().splitlines():
            try:
                row = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            out[(row["task"], int(row.get("attempt", 0)), row["rubric"])] = row
    return out
