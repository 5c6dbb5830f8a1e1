"""`generate_world(spec) -> World`: a pure, deterministic function of the spec.

The spec's name picks the world: the restaurant (`"restaurant"`, its crew:
`arcadia.world.restaurant.crew_world`), the staffing agency (`"agency"`,
`arcadia.world.agency.sample.agency_world`) or, by default (`"arcadia-robotics"`), Arcadia
Robotics (`arcadia.world.robotics.robotics_world`).
"""

from __future__ import annotations

from arcadia.world.model import WorldSpec
from arcadia.world.robotics import robotics_world
from arcadia.world.world import World


def generate_world(spec: WorldSpec) -> World:
    """Build the world of `spec`; the same spec always gives the same world."""
    if spec.name == "restaurant":
        from arcadia.world.restaurant.crew import crew_world

        return crew_world(spec)
    if spec.name == "agency":
        from arcadia.world.agency.sample import agency_world

        return agency_world(spec)
    return robotics_world(spec)
