"""The restaurant world's situations: which shift (case) an episode runs.

They are registered apart from Arcadia Robotics' `SITUATIONS` (which describe its people
and apps and which the task generator walks): a restaurant world accepts only these, and an
Arcadia Robotics world none of them. `crew_world` applies them with
`apply_restaurant_situations` once the crew is drawn.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arcadia.world.model import SituationInstance, SituationSpec
from arcadia.world.registry import Registry
from arcadia.world.restaurant.cases import CASE_IDS, TICKS, load_case
from arcadia.world.situations import Situation, apply_situation, situation_registry

if TYPE_CHECKING:
    from arcadia.world.world import World

RESTAURANT_WORLD = "restaurant"
SHIFT_SITUATION = "restaurant-shift-v1"


class ShiftParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case: str = Field("quiet-tuesday", description="The shift's case: one of the simulation's "
                      "CASE_IDS (`quiet-tuesday`, `dinner-rush`, `saturday-night`).")

    @field_validator("case")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in CASE_IDS:
            raise ValueError(f"unknown case {value!r}; known: {', '.join(CASE_IDS)}")
        return value


def _shift(world: World, params: ShiftParams, rng: random.Random) -> SituationInstance:
    """The manager knows the case and the shift's length; the case's published figures
    (its hash, floor and ceiling) are what a grader checks a trace against."""
    case = load_case(params.case)
    anchors: list[dict[str, Any]] = [{"case": case.id, "seed": world.spec.seed,
                                      "ticks": TICKS}]
    hidden: list[dict[str, Any]] = [{"case": case.id, "case_version": case.version,
                                     "case_hash": case.hash, "floor_cents": case.floor_cents,
                                     "ceiling_cents": case.ceiling_cents,
                                     "metrics": list(case.metrics)}]
    return SituationInstance(SHIFT_SITUATION, params.model_dump(), anchors, hidden)


def restaurant_situations() -> Registry[Situation]:
    """The restaurant world's situations by id."""
    return situation_registry(Situation(
        SHIFT_SITUATION,
        "The restaurant's 120-tick shift of one case, run by its manager: the case and the "
        "world's seed fix the arrivals, failures and shortages.",
        ShiftParams, _shift))


def apply_restaurant_situations(world: World) -> list[SituationInstance]:
    """Apply `world.spec.situations` to a restaurant world (in place): each must be a
    restaurant situation, and a world runs at most one shift."""
    if world.spec.name != RESTAURANT_WORLD:
        raise ValueError(f"restaurant situations apply to the {RESTAURANT_WORLD!r} world, "
                         f"not {world.spec.name!r}")
    known = restaurant_situations()
    applied = []
    for spec in world.spec.situations:
        applied.append(apply_restaurant_situation(world, spec, known))
    if sum(1 for i in world.situations if i.id == SHIFT_SITUATION) > 1:
        raise ValueError(f"a restaurant world runs one shift; got several {SHIFT_SITUATION}")
    return applied


def apply_restaurant_situation(world: World, spec: SituationSpec,
                               known: Registry[Situation] | None = None
                               ) -> SituationInstance:
    """Validate `spec.params` and apply one restaurant situation to `world` in place."""
    return apply_situation(world, spec, known if known is not None else restaurant_situations())


def shift_case(world: World) -> str | None:
    """The case of the world's shift, or None when it runs none."""
    return next((str(i.params["case"]) for i in world.situations if i.id == SHIFT_SITUATION),
                None)
