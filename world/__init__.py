"""World truth for Arcadia Robotics: pure, deterministic generation from a spec."""

from arcadia.world.figures import OrgFigures, org_figures
from arcadia.world.generate import generate_world
from arcadia.world.hiring import Hiring
from arcadia.world.model import (
    CompRecord,
    Holding,
    JobRecord,
    Person,
    Personal,
    SituationInstance,
    SituationSpec,
    World,
    WorldSpec,
    to_plain,
)
from arcadia.world.situations import SITUATIONS, apply_situation
from arcadia.world.views import AppView, AtsView, HrisView, PayrollView, PersonRecord

__all__ = [
    "SITUATIONS",
    "AppView",
    "AtsView",
    "CompRecord",
    "Hiring",
    "Holding",
    "OrgFigures",
    "HrisView",
    "JobRecord",
    "PayrollView",
    "Person",
    "Personal",
    "PersonRecord",
    "SituationInstance",
    "SituationSpec",
    "World",
    "WorldSpec",
    "apply_situation",
    "generate_world",
    "org_figures",
    "to_plain",
]
