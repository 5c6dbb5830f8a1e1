"""Coupa's invoices (`/api/invoices`): query, show, create, update, and the invoice actions
(submit, dispute, void, abandon, the approval actions). Thin: one service call each."""

# No `from __future__ import annotations`: the route factories below annotate closures with
# their arguments (body model, id type), which FastAPI must see evaluated.

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import invoice_service as invoices
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    MONEY,
    QUERY,
    Exported,
    Fields,
    InvoiceId,
    Limit,
    Offset,
    ReturnObject,
)

router = APIRouter(prefix="/api")


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
                    ctx, id, "add", approver=b.approver if b.approver_id is None
                    else b.approver_id,
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
