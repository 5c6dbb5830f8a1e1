"""spend-anomaly-v1 goal kinds: tasks ship, and no instruction states a discovered value."""

from __future__ import annotations

import asyncio

from arcadia.taskgen.generate import Generator
from arcadia.world import SituationSpec, WorldSpec

SITUATION = "spend-anomaly-v1"
HEADCOUNT = 250  # a small world: the same walks, a faster template


def test_spend_goals_ship_without_stating_discovered_values() -> None:
    gen = Generator(seeds=[3], situations=[SITUATION], count=3, headcount=HEADCOUNT)
    asyncio.run(gen.run())
    assert len(gen.shipped) == 3
    spec = WorldSpec(seed=3, headcount=gen.headcount,
                     situations=(SituationSpec(SITUATION, {}),))
    world = asyncio.run(gen.env.store.atemplate(spec)).world  # the run's cached template
    hidden = {str(v) for h in world.situations[0].hidden for k, v in h.items()
              if k != "kind" and not isinstance(v, list) and len(str(v)) >= 4}
    for s in gen.shipped:
        text = s.task.instruction
        leaked = [v for v in hidden if v in text]
        assert not leaked, f"{s.task.id} states {leaked}"
