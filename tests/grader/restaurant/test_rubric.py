"""The rubric's verdicts on scripted managers built to pass and to fail each criterion."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from arcadia.grader.restaurant.outcome import seal
from arcadia.grader.restaurant.rubric import CRITERIA, RUBRICS, relevant_ticks, review
from arcadia.grader.restaurant.validate import InvalidTrace
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.plans import plan_policy
from arcadia.world.restaurant.policies import do_nothing, heuristic, run_policy
from tests.grader.restaurant.builder import Trace, served_order

Obs = dict[str, Any]
Actions = list[dict[str, Any]]
V2 = "restaurant-rubric/v2"


def planned(obs: Obs) -> Actions:
    """The planner's published shift of the observed case (seed 1): every criterion passes."""
    return plan_policy(obs["case"], 1)(obs)


def manager(
    base: Callable[[Obs], Actions] = planned,
    *,
    drop: tuple[str, ...] = (),
    at: dict[int, Actions] | None = None,
    also: Callable[[Obs], Actions] | None = None,
) -> Callable[[Obs], Actions]:
    """`base` without the action types in `drop`, plus `at[t]` (applied at tick t) and
    whatever `also` adds."""

    def act(obs: Obs) -> Actions:
        out = [a for a in base(obs) if a["type"] not in drop]
        out += (at or {}).get(obs["tick"] + 1, [])
        return out + (also(obs) if also else [])

    return act


def verdicts(case: str, policy: Callable[[Obs], Actions], seed: int = 1) -> dict[str, Any]:
    r = review(seal(run_policy(sim.load_case(case), seed, policy)), V2)
    return {c["id"]: c for c in r["criteria"]}


@cache
def planned_verdicts(case: str) -> dict[str, Any]:
    return verdicts(case, planned)


@pytest.mark.parametrize("case", sim.CASE_IDS)
@pytest.mark.parametrize("criterion", RUBRICS[V2])
def test_the_planner_passes_every_criterion(case: str, criterion: str) -> None:
    v = planned_verdicts(case)[criterion]
    assert v["passed"], v["rationale"]
    assert v["name"] == CRITERIA[criterion].name


def failing(v: dict[str, Any], criterion: str, phrase: str) -> None:
    c = v[criterion]
    assert not c["passed"] and phrase in c["rationale"], c
    assert c["evidence_ticks"] and all(1 <= t <= 120 for t in c["evidence_ticks"])


def into_the_dead_fryer(obs: Obs) -> Actions:
    """Reroutes chicken waiting at the grill to the fryer while the fryer is down."""
    if obs["stations"]["fryer"]["up"]:
        return []
    return [
        {"type": "reroute", "ticket": t["ticket"], "station": "fryer"}
        for t in obs["tickets"]
        if t["state"] in ("queued", "cooking")
        and any(
            w["item"] == "chicken" and w["station"] == "grill" and w["left"] > 0 for w in t["work"]
        )
    ][:1]


def test_decision_quality_fails_a_reroute_into_a_down_station() -> None:
    v = verdicts("saturday-night", manager(do_nothing, also=into_the_dead_fryer))
    failing(v, "decision_quality", "rerouted to fryer, whose equipment was down")


def test_decision_quality_fails_pulling_an_undisrupted_item() -> None:
    v = verdicts("dinner-rush", manager(at={10: [{"type": "menu_off", "item": "fries"}]}))
    failing(v, "decision_quality", "tick 10: fries taken off the menu though none")
    assert [c for c, x in v.items() if not x["passed"]] == ["decision_quality"]


def test_decision_quality_fails_a_manager_idle_through_walkouts() -> None:
    failing(
        verdicts("dinner-rush", do_nothing),
        "decision_quality",
        "a guest walked out and the manager never acted",
    )


def test_recovery_handling_fails_an_unaddressed_failure() -> None:
    failing(
        verdicts("dinner-rush", do_nothing),
        "recovery_handling",
        "the grill-1 failure at tick 50 was never addressed by the manager",
    )


def test_recovery_handling_fails_a_repair_too_late() -> None:
    late = manager(
        drop=("call_repair", "reroute"), at={85: [{"type": "call_repair", "equipment": "grill-1"}]}
    )
    v = verdicts("dinner-rush", late)
    failing(v, "recovery_handling", "restored only at tick 91")


def test_a_slow_but_sufficient_repair_passes_recovery_and_fails_monitoring() -> None:
    slow = manager(
        drop=("call_repair", "reroute"), at={65: [{"type": "call_repair", "equipment": "grill-1"}]}
    )
    v = verdicts("dinner-rush", slow)
    assert v["recovery_handling"]["passed"], v["recovery_handling"]
    assert v["recovery_handling"]["evidence_ticks"] == [50, 65, 71]
    failing(v, "monitoring_adaptation", "went unnoticed for more than 10 ticks")


