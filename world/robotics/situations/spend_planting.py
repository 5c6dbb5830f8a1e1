"""How each kind of `spend-anomaly-v1` is planted: a whole purchase booked into the
procurement truth (requisition, approvals, order, receipts, invoices) with a supplier no
other anomaly uses (see `arcadia.world.robotics.situations.spend_anomaly` for the kinds).

Each kind returns its anchors (what a person asking would know) and its hidden facts (the
ids and amounts to discover).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

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
from arcadia.world.robotics.procurement.book import Book, Purchase, weekday
from arcadia.world.robotics.procurement.catalog import category

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

# Categories whose purchases are goods or services counted in whole units (no freight,
# no office sundries): what the anomalies are planted in.
_CATEGORIES = ("raw_materials", "electronic_components", "machining_services",
               "professional_services", "it_hardware", "test_equipment", "software",
               "facilities")


class Planter:
    """Books anomalies into the procurement truth: picks suppliers and requesters no other
    anomaly uses, draws lines, receives goods (each kind in `PLANTERS` uses it)."""


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


def _duplicate(pl: Planter) -> Planted:
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


def _over_po(pl: Planter) -> Planted:
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


def _split(pl: Planter) -> Planted:
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


def _outside_contract(pl: Planter) -> Planted:
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


def _over_limit(pl: Planter) -> Planted:
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


PLANTERS: dict[str, Callable[[Planter], Planted]] = {
    "duplicate-invoice": _duplicate,
    "over-po": _over_po,
    "split-purchase": _split,
    "outside-contract": _outside_contract,
    "over-limit": _over_limit,
}


