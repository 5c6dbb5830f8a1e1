"""Coupa-shaped routes for the documents under `/api`: invoices, purchase orders,
receiving transactions, requisitions and approvals. Thin: each calls one service function."""

# No `from __future__ import annotations`: the route factories below annotate closures with
# their arguments (body model, id type), which FastAPI must see evaluated.

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.kernel.responses import json_response
from arcadia.apps.procurement import approval_service as approvals
from arcadia.apps.procurement import invoice_service as invoices
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import params as P
from arcadia.apps.procurement import requisition_service as reqs
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.params import (
    BUYERS,
    MONEY,
    QUERY,
    ApprovalId,
    Exported,
    Fields,
    InvoiceId,
    Limit,
    Offset,
    PoId,
    Reason,
    ReceiptId,
    ReqId,
    ReturnObject,
)

router = APIRouter(prefix="/api")


# -- invoices -------------------------------------------------------------------------------

INV = "Invoices (Coupa's /api/invoices)."


@router.get("/invoices", response_model=list[s.InvoicePublic], **op(
    "procurement_list_invoices", "Query invoices", f"{INV} {QUERY}", write=False,
    roles=MONEY))
async def list_invoices(ctx: CtxDep, request: Request, limit: Limit = None,
                        offset: Offset = None, return_object: ReturnObject = None,
                        fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "invoices", limit, offset, return_object, fields)
    return json_response(invoices.query(ctx, listing))


@router.get("/invoices/{id}", response_model=s.InvoicePublic, **op(
    "procurement_get_invoice", "Show an invoice", f"{INV} One invoice with its lines and "
    "approvals.", write=False, roles=MONEY, errors=(404,)))
async def get_invoice(ctx: CtxDep, id: InvoiceId, return_object: ReturnObject = None,
                      fields: Fields = None) -> Response:
    return P.one(invoices.render(ctx, id), return_object, fields, write=False)


@router.post("/invoices", response_model=s.InvoicePublic, **op(
    "procurement_create_invoice", "Create an invoice", f"{INV} Creates a draft invoice with "
    "its lines; lines naming an order-line-id are matched to that PO line (the PO must be "
    "issued, and no line may bring its PO line's invoiced amount above its total: such an "
    "invoice is refused with 400). Submit it with PUT /api/invoices/{id}/submit.",
    write=True, roles=MONEY, status_code=201, errors=(404,)))
async def create_invoice(ctx: CtxDep, body: Annotated[s.InvoiceCreate, Body()],
                         return_object: ReturnObject = None, fields: Fields = None
                         ) -> Response:
    inv_id = invoices.create(ctx, body)
    return P.one(invoices.render(ctx, inv_id), return_object, fields, status=201)


@router.put("/invoices/{id}", response_model=s.InvoicePublic, **op(
    "procurement_update_invoice", "Update an invoice", f"{INV} Changes a draft invoice "
    "(lines sent replace its lines), or, sent alone (in the body or as ?exported=true, "
    "Coupa's mark-as-exported call), sets `exported`.", write=True,
    roles=MONEY, errors=(404,)))
async def update_invoice(ctx: CtxDep, id: InvoiceId,
                         body: Annotated[s.InvoiceUpdate | None, Body()] = None,
                         return_object: ReturnObject = None, fields: Fields = None,
                         exported: Exported = None) -> Response:
    invoices.update(ctx, id, P.mark_exported(body or s.InvoiceUpdate(), exported))
    return P.one(invoices.render(ctx, id), return_object, fields)


