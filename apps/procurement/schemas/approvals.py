"""Approvals: one step of a document's chain, and the bodies that add, remove or note
an approver."""

from __future__ import annotations

from arcadia.apps.kernel import Id, entity
from arcadia.apps.procurement.schemas.base import In, inp, public_model
from arcadia.apps.procurement.schemas.refs import STAMPS, USER_REF, UserRef, UserRefIn

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


# -- inputs ----------------------------------------------------------------------------------


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
