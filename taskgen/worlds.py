"""The worlds with goal kinds, by name: each world's pack of the task generator, listed here
and nowhere else (docs/worlds.md), and what the generator looks up across them: goal kinds
and add-ons by id, situations by id (with the world each belongs to), the parameters the
corpus seeds a situation with, and the kinds of names instructions state."""

from __future__ import annotations

from typing import Any

from arcadia.taskgen.goals import Addon, Goal, SituationGoals
from arcadia.taskgen.goals.agency.pack import PACK as AGENCY
from arcadia.taskgen.goals.robotics.pack import PACK as ROBOTICS
from arcadia.taskgen.pack import Namesakes, TaskgenPack
from arcadia.world.registry import Registry

WORLDS: Registry[TaskgenPack] = Registry("world", ((p.world, p) for p in (ROBOTICS, AGENCY)))

# Generator v1's goal kinds per situation; `situation_goals` gives either generation's.
SITUATIONS: Registry[SituationGoals] = Registry("situation", (
    (s.situation, s) for p in WORLDS.values() for s in p.situations))
SITUATIONS_V2: Registry[SituationGoals] = Registry("situation", (
    (s.situation, s) for p in WORLDS.values() for s in p.v2))
GOALS: Registry[Goal] = Registry("goal", (
    (g.id, g) for reg in (SITUATIONS, SITUATIONS_V2) for s in reg.values() for g in s.goals))
ADDONS: Registry[Addon] = Registry("add-on", ((a.id, a) for p in WORLDS.values()
                                              for a in p.addons))
# What each situation is seeded with where it is walked in one world per seed.
PARAMS: dict[str, dict[str, Any]] = {s.situation: s.params for s in SITUATIONS.values()
                                     if not s.variants}
# In the registry's order: a subject stated by several kinds of name is judged by the first.
NAMESAKES: tuple[Namesakes, ...] = tuple(n for p in WORLDS.values() for n in p.namesakes)


def situation_goals(situation: str, generation: str = "v1") -> SituationGoals:
    """The goal kinds of `situation` in generator `generation` (v2 falls back to v1 for a
    situation v2 does not reword)."""
    pack_of(situation).generation(generation)  # an unknown generation fails naming the known
    if generation == "v2" and situation in SITUATIONS_V2:
        return SITUATIONS_V2.get(situation)
    return SITUATIONS.get(situation)


def pack_of(situation: str) -> TaskgenPack:
    """The pack of the world `situation` belongs to."""
    SITUATIONS.get(situation)  # an unknown id fails naming the known ones
    return next(p for p in WORLDS.values()
                if any(s.situation == situation for s in p.situations))
