"""The manager's actions: validation with a reason the manager can act on, and effects.

`apply` both checks and performs one action on a state. `Shift.submit` runs the whole batch
(after the actions already pending) on a copy of the state first, so an illegal action is
found before anything is queued and the real state never sees it.
"""

from __future__ import annotations

from typing import Any

from arcadia.world.restaurant.cases import COOK_STATIONS, OFF, STATIONS, Case
from arcadia.world.restaurant.trace import OPEN_STATES, Events

ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "move_staff": ("worker", "to"),
    "restock": ("ingredient", "quantity", "rush"),
    "reroute": ("ticket", "station"),
    "prioritize": ("ticket",),
    "call_repair": ("equipment",),
    "menu_off": ("item",),
    "menu_on": ("item",),
    "comp": ("ticket",),
    "hold_seating": ("ticks",),
    "seat_now": ("guest",),
    "substitute": ("item", "use"),
}
MAX_HOLD_TICKS = 30


class IllegalAction(ValueError):
    """An action the floor cannot take; `index` is its place in the submitted batch."""

    def __init__(self, index: int, reason: str):
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


class _Reject(Exception):
    pass


def _int(action: dict[str, Any], key: str) -> int:
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Reject(f"{key} must be an integer, got {value!r}")
    return value


def _str(action: dict[str, Any], key: str) -> str:
    value = action[key]
    if not isinstance(value, str):
        raise _Reject(f"{key} must be a string, got {value!r}")
    return value


def _ticket(state: dict[str, Any], action: dict[str, Any], verb: str) -> dict[str, Any]:
    number = _int(action, "ticket")
    if not 1 <= number <= len(state["tickets"]):
        raise _Reject(f"there is no ticket {number}; tickets so far are 1..{len(state['tickets'])}")
    t: dict[str, Any] = state["tickets"][number - 1]
    if t["state"] not in OPEN_STATES:
        raise _Reject(
            f"ticket {number} is already {t['state'].replace('_', ' ')}; "
            f"only open tickets can be {verb}"
        )
    return t


def apply(case: Case, state: dict[str, Any], action: Any, ev: Events) -> None:
    """Check `action` against `state` and perform it; raises `_Reject` with the reason."""
    if not isinstance(action, dict):
        raise _Reject(f"an action is an object with a type, got {action!r}")
    kind = action.get("type")
    if kind not in ACTION_FIELDS:
        raise _Reject(f"unknown action type {kind!r}; known: {', '.join(ACTION_FIELDS)}")
    wanted = set(ACTION_FIELDS[kind]) | {"type"}
    missing = [f for f in ACTION_FIELDS[kind] if f not in action]
    extra = sorted(k for k in action if k not in wanted)
    if missing or extra:
        raise _Reject(
            f"{kind} takes {', '.join(ACTION_FIELDS[kind])}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unexpected {', '.join(map(str, extra))}" if extra else "")
        )
    caused = _EFFECTS[kind](case, state, action, ev)
    ev.emit("manager", "action", action=dict(action), **caused)


