"""Coupa's wire models: hyphenated field names (`invoice-number`), nested association
objects, decimals as strings.

A resource's public model carries every field Coupa documents for it (`documented.py`):
the fields this instance keeps are typed and described here; the others are documented as
always null, which is how Coupa answers a field with no value. Inputs accept Coupa's
hyphenated names and their underscore spellings (Coupa's JSON takes both), and ignore
fields they do not know, as Coupa does.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from arcadia.apps.kernel import Amount, Id, entity
from arcadia.apps.procurement.documented import DOCUMENTED

_KINDS: dict[str, Any] = {
    "string": str, "integer": int, "boolean": bool, "decimal": str, "datetime": str,
    "object": Any,
}
Ref = dict[str, Any]


def _alias(wire: str) -> AliasChoices:
    return AliasChoices(wire, wire.replace("-", "_"))


def inp(wire: str, description: str, default: Any = None, **kw: Any) -> Any:
    """An input field named `wire` (also accepted with underscores)."""
    return Field(default, validation_alias=_alias(wire), serialization_alias=wire,
                 description=description, **kw)


def _ent(marks: tuple[str, ...]) -> dict[str, Any] | None:
    return entity(marks[0]) if marks else None


def public_model(name: str, resource: str, fields: dict[str, tuple[Any, ...]],
                 doc: str, ident: str | None = None) -> type[BaseModel]:
    """`name`: every documented field of `resource`, typed and described by `fields` where
    this instance keeps it, else always null.

    A field's tuple is (type, description) or (type, description, entity name), the last
    marking the field `x-entity`; `ident` is the entity name of the record's own `id`."""
    spec: dict[str, Any] = {}
    for wire, kind in DOCUMENTED[resource].items():
        if wire in fields:
            continue
        spec[wire.replace("-", "_")] = (_KINDS[kind] | None, Field(
            None, alias=wire, description=f"Coupa's `{wire}` ({kind}); this instance does "
            "not track it, so it is always null."))
    for wire, (annotation, description, *marks) in fields.items():
        if wire == "id" and ident is not None:
            marks = [ident]
        spec[wire.replace("-", "_")] = (annotation | None, Field(
            None, alias=wire, description=description, json_schema_extra=_ent(tuple(marks))))
    model = create_model(name, __config__=ConfigDict(populate_by_name=True), __doc__=doc,
                         **spec)
    return model


def ref_model(name: str, fields: dict[str, tuple[Any, ...]], doc: str) -> type[BaseModel]:
    """An association as responses nest it (`supplier: {id, name, number}`), documented
    for its identities; the keys it carries besides these are allowed."""
    spec: dict[str, Any] = {
        wire.replace("-", "_"): (annotation | None, Field(
            None, alias=wire, description=description, json_schema_extra=_ent(tuple(marks))))
        for wire, (annotation, description, *marks) in fields.items()}
    return create_model(name, __config__=ConfigDict(populate_by_name=True, extra="allow"),
                        __doc__=doc, **spec)


def many(model: type[BaseModel]) -> Any:
    """`list[model]` for a model built at import time (mypy cannot see it as a type)."""
    return list[model]  # type: ignore[valid-type]


def _as_type(model: type[BaseModel]) -> Any:
    return model


def blank(resource: str) -> dict[str, None]:
    """Every documented field of `resource`, null: the base a rendered record fills."""
    return dict.fromkeys(DOCUMENTED[resource])


