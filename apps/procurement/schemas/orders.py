"""Purchase orders, their lines, and receipts against them."""

from __future__ import annotations

from pydantic import Field

from arcadia.apps.kernel import Amount, Id, entity
from arcadia.apps.procurement.schemas.base import In, Ref, inp, many, public_model
from arcadia.apps.procurement.schemas.refs import (
    ACCOUNT_REF,
    CURRENCY,
    STAMPS,
    USER_REF,
    AccountRef,
    AccountRefIn,
    ContractRef,
    ContractRefIn,
    OrderLineRef,
    OrderLineRefIn,
    PaymentTermRef,
    PaymentTermRefIn,
    RefIn,
    RequisitionRef,
    SupplierRef,
    SupplierRefIn,
    UserRef,
    UserRefIn,
    line_model,
)

OrderLinePublic = line_model("OrderLinePublic", "order-lines", {
    "line-num": (int, "Line number (1-based)."),
    "description": (str, "What is ordered."),
    "quantity": (str, "Quantity ordered (decimal string)."),
    "price": (str, "Price per unit."),
    "total": (str, "quantity x price."),
    "received": (str, "Quantity received so far."),
    "invoiced": (str, "Amount invoiced so far (submitted invoices)."),
    "uom": (Ref, "Unit of measure: code."),
    "type": (str, "OrderQuantityLine."),
    "status": (str, "created, received or closed."),
    "account": (AccountRef, ACCOUNT_REF),
    "contract": (ContractRef, "The backing contract: id, name, number."),
    "commodity": (Ref, "The category: name."),
    "currency": CURRENCY,
    "need-by-date": (str, "When it is needed."),
    "order-header-id": (int, "The purchase order's id.", "ProcurementPurchaseOrderId"),
    "order-header-number": (str, "The purchase order's number.", "ProcurementPoNumber"),
    "requisition-line-id": (int, "The requisition line it was ordered from.",
                            "ProcurementRequisitionLineId"),
    "supplier": (SupplierRef, "The supplier: id, name."),
    "receipt-required": (bool, "Whether it must be received before invoices match."),
    "version": (int, "The line's version."),
}, "A purchase order line.", "ProcurementOrderLineId")

PurchaseOrderPublic = public_model("PurchaseOrderPublic", "purchase_orders", {
    **STAMPS,
    "po-number": (str, "The PO number.", "ProcurementPoNumber"),
    "status": (str, "draft, buyer_hold, issued, closed, cancelled or currency_hold."),
    "version": (int, "Its version: each change order on an issued PO adds one."),
    "type": (str, "ExternalOrderHeader."),
    "supplier": (SupplierRef, "The supplier: id, name, number."),
    "requisition-header": (RequisitionRef, "The requisition it was ordered from: id."),
    "requester": (UserRef, USER_REF),
    "payment-term": (PaymentTermRef, "The payment term: id, code."),
    "currency": CURRENCY,
    "ship-to-attention": (str, "Whom deliveries are for."),
    "transmission-status": (str, "How it reached the supplier."),
    "acknowledged-flag": (bool, "Whether the supplier acknowledged it."),
    "exported": (bool, "Whether it was exported."),
    "total": (str, "The sum of its lines."),
    "order-lines": (many(OrderLinePublic), "Its lines."),
    "hide-price": (bool, "Whether prices are hidden from the supplier (never)."),
}, "A purchase order.", "ProcurementPurchaseOrderId")

ReceivingTransactionPublic = public_model(
    "ReceivingTransactionPublic", "receiving_transactions", {
        **STAMPS,
        "type": (str, "ReceivingQuantityConsumption."),
        "status": (str, "created or voided."),
        "quantity": (str, "Quantity received."),
        "price": (str, "Unit price (the order line's)."),
        "total": (str, "quantity x price."),
        "uom": (Ref, "Unit of measure: code."),
        "account": (AccountRef, ACCOUNT_REF),
        "order-line": (OrderLineRef, "The order line received against: id, line-num, "
                       "order-header-id, po-number."),
        "transaction-date": (str, "When the goods arrived."),
        "comments": (str, "Comments."),
        "currency": CURRENCY,
        "exported": (bool, "Whether it was exported."),
    }, "A receipt against a purchase order line.", "ProcurementReceivingTransactionId")


# -- inputs ----------------------------------------------------------------------------------


class PurchaseOrderLineIn(In):
    id: Id | None = Field(None, description="The line to change (change orders); omit "
                          "for a new line.", json_schema_extra=entity("ProcurementOrderLineId"))
    description: str | None = inp("description", "What is ordered.", max_length=1550)
    quantity: Amount | None = inp("quantity", "Quantity (positive).")
    price: Amount | None = inp("price", "Price per unit (not negative).")
    uom: RefIn | None = inp("uom", "Unit of measure: code.")
    account: AccountRefIn | None = inp("account", "The account charged: id or code.")
    contract: ContractRefIn | None = inp("contract", "The backing contract: id or number.")
    need_by_date: str | None = inp("need-by-date", "When it is needed.", max_length=40)
    line_num: Id | None = inp("line-num", "Line number.")


class PurchaseOrderCreate(In):
    po_number: str | None = inp("po-number", "The PO number (default: the next number).",
                                max_length=40, json_schema_extra=entity("ProcurementPoNumber"))
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id or name.")
    requester: UserRefIn | None = inp("requester", "For whom: id or login (default: caller).")
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Payment term: id or code "
                                                "(default: the supplier's).")
    currency: RefIn | None = inp("currency", "Currency: code (USD).")
    ship_to_attention: str | None = inp("ship-to-attention", "Whom deliveries are for.",
                                        max_length=255)
    order_lines: list[PurchaseOrderLineIn] | None = inp(
        "order-lines", "The lines (at least one; at most 100).", max_length=100)


class PurchaseOrderUpdate(PurchaseOrderCreate):
    """A change order: on an issued PO, changed lines and new lines raise its version."""

    exported: bool | None = inp("exported", "Mark it exported (sent alone).")


class ReceivingTransactionCreate(In):
    quantity: Amount | None = inp("quantity", "Quantity received (positive; at most what "
                                  "is still to receive).")
    order_line: OrderLineRefIn | None = inp("order-line", "The PO line received against: id.")
    order_line_id: Id | None = inp("order-line-id", "The same, as an id.",
                                   json_schema_extra=entity("ProcurementOrderLineId"))
    transaction_date: str | None = inp("transaction-date", "When the goods arrived "
                                       "(default: now).", max_length=40)
    comments: str | None = inp("comments", "Comments.", max_length=4000)
    type: str | None = inp("type", "ReceivingQuantityConsumption (the only type).",
                           max_length=60)


class ReceivingTransactionUpdate(In):
    quantity: Amount | None = inp("quantity", "Corrected quantity.")
    transaction_date: str | None = inp("transaction-date", "When the goods arrived.",
                                       max_length=40)
    comments: str | None = inp("comments", "Comments.", max_length=4000)
    exported: bool | None = inp("exported", "Mark it exported.")
