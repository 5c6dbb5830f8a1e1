"""What the goal kinds of `purchase-approvals-v1` share: their candidates (one goal name
per kind, so the branches are alike), who acts, and the reads every walk starts with (the
policy mail, a mail found by what it mentions)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.goals.robotics.courtesy import asker
from arcadia.taskgen.goals.robotics.spend_anomaly import supplier_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.purchase_approvals import ap_contact
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY
from arcadia.world.robotics.situations.spend_anomaly import procurement_contact

APPS = ("mail", "procurement")
P = "procurement"


def _money(v: Any) -> str:
    return f"${v:,.0f}"


def _of(kind: str, actor_of: Any) -> Any:
    """One candidate per anchor of `kind`, all with one goal name (the branches alike)."""

    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        actor = actor_of(world, inst)
        for a, h in zip(inst.anchors, inst.hidden, strict=True):
            if a["kind"] != kind:
                continue
            slots = {k: v for k, v in a.items() if k != "kind"}
            if "requester" in a:
                slots["requester_first"] = a["requester"].split()[0]
            facts = dict(h)
            facts["supplier_email"] = _contact(world, h["supplier_id"])
            facts["asked"] = asker(world, actor, has=a["supplier"])
            yield Candidate(
                kind, a["supplier"], actor, slots, supplier_subject(a["supplier"]), facts=facts
            )

    return candidates


def _contact(world: World, supplier_id: int) -> str:
    s = next(x for x in world.procurement.suppliers if x.id == supplier_id)
    return s.primary_contact.email.lower()


def _approver(world: World, inst: SituationInstance) -> Any:
    return world.person(inst.params["approver_id"])


def _clerk(world: World, inst: SituationInstance) -> Any:
    return ap_contact(world)


def _buyer(world: World, inst: SituationInstance) -> Any:
    return procurement_contact(world)


async def _policy(w: Walker) -> dict[str, Any]:
    """The policy mail in the actor's inbox (read before acting on it)."""
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{POLICY.subject}'"},
        )
    )
    return {"$from": str(found.step.id), "path": "value[0].from.emailAddress.address"}


async def _mail_about(w: Walker, text: str) -> str:
    found = await w.run(
        Step(app="mail", method="GET", path="/v1.0/me/messages", query={"$search": f'"{text}"'})
    )
    return str(found.step.id)
