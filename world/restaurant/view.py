"""The manager's observation: what a shift manager can see on the floor, JSON-ready."""

from __future__ import annotations

from typing import Any

from arcadia.world.restaurant.cases import (
    COOK_STATIONS,
    OFF,
    STATIONS,
    TICKS,
    Case,
    arrivals_index,
)
from arcadia.world.restaurant.engine import capacity, staff
from arcadia.world.restaurant.trace import OPEN_STATES


def _ticket(t: dict[str, Any]) -> dict[str, Any]:
    return {
        "ticket": t["ticket"], "guest": t["guest"], "party": t["party"], "items": t["items"],
        "state": t["state"], "created": t["created"], "deadline": t["deadline"],
        "price_cents": t["price_cents"], "priority": t["priority"], "comped": t["comped"],
        "allergens": t["allergens"], "allergen_items": t["allergen_items"],
        "screened": t["screened"],
        "work": [dict(w) for w in t["work"] if w["left"] > 0],
        "assembly_left": t["assembly_left"],
    }


def observe(case: Case, state: dict[str, Any], recent: list[dict[str, Any]],
            figures: dict[str, int]) -> dict[str, Any]:
    tick = state["tick"]
    guests = arrivals_index(case, state["seed"])[1]
    open_ = [t for t in state["tickets"] if t["state"] in OPEN_STATES]
    stations = {}
    for s in STATIONS:
        backlog = sum(w["left"] for t in open_ for w in t["work"] if w["station"] == s
                      and t["state"] in ("queued", "cooking"))
        if s == "assembly":
            backlog = sum(t["assembly_left"] for t in open_ if t["state"] == "assembling")
        if s == "dining":
            backlog = sum(1 for t in open_ if t["state"] == "ready")
        if s == "entrance":
            backlog = len(state["queue"])
        stations[s] = {
            "workers": [w["worker"] for w in state["workers"] if w["station"] == s],
            "per_worker": case.raw["per_worker"][s], "capacity": capacity(case, state, s),
            "backlog": backlog, "up": s not in COOK_STATIONS or capacity(case, state, s) > 0
            or staff(state, s) == 0,
        }
    deliveries = state["deliveries"]
    by_tick = arrivals_index(case, state["seed"])[0]
    came = [a for t in range(1, tick + 1) for a in by_tick.get(t, ())]
    return {
        "case": case.id, "title": case.title, "tick": tick, "ticks_left": TICKS - tick,
        "finished": tick == TICKS,
        "queue": [{"guest": q["guest"], "party": guests[q["guest"]]["party"],
                   "allergens": list(guests[q["guest"]]["allergens"]), "arrived": q["arrived"]}
                  for q in state["queue"]],
        "tickets": [_ticket(t) for t in open_],
        "bookings": [{"from_tick": a, "to_tick": b, "guests": g}
                     for a, b, g in case.raw["arrivals"]],
        "guests_so_far": len(came), "covers_so_far": sum(a["party"] for a in came),
        "stations": stations,
        "off_floor": [w["worker"] for w in state["workers"] if w["station"] == OFF],
        "wage_cents_per_tick": case.raw["wage_cents_per_tick"],
        "equipment": [{**e, **{k: v for k, v in spec.items() if k in ("repair_cents",
                                                                       "repair_ticks")}}
                      for e, spec in zip(state["equipment"], case.equipment, strict=True)],
        "inventory": [{"ingredient": i["ingredient"], "stock": state["inventory"][i["ingredient"]],
                       "on_order": sum(d["quantity"] for d in deliveries
                                       if d["ingredient"] == i["ingredient"]),
                       "next_delivery_tick": min((d["arrives_tick"] for d in deliveries
                                                  if d["ingredient"] == i["ingredient"]),
                                                 default=None),
                       "unit_cents": case.raw["unit_cents"][i["ingredient"]],
                       **{k: i[k] for k in ("lead_ticks", "rush_lead_ticks", "fee_cents",
                                            "rush_fee_cents", "rush_percent", "max_order")}}
                      for i in case.inventory],
        "menu": [{"item": m["item"], "on": m["item"] not in state["menu_off"],
                  "price_cents": m["price_cents"], "stations": m["stations"],
                  "cook_units": m["cook_units"], "ingredients": m["ingredients"],
                  "allergens": m["allergens"], "popularity": m["popularity"]} for m in case.menu],
        "hold_until": state["hold_until"] if state["hold_until"] > tick else None,
        "cash_cents": state["cash_cents"],
        "pending": [dict(a) for a in state["pending"]],
        "figures": figures,
        "recent_events": [dict(line) for line in recent if line["type"] == "event"],
    }