def careless(obs: Obs) -> Actions:
    """Sends both entrance workers home at tick 5 and never staffs the entrance again."""
    if obs["tick"] == 4:
        return [{"type": "move_staff", "worker": w, "to": "off"} for w in ("ana", "ben")]
    return [
        a
        for a in planned(obs)
        if a.get("to") != "entrance" and a.get("worker") not in ("ana", "ben")
    ]


def test_constraint_discipline_fails_unscreened_and_unsafe_servings() -> None:
    v = verdicts("dinner-rush", careless)
    failing(v, "constraint_discipline", "served to a guest who declared an allergen")
    assert (
        "never screened" in v["constraint_discipline"]["rationale"]
        or "(and" in v["constraint_discipline"]["rationale"]
    )


def test_constraint_discipline_fails_an_allergen_item_pulled_on_a_calm_night() -> None:
    v = verdicts("quiet-tuesday", manager(at={10: [{"type": "menu_off", "item": "salad"}]}))
    failing(v, "constraint_discipline", "tick 10: salad taken off the menu for its allergens")


def test_resource_proportionality_fails_a_rush_restock_without_a_shortage() -> None:
    rush = {5: [{"type": "restock", "ingredient": "fish", "quantity": 10, "rush": True}]}
    v = verdicts("quiet-tuesday", manager(at=rush))
    failing(v, "resource_proportionality", "tick 5: rush restock of fish with no stock-out")
    assert [c for c, x in v.items() if not x["passed"]] == ["resource_proportionality"]


def first_open(obs: Obs) -> Actions:
    """Comps the first open ticket at tick 12 (none is late yet on a quiet night)."""
    if obs["tick"] != 11:
        return []
    return [
        {"type": "comp", "ticket": t["ticket"]}
        for t in obs["tickets"]
        if t["state"] != "served" and t["deadline"] > 12
    ][:1]


def test_resource_proportionality_fails_a_comp_without_cause() -> None:
    v = verdicts("quiet-tuesday", manager(also=first_open))
    failing(v, "resource_proportionality", "comped though it was neither late nor walked out")
    # and the decision was not one the floor called for (v1 passed a needless comp)
    failing(v, "decision_quality", "comped though it was neither late nor walked out")


def test_decision_quality_fails_seating_a_guest_past_screening() -> None:
    seated: list[str] = []

    def seat_now(obs: Obs) -> Actions:
        if seated or not obs["queue"]:
            return []
        seated.append(obs["queue"][0]["guest"])
        return [{"type": "seat_now", "guest": seated[0]}]

    v = verdicts("dinner-rush", manager(also=seat_now))
    failing(v, "decision_quality", f"guest {seated[0]} seated past screening")
    failing(v, "constraint_discipline", "never screened")


def lend_a_cook(back_after: int) -> Callable[[Obs], Actions]:
    """Lends the first grill cook to the fryer at tick 33, moves them back `back_after`
    ticks later."""
    lent: list[str] = []

    def act(obs: Obs) -> Actions:
        if obs["tick"] == 32:
            lent.append(obs["stations"]["grill"]["workers"][0])
            return [{"type": "move_staff", "worker": lent[0], "to": "fryer"}]
        if lent and obs["tick"] == 32 + back_after:
            return [{"type": "move_staff", "worker": lent[0], "to": "grill"}]
        return []

    return act


def test_moving_a_lent_cook_back_after_three_ticks_is_not_thrash() -> None:
    v = verdicts("quiet-tuesday", manager(also=lend_a_cook(3)))
    assert v["coordination_sequencing"]["passed"], v["coordination_sequencing"]
    v = verdicts("quiet-tuesday", manager(also=lend_a_cook(2)))
    failing(v, "coordination_sequencing", "again 2 tick(s) after tick 33")


def test_resource_proportionality_fails_holding_seats_on_a_calm_floor() -> None:
    v = verdicts("quiet-tuesday", manager(at={20: [{"type": "hold_seating", "ticks": 5}]}))
    failing(v, "resource_proportionality", "tick 20: seating held on a calm floor")


def test_coordination_fails_moving_a_worker_back_and_forth() -> None:
    thrash = {
        10: [{"type": "move_staff", "worker": "cara", "to": "assembly"}],
        12: [{"type": "move_staff", "worker": "cara", "to": "dining"}],
    }
    v = verdicts("quiet-tuesday", manager(at=thrash))
    failing(v, "coordination_sequencing", "tick 12: move_staff of cara again 2 tick(s)")


def test_coordination_fails_a_later_shortage_handled_while_an_earlier_one_waits() -> None:
    order = {
        49: [{"type": "restock", "ingredient": "potato", "quantity": 60, "rush": True}],
        60: [{"type": "restock", "ingredient": "beef", "quantity": 60, "rush": True}],
    }
    v = verdicts("saturday-night", manager(drop=("restock", "menu_off"), at=order))
    failing(
        v,
        "coordination_sequencing",
        "tick 49: the potato shortage at tick 48 was addressed while the beef shortage "
        "at tick 45 still waited",
    )


