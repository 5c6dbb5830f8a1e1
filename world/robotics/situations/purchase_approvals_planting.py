"""What `purchase-approvals-v1` books into the procurement truth: requisitions pending on
the approver, invoices that look alike, deliveries, a resolved dispute and remittance
requests (see `arcadia.world.robotics.situations.purchase_approvals` for the kinds).

Each function books one anchor and returns (anchor, hidden fact). It reuses the spend
anomalies' `Planter` (a supplier no other situation uses, lines, receipts).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from arcadia.world.procurement import Contract, RequisitionLine, Supplier
from arcadia.world.robotics.procurement.book import Purchase, weekday
from arcadia.world.robotics.procurement.catalog import category
from arcadia.world.robotics.situations.purchase_approvals_policy import POLICY
from arcadia.world.robotics.situations.spend_planting import Planter
from arcadia.world.robotics.situations.traces import weekday_before

if TYPE_CHECKING:
    from arcadia.world.model import Person

Planted = tuple[dict[str, Any], dict[str, Any]]
SERVICES = ("facilities", "software", "professional_services")
GOODS = (
    "it_hardware",
    "test_equipment",
    "electronic_components",
    "facilities",
    "machining_services",
    "raw_materials",
)


def in_force(s: Supplier, day: date) -> bool:
    return any(c.status == "published" and c.start_date <= day <= c.end_date for c in s.contracts)


def _fits(pl: Planter, cc: str, cats: tuple[str, ...] | None = None) -> Any:
    return lambda s: (
        (cc, category(s.category).gl_code) in pl.book.account
        and (cats is None or s.category in cats)
    )


def _with_contract(pl: Planter, s: Supplier) -> Supplier:
    """`s`, given a contract in force today if it has none (this world's truth only)."""
    if in_force(s, pl.today):
        return s
    cid = 1 + max((c.id for x in pl.proc.suppliers for c in x.contracts), default=0)
    start = pl.today - timedelta(days=pl.rng.randint(60, 300))
    contract = Contract(
        cid,
        f"CTR-{start.year}-{9100 + cid % 900}",
        f"{s.name} agreement",
        s.id,
        start,
        start + timedelta(days=730),
        150_000.0,
        "published",
        s.payment_term_id,
    )
    new = replace(s, contracts=(*s.contracts, contract))
    pl.proc.suppliers = [new if x.id == s.id else x for x in pl.proc.suppliers]
    return new


def _supplier(
    pl: Planter, cc: str, cats: tuple[str, ...] | None = None, contract: bool | None = None
) -> Supplier:
    """An unused supplier the cost centre buys from; `contract` True: one in force (given
    if need be), False: none in force, None: either."""
    fits = _fits(pl, cc, cats)
    if contract is False:
        s = pl.supplier(contracted=None, fits=lambda s: fits(s) and not in_force(s, pl.today))
    else:
        s = pl.supplier(contracted=None, fits=fits)
    return _with_contract(pl, s) if contract else s


def requisition(pl: Planter, boss: Person, reports: list[Person], kind: str) -> Planted:
    """A requisition from one of `boss`'s reports, pending on `boss` alone:
    `approve` (within the limit, a contract in force), `no-contract` (within the limit,
    over the contract threshold, none in force), `over-limit` (above the limit; the rule
    would route it on, the chain stops at `boss`)."""
    person = pl.rng.choice(reports)
    cc = person.cost_centre_id
    limit = float(POLICY.limits[boss.level])
    low = float(POLICY.contract_over) * 1.1
    if kind == "over-limit":
        amount, contract = pl.rng.uniform(limit * 1.15, limit * 1.9), True
    else:
        amount, contract = pl.rng.uniform(low, limit * 0.94), kind == "approve"
    supplier = _supplier(pl, cc, contract=contract)
    day = weekday_before(pl.today - timedelta(days=pl.rng.randint(1, 4)))
    lines = pl.lines(supplier, cc, amount, pl.rng.choice((1, 2)), day + timedelta(days=21))
    req = pl.book.book(
        Purchase(person, cc, supplier, category(supplier.category), amount, day),
        chain=(boss.id,),
        lines=lines,
        fate="pending",
    )
    assert req.status == "pending_approval"
    rule = pl.book.chain(req.total, person.id, cc)
    assert (rule == (boss.id,)) == (kind != "over-limit"), (kind, rule)
    return (
        {"supplier": supplier.name, "requester": person.name, "requester_email": person.email},
        {
            "supplier_id": supplier.id,
            "requisition_id": req.id,
            "amount": req.total,
            "requester_id": person.id,
            "approver_id": boss.id,
            "limit": limit,
            "contract_in_force": in_force(supplier, pl.today),
            "rule_chain": list(rule),
        },
    )


def _month(day: date, back: int) -> date:
    y, m = day.year, day.month - back
    while m < 1:
        y, m = y - 1, m + 12
    return date(y, m, 1)


def _end_of(first: date) -> date:
    return _month(first, -1) - timedelta(days=1)


def invoice_pair(pl: Planter, boss: Person, reports: list[Person], kind: str) -> Planted:
    """Two invoices of one supplier for the same amount, the second pending on `boss`:
    `recurring` (a monthly service: last month's on its own order line, a new charge) or
    `duplicate` (the same lines and invoice date billed again)."""
    person = pl.rng.choice(reports)
    cc = person.cost_centre_id
    supplier = _supplier(pl, cc, SERVICES)
    cat = category(supplier.category)
    account = pl.book.account[(cc, cat.gl_code)]
    price = round(pl.rng.uniform(1_800, 4_600), 2)
    item = pl.rng.choice(cat.items)
    if kind == "recurring":
        periods = [_month(pl.today, k) for k in (2, 1, 0)]
        day = weekday(periods[0] - timedelta(days=pl.rng.randint(6, 12)))
        lines = tuple(
            RequisitionLine(
                i,
                f"{item}, {p.strftime('%B %Y')}",
                1.0,
                price,
                cat.unit,
                account,
                cat.code,
                _end_of(p),
            )
            for i, p in enumerate(periods, start=1)
        )
    else:
        day = weekday(pl.today - timedelta(days=pl.rng.randint(40, 55)))
        lines = (
            RequisitionLine(
                1, item, 1.0, price, cat.unit, account, cat.code, day + timedelta(days=20)
            ),
        )
    req = pl.book.book(
        Purchase(person, cc, supplier, cat, price * len(lines), day),
        lines=lines,
        fate="approved",
        fulfil=False,
    )
    order = pl.order_of(req.id)
    first_line, second_line = order.lines[0], order.lines[-1 if kind == "duplicate" else 1]
    if kind == "recurring":
        got1 = _receive(pl, order, first_line.id, weekday_before(_end_of(periods[0])))
        got2 = _receive(pl, order, second_line.id, weekday_before(_end_of(periods[1])))
        d1, d2 = weekday_before(_end_of(periods[0])), weekday_before(_end_of(periods[1]))
        first = pl.book.invoice(order, d1, pl.invoice_lines(order, got1), status="approved")
        second = pl.book.invoice(
            order, d2, pl.invoice_lines(order, got2), status="pending_approval", paid=False
        )
    else:
        arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(4, 8)))
        got = _receive(pl, order, first_line.id, arrive)
        d1 = weekday(arrive + timedelta(days=pl.rng.randint(1, 3)))
        first = pl.book.invoice(order, d1, pl.invoice_lines(order, got), status="approved")
        second = pl.book.invoice(
            order,
            d1,
            first.lines,
            number=first.invoice_number.replace("-", ""),
            status="pending_approval",
            paid=False,
            received_at=min(
                first.received_at + timedelta(days=pl.rng.randint(9, 20)),
                pl.world.now - timedelta(days=1),
            ),
        )
    pending = [
        a
        for a in pl.proc.approvals
        if a.approvable_type == "InvoiceHeader"
        and a.approvable_id == second.id
        and a.status == "pending_approval"
    ]
    assert [a.approver_id for a in pending] == [boss.id], pending
    return (
        {
            "supplier": supplier.name,
            "invoice_number": second.invoice_number,
            "amount": second.total,
            "earlier_number": first.invoice_number,
            "order_number": order.number,
        },
        {
            "supplier_id": supplier.id,
            "order_id": order.id,
            "invoice_id": second.id,
            "earlier_invoice_id": first.id,
            "approver_id": boss.id,
        },
    )


