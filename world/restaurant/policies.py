"""Reference managers: functions `obs -> list[action]`, and `run_policy` to run one.

`do_nothing` never acts: the crew runs the floor alone. `heuristic` is a rule-based shift
manager (the yardstick a simple rule sets; the ceiling is the planner's,
`grader/restaurant/planner.py`): it repairs failed equipment at once, reroutes
tickets stuck at a down station, restocks ahead of need (rush only when a stock-out would
otherwise last), staffs stations by their backlog and sends surplus workers home when the
floor is quiet. It never leaves the entrance without a screener.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcadia.world.restaurant.actions import IllegalAction
from arcadia.world.restaurant.cases import COOK_STATIONS, Case
from arcadia.world.restaurant.shift import REPORT_FIELDS, Shift
from arcadia.world.restaurant.trace import header

Policy = Callable[[dict[str, Any]], list[dict[str, Any]]]
MIN_STAFF = {"entrance": 1, "dining": 1, "grill": 1, "fryer": 1, "assembly": 1}
HORIZON = 4  # ticks of backlog one worker more is worth


def do_nothing(obs: dict[str, Any]) -> list[dict[str, Any]]:
    return []


def _repairs(obs: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"type": "call_repair", "equipment": e["equipment"]}
        for e in obs["equipment"]
        if e["status"] == "failed" and e["repair_due"] is None
    ]


def _reroutes(obs: dict[str, Any]) -> list[dict[str, Any]]:
    down = {s for s in COOK_STATIONS if not obs["stations"][s]["up"]}
    menu = {m["item"]: m for m in obs["menu"]}
    out = []
    for t in obs["tickets"]:
        if t["state"] not in ("queued", "cooking"):
            continue
        for station in COOK_STATIONS:
            if station in down:
                continue
            if any(
                w["station"] in down and station in menu[w["item"]]["stations"] for w in t["work"]
            ):
                out.append({"type": "reroute", "ticket": t["ticket"], "station": station})
                break
    return out


def _future_covers(obs: dict[str, Any]) -> int:
    """Diners still to come, from the bookings and the party size seen so far."""
    tick = obs["tick"]
    guests = 0
    for b in obs["bookings"]:
        span = b["to_tick"] - b["from_tick"]
        ahead = max(0, b["to_tick"] - max(tick + 1, b["from_tick"]))
        guests += b["guests"] * ahead // span if span else 0
    per_guest_x10 = obs["covers_so_far"] * 10 // max(1, obs["guests_so_far"]) or 25
    return guests * per_guest_x10 // 10


def _restocks(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Order what the rest of the shift needs: standard while there is time, rush when out."""
    covers = _future_covers(obs)
    weights = sum(m["popularity"] for m in obs["menu"] if m["on"]) or 1
    need: dict[str, int] = {}
    for m in obs["menu"]:
        if m["on"]:
            for ing, q in m["ingredients"].items():
                need[ing] = need.get(ing, 0) + q * covers * m["popularity"] // weights
    out = []
    for inv in obs["inventory"]:
        name = inv["ingredient"]
        want = need.get(name, 0) * 11 // 10 + 2
        have = inv["stock"] + inv["on_order"]
        if have >= want or obs["ticks_left"] <= inv["rush_lead_ticks"] + 3:
            continue
        qty = min(inv["max_order"], want - have)
        if inv["stock"] <= 2 and inv["on_order"] == 0:
            out.append({"type": "restock", "ingredient": name, "quantity": qty, "rush": True})
        elif (
            obs["ticks_left"] > inv["lead_ticks"] + 5
            and inv["on_order"] == 0
            and inv["stock"] * 4 < want * 3
        ):
            out.append({"type": "restock", "ingredient": name, "quantity": qty, "rush": False})
    return out


def _quiet(obs: dict[str, Any]) -> bool:
    """The bookings for now and the next 20 ticks are light (under one guest in 3 ticks)."""
    tick = obs["tick"]
    for b in obs["bookings"]:
        if b["from_tick"] <= tick + 20 and b["to_tick"] > tick:
            if b["guests"] * 3 > b["to_tick"] - b["from_tick"]:
                return False
    return True


def _staffing(obs: dict[str, Any]) -> list[dict[str, Any]]:
    stations = obs["stations"]
    need = {}
    for name, s in stations.items():
        per = s["per_worker"]
        want = -(-s["backlog"] // (per * HORIZON)) if per else 0
        need[name] = max(MIN_STAFF[name], want)
    have = {name: list(s["workers"]) for name, s in stations.items()}
    moves: list[dict[str, Any]] = []
    spare = [w for name, ws in have.items() for w in ws[need[name] :]]
    off = list(obs["off_floor"])
    for name in stations:
        short = need[name] - len(have[name])
        while short > 0 and (off or spare):
            worker = off.pop(0) if off else spare.pop(0)
            moves.append({"type": "move_staff", "worker": worker, "to": name})
            short -= 1
    if _quiet(obs) and len(obs["queue"]) <= 1:
        moves += [{"type": "move_staff", "worker": w, "to": "off"} for w in spare]
    return moves


def heuristic(obs: dict[str, Any]) -> list[dict[str, Any]]:
    if obs["finished"]:
        return []
    return _repairs(obs) + _reroutes(obs) + _restocks(obs) + _staffing(obs)


def submit_all(shift: Shift, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Submit `actions`, dropping each the floor refuses (as the agents do with a 422 naming
    its index) and resubmitting the rest; returns those queued."""
    while actions:
        try:
            shift.submit(actions)
            return actions
        except IllegalAction as e:
            actions = [a for i, a in enumerate(actions) if i != e.index]
    return actions


def run_policy(case: Case, seed: int, policy: Policy, report: bool = True) -> list[dict[str, Any]]:
    """Run a whole shift under `policy`; the trace lines (with the true report if asked)."""
    shift = Shift.start(case, seed)
    lines = [header(case, seed)]
    while not shift.finished:
        submit_all(shift, policy(shift.observe()))
        lines.extend(shift.advance())
    if report:
        figures = shift.figures()
        lines.extend(shift.file_report({k: figures[k] for k in REPORT_FIELDS}))
    return lines
