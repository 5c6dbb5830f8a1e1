"""Replay validation: real traces pass; every kind of tampering is caught, with its reason."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from arcadia.grader.restaurant import metrics as M
from arcadia.grader.restaurant.metrics import canonical
from arcadia.grader.restaurant.outcome import seal
from arcadia.grader.restaurant.validate import InvalidTrace, check, validate
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.policies import do_nothing, run_policy
from tests.grader.restaurant.conftest import sealed

Lines = list[dict[str, Any]]


def first(lines: Lines, kind: str, after: int = 0, **match: Any) -> dict[str, Any]:
    return next(
        ln
        for ln in lines[after:]
        if ln.get("kind") == kind and all(ln.get(k) == v for k, v in match.items())
    )


def index(lines: Lines, line: dict[str, Any]) -> int:
    return next(i for i, ln in enumerate(lines) if ln is line)


@pytest.mark.parametrize("case", sim.CASE_IDS)
def test_the_heuristic_and_do_nothing_traces_are_valid(case: str) -> None:
    assert validate(sealed(case)) is None
    assert validate(seal(run_policy(sim.load_case(case), 2, do_nothing, report=False))) is None


def test_a_sealed_trace_is_the_same_bytes_in_another_process() -> None:
    code = (
        "import sys; from arcadia.grader.restaurant.outcome import seal; "
        "from arcadia.grader.restaurant.metrics import canonical; "
        "from arcadia.world import restaurant as sim; "
        "from arcadia.world.restaurant.policies import heuristic, run_policy; "
        "sys.stdout.buffer.write(b'\\n'.join(canonical(ln) for ln in "
        "seal(run_policy(sim.load_case('dinner-rush'), 1, heuristic))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert out == b"\n".join(canonical(ln) for ln in sealed())


def bump_ledger(t: Lines) -> None:
    first(t, "ledger", account="revenue")["amount_cents"] += 100


def bump_ledger_consistently(t: Lines) -> None:
    """A forged sale: +100 cents and every later balance moved to match."""
    hit = first(t, "ledger", account="revenue")
    hit["amount_cents"] += 100
    for ln in t[index(t, hit) :]:
        if ln.get("kind") == "ledger":
            ln["balance_cents"] += 100


def wrong_sign(t: Lines) -> None:
    hit = first(t, "ledger", account="labour")
    hit["amount_cents"] = -hit["amount_cents"]


def shift_event_tick(t: Lines) -> None:
    first(t, "served")["tick"] += 1


def renumber_tick_line(t: Lines) -> None:
    next(ln for ln in t if ln["type"] == "tick" and ln["tick"] == 30)["tick"] = 31


def drop_tick_line(t: Lines) -> None:
    t.remove(next(ln for ln in t if ln["type"] == "tick" and ln["tick"] == 60))


def forge_hash(t: Lines) -> None:
    """A changed tick hash, re-chained so that only the re-simulation can tell."""
    ticks = [ln for ln in t if ln["type"] == "tick"]
    ticks[40]["hash"] = "f" * 64
    ticks[41]["prev"] = "f" * 64


def break_chain(t: Lines) -> None:
    next(ln for ln in t if ln["type"] == "tick" and ln["tick"] == 70)["prev"] = "0" * 64


def skip_seq(t: Lines) -> None:
    for ln in t[index(t, first(t, "served")) :]:
        if ln["type"] == "event":
            ln["seq"] += 1


def serve_twice(t: Lines) -> None:
    hit = first(t, "served")
    t.insert(index(t, hit) + 1, {**hit})
    for ln in t[index(t, hit) + 1 :]:
        if ln["type"] == "event":
            ln["seq"] += 1


def serve_before_created(t: Lines) -> None:
    """Ticket 3's moves and serving, pinned on a ticket that was never created."""
    for ln in t:
        if ln.get("ticket") == 3 and ln.get("kind") in ("served", "ticket_moved", "screened"):
            ln["ticket"] = 999


def wrong_from_state(t: Lines) -> None:
    first(t, "ticket_moved", to="served")["from"] = "cooking"


def move_out_of_served(t: Lines) -> None:
    hit = first(t, "ticket_moved", to="served")
    first(t, "ticket_moved", after=index(t, hit) + 1, ticket=hit["ticket"] + 1)["ticket"] = hit[
        "ticket"
    ]


def extra_arrival(t: Lines) -> None:
    t[0]["arrivals"].append({"tick": 119, "guest": "g999", "party": 2, "allergens": []})


def bigger_party(t: Lines) -> None:
    t[0]["arrivals"][0]["party"] += 1


def moved_failure(t: Lines) -> None:
    t[0]["failures"][0]["tick"] += 5


def fewer_ticks(t: Lines) -> None:
    t[0]["ticks"] = 100


def other_contract(t: Lines) -> None:
    t[0]["contract"] = "fixed-workers-v1"


