"""Arcadia Robotics in the task generator: its three situations' goal kinds and add-ons (v1's
and v2's), and the people and suppliers its instructions name."""

from arcadia.taskgen.goals.robotics import (
    hiring_pipeline,
    hr_mismatch,
    hr_mismatch_addons,
    inbox_calendar,
    leave_requests,
    new_hire_cohort,
    new_hire_cohort_addons,
    payroll_requests,
    purchase_approvals,
    spend_anomaly,
    spend_anomaly_addons,
    unused,
    v2,
)
from arcadia.taskgen.pack import Namesakes, TaskgenPack
from arcadia.world import World
from arcadia.world.robotics.pack import PACK as WORLD


def people(world: World) -> list[str]:
    return [p.name for p in world.people]


def suppliers(world: World) -> list[str]:
    return [s.name for s in world.procurement.suppliers]


PACK = TaskgenPack(
    world=WORLD.name,
    situations=(hr_mismatch.TASKS, new_hire_cohort.TASKS, spend_anomaly.TASKS,
                hiring_pipeline.TASKS_V1, inbox_calendar.TASKS_V1,
                leave_requests.TASKS_V1,
                payroll_requests.TASKS_V1,
                purchase_approvals.TASKS_V1),
    addons=(*hr_mismatch_addons.ADDONS, *new_hire_cohort_addons.ADDONS,
            *spend_anomaly_addons.ADDONS, *v2.ADDONS),
    # Of a supplier's name, only words of four letters or more make another name alike.
    namesakes=(Namesakes("PersonName", people), Namesakes("SupplierName", suppliers, word=4)),
    v2=v2.TASKS,
    unused=unused.UNUSED,
    corpora=("arcadia-v2", "arcadia-v1"),
)