# Associations, documented by the identities they carry (the tool graph reads `x-entity`
# from them); what else a response nests in them is allowed.
UserRef = ref_model("UserRef", {
    "id": (int, "The user's Coupa id.", "ProcurementUserId"),
    "login": (str, "Login name (the person's work email).", "Email"),
    "email": (str, "Work email.", "Email"),
    "firstname": (str, "First name."), "lastname": (str, "Last name."),
    "fullname": (str, "First and last name.", "PersonName"),
    "employee-number": (str, "The HR system's employee number.", "EmployeeNumber"),
}, "A user, as other records refer to them.")
SupplierRef = ref_model("SupplierRef", {
    "id": (int, "The supplier's Coupa id.", "ProcurementSupplierId"),
    "name": (str, "The supplier's name (unique).", "SupplierName"),
    "number": (str, "The supplier number.", "ProcurementSupplierNumber"),
}, "A supplier, as other records refer to it.")
AccountRef = ref_model("AccountRef", {
    "id": (int, "The account's Coupa id.", "ProcurementAccountId"),
    "name": (str, "The account's name (cost centre - GL account)."),
    "code": (str, "The account code (segments joined with '-').", "ProcurementAccountCode"),
    "active": (bool, "Whether the account may be charged."),
    "segment-1": (str, "Segment 1: the cost centre (CC-...).", "CostCentreCode"),
    "segment-2": (str, "Segment 2: the GL account."),
    "segment-3": (str, "Segment 3: the department."),
}, "An account, as other records refer to it.")
ContractRef = ref_model("ContractRef", {
    "id": (int, "The contract's Coupa id.", "ProcurementContractId"),
    "name": (str, "The contract's name."),
    "number": (str, "The contract number.", "ProcurementContractNumber"),
}, "A contract, as other records refer to it.")
PaymentTermRef = ref_model("PaymentTermRef", {
    "id": (int, "The payment term's Coupa id.", "ProcurementPaymentTermId"),
    "code": (str, "The term's code (Net 30, 2/10 Net 30).", "ProcurementPaymentTermCode"),
}, "A payment term, as other records refer to it.")
AddressRef = ref_model("AddressRef", {
    "id": (int, "The remit-to address's Coupa id.", "ProcurementSupplierAddressId"),
    "remit-to-code": (str, "The supplier's code for this remit-to address."),
    "street1": (str, "Street, first line."), "city": (str, "City."),
}, "A supplier's remit-to address, as other records refer to it.")
DepartmentRef = ref_model("DepartmentRef", {
    "name": (str, "The department's name.", "DepartmentName"),
}, "A department (id is null: departments are names here).")
RequisitionRef = ref_model("RequisitionRef", {
    "id": (int, "The requisition's Coupa id.", "ProcurementRequisitionId"),
}, "A requisition, as other records refer to it.")
OrderLineRef = ref_model("OrderLineRef", {
    "id": (int, "The purchase order line's Coupa id.", "ProcurementOrderLineId"),
    "line-num": (int, "Line number (1-based)."),
    "order-header-id": (int, "The purchase order's id.", "ProcurementPurchaseOrderId"),
    "po-number": (str, "The purchase order's number.", "ProcurementPoNumber"),
}, "A purchase order line, as other records refer to it.")
LookupValueRef = ref_model("LookupValueRef", {
    "id": (int, "The lookup value's Coupa id.", "ProcurementLookupValueId"),
    "name": (str, "The value."),
}, "A lookup value, as other records refer to it.")

STAMPS: dict[str, tuple[Any, ...]] = {
    "id": (int, "Coupa's unique identifier."),
    "created-at": (str, "When the record was created (ISO 8601 with offset)."),
    "updated-at": (str, "When the record was last changed (ISO 8601 with offset)."),
    "created-by": (UserRef, "The user who created it: id, login, email."),
    "updated-by": (UserRef, "The user who last changed it: id, login, email."),
}
USER_REF = "A user: id, login, email, firstname, lastname, fullname."
ACCOUNT_REF = "An account: id, name, code, active, segment-1 (cost centre), segment-2 (GL)."
CURRENCY = (Ref, "The currency: id, code (USD).")


def _lines(name: str, resource: str, fields: dict[str, tuple[Any, ...]],
           doc: str, ident: str) -> type[BaseModel]:
    return public_model(name, resource, {**STAMPS, **fields}, doc, ident)


