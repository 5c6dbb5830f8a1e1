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
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.model import SituationInstance
from arcadia.world.procurement import (
    APPROVAL_LIMITS,
    OWNER_THRESHOLD,
    Contract,
    InvoiceLine,
    PurchaseOrder,
    Receipt,
    RequisitionLine,
    Supplier,
)
from arcadia.world.robotics.procurement.generate import Book, Purchase, category, weekday
from arcadia.world.situations import Traces, situation

if TYPE_CHECKING:
    from arcadia.world.model import Person, World

AnomalyKind = Literal["duplicate-invoice", "over-po", "split-purchase", "outside-contract",
                      "over-limit"]
ANOMALY_KINDS: list[AnomalyKind] = ["duplicate-invoice", "over-po", "split-purchase",
                                    "outside-contract", "over-limit"]
# Categories whose purchases are goods or services counted in whole units (no freight,
# no office sundries): what the anomalies are planted in.
_CATEGORIES = ("raw_materials", "electronic_components", "machining_services",
               "professional_services", "it_hardware", "test_equipment", "software",
               "facilities")


class SpendAnomalyParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kinds: list[AnomalyKind] = Field(
        default_factory=lambda: list(ANOMALY_KINDS), min_length=1,
        description="Which anomalies to plant, one of each (default: all five).")


@situation(
    "spend-anomaly-v1",
    "Planted procurement anomalies, each a different kind: a duplicate invoice, an invoice "
    "over its order's remaining amount, a purchase split to stay under an approval limit, "
    "a supplier paid outside its contract dates, an order approved above the approver's "
    "limit.",
    SpendAnomalyParams,
)
def spend_anomaly(world: World, params: SpendAnomalyParams, rng: random.Random
                  ) -> SituationInstance:
    if not world.procurement.suppliers:
        raise ValueError("spend-anomaly-v1 needs a world with procurement truth")
    kinds = list(dict.fromkeys(params.kinds))  # one of each, in the order asked
    planter = _Planter(world, rng)
    anchors, hidden = [], []
    for kind in kinds:
        anchor, fact = _PLANTERS[kind](planter)
        anchors.append({"kind": kind, **anchor})
        hidden.append({"kind": kind, **fact})
    _traces(Traces(world, "spend-anomaly-v1", rng), hidden)
    return SituationInstance("spend-anomaly-v1", {"kinds": kinds}, anchors, hidden)


