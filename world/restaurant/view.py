"""The manager's observation: what a shift manager can see on the floor, JSON-ready."""

from __future__ import annotations

from typing import Any

import orjson

from arcadia.world.restaurant.cases import (
    COOK_STATIONS,
    OFF,
    STATIONS,
    TICKS,
    Case,
    arrivals_index,
    seen_by,
)
from arcadia.world.restaurant.engine import open_tickets, recipe, station_up


def _ticket(t: dict[str, Any]) -> dict[str, Any]:
    return {
        "ticket": t["ticket"],
        "guest": t["guest"],
        "party": t["party"],
        "items": list(t["items"]),
        "state": t["state"],
        "created": t["created"],
        "deadline": t["deadline"],
        "price_cents": t["price_cents"],
        "priority": t["priority"],
        "comped": t["comped"],
        "allergens": list(t["allergens"]),
        "allergen_items": list(t["allergen_items"]),
        "screened": t["screened"],
        "work": [dict(w) for w in t["work"] if w["left"] > 0],
        "assembly_left": t["assembly_left"],
    }


def observe(
    case: Case, state: dict[str, Any], recent: list[dict[str, Any]], figures: dict[str, int]
) -> dict[str, Any]:
    tick = state["tick"]
    guests = arrivals_index(case, state["seed"])[1]
    open_ = open_tickets(state)
    backlog = dict.fromkeys(STATIONS, 0)
    backlog["entrance"] = len(state["queue"])
    for t in open_:
        if t["state"] in ("queued", "cooking"):
            for w in t["work"]:
                backlog[w["station"]] += w["left"]
        elif t["state"] == "assembling":
            backlog["assembly"] += t["assembly_left"]
        else:
            backlog["dining"] += 1
    crew: dict[str, list[str]] = {s: [] for s in STATIONS}
    for w in state["workers"]:
        if w["station"] in crew:
            crew[w["station"]].append(w["worker"])
    stations = {}
    for s in STATIONS:
        up = s not in COOK_STATIONS or station_up(state, s)
        per = case.raw["per_worker"][s]
        stations[s] = {
            "workers": crew[s],
            "per_worker": per,
            "capacity": per * len(crew[s]) if up else 0,
            "backlog": backlog[s],
            "up": up,
        }
    deliveries = state["deliveries"]
    guests_so_far, covers_so_far = seen_by(case, state["seed"], tick)
    return {
        "case": case.id,
        "title": case.title,
        "tick": tick,
        "ticks_left": TICKS - tick,
        "finished": tick == TICKS,
        "queue": [
            {
                "guest": q["guest"],
                "party": guests[q["guest"]]["party"],
                "allergens": list(guests[q["guest"]]["allergens"]),
                "arrived": q["arrived"],
            }
            for q in state["queue"]
        ],
        "tickets": [_ticket(t) for t in open_],
        "bookings": [
            {"from_tick": a, "to_tick": b, "guests": g} for a, b, g in case.raw["arrivals"]
        ],
        "guests_so_far": guests_so_far,
        "covers_so_far": covers_so_far,
        "stations": stations,
        "off_floor": [w["worker"] for w in state["workers"] if w["station"] == OFF],
        "wage_cents_per_tick": case.raw["wage_cents_per_tick"],
        "overtime_percent": case.raw.get("overtime_percent", 100),
        "overtime_workers": [w["worker"] for w in state["workers"] if w.get("overtime")],
        "screens_per_worker": case.raw.get(
            "screens_per_worker", case.raw["per_worker"]["entrance"]
        ),
        "recovery": {
            "target_ticks": case.recovery_target_ticks,
            "backlog_tickets": case.raw["recovery_backlog_tickets"],
            "stock_units": case.raw["recovery_stock_units"],
        },
        "equipment": [
            {**e, **{k: v for k, v in spec.items() if k in ("repair_cents", "repair_ticks")}}
            for e, spec in zip(state["equipment"], case.equipment, strict=True)
        ],
        "inventory": [
            {
                "ingredient": i["ingredient"],
                "stock": state["inventory"][i["ingredient"]],
                "on_order": sum(
                    d["quantity"] for d in deliveries if d["ingredient"] == i["ingredient"]
                ),
                "next_delivery_tick": min(
                    (d["arrives_tick"] for d in deliveries if d["ingredient"] == i["ingredient"]),
                    default=None,
                ),
                "unit_cents": case.raw["unit_cents"][i["ingredient"]],
                **{
                    k: i[k]
                    for k in (
                        "lead_ticks",
                        "rush_lead_ticks",
                        "fee_cents",
                        "rush_fee_cents",
                        "rush_percent",
                        "max_order",
                    )
                },
            }
            for i in case.inventory
        ],
        "menu": [
            {
                "item": m["item"],
                "on": m["item"] not in state["menu_off"],
                "price_cents": m["price_cents"],
                "stations": list(m["stations"]),
                "cook_units": m["cook_units"],
                "ingredients": dict(recipe(case, state, m["item"])["ingredients"]),
                "allergens": list(recipe(case, state, m["item"])["allergens"]),
                "popularity": m["popularity"],
                "substitute": orjson.loads(orjson.dumps(m.get("substitute"))),
                "substituted": m["item"] in state.get("substituted", ()),
            }
            for m in case.menu
        ],
        "hold_until": state["hold_until"] if state["hold_until"] > tick else None,
        "cash_cents": state["cash_cents"],
        "pending": orjson.loads(orjson.dumps(state["pending"])),
        "figures": figures,
        "recent_events": orjson.loads(orjson.dumps([x for x in recent if x["type"] == "event"])),
    }