def _invoice_action(name: str, summary: str, description: str,
                    call: Callable[..., int], body_model: Any = None) -> None:
    if body_model is None:
        async def route(ctx: CtxDep, id: InvoiceId, return_object: ReturnObject = None,
                        fields: Fields = None) -> Response:
            call(ctx, id, None)
            return P.one(invoices.render(ctx, id), return_object, fields)
    else:
        async def route(ctx: CtxDep, id: InvoiceId,  # type: ignore[misc]
                        body: Annotated[body_model, Body()], return_object: ReturnObject = None,
                        fields: Fields = None) -> Response:
            call(ctx, id, body)
            return P.one(invoices.render(ctx, id), return_object, fields)
    route.__name__ = f"invoice_{name}"
    router.put(f"/invoices/{{id}}/{name}", response_model=s.InvoicePublic, **op(
        f"procurement_{name}_invoice",
        summary, f"{INV} {description}", write=True, roles=MONEY, errors=(404,)))(route)


_invoice_action("submit", "Submit an invoice", "Submits a draft for approval: the chain "
                "comes from the approval rule (amount, the PO's requester, the cost "
                "centre's owner); with no approver it is approved at once.",
                lambda ctx, id, _: invoices.submit(ctx, id))
_invoice_action("dispute", "Dispute an invoice", "Moves a submitted invoice to disputed, "
                "with a dispute-reason code (a Dispute Reason lookup value) and comment.",
                invoices.dispute, s.DisputeIn)
_invoice_action("withdraw_dispute", "Withdraw a dispute", "Returns a disputed invoice to "
                "approval (a new chain).", lambda ctx, id, _: invoices.withdraw_dispute(ctx, id))
_invoice_action("void", "Void an invoice", "Voids a draft, approved or pending-receipt "
                "invoice (not a paid one).", lambda ctx, id, _: invoices.void(ctx, id))
_invoice_action("abandon", "Abandon an invoice", "Abandons a draft or disputed invoice.",
                lambda ctx, id, b: invoices.abandon(ctx, id, b.reason or b.comment),
                s.ReasonIn)
_invoice_action("add_approver", "Add an approver", "Adds a manual approver after the "
                "current one.", lambda ctx, id, b: invoices.approvers(
                    ctx, id, "add", approver=b.approver_id or (b.approver.id if b.approver
                                                                else None),
                    position=b.position), s.ApproverIn)
_invoice_action("remove_approval", "Remove an added approver", "Removes a manually added "
                "approver who has not acted.", lambda ctx, id, b: invoices.approvers(
                    ctx, id, "remove", approval_id=b.approval_id), s.ApproverIn)
_invoice_action("bypass_approvals", "Bypass approvals", "Approves every open step on the "
                "approvers' behalf; the invoice is approved.",
                lambda ctx, id, _: invoices.approvers(ctx, id, "all"))
_invoice_action("bypass_current_approval", "Bypass the current approval", "Approves the "
                "current step on its approver's behalf.",
                lambda ctx, id, _: invoices.approvers(ctx, id, "current"))
_invoice_action("restart_approvals", "Restart approvals", "Withdraws the open steps and "
                "builds the chain again.", lambda ctx, id, _: invoices.approvers(
                    ctx, id, "restart"))
_invoice_action("revalidate_tolerances", "Revalidate tolerances", "Re-runs the PO checks "
                "on a draft or pending invoice and records failures in failed-tolerances.",
                lambda ctx, id, _: invoices.revalidate(ctx, id))


# -- purchase orders ------------------------------------------------------------------------

PO = "Purchase orders (Coupa's /api/purchase_orders)."


@router.get("/purchase_orders", response_model=list[s.PurchaseOrderPublic], **op(
    "procurement_list_purchase_orders", "Query purchase orders", f"{PO} {QUERY}",
    write=False, roles=MONEY))
async def list_purchase_orders(ctx: CtxDep, request: Request, limit: Limit = None,
                               offset: Offset = None, return_object: ReturnObject = None,
                               fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "purchase_orders", limit, offset, return_object, fields)
    return json_response(orders.query(ctx, listing))


@router.get("/purchase_orders/{id}", response_model=s.PurchaseOrderPublic, **op(
    "procurement_get_purchase_order", "Show a purchase order", f"{PO} One order with its "
    "lines (received and invoiced so far).", write=False, roles=MONEY, errors=(404,)))
