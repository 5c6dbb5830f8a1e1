"""The three versioned cases (`cases/<id>.json`) and what is drawn from them per seed.

A case file is data only: menu, crew, equipment, inventory, arrival windows, scheduled
failures and shortages, the metrics that apply and the published Resources floor/ceiling.
Arrivals (ticks, parties, allergens, each diner's ranked choices) are drawn once per
(case, seed) from explicit streams, so they never depend on what the manager does.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

CONTRACT = "fixed-workers-v2"
SIM_VERSION = "restaurant-sim/1"
TICKS = 120
CASE_IDS = ("quiet-tuesday", "dinner-rush", "saturday-night")
SEEDS = (1, 2, 3)
STATIONS = ("entrance", "dining", "grill", "fryer", "assembly")
COOK_STATIONS = ("grill", "fryer")
OFF = "off"  # where a worker sent home is: off the floor, not paid
CASE_DIR = Path(__file__).parent / "cases"


@dataclass(frozen=True, eq=False)
class Case:
    """One case file, parsed. `raw` keeps the file's JSON for everything else the sim uses
    (plus `_items`, the menu by item name, built on load; never written back)."""

    id: str
    version: int
    hash: str
    title: str
    metrics: tuple[str, ...]
    floor_cents: int
    ceiling_cents: int
    recovery_target_ticks: int
    raw: dict[str, Any]

    @property
    def menu(self) -> list[dict[str, Any]]:
        return list(self.raw["menu"])

    @property
    def crew(self) -> list[dict[str, Any]]:
        return list(self.raw["crew"])

    @property
    def equipment(self) -> list[dict[str, Any]]:
        return list(self.raw["equipment"])

    @property
    def inventory(self) -> list[dict[str, Any]]:
        return list(self.raw["inventory"])

    @property
    def failures(self) -> list[dict[str, Any]]:
        return list(self.raw["failures"])

    @property
    def shortages(self) -> list[dict[str, Any]]:
        return list(self.raw["shortages"])

    def item(self, name: str) -> dict[str, Any]:
        items: dict[str, dict[str, Any]] = self.raw["_items"]
        return items[name]

    def equipment_at(self, station: str) -> list[str]:
        return [e["equipment"] for e in self.raw["equipment"] if e["station"] == station]


def case_path(case_id: str) -> Path:
    return CASE_DIR / f"{case_id}.json"


@lru_cache(maxsize=16)
def _load(case_id: str, data: bytes) -> Case:
    raw = orjson.loads(data)
    if raw.get("version") != 1:
        raise ValueError(f"case {case_id!r} has version {raw.get('version')!r}; expected 1")
    if raw["id"] != case_id:
        raise ValueError(f"case file {case_id!r} names itself {raw['id']!r}")
    # The menu by item name: built here, never part of the file (or its hash).
    items = {m["item"]: m for m in raw["menu"]}
    raw["_items"] = items
    return Case(
        id=raw["id"], version=raw["version"], hash=hashlib.sha256(data).hexdigest(),
        title=raw["title"], metrics=tuple(raw["metrics"]), floor_cents=raw["floor_cents"],
        ceiling_cents=raw["ceiling_cents"], recovery_target_ticks=raw["recovery_target_ticks"],
        raw=raw,
    )


def load_case(case_id: str) -> Case:
    """The case `world/restaurant/cases/<case_id>.json` (its hash is of the file's bytes)."""
    if case_id not in CASE_IDS:
        raise ValueError(f"unknown case {case_id!r}; known: {list(CASE_IDS)}")
    return _load(case_id, case_path(case_id).read_bytes())


_ARRIVALS: dict[tuple[str, int], tuple[dict[str, Any], ...]] = {}


def _arrivals(case: Case, seed: int) -> tuple[dict[str, Any], ...]:
    key = (case.hash, seed)
    if key not in _ARRIVALS:
        _ARRIVALS[key] = _draw(case, seed)
    return _ARRIVALS[key]


def _draw(case: Case, seed: int) -> tuple[dict[str, Any], ...]:
    """Each window `[start, end, guests]` gets exactly `guests` arrivals at drawn ticks; party
    sizes are dealt from shuffled copies of the case's deck, so covers vary little by seed."""
    raw = case.raw
    arrive = random.Random(f"{case.id}:{seed}:arrivals")
    party = random.Random(f"{case.id}:{seed}:parties")
    allergy = random.Random(f"{case.id}:{seed}:allergens")
    choice = random.Random(f"{case.id}:{seed}:choices")
    items = [m["item"] for m in raw["menu"]]
    weights = [m["popularity"] for m in raw["menu"]]
    ticks = sorted(arrive.randrange(start, end) for start, end, guests in raw["arrivals"]
                   for _ in range(guests))
    deck: list[int] = []
    out: list[dict[str, Any]] = []
    for tick in ticks:
        if not deck:
            deck = list(raw["party_deck"])
            party.shuffle(deck)
        size = deck.pop()
        allergens: list[str] = []
        if allergy.randrange(1000) < raw["allergy_per_mille"]:
            allergens = [allergy.choice(raw["allergens"])]
        ranked = []
        for _person in range(size):
            order = list(items)
            first = choice.choices(items, weights=weights)[0]
            order.remove(first)
            choice.shuffle(order)
            ranked.append([first, *order])
        out.append({"tick": tick, "guest": f"g{len(out) + 1}", "party": size,
                    "allergens": allergens, "choices": ranked})
    return tuple(out)


def arrivals(case: Case, seed: int) -> tuple[dict[str, Any], ...]:
    """Every guest of the shift: tick, guest id, party size, allergens, ranked choices.

    Shared and cached: callers must not mutate them.
    """
    return _arrivals(case, seed)


_Index = tuple[dict[int, list[dict[str, Any]]], dict[str, dict[str, Any]]]
_INDEX: dict[tuple[str, int], _Index] = {}


def arrivals_index(case: Case, seed: int) -> _Index:
    """The arrivals by tick and by guest id (shared and cached: do not mutate)."""
    key = (case.hash, seed)
    if key not in _INDEX:
        by_tick: dict[int, list[dict[str, Any]]] = {}
        for a in arrivals(case, seed):
            by_tick.setdefault(a["tick"], []).append(a)
        _INDEX[key] = (by_tick, {a["guest"]: a for a in arrivals(case, seed)})
    return _INDEX[key]


_SEEN: dict[tuple[str, int], list[tuple[int, int]]] = {}


def seen_by(case: Case, seed: int, tick: int) -> tuple[int, int]:
    """(guests, diners) arrived by the end of `tick`."""
    key = (case.hash, seed)
    if key not in _SEEN:
        by_tick = arrivals_index(case, seed)[0]
        guests = diners = 0
        cumulative = [(0, 0)]
        for t in range(1, TICKS + 1):
            guests += len(by_tick.get(t, ()))
            diners += sum(a["party"] for a in by_tick.get(t, ()))
            cumulative.append((guests, diners))
        _SEEN[key] = cumulative
    return _SEEN[key][tick]
