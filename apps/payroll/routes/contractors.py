"""Contractors and their addresses."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.kernel import CtxDep, op, page_headers
from arcadia.apps.payroll import contractor_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    PAGED,
    READ,
    WRITE,
    CompanyId,
    ContractorId,
    PageNo,
    Per,
    no_content,
)

router = APIRouter(prefix="/v1")


@router.get("/companies/{company_uuid}/contractors", **op(
    "payroll_list_contractors", "Get contractors of a company",
    "Active and inactive contractors, individuals and businesses. " + PAGED,
    errors=(404,), write=False, roles=READ))
async def list_contractors(
    ctx: CtxDep, request: Request, response: Response, company_uuid: CompanyId,
    search_term: Annotated[str | None, Query(description="Text to find in names, business "
                                             "names or emails (case-insensitive).")] = None,
    onboarded: Annotated[bool | None, Query(description="Filter on completed onboarding.")
                         ] = None,
    terminated: Annotated[bool | None, Query(description="true: only inactive contractors; "
                                             "false: only active ones.")] = None,
    page: PageNo = 1, per: Per = 25,
) -> list[s.ContractorPublic]:
    items, result = contractor_service.list_contractors(
        ctx=ctx, company_uuid=company_uuid, search_term=search_term, onboarded=onboarded,
        terminated=terminated, page=page, per=per)
    response.headers.update(page_headers(request.url, result))
    return items


@router.post("/companies/{company_uuid}/contractors", **op(
    "payroll_create_contractor", "Create a contractor",
    "Creates an Individual (first and last name) or Business (business name) contractor, "
    "paid a Fixed amount or Hourly (`hourly_rate`).",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_contractor(ctx: CtxDep, company_uuid: CompanyId, body: s.ContractorCreate
                            ) -> s.ContractorPublic:
    return contractor_service.create_contractor(ctx=ctx, company_uuid=company_uuid, body=body)


@router.get("/contractors/{contractor_uuid}", **op(
    "payroll_get_contractor", "Get a contractor",
    "One contractor with its `version`.", errors=(404,), write=False, roles=READ))
async def get_contractor(ctx: CtxDep, contractor_uuid: ContractorId) -> s.ContractorPublic:
    return contractor_service.contractor_public(ctx=ctx, contractor_uuid=contractor_uuid)


@router.put("/contractors/{contractor_uuid}", **op(
    "payroll_update_contractor", "Update a contractor",
    "Changes a contractor's details, wage type or rate, or deactivates them. Send its "
    "current `version`; a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_contractor(ctx: CtxDep, contractor_uuid: ContractorId,
                            body: s.ContractorUpdate) -> s.ContractorPublic:
    return contractor_service.update_contractor(ctx=ctx, contractor_uuid=contractor_uuid,
                                                body=body)


@router.get("/contractors/{contractor_uuid}/address", **op(
    "payroll_get_contractor_address", "Get a contractor's address",
    "The contractor's home (or business) address with its `version`.",
    errors=(404,), write=False, roles=READ))
async def get_contractor_address(ctx: CtxDep, contractor_uuid: ContractorId
                                 ) -> s.ContractorAddressPublic:
    return contractor_service.contractor_address(ctx=ctx, contractor_uuid=contractor_uuid)


@router.put("/contractors/{contractor_uuid}/address", **op(
    "payroll_update_contractor_address", "Update a contractor's address",
    "Changes the contractor's address. Send its current `version`; a stale one gets 409.",
    errors=(404, 409), write=True, roles=WRITE))
async def update_contractor_address(ctx: CtxDep, contractor_uuid: ContractorId,
                                    body: s.ContractorAddressUpdate
                                    ) -> s.ContractorAddressPublic:
    return contractor_service.update_contractor_address(ctx=ctx, contractor_uuid=contractor_uuid,
                                                        body=body)


@router.delete("/contractors/{contractor_uuid}", response_class=Response, **op(
    "payroll_delete_contractor", "Delete a contractor",
    "Deletes a contractor (no contractor payments are recorded, so any may be deleted).",
    errors=(404,), write=True, roles=WRITE, status_code=204))
async def delete_contractor(ctx: CtxDep, contractor_uuid: ContractorId) -> Response:
    contractor_service.delete_contractor(ctx=ctx, contractor_uuid=contractor_uuid)
    return no_content()
