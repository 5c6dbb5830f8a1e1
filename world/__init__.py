"""World truth for Arcadia Robotics: pure, deterministic generation from a spec."""

from arcadia.world.generate import generate_world
from arcadia.world.model import (
    Divergence,
    Person,
    SituationInstance,
    SituationSpec,
    World,
    WorldSpec,
    to_plain,
)
from arcadia.world.situations import SITUATIONS, apply_situation

__all__ = [
    "SITUATIONS",
    "Divergence",
    "Person",
    "SituationInstance",
    "SituationSpec",
    "World",
    "WorldSpec",
    "apply_situation",
    "generate_world",
    "to_plain",
]
