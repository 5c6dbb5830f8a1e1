"""One episode's outcome: the recorded shift, finished by the crew if need be, validated
and scored.

The recorded lines are the `line` column of the rows the episode added to the restaurant
app's `shift_event` table, in row order; the report is the `shift` row's new `report`. If
the manager stopped before tick 120 the crew finishes the shift: the re-simulation runs on
with no further manager actions, and the footer's terminal state says so
(`finished_by: "crew"` and the manager's last tick).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from arcadia.grader.checks import GradeContext
from arcadia.grader.restaurant import metrics as M
from arcadia.grader.restaurant import validate as V
from arcadia.world import restaurant as sim

APP = "restaurant"
SITUATION = "restaurant-shift-v1"


@dataclass(frozen=True)
class ShiftOutcome:
    """The complete trace (footer included when valid), its grade, and whether it is valid.

    An invalid episode keeps the lines as recorded (after the header) and no grade.
    """

    lines: list[dict[str, Any]]
    grade: dict[str, Any] | None
    valid: bool
    reason: str | None

    @property
    def pass1(self) -> bool:
        return self.valid and self.grade is not None and bool(self.grade["pass1"])

    @property
    def terminal(self) -> dict[str, Any]:
        foot = M.footer_of(self.lines)
        return dict(foot["terminal"]) if foot is not None else {}


def footer(lines: Sequence[Mapping[str, Any]], shift: sim.Shift, *,
           finished_by: str = "manager", manager_last_tick: int | None = None
           ) -> dict[str, Any]:
    """The footer line for a complete trace (header, ticks, report) whose re-simulation
    ended in `shift`: terminal state, the filed report and the grade."""
    terminal = {**shift.terminal(), "finished_by": finished_by,
                "manager_last_tick": sim.TICKS if manager_last_tick is None
                else manager_last_tick}
    foot: dict[str, Any] = {"type": "footer", "terminal": terminal,
                            "report": M.filed_report(lines), "grade": None}
    foot["grade"] = M.grade([*lines, foot])
    return foot


def seal(lines: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A complete trace without its footer (what `simulate` or `run_policy` return), with
    the footer added; raises InvalidTrace if it does not replay."""
    shift = V.replayed(lines)
    body = [dict(ln) for ln in lines]
    return [*body, footer(body, shift)]


def finish(case_id: str, seed: int, recorded: Sequence[Mapping[str, Any]],
           report: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The complete trace of a shift recorded up to some tick: the recorded lines must be
    what re-simulating them gives; the crew runs any remaining ticks; the report, if the
    manager filed one and its line was not recorded, is filed. Raises InvalidTrace."""
    return _finish(case_id, seed, recorded, report)[0]


def _finish(case_id: str, seed: int, recorded: Sequence[Mapping[str, Any]],
            report: Mapping[str, Any] | None) -> tuple[list[dict[str, Any]], sim.Shift]:
    if case_id not in sim.CASE_IDS:
        raise V.InvalidTrace(f"case {case_id!r} is not one of {list(sim.CASE_IDS)}")
    case = sim.load_case(case_id)
    head = sim.header(case, seed)
    body = list(recorded)
    if body and body[0].get("type") == "header":
        if V.canonical(body[0]) != V.canonical(head):
            raise V.InvalidTrace("the recorded header is not the case's header")
        body = body[1:]
    chunks: list[list[Mapping[str, Any]]] = []
    current: list[Mapping[str, Any]] = []
    for ln in body:
        current.append(ln)
        if ln.get("type") == "tick":
            chunks.append(current)
            current = []
    if len(chunks) > sim.TICKS:
        raise V.InvalidTrace(f"{len(chunks)} ticks recorded, more than {sim.TICKS}")
    if current and (len(chunks) < sim.TICKS
                    or any(ln.get("kind") != "report_filed" for ln in current)):
        raise V.InvalidTrace(f"{len(current)} recorded line(s) after tick {len(chunks)} that "
                             "belong to no tick")
    shift = sim.Shift.start(case, seed)
    V.resimulate(shift, chunks, current)
    lines: list[dict[str, Any]] = [head, *(dict(ln) for ln in body)]
    last = len(chunks)
    while not shift.finished:
        lines += shift.advance()
    if report is not None and not current:
        if last < sim.TICKS:
            raise V.InvalidTrace(f"a report was filed though the manager stopped at tick "
                                 f"{last}")
        try:
            lines += shift.file_report(dict(report))
        except sim.IllegalAction as e:
            raise V.InvalidTrace(f"the report is rejected: {e.reason}") from None
    elif report is not None and V.canonical(dict(report)) != V.canonical(
            current[0]["report"]):
        raise V.InvalidTrace("the shift's report is not the recorded report line's")
    lines.append(footer(lines, shift, finished_by="manager" if last == sim.TICKS else "crew",
                        manager_last_tick=last))
    return lines, shift


def _json(value: Any) -> Any:
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def episode(ctx: GradeContext) -> tuple[str, int, list[dict[str, Any]], Any]:
    """(case, seed, recorded lines, report) of the episode in `ctx`."""
    spec = ctx.part("spec")
    situations = [s for s in spec.situations if s.id == SITUATION]
    if not situations or "case" not in situations[0].params:
        raise ValueError(f"the world has no {SITUATION} situation naming its case")
    rows = ctx.diff.changed_records(APP, "shift_event").added
    rows = sorted(rows, key=lambda r: r.current["seq"])
    recorded = [_json(r.current["line"]) for r in rows]
    shift = ctx.diff.changed_records(APP, "shift")
    report = None
    for r in [*shift.added, *shift.updated]:
        report = _json(r.current.get("report"))
    return str(situations[0].params["case"]), int(spec.seed), recorded, report


_MEMO: dict[int, tuple[weakref.ref[GradeContext], ShiftOutcome]] = {}


def shift_outcome(ctx: GradeContext) -> ShiftOutcome:
    """The episode's outcome (memoised per context: its check and guard share it)."""
    hit = _MEMO.get(id(ctx))
    if hit is not None and hit[0]() is ctx:
        return hit[1]
    outcome = _outcome(ctx)
    _MEMO[id(ctx)] = (weakref.ref(ctx), outcome)
    weakref.finalize(ctx, _MEMO.pop, id(ctx), None)
    return outcome


def _outcome(ctx: GradeContext) -> ShiftOutcome:
    return outcome_of(*episode(ctx))


def outcome_of(case_id: str, seed: int, recorded: Sequence[Mapping[str, Any]],
               report: Mapping[str, Any] | None = None) -> ShiftOutcome:
    """The outcome of a shift recorded up to some tick (its trace lines, as the app wrote
    them, and the filed report): re-simulated once, finished, validated and scored."""
    try:
        lines, shift = _finish(case_id, seed, recorded, report)
    except V.InvalidTrace as e:
        head = [sim.header(sim.load_case(case_id), seed)] if case_id in sim.CASE_IDS else []
        rest = [dict(ln) for ln in recorded if ln.get("type") != "header"]
        return ShiftOutcome([*head, *rest], None, False, str(e))
    # `_finish` re-simulated and checked every recorded line; the rest is the simulation's
    # own output: validation checks all the rest without simulating the shift again.
    reason = V.validate(lines, replayed_to=shift)
    if reason is not None:
        return ShiftOutcome(lines, None, False, reason)
    return ShiftOutcome(lines, dict(lines[-1]["grade"]), True, None)
