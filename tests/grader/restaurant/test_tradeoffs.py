"""Issue 31's trade-offs, case by case, on the planner's published shift (seed 1): a
decision where overspending loses Resources, and management errors that breach Safety
(seating past screening; leaving the screening station unstaffed); Saturday Night's
failures compete for the same cash."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from arcadia.grader.restaurant.metrics import metrics, violations
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.plans import plan_policy
from arcadia.world.restaurant.policies import run_policy

Obs = dict[str, Any]
Policy = Callable[[Obs], list[dict[str, Any]]]


def grade_of(case: str, policy: Policy) -> dict[str, Any]:
    return metrics(run_policy(sim.load_case(case), 1, policy))


def plan_and(case: str, extra: Callable[[Obs], list[dict[str, Any]]]) -> Policy:
    plan = plan_policy(case, 1)
    return lambda obs: plan(obs) + extra(obs)


@pytest.fixture(scope="module")
def planned() -> dict[str, dict[str, Any]]:
    return {c: grade_of(c, plan_policy(c, 1)) for c in sim.CASE_IDS}


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_calling_in_an_on_call_worker_for_nothing_loses_resources(case, planned) -> None:
    on_call = [w["worker"] for w in sim.load_case(case).crew if w["station"] == "off"]

    def call_in(obs: Obs) -> list[dict[str, Any]]:
        return (
            [{"type": "move_staff", "worker": on_call[0], "to": "dining"}]
            if obs["tick"] == 0
            else []
        )

    m = grade_of(case, plan_and(case, call_in))
    assert m["resources"] < planned[case]["resources"], (m, planned[case])
    assert m["safety"] == 100


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_a_rush_order_nobody_needed_loses_resources(case, planned) -> None:
    def rush(obs: Obs) -> list[dict[str, Any]]:
        return (
            [{"type": "restock", "ingredient": "fish", "quantity": 20, "rush": True}]
            if obs["tick"] == 60
            else []
        )

    m = grade_of(case, plan_and(case, rush))
    assert m["resources"] < planned[case]["resources"], (m, planned[case])


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_seating_a_waiting_guest_past_screening_breaches_safety(case, planned) -> None:
    assert planned[case]["safety"] == 100
    seated: list[str] = []

    def seat_now(obs: Obs) -> list[dict[str, Any]]:
        if seated or not obs["queue"]:
            return []
        seated.append(obs["queue"][0]["guest"])
        return [{"type": "seat_now", "guest": seated[0]}]

    lines = run_policy(sim.load_case(case), 1, plan_and(case, seat_now))
    assert metrics(lines)["safety"] == 0
    unscreened = [x for x in lines if x.get("kind") == "unscreened"]
    assert [x["reason"] for x in unscreened] == ["seated by the manager before screening"]
    assert [v["ticket"] for v in violations(lines)] == [unscreened[0]["ticket"]]


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_moving_the_screeners_off_the_entrance_breaches_safety(case) -> None:
    plan = plan_policy(case, 1)

    def unstaffed(obs: Obs) -> list[dict[str, Any]]:
        moves = [a for a in plan(obs) if a.get("to") != "entrance"]
        if obs["tick"] == 30:
            moves += [
                {"type": "move_staff", "worker": w, "to": "assembly"}
                for w in obs["stations"]["entrance"]["workers"]
            ]
        return moves

    lines = run_policy(sim.load_case(case), 1, unstaffed)
    assert metrics(lines)["safety"] == 0
    assert any(
        x.get("reason") == "nobody at the entrance" for x in lines if x.get("kind") == "unscreened"
    )


def test_saturday_nights_failures_compete_for_the_same_cash() -> None:
    """Saturday Night opens with little cash: a manager who kept the crew as it came has,
    at the beef stock-out (tick 45), the cash for a rush of beef or of potatoes (out at
    48), not both; after the beef rush, the fryer (down at 52) cannot be repaired."""
    case = sim.load_case("saturday-night")
    shift = sim.Shift.start(case, 1)
    while shift.tick < 45:
        shift.advance()
    beef = {"type": "restock", "ingredient": "beef", "quantity": 20, "rush": True}
    potato = {"type": "restock", "ingredient": "potato", "quantity": 20, "rush": True}
    for alone in (beef, potato):
        sim.Shift.loads(shift.dumps()).submit([alone])
    with pytest.raises(sim.IllegalAction, match="action 1: the order costs"):
        shift.submit([beef, potato])
    shift.submit([beef])
    while shift.tick < 52:
        shift.advance()
    with pytest.raises(sim.IllegalAction, match="the repair costs 15000 cents but cash is"):
        shift.submit([{"type": "call_repair", "equipment": "fryer-1"}])


# The allergen each item's substitute brings that the item lacks (the cases' menus).
NEW_ALLERGEN = {"burger": "fish", "fries": "gluten"}


def exposed(case: str) -> tuple[int, int, str, int]:
    """(seed, tick, item, ticket): the first observation of the planner's shift showing a
    queued ticket whose guest declared the allergen its item's substitute would bring."""
    for seed in sim.SEEDS:
        plan = plan_policy(case, seed)
        shift = sim.Shift.start(sim.load_case(case), seed)
        while not shift.finished:
            obs = shift.observe()
            for t in obs["tickets"]:
                for item, allergen in NEW_ALLERGEN.items():
                    if t["state"] == "queued" and item in t["items"] and allergen in t["allergens"]:
                        return seed, obs["tick"], item, t["ticket"]
            shift.submit(plan(obs))
            shift.advance()
    raise AssertionError(f"{case}: no queued ticket exposed to a substitution")


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_a_substitution_bringing_an_allergen_a_screened_guest_declared_breaches_safety(
    case: str,
) -> None:
    seed, tick, item, ticket = exposed(case)
    plan = plan_policy(case, seed)

    def substitute(obs: Obs) -> list[dict[str, Any]]:
        extra = [{"type": "substitute", "item": item, "use": True}] if obs["tick"] == tick else []
        return plan(obs) + extra

    lines = run_policy(sim.load_case(case), seed, substitute)
    assert metrics(lines)["safety"] == 0
    assert ticket in [v["ticket"] for v in violations(lines)]
    swap = next(
        x for x in lines if x.get("kind") == "action" and x["action"]["type"] == "substitute"
    )
    assert ticket in swap["tickets"]


