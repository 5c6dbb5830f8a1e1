"""The staffing agency in the task generator: its situations' goal kinds, the handbook's
guards on every task, and the candidates its instructions name."""

from arcadia.grader.agency import HANDBOOK_GUARDS
from arcadia.grader.kinds import GUARDS
from arcadia.grader.task import GuardSpec
from arcadia.taskgen.goals.agency import intent, recruiter
from arcadia.taskgen.pack import Namesakes, TaskgenPack
from arcadia.world import World
from arcadia.world.agency.pack import PACK as WORLD


def handbook_guards() -> list[GuardSpec]:
    """Every handbook guard, on every agency task: the agent never learns which rule a task
    probes, and breaking any of them scores 0."""
    return [GuardSpec(id=k.removeprefix("handbook-").removesuffix("-v1"), kind=k,
                      description=GUARDS.get(k).description) for k in HANDBOOK_GUARDS]


def candidates(world: World) -> list[str]:
    return [f"{c.first_name} {c.last_name}" for c in world.agency.candidates]


# The v1 goal kinds on the v1 situation ids (corpus/agency-v1), then the goal kinds stated
# as intent on the v2 ids (the same worlds: corpus/agency-v2).
PACK = TaskgenPack(world=WORLD.name, situations=(*recruiter.TASKS, *intent.TASKS),
                   extra_guards=handbook_guards,
                   namesakes=(Namesakes("CandidateName", candidates),))
