"""`Book`: books purchases into a `Procurement` through their whole life: requisition ->
approvals along `approval_chain` -> purchase order -> receipts -> invoices -> payment, as
far as each purchase's age allows (`generate_procurement` books the year with it, and
`spend-anomaly-v1` plants its anomalies with it)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from arcadia.world.procurement import (
    Approval,
    Category,
    Invoice,
    InvoiceLine,
    OrderLine,
    Procurement,
    PurchaseOrder,
    Receipt,
    Requisition,
    RequisitionLine,
    Supplier,
    approval_chain,
)
from arcadia.world.robotics.procurement.catalog import CATEGORIES, DIRECT

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World


def business_time(rng: random.Random, day: date) -> datetime:
    return datetime.combine(day, time(rng.randint(8, 17), rng.randint(0, 59), rng.randint(0, 59)))


def weekday(day: date) -> date:
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


@dataclass
class Purchase:
    """What a purchase is before it is booked: who, from whom, what, when."""

    requester: Person
    cost_centre_id: str
    supplier: Supplier
    category: Category
    amount: float
    day: date


class Book:
    """Books purchases into a `Procurement`: ids, chains, orders, receipts, invoices."""

    def __init__(self, world: World, proc: Procurement, rng: random.Random) -> None:
        self.world, self.proc, self.rng = world, proc, rng
        self.today = world.now.date()
        self.account = {(a.cost_centre_id, a.gl_code): a.id for a in proc.accounts}
        self.invoice_seq: dict[int, int] = {}
        for inv in proc.invoices:
            self.invoice_seq[inv.supplier_id] = self.invoice_seq.get(inv.supplier_id, 0) + 1
        self.line_seq = sum(len(o.lines) for o in proc.purchase_orders)
        self.req_cc = {r.id: r.cost_centre_id for r in proc.requisitions}
        self.approvers = {u.id: u.approver() for u in proc.users}
        self.names = {s.id: s.name for s in proc.suppliers}
        self.staff: dict[str, list[Person]] = {}
        for person in world.people:
            if person.manager_id == world.people[0].id and person.department_id == "EXE":
                self.staff.setdefault("CEO-office", []).append(person)  # the chief of staff
            if person.level != "E1":
                self.staff.setdefault(person.department_id, []).append(person)
                if "procurement" in person.roles:
                    self.staff.setdefault("buyers", []).append(person)

    def chain(self, amount: float, requester_id: int, cost_centre_id: str) -> tuple[int, ...]:
        """The rule's chain (`approval_chain`) with this book's users."""
        return approval_chain(amount, requester_id,
                              self.proc.cost_centre_owners.get(cost_centre_id),
                              self.proc.finance_approver_id, lookup=self.approvers.get)

    # --- the year -----------------------------------------------------------------------

    def year(self, first: date, today: date) -> None:
        rng, world = self.rng, self.world
        centres = list(world.cost_centres)
        over = set(rng.sample([c.id for c in centres if c.department_id != "EXE"], 2))
        by_cat: dict[str, list[Supplier]] = {}
        for s in self.proc.suppliers:
            if s.status == "active":
                by_cat.setdefault(s.category, []).append(s)
        weight = {s.id: rng.paretovariate(1.1) * (2.5 if s.contracts else 1.0)
                  for s in self.proc.suppliers}
        purchases: list[Purchase] = []
        for cc in centres:
            share = rng.uniform(1.03, 1.12) if cc.id in over else rng.uniform(0.72, 0.95)
            target, spent = cc.annual_budget * share, 0.0
            cats = [c for c in CATEGORIES if cc.department_id in c.departments]
            cat_weights = [math.sqrt(c.high) * (3 if cc.department_id in c.departments[:1]
                                                else 1) for c in cats]
            while spent < target:
                cat = rng.choices(cats, weights=cat_weights)[0]
                # Log-scale, leaning to the top of the range: many small buys, most money
                # in the larger ones.
                amount = math.exp(math.log(cat.low) + math.log(cat.high / cat.low)
                                  * rng.random() ** 0.6)
                amount = min(amount, max(target - spent, cat.low))
                day = weekday(first + timedelta(days=rng.randint(0, 364)))
                if day >= today:
                    continue
                pool = [s for s in by_cat[cat.code] if self._usable(s, day)]
                supplier = rng.choices(pool, weights=[weight[s.id] for s in pool])[0]
                requester = self._requester(cc.department_id, cat, day)
                purchases.append(Purchase(requester, cc.id, supplier, cat, amount, day))
                spent += amount
        purchases.sort(key=lambda p: (p.day, p.cost_centre_id, p.supplier.id))
        for p in purchases:
            self.book(p)

    def _usable(self, s: Supplier, day: date) -> bool:
        """A supplier with contracts is used only while one is in force, with room for the
        order to be received and invoiced before it ends."""
        if not s.contracts:
            return True
        return any(c.start_date <= day and day + timedelta(days=100) <= c.end_date
                   for c in s.contracts) or any(
            c.start_date <= day <= c.end_date and c.end_date >= self.today
            for c in s.contracts)

    def _requester(self, department_id: str, cat: Category, day: date) -> Person:
        """A buyer of the Procurement team for direct purchases of operations, else someone
        of the department (not its head) employed on the day."""
        groups = ["buyers", department_id] if cat.code in DIRECT and \
            department_id in ("MFG", "SCM") else [department_id]
        for group in [*groups, "CEO-office"]:
            pool = [p for p in self.staff.get(group, []) if self._employed(p, day)]
            if pool:
                break
        return self.rng.choice(pool)

    @staticmethod
    def _employed(p: Person, day: date) -> bool:
        return p.hire_date <= day and (p.termination_date is None or day < p.termination_date)

    # --- one purchase ---------------------------------------------------------------------

    def lines(self, cat: Category, amount: float, cost_centre_id: str, need_by: date
              ) -> tuple[RequisitionLine, ...]:
        rng = self.rng
        n = rng.choices((1, 2, 3, 4), weights=(0.55, 0.25, 0.13, 0.07))[0]
        items = rng.sample(cat.items, min(n, len(cat.items)))
        shares = [rng.uniform(0.5, 1.5) for _ in items]
        out = []
        for i, (item, share) in enumerate(zip(items, shares, strict=True), start=1):
            part = amount * share / sum(shares)
            if cat.unit == "HR":
                price = float(rng.choice((125, 150, 175, 195, 225, 275, 325, 395)))
            elif cat.unit == "LB":
                price = round(rng.uniform(1.8, 14.0), 2)
            else:
                price = round(math.exp(rng.uniform(math.log(15), math.log(max(part, 20)))), 2)
            qty = float(max(1, round(part / price)))
            out.append(RequisitionLine(i, item, qty, price, cat.unit,
                                       self.account[(cost_centre_id, cat.gl_code)], cat.code,
                                       need_by))
        return tuple(out)

    def book(self, p: Purchase, *, chain: tuple[int, ...] | None = None,
             lines: tuple[RequisitionLine, ...] | None = None,
             justification: str | None = None, fate: str | None = None,
             fulfil: bool = True) -> Requisition:
        """Book a purchase through its life as far as its age allows; returns its
        requisition. `chain` overrides the rule (a situation's anomaly), `lines` the drawn
        lines, `fate` the drawn outcome ("approved", "pending", "rejected", "withdrawn");
        without `fulfil` an approved purchase stops at its issued order."""
        rng, proc = self.rng, self.proc
        submitted = business_time(rng, p.day)
        need_by = weekday(p.day + timedelta(days=rng.randint(10, 45)))
        lines = lines or self.lines(p.category, p.amount, p.cost_centre_id, need_by)
        req_id = 1 + len(proc.requisitions)
        total = round(sum(line.total for line in lines), 2)
        chain = chain if chain is not None else self.chain(total, p.requester.id,
                                                           p.cost_centre_id)
        age = (self.today - p.day).days
        roll = rng.random()
        if fate is None:
            fate = "approved"
            if chain and age <= 6 and roll < 0.45:
                fate = "pending"
            elif chain and roll < 0.012:
                fate = "rejected"
            elif roll < 0.022:
                fate = "withdrawn"
        now = self.world.now
        times, at = [], submitted
        for _ in chain:
            at = at + timedelta(hours=rng.randint(1, 40))
            times.append(at)
        stop = len(chain) if fate == "approved" else rng.randrange(len(chain) or 1) + 1
        # An approver acts only before now: a chain that had not got that far is pending.
        late = next((i + 1 for i, t in enumerate(times) if t >= now), None)
        acted = stop if fate in ("approved", "rejected") else stop - 1
        if late is not None and late <= acted:
            fate, stop = "pending", late
        for pos, approver in enumerate(chain[:stop] if fate == "rejected" else chain, start=1):
            status, when, note = "approved", None, None
            if pos < stop or fate == "approved":
                when = times[pos - 1]
            elif fate == "rejected":
                status, when, note = ("rejected", times[pos - 1],
                                      "Not in this quarter's plan; resubmit later")
            elif fate == "pending":
                status = "pending_approval" if pos == stop else "waiting"
            else:
                status = "withdrawn"
            proc.approvals.append(Approval(len(proc.approvals) + 1, "RequisitionHeader", req_id,
                                           approver, pos, status, submitted, when, note))
        approved_at = None
        if fate == "approved":
            approved_at = times[-1] if chain else submitted
            status = "ordered"
        else:
            status = {"pending": "pending_approval", "rejected": "draft",
                      "withdrawn": "withdrawn"}[fate]
        req = Requisition(req_id, p.requester.id, p.cost_centre_id, p.supplier.id,
                          justification or f"{p.category.name} for {p.cost_centre_id}",
                          status, submitted - timedelta(minutes=rng.randint(5, 240)), submitted,
                          approved_at, lines)
        proc.requisitions.append(req)
        self.req_cc[req.id] = req.cost_centre_id
        if approved_at is not None:
            self._order(req, p, approved_at, fulfil)
        return req

    def _order(self, req: Requisition, p: Purchase, approved_at: datetime, fulfil: bool
               ) -> None:
        rng, proc = self.rng, self.proc
        created = approved_at + timedelta(minutes=rng.randint(10, 600))
        if created >= self.world.now:  # approved this morning: ordered since
            created = approved_at + (self.world.now - approved_at) / 2
        base = len(proc.purchase_orders)
        lines = tuple(OrderLine(self.line_seq + i, r.line_num, r.description, r.quantity,
                                r.unit_price, r.uom, r.account_id, r.commodity, r.need_by_date)
                      for i, r in enumerate(req.lines, start=1))
        self.line_seq += len(lines)
        version = 1
        if fulfil and rng.random() < 0.05 and lines:
            # A change order: one line's quantity revised (the requisition keeps the first).
            i = rng.randrange(len(lines))
            qty = max(1.0, float(round(lines[i].quantity * rng.choice((0.8, 0.9, 1.1)))))
            lines = (*lines[:i], replace(lines[i], quantity=qty), *lines[i + 1:])
            version = 2
        contract = next((c for c in p.supplier.contracts
                         if c.start_date <= created.date() <= c.end_date), None)
        status = "cancelled" if fulfil and rng.random() < 0.015 else "issued"
        order = PurchaseOrder(base + 1, f"PO-{104000 + base + 1}", req.id, p.supplier.id,
                              req.requester_id, status, version,
                              contract.payment_term_id if contract else p.supplier.payment_term_id,
                              contract.id if contract else None, created, lines)
        proc.purchase_orders.append(order)
        if status == "issued" and fulfil:
            self._fulfil(order)

    def _fulfil(self, order: PurchaseOrder) -> None:
        """Receipts as goods arrive, an invoice per receipt, payment when due; the order
        closes once everything is received, invoiced and paid."""
        rng, proc, today = self.rng, self.proc, self.today
        arrive = weekday(order.created_at.date() + timedelta(days=rng.randint(4, 30)))
        partial = rng.random() < 0.12
        batches: list[tuple[date, dict[int, float]]] = []
        first = {ln.id: (float(max(1, math.floor(ln.quantity * rng.uniform(0.4, 0.8))))
                         if partial and ln.quantity >= 2 else ln.quantity)
                 for ln in order.lines}
        batches.append((arrive, first))
        rest = {ln.id: ln.quantity - first[ln.id] for ln in order.lines
                if ln.quantity - first[ln.id] > 0}
        if rest:
            batches.append((weekday(arrive + timedelta(days=rng.randint(7, 25))), rest))
        everything = True
        billed_on = None
        for day, qtys in batches:
            if day >= today:
                everything = False
                continue
            by_id = {ln.id: ln for ln in order.lines}
            for line_id, qty in qtys.items():
                proc.receipts.append(Receipt(len(proc.receipts) + 1, order.id, line_id, qty,
                                             by_id[line_id].unit_price, day, order.buyer_id))
            inv_day = weekday(day + timedelta(days=rng.randint(0, 12)))
            if billed_on is not None and inv_day <= billed_on:  # one invoice a day per order
                inv_day = weekday(billed_on + timedelta(days=rng.randint(3, 10)))
            billed_on = inv_day
            if inv_day >= today:
                everything = False
                continue
            lines = tuple(InvoiceLine(n, line_id, by_id[line_id].description, qty,
                                      by_id[line_id].unit_price, by_id[line_id].account_id)
                          for n, (line_id, qty) in enumerate(qtys.items(), start=1))
            if not self.invoice(order, inv_day, lines).paid:
                everything = False
        if everything and rng.random() < 0.9:
            proc.purchase_orders[order.id - 1] = replace(order, status="closed")

    def invoice_number(self, supplier_id: int) -> str:
        n = self.invoice_seq.get(supplier_id, 0) + 1
        self.invoice_seq[supplier_id] = n
        prefix = "".join(ch for ch in self.names[supplier_id].upper()
                         if ch.isalpha())[:3]
        return f"{prefix}-{(supplier_id * 37) % 9000 + 1000}-{n:04d}"

    def invoice(self, order: PurchaseOrder, day: date, lines: tuple[InvoiceLine, ...], *,
                number: str | None = None, status: str | None = None,
                received_at: datetime | None = None, paid: bool | None = None) -> Invoice:
        """Book an invoice against `order` on `day`, with its approvals along the rule's
        chain (for the invoice's total, the order's requester and the requisition's cost
        centre). Status and payment follow its age unless given; an approved invoice is
        paid on its due date once its approvals are done, if that is before now."""
        rng, proc, now = self.rng, self.proc, self.world.now
        term = next(t for t in proc.payment_terms if t.id == order.payment_term_id)
        received = received_at or business_time(rng, day) + timedelta(days=rng.randint(0, 2))
        if received >= now:
            received = business_time(rng, day)
        if status is None:
            roll = rng.random()
            status = ("pending_approval" if (self.today - day).days < 8 else
                      "disputed" if roll < 0.01 else "approved")
        inv_id = len(proc.invoices) + 1
        total = round(sum(line.total for line in lines), 2)
        chain = self.chain(total, order.buyer_id, self.req_cc[order.requisition_id])
        times, at = [], received
        for _ in chain:
            at = at + timedelta(hours=rng.randint(1, 30))
            times.append(at)
        if status == "approved" and times and times[-1] >= now:
            status = "pending_approval"
        stop = {"approved": len(chain), "pending_approval": next(
            (i for i, t in enumerate(times) if t >= now), len(chain) - 1),
            "disputed": rng.randrange(len(chain) or 1)}.get(status, 0)
        for pos, approver in enumerate(chain, start=1):
            if pos <= stop:
                state, when = "approved", times[pos - 1]
            elif status == "pending_approval":
                state, when = ("pending_approval" if pos == stop + 1 else "waiting"), None
            else:
                state, when = "withdrawn", None
            proc.approvals.append(Approval(len(proc.approvals) + 1, "InvoiceHeader", inv_id,
                                           approver, pos, state, received, when, None))
        approved_on = (times[-1] if times else received).date()
        due = weekday(max(day + timedelta(days=term.days_for_net_payment),
                          approved_on + timedelta(days=1)))
        if paid is None:
            paid = status == "approved" and due < self.today
        inv = Invoice(inv_id, number or self.invoice_number(order.supplier_id),
                      order.supplier_id, order.id, day, received, status, order.payment_term_id,
                      paid, due if paid else None,
                      "Quantity discrepancy" if status == "disputed" else None, lines)
        proc.invoices.append(inv)
        return inv
