"""Rows -> Coupa's JSON records (hyphenated keys, nested association objects).

`Refs` loads the small reference tables of one request once (users, suppliers, accounts,
payment terms, contracts) so a list renders without a query per record.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from arcadia.apps.kernel import Ctx
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement.schemas import blank

Record = dict[str, Any]
USD = {"id": 1, "code": "USD"}


def ts(value: datetime | date | None) -> str | None:
    """Coupa's timestamps: ISO 8601 with the offset (the world runs on UTC)."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        value = datetime.combine(value, time())
    return value.isoformat(timespec="seconds") + "+00:00"


def dec(value: str | Decimal | None, places: int = 2) -> str | None:
    if value is None:
        return None
    q = Decimal(value).quantize(Decimal(1).scaleb(-places))
    return str(q)


def qty(value: str | Decimal) -> str:
    d = Decimal(value)
    return str(d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize())


class Refs:
    """One request's reference data: rows read by id as they are asked for, and a whole
    table once a request asks for more of its rows than `WHOLE` (a list page of records
    naming many users reads the users once, a single record only the few it names)."""

    WHOLE = 48

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self._cache: dict[str, dict[int, Any]] = {}
        self._whole: set[str] = set()

    def _all(self, model: type[Any]) -> dict[int, Any]:
        name = model.__tablename__
        if name not in self._whole:
            self._cache[name] = {r.id: r for r in self.ctx.snapshots(model)}
            self._whole.add(name)
        return self._cache[name]

    def row(self, model: type[Any], key: int | None) -> Any:
        if key is None:
            return None
        name = model.__tablename__
        rows = self._cache.setdefault(name, {})
        if name in self._whole or key in rows:
            return rows.get(key)
        if len(rows) >= self.WHOLE:
            return self._all(model).get(key)
        rows[key] = self.ctx.snapshot(model, key)
        return rows[key]

    def users(self) -> dict[int, Any]:
        """Every user, by id (the whole table)."""
        return self._all(m.User)

    def user(self, uid: int | None) -> Record | None:
        row = self.row(m.User, uid)
        if row is None:
            return None
        return {"id": row.id, "login": row.login, "email": row.email,
                "firstname": row.firstname, "lastname": row.lastname,
                "fullname": f"{row.firstname} {row.lastname}",
                "employee-number": row.employee_number}

    def supplier(self, sid: int | None) -> Record | None:
        row = self.row(m.Supplier, sid)
        return None if row is None else {"id": row.id, "name": row.name, "number": row.number}

    def account_row(self, aid: int | None) -> Any:
        return self.row(m.Account, aid)

    def account(self, aid: int | None) -> Record | None:
        row = self.account_row(aid)
        if row is None:
            return None
        return {"id": row.id, "name": row.name, "code": row.code, "active": row.active,
                "segment-1": row.segment_1, "segment-2": row.segment_2,
                "segment-3": row.segment_3,
                "account-type": {"id": 1, "name": row.account_type}}

    def payment_term(self, pid: int | None) -> Record | None:
        row = self.row(m.PaymentTerm, pid)
        return None if row is None else {"id": row.id, "code": row.code}

    def payment_days(self, pid: int | None) -> int | None:
        row = self.row(m.PaymentTerm, pid)
        return None if row is None else row.days_for_net_payment

    def contract(self, cid: int | None) -> Record | None:
        row = self.row(m.Contract, cid)
        return None if row is None else {"id": row.id, "name": row.name, "number": row.number}


def stamps(row: Any, refs: Refs, *, by: int | None = None) -> Record:
    who = refs.user(by)
    return {"id": row.id, "created-at": ts(row.created_at), "updated-at": ts(row.updated_at),
            "created-by": who, "updated-by": who}


def user(row: Any, refs: Refs) -> Record:
    out = blank("users")
    dept = None if row.department is None else {"id": None, "name": row.department}
    names = [r for r in (row.coupa_roles or "User").split(",") if r]
    roles = [{"name": name} for name in names]
    req_limit = _limit(row.id, "Requisition", row.requisition_approval_limit)
    out.update(stamps(row, refs), **{
        "login": row.login, "email": row.email, "firstname": row.firstname,
        "lastname": row.lastname, "fullname": f"{row.firstname} {row.lastname}",
        "employee-number": row.employee_number, "active": row.active, "department": dept,
        "manager": refs.user(row.manager_id), "default-account":
            refs.account(row.default_account_id),
        "requisition-approval-limit": req_limit, "approval-limit": req_limit,
        "invoice-approval-limit": _limit(row.id, "Invoice", row.invoice_approval_limit),
        "roles": roles, "purchasing-user": True, "invoicing-user": "AP" in names})
    return out


