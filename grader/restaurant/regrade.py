"""Re-running the trajectory rubric over a run's stored shift traces.

`regrade(run_dir, rubric)` reads every `traces/<task>/<attempt>.shift.jsonl`, validates it,
reviews the valid ones, and rewrites `run_dir/rubric.jsonl`: the rows of other rubric
versions stay as they were (byte for byte, in their order), the rows of `rubric` are
replaced by the new reviews. Nothing else in the run directory is touched: results.jsonl
and its deterministic scores stay byte-identical.

A row is `{"task", "attempt", **review}` (as the runner writes them). An invalid trace gets
no row (the rubric never reviews one); `regrade` returns it as `{"task", "attempt",
"rubric", "valid": false, "reason"}` next to the rows it wrote.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import orjson

from arcadia.grader.restaurant.rubric import criteria_of, review
from arcadia.grader.restaurant.validate import validate

SUFFIX = ".shift.jsonl"
Reviewer = Callable[[Sequence[dict[str, Any]], str], dict[str, Any]]


def read_trace(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(ln) for ln in path.read_bytes().splitlines() if ln.strip()]


def traces(run_dir: Path) -> list[tuple[str, int | str, Path]]:
    """(task, attempt, path) of every stored shift trace, sorted."""
    out: list[tuple[str, int | str, Path]] = []
    for path in sorted((run_dir / "traces").glob(f"*/*{SUFFIX}")):
        name = path.name[:-len(SUFFIX)]
        out.append((path.parent.name, int(name) if name.isdigit() else name, path))
    return sorted(out, key=lambda t: (t[0], str(t[1]).zfill(8)))


def regrade(run_dir: Path | str, rubric: str, *, reviewer: Reviewer | None = None
            ) -> list[dict[str, Any]]:
    """Review every stored shift trace of `run_dir` under `rubric` into rubric.jsonl.

    Args:
        run_dir: a run directory (with `traces/`).
        rubric: a rubric version (`restaurant-rubric/v2`).
        reviewer: `(lines, rubric) -> review` of a validated trace; the rule-based
            `rubric.review` by default (a `judge.Judge(...).review` works too).
    """
    criteria_of(rubric)  # an unknown rubric fails before anything is written
    run_dir = Path(run_dir)
    judge = reviewer or (lambda lines, r: review(lines, r, validated=True))
    rows: list[dict[str, Any]] = []
    report: list[dict[str, Any]] = []
    for task, attempt, path in traces(run_dir):
        lines = read_trace(path)
        reason = validate(lines)
        if reason is not None:
            report.append({"task": task, "attempt": attempt, "rubric": rubric,
                           "valid": False, "reason": reason})
            continue
        row = {"task": task, "attempt": attempt, **judge(lines, rubric)}
        rows.append(row)
        report.append(row)
    target = run_dir / "rubric.jsonl"
    kept = []
    if target.exists():
        for raw in target.read_bytes().splitlines():
            if not raw.strip():
                continue
            if orjson.loads(raw).get("rubric") != rubric:
                kept.append(raw + b"\n")
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(b"".join(kept) + b"".join(orjson.dumps(r) + b"\n" for r in rows))
    os.replace(tmp, target)
    return report
