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

    A name no world registers builds the default world, as it always has: which apps an
    episode of it holds is the apps' business (`AppSpec.worlds`; none serve such a name).
    """
    name = spec.name if spec.name in WORLDS else WorldSpec().name
    return WORLDS.get(name).generate(spec)