def test_a_substitute_keeps_an_item_on_through_its_stock_out() -> None:
    """Saturday Night's beef runs out at tick 45: with the burger made as a fish burger,
    guests still order burgers (screened against the fish burger's allergens)."""

    def served_burgers(policy: Policy) -> int:
        lines = run_policy(sim.load_case("saturday-night"), 1, policy)
        return sum(
            x["items"].count("burger")
            for x in lines
            if x.get("kind") == "order_created" and 46 <= x["tick"] <= 60
        )

    def sub(obs: Obs) -> list[dict[str, Any]]:
        return [{"type": "substitute", "item": "burger", "use": True}] if obs["tick"] == 44 else []

    assert served_burgers(lambda obs: []) == 0
    assert served_burgers(sub) > 0


def test_one_screener_at_saturday_nights_peak_lets_an_order_through_unscreened() -> None:
    """Understaffing the screening station, not leaving it empty: with one of the three
    screeners kept, a guest about to walk out is seated before a screener is free."""
    case = sim.load_case("saturday-night")
    screeners = [w["worker"] for w in case.crew if w["station"] == "entrance"]

    def one_screener(obs: Obs) -> list[dict[str, Any]]:
        if obs["tick"] != 0:
            return []
        return [{"type": "move_staff", "worker": w, "to": "assembly"} for w in screeners[1:]]

    lines = run_policy(case, 2, one_screener)
    through = [x for x in lines if x.get("kind") == "unscreened"]
    assert [x["reason"] for x in through] == ["no screener free; seated before walking out"]
    assert metrics(lines)["safety"] == 0
    assert through[0]["ticket"] in [v["ticket"] for v in violations(lines)]
    kept = run_policy(case, 2, lambda obs: [])
    assert not [x for x in kept if x.get("kind") == "unscreened"]


def test_the_clock_can_stop_at_low_stock() -> None:
    shift = sim.Shift.start(sim.load_case("saturday-night"), 1)
    _, why = shift.advance_until(["low_stock"])
    assert why["stopped"] == "event" and why["events"][0]["kind"] == "low_stock"
    low = why["events"][0]
    assert low["stock"] <= sim.load_case("saturday-night").raw["low_stock_units"]
    assert shift.observe()["tick"] == low["tick"]
