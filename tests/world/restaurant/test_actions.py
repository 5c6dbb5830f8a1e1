"""Every manager action: an illegal one is rejected with a reason and changes nothing; a
legal one does what it says."""

from __future__ import annotations

import pytest

from arcadia.grader.restaurant.metrics import metrics
from arcadia.world.restaurant import IllegalAction, Shift, load_case
from arcadia.world.restaurant.policies import run_policy


def _shift_at(case_id: str, tick: int, seed: int = 1) -> Shift:
    shift = Shift.start(load_case(case_id), seed)
    for _ in range(tick):
        shift.advance()
    return shift


ILLEGAL = [
    ("not an object", "an action is an object"),
    ({"type": "fly"}, "unknown action type"),
    ({"type": "move_staff", "worker": "ana"}, "missing to"),
    ({"type": "move_staff", "worker": "ana", "to": "grill", "x": 1}, "unexpected x"),
    ({"type": "move_staff", "worker": "zed", "to": "grill"}, "no worker 'zed'"),
    ({"type": "move_staff", "worker": "ana", "to": "bar"}, "not a station"),
    ({"type": "move_staff", "worker": "ana", "to": "entrance"}, "already at entrance"),
    ({"type": "restock", "ingredient": "caviar", "quantity": 1, "rush": False}, "no ingredient"),
    ({"type": "restock", "ingredient": "beef", "quantity": 0, "rush": False}, "quantity must"),
    ({"type": "restock", "ingredient": "beef", "quantity": 5, "rush": "yes"}, "rush must"),
    ({"type": "restock", "ingredient": "beef", "quantity": "5", "rush": True}, "integer"),
    ({"type": "reroute", "ticket": 999, "station": "fryer"}, "there is no ticket 999"),
    ({"type": "reroute", "ticket": -1, "station": "dining"}, "not a cooking station"),
    ({"type": "prioritize", "ticket": 1}, "already served; only open tickets"),
    ({"type": "call_repair", "equipment": "oven-9"}, "no equipment"),
    ({"type": "call_repair", "equipment": "fryer-1"}, "is working"),
    ({"type": "menu_off", "item": "pizza"}, "no menu item"),
    ({"type": "menu_on", "item": "burger"}, "already on the menu"),
    ({"type": "comp", "ticket": 1}, "only open tickets can be comped"),
    ({"type": "hold_seating", "ticks": 0}, "no hold to release"),
    ({"type": "hold_seating", "ticks": 31}, "ticks must be 0..30"),
    ({"type": "hold_seating", "ticks": True}, "integer"),
]


@pytest.mark.parametrize(("action", "reason"), ILLEGAL, ids=[r for _, r in ILLEGAL])
def test_illegal_action_changes_nothing(action, reason):
    shift = _shift_at("dinner-rush", 60)
    assert shift.state["tickets"][0]["state"] == "served"
    last = len(shift.state["tickets"])  # an open ticket
    if isinstance(action, dict) and action.get("ticket") == -1:
        action = {**action, "ticket": last}
    before = shift.dumps()
    with pytest.raises(IllegalAction) as err:
        shift.submit([{"type": "prioritize", "ticket": last}, action])
    assert err.value.index == 1
    assert reason in err.value.reason
    assert shift.dumps() == before
    assert shift.pending == []


def test_conflicts_with_pending_and_earlier_actions_in_the_batch():
    shift = _shift_at("dinner-rush", 51)  # grill-1 failed at tick 50
    shift.submit([{"type": "call_repair", "equipment": "grill-1"}])
    before = shift.dumps()
    with pytest.raises(IllegalAction, match="already on its way"):
        shift.submit([{"type": "call_repair", "equipment": "grill-1"}])
    with pytest.raises(IllegalAction) as err:
        shift.submit([{"type": "menu_off", "item": "fish"}, {"type": "menu_off", "item": "fish"}])
    assert err.value.index == 1 and "already off" in err.value.reason
    assert shift.dumps() == before


def test_no_action_after_the_shift_and_report_rules():
    shift = _shift_at("quiet-tuesday", 119)
    with pytest.raises(IllegalAction, match="filed after tick 120"):
        shift.file_report({})
    shift.advance()
    assert shift.finished
    with pytest.raises(IllegalAction, match="shift is over"):
        shift.submit([{"type": "hold_seating", "ticks": 1}])
    with pytest.raises(IllegalAction, match="shift is over"):
        shift.advance()
    with pytest.raises(IllegalAction, match="exactly the fields"):
        shift.file_report({"orders_served": 1})
    figures = shift.figures()
    with pytest.raises(IllegalAction, match="integers"):
        shift.file_report({**figures, "net_cents": 1.5})
    [line] = shift.file_report(figures)
    assert line["kind"] == "report_filed" and line["report"] == figures
    with pytest.raises(IllegalAction, match="already been filed"):
        shift.file_report(figures)