def _limit(uid: int, kind: str, amount: str | None) -> Record | None:
    if amount is None:
        return None
    return {"id": uid, "name": f"{kind} approval limit ${Decimal(amount):,.0f}",
            "amount": dec(amount), "currency": USD}


def payment_term(row: Any, refs: Refs) -> Record:
    out = blank("payment_terms")
    out.update(stamps(row, refs), **{
        "code": row.code, "description": row.description, "type": row.type,
        "days-for-net-payment": row.days_for_net_payment,
        "days-for-discount-payment": row.days_for_discount_payment,
        "discount-rate": dec(row.discount_rate, 3), "active": row.active})
    return out


def address(row: Any, refs: Refs) -> Record:
    out = blank("supplier_addresses")
    out.update(stamps(row, refs), **{
        "name": row.name, "remit-to-code": row.remit_to_code, "street1": row.street1,
        "street2": row.street2, "city": row.city, "state": row.state,
        "postal-code": row.postal_code,
        "country": {"code": row.country_code,
                    "name": "United States" if row.country_code == "US" else row.country_code},
        "active": row.active})
    return out


def supplier(row: Any, refs: Refs, addresses: list[Any]) -> Record:
    out = blank("suppliers")
    remit = [{"id": a.id, "remit-to-code": a.remit_to_code, "street1": a.street1,
              "city": a.city, "state": a.state, "postal-code": a.postal_code,
              "active": a.active} for a in addresses]
    out.update(stamps(row, refs), **{
        "name": row.name, "display-name": row.display_name, "number": row.number,
        "status": row.status, "po-email": row.po_email, "po-method": row.po_method,
        "payment-term": refs.payment_term(row.payment_term_id),
        "commodity": None if row.commodity is None else {"name": row.commodity},
        "tax-id": row.tax_id, "account-number": row.account_number,
        "invoice-matching-level": row.invoice_matching_level,
        "primary-address": remit[0] if remit else None, "remit-to-addresses": remit})
    return out


def contract(row: Any, refs: Refs) -> Record:
    out = blank("contracts")
    out.update(stamps(row, refs), **{
        "name": row.name, "number": row.number, "status": row.status,
        "supplier": refs.supplier(row.supplier_id), "start-date": ts(row.starts_at),
        "end-date": ts(row.expires_at), "max-value": dec(row.maximum_value),
        "currency": USD, "payment-term": refs.payment_term(row.payment_term_id),
        "contract-owner": refs.user(row.owner_id)})
    return out


def account(row: Any, refs: Refs) -> Record:
    out = blank("accounts")
    out.update(stamps(row, refs), **{
        "name": row.name, "code": row.code, "active": row.active,
        "account-type": {"id": 1, "name": row.account_type}, "account-type-id": 1,
        "segment-1": row.segment_1, "segment-2": row.segment_2, "segment-3": row.segment_3})
    return out


def budget_line(row: Any, refs: Refs, spent: Decimal, pending: Decimal) -> Record:
    out = blank("budget_lines")
    remaining = dec(Decimal(row.amount) - spent)
    out.update(stamps(row, refs), **{
        "period": {"id": None, "name": row.period_name, "start-date": ts(row.period_start),
                   "end-date": ts(row.period_end)},
        "amount": dec(row.amount), "remaining": remaining, "remaining-budget": remaining,
        "pending-requisitions-amount": dec(pending), "currency": USD,
        "segment-1": row.segment_1, "segment-2": row.segment_2,
        "description": row.description, "notes": row.notes, "owner": refs.user(row.owner_id),
        "owner-is-approver": True})
    return out


def lookup_value(row: Any, refs: Refs, lookup_ids: dict[str, int],
                 parents: dict[int, Any]) -> Record:
    out = blank("lookup_values")
    parent = parents.get(row.parent_id) if row.parent_id is not None else None
    out.update(stamps(row, refs), **{
        "name": row.name, "description": row.description,
        "lookup": {"id": lookup_ids[row.lookup_name], "name": row.lookup_name},
        "lookup-id": lookup_ids[row.lookup_name], "active": row.active,
        "external-ref-code": row.external_ref_code, "external-ref-num": row.external_ref_num,
        "parent": None if parent is None else {"id": parent.id, "name": parent.name},
        "parent-id": row.parent_id, "is-default": row.is_default,
        "depth": 1 if row.parent_id is None else 2})
    return out


