"""The restaurant shift world: a deterministic 120-tick simulation (`fixed-workers-v2`).

Guests arrive and order; a fixed crew screens, cooks, plates and serves under a frozen
contract; equipment fails, stock runs out, cash moves in integer cents. A manager observes
the floor and queues actions for the next tick. Everything is a pure function of
(case, seed, the manager's actions): explicit RNG streams, no clock, no floats, no set order.
"""

from arcadia.world.restaurant.actions import IllegalAction
from arcadia.world.restaurant.cases import (
    CASE_IDS,
    CONTRACT,
    SEEDS,
    SIM_VERSION,
    STATIONS,
    TICKS,
    Case,
    load_case,
)
from arcadia.world.restaurant.crew import crew_world
from arcadia.world.restaurant.shift import FLOOR_EVENTS, REPORT_FIELDS, Shift, simulate
from arcadia.world.restaurant.trace import canonical, header

__all__ = [
    "CASE_IDS",
    "CONTRACT",
    "FLOOR_EVENTS",
    "REPORT_FIELDS",
    "SEEDS",
    "SIM_VERSION",
    "STATIONS",
    "TICKS",
    "Case",
    "IllegalAction",
    "Shift",
    "canonical",
    "crew_world",
    "header",
    "load_case",
    "simulate",
]