UserPublic = public_model("UserPublic", "users", {
    **STAMPS,
    "login": (str, "Login name (the person's work email).", "Email"),
    "email": (str, "Work email.", "Email"),
    "firstname": (str, "First name."), "lastname": (str, "Last name."),
    "fullname": (str, "First and last name.", "PersonName"),
    "employee-number": (str, "The HR system's employee number.", "EmployeeNumber"),
    "active": (bool, "Whether the user can sign in and act."),
    "department": (DepartmentRef, "The user's department: id, name."),
    "manager": (UserRef, USER_REF + " The user's manager."),
    "default-account": (AccountRef, ACCOUNT_REF + " The account the user's requisitions charge "
                        "by default (their cost centre)."),
    "requisition-approval-limit": (Ref, "The most this user may approve on a requisition: "
                                   "id, name, amount (USD), currency. Null means no limit "
                                   "(the top of the org chart); an amount of 0 means the "
                                   "user approves nothing alone."),
    "invoice-approval-limit": (Ref, "The most this user may approve on an invoice: id, "
                               "name, amount, currency; null means no limit."),
    "approval-limit": (Ref, "The user's general approval limit (the requisition limit)."),
    "roles": (list[Ref], "The user's Coupa roles: name (User; Buyer for procurement; AP "
              "for finance)."),
    "purchasing-user": (bool, "Whether the user may raise requisitions (every user)."),
    "invoicing-user": (bool, "Whether the user works invoices (the AP role)."),
}, "A Coupa user and their approval limits.", "ProcurementUserId")

PaymentTermPublic = public_model("PaymentTermPublic", "payment_terms", {
    **STAMPS,
    "code": (str, "The term's code (Net 30, 2/10 Net 30).", "ProcurementPaymentTermCode"),
    "description": (str, "What the term means."),
    "type": (str, "PaymentTerm."),
    "days-for-net-payment": (int, "Days after the invoice date the net amount is due."),
    "days-for-discount-payment": (int, "Days within which the discount applies."),
    "discount-rate": (str, "Early-payment discount, percent (decimal string)."),
    "active": (bool, "Whether the term may be used."),
}, "A payment term.", "ProcurementPaymentTermId")

SupplierAddressPublic = public_model("SupplierAddressPublic", "supplier_addresses", {
    **STAMPS,
    "name": (str, "The address's name."),
    "remit-to-code": (str, "The supplier's code for this remit-to address."),
    "street1": (str, "Street, first line."), "street2": (str, "Street, second line."),
    "city": (str, "City."), "state": (str, "State."), "postal-code": (str, "ZIP code."),
    "country": (Ref, "Country: code, name."),
    "active": (bool, "Whether invoices may be remitted here."),
}, "A supplier's remit-to address.", "ProcurementSupplierAddressId")

SupplierPublic = public_model("SupplierPublic", "suppliers", {
    **STAMPS,
    "name": (str, "The supplier's name (unique).", "SupplierName"),
    "display-name": (str, "Name shown to users."),
    "number": (str, "The supplier number.", "ProcurementSupplierNumber"),
    "status": (str, "active or inactive."),
    "po-email": (str, "Where purchase orders are emailed."),
    "po-method": (str, "How purchase orders are sent (email)."),
    "payment-term": (PaymentTermRef, "The default payment term: id, code."),
    "commodity": (Ref, "The supplier's category: name."),
    "tax-id": (str, "The supplier's tax id."),
    "account-number": (str, "Our account number with the supplier."),
    "invoice-matching-level": (str, "2-way (PO) or 3-way (PO and receipt)."),
    "primary-address": (AddressRef, "The first remit-to address: id, street1, city, state, "
                        "postal-code."),
    "remit-to-addresses": (many(AddressRef), "The supplier's remit-to addresses (see GET "
                           "/api/suppliers/{id}/addresses)."),
}, "A supplier.", "ProcurementSupplierId")

ContractPublic = public_model("ContractPublic", "contracts", {
    **STAMPS,
    "name": (str, "The contract's name."),
    "number": (str, "The contract number.", "ProcurementContractNumber"),
    "status": (str, "draft, published, expired or completed."),
    "supplier": (SupplierRef, "The supplier: id, name, number."),
    "start-date": (str, "When the contract starts (ISO 8601)."),
    "end-date": (str, "When the contract ends (ISO 8601); spend after it is outside the "
                 "contract."),
    "max-value": (str, "The most that may be spent under it (decimal string)."),
    "currency": CURRENCY,
    "payment-term": (PaymentTermRef, "The contract's payment term: id, code."),
    "contract-owner": (UserRef, USER_REF + " Who owns the contract."),
}, "A supplier contract.", "ProcurementContractId")

