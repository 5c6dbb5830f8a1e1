"""Episodes as the grader sees them: the rows a shift added to the restaurant app."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from arcadia.grader.checks import GradeContext
from arcadia.grader.diff import Diff, Record
from arcadia.grader.restaurant.metrics import REPORT_FIELDS, canonical
from arcadia.world import SituationSpec, WorldSpec
from arcadia.world import restaurant as sim

Policy = Callable[[dict[str, Any]], list[dict[str, Any]]]


def recorded(case: str, seed: int, policy: Policy, *, stop_at: int = 120,
             report: bool = True) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The lines a manager running `policy` until `stop_at` leaves, and its report."""
    shift = sim.Shift.start(sim.load_case(case), seed)
    lines: list[dict[str, Any]] = []
    while shift.tick < stop_at:
        actions = policy(shift.observe())
        if actions:
            shift.submit(actions)
        lines += shift.advance()
    filed = None
    if report and shift.finished:
        figures = shift.figures()
        filed = {k: figures[k] for k in REPORT_FIELDS}
        lines += shift.file_report(filed)
    return lines, filed


def context(case: str, seed: int, lines: list[dict[str, Any]],
            report: dict[str, Any] | None) -> GradeContext:
    rows = [Record("restaurant", "shift_event", (n,), None,
                   {"seq": n, "tick": ln.get("tick", 0), "kind": ln.get("kind", ln["type"]),
                    "line": canonical(ln).decode()}) for n, ln in enumerate(lines, start=1)]
    before = {"id": 1, "case": case, "seed": seed, "tick": 0, "report": None}
    after = {**before, "tick": 120 if report else 0,
             "report": None if report is None else canonical(report).decode()}
    rows.append(Record("restaurant", "shift", (1,), before, after,
                       {"report": (None, after["report"])}))
    spec = WorldSpec(seed=seed, name="restaurant",
                     situations=(SituationSpec("restaurant-shift-v1", {"case": case}),))
    return GradeContext(Diff(rows), SimpleNamespace(spec=spec))  # type: ignore[arg-type]


def episode(case: str, seed: int, policy: Policy, **kw: Any) -> GradeContext:
    return context(case, seed, *recorded(case, seed, policy, **kw))
