"""Arcadia Robotics in the command line and the runner: what `arcadia world build` says of its
org chart, and a task's turn budget. Its corpora are chosen with `--tasks`
(`corpus/arcadia-v2`, `corpus/arcadia-v1`, the default split)."""

from arcadia.agents.base import DEFAULT_TURNS
from arcadia.agents.pack import AgentsPack
from arcadia.grader import Task
from arcadia.world import World
from arcadia.world.robotics.figures import org_figures
from arcadia.world.robotics.pack import PACK as WORLD


def describe(world: World) -> list[str]:
    """Managers and spans of control: whether the org chart looks like a company's."""
    org = org_figures(world)
    return [f"managers: {org.managers} of {org.people} current ({org.manager_share:.1%})",
            f"span: median {org.median_span:g}, min {org.min_span}, max {org.max_span}"]


def turns(task: Task) -> int:
    """Twice the gold's calls, in tens, and never fewer than the default 30: a task that
    asks for many changes (a ticket of nine) is not lost to the budget."""
    return max(DEFAULT_TURNS, -(-2 * len(task.gold) // 10) * 10)


PACK = AgentsPack(world=WORLD.name, describe=describe, turns=turns)