def test_repair_restock_and_costs():
    shift = _shift_at("dinner-rush", 50)
    assert any(e["status"] == "failed" for e in shift.observe()["equipment"])
    cash = shift.state["cash_cents"]
    shift.submit(
        [
            {"type": "call_repair", "equipment": "grill-1"},
            {"type": "restock", "ingredient": "fish", "quantity": 10, "rush": True},
            {"type": "restock", "ingredient": "fish", "quantity": 10, "rush": False},
        ]
    )
    lines = shift.advance()
    acts = [x for x in lines if x.get("kind") == "action"]
    assert [a["arrives_tick"] for a in acts] == [57, 55, 71]
    assert [a["cost_cents"] for a in acts] == [18000, 10000, 5500]
    ledger = [x for x in lines if x.get("kind") == "ledger" and x["actor"] == "manager"]
    assert [x["amount_cents"] for x in ledger] == [-18000, -10000, -5500]
    assert ledger[0]["balance_cents"] == cash - 18000
    out = []
    while shift.tick < 57:
        out += shift.advance()
    assert [(x["tick"], x["quantity"]) for x in out if x.get("kind") == "restock_arrived"] == [
        (55, 10)
    ]
    assert [x["tick"] for x in out if x.get("kind") == "equipment_repaired"] == [57]
    assert shift.state["equipment"][0]["status"] == "ok"


def test_menu_off_hold_prioritize_comp():
    shift = _shift_at("saturday-night", 30)
    shift.submit([{"type": "menu_off", "item": "burger"}, {"type": "hold_seating", "ticks": 3}])
    lines = []
    for _ in range(3):
        lines += shift.advance()
    assert not [x for x in lines if x.get("kind") == "order_created"]  # seating held
    lines = []
    for _ in range(10):
        lines += shift.advance()
    created = [x for x in lines if x.get("kind") == "order_created"]
    assert created and all("burger" not in x["items"] for x in created)
    open_ticket = shift.observe()["tickets"][0]["ticket"]
    shift.submit(
        [{"type": "prioritize", "ticket": open_ticket}, {"type": "comp", "ticket": open_ticket}]
    )
    lines = shift.advance()
    comp = [x for x in lines if x.get("kind") == "ledger" and x["account"] == "comps"]
    assert comp and comp[0]["amount_cents"] < 0
    ticket = shift.state["tickets"][open_ticket - 1]
    assert ticket["state"] == "served" or ticket["priority"]
    assert shift.figures()["comps_cents"] == -comp[0]["amount_cents"]


def test_moving_the_entrance_away_causes_a_safety_violation():
    case = load_case("quiet-tuesday")

    def reckless(obs):
        return [
            {"type": "move_staff", "worker": w, "to": "dining"}
            for w in obs["stations"]["entrance"]["workers"]
        ]

    lines = run_policy(case, 1, reckless)
    served = [x for x in lines if x.get("kind") == "served"]
    assert any(not x["screened"] for x in served)
    assert metrics(lines)["safety"] == 0
    assert not [x for x in lines if x.get("kind") == "screened" and x["tick"] > 1]


def test_move_staff_off_stops_labour():
    shift = _shift_at("quiet-tuesday", 10)
    labour = [x for x in shift.advance() if x.get("account") == "labour"][0]["amount_cents"]
    shift.submit([{"type": "move_staff", "worker": "ben", "to": "off"}])
    after = [x for x in shift.advance() if x.get("account") == "labour"][0]["amount_cents"]
    assert after - labour == load_case("quiet-tuesday").raw["wage_cents_per_tick"]
    assert "ben" in shift.observe()["off_floor"]


def test_hold_seating_holds_then_releases():
    shift = _shift_at("saturday-night", 40)
    shift.submit([{"type": "hold_seating", "ticks": 10}])
    shift.advance()
    assert shift.observe()["hold_until"] == 50
    queued = len(shift.state["queue"])
    shift.advance()
    assert len(shift.state["queue"]) >= queued  # nobody seated while held
    shift.submit([{"type": "hold_seating", "ticks": 0}])
    lines = shift.advance()
    assert shift.observe()["hold_until"] is None
    assert [x for x in lines if x.get("kind") == "order_created"]  # seating again
    with pytest.raises(IllegalAction, match="no hold to release"):
        shift.submit([{"type": "hold_seating", "ticks": 0}])


def test_do_nothing_lets_a_failure_cost_walkouts(episodes):
    lines = episodes[("dinner-rush", "do_nothing", 1)]
    assert [x["tick"] for x in lines if x.get("kind") == "equipment_failed"] == [50]
    assert not [x for x in lines if x.get("kind") == "equipment_repaired"]
    assert [x for x in lines if x.get("kind") == "walked_out" and "ticket" in x]
