"""One tick of the floor under the `fixed-workers-v2` crew contract.

Phases of tick n, in order (the stages run from the pass back to the door, so a ticket
created, cooked or plated this tick waits for the next tick's later stages):
1. the manager's pending actions apply (`actions.apply`);
2. the world: scheduled failures and shortages, deliveries and repairs falling due;
3. guests arriving at tick n join the entrance queue;
4. dining hands over ready tickets (`ready → served`), up to its capacity;
5. assembly plates cooked tickets (`assembling → ready`);
6. the grill and fryer cook (`queued → cooking → assembling`); a ticket with nothing to cook
   goes straight to assembling;
7. the entrance seats guests from its queue: each order is created, its ingredients drawn,
   and, when any item carries an allergen, screened (a conflict gets an allergen-safe prep);
   with nobody at the entrance guests seat themselves, one per tick, unscreened;
8. walkouts: guests queued past their patience, tickets open past deadline + grace;
9. labour for every worker on the floor; at the last tick, open tickets are cancelled.
"""

from __future__ import annotations

from typing import Any

from arcadia.world.restaurant.cases import COOK_STATIONS, OFF, TICKS, Case, arrivals_index
from arcadia.world.restaurant.trace import ACCOUNTS, OPEN_STATES, Events


def initial_state(case: Case, seed: int, prev: str) -> dict[str, Any]:
    raw = case.raw
    return {
        "case": case.id,
        "case_hash": case.hash,
        "seed": seed,
        "tick": 0,
        "seq": 0,
        "prev": prev,
        "cash_cents": raw["opening_cash_cents"],
        "ledger": dict.fromkeys(ACCOUNTS, 0),
        "workers": [{"worker": w["worker"], "station": w["station"]} for w in raw["crew"]],
        "equipment": [
            {
                "equipment": e["equipment"],
                "station": e["station"],
                "status": "ok",
                "repair_due": None,
            }
            for e in raw["equipment"]
        ],
        "inventory": {i["ingredient"]: i["stock"] for i in raw["inventory"]},
        "deliveries": [],
        "queue": [],
        "tickets": [],
        "first_open": 0,
        "menu_off": [],
        "hold_until": 0,
        "pending": [],
        "substituted": [],
        "report": None,
        "counts": {"orders_served": 0, "orders_on_time": 0, "walkouts": 0},
    }


def staff(state: dict[str, Any], station: str) -> int:
    return sum(1 for w in state["workers"] if w["station"] == station)


def station_up(state: dict[str, Any], station: str) -> bool:
    """A cook station works when every piece of its equipment is up."""
    return all(e["status"] == "ok" for e in state["equipment"] if e["station"] == station)


def capacity(case: Case, state: dict[str, Any], station: str) -> int:
    if station in COOK_STATIONS and not station_up(state, station):
        return 0
    return int(staff(state, station) * case.raw["per_worker"][station])


def order_key(t: dict[str, Any]) -> tuple[int, int, int]:
    """The crew's order of work: prioritised first, then earliest deadline, then oldest."""
    return (0 if t["priority"] else 1, t["deadline"], t["ticket"])


def world_events(case: Case, state: dict[str, Any], ev: Events) -> None:
    n = ev.tick
    for f in case.failures:
        if f["tick"] == n:
            eq = next(e for e in state["equipment"] if e["equipment"] == f["equipment"])
            if eq["status"] == "ok":
                eq["status"] = "failed"
                ev.emit(
                    "world", "equipment_failed", equipment=eq["equipment"], station=eq["station"]
                )
    for eq in state["equipment"]:
        if eq["repair_due"] == n:
            eq["status"], eq["repair_due"] = "ok", None
            ev.emit("world", "equipment_repaired", equipment=eq["equipment"], station=eq["station"])
    for s in case.shortages:
        if s["tick"] == n:
            lost = state["inventory"][s["ingredient"]]
            state["inventory"][s["ingredient"]] = 0
            ev.emit("world", "stock_out", ingredient=s["ingredient"], quantity=lost)
    arrived = [d for d in state["deliveries"] if d["arrives_tick"] == n]
    state["deliveries"] = [d for d in state["deliveries"] if d["arrives_tick"] != n]
    for d in arrived:
        state["inventory"][d["ingredient"]] += d["quantity"]
        ev.emit("world", "restock_arrived", ingredient=d["ingredient"], quantity=d["quantity"])


def arrive(case: Case, state: dict[str, Any], ev: Events) -> None:
    for a in arrivals_index(case, state["seed"])[0].get(ev.tick, ()):
        state["queue"].append({"guest": a["guest"], "arrived": a["tick"]})
        ev.emit(
            "world",
            "guest_arrived",
            guest=a["guest"],
            party=a["party"],
            allergens=list(a["allergens"]),
        )


def _move(ev: Events, t: dict[str, Any], to: str, station: str) -> None:
    ev.emit(
        station, "ticket_moved", ticket=t["ticket"], **{"from": t["state"]}, to=to, station=station
    )
    t["state"] = to