async def get_purchase_order(ctx: CtxDep, id: PoId, return_object: ReturnObject = None,
                             fields: Fields = None) -> Response:
    return P.one(orders.render(ctx, id), return_object, fields, write=False)


@router.post("/purchase_orders", response_model=s.PurchaseOrderPublic, **op(
    "procurement_create_purchase_order", "Create a purchase order", f"{PO} Creates a draft "
    "order (issue it with PUT /api/purchase_orders/{id}/issue).", write=True, roles=BUYERS,
    status_code=201, errors=(404,)))
async def create_purchase_order(ctx: CtxDep, body: Annotated[s.PurchaseOrderCreate, Body()],
                                return_object: ReturnObject = None, fields: Fields = None
                                ) -> Response:
    po_id = orders.create(ctx, body)
    return P.one(orders.render(ctx, po_id), return_object, fields, status=201)


async def _update_po(ctx: CtxDep, id: PoId,
                     body: Annotated[s.PurchaseOrderUpdate | None, Body()] = None,
                     return_object: ReturnObject = None, fields: Fields = None,
                     exported: Exported = None) -> Response:
    orders.update(ctx, id, P.mark_exported(body or s.PurchaseOrderUpdate(), exported))
    return P.one(orders.render(ctx, id), return_object, fields)


for _method in ("put", "patch"):
    getattr(router, _method)("/purchase_orders/{id}", response_model=s.PurchaseOrderPublic,
                             **op(f"procurement_{'update' if _method == 'put' else 'patch'}"
                                  "_purchase_order", "Change a purchase order",
                                  f"{PO} Edits a draft; on an issued order, a change order: "
                                  "changed or added lines raise its version (and clear "
                                  "exported); a line never goes below what was received or "
                                  "invoiced. Closed and cancelled orders refuse changes. "
                                  "?exported=true alone marks it exported (Coupa's call).",
                                  write=True, roles=BUYERS, errors=(404,)))(_update_po)


def _po_action(name: str, summary: str, description: str) -> None:
    async def route(ctx: CtxDep, id: PoId, return_object: ReturnObject = None,
                    fields: Fields = None) -> Response:
        orders.transition(ctx, id, name)
        return P.one(orders.render(ctx, id), return_object, fields)
    route.__name__ = f"po_{name}"
    router.put(f"/purchase_orders/{{id}}/{name}", response_model=s.PurchaseOrderPublic, **op(
        f"procurement_{name}_purchase_order", summary, f"{PO} {description}", write=True,
        roles=BUYERS, errors=(404,)))(route)


_po_action("issue", "Issue a purchase order", "Sends a draft order to its supplier.")
_po_action("issue_without_send", "Issue without sending", "Issues a draft order without "
           "sending it (it was sent another way).")
_po_action("ignore_window_and_issue", "Issue now", "Issues a draft order at once, outside "
           "any transmission window.")
_po_action("release_from_buyer_hold", "Release from buyer hold", "Issues an order held "
           "for the buyer.")
_po_action("close", "Close a purchase order", "Closes an issued order: no more receipts "
           "or invoices against it.")
_po_action("reopen", "Reopen a purchase order", "Reopens a closed order.")
_po_action("cancel", "Cancel a purchase order", "Cancels an order with nothing received "
           "or invoiced.")


# -- receiving transactions -----------------------------------------------------------------

RT = "Receiving transactions (Coupa's /api/receiving_transactions): receipts against PO lines."


@router.get("/receiving_transactions", response_model=list[s.ReceivingTransactionPublic],
            **op("procurement_list_receiving_transactions", "Query receipts",
                 f"{RT} {QUERY}", write=False, roles=MONEY))
async def list_receipts(ctx: CtxDep, request: Request, limit: Limit = None,
                        offset: Offset = None, return_object: ReturnObject = None,
                        fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "receiving_transactions", limit, offset, return_object,
                       fields)
    return json_response(orders.query_receipts(ctx, listing))


@router.get("/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic,
            **op("procurement_get_receiving_transaction", "Show a receipt", RT,
                 write=False, roles=MONEY, errors=(404,)))
