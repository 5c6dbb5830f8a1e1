"""The world layer: pure, deterministic worlds built from a spec (`generate_world`).

`generate_world` picks the world by the spec's name from the registry of worlds (`WORLDS`,
`worlds`; each world's pack in its own folder, see docs/worlds.md): Arcadia Robotics
(`robotics`, the default), the staffing agency (`agency`) or the restaurant (`restaurant`).
What every world shares sits here: its records (`model`), the `World` with its canonical
JSON and content hash (`world`), what each app holds (`comms`, `hiring`, `procurement`,
`sheets`) and its view of a world (`views`), people's personal facts (`personal`) and how a
situation is applied (`situations`).
"""

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
    WorldSpec,
    to_plain,
)
from arcadia.world.pack import WorldPack
from arcadia.world.procurement import Procurement, approval_chain
from arcadia.world.registry import Registry
from arcadia.world.situations import apply_situation
from arcadia.world.views import (
    AppView,
    AtsView,
    HrisView,
    PayrollView,
    PersonRecord,
    ProcurementView,
)
from arcadia.world.world import World
from arcadia.world.worlds import WORLDS

__all__ = [
    "WORLDS",
    "AppView",
    "AtsView",
    "CompRecord",
    "Hiring",
    "Holding",
    "HrisView",
    "JobRecord",
    "PayrollView",
    "Person",
    "Personal",
    "PersonRecord",
    "Procurement",
    "ProcurementView",
    "Registry",
    "SituationInstance",
    "SituationSpec",
    "World",
    "WorldPack",
    "WorldSpec",
    "apply_situation",
    "approval_chain",
    "generate_world",
    "to_plain",
]