class _Planter:
    def __init__(self, world: World, rng: random.Random) -> None:
        self.world, self.rng = world, rng
        self.proc = world.procurement
        self.book = Book(world, self.proc, rng)
        self.today = world.now.date()
        self.quarter = date(self.today.year, 3 * ((self.today.month - 1) // 3) + 1, 1)
        self.used: set[int] = {int(h["supplier_id"]) for inst in world.situations
                               for h in inst.hidden if "supplier_id" in h}

    # --- choosing ---------------------------------------------------------------------

    def supplier(self, *, contracted: bool | None = False,
                 fits: Any = None) -> Supplier:
        """An active supplier no anomaly uses yet, of a planted category; `contracted`
        False: without contracts (None: either)."""
        pool = [s for s in self.proc.suppliers if s.status == "active"
                and s.id not in self.used and s.category in _CATEGORIES
                and (contracted is None or bool(s.contracts) == contracted)
                and (fits is None or fits(s))]
        if not pool:
            raise ValueError("spend-anomaly-v1: no supplier left to plant an anomaly with")
        chosen = self.rng.choice(pool)
        self.used.add(chosen.id)
        return chosen

    def requester(self, department_id: str | None = None, *, under_m1: bool = False
                  ) -> Person:
        """An active individual contributor employed all year; `under_m1`: one whose
        manager is a first-line manager (limit $10,000) with a manager of their own."""
        first = self.today - timedelta(days=365)
        by_id = {p.id: p for p in self.world.people}
        pool = []
        for p in self.world.people:
            if p.status != "active" or not p.level.startswith("IC") or p.hire_date > first:
                continue
            if department_id is not None and p.department_id != department_id:
                continue
            boss = by_id.get(p.manager_id or 0)
            if under_m1 and (boss is None or boss.level != "M1" or boss.manager_id is None
                             or boss.status != "active"):
                continue
            if p.department_id == "EXE":
                continue
            pool.append(p)
        if not pool:
            raise ValueError("spend-anomaly-v1 needs an individual contributor employed all "
                             "year" + (" under a first-line manager" if under_m1 else "")
                             + "; the world has none (use a larger headcount)")
        return self.rng.choice(pool)

    def lines(self, supplier: Supplier, cost_centre_id: str, total: float, n: int,
              need_by: date) -> tuple[RequisitionLine, ...]:
        """`n` lines worth about `total`, whole quantities of at least 4 (so an order
        can be part-received), in the supplier's category."""
        cat = category(supplier.category)
        account = self.book.account[(cost_centre_id, cat.gl_code)]
        items = self.rng.sample(cat.items, n)
        out = []
        for i, item in enumerate(items, start=1):
            qty = float(self.rng.choice((4, 5, 6, 8, 10, 12)))
            price = round(total / n / qty, 2)
            out.append(RequisitionLine(i, item, qty, price, cat.unit, account, cat.code,
                                       need_by))
        return tuple(out)

    def cost_centre(self, person: Person, supplier: Supplier) -> str | None:
        """The requester's cost centre when it has an account for the supplier's category."""
        gl = category(supplier.category).gl_code
        cc = person.cost_centre_id
        return cc if (cc, gl) in self.book.account else None

    def pair(self, *, under_m1: bool = False, contracted: bool | None = False
             ) -> tuple[Person, Supplier, str]:
        """A requester and a supplier their cost centre buys from, used by no anomaly."""
        for _ in range(200):
            person = self.requester(under_m1=under_m1)
            cats = {category(c).gl_code for c in _CATEGORIES}
            if not any((person.cost_centre_id, gl) in self.book.account for gl in cats):
                continue
            supplier = self.supplier(contracted=contracted,
                                     fits=lambda s, p=person: self.cost_centre(p, s) is not None)
            cc = self.cost_centre(person, supplier)
            assert cc is not None
            return person, supplier, cc
        raise ValueError("spend-anomaly-v1: no requester buys from a plantable category")

    def order_of(self, requisition_id: int) -> PurchaseOrder:
        return next(o for o in self.proc.purchase_orders if o.requisition_id == requisition_id)

    def receive(self, order: PurchaseOrder, day: date, share: float = 1.0
                ) -> dict[int, float]:
        """Receive `share` of each line's quantity on `day`; returns quantity by line id."""
        got = {}
        for line in order.lines:
            qty = float(max(1, round(line.quantity * share)))
            self.proc.receipts.append(Receipt(len(self.proc.receipts) + 1, order.id, line.id,
                                              qty, line.unit_price, day, order.buyer_id))
            got[line.id] = qty
        return got

    @staticmethod
    def invoice_lines(order: PurchaseOrder, qtys: dict[int, float]
                      ) -> tuple[InvoiceLine, ...]:
        by_id = {ln.id: ln for ln in order.lines}
        return tuple(InvoiceLine(n, i, by_id[i].description, q, by_id[i].unit_price,
                                 by_id[i].account_id)
                     for n, (i, q) in enumerate(qtys.items(), start=1))

    def day_between(self, first: date, last: date) -> date:
        day = weekday(first + timedelta(days=self.rng.randint(0, max(0, (last - first).days))))
        return day if day <= last else weekday(first)


# --- the five kinds ---------------------------------------------------------------------

Planted = tuple[dict[str, Any], dict[str, Any]]


def _duplicate(pl: _Planter) -> Planted:
    person, supplier, cc = pl.pair()
    day = pl.day_between(pl.quarter + timedelta(days=3), pl.today - timedelta(days=45))
    amount = pl.rng.uniform(6_000, 9_500)
    need_by = day + timedelta(days=21)
    req = pl.book.book(Purchase(person, cc, supplier, category(supplier.category), amount, day),
                       lines=pl.lines(supplier, cc, amount, pl.rng.choice((1, 2)), need_by),
                       fate="approved", fulfil=False)
    order = pl.order_of(req.id)
    arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(5, 9)))
    got = pl.receive(order, arrive, 0.5)  # half now, the rest still to come
    inv_day = weekday(arrive + timedelta(days=pl.rng.randint(1, 4)))
    # Approved, waiting for the next payment run: not paid yet.
    original = pl.book.invoice(order, inv_day, pl.invoice_lines(order, got),
                               status="approved", paid=False)
    copy_number = original.invoice_number.replace("-", "")
    copy = pl.book.invoice(order, inv_day, original.lines, number=copy_number,
                           status="pending_approval", paid=False,
                           received_at=original.received_at + timedelta(
                               days=pl.rng.randint(9, 20)))
    return ({"supplier": supplier.name, "period": "this quarter"},
            {"supplier_id": supplier.id, "order_id": order.id, "order_number": order.number,
             "original_invoice_id": original.id,
             "original_invoice_number": original.invoice_number,
             "duplicate_invoice_id": copy.id, "duplicate_invoice_number": copy.invoice_number,
             "invoice_date": inv_day.isoformat(), "amount": copy.total})