def test_coordination_fails_a_disruption_never_addressed() -> None:
    """Doing nothing through a failure is not a vacuous pass: nothing was coordinated."""
    failing(verdicts("dinner-rush", do_nothing), "coordination_sequencing", "was never addressed")
    v = verdicts("quiet-tuesday", do_nothing)  # no disruption: nothing was left waiting
    assert v["coordination_sequencing"]["passed"], v["coordination_sequencing"]


def test_coordination_fails_when_nothing_is_served_through_an_outage() -> None:
    t = Trace(failures=[{"tick": 10, "equipment": "grill-1", "station": "grill"}])
    t.to(8).order(1).move(1, "queued", "cooking", "grill")
    t.to(10).fail().to(11).act("call_repair", equipment="grill-1").to(17).repair()
    t.to(18).move(1, "cooking", "ready").serve(1).ledger("revenue", 1000)
    v = {c["id"]: c for c in review(t.end(auto_report=True), V2, validated=True)["criteria"]}
    failing(v, "coordination_sequencing", "no order was served during the grill-1 failure")
    t = Trace(failures=[{"tick": 10, "equipment": "grill-1", "station": "grill"}])
    t.to(8).order(1).move(1, "queued", "cooking", "grill")
    t.to(10).fail().to(11).act("call_repair", equipment="grill-1")
    served_order(t, 2, 12, station="fryer")
    t.to(17).repair().to(18).move(1, "cooking", "ready").serve(1)
    v = {c["id"]: c for c in review(t.end(auto_report=True), V2, validated=True)["criteria"]}
    assert v["coordination_sequencing"]["passed"], v["coordination_sequencing"]


def test_monitoring_fails_an_item_left_off_after_the_restore() -> None:
    off = {51: [{"type": "menu_off", "item": "burger"}]}
    v = verdicts("dinner-rush", manager(at=off))
    failing(
        v,
        "monitoring_adaptation",
        "burger, taken off at tick 51, stayed off after the "
        "grill-1 failure at tick 50 was restored at tick 57",
    )
    assert v["decision_quality"]["passed"] and v["constraint_discipline"]["passed"]
    back = manager(at={**off, 60: [{"type": "menu_on", "item": "burger"}]})
    assert verdicts("dinner-rush", back)["monitoring_adaptation"]["passed"]


def test_monitoring_fails_walkouts_that_draw_no_action() -> None:
    failing(verdicts("dinner-rush", do_nothing), "monitoring_adaptation", "drew no action")


def test_review_shape_versions_and_determinism() -> None:
    lines = seal(run_policy(sim.load_case("dinner-rush"), 1, do_nothing))
    v1, v2 = review(lines, "restaurant-rubric/v1"), review(lines, V2)
    assert [c["id"] for c in v1["criteria"]] == ["decision_quality", "recovery_handling"]
    assert v2["criteria"][:2] == v1["criteria"] and v2["total"] == 6
    assert v2["passed"] == sum(c["passed"] for c in v2["criteria"])
    assert set(v2) == {"rubric", "reviewer", "criteria", "passed", "total"}
    assert v2["reviewer"] == "rules/1" and review(lines, V2) == v2
    for c in v2["criteria"]:
        assert set(c) == {"id", "name", "passed", "rationale", "evidence_ticks"}
    with pytest.raises(KeyError, match="unknown rubric"):
        review(lines, "restaurant-rubric/v3")


def test_the_rubric_refuses_invalid_traces_and_never_recomputes_the_grade() -> None:
    lines = seal(run_policy(sim.load_case("dinner-rush"), 1, heuristic))
    lines[-1]["grade"]["composite"] = 12.5
    with pytest.raises(InvalidTrace, match="grade differs"):
        review(lines, V2)
    # Trusted as valid, the review takes the grade's violations as they are.
    lines[-1]["grade"]["violations"] = [{"ticket": 4, "tick": 9, "why": "(from the grade)"}]
    v = {c["id"]: c for c in review(lines, V2, validated=True)["criteria"]}
    assert v["constraint_discipline"]["rationale"] == "tick 9: ticket 4: (from the grade)"


def test_resource_proportionality_fails_a_calm_night_staffed_as_if_busy() -> None:
    v = verdicts("quiet-tuesday", do_nothing)
    failing(
        v,
        "resource_proportionality",
        "tick(s) paying more than one worker per station while no ticket was open",
    )
    assert [c for c, x in v.items() if not x["passed"]] == ["resource_proportionality"]


@pytest.mark.parametrize("policy", [heuristic, do_nothing, planned], ids=lambda p: p.__name__)
def test_every_cited_tick_carries_an_event_bearing_on_its_criterion(policy) -> None:
    for case in sim.CASE_IDS:
        lines = seal(run_policy(sim.load_case(case), 1, policy))
        relevant = relevant_ticks(lines)
        for v in review(lines, V2)["criteria"]:
            assert set(v["evidence_ticks"]) <= relevant[v["id"]], (case, v)
