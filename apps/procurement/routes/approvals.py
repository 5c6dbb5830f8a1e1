"""Coupa's approvals (`/api/approvals`): one step of a requisition's or invoice's chain.
Thin: one service call each."""

# No `from __future__ import annotations`: the route factories below annotate closures with
# their arguments (body model, id type), which FastAPI must see evaluated.

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import approval_service as approvals
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    QUERY,
    ApprovalId,
    Fields,
    Limit,
    Offset,
    Reason,
    ReturnObject,
)

router = APIRouter(prefix="/api")


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
