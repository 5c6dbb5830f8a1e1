"""Purchase orders (create, issue, change orders, close, cancel, reopen) and receiving
transactions against their lines."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, conflict, forbidden, get_or_404, invalid, not_found
from arcadia.apps.procurement import common, units
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.schemas import (
    PurchaseOrderCreate,
    PurchaseOrderLineIn,
    PurchaseOrderUpdate,
    ReceivingTransactionCreate,
    ReceivingTransactionUpdate,
)

Record = dict[str, Any]
CENT = Decimal("0.01")


DIRECT = {"id": "id", "po-number": "po_number", "status": "status", "version": "version",
          "type": "type", "exported": "exported"}


def render_rows(ctx: Ctx, rows: Sequence[Any]) -> Iterator[Record]:
    refs = v.Refs(ctx)
    lines = common.children(ctx, m.OrderLine, "order_header_id", rows)
    for po in rows:
        yield v.purchase_order(po, refs, lines.get(po.id, []))


def query(ctx: Ctx, listing: common.Listing) -> list[Any]:
    """The page `listing` asks for."""
    refs = v.Refs(ctx)
    shown = {**DIRECT, "supplier": lambda row: refs.supplier(row.supplier_id)}
    to_one = {"supplier": ("supplier_id", m.Supplier, refs.supplier)}
    return listing.answer(listing.rows(ctx, m.PurchaseOrder, shown, to_one),
                          lambda rows: render_rows(ctx, rows), shown)


def render(ctx: Ctx, po_id: int) -> Record:
    row = common.one_row(ctx, m.PurchaseOrder, po_id, not_found(
        f"No purchase order has id {po_id}; search by number with GET "
        "/api/purchase_orders?po-number=PO-....", field="purchase_order"))
    return next(render_rows(ctx, [row]))


def _po(ctx: Ctx, po_id: int) -> m.PurchaseOrder:
    return get_or_404(ctx.session, m.PurchaseOrder, po_id, what="purchase order",
                      hint="search with GET /api/purchase_orders.")


def _po_lines(ctx: Ctx, po_id: int) -> list[m.OrderLine]:
    return list(ctx.session.exec(sql_select(m.OrderLine).where(
        m.OrderLine.order_header_id == po_id).order_by(m.OrderLine.line_num)).all())


def _line_values(ctx: Ctx, line: PurchaseOrderLineIn, field: str, old: m.OrderLine | None
                 ) -> dict[str, Any]:
    qty = common.positive(line.quantity if line.quantity is not None else
                          (None if old is None else Decimal(old.quantity)), f"{field}.quantity")
    price = common.positive(line.price if line.price is not None else
                            (None if old is None else Decimal(old.price)), f"{field}.price",
                            zero=True)
    total = (qty * price).quantize(CENT)
    if total >= Decimal("1e12"):
        raise invalid(f"{field}: the line total is over 999,999,999,999.99.", field=field)
    out: dict[str, Any] = {"quantity": str(qty), "price": str(price), "total": str(total)}
    if line.description is not None:
        out["description"] = line.description
    elif old is None:
        raise invalid(f"{field}.description is required.", field=field)
    if line.account is not None:
        acct = common.account(ctx, line.account, f"{field}.account")
        out["account_id"] = None if acct is None else acct.id
    if line.contract is not None:
        contract = common.contract(ctx, line.contract, f"{field}.contract")
        out["contract_id"] = None if contract is None else contract.id
    uom = units.unit_code(line.uom, field, default=None)
    if uom is not None:
        out["uom"] = uom
    if line.need_by_date is not None:
        out["need_by_date"] = common.when(line.need_by_date, f"{field}.need-by-date")
    return out


def create(ctx: Ctx, body: PurchaseOrderCreate) -> int:
    common.currency(body.currency)
    supplier = common.supplier(ctx, body.supplier, "supplier")
    if supplier is None:
        raise invalid("A purchase order needs a supplier: {\"id\": ...} or {\"name\": ...}.",
                      field="supplier")
    if not body.order_lines:
        raise invalid("A purchase order needs at least one order line.", field="order-lines")
    requester = common.user(ctx, body.requester, "requester") or ctx.me(m.User, common.no_user)
    term = common.payment_term(ctx, body.payment_term, "payment-term")
    po_id = ctx.next_id(m.PurchaseOrder)
    number = body.po_number or _po_number(ctx, po_id)
    if ctx.session.exec(sql_select(m.PurchaseOrder.id).where(
            m.PurchaseOrder.po_number == number)).first() is not None:
        raise invalid(f"PO number {number} is taken; send another or none.", field="po-number")
    for i, line in enumerate(body.order_lines):
        if line.id is not None:
            raise invalid(f"order-lines[{i}]: a new order's lines have no id yet (id {line.id} "
                          "names a line to change: PUT /api/purchase_orders/{id}); leave it "
                          "out.", field=f"order-lines[{i}]")
    lines = [_line_values(ctx, line, f"order-lines[{i}]", None)
             for i, line in enumerate(body.order_lines)]
    ctx.session.add(m.PurchaseOrder(
        id=po_id, po_number=number, status="draft", supplier_id=supplier.id,
        requester_id=requester.id, created_by_id=ctx.principal.id,
        payment_term_id=term.id if term else supplier.payment_term_id,
        ship_to_attention=body.ship_to_attention, created_at=ctx.now, updated_at=ctx.now))
    for n, values in enumerate(lines, start=1):
        ctx.session.add(m.OrderLine(id=ctx.next_id(m.OrderLine), order_header_id=po_id,
                                    line_num=n, created_at=ctx.now, updated_at=ctx.now,
                                    **values))
    ctx.commit()
    return po_id


def update(ctx: Ctx, po_id: int, body: PurchaseOrderUpdate) -> int:
    """A draft is edited in place; an issued PO takes a change order (version + 1): lines
    may change or be added, but never below what was received or invoiced."""
    po = _po(ctx, po_id)
    data = body.model_dump(exclude_unset=True)
    if "exported" in data and body.exported is None:
        raise invalid("exported is true or false.", field="exported")
    if set(data) == {"exported"}:
        po.exported, po.updated_at = bool(body.exported), ctx.now
        ctx.commit()
        return po.id
    if po.status not in ("draft", "issued", "buyer_hold"):
        raise conflict(f"Purchase order {po.po_number} is {po.status}; change orders apply "
                       "to draft or issued orders only (reopen a closed one first).",
                       field="purchase_order")
    common.currency(body.currency)
    changed = False
    if body.supplier is not None:
        supplier = common.supplier(ctx, body.supplier, "supplier")
        if supplier is not None and supplier.id != po.supplier_id:
            if po.status != "draft":
                raise conflict("The supplier of an issued order cannot change; cancel it and "
                               "raise a new one.", field="supplier")
            po.supplier_id = supplier.id
    if body.payment_term is not None:
        term = common.payment_term(ctx, body.payment_term, "payment-term")
        po.payment_term_id = None if term is None else term.id
        changed = True
    if body.requester is not None:
        requester = common.user(ctx, body.requester, "requester")
        if requester is not None and requester.id != po.requester_id:
            po.requester_id, changed = requester.id, True
    if "ship_to_attention" in data:
        po.ship_to_attention, changed = body.ship_to_attention, True
    existing = {line.id: line for line in _po_lines(ctx, po.id)}
    next_num = max((x.line_num for x in existing.values()), default=0)
    for i, line in enumerate(body.order_lines or []):
        field = f"order-lines[{i}]"
        old = existing.get(line.id) if line.id is not None else None
        if line.id is not None and old is None:
            raise not_found(f"{field}: purchase order {po.po_number} has no line {line.id}.",
                            field=field)
        values = _line_values(ctx, line, field, old)
        if old is None:
            next_num += 1
            ctx.session.add(m.OrderLine(id=ctx.next_id(m.OrderLine), order_header_id=po.id,
                                        line_num=next_num, created_at=ctx.now,
                                        updated_at=ctx.now, **values))
        else:
            if Decimal(values["quantity"]) < Decimal(old.received):
                raise conflict(f"{field}: quantity {values['quantity']} is below the "
                               f"{old.received} already received.", field=field)
            if Decimal(values["total"]) < Decimal(old.invoiced):
                raise conflict(f"{field}: total {values['total']} is below the "
                               f"{old.invoiced} already invoiced.", field=field)
            for key, value in values.items():
                setattr(old, key, value)
            old.version += 1
            old.updated_at = ctx.now
        changed = True
    if changed and po.status != "draft":
        po.version += 1
        po.exported = False  # a new version is re-exported (Coupa's note)
    po.updated_at = ctx.now
    ctx.commit()
    return po.id


_TRANSITIONS = {
    "issue": (("draft",), "issued"),
    "issue_without_send": (("draft",), "issued"),
    "ignore_window_and_issue": (("draft",), "issued"),
    "release_from_buyer_hold": (("buyer_hold",), "issued"),
    "close": (("issued",), "closed"),
    "reopen": (("closed",), "issued"),
    "cancel": (("draft", "issued", "buyer_hold"), "cancelled"),
}


def transition(ctx: Ctx, po_id: int, action: str) -> int:
    po = _po(ctx, po_id)
    allowed, target = _TRANSITIONS[action]
    if po.status not in allowed:
        raise conflict(f"Purchase order {po.po_number} is {po.status}; {action} applies to "
                       f"{' or '.join(allowed)} orders only.", field="purchase_order")
    if action == "cancel":
        for line in _po_lines(ctx, po.id):
            if Decimal(line.received) > 0 or Decimal(line.invoiced) > 0:
                raise conflict(f"Purchase order {po.po_number} has receipts or invoices "
                               "against it; close it instead of cancelling.",
                               field="purchase_order")
    po.status, po.updated_at = target, ctx.now
    if action == "issue_without_send":
        po.transmission_status = "sent_manually"
    ctx.commit()
    return po.id


# -- receiving -------------------------------------------------------------------------------


RECEIPT_DIRECT = {"id": "id", "status": "status", "type": "type", "exported": "exported"}


def render_receipts(ctx: Ctx, rows: Sequence[Any]) -> Iterator[Record]:
    refs = v.Refs(ctx)
    lines = {x.id: x for x in ctx.snapshots(m.OrderLine)} if len(rows) > 50 else {
        r.order_line_id: ctx.snapshot(m.OrderLine, r.order_line_id) for r in rows}
    pos: dict[int, Any] = {}
    for r in rows:
        line = lines.get(r.order_line_id)
        if line is not None and line.order_header_id not in pos:
            pos[line.order_header_id] = ctx.snapshot(m.PurchaseOrder, line.order_header_id)
        yield v.receipt(r, refs, line, None if line is None
                        else pos.get(line.order_header_id))


def query_receipts(ctx: Ctx, listing: common.Listing) -> list[Any]:
    """The page `listing` asks for."""
    return listing.answer(ctx.snapshots(m.ReceivingTransaction),
                          lambda rows: render_receipts(ctx, rows), RECEIPT_DIRECT)


def render_receipt(ctx: Ctx, rid: int) -> Record:
    row = common.one_row(ctx, m.ReceivingTransaction, rid, not_found(
        f"No receiving transaction has id {rid}; list them with GET "
        "/api/receiving_transactions.", field="receiving_transaction"))
    return next(render_receipts(ctx, [row]))


def _open_line(ctx: Ctx, line_id: int) -> tuple[m.OrderLine, m.PurchaseOrder]:
    line = get_or_404(ctx.session, m.OrderLine, line_id, what="order line",
                      hint="order lines are listed in GET /api/purchase_orders/{id}.")
    po = _po(ctx, line.order_header_id)
    if po.status != "issued":
        raise conflict(f"Purchase order {po.po_number} is {po.status}; goods are received "
                       "against issued orders only.", field="order-line")
    return line, po


def _check_qty(line: m.OrderLine, qty: Decimal, already: Decimal) -> None:
    ordered = Decimal(line.quantity)
    if already + qty > ordered:
        raise conflict(f"Receiving {qty} would bring order line {line.id} to "
                       f"{already + qty}, above the {ordered} ordered; at most "
                       f"{ordered - already} remain to receive.", field="quantity")


def receive(ctx: Ctx, body: ReceivingTransactionCreate) -> int:
    line_id = body.order_line_id if body.order_line_id is not None else (
        None if body.order_line is None else body.order_line.id)
    if line_id is None:
        raise invalid("Name the order line received against: order-line {\"id\": ...}.",
                      field="order-line")
    if body.type not in (None, "ReceivingQuantityConsumption"):
        raise invalid("Only ReceivingQuantityConsumption receipts are supported.",
                      field="type")
    qty = common.positive(body.quantity, "quantity")
    line, po = _open_line(ctx, line_id)
    if not common.is_manager(ctx) and po.requester_id != ctx.principal.id:
        raise forbidden(f"Purchase order {po.po_number} was ordered for someone else; its "
                        "requester (or procurement) receives it.")
    _check_qty(line, qty, Decimal(line.received))
    when = common.when(body.transaction_date, "transaction-date") or ctx.now
    rid = ctx.next_id(m.ReceivingTransaction)
    ctx.session.add(m.ReceivingTransaction(
        id=rid, order_line_id=line.id, quantity=str(qty), price=line.price,
        total=str((qty * Decimal(line.price)).quantize(CENT)), uom=line.uom,
        account_id=line.account_id, transaction_date=when, comments=body.comments,
        created_by_id=ctx.principal.id, created_at=ctx.now, updated_at=ctx.now))
    _set_received(line, Decimal(line.received) + qty, ctx)
    ctx.commit()
    return rid


def _set_received(line: m.OrderLine, received: Decimal, ctx: Ctx) -> None:
    line.received = str(received.normalize() if received else Decimal(0))
    line.status = "received" if received >= Decimal(line.quantity) else "created"
    line.updated_at = ctx.now


def _receipt(ctx: Ctx, rid: int) -> m.ReceivingTransaction:
    row = get_or_404(ctx.session, m.ReceivingTransaction, rid, what="receiving transaction",
                     hint="list them with GET /api/receiving_transactions.")
    if row.status == "voided":
        raise conflict(f"Receiving transaction {rid} is voided; it cannot change.",
                       field="receiving_transaction")
    return row


def update_receipt(ctx: Ctx, rid: int, body: ReceivingTransactionUpdate) -> int:
    row = _receipt(ctx, rid)
    data = body.model_dump(exclude_unset=True)
    if "quantity" in data:
        qty = common.positive(body.quantity, "quantity")
        line, _ = _open_line(ctx, row.order_line_id)
        others = Decimal(line.received) - Decimal(row.quantity)
        _check_qty(line, qty, others)
        row.quantity = str(qty)
        row.total = str((qty * Decimal(row.price)).quantize(CENT))
        _set_received(line, others + qty, ctx)
    if "transaction_date" in data:
        row.transaction_date = common.when(body.transaction_date, "transaction-date") \
            or row.transaction_date
    if "comments" in data:
        row.comments = body.comments
    if "exported" in data:
        row.exported = bool(body.exported)
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


def void_receipt(ctx: Ctx, rid: int, *, delete: bool) -> Record:
    row = _receipt(ctx, rid)
    line = ctx.session.get(m.OrderLine, row.order_line_id)
    if line is not None:
        _set_received(line, Decimal(line.received) - Decimal(row.quantity), ctx)
    record = render_receipt(ctx, rid)
    if delete:
        ctx.session.delete(row)
    else:
        row.status, row.updated_at = "voided", ctx.now
        record["status"] = "voided"
    ctx.commit()
    return record


# -- what approvals and invoices do to orders ---------------------------------------------


def _po_number(ctx: Ctx, po_id: int) -> str:
    number = f"PO-{po_id}"
    while ctx.session.exec(sql_select(m.PurchaseOrder.id).where(
            m.PurchaseOrder.po_number == number)).first() is not None:
        number = f"PO-{po_id}-{ctx.next_seq('po_number')}"
    return number


def order_requisition(ctx: Ctx, req_id: int) -> None:
    """Approved: one issued PO per supplier, the requisition ordered."""
    req = ctx.session.get(m.Requisition, req_id)
    assert req is not None
    lines = sorted(ctx.session.exec(sql_select(m.RequisitionLine).where(
        m.RequisitionLine.requisition_id == req.id)).all(), key=lambda x: x.line_num)
    by_supplier: dict[int, list[m.RequisitionLine]] = defaultdict(list)
    for line in lines:
        if line.supplier_id is not None:
            by_supplier[line.supplier_id].append(line)
    for supplier_id in sorted(by_supplier):
        supplier = ctx.session.get(m.Supplier, supplier_id)
        po_id = ctx.next_id(m.PurchaseOrder)
        ctx.session.add(m.PurchaseOrder(
            id=po_id, po_number=_po_number(ctx, po_id), status="issued",
            supplier_id=supplier_id, requisition_id=req.id, requester_id=req.requested_by_id,
            created_by_id=req.created_by_id,
            payment_term_id=None if supplier is None else supplier.payment_term_id,
            ship_to_attention=req.ship_to_attention, created_at=ctx.now, updated_at=ctx.now))
        for n, line in enumerate(by_supplier[supplier_id], start=1):
            ol_id = ctx.next_id(m.OrderLine)
            ctx.session.add(m.OrderLine(
                id=ol_id, order_header_id=po_id, line_num=n, description=line.description,
                quantity=line.quantity, price=line.unit_price, total=line.total,
                uom=line.uom, account_id=line.account_id, contract_id=line.contract_id,
                commodity=line.commodity, need_by_date=line.need_by_date,
                requisition_line_id=line.id, created_at=ctx.now, updated_at=ctx.now))
            line.order_line_id = ol_id
    req.status, req.updated_at = "ordered", ctx.now


def release_invoiced(ctx: Ctx, inv: m.Invoice) -> None:
    """Take a billed invoice's amounts off its PO lines (void, dispute, rejection)."""
    for line in ctx.session.exec(sql_select(m.InvoiceLine).where(
            m.InvoiceLine.invoice_id == inv.id)).all():
        if line.order_line_id is None:
            continue
        ol = ctx.session.get(m.OrderLine, line.order_line_id)
        if ol is not None:
            ol.invoiced = str(max(Decimal(0), Decimal(ol.invoiced) - Decimal(line.total))
                              .quantize(CENT))
            ol.updated_at = ctx.now
