"""`WorldPack`: what the world layer holds of one world, registered by its name.

A world is a pack: one folder per layer (`world/<world>/`, `grader/<world>/`,
`taskgen/goals/<world>/`, `agents/worlds/<world>/`), each with a `pack.py` giving that
layer's entry, which the layer's registry module lists (`arcadia.world.worlds` here). See
docs/worlds.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arcadia.world.model import WorldSpec
from arcadia.world.registry import Registry
from arcadia.world.situations import Situation
from arcadia.world.world import World


@dataclass(frozen=True)
class WorldPack:
    """A world's name (`WorldSpec.name`, what `AppSpec.worlds` and a task's `world.spec`
    say), what it is called in prose, its generator and its situations by id."""

    name: str
    title: str  # "the staffing agency": help texts list the worlds by it
    generate: Callable[[WorldSpec], World]
    situations: Registry[Situation]

    @property
    def possessive(self) -> str:
        """The title's possessive: `Arcadia Robotics'`, `the staffing agency's`."""
        return self.title + ("'" if self.title.endswith("s") else "'s")
