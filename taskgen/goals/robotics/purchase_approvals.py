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

A rejection's reason and an escalation's text are judged by naming the policy's key word
(`POLICY.*_word`), never by wording.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.courtesy import allow_reply, asker
from arcadia.taskgen.goals.robotics.spend_anomaly import supplier_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.purchase_approvals import SITUATION, ap_contact
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY
from arcadia.world.robotics.situations.spend_anomaly import procurement_contact

__all__ = ["GOALS", "TASKS", "TASKS_V1"]

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
    branch = fact["branch"]
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


# --- invoices --------------------------------------------------------------------------


@goal(
    "approvals-invoice-check-v2",
    SITUATION,
    "AP fears an invoice pending on you is a duplicate: approve it or reject it so.",
    candidates=_of("invoice", _approver),
    phrasings=(
        "AP thinks the {supplier} invoice waiting for your approval might be a duplicate. "
        "Please check it and approve or reject it per the procurement policy.",
        "Could you look at the {supplier} invoice in your approvals? AP flagged it as a "
        "possible double bill. Decide it in Coupa as the procurement policy says.",
    ),
)
async def invoice_check(w: Walker, c: Candidate, hints: Hints) -> None:
    await _policy(w)
    query = {"supplier[name]": c.slots["supplier"]}
    await w.run(Step(app=P, method="GET", path="/api/invoices", query=query))
    pending = await w.run(
        Step(
            app=P, method="GET", path="/api/invoices", query={**query, "status": "pending_approval"}
        )
    )
    await w.run(Step(app=P, method="GET", path="/api/purchase_orders", query=query))
    approval = {"$from": str(pending.step.id), "path": "[0].current-approval.id"}
    if c.facts["branch"] == "recurring":
        await w.run(
            Step(app=P, method="PUT", path="/api/approvals/{id}/approve", params={"id": approval})
        )
    else:
        reason = (
            f"Rejected as a {POLICY.duplicate_word}: it bills the same order line "
            f"and date as invoice {c.slots['earlier_number']}, already approved."
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
            {"contains": POLICY.duplicate_word},
            {"approvable_id": c.facts["invoice_id"], "approvable_type": "InvoiceHeader"},
        )
    hints.say.setdefault(
        "procurement.approvals", f"the approval of {c.slots['supplier']}'s invoice"
    )
    hints.say.setdefault("procurement.invoices", f"{c.slots['supplier']}'s invoice")
    allow_reply(hints, c.actor, c.facts.get("asked"))


# --- deliveries ------------------------------------------------------------------------


async def _mail_about(w: Walker, text: str) -> str:
    found = await w.run(
        Step(app="mail", method="GET", path="/v1.0/me/messages", query={"$search": f'"{text}"'})
    )
    return str(found.step.id)


@goal(
    "approvals-receive-delivery-v2",
    SITUATION,
    "Goods came for your order: receive what the packing slip says shipped.",
    candidates=_of("delivery", _approver),
    phrasings=(
        "The {supplier} delivery for your order arrived yesterday. Please record it as "
        "received in Coupa so AP can match the invoice.",
        "{supplier}'s shipment came in yesterday (their delivery note is in your inbox). "
        "Can you receive it against your order in Coupa?",
    ),
)
async def receive_delivery(w: Walker, c: Candidate, hints: Hints) -> None:
    await _mail_about(w, c.slots["order_number"])
    order = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/purchase_orders",
            query={"supplier[name]": c.slots["supplier"], "po-number": c.slots["order_number"]},
        )
    )
    oid = str(order.step.id)
    for i, line in enumerate(c.facts["shipped"]):
        await w.run(
            Step(
                app=P,
                method="POST",
                path="/api/receiving_transactions",
                body={
                    "order-line-id": {"$from": oid, "path": f"[0].order-lines[{i}].id"},
                    "quantity": line["shipped"],
                },
            )
        )
    hints.say["procurement.receipts"] = f"the receipts of {c.slots['supplier']}'s delivery"


# --- disputes --------------------------------------------------------------------------


