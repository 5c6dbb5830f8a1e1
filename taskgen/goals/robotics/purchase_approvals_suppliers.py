"""`purchase-approvals-v1`'s goal kinds on invoices, deliveries, disputes, remittance and
closing orders (see `purchase_approvals` for all of them and their branches)."""

from __future__ import annotations

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.courtesy import allow_reply
from arcadia.taskgen.goals.robotics.purchase_approvals_common import (
    P,
    _approver,
    _buyer,
    _clerk,
    _mail_about,
    _of,
    _policy,
)
from arcadia.taskgen.walk import Walker
from arcadia.world.robotics.situations.purchase_approvals import SITUATION
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY

__all__ = ["GOALS"]


def _agents_mail(hints: Hints) -> None:
    """A mail the agent words: its subject line, and whether it answers a thread (a
    reply or a forward of the mail that raised it) or starts one, are the agent's."""
    for column in ("subject", "in_reply_to", "conversation_id"):
        hints.ignore(f"mail.messages.{column}")


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
    await _mail_about(w, c.slots["invoice_number"])  # AP's mail names the invoice
    query = {"supplier[name]": c.slots["supplier"]}
    await w.run(Step(app=P, method="GET", path="/api/invoices", query=query))
    pending = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/invoices",
            query={**query, "invoice-number": c.slots["invoice_number"]},
        )
    )
    await w.run(Step(app=P, method="GET", path="/api/purchase_orders", query=query))
    approval = {"$from": str(pending.step.id), "path": "[0].current-approval.id"}
    if c.facts["branch"] == "invoice-recurring":
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
    # What is on file, read in both branches (so the twins' golds are alike until they
    # decide).
    addr = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/suppliers/{supplier_id}/addresses",
            params={"supplier_id": sid},
        )
    )
    if c.facts["branch"] == "remit-address":
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
        _agents_mail(hints)
    allow_reply(hints, c.actor, {"to": c.facts["supplier_email"], "thread": []})


# --- closing orders --------------------------------------------------------------------

STILL_OPEN = ["receiv", "outstanding", "backorder", "deliver", "arrive", "ship", "still"]


@goal(
    "approvals-close-order-v2",
    SITUATION,
    "AP asks to close an order: close it when all is received, else say what is open.",
    candidates=_of("close", _buyer),
    phrasings=(
        "AP wants to know if the {supplier} purchase order can be closed out. Please close "
        "it in Coupa if it's complete; if it isn't, let them know what's still open.",
        "Can you deal with AP's question about closing the {supplier} order? Close it if "
        "everything on it is done, otherwise tell AP why it has to stay open.",
    ),
)
async def close_order(w: Walker, c: Candidate, hints: Hints) -> None:
    asked = await _mail_about(w, c.slots["order_number"])
    order = await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/purchase_orders",
            query={"po-number": c.slots["order_number"]},
        )
    )
    await w.run(
        Step(
            app=P,
            method="GET",
            path="/api/invoices",
            query={"supplier[name]": c.slots["supplier"]},
        )
    )
    if c.facts["branch"] == "close-complete":
        await w.run(
            Step(
                app=P,
                method="PUT",
                path="/api/purchase_orders/{id}/close",
                params={"id": {"$from": str(order.step.id), "path": "[0].id"}},
            )
        )
        hints.say["procurement.purchase_orders"] = f"the closed {c.slots['supplier']} order"
        allow_reply(hints, c.actor, c.facts.get("asked"))
        return
    to = {"$from": asked, "path": "value[0].from.emailAddress.address"}
    await w.run(
        Step(
            app="mail",
            method="POST",
            path="/v1.0/me/sendMail",
            body={
                "message": {
                    "subject": f"RE: Can we close {c.slots['order_number']}?",
                    "body": {
                        "contentType": "Text",
                        "content": (
                            f"Not yet: part of the last line of {c.slots['order_number']} is still "
                            f"to be received from {c.slots['supplier']} (backordered), so it stays "
                            "open."
                        ),
                    },
                    "toRecipients": [{"emailAddress": {"address": to}}],
                },
                "saveToSentItems": True,
            },
        )
    )
    mail_hints(hints, str(w.read_value(to)), [STILL_OPEN])
    _agents_mail(hints)


GOALS = (invoice_check, receive_delivery, dispute_resolved, remit_change, close_order)