async def get_receipt(ctx: CtxDep, id: ReceiptId, return_object: ReturnObject = None,
                      fields: Fields = None) -> Response:
    return P.one(orders.render_receipt(ctx, id), return_object, fields, write=False)


@router.post("/receiving_transactions", response_model=s.ReceivingTransactionPublic, **op(
    "procurement_create_receiving_transaction", "Receive against a PO line", f"{RT} Records "
    "goods received on an issued order's line; never more than is still to receive. The "
    "order's requester, procurement or finance may receive.",
    write=True, status_code=201, errors=(403, 404)))
async def create_receipt(ctx: CtxDep, body: Annotated[s.ReceivingTransactionCreate, Body()],
                         return_object: ReturnObject = None, fields: Fields = None
                         ) -> Response:
    rid = orders.receive(ctx, body)
    return P.one(orders.render_receipt(ctx, rid), return_object, fields, status=201)


async def _update_receipt(ctx: CtxDep, id: ReceiptId,
                          body: Annotated[s.ReceivingTransactionUpdate, Body()],
                          return_object: ReturnObject = None, fields: Fields = None
                          ) -> Response:
    orders.update_receipt(ctx, id, body)
    return P.one(orders.render_receipt(ctx, id), return_object, fields)


for _method in ("put", "patch"):
    getattr(router, _method)(
        "/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic, **op(
            f"procurement_{'update' if _method == 'put' else 'patch'}_receiving_transaction",
            "Change a receipt", f"{RT} Corrects quantity, date or comments (within what was "
            "ordered), or sets exported.", write=True, roles=MONEY, errors=(404,))
    )(_update_receipt)


@router.put("/receiving_transactions/{id}/void", response_model=s.ReceivingTransactionPublic,
            **op("procurement_void_receiving_transaction", "Void a receipt", f"{RT} Voids "
                 "it: its quantity is no longer received.", write=True, roles=MONEY,
                 errors=(404,)))
async def void_receipt(ctx: CtxDep, id: ReceiptId) -> Response:
    return json_response(orders.void_receipt(ctx, id, delete=False))


@router.delete("/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic,
               **op("procurement_delete_receiving_transaction", "Delete a receipt",
                    f"{RT} Deletes it (its quantity is no longer received).", write=True,
                    roles=MONEY, errors=(404,)))
async def delete_receipt(ctx: CtxDep, id: ReceiptId) -> Response:
    return json_response(orders.void_receipt(ctx, id, delete=True))


# -- requisitions ---------------------------------------------------------------------------

RQ = ("Requisitions (Coupa's /api/requisitions). Any user raises them; procurement and "
      "finance see all, others their own and those routed to them.")


@router.get("/requisitions", response_model=list[s.RequisitionPublic], **op(
    "procurement_list_requisitions", "Query requisitions", f"{RQ} {QUERY}", write=False))
async def list_requisitions(ctx: CtxDep, request: Request, limit: Limit = None,
                            offset: Offset = None, return_object: ReturnObject = None,
                            fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "requisitions", limit, offset, return_object, fields)
    return json_response(reqs.query(ctx, listing, mine_only=False))


@router.get("/requisitions/mine", response_model=list[s.RequisitionPublic], **op(
    "procurement_list_my_requisitions", "My requisitions", f"{RQ} Those the caller raised "
    f"or that are routed to them. {QUERY}", write=False))
async def my_requisitions(ctx: CtxDep, request: Request, limit: Limit = None,
                          offset: Offset = None, return_object: ReturnObject = None,
                          fields: Fields = None) -> Response:
    listing = P.listing(request, "requisitions", limit, offset, return_object, fields)
    return json_response(reqs.query(ctx, listing, mine_only=True))


@router.get("/requisitions/{id}", response_model=s.RequisitionPublic, **op(
    "procurement_get_requisition", "Show a requisition", f"{RQ} One requisition with its "
    "lines and approval chain.", write=False, errors=(403, 404)))
