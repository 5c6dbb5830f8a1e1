"""Requisitions and their lines."""

from __future__ import annotations

from typing import Any

from arcadia.apps.kernel import Amount, Id
from arcadia.apps.procurement.schemas.approvals import ApprovalPublic
from arcadia.apps.procurement.schemas.base import In, Ref, as_type, inp, many, public_model
from arcadia.apps.procurement.schemas.refs import (
    ACCOUNT_REF,
    CURRENCY,
    STAMPS,
    USER_REF,
    AccountRef,
    AccountRefIn,
    ContractRef,
    ContractRefIn,
    DepartmentRef,
    RefIn,
    SupplierRef,
    SupplierRefIn,
    UserRef,
    UserRefIn,
    line_model,
)

RequisitionLinePublic = line_model("RequisitionLinePublic", "requisition-lines", {
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
    "current-approval": (as_type(ApprovalPublic), "The approval routed now (pending_approval)."),
    "approver": (UserRef, USER_REF + " Whom it waits on now."),
}
RequisitionPublic = public_model("RequisitionPublic", "requisitions", REQUISITION_FIELDS,
                                 "A requisition.", "ProcurementRequisitionId")


# -- inputs ----------------------------------------------------------------------------------


class RequisitionLineIn(In):
    description: str | None = inp("description", "What is requested.", max_length=1550)
    quantity: Amount | None = inp("quantity", "Quantity (positive).")
    unit_price: Amount | None = inp("unit-price", "Price per unit (not negative).")
    uom: RefIn | None = inp("uom", "Unit of measure: code (default EA).")
    supplier: SupplierRefIn | None = inp("supplier", "The supplier: id or name.")
    account: AccountRefIn | None = inp("account", "The account charged: id or code (default: "
                                "the requester's default account).")
    contract: ContractRefIn | None = inp("contract", "The backing contract: id or number.")
    commodity: RefIn | None = inp("commodity", "The category: an active Commodity lookup "
                                  "value by id, name or code.")
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
