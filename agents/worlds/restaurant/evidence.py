"""A restaurant run's evidence, re-checked every time the run is reported or ranked.

For each attempt of a shift task: its `traces/<task>/<attempt>.shift.jsonl` exists, the
validator accepts it (hash chain, ledger, orders, re-simulation, the footer's grade), and
the outcome recomputed from it (validity, case and seed, the four metrics, the composite,
Pass@1, the report's accuracy, who finished) equals the row's `shift` and its Pass@1 check.
A row that disagrees with its trace is named (`arcadia.agents.seal.evidence`). rubric.jsonl
is rewritten by `arcadia regrade`, so it is not sealed: each rule-based review in it must be
the rules' review of its valid trace, recomputed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson

from arcadia.agents.worlds.restaurant.shift import APP, ShiftRecord, read_rubric, shift_path
from arcadia.grader.restaurant import ShiftOutcome, review
from arcadia.grader.restaurant.validate import validate

Row = dict[str, Any]
PASS1_CHECK = "restaurant-pass1-v1"


def recomputed(lines: Sequence[Row]) -> Row:
    """What a row's `shift` says, recomputed from the stored trace alone: the record the
    runner's grading makes (`ShiftRecord.summary`), its case and seed from the header."""
    reason = validate(lines)
    valid = reason is None
    foot = lines[-1] if lines and lines[-1].get("type") == "footer" else {}
    outcome = ShiftOutcome(list(lines), foot.get("grade") if valid else None, valid, reason)
    header = lines[0] if lines and lines[0].get("type") == "header" else {}
    # The summary reads only the task's case and world seed: the trace's header has both.
    task = SimpleNamespace(
        situation=SimpleNamespace(params={"case": header.get("case")}),
        world=SimpleNamespace(seed=header.get("seed")),
    )
    return ShiftRecord(task, outcome).summary()  # type: ignore[arg-type]


def _problem(row: Row, what: str) -> Row:
    return {"task": row.get("task"), "attempt": row.get("attempt"), "what": what}


def check_row(
    run_dir: Path, row: Row, valid: dict[tuple[str, int], list[Row]] | None = None
) -> list[Row]:
    """The row's shift against its stored trace; a valid trace's lines go into `valid`."""
    recorded = row.get("shift")
    if row.get("class") == "environment_error" and not recorded:
        return []  # never graded as a shift: nothing to re-check
    path = shift_path(run_dir, str(row.get("task")), row.get("attempt"))  # type: ignore[arg-type]
    rel = path.relative_to(run_dir).as_posix()
    if not path.exists():
        return [_problem(row, f"its shift trace {rel} is missing")]
    try:
        lines = [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]
    except orjson.JSONDecodeError:
        return [_problem(row, f"its shift trace {rel} is not JSON lines")]
    if not isinstance(recorded, dict):
        return [_problem(row, "the row has no shift outcome beside its shift trace")]
    got = recomputed(lines)
    if got["valid"] and valid is not None:
        valid[(str(row.get("task")), int(row.get("attempt") or 0))] = lines
    out = []
    if recorded.get("valid") and not got["valid"]:
        out.append(_problem(row, f"its shift trace {rel} is invalid: {got['reason']}"))
    elif not recorded.get("valid") and got["valid"]:
        out.append(
            _problem(row, f"the row calls its shift trace invalid, the validator accepts {rel}")
        )
    else:
        wrong = [k for k in got if k != "reason" and got[k] != recorded.get(k)]
        if wrong:
            out.append(
                _problem(
                    row,
                    "the row's shift disagrees with its trace on "
                    + ", ".join(
                        f"{k} ({recorded.get(k)!r} recorded, {got[k]!r} in the trace)"
                        for k in wrong
                    ),
                )
            )
    for check in row.get("checks") or []:
        if (
            got["valid"]
            and check.get("kind") == PASS1_CHECK
            and bool(check.get("passed")) != got["pass1"]
        ):
            out.append(
                _problem(
                    row, f"its Pass@1 check says {check.get('passed')}, the trace {got['pass1']}"
                )
            )
    return out


def check_reviews(
    run_dir: Path, valid: dict[tuple[str, int], list[Row]], shifts: set[tuple[str, int]]
) -> list[Row]:
    """Each rule-based review in rubric.jsonl is the rules' review of its valid trace (a
    model's review, or one of a rubric version this code no longer has, cannot be
    recomputed, and is left as recorded)."""
    out = []
    for (task, attempt, rubric), row in sorted(read_rubric(run_dir).items()):
        where = {"task": task, "attempt": attempt}
        lines = valid.get((task, attempt))
        if lines is None and (task, attempt) in shifts:
            continue  # its trace's own problem is named already
        if lines is None:
            out.append(
                _problem(
                    where,
                    f"rubric.jsonl reviews it under {rubric}, but the run has no shift of it",
                )
            )
            continue
        try:
            want = review(lines, rubric, validated=True)
        except (KeyError, ValueError):
            continue  # a version this code no longer knows: left as recorded, as a model's
        if row.get("reviewer") == want["reviewer"] and any(
            row.get(k) != v for k, v in want.items()
        ):
            out.append(
                _problem(
                    where,
                    f"its {rubric} review in rubric.jsonl is not the rules' "
                    "review of its shift trace",
                )
            )
    return out


def check_run(run_dir: Path, rows: Sequence[Row]) -> list[Row]:
    """Problems of every shift attempt's stored evidence among `rows`, and of the rule-based
    reviews of their traces."""
    out: list[Row] = []
    valid: dict[tuple[str, int], list[Row]] = {}
    shifts = set()
    for row in rows:
        if APP in (row.get("apps") or []) or "shift" in row:
            shifts.add((str(row.get("task")), int(row.get("attempt") or 0)))
            out += check_row(run_dir, row, valid)
    return out + check_reviews(run_dir, valid, shifts)
