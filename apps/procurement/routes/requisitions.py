"""Coupa's requisitions (`/api/requisitions`): query (all, or the caller's), show, create,
submit, update, save for later, approvers, delete. Thin: one service call each."""

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import requisition_service as reqs
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    QUERY,
    Exported,
    Fields,
    Limit,
    Offset,
    ReqId,
    ReturnObject,
)

router = APIRouter(prefix="/api")


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
    reqs.approvers(ctx, id, add=body.approver if body.approver_id is None
                   else body.approver_id,
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
