"""The token, the company, its locations, custom fields and departments."""

from __future__ import annotations

from fastapi import APIRouter, Response

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.payroll import company_service, service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    READ,
    WRITE,
    CompanyId,
    DepartmentId,
    LocationId,
    no_content,
)

router = APIRouter(prefix="/v1")


@router.get("/token_info", **op(
    "payroll_get_token_info", "Get info about the current access token",
    "Returns the company the token acts on (`resource.uuid` is the company UUID every "
    "/v1/companies/{company_id}/... route needs) and the token's scopes.",
    write=False, roles=READ))
async def get_token_info(ctx: CtxDep) -> s.TokenInfo:
    return service.token_info(ctx=ctx)


@router.get("/companies/{company_id}", **op(
    "payroll_get_company", "Get a company",
    "The company's legal details, its locations, the earning types it can pay, its primary "
    "signatory and its primary payroll admin.", errors=(404,), write=False, roles=READ))
async def get_company(ctx: CtxDep, company_id: CompanyId) -> s.CompanyPublic:
    return company_service.company_public(session=ctx.session, company_uuid=company_id,
                                          today=ctx.now.date())


@router.put("/companies/{company_id}", **op(
    "payroll_update_company", "Update a company",
    "Switches the company to or from paying contractors only (`contractor_only`); it cannot "
    "become contractor-only while it employs anyone (422).", errors=(404, 422), write=True,
    roles=WRITE))
async def update_company(ctx: CtxDep, company_id: CompanyId, body: s.CompanyUpdate
                         ) -> s.CompanyPublic:
    return company_service.update_company(ctx=ctx, company_uuid=company_id, body=body)


@router.get("/companies/{company_id}/locations", **op(
    "payroll_list_locations", "Get company locations",
    "The company's work locations (addresses); a job's `location_uuid` is one of them.",
    errors=(404,), write=False, roles=READ))
async def list_locations(ctx: CtxDep, company_id: CompanyId) -> list[s.LocationPublic]:
    return service.list_locations(session=ctx.session, company_uuid=company_id)


@router.post("/companies/{company_id}/locations", **op(
    "payroll_create_location", "Create a company location",
    "Adds an address of the company: a work location, and/or (with `mailing_address` / "
    "`filing_address`) the one mailing or filing address, which then moves here.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_location(ctx: CtxDep, company_id: CompanyId, body: s.LocationCreate
                          ) -> s.LocationPublic:
    return company_service.create_location(ctx=ctx, company_uuid=company_id, body=body)


@router.get("/locations/{location_id}", **op(
    "payroll_get_location", "Get a location",
    "One company location with its `version`.", errors=(404,), write=False, roles=READ))
async def get_location(ctx: CtxDep, location_id: LocationId) -> s.LocationPublic:
    return company_service.location_public(session=ctx.session, location_uuid=location_id)


@router.put("/locations/{location_id}", **op(
    "payroll_update_location", "Update a location",
    "Changes a location's address, phone number or mailing/filing role. Send its current "
    "`version`; a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_location(ctx: CtxDep, location_id: LocationId, body: s.LocationUpdate
                          ) -> s.LocationPublic:
    return company_service.update_location(ctx=ctx, location_uuid=location_id, body=body)


@router.get("/companies/{company_id}/custom_fields", **op(
    "payroll_list_company_custom_fields", "Get the custom fields of a company",
    "The custom fields the company defines for its employees (none).",
    errors=(404,), write=False, roles=READ))
async def list_company_custom_fields(ctx: CtxDep, company_id: CompanyId
                                     ) -> s.CompanyCustomFieldList:
    return company_service.company_custom_fields(session=ctx.session, company_uuid=company_id)


@router.get("/companies/{company_id}/departments", **op(
    "payroll_list_departments", "Get all departments of a company",
    "Every department with its `version` and the UUIDs of its employees.",
    errors=(404,), write=False, roles=READ))
async def list_departments(ctx: CtxDep, company_id: CompanyId) -> list[s.DepartmentPublic]:
    return service.list_departments(session=ctx.session, company_uuid=company_id)


@router.get("/departments/{department_uuid}", **op(
    "payroll_get_department", "Get a department",
    "One department with its `version` and its employees.", errors=(404,), write=False, roles=READ))
async def get_department(ctx: CtxDep, department_uuid: DepartmentId) -> s.DepartmentPublic:
    return service.department_public(session=ctx.session, department_uuid=department_uuid)


@router.post("/companies/{company_id}/departments", **op(
    "payroll_create_department", "Create a department",
    "Creates an empty department; its title must be new to the company.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_department(ctx: CtxDep, company_id: CompanyId, body: s.DepartmentCreate
                            ) -> s.DepartmentPublic:
    return company_service.create_department(ctx=ctx, company_uuid=company_id, body=body)


@router.put("/departments/{department_uuid}", **op(
    "payroll_update_department", "Update a department",
    "Renames a department. Send its current `version`; a stale one gets 409.",
    errors=(404, 409), write=True, roles=WRITE))
async def update_department(ctx: CtxDep, department_uuid: DepartmentId,
                            body: s.DepartmentUpdate) -> s.DepartmentPublic:
    return company_service.update_department(ctx=ctx, department_uuid=department_uuid,
                                             body=body)


@router.delete("/departments/{department_uuid}", response_class=Response, **op(
    "payroll_delete_department", "Delete a department",
    "Deletes an empty department (422 while employees or contractors are in it).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_department(ctx: CtxDep, department_uuid: DepartmentId) -> Response:
    company_service.delete_department(ctx=ctx, department_uuid=department_uuid)
    return no_content()


@router.put("/departments/{department_uuid}/add", **op(
    "payroll_add_department_people", "Add people to a department",
    "Assigns employees and contractors to this department, moving them out of the "
    "department they were in. "
    "Send the department's current `version`; a stale one gets 409.", errors=(404, 409), write=True,
    roles=WRITE))
async def add_department_people(ctx: CtxDep, department_uuid: DepartmentId,
                                body: s.DepartmentPeople) -> s.DepartmentPublic:
    return service.change_department_members(ctx=ctx, department_uuid=department_uuid,
                                              body=body, add=True)


@router.put("/departments/{department_uuid}/remove", **op(
    "payroll_remove_department_people", "Remove people from a department",
    "Removes employees and contractors from this department (they are left without one). "
    "Every one sent must be a member. Send the department's current `version`.",
    errors=(404, 409), write=True,
    roles=WRITE))
async def remove_department_people(ctx: CtxDep, department_uuid: DepartmentId,
                                   body: s.DepartmentPeople) -> s.DepartmentPublic:
    return service.change_department_members(ctx=ctx, department_uuid=department_uuid,
                                              body=body, add=False)
