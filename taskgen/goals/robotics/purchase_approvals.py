"""Generator v2's goal kinds of `purchase-approvals-v1`: a finance manager's approvals,
AP's and Procurement's supplier work, all bound by the procurement policy that Finance's
head mailed (`world.robotics.situations.purchase_approvals_policy.POLICY`).

Each kind asks its branches in the same words (one `Candidate.goal` per kind); which
branch it is, the agent learns from the apps and the policy, never from the instruction:

- `approvals-requisition-v2`: a requisition pending on you: approve (within your limit, a
  contract in force), or reject naming the reason: no contract on file (over the
  contract threshold), above your approval limit.
- `approvals-queue-v2`: every requisition pending on you, each its own branch.
- `approvals-invoice-check-v2`: AP thinks an invoice waiting on you is a duplicate:
  approve it (a recurring service's next month, on its own order line) or reject it as a
  duplicate (the same lines and date billed again).
- `approvals-receive-delivery-v2`: goods came for your order: receive what the packing
  slip says shipped (all of it, or part of a line), not what was ordered.
- `approvals-dispute-resolved-v2`: the supplier answered AP's dispute with a credit note:
  withdraw the dispute.
- `approvals-remit-change-v2`: a supplier mails new remittance details: a postal address
  is changed in Coupa; bank details are Finance's after a call-back, so they go to
  Finance's head by mail, saying so, and nothing changes.
- `approvals-close-order-v2`: AP asks to close an order: close it when it is received and
  invoiced in full; when part of a line is still to come, it stays open and AP is told
  why (by mail, naming what is outstanding).

The last five are in `purchase_approvals_suppliers`; what they share, in
`purchase_approvals_common`.

A rejection's reason and an escalation's text are judged by naming the policy's key word
(`POLICY.*_word`), never by wording.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.robotics import purchase_approvals_suppliers as suppliers
from arcadia.taskgen.goals.robotics.courtesy import allow_reply
from arcadia.taskgen.goals.robotics.purchase_approvals_common import (
    APPS,
    P,
    _approver,
    _money,
    _of,
    _policy,
)
from arcadia.taskgen.goals.robotics.spend_anomaly import supplier_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.purchase_approvals import SITUATION
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY

__all__ = ["GOALS", "TASKS", "TASKS_V1"]

# --- requisitions ----------------------------------------------------------------------

REASONS = {
    "no-contract": (
        POLICY.contract_word,
        "No {contract_word} on file with {supplier} for a purchase over {over} "
        "(procurement policy); please go through sourcing.",
    ),
    "over-limit": (
        POLICY.limit_word,
        "Above my {limit} approval {limit_word} (procurement policy); please have "
        "it routed to the next level.",
    ),
}


async def _decide(
    w: Walker, c: Candidate, hints: Hints, fact: dict[str, Any], slots: dict[str, Any]
) -> None:
    """Read the requisition and the supplier's contracts, then approve or reject it."""
    found = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/requisitions",
            query={
                "status": "pending_approval",
                "requested-by[email]": slots["requester_email"],
                "requisition-lines[supplier][name]": slots["supplier"],
            },
        )
    )
    await w.run(
        Step(
            app=P, method="GET", path="/api/contracts", query={"supplier[name]": slots["supplier"]}
        )
    )
    approval = {"$from": str(found.step.id), "path": "[0].current-approval.id"}
    branch = fact["branch"].removeprefix("requisition-")
    if branch == "approve":
        await w.run(
            Step(app=P, method="PUT", path="/api/approvals/{id}/approve", params={"id": approval})
        )
        # The order approving issues: its line ids are the app's to mint.
        hints.value("procurement.requisition_lines.order_line_id", {"gt": 0})
        hints.say.setdefault("procurement.purchase_orders", "the order the approval issues")
    else:
        word, text = REASONS[branch]
        reason = text.format(
            contract_word=POLICY.contract_word,
            supplier=slots["supplier"],
            over=_money(POLICY.contract_over),
            limit=_money(fact["limit"]),
            limit_word=POLICY.limit_word,
        )
        await w.run(
            Step(
                app=P,
                method="PUT",
                path="/api/approvals/{id}/reject",
                params={"id": approval},
                query={"reason": reason},
            )
        )
        hints.value(
            "procurement.approvals.note",
            {"contains": word},
            {"approvable_id": fact["requisition_id"], "approvable_type": "RequisitionHeader"},
        )
        hints.value(
            "procurement.requisitions.reject_reason_comment",
            {"contains": word},
            {"id": fact["requisition_id"]},
        )
    hints.say.setdefault("procurement.approvals", "the approvals acted on")
    hints.say.setdefault("procurement.requisitions", "the requisitions decided")
    # A word to the requester is what a careful manager may add, never asked.
    allow_reply(
        hints, c.actor, {"to": slots["requester_email"], "thread": [slots["requester_email"]]}
    )


@goal(
    "approvals-requisition-v2",
    SITUATION,
    "A requisition pending on you: approve it, or reject it with the policy's reason.",
    candidates=_of("requisition", _approver),
    phrasings=(
        "{requester}'s requisition for {supplier} is waiting for your approval. Please "
        "deal with it in Coupa per the procurement policy.",
        "Can you action the {supplier} requisition {requester_first} raised? It's sitting "
        "in your approvals; the procurement policy applies as usual.",
        "{requester} ({requester_email}) is chasing the {supplier} request pending your "
        "approval. Please decide it in line with our procurement policy.",
    ),
)
async def requisition_review(w: Walker, c: Candidate, hints: Hints) -> None:
    await _policy(w)
    await _decide(w, c, hints, c.facts, c.slots)


def _queue(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    actor = _approver(world, inst)
    items = [
        (a, h) for a, h in zip(inst.anchors, inst.hidden, strict=True) if a["kind"] == "requisition"
    ]
    if not items:
        return
    yield Candidate(
        "queue",
        actor.name,
        actor,
        {"me": actor.name},
        supplier_subject(items[0][0]["supplier"]),
        facts={"items": [{**h, "slots": a} for a, h in items]},
    )


@goal(
    "approvals-queue-v2",
    SITUATION,
    "Every requisition pending on you, each approved or rejected as the policy says.",
    candidates=_queue,
    phrasings=(
        "I'm behind on approvals. Could you go through the requisitions waiting for my "
        "approval in Coupa and deal with each one per the procurement policy?",
        "Please clear my requisition approvals queue in Coupa: approve or reject each "
        "request as our procurement policy requires.",
    ),
)
async def queue(w: Walker, c: Candidate, hints: Hints) -> None:
    me = await w.run(Step(app=P, method="GET", path="/api/users", query={"login": c.actor.email}))
    await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/approvals",
            query={
                "approver-id": {"$from": str(me.step.id), "path": "[0].id"},
                "status": "pending_approval",
                "approvable-type": "RequisitionHeader",
            },
        )
    )
    await _policy(w)
    for item in c.facts["items"]:
        slots = dict(item["slots"])
        await _decide(w, c, hints, item, slots)


GOALS = (requisition_review, queue, *suppliers.GOALS)
TASKS = SituationGoals(SITUATION, GOALS, params={}, apps=APPS)
# Generator v1 has no goal kind of this situation: its entry only places the situation
# in Arcadia Robotics' pack.
TASKS_V1 = SituationGoals(SITUATION, (), params={}, apps=APPS)