def serve(case: Case, state: dict[str, Any], ev: Events) -> None:
    cap = capacity(case, state, "dining")
    ready = sorted((t for t in open_tickets(state) if t["state"] == "ready"), key=order_key)
    for t in ready[:cap]:
        _move(ev, t, "served", "dining")
        t["served_tick"] = ev.tick
        on_time = ev.tick <= t["deadline"]
        conflict = bool(t["conflicts"]) and not t["safe_prep"]
        ev.emit(
            "dining",
            "served",
            ticket=t["ticket"],
            on_time=on_time,
            screened=t["screened"],
            conflict=conflict,
        )
        state["counts"]["orders_served"] += 1
        state["counts"]["orders_on_time"] += 1 if on_time else 0
        ev.post("dining", "revenue", t["price_cents"], ticket=t["ticket"])


def assemble(case: Case, state: dict[str, Any], ev: Events) -> None:
    cap = capacity(case, state, "assembly")
    for t in sorted((t for t in open_tickets(state) if t["state"] == "assembling"), key=order_key):
        if cap <= 0:
            break
        done = min(cap, t["assembly_left"])
        t["assembly_left"] -= done
        cap -= done
        if t["assembly_left"] == 0:
            _move(ev, t, "ready", "assembly")


def cook(case: Case, state: dict[str, Any], ev: Events) -> None:
    open_ = sorted(
        (t for t in open_tickets(state) if t["state"] in ("queued", "cooking")), key=order_key
    )
    for station in COOK_STATIONS:
        cap = capacity(case, state, station)
        for t in open_:
            if cap <= 0:
                break
            for w in t["work"]:
                if w["station"] == station and w["left"] > 0 and cap > 0:
                    done = min(cap, w["left"])
                    w["left"] -= done
                    cap -= done
                    if t["state"] == "queued":
                        _move(ev, t, "cooking", station)
    for t in open_:
        if all(w["left"] == 0 for w in t["work"]):
            _move(ev, t, "assembling", "assembly")


def _orderable(case: Case, state: dict[str, Any], item: str, stock: dict[str, int]) -> bool:
    if item in state["menu_off"]:
        return False
    need = recipe(case, state, item)["ingredients"]
    return all(stock[i] >= q for i, q in need.items())


def _pick(case: Case, state: dict[str, Any], g: dict[str, Any]) -> list[str]:
    """Each diner's first choice that is on the menu and in stock (stock not yet drawn)."""
    stock = dict(state["inventory"])
    items: list[str] = []
    for ranked in g["choices"]:
        pick = next((i for i in ranked if _orderable(case, state, i, stock)), None)
        if pick is not None:
            items.append(pick)
            for ing, q in recipe(case, state, pick)["ingredients"].items():
                stock[ing] -= q
    return items


def recipe(case: Case, state: dict[str, Any], item: str) -> dict[str, Any]:
    """The item as the kitchen makes it now: its menu entry, with its substitute's
    ingredients and allergens while the manager has it substituted."""
    m = case.item(item)
    if item in state.get("substituted", ()):
        return {**m, **{k: m["substitute"][k] for k in ("ingredients", "allergens")}}
    return m


def _has_allergens(case: Case, state: dict[str, Any], items: list[str]) -> bool:
    return any(recipe(case, state, i)["allergens"] for i in items)


def seat(case: Case, state: dict[str, Any], ev: Events) -> None:
    """The entrance seats its queue in order: `per_worker` guests and `screens_per_worker`
    screenings per worker per tick. An order with allergen items waits for a free screener,
    unless its guest is about to walk out (one tick of patience left): the crew then seats
    it unscreened rather than lose the guest. With nobody at the entrance guests seat
    themselves, one per tick, unscreened."""
    if state["hold_until"] >= ev.tick or not state["queue"]:
        return
    screeners = staff(state, "entrance")
    cap = capacity(case, state, "entrance") if screeners else 1
    screens = screeners * case.raw.get("screens_per_worker", case.raw["per_worker"]["entrance"])
    patience = case.raw["queue_patience_ticks"]
    guests = arrivals_index(case, state["seed"])[1]
    while cap > 0 and state["queue"]:
        head = state["queue"][0]
        g = guests[head["guest"]]
        items = _pick(case, state, g)
        screen = bool(items) and _has_allergens(case, state, items) and screens > 0
        if (
            items
            and _has_allergens(case, state, items)
            and screeners
            and not screen
            and ev.tick - head["arrived"] < patience - 1
        ):
            break  # waits for a screener next tick
        state["queue"].pop(0)
        cap -= 1
        if not items:
            state["counts"]["walkouts"] += 1
            ev.emit("world", "walked_out", guest=g["guest"], reason="nothing on the menu")
            continue
        screens -= 1 if screen else 0
        why = (
            None
            if screen
            else (
                "nobody at the entrance"
                if not screeners
                else "no screener free; seated before walking out"
            )
        )
        seat_guest(case, state, ev, g, items, screened=screen, why=why)