async def get_requisition(ctx: CtxDep, id: ReqId, return_object: ReturnObject = None,
                          fields: Fields = None) -> Response:
    return P.one(reqs.render(ctx, id), return_object, fields, write=False)


@router.post("/requisitions", response_model=s.RequisitionPublic, **op(
    "procurement_create_requisition", "Create a requisition", f"{RQ} Creates a draft "
    "(requested by the caller; procurement may name another requester in requested-by).",
    write=True, status_code=201, errors=(403, 404)))
async def create_requisition(ctx: CtxDep, body: Annotated[s.RequisitionCreate, Body()],
                             return_object: ReturnObject = None, fields: Fields = None
                             ) -> Response:
    rid = reqs.create(ctx, body, submit=False)
    return P.one(reqs.render(ctx, rid), return_object, fields, status=201)


# Coupa's "Special Actions" page spells it /api/requisitions/new/submit_for_approval.
@router.post("/requisitions/new/submit_for_approval", include_in_schema=False,
             response_model=s.RequisitionPublic, **op(
                 "procurement_submit_new_requisition_alias", "Create and submit",
                 "The same as POST /api/requisitions/submit_for_approval.", write=True,
                 status_code=201, errors=(403, 404)))
@router.post("/requisitions/submit_for_approval", response_model=s.RequisitionPublic, **op(
    "procurement_submit_new_requisition", "Create and submit a requisition", f"{RQ} "
    "Creates it and submits it for approval at once: the chain comes from the approval "
    "rule (the requester's managers up to one whose limit covers the total; from $25,000 "
    "the cost centre's owner; from $100,000 the head of Finance). With no approver it is "
    "ordered at once.", write=True, status_code=201, errors=(403, 404)))
async def submit_new_requisition(ctx: CtxDep, body: Annotated[s.RequisitionCreate, Body()],
                                 return_object: ReturnObject = None, fields: Fields = None
                                 ) -> Response:
    rid = reqs.create(ctx, body, submit=True)
    return P.one(reqs.render(ctx, rid), return_object, fields, status=201)


@router.put("/requisitions/{id}", response_model=s.RequisitionPublic, **op(
    "procurement_update_requisition", "Update a requisition", f"{RQ} Changes a draft (lines "
    "sent replace its lines).", write=True, errors=(403, 404)))
async def update_requisition(ctx: CtxDep, id: ReqId,
                             body: Annotated[s.RequisitionUpdate, Body()],
                             return_object: ReturnObject = None, fields: Fields = None
                             ) -> Response:
    reqs.update(ctx, id, body, submit=False)
    return P.one(reqs.render(ctx, id), return_object, fields)


@router.put("/requisitions/{id}/update_and_submit_for_approval",
            response_model=s.RequisitionPublic, **op(
                "procurement_submit_requisition", "Update and submit a requisition",
                f"{RQ} Applies the changes to a draft and submits it for approval.",
                write=True, errors=(403, 404)))
async def submit_requisition(ctx: CtxDep, id: ReqId,
                             body: Annotated[s.RequisitionUpdate, Body()],
                             return_object: ReturnObject = None, fields: Fields = None
                             ) -> Response:
    reqs.update(ctx, id, body, submit=True)
    return P.one(reqs.render(ctx, id), return_object, fields)


@router.put("/requisitions/{id}/save_for_later", response_model=s.RequisitionPublic, **op(
    "procurement_save_requisition", "Save for later", f"{RQ} Returns a pending requisition "
    "to draft, withdrawing its open approvals.", write=True, errors=(403, 404)))
async def save_requisition(ctx: CtxDep, id: ReqId) -> Response:
    reqs.save_for_later(ctx, id)
    return json_response(reqs.render(ctx, id))


@router.put("/requisitions/{id}/add_approver", response_model=s.RequisitionPublic, **op(
    "procurement_add_requisition_approver", "Add an approver", f"{RQ} Adds a manual approver "
    "after the current one (not the requester).", write=True, errors=(403, 404)))