def approval(row: Any, refs: Refs) -> Record:
    out = blank("approvals")
    acted = row.status in ("approved", "rejected")
    out.update(stamps(row, refs), **{
        "approvable-type": row.approvable_type, "approvable-id": row.approvable_id,
        "approval-chain-id": row.approval_chain_id, "approval-date": ts(row.approval_date),
        "approved-by": refs.user(row.approver_id) if acted else None,
        "approver": refs.user(row.approver_id), "approver-id": row.approver_id,
        "approver-type": row.approver_type, "holdable": row.holdable, "note": row.note,
        "position": row.position, "status": row.status, "type": row.type})
    return out


def _chain(approvals: list[Any], refs: Refs) -> tuple[list[Record], Record | None]:
    rendered = [approval(a, refs) for a in sorted(approvals, key=lambda a: a.position)]
    current = next((r for r in rendered if r["status"] == "pending_approval"), None)
    return rendered, current


def requisition_line(row: Any, refs: Refs, req: Any) -> Record:
    out = blank("requisition-lines")
    out.update({
        "id": row.id, "created-at": ts(req.created_at), "updated-at": ts(req.updated_at),
        "created-by": refs.user(req.created_by_id), "updated-by": refs.user(req.created_by_id),
        "line-num": row.line_num, "description": row.description,
        "quantity": qty(row.quantity), "unit-price": dec(row.unit_price),
        "total": dec(row.total), "uom": {"code": row.uom}, "line-type": row.line_type,
        "supplier": refs.supplier(row.supplier_id), "account": refs.account(row.account_id),
        "contract": refs.contract(row.contract_id),
        "commodity": None if row.commodity is None else {"name": row.commodity},
        "currency": USD, "need-by-date": ts(row.need_by_date),
        "order-line-id": row.order_line_id})
    return out


def requisition(row: Any, refs: Refs, lines: list[Any], approvals: list[Any]) -> Record:
    out = blank("requisitions")
    chain, current = _chain(approvals, refs)
    requester = refs.user(row.requested_by_id)
    dept_row = refs.row(m.User, row.requested_by_id)
    total = sum((Decimal(line.total) for line in lines), Decimal(0))
    out.update(stamps(row, refs, by=row.created_by_id), **{
        "status": row.status, "req-title": row.req_title, "requested-by": requester,
        "requester": requester, "justification": row.justification,
        "need-by-date": ts(row.need_by_date), "currency": USD,
        "department": None if dept_row is None or dept_row.department is None
        else {"name": dept_row.department},
        "ship-to-attention": row.ship_to_attention, "submitted-at": ts(row.submitted_at),
        "total": dec(total), "line-count": len(lines),
        "reject-reason-comment": row.reject_reason_comment, "exported": row.exported,
        "requisition-lines": [requisition_line(x, refs, row)
                              for x in sorted(lines, key=lambda x: x.line_num)],
        "approvals": chain, "current-approval": current,
        "approver": None if current is None else current["approver"]})
    return out


def order_line(row: Any, refs: Refs, po: Any) -> Record:
    out = blank("order-lines")
    out.update({
        "id": row.id, "created-at": ts(row.created_at), "updated-at": ts(row.updated_at),
        "created-by": refs.user(po.created_by_id), "updated-by": refs.user(po.created_by_id),
        "line-num": row.line_num, "description": row.description,
        "quantity": qty(row.quantity), "price": dec(row.price), "total": dec(row.total),
        "received": qty(row.received), "invoiced": dec(row.invoiced),
        "uom": {"code": row.uom}, "type": row.type, "status": row.status,
        "account": refs.account(row.account_id), "contract": refs.contract(row.contract_id),
        "commodity": None if row.commodity is None else {"name": row.commodity},
        "currency": USD, "need-by-date": ts(row.need_by_date),
        "order-header-id": po.id, "order-header-number": po.po_number,
        "requisition-line-id": row.requisition_line_id,
        "supplier": refs.supplier(po.supplier_id), "receipt-required": True,
        "version": row.version})
    return out


