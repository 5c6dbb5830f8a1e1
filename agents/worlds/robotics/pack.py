"""Arcadia Robotics in the command line: what `arcadia world build` says of its org chart.
Its corpora are chosen with `--tasks` (`corpus/arcadia-v1`, the default split)."""

from arcadia.agents.pack import AgentsPack
from arcadia.world import World
from arcadia.world.robotics.figures import org_figures
from arcadia.world.robotics.pack import PACK as WORLD


def describe(world: World) -> list[str]:
    """Managers and spans of control: whether the org chart looks like a company's."""
    org = org_figures(world)
    return [f"managers: {org.managers} of {org.people} current ({org.manager_share:.1%})",
            f"span: median {org.median_span:g}, min {org.min_span}, max {org.max_span}"]


PACK = AgentsPack(world=WORLD.name, describe=describe)
