"""Situations: deterministic changes to a world's truth and to apps' views of it.

A situation is registered under a versioned id (`hr-mismatch-v1`) in its world's registry
(a `Registry`, made by `situation_registry`):
Arcadia Robotics' `SITUATIONS` (`arcadia.world.robotics.situations`, which the task
generator walks), the agency's `agency_situations()` and the restaurant's
`restaurant_situations()`; a world accepts only its own. Applying one to a world mutates
the truth and states, per app and person, exactly what that app holds when it is not the
truth (`Holding`: status, job rows, pay rows, benefits). It appends a `SituationInstance`
with those holdings, the anchors a user would know and the hidden facts a task must make
the agent discover (derived from the holdings, never written separately).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from arcadia.world.model import Holding, Person, SituationInstance, SituationSpec
from arcadia.world.registry import Registry

if TYPE_CHECKING:
    from arcadia.world.world import World


@dataclass(frozen=True)
class Situation:
    id: str
    description: str
    params: type[BaseModel]
    apply: Callable[[World, Any, random.Random], SituationInstance]


def situation_registry(*situations: Situation) -> Registry[Situation]:
    """A world's situations by id, in the order given; an id given twice is an error."""
    return Registry("situation", ((s.id, s) for s in situations))


def apply_situation(world: World, spec: SituationSpec,
                    registry: Registry[Situation]) -> SituationInstance:
    """Validate `spec.params` and apply the situation to `world` in place.

    `registry` is the world's own (Arcadia Robotics' `SITUATIONS`, the restaurant's
    `restaurant_situations()`, the agency's `agency_situations()`).
    """
    sit = registry.get(spec.id)  # an unknown id: a ValueError naming the known ones
    params = sit.params.model_validate(spec.params)
    # A string seed goes through SHA-512 in `random`, never through `hash()`.
    rng = random.Random(f"{world.spec.seed}:{spec.id}:{len(world.situations)}")
    instance = sit.apply(world, params, rng)
    world.situations.append(instance)
    return instance


def holding_of(world: World, app: str, person: Person) -> Holding:
    """A snapshot of `person` as the truth has them now: what `app` keeps if it never
    hears of what happens next."""
    return Holding(app=app, person_id=person.id, status=person.status,
                   termination_date=person.termination_date,
                   job_history=tuple(person.job_history),
                   comp_history=tuple(person.comp_history),
                   benefits=tuple(e.benefit_id for e in world.enrolments
                                  if e.person_id == person.id))
