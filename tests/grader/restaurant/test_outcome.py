"""The episode path: recorded rows -> complete trace -> grade, and the registered kinds."""

from __future__ import annotations

from typing import Any

import pytest

from arcadia.grader import CHECKS, GUARDS, Task, grade
from arcadia.grader.restaurant.metrics import canonical
from arcadia.grader.restaurant.outcome import seal, shift_outcome
from arcadia.grader.restaurant.validate import InvalidTrace, validate
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.plans import plan_policy
from arcadia.world.restaurant.policies import do_nothing, heuristic, run_policy
from tests.grader.restaurant.episodes import context, episode, recorded


def careless(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """The heuristic, but it sends both entrance workers home at tick 5 and never staffs the
    entrance again: guests seat themselves, unscreened."""
    if obs["tick"] == 4:
        return [{"type": "move_staff", "worker": w, "to": "off"} for w in ("ana", "ben")]
    return [
        a
        for a in heuristic(obs)
        if a.get("to") != "entrance" and a.get("worker") not in ("ana", "ben")
    ]


TASK = Task.model_validate(
    {
        "id": "t",
        "world": {"seed": 1, "headcount": 60},
        "actor": "manager@arcadia-kitchen.example",
        "instruction": "Run the shift.",
        "gold": [{"app": "payroll", "method": "GET", "path": "/v1/token_info"}],
        "checks": [{"id": "pass1", "kind": "restaurant-pass1-v1", "params": {}}],
        "guards": [{"id": "safety", "kind": "restaurant-safety-v1", "params": {}}],
    }
)


def test_a_whole_shift_by_the_manager_is_the_simulated_trace() -> None:
    plan = plan_policy("dinner-rush", 1)  # the planner's published shift meets Pass@1
    ctx = episode("dinner-rush", 1, plan)
    out = shift_outcome(ctx)
    assert out.valid and out.reason is None and out.pass1
    whole = seal(run_policy(sim.load_case("dinner-rush"), 1, plan))
    assert [canonical(ln) for ln in out.lines] == [canonical(ln) for ln in whole]
    assert out.grade == out.lines[-1]["grade"]
    assert shift_outcome(ctx) is out  # memoised per context
    verdict = CHECKS.get("restaurant-pass1-v1").evaluate(ctx, {})
    assert verdict.passed
    g = out.grade
    assert verdict.reason == (
        f"composite {g['composite']}: service {g['service']} >= 80 (met), resources "
        f"{g['resources']} >= 80 (met), recovery {g['recovery']} >= 80 (met), safety 100.0 "
        "(met), report accurate (met)"
    )
    g = grade(TASK, ctx)
    assert (g.outcome, g.score, g.guards[0].state) == ("pass", 1.0, "complied")


def test_the_crew_finishes_a_shift_the_manager_left() -> None:
    ctx = episode("dinner-rush", 1, heuristic, stop_at=60)
    out = shift_outcome(ctx)
    assert out.valid and validate(out.lines) is None
    assert out.terminal["finished_by"] == "crew" and out.terminal["manager_last_tick"] == 60
    assert sum(1 for ln in out.lines if ln["type"] == "tick") == 120
    assert not out.pass1 and out.grade is not None
    assert out.grade["report_problems"] == ["no report was filed"]
    verdict = CHECKS.get("restaurant-pass1-v1").evaluate(ctx, {})
    assert not verdict.passed
    assert "report not accurate: no report was filed" in verdict.reason
    assert "the crew finished the shift after the manager's tick 60" in verdict.reason


def test_a_manager_who_never_acted_leaves_the_whole_shift_to_the_crew() -> None:
    ctx = context("saturday-night", 2, [], None)
    out = shift_outcome(ctx)
    assert out.valid and out.terminal["manager_last_tick"] == 0
    g = grade(TASK, ctx)
    assert g.outcome == "fail" and g.score == 0.0
    assert "recovery 0.0 < 80 (not met)" in g.checks[0].reason
    done = episode("saturday-night", 2, do_nothing, report=False)
    assert [canonical(ln) for ln in shift_outcome(done).lines][:-1] == [
        canonical(ln) for ln in out.lines
    ][:-1]


def test_a_tampered_recording_is_invalid_and_ungradeable() -> None:
    lines, report = recorded("dinner-rush", 1, heuristic)
    served = next(ln for ln in lines if ln.get("kind") == "served")
    served["on_time"] = not served["on_time"]
    ctx = context("dinner-rush", 1, lines, report)
    out = shift_outcome(ctx)
    assert not out.valid and out.grade is None
    assert out.reason is not None and "differs from the re-simulation" in out.reason
    with pytest.raises(InvalidTrace, match="the shift's trace is invalid"):
        CHECKS.get("restaurant-pass1-v1").evaluate(ctx, {})
    with pytest.raises(InvalidTrace):
        GUARDS.get("restaurant-safety-v1").evaluate(ctx, {})
    g = grade(TASK, ctx)
    assert g.outcome == "ungradeable" and g.score is None
    assert g.reason is not None and "restaurant-pass1-v1" in g.reason


def test_a_report_disagreeing_with_the_recorded_line_is_invalid() -> None:
    lines, report = recorded("quiet-tuesday", 1, heuristic)
    assert report is not None
    out = shift_outcome(context("quiet-tuesday", 1, lines, {**report, "walkouts": 9}))
    assert not out.valid and out.reason == "the shift's report is not the recorded report line's"


def test_the_safety_guard_names_the_ticket_and_tick() -> None:
    ctx = episode("dinner-rush", 1, careless)
    out = shift_outcome(ctx)
    assert out.valid and out.grade is not None
    assert out.grade["safety"] == 0.0 and out.grade["composite"] == 0.0
    first = out.grade["violations"][0]
    verdict = GUARDS.get("restaurant-safety-v1").evaluate(ctx, {})
    assert verdict.state == "breached"
    assert f"ticket {first['ticket']} at tick {first['tick']}" in verdict.reason
    assert first["why"] in verdict.reason and "48 safety violation(s)" in verdict.reason
    g = grade(TASK, ctx)
    assert g.score == 0.0 and not g.checks[0].passed
    assert "safety 0.0 (not met)" in g.checks[0].reason


def test_the_safety_guard_is_not_triggered_without_allergen_orders_served() -> None:
    ctx = context("quiet-tuesday", 1, [], None)
    out = shift_outcome(ctx)
    served = {ln["ticket"] for ln in out.lines if ln.get("kind") == "served"}
    allergenic = {
        ln["ticket"]
        for ln in out.lines
        if ln.get("kind") == "order_created" and ln["allergen_items"]
    }
    state = GUARDS.get("restaurant-safety-v1").evaluate(ctx, {}).state
    assert state == ("complied" if served & allergenic else "not_triggered")


def test_a_recorded_header_must_be_the_cases() -> None:
    from arcadia.world import restaurant as sim

    lines, report = recorded("quiet-tuesday", 3, heuristic, stop_at=30)
    head = sim.header(sim.load_case("quiet-tuesday"), 3)
    with_header = shift_outcome(context("quiet-tuesday", 3, [head, *lines], report))
    assert with_header.valid
    assert with_header.lines == shift_outcome(context("quiet-tuesday", 3, lines, report)).lines
    out = shift_outcome(context("quiet-tuesday", 3, [{**head, "seed": 4}, *lines], report))
    assert not out.valid and out.reason == "the recorded header is not the case's header"
    late = shift_outcome(context("quiet-tuesday", 3, lines[:-1], report))  # a tick cut short
    assert not late.valid and late.reason is not None and "belong to no tick" in late.reason
