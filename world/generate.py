"""`generate_world(spec) -> World`: a pure, deterministic function of the spec.

The spec's name picks the world's generator from the registry of worlds
(`arcadia.world.worlds`): Arcadia Robotics (`"arcadia-robotics"`, the default), the staffing
agency or the restaurant.
"""

from __future__ import annotations

from arcadia.world.model import WorldSpec
from arcadia.world.world import World
from arcadia.world.worlds import WORLDS


def generate_world(spec: WorldSpec) -> World:
    """Build the world of `spec`; the same spec always gives the same world.

    A name no world registers is refused (`UnknownId`, a KeyError and a ValueError: "unknown
    world 'nope'; known: [...]"): it used to build the default world, which no app serves.
    """
    return WORLDS.get(spec.name).generate(spec)