async def add_requisition_approver(ctx: CtxDep, id: ReqId,
                                   body: Annotated[s.ApproverIn, Body()]) -> Response:
    reqs.approvers(ctx, id, add=body.approver_id or (body.approver.id if body.approver
                                                     else None),
                   remove=False, approval_id=None, position=body.position)
    return json_response(reqs.render(ctx, id))


@router.put("/requisitions/{id}/remove_approval", response_model=s.RequisitionPublic, **op(
    "procurement_remove_requisition_approval", "Remove an added approver", f"{RQ} Removes a "
    "manually added approver who has not acted.", write=True, errors=(403, 404)))
async def remove_requisition_approval(ctx: CtxDep, id: ReqId,
                                      body: Annotated[s.ApproverIn, Body()]) -> Response:
    reqs.approvers(ctx, id, add=None, remove=True, approval_id=body.approval_id,
                   position=None)
    return json_response(reqs.render(ctx, id))


@router.delete("/requisitions/{id}", response_model=s.RequisitionPublic, **op(
    "procurement_delete_requisition", "Delete a requisition", f"{RQ} Deletes a draft.",
    write=True, errors=(403, 404)))
async def delete_requisition(ctx: CtxDep, id: ReqId) -> Response:
    return json_response(reqs.delete(ctx, id))


# -- approvals ------------------------------------------------------------------------------

AP = ("Approvals (Coupa's /api/approvals): one step of a requisition's or invoice's chain. "
      "Procurement and finance see all; others the approvals routed to them.")


@router.get("/approvals", response_model=list[s.ApprovalPublic], **op(
    "procurement_list_approvals", "Query approvals", f"{AP} {QUERY}", write=False))
async def list_approvals(ctx: CtxDep, request: Request, limit: Limit = None,
                         offset: Offset = None, return_object: ReturnObject = None,
                         fields: Fields = None) -> Response:
    listing = P.listing(request, "approvals", limit, offset, return_object, fields)
    return json_response(approvals.query(ctx, listing))


@router.get("/approvals/{id}", response_model=s.ApprovalPublic, **op(
    "procurement_get_approval", "Show an approval", AP, write=False, errors=(404,)))
async def get_approval(ctx: CtxDep, id: ApprovalId, return_object: ReturnObject = None,
                       fields: Fields = None) -> Response:
    return P.one(approvals.render(ctx, id), return_object, fields, write=False)


@router.put("/approvals/{id}", response_model=s.ApprovalPublic, **op(
    "procurement_update_approval", "Update an approval", f"{AP} Sets its note (its "
    "approver only).", write=True, errors=(403, 404)))
async def update_approval(ctx: CtxDep, id: ApprovalId,
                          body: Annotated[s.ApprovalUpdate, Body()]) -> Response:
    approvals.update_note(ctx, id, body.note)
    return json_response(approvals.render(ctx, id))


def _approval_action(name: str, summary: str, description: str) -> None:
    async def route(ctx: CtxDep, id: ApprovalId, reason: Reason = None) -> Response:
        approvals.act(ctx, id, name, reason)
        return json_response(approvals.render(ctx, id))
    route.__name__ = f"approval_{name}"
    router.put(f"/approvals/{{id}}/{name}", response_model=s.ApprovalPublic, **op(
        f"procurement_{name}_approval", summary, f"{AP} {description}", write=True,
        errors=(403, 404)))(route)


_approval_action("approve", "Approve", "Approves the step routed to the caller (only its "
                 "approver, only while pending). The next step is routed; after the last, "
                 "a requisition is ordered (its purchase orders are issued) and an invoice "
                 "approved. Approving twice, or after a rejection, is refused (400).")
_approval_action("reject", "Reject", "Rejects the step routed to the caller, with "
                 "?reason=...; the rest of the chain is skipped and the document goes back "
                 "(a requisition to draft, an invoice to disputed).")
_approval_action("hold", "Hold", "Puts the step routed to the caller on hold (it may "
                 "still be approved or rejected later).")
