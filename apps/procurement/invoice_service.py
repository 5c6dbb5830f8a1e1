"""Invoices: create (draft, with lines), update while draft, submit (routed for approval
with the world's rule, on the amount, for the PO's requester and the line's cost centre),
dispute, withdraw a dispute, void, abandon, and the approval actions.

Tolerances: an invoice line may not bring its PO line's invoiced amount above the line's
total, and no invoice may bill a closed or cancelled PO. Coupa can be set to flag such a
line as a tolerance failure and route it to AP; this instance refuses it (400, nothing
changes), naming what remains to invoice. `revalidate_tolerances` re-runs the checks on a
draft or pending invoice and records what fails in `failed-tolerances`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

from sqlmodel import col
from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, conflict, get_or_404, invalid, not_found
from arcadia.apps.procurement import approval_service as approvals
from arcadia.apps.procurement import common, units
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.schemas import DisputeIn, InvoiceCreate, InvoiceUpdate, RefIn

Record = dict[str, Any]
CENT = Decimal("0.01")
# States whose lines count as invoiced against their PO lines.
BILLED = ("pending_approval", "approved", "pending_receipt")


DIRECT = {"id": "id", "invoice-number": "invoice_number", "status": "status",
          "document-type": "document_type", "paid": "paid", "exported": "exported"}


def render_rows(ctx: Ctx, rows: Sequence[Any]) -> Iterator[Record]:
    refs = v.Refs(ctx)
    lines = common.children(ctx, m.InvoiceLine, "invoice_id", rows)
    chain = common.children(ctx, m.Approval, "approvable_id", rows)
    po_numbers = common.po_numbers(ctx, [line.order_line_id for group in lines.values()
                                         for line in group])
    for inv in rows:
        steps = [a for a in chain.get(inv.id, []) if a.approvable_type == approvals.INVOICE]
        yield v.invoice(inv, refs, lines.get(inv.id, []), steps,
                        refs.row(m.SupplierAddress, inv.remit_to_address_id), po_numbers)


def query(ctx: Ctx, listing: common.Listing) -> list[Any]:
    """The page `listing` asks for."""
    refs = v.Refs(ctx)
    shown = {**DIRECT, "supplier": lambda row: refs.supplier(row.supplier_id),
             "invoice-date": lambda row: v.ts(row.invoice_date)}
    to_one = {"supplier": ("supplier_id", m.Supplier, refs.supplier)}
    return listing.answer(listing.rows(ctx, m.Invoice, shown, to_one),
                          lambda rows: render_rows(ctx, rows), shown)


def render(ctx: Ctx, inv_id: int) -> Record:
    row = common.one_row(ctx, m.Invoice, inv_id, not_found(
        f"No invoice has id {inv_id}; search by number with GET "
        "/api/invoices?invoice-number=....", field="invoice"))
    return next(render_rows(ctx, [row]))


def _inv(ctx: Ctx, inv_id: int) -> m.Invoice:
    return get_or_404(ctx.session, m.Invoice, inv_id, what="invoice",
                      hint="search with GET /api/invoices.")


def _lines(ctx: Ctx, inv_id: int) -> list[m.InvoiceLine]:
    return list(ctx.session.exec(sql_select(m.InvoiceLine).where(
        m.InvoiceLine.invoice_id == inv_id).order_by(m.InvoiceLine.line_num)).all())


def _check_line(ctx: Ctx, inv: m.Invoice, line: m.InvoiceLine, field: str,
                pending: dict[int, Decimal]) -> str | None:
    """Why `line` breaks a tolerance, or None. `pending`: amounts this invoice already
    puts on each PO line."""
    if line.order_line_id is None:
        return None
    ol = ctx.session.get(m.OrderLine, line.order_line_id)
    if ol is None:
        raise not_found(f"{field}: no order line has id {line.order_line_id}; order lines "
                        "are listed in GET /api/purchase_orders/{id}.", field=field)
    po = ctx.session.get(m.PurchaseOrder, ol.order_header_id)
    assert po is not None
    if po.supplier_id != inv.supplier_id:
        raise invalid(f"{field}: order line {ol.id} is on {po.po_number}, which belongs to "
                      "another supplier.", field=field)
    if po.status in ("closed", "cancelled"):
        return (f"{field}: purchase order {po.po_number} is {po.status}; invoices against "
                "it are refused (reopen it with PUT /api/purchase_orders/"
                f"{po.id}/reopen first, or invoice another order).")
    if po.status != "issued":
        return f"{field}: purchase order {po.po_number} is {po.status}, not issued."
    already = Decimal(ol.invoiced) + pending.get(ol.id, Decimal(0))
    remaining = Decimal(ol.total) - already
    if Decimal(line.total) > remaining:
        return (f"{field}: {line.total} is over what remains to invoice on "
                f"{po.po_number} line {ol.line_num} ({remaining.quantize(CENT)} of "
                f"{Decimal(ol.total).quantize(CENT)}).")
    pending[ol.id] = pending.get(ol.id, Decimal(0)) + Decimal(line.total)
    return None


def _new_lines(ctx: Ctx, inv: m.Invoice, body: InvoiceCreate) -> list[m.InvoiceLine]:
    if not body.invoice_lines:
        raise invalid("An invoice needs at least one invoice line.", field="invoice-lines")
    out: list[m.InvoiceLine] = []
    pending: dict[int, Decimal] = {}
    for i, line in enumerate(body.invoice_lines):
        field = f"invoice-lines[{i}]"
        qty = common.positive(line.quantity if line.quantity is not None else Decimal(1),
                              f"{field}.quantity")
        price = line.price
        if price is None and line.total is not None:
            price = (line.total / qty).quantize(Decimal("0.000001"))
        price = common.positive(price, f"{field}.price", zero=True)
        total = (qty * price).quantize(CENT)
        if line.total is not None and line.total.quantize(CENT) != total:
            raise invalid(f"{field}.total {line.total} is not quantity x price ({total}).",
                          field=f"{field}.total")
        if total >= Decimal("1e12"):
            raise invalid(f"{field}: the line total is over 999,999,999,999.99.", field=field)
        ol_id = line.order_line_id if line.order_line_id is not None else (
            None if line.order_line is None else line.order_line.id)
        acct = common.account(ctx, line.account, f"{field}.account")
        row = m.InvoiceLine(
            id=ctx.next_id(m.InvoiceLine), invoice_id=inv.id, line_num=line.line_num or i + 1,
            description=line.description or "", quantity=str(qty), price=str(price),
            total=str(total), uom=units.unit_code(line.uom, field),
            order_line_id=ol_id, account_id=None if acct is None else acct.id)
        if not row.description:
            raise invalid(f"{field}.description is required.", field=field)
        failure = _check_line(ctx, inv, row, field, pending)
        if failure:
            raise conflict(failure, field=field)
        if row.account_id is None and ol_id is not None:
            ol = ctx.session.get(m.OrderLine, ol_id)
            row.account_id = None if ol is None else ol.account_id
        out.append(row)
    return out


def _apply(ctx: Ctx, inv: m.Invoice, body: InvoiceCreate) -> None:
    common.currency(body.currency)
    data = body.model_dump(exclude_unset=True)
    if body.document_type not in (None, "Invoice"):
        raise invalid("Only document-type Invoice is supported (no credit notes).",
                      field="document-type")
    if body.remit_to_address is not None:
        addr = ctx.session.get(m.SupplierAddress, body.remit_to_address.id or -1)
        if addr is None or addr.supplier_id != inv.supplier_id:
            raise invalid("remit-to-address must be one of the supplier's addresses (GET "
                          f"/api/suppliers/{inv.supplier_id}/addresses).",
                          field="remit-to-address")
        inv.remit_to_address_id = addr.id
    if body.payment_term is not None:
        term = common.payment_term(ctx, body.payment_term, "payment-term")
        inv.payment_term_id = None if term is None else term.id
    for name in ("comments", "internal_note"):
        if name in data:
            setattr(inv, name, data[name])
    for name in ("handling_amount", "misc_amount", "shipping_amount", "tax_amount"):
        if data.get(name) is not None:
            setattr(inv, name, str(common.positive(data[name], name.replace("_", "-"),
                                                   zero=True).quantize(CENT)))
    if "invoice_date" in data:
        inv.invoice_date = common.when(body.invoice_date, "invoice-date") or inv.invoice_date


def _unique_number(ctx: Ctx, supplier_id: int, number: str, own: int | None) -> None:
    clash = ctx.session.exec(sql_select(m.Invoice.id).where(
        m.Invoice.supplier_id == supplier_id, m.Invoice.invoice_number == number,
        col(m.Invoice.status).not_in(("voided", "abandoned")))).first()
    if clash is not None and clash != own:
        raise invalid(f"Invoice number {number} is already used by invoice {clash} of this "
                      "supplier; invoice numbers are unique per supplier.",
                      field="invoice-number")


def create(ctx: Ctx, body: InvoiceCreate) -> int:
    supplier = common.supplier(ctx, body.supplier, "supplier")
    if supplier is None:
        raise invalid("An invoice needs a supplier: {\"id\": ...} or {\"name\": ...}.",
                      field="supplier")
    if not body.invoice_number:
        raise invalid("invoice-number is required.", field="invoice-number")
    if not body.invoice_date:
        raise invalid("invoice-date is required (YYYY-MM-DD).", field="invoice-date")
    _unique_number(ctx, supplier.id, body.invoice_number, None)
    first = ctx.session.exec(sql_select(m.SupplierAddress.id).where(
        m.SupplierAddress.supplier_id == supplier.id).order_by(m.SupplierAddress.id)).first()
    inv = m.Invoice(id=ctx.next_id(m.Invoice), invoice_number=body.invoice_number,
                    invoice_date=ctx.now, supplier_id=supplier.id,
                    payment_term_id=supplier.payment_term_id, remit_to_address_id=first,
                    created_by_id=ctx.principal.id, date_received=ctx.now,
                    created_at=ctx.now, updated_at=ctx.now)
    _apply(ctx, inv, body)
    lines = _new_lines(ctx, inv, body)
    ctx.session.add(inv)
    for line in lines:
        ctx.session.add(line)
    ctx.commit()
    return inv.id


def update(ctx: Ctx, inv_id: int, body: InvoiceUpdate) -> int:
    inv = _inv(ctx, inv_id)
    data = body.model_dump(exclude_unset=True)
    if "exported" in data and body.exported is None:
        raise invalid("exported is true or false.", field="exported")
    if set(data) == {"exported"}:
        inv.exported, inv.updated_at = bool(body.exported), ctx.now
        ctx.commit()
        return inv.id
    if inv.status != "draft":
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; only a draft can be "
                       "edited.", field="invoice")
    if body.supplier is not None:
        supplier = common.supplier(ctx, body.supplier, "supplier")
        if supplier is not None and supplier.id != inv.supplier_id:
            raise invalid("An invoice's supplier cannot change; abandon it and create "
                          "another.", field="supplier")
    if body.invoice_number:
        _unique_number(ctx, inv.supplier_id, body.invoice_number, inv.id)
        inv.invoice_number = body.invoice_number
    _apply(ctx, inv, body)
    if body.invoice_lines is not None:
        lines = _new_lines(ctx, inv, body)
        for old in _lines(ctx, inv.id):
            ctx.session.delete(old)
        ctx.session.flush()
        for line in lines:
            ctx.session.add(line)
    inv.updated_at = ctx.now
    ctx.commit()
    return inv.id


def _bill(ctx: Ctx, inv: m.Invoice) -> list[m.InvoiceLine]:
    """Check every line against its PO line and add the amounts to `invoiced`."""
    lines = _lines(ctx, inv.id)
    pending: dict[int, Decimal] = {}
    for i, line in enumerate(lines):
        failure = _check_line(ctx, inv, line, f"invoice-lines[{i}]", pending)
        if failure:
            raise conflict(failure, field=f"invoice-lines[{i}]")
    for ol_id, value in pending.items():
        ol = ctx.session.get(m.OrderLine, ol_id)
        assert ol is not None
        ol.invoiced = str((Decimal(ol.invoiced) + value).quantize(CENT))
        ol.updated_at = ctx.now
    return lines


def _route(ctx: Ctx, inv: m.Invoice, lines: list[m.InvoiceLine]) -> None:
    total = sum((Decimal(x.total) for x in lines), Decimal(0))
    requester, cost_centre = None, None
    for line in lines:
        if line.order_line_id is not None:
            ol = ctx.session.get(m.OrderLine, line.order_line_id)
            po = None if ol is None else ctx.session.get(m.PurchaseOrder, ol.order_header_id)
            requester = None if po is None else po.requester_id
            acct = None if ol is None else ctx.session.get(m.Account, ol.account_id)
            cost_centre = None if acct is None else acct.segment_1
            break
    chain: tuple[int, ...] = ()
    if requester is not None:
        chain = approvals.chain_for(ctx, amount=total, requester_id=requester,
                                    cost_centre=cost_centre)
    inv.status, inv.updated_at = "pending_approval", ctx.now
    ctx.session.flush()
    if approvals.create_chain(ctx, approvals.INVOICE, inv.id, chain) == 0:
        inv.status = "approved"


def submit(ctx: Ctx, inv_id: int) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status != "draft":
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; only a draft can be "
                       "submitted.", field="invoice")
    lines = _bill(ctx, inv)
    inv.tolerance_failures = None
    _route(ctx, inv, lines)
    ctx.commit()
    return inv.id


def dispute(ctx: Ctx, inv_id: int, body: DisputeIn) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status not in ("pending_approval", "approved", "pending_receipt"):
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; only a submitted "
                       "invoice (pending approval, pending receipt or approved) can be "
                       "disputed.", field="invoice")
    if inv.paid:
        raise conflict(f"Invoice {inv.invoice_number} is paid; it cannot be disputed.",
                       field="invoice")
    reason = _dispute_reason(ctx, body)
    approvals.withdraw(ctx, approvals.INVOICE, inv.id)
    orders.release_invoiced(ctx, inv)
    inv.status, inv.dispute_reason = "disputed", reason or "OTHER"
    if body.comment is not None:
        inv.comments = body.comment
    inv.updated_at = ctx.now
    ctx.commit()
    return inv.id


def _dispute_reason(ctx: Ctx, body: DisputeIn) -> str | None:
    """The name of the active Dispute Reason the body names, in `dispute-reason` or in
    Coupa's list form `dispute-reasons` (one reason: one is what this instance keeps), or
    None when it names none."""
    field, refs = "dispute-reason", [body.dispute_reason] if body.dispute_reason else []
    if body.dispute_reasons is not None:
        if refs:
            raise invalid("Send the reason once: dispute-reason or dispute-reasons.",
                          field="dispute-reasons")
        field, refs = "dispute-reasons", body.dispute_reasons
    if len(refs) > 1:
        raise invalid("This instance keeps one reason per dispute; send one in "
                      "dispute-reasons.", field=field)
    value = common.lookup_value(ctx, refs[0] if refs else None, "Dispute Reason", field)
    return None if value is None else value.name


def withdraw_dispute(ctx: Ctx, inv_id: int) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status != "disputed":
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}, not disputed.",
                       field="invoice")
    lines = _bill(ctx, inv)
    inv.dispute_reason = None
    _route(ctx, inv, lines)
    ctx.commit()
    return inv.id


def void(ctx: Ctx, inv_id: int) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status not in ("draft", "approved", "pending_receipt"):
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; only draft, approved "
                       "or pending-receipt invoices can be voided.", field="invoice")
    if inv.paid:
        raise conflict(f"Invoice {inv.invoice_number} is paid; it cannot be voided.",
                       field="invoice")
    if inv.status != "draft":
        orders.release_invoiced(ctx, inv)
    inv.status, inv.updated_at = "voided", ctx.now
    ctx.commit()
    return inv.id


def abandon(ctx: Ctx, inv_id: int, reason: str | None) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status not in ("draft", "disputed"):
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; only a draft or "
                       "disputed invoice can be abandoned.", field="invoice")
    inv.status, inv.abandon_reason, inv.updated_at = "abandoned", reason, ctx.now
    ctx.commit()
    return inv.id


def approvers(ctx: Ctx, inv_id: int, action: str, *, approver: int | RefIn | None = None,
              approval_id: int | None = None, position: int | None = None) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status != "pending_approval":
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}, not pending approval.",
                       field="invoice")
    if action == "add":
        approver = common.approver(ctx, approver)
        if approver is None:
            raise invalid("Name the approver to add: approver {id or login} or approver-id.",
                          field="approver")
        approvals.add_approver(ctx, approvals.INVOICE, inv.id, approver, position)
    elif action == "remove":
        approvals.remove_approval(ctx, approvals.INVOICE, inv.id, approval_id)
    elif action == "restart":
        approvals.withdraw(ctx, approvals.INVOICE, inv.id)
        _route(ctx, inv, _lines(ctx, inv.id))
    else:
        approvals.bypass(ctx, approvals.INVOICE, inv.id, current_only=action == "current")
    inv.updated_at = ctx.now
    ctx.commit()
    return inv.id


def revalidate(ctx: Ctx, inv_id: int) -> int:
    inv = _inv(ctx, inv_id)
    if inv.status not in ("draft", "pending_approval"):
        raise conflict(f"Invoice {inv.invoice_number} is {inv.status}; tolerances are "
                       "checked on draft or pending invoices.", field="invoice")
    failures = []
    pending: dict[int, Decimal] = {}
    billed = inv.status != "draft"
    for i, line in enumerate(_lines(ctx, inv.id)):
        if billed and line.order_line_id is not None:
            pending[line.order_line_id] = pending.get(line.order_line_id, Decimal(0)) \
                - Decimal(line.total)
        if _check_line(ctx, inv, line, f"invoice-lines[{i}]", pending):
            failures.append(f"line_{line.line_num}")
    inv.tolerance_failures = ",".join(failures) or None
    inv.updated_at = ctx.now
    ctx.commit()
    return inv.id