def seat_guest(
    case: Case,
    state: dict[str, Any],
    ev: Events,
    g: dict[str, Any],
    items: list[str],
    screened: bool,
    why: str | None,
) -> None:
    """Draw the items' ingredients and create the guest's ticket."""
    for item in items:
        for ing, q in recipe(case, state, item)["ingredients"].items():
            state["inventory"][ing] -= q
            low = case.raw.get("low_stock_units", 0)
            if state["inventory"][ing] + q > low >= state["inventory"][ing]:
                ev.emit("world", "low_stock", ingredient=ing, stock=state["inventory"][ing])
    _create(case, state, ev, g, items, screened=screened, why=why)


def _create(
    case: Case,
    state: dict[str, Any],
    ev: Events,
    g: dict[str, Any],
    items: list[str],
    screened: bool,
    why: str | None = None,
) -> None:
    raw = case.raw
    number = len(state["tickets"]) + 1
    menu = [recipe(case, state, i) for i in items]
    allergen_items = sorted({m["item"] for m in menu if m["allergens"]})
    conflicts = sorted({m["item"] for m in menu if set(m["allergens"]) & set(g["allergens"])})
    deadline = ev.tick + raw["deadline_ticks"]
    t = {
        "ticket": number,
        "guest": g["guest"],
        "party": g["party"],
        "allergens": list(g["allergens"]),
        "items": items,
        "work": [
            {"item": m["item"], "station": m["stations"][0], "left": m["cook_units"]}
            for m in menu
            if m["stations"]
        ],
        "assembly_left": len(items),
        "state": "queued",
        "price_cents": sum(m["price_cents"] for m in menu),
        "created": ev.tick,
        "deadline": deadline,
        "eligible": deadline <= TICKS,
        "allergen_items": allergen_items,
        "conflicts": conflicts,
        "screened": False,
        "safe_prep": False,
        "priority": False,
        "comped": False,
        "served_tick": None,
    }
    state["tickets"].append(t)
    ev.emit(
        "entrance",
        "order_created",
        ticket=number,
        guest=g["guest"],
        items=list(items),
        price_cents=t["price_cents"],
        deadline=deadline,
        eligible=t["eligible"],
        allergen_items=list(allergen_items),
    )
    cost = sum(case.raw["unit_cents"][ing] * q for m in menu for ing, q in m["ingredients"].items())
    ev.post("entrance", "ingredients", -cost, ticket=number)
    if allergen_items and screened:
        t["screened"] = True
        t["safe_prep"] = bool(conflicts)
        ev.emit("entrance", "screened", ticket=number, conflict=bool(conflicts))
    elif allergen_items:
        ev.emit("entrance", "unscreened", ticket=number, reason=why or "not screened")


def walkouts(case: Case, state: dict[str, Any], ev: Events) -> None:
    raw = case.raw
    keep = []
    for q in state["queue"]:
        if ev.tick - q["arrived"] >= raw["queue_patience_ticks"]:
            state["counts"]["walkouts"] += 1
            ev.emit("world", "walked_out", guest=q["guest"], reason="waited too long to be seated")
        else:
            keep.append(q)
    state["queue"] = keep
    for t in open_tickets(state):
        if not t["comped"] and ev.tick > t["deadline"] + raw["grace_ticks"]:
            _move(ev, t, "walked_out", "dining")
            state["counts"]["walkouts"] += 1
            ev.emit("world", "walked_out", ticket=t["ticket"], guest=t["guest"])


def close(case: Case, state: dict[str, Any], ev: Events) -> None:
    wage = case.raw["wage_cents_per_tick"]
    on_floor = [w for w in state["workers"] if w["station"] != OFF]
    overtime = sum(1 for w in on_floor if w.get("overtime"))
    pay = (
        wage * (len(on_floor) - overtime)
        + wage * overtime * case.raw.get("overtime_percent", 100) // 100
    )
    ev.post(
        "world",
        "labour",
        -pay,
        workers=len(on_floor),
        **({"overtime": overtime} if overtime else {}),
    )
    if ev.tick == TICKS:
        for t in open_tickets(state):
            _move(ev, t, "cancelled", "dining")


def compact(state: dict[str, Any]) -> None:
    """A closed ticket keeps only its number, guest and final state (state stays small)."""
    tickets = state["tickets"]
    for i in range(state["first_open"], len(tickets)):
        t = tickets[i]
        if t["state"] not in OPEN_STATES and "items" in t:
            tickets[i] = {"ticket": t["ticket"], "guest": t["guest"], "state": t["state"]}
    while (
        state["first_open"] < len(tickets)
        and tickets[state["first_open"]]["state"] not in OPEN_STATES
    ):
        state["first_open"] += 1


def open_tickets(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for t in state["tickets"][state["first_open"] :] if t["state"] in OPEN_STATES]


def run_tick(case: Case, state: dict[str, Any], ev: Events) -> None:
    """Phases 2–9 of the tick (the actions of phase 1 are applied by the caller)."""
    world_events(case, state, ev)
    arrive(case, state, ev)
    serve(case, state, ev)
    assemble(case, state, ev)
    cook(case, state, ev)
    seat(case, state, ev)
    walkouts(case, state, ev)
    close(case, state, ev)
    compact(state)