@goal(
    "approvals-dispute-resolved-v2",
    SITUATION,
    "The supplier settled AP's dispute with a credit note: withdraw the dispute.",
    candidates=_of("dispute", _clerk),
    phrasings=(
        "{supplier} got back to us about the invoice we have in dispute with them. "
        "Please take it from there in Coupa.",
        "There's a reply from {supplier} on our disputed invoice {invoice_number}. Can "
        "you follow it up in Coupa?",
    ),
)
async def dispute_resolved(w: Walker, c: Candidate, hints: Hints) -> None:
    await _mail_about(w, c.slots["invoice_number"])
    inv = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/invoices",
            query={"supplier[name]": c.slots["supplier"], "status": "disputed"},
        )
    )
    await w.run(
        Step(
            app=P,
            method="PUT",
            path="/api/invoices/{id}/withdraw_dispute",
            params={"id": {"$from": str(inv.step.id), "path": "[0].id"}},
        )
    )
    hints.say["procurement.invoices"] = f"{c.slots['supplier']}'s invoice, back in approval"
    hints.say.setdefault("procurement.approvals", "its new approval chain")
    allow_reply(hints, c.actor, {"to": c.facts["supplier_email"], "thread": []})


# --- remittance ------------------------------------------------------------------------


@goal(
    "approvals-remit-change-v2",
    SITUATION,
    "A supplier sends new remittance details: change an address, escalate bank details.",
    candidates=_of("remit", _buyer),
    phrasings=(
        "{supplier} emailed us new remittance details. Please deal with it in line with "
        "the procurement policy.",
        "We've had a mail from {supplier} about where to send their payments. Can you "
        "handle it as our procurement policy says?",
    ),
)
async def remit_change(w: Walker, c: Candidate, hints: Hints) -> None:
    owner = await _policy(w)
    await _mail_about(w, c.slots["supplier"])
    sup = await w.run(
        Step(app=P, method="GET", path="/api/suppliers", query={"name": c.slots["supplier"]})
    )
    sid = {"$from": str(sup.step.id), "path": "[0].id"}
    if c.facts["branch"] == "address":
        addr = await w.run(
            Step(
                app=P,
                method="GET",
                path="/api/suppliers/{supplier_id}/addresses",
                params={"supplier_id": sid},
            )
        )
        n = c.facts["new_address"]
        await w.run(
            Step(
                app=P,
                method="PUT",
                path="/api/suppliers/{supplier_id}/addresses/{id}",
                params={"supplier_id": sid, "id": {"$from": str(addr.step.id), "path": "[0].id"}},
                body={
                    "street1": n["street1"],
                    "city": n["city"],
                    "state": n["state"],
                    "postal-code": n["postal_code"],
                },
            )
        )
        hints.say["procurement.supplier_addresses"] = f"{c.slots['supplier']}'s remit-to address"
    else:
        to = str(w.read_value(owner))
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/sendMail",
                body={
                    "message": {
                        "subject": f"Bank details change request: {c.slots['supplier']}",
                        "body": {
                            "contentType": "Text",
                            "content": (
                                f"{c.slots['supplier']} asked us to change their bank details. "
                                "Per the procurement policy this needs Finance's call-back to "
                                "their phone number on file; I have changed nothing in Coupa."
                            ),
                        },
                        "toRecipients": [{"emailAddress": {"address": owner}}],
                    },
                    "saveToSentItems": True,
                },
            )
        )
        mail_hints(hints, to, [c.slots["supplier"], POLICY.callback_word])
        # The subject line is the agent's: a forward of the supplier's mail (the policy's
        # own word) or a new message, either is the escalation.
        hints.ignore("mail.messages.subject")
    allow_reply(hints, c.actor, {"to": c.facts["supplier_email"], "thread": []})


GOALS = (requisition_review, queue, invoice_check, receive_delivery, dispute_resolved, remit_change)
TASKS = SituationGoals(SITUATION, GOALS, params={}, apps=APPS)
# Generator v1 has no goal kind of this situation: its entry only places the situation
# in Arcadia Robotics' pack.
TASKS_V1 = SituationGoals(SITUATION, (), params={}, apps=APPS)