AccountPublic = public_model("AccountPublic", "accounts", {
    **STAMPS,
    "name": (str, "The account's name (cost centre - GL account)."),
    "code": (str, "The account code (segments joined with '-').", "ProcurementAccountCode"),
    "active": (bool, "Whether the account may be charged."),
    "account-type": (Ref, "The chart of accounts: id, name."),
    "account-type-id": (int, "The chart of accounts' id."),
    "segment-1": (str, "Segment 1: the cost centre (CC-...).", "CostCentreCode"),
    "segment-2": (str, "Segment 2: the GL account."),
    "segment-3": (str, "Segment 3: the department."),
}, "An account (a chart-of-accounts combination).", "ProcurementAccountId")

BudgetLinePublic = public_model("BudgetLinePublic", "budget_lines", {
    **STAMPS,
    "period": (Ref, "The budget period: id, name, start-date, end-date."),
    "amount": (str, "The budget (decimal string)."),
    "remaining": (str, "The budget less the spend committed against it: purchase order "
                  "lines charged to its cost centre, ordered in its period."),
    "remaining-budget": (str, "The same as remaining."),
    "pending-requisitions-amount": (str, "Requisitions on its cost centre awaiting "
                                    "approval in its period."),
    "currency": CURRENCY,
    "segment-1": (str, "The cost centre the line budgets.", "CostCentreCode"),
    "segment-2": (str, "The GL account, when the line is that narrow."),
    "description": (str, "What the line budgets."),
    "notes": (str, "Notes."),
    "owner": (UserRef, USER_REF + " The cost centre's owner."),
    "owner-is-approver": (bool, "Whether the owner approves spend on it (always true)."),
}, "A budget line.", "ProcurementBudgetLineId")

LookupValuePublic = public_model("LookupValuePublic", "lookup_values", {
    **STAMPS,
    "name": (str, "The value."),
    "description": (str, "What it means."),
    "lookup": (Ref, "The lookup it belongs to: id, name (Dispute Reasons, Commodities, "
               "Units of Measure, ...)."),
    "lookup-id": (int, "The lookup's id."),
    "active": (bool, "Whether it may be used."),
    "external-ref-code": (str, "Code used by other systems."),
    "external-ref-num": (str, "Number used by other systems."),
    "parent": (LookupValueRef, "The parent value: id, name."),
    "parent-id": (int, "The parent value's id.", "ProcurementLookupValueId"),
    "is-default": (bool, "Whether it is its lookup's default."),
    "depth": (int, "Depth in its lookup's tree (1 at the top)."),
}, "A lookup value.", "ProcurementLookupValueId")

RequisitionLinePublic = _lines("RequisitionLinePublic", "requisition-lines", {
    "line-num": (int, "Line number (1-based)."),
    "description": (str, "What is requested."),
    "quantity": (str, "Quantity (decimal string)."),
    "unit-price": (str, "Price per unit (decimal string)."),
    "total": (str, "quantity x unit-price."),
    "uom": (Ref, "Unit of measure: code."),
    "line-type": (str, "RequisitionQuantityLine."),
    "supplier": (SupplierRef, "The supplier: id, name."),
    "account": (AccountRef, ACCOUNT_REF),
    "contract": (ContractRef, "The backing contract: id, name, number."),
    "commodity": (Ref, "The category: name."),
    "currency": CURRENCY,
    "need-by-date": (str, "When it is needed."),
    "order-line-id": (int, "The purchase order line made from it, once ordered.",
                      "ProcurementOrderLineId"),
}, "A requisition line.", "ProcurementRequisitionLineId")

ApprovalPublic = public_model("ApprovalPublic", "approvals", {
    **STAMPS,
    "approvable-type": (str, "RequisitionHeader, InvoiceHeader or OrderHeader."),
    "approvable-id": (int, "The requisition's, invoice's or order's id."),
    "approval-chain-id": (int, "The chain (the document's id)."),
    "approval-date": (str, "When it was approved or rejected."),
    "approved-by": (UserRef, USER_REF + " Who acted."),
    "approver": (UserRef, USER_REF + " Whom it is routed to."),
    "approver-id": (int, "The approver's user id.", "ProcurementUserId"),
    "approver-type": (str, "User."),
    "holdable": (bool, "Whether it may be put on hold."),
    "note": (str, "The reason given on approving or rejecting."),
    "position": (int, "Its place in the chain (1 first)."),
    "status": (str, "pending_approval (routed to the approver now), created (waiting for "
               "earlier approvals), approved, rejected, skipped (after a rejection), "
               "withdrawn or on_hold."),
    "type": (str, "ApprovalChainApproval, or ManualApproval for an added approver."),
}, "One step of a document's approval chain.", "ProcurementApprovalId")

