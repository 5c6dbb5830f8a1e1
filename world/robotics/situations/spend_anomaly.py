"""`spend-anomaly-v1(kinds)`: planted procurement anomalies, one of each kind asked for.

Each anomaly is booked into the procurement truth as a whole purchase (requisition,
approvals, order, receipts, invoices) with a supplier no other anomaly uses, and each is
discoverable through the procurement API alone:

- `duplicate-invoice`: an invoice booked twice: the copy has the same supplier, order,
  invoice date, lines and total as the original, a differently written number, and came
  in 9-20 days later (still pending approval; the original is approved). Both are this
  quarter's, and the order has room for both (the copy is not also over the order).
- `over-po`: an order fully received, invoiced in two parts; the second invoice (pending
  approval) is above what the first left of the order's total.
- `split-purchase`: one requester raised three requisitions with the same supplier within
  two days, each just under their manager's approval limit ($10,000), together at or
  above the cost-centre owner's threshold; each was approved by the manager alone,
  which the rule allows per requisition, but the combined purchase needed a longer chain.
- `outside-contract`: a supplier whose only contract has expired was ordered from, and
  an invoice dated after the contract's end was approved and paid.
- `over-limit`: an order approved by one manager alone although its amount is above their
  approval limit (the rule routes it on to their manager).

Anchors say what a person asking would know (the supplier's name, the period, the
requester); hidden facts hold the ids and amounts to discover.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.model import SituationInstance
from arcadia.world.robotics.situations.spend_planting import PLANTERS, Planter
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

AnomalyKind = Literal["duplicate-invoice", "over-po", "split-purchase", "outside-contract",
                      "over-limit"]
ANOMALY_KINDS: list[AnomalyKind] = ["duplicate-invoice", "over-po", "split-purchase",
                                    "outside-contract", "over-limit"]


class SpendAnomalyParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kinds: list[AnomalyKind] = Field(
        default_factory=lambda: list(ANOMALY_KINDS), min_length=1,
        description="Which anomalies to plant, one of each (default: all five).")


def spend_anomaly(world: World, params: SpendAnomalyParams, rng: random.Random
                  ) -> SituationInstance:
    if not world.procurement.suppliers:
        raise ValueError("spend-anomaly-v1 needs a world with procurement truth")
    kinds = list(dict.fromkeys(params.kinds))  # one of each, in the order asked
    planter = Planter(world, rng)
    anchors, hidden = [], []
    for kind in kinds:
        anchor, fact = PLANTERS[kind](planter)
        anchors.append({"kind": kind, **anchor})
        hidden.append({"kind": kind, **fact})
    _traces(Traces(world, "spend-anomaly-v1", rng), hidden)
    return SituationInstance("spend-anomaly-v1", {"kinds": kinds}, anchors, hidden)


SPEND_ANOMALY = Situation(
    "spend-anomaly-v1",
    "Planted procurement anomalies, each a different kind: a duplicate invoice, an invoice "
    "over its order's remaining amount, a purchase split to stay under an approval limit, "
    "a supplier paid outside its contract dates, an order approved above the approver's "
    "limit.",
    SpendAnomalyParams, spend_anomaly)


# --- traces ----------------------------------------------------------------------------


def ap_clerk(world: World, rng: random.Random) -> Person:
    """An accounts-payable clerk: an individual contributor of the AP team (else of
    finance)."""
    pool = [p for p in world.people if p.status == "active" and p.team == "Accounts Payable"
            and p.level.startswith("IC")] or [
        p for p in world.people if p.status == "active" and "finance" in p.roles
        and p.level.startswith("IC")]
    if not pool:
        raise ValueError("spend-anomaly-v1 needs someone in accounts payable")
    return rng.choice(pool)


def procurement_contact(world: World) -> Person:
    """AP's contact in procurement: the first senior buyer (IC3 or above) of procurement."""
    pool = [p for p in world.people if p.status == "active" and "procurement" in p.roles]
    if not pool:
        raise ValueError("spend-anomaly-v1 needs someone in procurement")
    return next((p for p in pool if p.level in ("IC3", "IC4", "IC5")), pool[0])


def _money(amount: float) -> str:
    return f"${amount:,.2f}"