def unknown_case(t: Lines) -> None:
    t[0]["case"] = "brunch"


def other_sim_version(t: Lines) -> None:
    t[0]["sim_version"] = "restaurant-sim/0"


def other_case_hash(t: Lines) -> None:
    t[0]["case_hash"] = "0" * 64


def other_ceiling(t: Lines) -> None:
    t[0]["ceiling_cents"] += 1


def forged_action(t: Lines) -> None:
    first(t, "action")["action"]["equipment"] = "fryer-1"


def dropped_action(t: Lines) -> None:
    hit = first(t, "action")
    t.remove(hit)
    for ln in t[index(t, t[1]) :]:
        if ln["type"] == "event" and ln["seq"] > hit["seq"]:
            ln["seq"] -= 1


def better_grade(t: Lines) -> None:
    t[-1]["grade"]["composite"] = 100.0 if t[-1]["grade"]["composite"] != 100.0 else 99.0


def flipped_pass1(t: Lines) -> None:
    t[-1]["grade"]["pass1"] = not t[-1]["grade"]["pass1"]


def no_grade(t: Lines) -> None:
    t[-1]["grade"] = None


def other_terminal(t: Lines) -> None:
    t[-1]["terminal"]["open_tickets"] += 1


def other_report(t: Lines) -> None:
    t[-1]["report"] = {**t[-1]["report"], "walkouts": 3}


def no_footer(t: Lines) -> None:
    t.pop()


TAMPERS: dict[str, tuple[Callable[[Lines], None], str]] = {
    # cash
    "ledger amount": (bump_ledger, "is not the previous balance"),
    "ledger forged consistently": (bump_ledger_consistently, "differs from the re-simulation"),
    "ledger sign": (wrong_sign, "wrong sign"),
    # ticks and the hash chain
    "event tick": (shift_event_tick, "belongs to tick"),
    "tick number": (renumber_tick_line, "tick line 31, expected 30"),
    "missing tick": (drop_tick_line, "has tick 61 but belongs to tick 60"),
    "tick hash": (forge_hash, "state hash ffff"),
    "chain": (break_chain, "tick 70: prev does not chain to the tick 69 hash"),
    "seq": (skip_seq, "expected"),
    # order sequence
    "served twice": (serve_twice, "served after it was served"),
    "never created": (serve_before_created, "never created before it"),
    "wrong from": (wrong_from_state, "moved from 'cooking' but was 'ready'"),
    "out of served": (move_out_of_served, "moved out of 'served'"),
    # arrivals, the schedule, the case, the contract
    "extra arrival": (extra_arrival, "guest arrivals differ"),
    "party": (bigger_party, "guest arrivals differ"),
    "failure": (moved_failure, "scheduled equipment failures differ"),
    "duration": (fewer_ticks, "duration 100 ticks is not 120"),
    "contract": (other_contract, "contract 'fixed-workers-v1' is not 'fixed-workers-v2'"),
    "case hash": (other_case_hash, "case hash"),
    "unknown case": (unknown_case, "case 'brunch' is not one of"),
    "sim version": (other_sim_version, "simulation version 'restaurant-sim/0'"),
    "published ceiling": (other_ceiling, "ceiling_cents differ"),
    # the manager's actions (re-simulation)
    "forged action": (forged_action, "tick 45:"),
    "dropped action": (dropped_action, "tick 45:"),
    # terminal, report, grade
    "grade": (better_grade, "grade differs"),
    "pass1": (flipped_pass1, "grade differs"),
    "no grade": (no_grade, "no grade"),
    "terminal": (other_terminal, "terminal state differs"),
    "report": (other_report, "report is not the report the manager filed"),
    "footer": (no_footer, "no footer"),
}


@pytest.mark.parametrize("name", TAMPERS)
def test_every_tampering_is_invalid_with_its_reason(name: str, trace: Lines) -> None:
    tamper, reason = TAMPERS[name]
    assert validate(trace) is None
    tamper(trace)
    got = validate(trace)
    assert got is not None and reason in got, got
    with pytest.raises(InvalidTrace):
        check(trace)


def test_a_dropped_walkout_is_caught() -> None:
    t = seal(run_policy(sim.load_case("saturday-night"), 1, do_nothing))
    walk = first(t, "walked_out")
    for ln in t[index(t, walk) + 1 :]:
        if ln["type"] == "event":
            ln["seq"] -= 1
    t.remove(walk)
    got = validate(t)
    assert got is not None and "differs from the re-simulation" in got, got


def test_the_grade_in_the_footer_is_the_recomputed_one(trace: Lines) -> None:
    assert trace[-1]["grade"] == M.grade(trace)
    assert trace[-1]["terminal"]["finished_by"] == "manager"
    assert trace[-1]["terminal"]["manager_last_tick"] == 120