def _over_po(pl: _Planter) -> Planted:
    person, supplier, cc = pl.pair()
    day = pl.day_between(pl.quarter - timedelta(days=20), pl.today - timedelta(days=40))
    amount = pl.rng.uniform(8_000, 22_000)
    need_by = day + timedelta(days=21)
    req = pl.book.book(Purchase(person, cc, supplier, category(supplier.category), amount, day),
                       lines=pl.lines(supplier, cc, amount, 1, need_by), fate="approved",
                       fulfil=False)
    order = pl.order_of(req.id)
    arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(5, 9)))
    got = pl.receive(order, arrive)
    line = order.lines[0]
    first_qty = float(round(line.quantity * 0.6))
    first_day = max(weekday(arrive + timedelta(days=2)), pl.quarter)
    first = pl.book.invoice(order, first_day, pl.invoice_lines(order, {line.id: first_qty}),
                            status="approved", paid=False)
    # The rest of the order, plus a fifth of it again: over what the first left.
    over_qty = line.quantity - first_qty + max(1.0, float(round(line.quantity * 0.2)))
    if over_qty == first_qty:  # two equal invoices would look like a duplicate
        over_qty += 1
    second_day = weekday(max(first_day + timedelta(days=pl.rng.randint(10, 20)),
                             pl.today - timedelta(days=12)))
    second_day = min(second_day, pl.today - timedelta(days=3))
    second = pl.book.invoice(order, second_day, pl.invoice_lines(order, {line.id: over_qty}),
                             status="pending_approval", paid=False)
    assert got[line.id] == line.quantity
    remaining = round(order.total - first.total, 2)
    return ({"supplier": supplier.name, "period": "this quarter"},
            {"supplier_id": supplier.id, "order_id": order.id, "order_number": order.number,
             "order_total": order.total, "invoiced_before": first.total,
             "earlier_invoice_id": first.id, "remaining": remaining,
             "invoice_id": second.id, "invoice_number": second.invoice_number,
             "invoice_total": second.total, "excess": round(second.total - remaining, 2)})