def purchase_order(row: Any, refs: Refs, lines: list[Any]) -> Record:
    out = blank("purchase_orders")
    total = sum((Decimal(line.total) for line in lines), Decimal(0))
    out.update(stamps(row, refs, by=row.created_by_id), **{
        "po-number": row.po_number, "status": row.status, "version": row.version,
        "type": row.type, "supplier": refs.supplier(row.supplier_id),
        "requisition-header": None if row.requisition_id is None
        else {"id": row.requisition_id},
        "requester": refs.user(row.requester_id),
        "payment-term": refs.payment_term(row.payment_term_id), "currency": USD,
        "ship-to-attention": row.ship_to_attention,
        "transmission-status": row.transmission_status,
        "acknowledged-flag": row.acknowledged_flag, "exported": row.exported,
        "total": dec(total), "hide-price": False,
        "order-lines": [order_line(x, refs, row)
                        for x in sorted(lines, key=lambda x: x.line_num)]})
    return out


def receipt(row: Any, refs: Refs, line: Any, po: Any) -> Record:
    out = blank("receiving_transactions")
    out.update(stamps(row, refs, by=row.created_by_id), **{
        "type": row.type, "status": row.status, "quantity": qty(row.quantity),
        "price": dec(row.price), "total": dec(row.total), "uom": {"code": row.uom},
        "account": refs.account(row.account_id),
        "order-line": None if line is None else {
            "id": line.id, "line-num": line.line_num, "order-header-id": line.order_header_id,
            "po-number": None if po is None else po.po_number},
        "transaction-date": ts(row.transaction_date), "comments": row.comments,
        "currency": USD, "exported": row.exported})
    return out


def invoice_line(row: Any, refs: Refs, inv: Any, po_numbers: dict[int, str]) -> Record:
    out = blank("invoice-lines")
    number = po_numbers.get(row.order_line_id) if row.order_line_id is not None else None
    out.update({
        "id": row.id, "created-at": ts(inv.created_at), "updated-at": ts(inv.updated_at),
        "created-by": refs.user(inv.created_by_id), "updated-by": refs.user(inv.created_by_id),
        "line-num": row.line_num, "description": row.description,
        "quantity": qty(row.quantity), "price": dec(row.price), "total": dec(row.total),
        "uom": {"code": row.uom}, "type": row.type, "order-line-id": row.order_line_id,
        "order-header-num": number, "po-number": number,
        "account": refs.account(row.account_id), "currency": USD})
    return out


def invoice(row: Any, refs: Refs, lines: list[Any], approvals: list[Any],
            remit: Any, po_numbers: dict[int, str]) -> Record:
    out = blank("invoices")
    chain, current = _chain(approvals, refs)
    net = sum((Decimal(x.total) for x in lines), Decimal(0))
    gross = net + sum(Decimal(v) for v in (row.handling_amount, row.misc_amount,
                                           row.shipping_amount, row.tax_amount))
    days = refs.payment_days(row.payment_term_id)
    failures = [f for f in (row.tolerance_failures or "").split(",") if f]
    out.update(stamps(row, refs, by=row.created_by_id), **{
        "invoice-number": row.invoice_number, "invoice-date": ts(row.invoice_date),
        "status": row.status, "document-type": row.document_type,
        "supplier": refs.supplier(row.supplier_id),
        "remit-to-address": None if remit is None else {
            "id": remit.id, "remit-to-code": remit.remit_to_code, "street1": remit.street1,
            "city": remit.city},
        "payment-term": refs.payment_term(row.payment_term_id), "currency": USD,
        "comments": row.comments, "internal-note": row.internal_note,
        "dispute-reasons": [] if row.dispute_reason is None
        else [{"code": row.dispute_reason}],
        "abandon-reason": None if row.abandon_reason is None
        else {"comment": row.abandon_reason},
        "failed-tolerances": [{"code": f} for f in failures],
        "tolerance-failures": row.tolerance_failures,
        "handling-amount": dec(row.handling_amount), "misc-amount": dec(row.misc_amount),
        "shipping-amount": dec(row.shipping_amount), "tax-amount": dec(row.tax_amount),
        "gross-total": dec(gross), "total-with-taxes": dec(gross),
        "net-due-date": None if days is None else ts(row.invoice_date + timedelta(days=days)),
        "paid": row.paid, "payment-date": ts(row.payment_date), "exported": row.exported,
        "date-received": ts(row.date_received),
        "invoice-lines": [invoice_line(x, refs, row, po_numbers)
                          for x in sorted(lines, key=lambda x: x.line_num)],
        "approvals": chain, "current-approval": current})
    return out


def group(rows: list[Any], key: str) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = defaultdict(list)
    for row in rows:
        out[getattr(row, key)].append(row)
    return out
