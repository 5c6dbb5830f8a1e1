"""The worlds, by name: each world's pack of the runner, the report and the command line,
listed here and nowhere else (docs/worlds.md), and the look-ups generic code makes.

The order is `--world`'s help (the restaurant's corpus, then the agency's) and that of a
report's world sections.
"""

from __future__ import annotations

from pathlib import Path

from arcadia.agents.pack import AgentsPack, Regrader
from arcadia.agents.worlds.agency.pack import PACK as AGENCY
from arcadia.agents.worlds.restaurant.pack import PACK as RESTAURANT
from arcadia.agents.worlds.robotics.pack import PACK as ROBOTICS
from arcadia.world.registry import Registry

WORLDS: Registry[AgentsPack] = Registry("world", ((p.world, p) for p in (
    ROBOTICS, RESTAURANT, AGENCY)))


def pack_of(world: str) -> AgentsPack:
    """The pack of `world` (a task's `world.spec`); a world without one here has no hooks."""
    return WORLDS.get(world) if world in WORLDS else AgentsPack(world)


def corpora() -> dict[str, Path]:
    """`--world NAME`'s corpora by world, in the registry's order."""
    return {p.world: p.corpus for p in WORLDS.values() if p.corpus is not None}


def reporting() -> list[AgentsPack]:
    """The worlds with scores of their own in a run's report."""
    return [p for p in WORLDS.values() if p.report is not None]


def regrading(rubric: str) -> tuple[str, Regrader]:
    """The world whose regrader knows the rubric version `rubric`, and the regrader."""
    known = [(p.world, r) for p in WORLDS.values() if (r := p.regrader) is not None]
    for world, r in known:
        if rubric in r.rubrics:
            return world, r
    raise KeyError(f"unknown rubric {rubric!r}; known: "
                   f"{sorted(v for _, r in known for v in r.rubrics)}")


__all__ = ["WORLDS", "corpora", "pack_of", "regrading", "reporting"]