def _receive(pl: Planter, order: Any, line_id: int, day: date) -> dict[int, float]:
    from arcadia.world.procurement import Receipt

    line = next(ln for ln in order.lines if ln.id == line_id)
    pl.proc.receipts.append(
        Receipt(
            len(pl.proc.receipts) + 1,
            order.id,
            line.id,
            line.quantity,
            line.unit_price,
            day,
            order.buyer_id,
        )
    )
    return {line.id: line.quantity}


def delivery(pl: Planter, boss: Person, kind: str) -> Planted:
    """`boss`'s own order, issued and not yet received; the shipment that came yesterday
    holds every line in full (`full`) or all but part of the last (`partial`)."""
    cc = boss.cost_centre_id
    supplier = _supplier(pl, cc, GOODS)
    day = weekday(pl.today - timedelta(days=pl.rng.randint(12, 25)))
    amount = pl.rng.uniform(2_500, float(POLICY.contract_over) * 0.9)
    lines = pl.lines(supplier, cc, amount, 2, day + timedelta(days=14))
    req = pl.book.book(
        Purchase(boss, cc, supplier, category(supplier.category), amount, day),
        lines=lines,
        fate="approved",
        fulfil=False,
    )
    order = pl.order_of(req.id)
    shipped = {ln.id: ln.quantity for ln in order.lines}
    if kind == "partial":
        last = order.lines[-1]
        shipped[last.id] = last.quantity - pl.rng.randint(1, int(last.quantity) // 2)
    return (
        {"supplier": supplier.name, "order_number": order.number},
        {
            "supplier_id": supplier.id,
            "order_id": order.id,
            "shipped": [
                {
                    "line_id": ln.id,
                    "line_num": ln.line_num,
                    "description": ln.description,
                    "ordered": ln.quantity,
                    "shipped": shipped[ln.id],
                }
                for ln in order.lines
            ],
        },
    )


def resolved_dispute(pl: Planter) -> Planted:
    """An invoice in dispute (quantity discrepancy) whose supplier has since issued a
    credit note for the difference: the dispute is to be withdrawn."""
    person, supplier, cc = pl.pair()
    day = weekday(pl.today - timedelta(days=pl.rng.randint(30, 45)))
    amount = pl.rng.uniform(2_000, 4_800)
    req = pl.book.book(
        Purchase(person, cc, supplier, category(supplier.category), amount, day),
        lines=pl.lines(supplier, cc, amount, 1, day + timedelta(days=14)),
        fate="approved",
        fulfil=False,
    )
    order = pl.order_of(req.id)
    arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(4, 8)))
    got = pl.receive(order, arrive)
    inv_day = weekday(arrive + timedelta(days=pl.rng.randint(1, 3)))
    inv = pl.book.invoice(
        order, inv_day, pl.invoice_lines(order, got), status="disputed", paid=False
    )
    return (
        {"supplier": supplier.name, "invoice_number": inv.invoice_number},
        {
            "supplier_id": supplier.id,
            "invoice_id": inv.id,
            "order_id": order.id,
            "credit_note": f"CN-{inv.id:05d}",
            "credit": round(order.lines[0].unit_price, 2),
        },
    )


