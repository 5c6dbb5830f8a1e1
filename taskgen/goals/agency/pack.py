"""The staffing agency in the task generator: its situations' goal kinds, the handbook's
guards on every task, and the candidates its instructions name."""

from arcadia.grader.agency import HANDBOOK_GUARDS
from arcadia.grader.kinds import GUARDS
from arcadia.grader.task import GuardSpec
from arcadia.taskgen.goals.agency import intent, recruiter, unused
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


# Generator v1's goal kinds (corpus/agency-v1), and v2's, stated as intent (corpus/agency-v2),
# of the same situations.
PACK = TaskgenPack(world=WORLD.name, situations=(*recruiter.TASKS, *intent.V1_EMPTY),
                   v2=intent.TASKS,
                   extra_guards=handbook_guards,
                   namesakes=(Namesakes("CandidateName", candidates),),
                   unused=unused.UNUSED, corpora=("agency-v2", "agency-v1"))