def _traces(tr: Traces, facts: list[dict[str, Any]]) -> None:
    """What the anomalies leave in mail and sheets.

    - The AP clerk's mail to procurement (cc their manager) about an invoice waiting for
      their approval that looks odd: the duplicate's copy, the invoice over its order.
    - The vendor register still shows the outside-contract supplier's contract as active,
      running a year past its real end.
    - The exceptions log holds the over-limit approval (logged by AP's manager), and
      nothing of the other anomalies.
    - Among them, the clerk's question about an ordinary invoice, answered.
    """
    world, rng = tr.world, tr.rng
    proc = world.procurement
    clerk = ap_clerk(world, rng)
    buyer = procurement_contact(world)
    people = {p.id: p for p in world.people}
    boss = people.get(clerk.manager_id or 0)
    cc = [boss] if boss is not None else []
    suppliers = {s.id: s for s in proc.suppliers}
    orders = {o.id: o for o in proc.purchase_orders}
    invoices = {i.id: i for i in proc.invoices}
    hi = f"Hi {buyer.first_name},"
    today = world.now.date()
    for fact in facts:
        kind = fact["kind"]
        supplier = suppliers.get(fact.get("supplier_id", 0))
        if supplier is None:
            continue
        if kind == "duplicate-invoice":
            inv = invoices[fact["duplicate_invoice_id"]]
            tr.mail(clerk, [buyer], f"Invoice {inv.invoice_number} from {supplier.name}",
                    f"{hi}\n\nInvoice {inv.invoice_number} from {supplier.name} for "
                    f"{_money(inv.total)} is waiting for my approval. It looks a lot like "
                    f"one we already approved this quarter on "
                    f"{orders[inv.order_id].number}. Could you check it before I approve "
                    f"it?\n\nThanks,\n{clerk.first_name}",
                    tr.sent_at(inv.received_at.date() + timedelta(days=1)), cc=cc)
        elif kind == "over-po":
            inv = invoices[fact["invoice_id"]]
            tr.mail(clerk, [buyer],
                    f"{supplier.name} invoice {inv.invoice_number}: over the PO?",
                    f"{hi}\n\nInvoice {inv.invoice_number} ({_money(inv.total)}) on "
                    f"{fact['order_number']} is pending my approval. With what "
                    f"{supplier.name} has already invoiced on that order, it seems to come "
                    f"to more than the order's total. I'm holding it until you "
                    f"confirm.\n\nThanks,\n{clerk.first_name}",
                    tr.sent_at(inv.received_at.date() + timedelta(days=1)), cc=cc,
                    importance="high")
        elif kind == "outside-contract":
            _register_says_active(tr, supplier.name, fact)
        elif kind == "over-limit":
            log = tr.ensure_sheet("exceptions_log", "Procurement exceptions log",
                                  boss.id if boss else clerk.id, ("finance", "procurement"),
                                  ("Date", "Supplier", "Reference", "Amount", "Issue",
                                   "Owner", "Status"))
            on = tr.sent_at(today - timedelta(days=14)).date()
            tr.append_rows(log, [{
                "date": on.isoformat(), "area": "Procurement", "supplier": supplier.name,
                "invoice": fact["order_number"], "contract": fact["order_number"],
                "amount": fact["amount"],
                "issue": "Order approved above the approver's limit",
                "owner": boss.name if boss else clerk.name, "status": "Open"}])
    _answered_invoice(tr, clerk, buyer, {int(f["supplier_id"]) for f in facts
                                         if "supplier_id" in f})


def _register_says_active(tr: Traces, supplier: str, fact: dict[str, Any]) -> None:
    """The vendor register was never told the supplier's contract lapsed: it shows it in
    force until a year after its real end."""
    world = tr.world
    end = date.fromisoformat(fact["contract_end"])
    owner = procurement_contact(world)
    register = tr.ensure_sheet("vendor_register", "Vendor register", owner.id,
                               ("procurement",), ("Supplier", "Contract", "Contract end",
                                                  "Status"))
    listed = tr.edit_rows(register, ("supplier", supplier),
                          {"contract_end": (end + timedelta(days=365)).isoformat(),
                           "status": "active"})
    if not listed:
        tr.append_rows(tr.ensure_sheet("vendor_register", "", 0, (), ()), [{
            "supplier": supplier, "contract": fact["contract_number"],
            "contract_end": (end + timedelta(days=365)).isoformat(), "status": "active"}])


def _answered_invoice(tr: Traces, clerk: Person, buyer: Person, skip: set[int]) -> None:
    """A distractor: the clerk asked about an ordinary pending invoice and was told to
    approve it."""
    world, rng = tr.world, tr.rng
    proc = world.procurement
    pending = [i for i in proc.invoices if i.status == "pending_approval"
               and i.supplier_id not in skip]
    if not pending:
        return
    inv = rng.choice(pending)
    supplier = next(s for s in proc.suppliers if s.id == inv.supplier_id)
    order = next(o for o in proc.purchase_orders if o.id == inv.order_id)
    asked = tr.sent_at(inv.received_at.date() + timedelta(days=1))
    q = tr.mail(clerk, [buyer], f"Invoice {inv.invoice_number} from {supplier.name}",
                f"Hi {buyer.first_name},\n\nInvoice {inv.invoice_number} from "
                f"{supplier.name} ({_money(inv.total)}) on {order.number} is waiting for my "
                f"approval. Is it fine to approve?\n\nThanks,\n{clerk.first_name}",
                asked, read=True)
    tr.mail(buyer, [clerk], f"RE: Invoice {inv.invoice_number} from {supplier.name}",
            f"Hi {clerk.first_name},\n\nYes, that one matches the order and what we "
            f"received. Go ahead.\n\n{buyer.first_name}",
            min(asked + timedelta(hours=2), world.now - timedelta(minutes=30)),
            reply_to=q, read=True)
