"""`purchase-approvals-v1`: a first-line manager's approvals and the procurement policy that
binds them.

Planted for one approver (a finance M1 manager with reports, and no requisition of
the world pending on them), `per_kind` of each:

- requisitions pending on the approver: `approve` (within the limit, a contract in force),
  `no-contract` (over the policy's contract threshold, no contract in force),
  `over-limit` (above the approver's limit, the chain stopping at them);
- invoices pending on the approver that AP thinks are duplicates: `recurring` (a monthly
  service's next month, on its own order line: a new charge) and `duplicate` (the same
  lines and date billed again);
- deliveries of the approver's own orders with a packing slip by mail: `full`, `partial`;
- a dispute the supplier resolved with a credit note (mail to AP): withdraw it;
- remittance requests from suppliers to Procurement's buyer: `bank` (Finance only, after a
  call-back: escalate) and `address` (Procurement changes it);
- orders AP asks the buyer to close: `complete` (received and invoiced in full) and `open`
  (part of a line still to come).

The policy (`purchase_approvals_policy.POLICY`) reaches the approver, AP and the buyer as a
mail from the head of Finance. Anchors say what a colleague would know (supplier,
requester); hidden facts hold the ids, amounts and which branch it is.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.comms import EmailAddress
from arcadia.world.model import SituationInstance
from arcadia.world.robotics.situations import purchase_approvals_planting as plant
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY, policy_body
from arcadia.world.robotics.situations.spend_anomaly import procurement_contact
from arcadia.world.robotics.situations.spend_planting import Planter
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

SITUATION = "purchase-approvals-v1"
REQUISITION_KINDS = ("approve", "no-contract", "over-limit")
INVOICE_KINDS = ("recurring", "duplicate")
DELIVERY_KINDS = ("full", "partial")
REMIT_KINDS = ("address", "bank")
CLOSE_KINDS = ("complete", "open")


class PurchaseApprovalsParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    per_kind: int = Field(2, ge=1, le=4, description="How many of each kind to plant.")


def approver(world: World) -> tuple[Person, list[Person]]:
    """The first M1 manager of finance (by id: finance reads the invoices it approves) with
    an active manager, three or more individual contributors employed all year, and no
    requisition pending on them."""
    proc = world.procurement
    busy = {
        a.approver_id
        for a in proc.approvals
        if a.approvable_type == "RequisitionHeader" and a.status in ("pending_approval", "waiting")
    }
    by_id = {p.id: p for p in world.people}
    year_ago = world.now.date() - timedelta(days=365)
    for p in world.people:
        boss = by_id.get(p.manager_id or 0)
        if (
            p.level != "M1"
            or p.status != "active"
            or p.id in busy
            or boss is None
            or "finance" not in p.roles
            or boss.status != "active"
            or p.department_id == "EXE"
        ):
            continue
        reports = [
            r
            for r in world.people
            if r.manager_id == p.id
            and r.status == "active"
            and r.level.startswith("IC")
            and r.hire_date <= year_ago
        ]
        if len(reports) >= 3:
            return p, reports
    raise ValueError(
        f"{SITUATION} needs a first-line finance manager with three reports "
        "and no pending approvals (use a headcount of 300 or more)"
    )


def ap_contact(world: World) -> Person:
    """AP's clerk: the first active individual contributor of Accounts Payable (else of
    finance)."""
    pool = [
        p
        for p in world.people
        if p.status == "active" and p.level.startswith("IC") and p.team == "Accounts Payable"
    ] or [
        p
        for p in world.people
        if p.status == "active" and p.level.startswith("IC") and "finance" in p.roles
    ]
    if not pool:
        raise ValueError(f"{SITUATION} needs someone in accounts payable")
    return pool[0]


def finance_head(world: World) -> Person:
    return world.person(world.department("FIN").head_id or 0)


def purchase_approvals(
    world: World, params: PurchaseApprovalsParams, rng: random.Random
) -> SituationInstance:
    if not world.procurement.suppliers:
        raise ValueError(f"{SITUATION} needs a world with procurement truth")
    boss, reports = approver(world)
    pl = Planter(world, rng)
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []

    def add(kind: str, branch: str, planted: tuple[dict[str, Any], dict[str, Any]]) -> None:
        anchors.append({"kind": kind, **planted[0]})
        # The branch as a code no instruction would say ("invoice-duplicate").
        hidden.append({"kind": kind, "branch": f"{kind}-{branch}", **planted[1]})

    for _ in range(params.per_kind):
        for b in REQUISITION_KINDS:
            add("requisition", b, plant.requisition(pl, boss, reports, b))
        for b in INVOICE_KINDS:
            add("invoice", b, plant.invoice_pair(pl, boss, reports, b))
        for b in DELIVERY_KINDS:
            add("delivery", b, plant.delivery(pl, boss, b))
        add("dispute", "resolved", plant.resolved_dispute(pl))
        for b in REMIT_KINDS:
            add("remit", b, plant.remit_request(pl, b))
        for b in CLOSE_KINDS:
            add("close", b, plant.closable(pl, b))
    _traces(Traces(world, SITUATION, rng), boss, anchors, hidden)
    return SituationInstance(
        SITUATION, {"per_kind": params.per_kind, "approver_id": boss.id}, anchors, hidden
    )


PURCHASE_APPROVALS = Situation(
    SITUATION,
    "A first-line manager's approvals under Arcadia Robotics' procurement policy: "
    "requisitions within or above their limit or without a contract, invoices that look "
    "like duplicates (one a recurring service's next month), deliveries to receive, a "
    "dispute the supplier resolved, and suppliers asking to change where they are paid.",
    PurchaseApprovalsParams,
    purchase_approvals,
)


# --- traces ----------------------------------------------------------------------------


def _money(amount: float) -> str:
    return f"${amount:,.2f}"


def _traces(
    tr: Traces, boss: Person, anchors: list[dict[str, Any]], hidden: list[dict[str, Any]]
) -> None:
    world = tr.world
    today = world.now.date()
    head = finance_head(world)
    clerk = ap_contact(world)
    buyer = procurement_contact(world)
    for who in {p.id: p for p in (boss, clerk, buyer)}.values():
        tr.mail(
            head,
            [who],
            POLICY.subject,
            policy_body(who.first_name, head.name),
            tr.sent_at(today - timedelta(days=40), today - timedelta(days=20)),
            read=True,
        )
    proc = world.procurement
    suppliers = {s.id: s for s in proc.suppliers}
    for a, h in zip(anchors, hidden, strict=True):
        s = suppliers[h["supplier_id"]]
        contact = s.primary_contact
        sender = f"{contact.name_given} {contact.name_family}"
        them = EmailAddress(sender, contact.email.lower())
        if a["kind"] == "invoice":
            tr.mail(
                clerk,
                [boss],
                f"Invoice {a['invoice_number']} from {s.name}",
                f"Hi {boss.first_name},\n\nInvoice {a['invoice_number']} from {s.name} "
                f"for {_money(a['amount'])} is waiting for your approval. We already "
                f"approved one from them for the same amount ({a['earlier_number']}), "
                "so it may be a duplicate. Could you check it before approving?\n\n"
                f"Thanks,\n{clerk.first_name}",
                tr.sent_at(today - timedelta(days=2)),
            )
        elif a["kind"] == "delivery":
            slip = "\n".join(
                f"  Line {x['line_num']}: {x['description']}: {x['shipped']:g} shipped"
                for x in h["shipped"]
            )
            short = [x for x in h["shipped"] if x["shipped"] < x["ordered"]]
            rest = (
                "".join(
                    f"\nThe remaining {x['ordered'] - x['shipped']:g} of line "
                    f"{x['line_num']} are backordered and will follow in about two "
                    "weeks."
                    for x in short
                )
                or "\nThis completes your order."
            )
            tr.mail(
                them,
                [boss],
                f"Delivery note for {a['order_number']}",
                f"Hello {boss.first_name},\n\nYour order {a['order_number']} was "
                f"delivered to your site yesterday. Packing slip:\n{slip}\n{rest}\n\n"
                f"Kind regards,\n{sender}\n{s.name}",
                tr.sent_at(today - timedelta(days=1)),
            )
        elif a["kind"] == "dispute":
            tr.mail(
                them,
                [clerk],
                f"RE: Disputed invoice {a['invoice_number']}",
                f"Hello {clerk.first_name},\n\nThanks for flagging the quantity on our "
                f"invoice {a['invoice_number']}. You were right: one unit was damaged in "
                f"transit. We have issued credit note {h['credit_note']} for "
                f"{_money(h['credit'])}, which will reach you separately. The rest of "
                "the invoice stands, so please withdraw the dispute and process it as "
                f"billed.\n\nBest regards,\n{sender}\n{s.name}",
                tr.sent_at(today - timedelta(days=3)),
            )
        elif a["kind"] == "close":
            tr.mail(
                clerk,
                [buyer],
                f"Can we close {a['order_number']}?",
                f"Hi {buyer.first_name},\n\n{a['order_number']} with {s.name} looks fully "
                "invoiced and paid on our side. Can it be closed, so nothing more gets "
                f"billed against it?\n\nThanks,\n{clerk.first_name}",
                tr.sent_at(today - timedelta(days=2)),
            )
        elif a["kind"] == "remit":
            tr.mail(
                them,
                [buyer],
                f"{s.name}: updated remittance details",
                _remit_body(buyer, s.name, sender, h),
                tr.sent_at(today - timedelta(days=3)),
            )


def _remit_body(buyer: Person, supplier: str, sender: str, h: dict[str, Any]) -> str:
    if h["branch"] == "remit-bank":
        b = h["bank"]
        change = (
            "our bank details have changed. From now on please pay us into our new "
            f"account: routing number {b['routing']}, account number {b['account']}. "
            "Our remit-to address stays the same. Please update your records before "
            f"the next payment run. If you have questions, call me on {b['phone']}."
        )
    else:
        n = h["new_address"]
        change = (
            "our remittance address has changed: we have moved our accounts office. "
            f"From now on please send remittances to {n['street1']}, {n['city']}, "
            f"{n['state']} {n['postal_code']}. Our bank details are unchanged."
        )
    return (
        f"Hello {buyer.first_name},\n\nPlease note that {change}\n\nThank you,\n"
        f"{sender}\n{supplier}"
    )