def _move_staff(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    name, to = _str(a, "worker"), _str(a, "to")
    worker = next((w for w in state["workers"] if w["worker"] == name), None)
    if worker is None:
        raise _Reject(
            f"there is no worker {name!r}; the crew is "
            f"{', '.join(w['worker'] for w in state['workers'])}"
        )
    if to not in (*STATIONS, OFF):
        raise _Reject(
            f"{to!r} is not a station; stations are {', '.join(STATIONS)} "
            f"(or {OFF!r} to send the worker home)"
        )
    if worker["station"] == to:
        raise _Reject(f"{name} is already at {to}")
    was = worker["station"]
    worker["station"] = to
    if was == OFF:  # called in (on call, or back after being sent home): overtime from now
        worker["overtime"] = True
    return {"from": was}


def _restock(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    ing, qty = _str(a, "ingredient"), _int(a, "quantity")
    rush = a["rush"]
    if not isinstance(rush, bool):
        raise _Reject(f"rush must be true or false, got {rush!r}")
    spec = next((i for i in case.inventory if i["ingredient"] == ing), None)
    if spec is None:
        raise _Reject(
            f"there is no ingredient {ing!r}; ingredients are "
            f"{', '.join(i['ingredient'] for i in case.inventory)}"
        )
    if not 1 <= qty <= spec["max_order"]:
        raise _Reject(f"quantity must be 1..{spec['max_order']} for {ing}, got {qty}")
    unit = case.raw["unit_cents"][ing]
    if rush:
        cost = qty * unit * spec["rush_percent"] // 100 + spec["rush_fee_cents"]
        lead = spec["rush_lead_ticks"]
    else:
        cost = qty * unit + spec["fee_cents"]
        lead = spec["lead_ticks"]
    if cost > state["cash_cents"]:
        raise _Reject(f"the order costs {cost} cents but cash is {state['cash_cents']} cents")
    arrives = ev.tick + lead
    state["deliveries"].append({"ingredient": ing, "quantity": qty, "arrives_tick": arrives})
    ev.post("manager", "purchases", -cost, ingredient=ing)
    return {"arrives_tick": arrives, "cost_cents": cost}


def _reroute(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    t = _ticket(state, a, "rerouted")
    station = _str(a, "station")
    if station not in COOK_STATIONS:
        raise _Reject(
            f"{station!r} is not a cooking station; tickets cook at {' or '.join(COOK_STATIONS)}"
        )
    if t["state"] not in ("queued", "cooking"):
        raise _Reject(
            f"ticket {t['ticket']} is {t['state']}; only tickets still queued or "
            "cooking can be rerouted"
        )
    moved = []
    for w in t["work"]:
        if (
            w["left"] > 0
            and w["station"] != station
            and station in case.item(w["item"])["stations"]
        ):
            w["station"] = station
            w["left"] += case.raw["reroute_penalty_units"]
            moved.append(w["item"])
    if not moved:
        raise _Reject(f"nothing left on ticket {t['ticket']} can be cooked at {station}")
    return {"items": moved}


def _prioritize(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    t = _ticket(state, a, "prioritised")
    if t["priority"]:
        raise _Reject(f"ticket {t['ticket']} is already prioritised")
    t["priority"] = True
    return {}


def _call_repair(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    name = _str(a, "equipment")
    eq = next((e for e in state["equipment"] if e["equipment"] == name), None)
    if eq is None:
        raise _Reject(
            f"there is no equipment {name!r}; equipment is "
            f"{', '.join(e['equipment'] for e in state['equipment'])}"
        )
    if eq["status"] == "ok":
        raise _Reject(f"{name} is working; only failed equipment can be repaired")
    if eq["repair_due"] is not None:
        raise _Reject(f"a repair of {name} is already on its way (due at tick {eq['repair_due']})")
    spec = next(e for e in case.equipment if e["equipment"] == name)
    if spec["repair_cents"] > state["cash_cents"]:
        raise _Reject(
            f"the repair costs {spec['repair_cents']} cents but cash is {state['cash_cents']} cents"
        )
    eq["repair_due"] = ev.tick + spec["repair_ticks"]
    ev.post("manager", "repairs", -spec["repair_cents"], equipment=name)
    return {"arrives_tick": eq["repair_due"], "cost_cents": spec["repair_cents"]}


def _menu(case: Case, state: dict[str, Any], a: dict[str, Any], on: bool) -> dict:
    item = _str(a, "item")
    if item not in [m["item"] for m in case.menu]:
        raise _Reject(
            f"there is no menu item {item!r}; the menu is {', '.join(m['item'] for m in case.menu)}"
        )
    if on and item not in state["menu_off"]:
        raise _Reject(f"{item} is already on the menu")
    if not on and item in state["menu_off"]:
        raise _Reject(f"{item} is already off the menu")
    if on:
        state["menu_off"].remove(item)
    else:
        state["menu_off"].append(item)
    return {}


def _comp(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    t = _ticket(state, a, "comped")
    if t["comped"]:
        raise _Reject(f"ticket {t['ticket']} is already comped")
    t["comped"] = True
    ev.post("manager", "comps", -t["price_cents"], ticket=t["ticket"])
    return {"cost_cents": t["price_cents"]}


def _hold(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    ticks = _int(a, "ticks")
    if not 0 <= ticks <= MAX_HOLD_TICKS:
        raise _Reject(f"ticks must be 0..{MAX_HOLD_TICKS} (0 releases the hold), got {ticks}")
    if ticks == 0:
        if state["hold_until"] < ev.tick:
            raise _Reject("seating is not held; there is no hold to release")
        state["hold_until"] = 0
        return {"until_tick": None}
    state["hold_until"] = ev.tick + ticks - 1
    return {"until_tick": state["hold_until"]}


def _seat_now(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    from arcadia.world.restaurant.cases import arrivals_index
    from arcadia.world.restaurant.engine import _pick, seat_guest

    guest = _str(a, "guest")
    at = next((i for i, q in enumerate(state["queue"]) if q["guest"] == guest), None)
    if at is None:
        raise _Reject(
            f"guest {guest!r} is not waiting to be seated; the queue is "
            f"{', '.join(q['guest'] for q in state['queue']) or 'empty'}"
        )
    g = arrivals_index(case, state["seed"])[1][guest]
    items = _pick(case, state, g)
    if not items:
        raise _Reject(f"nothing guest {guest} would order is on the menu and in stock")
    state["queue"].pop(at)
    seat_guest(
        case, state, ev, g, items, screened=False, why="seated by the manager before screening"
    )
    return {"ticket": len(state["tickets"])}


def _substitute(case: Case, state: dict[str, Any], a: dict[str, Any], ev: Events) -> dict:
    """Make an item with its substitute: new orders from now, and the item on every ticket
    still queued, whose reserved ingredients go back to stock for the substitute's (at the
    price already booked). Those tickets were screened against the recipe they were ordered
    with: an allergen the substitute brings that their guest declared is not caught.
    `use` false: new orders are made with the item's own recipe again."""
    from arcadia.world.restaurant.engine import open_tickets, recipe

    item, use = _str(a, "item"), a["use"]
    if not isinstance(use, bool):
        raise _Reject(f"use must be true or false, got {use!r}")
    spec = next((m for m in case.menu if m["item"] == item), None)
    if spec is None:
        raise _Reject(
            f"there is no menu item {item!r}; the menu is {', '.join(m['item'] for m in case.menu)}"
        )
    if not spec.get("substitute"):
        with_sub = [m["item"] for m in case.menu if m.get("substitute")]
        raise _Reject(f"{item} has no substitute; items with one: {', '.join(with_sub) or 'none'}")
    if use == (item in state["substituted"]):
        raise _Reject(f"{item} is {'already' if use else 'not'} made with its substitute")
    before = recipe(case, state, item)
    if use:
        state["substituted"].append(item)
    else:
        state["substituted"].remove(item)
    after = recipe(case, state, item)
    swapped: list[int] = []
    for t in open_tickets(state) if use else []:
        if t["state"] != "queued" or item not in t["items"]:
            continue
        n = t["items"].count(item)
        stock = state["inventory"]
        if any(
            stock[i] + before["ingredients"].get(i, 0) * n < q * n
            for i, q in after["ingredients"].items()
        ):
            continue  # not enough of the substitute for this ticket: it keeps its recipe
        for i, q in before["ingredients"].items():
            stock[i] += q * n
        for i, q in after["ingredients"].items():
            stock[i] -= q * n
        if after["allergens"]:
            t["allergen_items"] = sorted({*t["allergen_items"], item})
        new = sorted(set(after["allergens"]) & set(t["allergens"]))
        if new and item not in t["conflicts"]:
            t["conflicts"] = sorted({*t["conflicts"], item})
            t["safe_prep"] = False  # the screen's safe prep was for what it found
        swapped.append(t["ticket"])
    return {"tickets": swapped}


_EFFECTS = {
    "move_staff": _move_staff,
    "restock": _restock,
    "reroute": _reroute,
    "prioritize": _prioritize,
    "call_repair": _call_repair,
    "menu_off": lambda c, s, a, e: _menu(c, s, a, on=False),
    "menu_on": lambda c, s, a, e: _menu(c, s, a, on=True),
    "comp": _comp,
    "hold_seating": _hold,
    "seat_now": _seat_now,
    "substitute": _substitute,
}
