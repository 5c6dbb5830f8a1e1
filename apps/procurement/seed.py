"""World truth -> procurement rows (`world.view_for("procurement")`), in bulk inserts.

Derived columns are computed here from the truth, as Coupa keeps them: an order line's
`received` (its receipts) and `invoiced` (its submitted, not voided or disputed invoices'
lines); a cost centre's owner is its budget lines' owner; the head of Finance is flagged
for the approval rule.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlmodel import Session

from arcadia.apps.kernel.bulk import insert_rows
from arcadia.apps.procurement import models as m
from arcadia.world import World

APP = "procurement"
CENT = Decimal("0.01")


def _at(day: date | datetime) -> datetime:
    return day if isinstance(day, datetime) else datetime.combine(day, time(9))


def _d(value: float) -> str:
    return str(Decimal(str(value)).quantize(CENT))


def _q(value: float) -> str:
    d = Decimal(str(value))
    return str(d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize())


def seed(world: World, session: Session) -> None:
    """Write the world as Coupa holds it. Does not commit."""
    view = world.view_for(APP)
    start = _at(view.today.replace(month=1, day=1)) if view.purchase_orders == () else min(
        _at(s.created_at) for s in view.suppliers) if view.suppliers else _at(view.today)
    owners = dict(view.cost_centre_owners)
    depts = {d.id: d.name for d in view.departments}
    # The world names a category by its code; Coupa's records name the Commodity lookup
    # value (as a write stores it), so a record read back can be written back.
    commodity = {v.external_ref_code: v.name for v in view.lookup_values
                 if v.lookup == "Commodity"}

    def rows(model: type[m.ProcurementModel], items: list[dict[str, Any]]) -> None:
        # Core's semantics (None as NULL), one executemany per table.
        insert_rows(session, model, items, none="null")

    rows(m.PaymentTerm, [{
        "id": t.id, "code": t.code, "description": t.description,
        "days_for_net_payment": t.days_for_net_payment,
        "days_for_discount_payment": t.days_for_discount_payment or None,
        "discount_rate": None if not t.discount_rate else str(t.discount_rate),
        "created_at": start, "updated_at": start} for t in view.payment_terms])
    rows(m.Account, [{
        "id": a.id, "name": a.name, "code": a.code, "active": a.active,
        "segment_1": a.cost_centre_id, "segment_2": a.gl_code, "created_at": start,
        "updated_at": start} for a in view.accounts])
    rows(m.User, [{
        "id": u.id, "login": u.login, "email": u.email, "firstname": u.firstname,
        "lastname": u.lastname, "employee_number": u.employee_number, "active": u.active,
        "department": depts.get(u.department_id), "person_id": u.id,
        "manager_id": u.manager_id, "default_account_id": u.default_account_id,
        "requisition_approval_limit": None if u.approval_limit is None
        else _d(u.approval_limit),
        "invoice_approval_limit": None if u.approval_limit is None else _d(u.approval_limit),
        "finance_approver": u.id == view.finance_approver_id, "coupa_roles": ",".join(u.roles),
        "created_at": start, "updated_at": start} for u in view.users])
    rows(m.Supplier, [{
        "id": s.id, "name": s.name, "display_name": s.name, "number": s.number,
        "status": s.status, "po_email": s.primary_contact.email,
        "payment_term_id": s.payment_term_id,
        "commodity": commodity.get(s.category, s.category), "tax_id": s.tax_id,
        "created_at": _at(s.created_at), "updated_at": _at(s.created_at)}
        for s in view.suppliers])
    rows(m.SupplierAddress, [{
        "id": a.id, "supplier_id": s.id, "name": a.name, "remit_to_code": f"R{a.id}",
        "street1": a.street1, "street2": a.street2, "city": a.city, "state": a.state,
        "postal_code": a.postal_code, "country_code": a.country,
        "created_at": _at(s.created_at), "updated_at": _at(s.created_at)}
        for s in view.suppliers for a in s.remit_to])
    rows(m.Contract, [{
        "id": c.id, "name": c.name, "number": c.number, "supplier_id": c.supplier_id,
        "status": c.status, "starts_at": _at(c.start_date), "expires_at": _at(c.end_date),
        "maximum_value": _d(c.maximum_value), "payment_term_id": c.payment_term_id,
        "created_at": _at(c.start_date), "updated_at": _at(c.start_date)}
        for s in view.suppliers for c in s.contracts])
    rows(m.BudgetLine, [{
        "id": b.id, "period_name": b.period, "period_start": b.start_date,
        "period_end": b.end_date, "amount": _d(b.amount), "segment_1": b.cost_centre_id,
        "description": f"{b.cost_centre_id} {b.period}", "owner_id": owners.get(b.cost_centre_id),
        "created_at": start, "updated_at": start} for b in view.budget_lines])
    rows(m.LookupValue, [{
        "id": v.id, "name": v.name, "description": v.description, "lookup_name": v.lookup,
        "active": v.active, "external_ref_code": v.external_ref_code,
        "created_at": start, "updated_at": start} for v in view.lookup_values])

    # Order lines get their requisition line ids and their received / invoiced amounts.
    req_line_ids: dict[tuple[int, int], int] = {}
    req_rows, req_lines = [], []
    next_line = 1
    for r in view.requisitions:
        req_rows.append({
            "id": r.id, "status": r.status, "requested_by_id": r.requester_id,
            "created_by_id": r.requester_id, "justification": r.justification,
            "submitted_at": r.submitted_at, "created_at": r.created_at,
            "updated_at": r.approved_at or r.submitted_at})
        for line in r.lines:
            req_line_ids[(r.id, line.line_num)] = next_line
            req_lines.append({
                "id": next_line, "requisition_id": r.id, "line_num": line.line_num,
                "description": line.description, "quantity": _q(line.quantity),
                "unit_price": _d(line.unit_price), "total": _d(line.total), "uom": line.uom,
                "supplier_id": r.supplier_id, "account_id": line.account_id,
                "commodity": commodity.get(line.commodity, line.commodity),
                "need_by_date": _at(line.need_by_date)})
            next_line += 1
    received: dict[int, Decimal] = defaultdict(Decimal)
    for rc in view.receipts:
        received[rc.order_line_id] += Decimal(str(rc.quantity))
    invoiced: dict[int, Decimal] = defaultdict(Decimal)
    for inv in view.invoices:
        if inv.status in ("pending_approval", "approved", "pending_receipt"):
            for il in inv.lines:
                invoiced[il.order_line_id] += Decimal(_d(il.total))
    po_rows, ol_rows = [], []
    order_of_req_line: dict[int, int] = {}
    for po in view.purchase_orders:
        at = _at(po.created_at)
        po_rows.append({
            "id": po.id, "po_number": po.number, "status": po.status, "version": po.version,
            "supplier_id": po.supplier_id, "requisition_id": po.requisition_id,
            "requester_id": po.buyer_id, "created_by_id": po.buyer_id,
            "payment_term_id": po.payment_term_id, "created_at": at, "updated_at": at})
        for line in po.lines:
            rl = req_line_ids.get((po.requisition_id, line.line_num))
            qty = Decimal(str(line.quantity))
            got = received.get(line.id, Decimal(0))
            ol_rows.append({
                "id": line.id, "order_header_id": po.id, "line_num": line.line_num,
                "description": line.description, "quantity": _q(line.quantity),
                "price": _d(line.unit_price), "total": _d(line.total),
                "received": str(got.normalize()) if got else "0",
                "invoiced": str(invoiced.get(line.id, Decimal(0)).quantize(CENT)),
                "uom": line.uom, "status": "received" if got >= qty else "created",
                "account_id": line.account_id, "contract_id": po.contract_id,
                "commodity": commodity.get(line.commodity, line.commodity),
                "need_by_date": _at(line.need_by_date),
                "requisition_line_id": rl, "created_at": at, "updated_at": at})
            if rl is not None:
                order_of_req_line[rl] = line.id
    for row in req_lines:
        row["order_line_id"] = order_of_req_line.get(row["id"])
    rows(m.Requisition, req_rows)
    rows(m.RequisitionLine, req_lines)
    rows(m.PurchaseOrder, po_rows)
    rows(m.OrderLine, ol_rows)
    prices = {r["id"]: r["price"] for r in ol_rows}
    accounts = {r["id"]: r["account_id"] for r in ol_rows}
    rows(m.ReceivingTransaction, [{
        "id": rc.id, "order_line_id": rc.order_line_id, "quantity": _q(rc.quantity),
        "price": prices.get(rc.order_line_id, _d(rc.price)), "total": _d(rc.total),
        "account_id": accounts.get(rc.order_line_id), "transaction_date": _at(rc.transaction_date),
        "created_by_id": rc.receiver_id, "created_at": _at(rc.transaction_date),
        "updated_at": _at(rc.transaction_date)} for rc in view.receipts])
    first_remit = {s.id: s.remit_to[0].id for s in view.suppliers if s.remit_to}
    inv_rows, inv_lines = [], []
    next_il = 1
    for inv in view.invoices:
        inv_rows.append({
            "id": inv.id, "invoice_number": inv.invoice_number,
            "invoice_date": _at(inv.invoice_date), "status": inv.status,
            "supplier_id": inv.supplier_id, "remit_to_address_id": first_remit.get(
                inv.supplier_id), "payment_term_id": inv.payment_term_id,
            "dispute_reason": inv.dispute_reason, "paid": inv.paid,
            "payment_date": None if inv.payment_date is None else _at(inv.payment_date),
            "date_received": inv.received_at, "created_at": inv.received_at,
            "updated_at": inv.received_at})
        for il in inv.lines:
            inv_lines.append({
                "id": next_il, "invoice_id": inv.id, "line_num": il.line_num,
                "description": il.description, "quantity": _q(il.quantity),
                "price": _d(il.price), "total": _d(il.total),
                "order_line_id": il.order_line_id, "account_id": il.account_id})
            next_il += 1
    rows(m.Invoice, inv_rows)
    rows(m.InvoiceLine, inv_lines)
    rows(m.Approval, [{
        "id": a.id, "approvable_type": a.approvable_type, "approvable_id": a.approvable_id,
        "approver_id": a.approver_id, "position": a.position,
        "status": "created" if a.status == "waiting" else a.status,
        "approval_chain_id": a.approvable_id, "approval_date": a.approval_date,
        "note": a.note, "created_at": a.created_at,
        "updated_at": a.approval_date or a.created_at} for a in view.approvals])
