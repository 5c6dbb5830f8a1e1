from __future__ import annotations

from arcadia.world.generate import generate_world
from arcadia.world.model import WorldSpec
from arcadia.world.restaurant import crew_world


def test_crew_world_is_the_manager_and_the_crew():
    spec = WorldSpec(seed=2, headcount=40, name="restaurant")
    world = generate_world(spec)
    assert world.content_hash() == crew_world(spec).content_hash()
    manager = world.person_by_email("manager@arcadia-kitchen.example")
    assert manager is not None and manager.id == 1 and "shift_manager" in manager.roles
    crew = [p for p in world.people if p.id != 1]
    assert len(crew) >= 10 and all(p.manager_id == 1 for p in crew)
    assert all("shift_manager" not in p.roles for p in crew)
    assert len({p.email for p in world.people}) == len(world.people)
    assert world.domain == "arcadia-kitchen.example"
