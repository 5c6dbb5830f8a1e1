"""World truth -> the restaurant's rows: the shift of the world's case and seed, at tick 0.

The case comes from the world's `restaurant-shift-v1` situation; a restaurant world without
one runs no shift (the routes answer 409 saying so).
"""

from __future__ import annotations

from sqlmodel import Session

from arcadia.apps.restaurant.models import SHIFT_ID, Shift
from arcadia.world import World
from arcadia.world.restaurant import Shift as Sim
from arcadia.world.restaurant import load_case
from arcadia.world.restaurant.situations import shift_case


def seed(world: World, session: Session) -> None:
    case_id = shift_case(world)
    if case_id is None:
        return
    sim = Sim.start(load_case(case_id), world.spec.seed)
    session.add(Shift(id=SHIFT_ID, case=case_id, seed=world.spec.seed, tick=sim.tick,
                      lines=0, state=sim.dumps().decode()))