REQUISITION_FIELDS: dict[str, tuple[Any, ...]] = {
    **STAMPS,
    "status": (str, "draft, pending_approval, approved, ordered, withdrawn or cancelled."),
    "req-title": (str, "The requisition's title."),
    "requested-by": (UserRef, USER_REF + " For whom."),
    "requester": (UserRef, USER_REF + " The same as requested-by."),
    "justification": (str, "Why it is needed."),
    "need-by-date": (str, "When it is needed."),
    "currency": CURRENCY,
    "department": (DepartmentRef, "The requester's department: name."),
    "ship-to-attention": (str, "Whom deliveries are for."),
    "submitted-at": (str, "When it was submitted for approval."),
    "total": (str, "The sum of its lines."),
    "line-count": (int, "How many lines it has."),
    "reject-reason-comment": (str, "Why it was rejected."),
    "exported": (bool, "Whether it was exported."),
    "requisition-lines": (many(RequisitionLinePublic), "Its lines."),
    "approvals": (many(ApprovalPublic), "Its approval chain, in order."),
    "current-approval": (_as_type(ApprovalPublic), "The approval routed now (pending_approval)."),
    "approver": (UserRef, USER_REF + " Whom it waits on now."),
}
RequisitionPublic = public_model("RequisitionPublic", "requisitions", REQUISITION_FIELDS,
                                 "A requisition.", "ProcurementRequisitionId")

