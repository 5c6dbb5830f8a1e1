"""Supplier invoices and their lines; the bodies of disputes and abandons."""

from __future__ import annotations

from arcadia.apps.kernel import Amount, Id, entity
from arcadia.apps.procurement.schemas.approvals import ApprovalPublic
from arcadia.apps.procurement.schemas.base import In, Ref, as_type, inp, many, public_model
from arcadia.apps.procurement.schemas.refs import (
    ACCOUNT_REF,
    CURRENCY,
    STAMPS,
    AccountRef,
    AccountRefIn,
    AddressRef,
    AddressRefIn,
    DisputeReasonRefIn,
    OrderLineRefIn,
    PaymentTermRef,
    PaymentTermRefIn,
    RefIn,
    SupplierRef,
    SupplierRefIn,
    line_model,
)

InvoiceLinePublic = line_model("InvoiceLinePublic", "invoice-lines", {
    "line-num": (int, "Line number (1-based)."),
    "description": (str, "What is billed."),
    "quantity": (str, "Quantity billed."),
    "price": (str, "Price per unit."),
    "total": (str, "quantity x price."),
    "uom": (Ref, "Unit of measure: code."),
    "type": (str, "InvoiceQuantityLine."),
    "order-line-id": (int, "The PO line it bills, if any.", "ProcurementOrderLineId"),
    "order-header-num": (str, "That PO's number.", "ProcurementPoNumber"),
    "po-number": (str, "That PO's number.", "ProcurementPoNumber"),
    "account": (AccountRef, ACCOUNT_REF),
    "currency": CURRENCY,
}, "An invoice line.", "ProcurementInvoiceLineId")

InvoicePublic = public_model("InvoicePublic", "invoices", {
    **STAMPS,
    "invoice-number": (str, "The supplier's invoice number.", "ProcurementInvoiceNumber"),
    "invoice-date": (str, "The invoice's date."),
    "status": (str, "draft, pending_approval, approved, disputed, voided, abandoned or "
               "pending_receipt."),
    "document-type": (str, "Invoice or Credit Note."),
    "supplier": (SupplierRef, "The supplier: id, name, number."),
    "remit-to-address": (AddressRef, "Where to pay: id, remit-to-code, street1, city."),
    "payment-term": (PaymentTermRef, "The payment term: id, code."),
    "currency": CURRENCY,
    "comments": (str, "Comments."),
    "internal-note": (str, "Internal note."),
    "dispute-reasons": (list[Ref], "Why it was disputed: code, comment."),
    "abandon-reason": (Ref, "Why it was abandoned: comment."),
    "failed-tolerances": (list[Ref], "Tolerance checks it failed at submission: code "
                          "(amount_over_po_remaining, closed_po), order-line-id."),
    "tolerance-failures": (str, "The same codes, comma-joined."),
    "handling-amount": (str, "Handling charged."), "misc-amount": (str, "Other charges."),
    "shipping-amount": (str, "Shipping charged."), "tax-amount": (str, "Tax charged."),
    "gross-total": (str, "Lines plus charges and tax."),
    "total-with-taxes": (str, "The same as gross-total."),
    "net-due-date": (str, "invoice-date plus the payment term's days."),
    "paid": (bool, "Whether it has been paid."),
    "payment-date": (str, "When it was paid."),
    "exported": (bool, "Whether it was exported."),
    "date-received": (str, "When it was received."),
    "invoice-lines": (many(InvoiceLinePublic), "Its lines."),
    "approvals": (many(ApprovalPublic), "Its approval chain, in order."),
    "current-approval": (as_type(ApprovalPublic), "The approval routed now."),
}, "A supplier invoice.", "ProcurementInvoiceId")


# -- inputs ----------------------------------------------------------------------------------


class InvoiceLineIn(In):
    description: str | None = inp("description", "What is billed.", max_length=1550)
    quantity: Amount | None = inp("quantity", "Quantity (positive; default 1).")
    price: Amount | None = inp("price", "Price per unit (not negative).")
    total: Amount | None = inp("total", "Line total (default quantity x price; must equal "
                               "it when both are sent).")
    uom: RefIn | None = inp("uom", "Unit of measure: code.")
    order_line_id: Id | None = inp("order-line-id", "The PO line it bills.",
                                   json_schema_extra=entity("ProcurementOrderLineId"))
    order_line: OrderLineRefIn | None = inp("order-line", "The same, as an object: id.")
    account: AccountRefIn | None = inp("account", "The account charged (default: the PO line's).")
    line_num: Id | None = inp("line-num", "Line number.")


class InvoiceCreate(In):
    invoice_number: str | None = inp("invoice-number", "The supplier's invoice number "
                                     "(unique per supplier).", max_length=40,
                                     json_schema_extra=entity("ProcurementInvoiceNumber"))
    invoice_date: str | None = inp("invoice-date", "The invoice's date (YYYY-MM-DD).",
                                   max_length=40)
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id, name or number.")
    remit_to_address: AddressRefIn | None = inp("remit-to-address", "Where to pay: id (default: "
                                         "the supplier's first).")
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Payment term: id or code.")
    currency: RefIn | None = inp("currency", "Currency: code (USD).")
    document_type: str | None = inp("document-type", "Invoice (the only type here).",
                                    max_length=40)
    comments: str | None = inp("comments", "Comments.", max_length=4000)
    internal_note: str | None = inp("internal-note", "Internal note.", max_length=4000)
    handling_amount: Amount | None = inp("handling-amount", "Handling charged.")
    misc_amount: Amount | None = inp("misc-amount", "Other charges.")
    shipping_amount: Amount | None = inp("shipping-amount", "Shipping charged.")
    tax_amount: Amount | None = inp("tax-amount", "Tax charged.")
    invoice_lines: list[InvoiceLineIn] | None = inp(
        "invoice-lines", "The lines (at least one; at most 100).", max_length=100)


class InvoiceUpdate(InvoiceCreate):
    """Fields to change (a draft invoice only); lines replace the lines."""

    exported: bool | None = inp("exported", "Mark it exported (sent alone).")


class DisputeIn(In):
    dispute_reason: DisputeReasonRefIn | None = inp(
        "dispute-reason", "The reason: an active Dispute Reason lookup value (GET "
        "/api/lookup_values?lookup[name]=Dispute Reason) by id, name or code. Without a "
        "reason the dispute's reason is OTHER.")
    dispute_reasons: list[DisputeReasonRefIn] | None = inp(
        "dispute-reasons", "The reason in Coupa's list form, `[{\"code\": ...}]`: one "
        "reason (this instance keeps one per dispute), as `dispute-reason` takes it.",
        max_length=10)
    comment: str | None = inp("comment", "A comment for the supplier.", max_length=4000)


class ReasonIn(In):
    reason: str | None = inp("reason", "Why.", max_length=4000)
    comment: str | None = inp("comment", "Comment.", max_length=4000)
