"""World truth for Arcadia Robotics: pure, deterministic generation from a spec."""

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
from arcadia.world.procurement import Procurement, approval_chain
from arcadia.world.robotics.figures import OrgFigures, org_figures
from arcadia.world.robotics.generate import generate_world
from arcadia.world.situations import SITUATIONS, apply_situation
from arcadia.world.views import (
    AppView,
    AtsView,
    HrisView,
    PayrollView,
    PersonRecord,
    ProcurementView,
)

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
    "Procurement",
    "ProcurementView",
    "SituationInstance",
    "SituationSpec",
    "World",
    "WorldSpec",
    "apply_situation",
    "approval_chain",
    "generate_world",
    "org_figures",
    "to_plain",
]