def _split(pl: _Planter) -> Planted:
    person, supplier, cc = pl.pair(under_m1=True)
    manager = pl.world.person(person.manager_id or 0)
    limit = APPROVAL_LIMITS[manager.level]
    assert limit is not None
    day = pl.day_between(pl.today - timedelta(days=40), pl.today - timedelta(days=20))
    reqs, orders = [], []
    need_by = day + timedelta(days=30)
    totals = [pl.rng.uniform(float(limit) * 0.86, float(limit) * 0.995) for _ in range(3)]
    for n, total in enumerate(totals):
        on = weekday(day + timedelta(days=n // 2 * pl.rng.randint(1, 2)))
        lines = pl.lines(supplier, cc, total, 1, need_by)
        req = pl.book.book(Purchase(person, cc, supplier, category(supplier.category),
                                    total, on), lines=lines, fate="approved", fulfil=False)
        assert req.total < limit
        reqs.append(req)
        orders.append(pl.order_of(req.id))
    combined = round(sum(r.total for r in reqs), 2)
    assert Decimal(str(combined)) >= OWNER_THRESHOLD
    needed = pl.book.chain(combined, person.id, cc)
    return ({"supplier": supplier.name, "requester": person.name,
             "requester_email": person.email, "period": "the last six weeks"},
            {"supplier_id": supplier.id, "requester_id": person.id, "cost_centre_id": cc,
             "requisition_ids": [r.id for r in reqs], "order_ids": [o.id for o in orders],
             "totals": [r.total for r in reqs], "combined_total": combined,
             "approver_id": manager.id, "approver_limit": float(limit),
             "combined_chain": list(needed)})


def _outside_contract(pl: _Planter) -> Planted:
    lapsed = [s for s in pl.proc.suppliers if s.status == "active" and s.id not in pl.used
              and len(s.contracts) == 1 and s.contracts[0].status == "expired"
              and s.contracts[0].end_date <= pl.today - timedelta(days=100)]
    if lapsed:
        supplier = pl.rng.choice(lapsed)
        pl.used.add(supplier.id)
    else:  # a small world: give an unused supplier a contract that lapsed
        ordered = {o.supplier_id for o in pl.proc.purchase_orders}
        supplier = pl.supplier(fits=lambda s: s.id not in ordered)
        end = pl.today - timedelta(days=pl.rng.randint(120, 200))
        contract = Contract(1 + max((c.id for s in pl.proc.suppliers for c in s.contracts),
                                    default=0), f"CTR-{end.year - 1}-9001",
                            f"{supplier.name} agreement", supplier.id,
                            end - timedelta(days=365), end, 50_000.0, "expired",
                            supplier.payment_term_id)
        supplier = replace(supplier, contracts=(contract,))
        pl.proc.suppliers = [supplier if s.id == supplier.id else s
                             for s in pl.proc.suppliers]
    contract = supplier.contracts[0]
    cat = category(supplier.category)
    buyers = [p for p in pl.world.people if p.status == "active" and p.level.startswith("IC")
              and p.department_id != "EXE"
              and any((p.cost_centre_id, cat.gl_code) == key for key in pl.book.account)]
    person = pl.rng.choice(buyers)
    cc = person.cost_centre_id
    day = pl.day_between(contract.end_date + timedelta(days=20), pl.today - timedelta(days=60))
    amount = pl.rng.uniform(4_000, 9_000)
    req = pl.book.book(Purchase(person, cc, supplier, cat, amount, day),
                       lines=pl.lines(supplier, cc, amount, 1, day + timedelta(days=14)),
                       fate="approved", fulfil=False)
    order = pl.order_of(req.id)
    arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(5, 10)))
    got = pl.receive(order, arrive)
    inv_day = weekday(arrive + timedelta(days=pl.rng.randint(1, 5)))
    inv = pl.book.invoice(order, inv_day, pl.invoice_lines(order, got), status="approved",
                          paid=True)
    paid_on = weekday(inv_day + timedelta(days=pl.rng.randint(12, 28)))
    inv = replace(inv, payment_date=min(paid_on, pl.today - timedelta(days=1)))
    pl.proc.invoices[inv.id - 1] = inv
    pl.proc.purchase_orders[order.id - 1] = replace(order, status="closed")
    return ({"supplier": supplier.name},
            {"supplier_id": supplier.id, "contract_id": contract.id,
             "contract_number": contract.number, "contract_end": contract.end_date.isoformat(),
             "order_id": order.id, "invoice_id": inv.id, "invoice_number": inv.invoice_number,
             "invoice_date": inv.invoice_date.isoformat(),
             "payment_date": str(inv.payment_date), "amount": inv.total})


def _over_limit(pl: _Planter) -> Planted:
    person, supplier, cc = pl.pair(under_m1=True)
    manager = pl.world.person(person.manager_id or 0)
    limit = APPROVAL_LIMITS[manager.level]
    assert limit is not None
    day = pl.day_between(pl.today - timedelta(days=60), pl.today - timedelta(days=25))
    amount = pl.rng.uniform(float(limit) * 1.3, float(OWNER_THRESHOLD) * 0.9)
    lines = pl.lines(supplier, cc, amount, pl.rng.choice((1, 2)), day + timedelta(days=21))
    total = round(sum(ln.total for ln in lines), 2)
    needed = pl.book.chain(total, person.id, cc)
    req = pl.book.book(Purchase(person, cc, supplier, category(supplier.category), amount, day),
                       chain=(manager.id,), lines=lines, fate="approved", fulfil=False)
    order = pl.order_of(req.id)
    return ({"supplier": supplier.name, "period": "the last two months"},
            {"supplier_id": supplier.id, "requisition_id": req.id, "order_id": order.id,
             "order_number": order.number, "amount": order.total, "approver_id": manager.id,
             "approver_limit": float(limit), "required_chain": list(needed)})


_PLANTERS = {
    "duplicate-invoice": _duplicate,
    "over-po": _over_po,
    "split-purchase": _split,
    "outside-contract": _outside_contract,
    "over-limit": _over_limit,
}


# --- traces ---------------------------------------------------------------------------


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