OrderLinePublic = _lines("OrderLinePublic", "order-lines", {
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

InvoiceLinePublic = _lines("InvoiceLinePublic", "invoice-lines", {
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
    "current-approval": (_as_type(ApprovalPublic), "The approval routed now."),
}, "A supplier invoice.", "ProcurementInvoiceId")


# -- inputs ----------------------------------------------------------------------------------


class In(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="ignore")


class RefIn(In):
    """An association, named by id or by its natural key."""

    id: Id | None = Field(None, description="Its id.")
    name: str | None = Field(None, max_length=255, description="Its name (suppliers, "
                             "accounts, lookups).")
    code: str | None = Field(None, max_length=255, description="Its code (accounts, "
                             "payment terms, currencies, units).")
    login: str | None = Field(None, max_length=255, description="Its login (users).")
    number: str | None = Field(None, max_length=255, description="Its number (suppliers, "
                               "contracts).")


def _named_by(doc: str, **marks: str) -> WithJsonSchema:
    """`RefIn`'s schema for one association, its identities marked `x-entity` (validation,
    and so every error message, stays `RefIn`'s)."""
    schema = RefIn.model_json_schema()
    schema["description"] = doc
    for field, name in marks.items():
        schema["properties"][field].update(entity(name))
    return WithJsonSchema(schema)


SupplierRefIn = Annotated[RefIn, _named_by(
    "A supplier, named by id, name or number.", id="ProcurementSupplierId",
    name="SupplierName", number="ProcurementSupplierNumber")]
UserRefIn = Annotated[RefIn, _named_by(
    "A user, named by id or login (their work email).", id="ProcurementUserId",
    login="Email")]
AccountRefIn = Annotated[RefIn, _named_by(
    "An account, named by id or code.", id="ProcurementAccountId",
    code="ProcurementAccountCode")]
ContractRefIn = Annotated[RefIn, _named_by(
    "A contract, named by id or number.", id="ProcurementContractId",
    number="ProcurementContractNumber")]
PaymentTermRefIn = Annotated[RefIn, _named_by(
    "A payment term, named by id or code.", id="ProcurementPaymentTermId",
    code="ProcurementPaymentTermCode")]
AddressRefIn = Annotated[RefIn, _named_by(
    "A supplier's remit-to address, named by id.", id="ProcurementSupplierAddressId")]
OrderLineRefIn = Annotated[RefIn, _named_by(
    "A purchase order line, named by id.", id="ProcurementOrderLineId")]
LookupValueRefIn = Annotated[RefIn, _named_by(
    "A lookup value, named by id.", id="ProcurementLookupValueId")]


class RequisitionLineIn(In):
    description: str | None = inp("description", "What is requested.", max_length=1550)
    quantity: Amount | None = inp("quantity", "Quantity (positive).")
    unit_price: Amount | None = inp("unit-price", "Price per unit (not negative).")
    uom: RefIn | None = inp("uom", "Unit of measure: code (default EA).")
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id or name.")
    account: AccountRefIn | None = inp("account", "The account charged: id or code (default: "
                                "the requester's default account).")
    contract: ContractRefIn | None = inp("contract", "The backing contract: id or number.")
    commodity: RefIn | None = inp("commodity", "The category: name.")
    need_by_date: str | None = inp("need-by-date", "When it is needed (ISO 8601).",
                                   max_length=40)
    line_num: Id | None = inp("line-num", "Line number (default: its position).")


class RequisitionCreate(In):
    req_title: str | None = inp("req-title", "Title.", max_length=255)
    requested_by: UserRefIn | None = inp("requested-by", "For whom: id or login (default: the "
                                     "caller).")
    justification: str | None = inp("justification", "Why it is needed.", max_length=4000)
    need_by_date: str | None = inp("need-by-date", "When it is needed (ISO 8601).",
                                   max_length=40)
    ship_to_attention: str | None = inp("ship-to-attention", "Whom deliveries are for.",
                                        max_length=255)
    currency: RefIn | None = inp("currency", "Currency: code (USD, the only one).")
    requisition_lines: list[RequisitionLineIn] | None = inp(
        "requisition-lines", "The lines (at least one to submit; at most 100).",
        max_length=100)


class RequisitionUpdate(RequisitionCreate):
    """The fields to change (a draft requisition only); lines replace the lines."""


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
    dispute_reason: RefIn | None = inp("dispute-reason", "The reason: code (a Dispute "
                                       "Reasons lookup value's name).")
    comment: str | None = inp("comment", "A comment for the supplier.", max_length=4000)


class ReasonIn(In):
    reason: str | None = inp("reason", "Why.", max_length=4000)
    comment: str | None = inp("comment", "Comment.", max_length=4000)


class ApproverIn(In):
    approver: UserRefIn | None = inp("approver", "The user to add: id or login.")
    approver_id: Id | None = inp("approver-id", "The same, as an id.",
                                 json_schema_extra=entity("ProcurementUserId"))
    approval_id: Id | None = inp("approval-id", "The approval to remove "
                                 "(remove_approval).",
                                 json_schema_extra=entity("ProcurementApprovalId"))
    position: Id | None = inp("position", "Where in the chain (default: after the "
                              "current approver).")


class ApprovalUpdate(In):
    note: str | None = inp("note", "A note on the approval.", max_length=4000)


class SupplierCreate(In):
    name: str | None = inp("name", "The supplier's name (unique).", max_length=255,
                           json_schema_extra=entity("SupplierName"))
    display_name: str | None = inp("display-name", "Name shown to users.", max_length=255)
    number: str | None = inp("number", "Supplier number.", max_length=255,
                             json_schema_extra=entity("ProcurementSupplierNumber"))
    status: str | None = inp("status", "active or inactive.", max_length=20)
    po_email: str | None = inp("po-email", "Where POs are emailed.", max_length=255)
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Default payment term: id or code.")
    commodity: RefIn | None = inp("commodity", "Category: name.")
    tax_id: str | None = inp("tax-id", "Tax id.", max_length=60)
    account_number: str | None = inp("account-number", "Our account number with them.",
                                     max_length=255)
    invoice_matching_level: str | None = inp("invoice-matching-level", "2-way or 3-way.",
                                             max_length=20)


class SupplierAddressIn(In):
    name: str | None = inp("name", "The address's name.", max_length=255)
    remit_to_code: str | None = inp("remit-to-code", "Code.", max_length=255)
    street1: str | None = inp("street1", "Street, first line.", max_length=255)
    street2: str | None = inp("street2", "Street, second line.", max_length=255)
    city: str | None = inp("city", "City.", max_length=255)
    state: str | None = inp("state", "State.", max_length=255)
    postal_code: str | None = inp("postal-code", "ZIP code.", max_length=40)
    country: RefIn | None = inp("country", "Country: code (US).")
    active: bool | None = inp("active", "Whether invoices may be remitted here.")


class ContractIn(In):
    name: str | None = inp("name", "The contract's name.", max_length=255)
    number: str | None = inp("number", "The contract number.", max_length=255,
                             json_schema_extra=entity("ProcurementContractNumber"))
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id or name.")
    status: str | None = inp("status", "draft, published, expired or completed.",
                             max_length=20)
    start_date: str | None = inp("start-date", "Start (ISO 8601).", max_length=40)
    end_date: str | None = inp("end-date", "End (ISO 8601).", max_length=40)
    max_value: Amount | None = inp("max-value", "Most that may be spent.")
    payment_term: PaymentTermRefIn | None = inp("payment-term", "Payment term: id or code.")
    contract_owner: UserRefIn | None = inp("contract-owner", "Owner: id or login.")


class AccountIn(In):
    name: str | None = inp("name", "The account's name.", max_length=255)
    code: str | None = inp("code", "The code (default: the segments joined).",
                           max_length=255, json_schema_extra=entity("ProcurementAccountCode"))
    active: bool | None = inp("active", "Whether it may be charged.")
    segment_1: str | None = inp("segment-1", "Cost centre.", max_length=100,
                                json_schema_extra=entity("CostCentreCode"))
    segment_2: str | None = inp("segment-2", "GL account.", max_length=100)
    segment_3: str | None = inp("segment-3", "Department.", max_length=100)


class BudgetLineIn(In):
    amount: Amount | None = inp("amount", "The budget (not negative).")
    description: str | None = inp("description", "What it budgets.", max_length=255)
    notes: str | None = inp("notes", "Notes.", max_length=4000)
    segment_1: str | None = inp("segment-1", "Cost centre.", max_length=100,
                                json_schema_extra=entity("CostCentreCode"))
    segment_2: str | None = inp("segment-2", "GL account.", max_length=100)
    period: RefIn | None = inp("period", "The period: name (FY2026-Q1, ...).")
    owner: UserRefIn | None = inp("owner", "The owner: id or login.")


class BudgetAdjustIn(In):
    amount: Amount | None = inp("amount", "The adjustment (added to the budget; negative "
                                "lowers it, never below zero).")
    reason: str | None = inp("reason", "Why.", max_length=4000)


class UserIn(In):
    login: str | None = inp("login", "Login name.", max_length=255,
                            json_schema_extra=entity("Email"))
    email: str | None = inp("email", "Email.", max_length=255, json_schema_extra=entity("Email"))
    firstname: str | None = inp("firstname", "First name.", max_length=255)
    lastname: str | None = inp("lastname", "Last name.", max_length=255)
    employee_number: str | None = inp("employee-number", "Employee number.", max_length=60,
                                      json_schema_extra=entity("EmployeeNumber"))
    active: bool | None = inp("active", "Whether the user may act.")
    default_account: AccountRefIn | None = inp("default-account", "Default account: id or code.")
    requisition_approval_limit: RefIn | None = inp(
        "requisition-approval-limit", "Requisition approval limit: amount in `code` or "
        "`name` as a decimal string, or id of an existing limit.")
    invoice_approval_limit: RefIn | None = inp(
        "invoice-approval-limit", "Invoice approval limit, as the requisition one.")


class LookupValueIn(In):
    name: str | None = inp("name", "The value.", max_length=255)
    description: str | None = inp("description", "What it means.", max_length=4000)
    lookup: RefIn | None = inp("lookup", "The lookup: name.")
    active: bool | None = inp("active", "Whether it may be used.")
    external_ref_code: str | None = inp("external-ref-code", "Code.", max_length=255)
    external_ref_num: str | None = inp("external-ref-num", "Number.", max_length=255)
    parent: LookupValueRefIn | None = inp("parent", "The parent value: id.")
    is_default: bool | None = inp("is-default", "Whether it is the default.")


class PaymentTermIn(In):
    code: str | None = inp("code", "The code (unique).", max_length=255,
                           json_schema_extra=entity("ProcurementPaymentTermCode"))
    description: str | None = inp("description", "What it means.", max_length=4000)
    days_for_net_payment: Id | None = inp("days-for-net-payment", "Net days.", le=3650)
    days_for_discount_payment: Id | None = inp("days-for-discount-payment",
                                               "Discount days.", le=3650)
    discount_rate: Amount | None = inp("discount-rate", "Discount percent (0-100).")
    active: bool | None = inp("active", "Whether it may be used.")