_STREETS = (
    "Commerce Way",
    "Industrial Pkwy",
    "Harbor Blvd",
    "Market St",
    "Enterprise Dr",
    "Lakeside Ave",
    "Foundry Rd",
    "Mill St",
)
_CITIES = (
    ("Columbus", "OH", "43215"),
    ("Raleigh", "NC", "27601"),
    ("Denver", "CO", "80202"),
    ("Tempe", "AZ", "85281"),
    ("Madison", "WI", "53703"),
    ("Boise", "ID", "83702"),
)


def remit_request(pl: Planter, kind: str) -> Planted:
    """A supplier's mail asking to change where it is paid: its bank account (`bank`:
    Finance only, after a call-back) or its remit-to postal address (`address`)."""
    s = pl.supplier(contracted=None, fits=lambda s: len(s.remit_to) == 1)
    rng = pl.rng
    city, state, zip_code = rng.choice(_CITIES)
    new = {
        "street1": f"{rng.randint(100, 9800)} {rng.choice(_STREETS)}",
        "city": city,
        "state": state,
        "postal_code": zip_code,
    }
    bank = {
        "routing": f"{rng.randint(10_000_000, 99_999_999)}{rng.randint(0, 9)}",
        "account": f"{rng.randint(10**9, 10**10 - 1)}",
        "phone": f"+1 {rng.randint(201, 989)} {rng.randint(200, 999)} {rng.randint(1000, 9999)}",
    }
    return (
        {"supplier": s.name},
        {
            "supplier_id": s.id,
            "address_id": s.remit_to[0].id,
            "contact_email": s.primary_contact.email,
            "phone_on_file": s.primary_contact.phone_work,
            "new_address": new,
            "bank": bank,
        },
    )


def closable(pl: Planter, kind: str) -> Planted:
    """An issued order, invoiced (and paid) for all it received: `complete` (every line
    received in full: it may be closed) or `open` (part of its last line still to come)."""
    person, supplier, cc = pl.pair()
    day = weekday(pl.today - timedelta(days=pl.rng.randint(60, 80)))
    amount = pl.rng.uniform(2_500, float(POLICY.contract_over) * 0.9)
    req = pl.book.book(
        Purchase(person, cc, supplier, category(supplier.category), amount, day),
        lines=pl.lines(supplier, cc, amount, 2, day + timedelta(days=14)),
        fate="approved",
        fulfil=False,
    )
    order = pl.order_of(req.id)
    arrive = weekday(order.created_at.date() + timedelta(days=pl.rng.randint(4, 8)))
    got = pl.receive(order, arrive)
    last = order.lines[-1]
    if kind == "open":
        short = pl.rng.randint(1, int(last.quantity) // 2)
        got[last.id] = last.quantity - short
        receipt = pl.proc.receipts[-1]
        pl.proc.receipts[-1] = replace(receipt, quantity=got[last.id])
    inv_day = weekday(arrive + timedelta(days=pl.rng.randint(1, 3)))
    inv = pl.book.invoice(order, inv_day, pl.invoice_lines(order, got), status="approved")
    return (
        {"supplier": supplier.name, "order_number": order.number},
        {
            "supplier_id": supplier.id,
            "order_id": order.id,
            "invoice_id": inv.id,
            "outstanding": last.quantity - got[last.id],
        },
    )


__all__ = [
    "closable",
    "delivery",
    "in_force",
    "invoice_pair",
    "remit_request",
    "requisition",
    "resolved_dispute",
]
