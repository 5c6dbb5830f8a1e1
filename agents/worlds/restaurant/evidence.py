"""A restaurant run's evidence, re-checked every time the run is reported or ranked.

For each attempt of a shift task: its `traces/<task>/<attempt>.shift.jsonl` exists, the
validator accepts it (hash chain, ledger, orders, re-simulation, the footer's grade), and
the outcome recomputed from it (validity, case and seed, the four metrics, the composite,
Pass@1, the report's accuracy, who finished) equals the row's `shift` and its Pass@1 check.
A row that disagrees with its trace is named (`arcadia.agents.seal.evidence`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from arcadia.agents.worlds.restaurant.shift import APP, METRICS, shift_path
from arcadia.grader.restaurant import ShiftOutcome
from arcadia.grader.restaurant.validate import validate

Row = dict[str, Any]
PASS1_CHECK = "restaurant-pass1-v1"


def recomputed(lines: Sequence[Row]) -> Row:
    """What a row's `shift` says, recomputed from the stored trace alone."""
    reason = validate(lines)
    valid = reason is None
    foot = lines[-1] if lines and lines[-1].get("type") == "footer" else {}
    outcome = ShiftOutcome(list(lines), foot.get("grade") if valid else None, valid, reason)
    g = outcome.grade or {}
    header = lines[0] if lines and lines[0].get("type") == "header" else {}
    return {
        "valid": valid,
        "reason": reason,
        "case": header.get("case"),
        "seed": header.get("seed"),
        "metrics": {m: g.get(m) for m in METRICS},
        "composite": g.get("composite"),
        "pass1": outcome.pass1,
        "report_accurate": valid and bool(g.get("report_accurate")),
        "finished_by": outcome.terminal.get("finished_by"),
    }


def _problem(row: Row, what: str) -> Row:
    return {"task": row.get("task"), "attempt": row.get("attempt"), "what": what}


def check_row(run_dir: Path, row: Row) -> list[Row]:
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


def check_run(run_dir: Path, rows: Sequence[Row]) -> list[Row]:
    """Problems of every shift attempt's stored evidence among `rows`."""
    out: list[Row] = []
    for row in rows:
        if APP in (row.get("apps") or []) or "shift" in row:
            out += check_row(run_dir, row)
    return out
