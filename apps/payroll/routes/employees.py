"""Employees: list, create, get, update, delete, custom fields."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.kernel import CtxDep, entity, op, page_headers
from arcadia.apps.payroll import company_service, service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    PAGED,
    READ,
    WRITE,
    CompanyId,
    EmployeeId,
    PageNo,
    Per,
    no_content,
)

router = APIRouter(prefix="/v1")


@router.get("/companies/{company_id}/employees", **op(
    "payroll_list_employees", "Get employees of a company",
    "Onboarding, active and terminated employees with their jobs (current compensation) and "
    "terminations. " + PAGED, errors=(404,), write=False, roles=READ))
async def list_employees(
    ctx: CtxDep, request: Request, response: Response, company_id: CompanyId,
    search_term: Annotated[str | None, Query(description="Text to find in names or email "
                                             "addresses (case-insensitive).",
                                             json_schema_extra=entity("Email"))] = None,
    terminated: Annotated[bool | None, Query(description="true: only employees terminated "
                                             "or scheduled to be; false: only the others.")
                          ] = None,
    terminated_today: Annotated[bool | None, Query(description="true: only employees whose "
                                                   "termination is in effect today.")] = None,
    onboarded: Annotated[bool | None, Query(description="Filter on completed onboarding.")
                         ] = None,
    onboarded_active: Annotated[bool | None, Query(description="true: onboarded and not "
                                                   "terminated today.")] = None,
    location_uuid: Annotated[str | None, Query(description="Only employees whose primary "
                                               "job is at this location.",
                                               json_schema_extra=entity("PayrollLocationId"))
                             ] = None,
    payroll_uuid: Annotated[str | None, Query(description="Only employees paid in this "
                                              "payroll.", json_schema_extra=entity("PayrollId"))
                            ] = None,
    uuids: Annotated[str | None, Query(description="Comma-separated employee UUIDs to fetch.")
                     ] = None,
    sort_by: Annotated[str | None, Query(description="created_at, name or onboarding_status, "
                                         "optionally :asc/:desc (not with search_term).")
                       ] = None,
    include: Annotated[str | None, Query(description="Comma-separated extras; "
                                         "`all_compensations` lists every compensation.")
                       ] = None,
    page: PageNo = 1, per: Per = 25,
) -> list[s.EmployeePublic]:
    items, result = service.list_employees(
        ctx=ctx, company_uuid=company_id, search_term=search_term, terminated=terminated,
        terminated_today=terminated_today, onboarded=onboarded,
        onboarded_active=onboarded_active, location_uuid=location_uuid,
        payroll_uuid=payroll_uuid, uuids=uuids, sort_by=sort_by, include=include, page=page,
        per=per)
    response.headers.update(page_headers(request.url, result))
    return items


@router.post("/companies/{company_id}/employees", **op(
    "payroll_create_employee", "Create an employee",
    "Creates an employee who still has to be onboarded; add a job and a compensation next.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_employee(ctx: CtxDep, company_id: CompanyId, body: s.EmployeeCreate
                          ) -> s.EmployeePublic:
    return service.create_employee(ctx=ctx, company_uuid=company_id, body=body)


@router.get("/employees/{employee_id}", **op(
    "payroll_get_employee", "Get an employee",
    "One employee with jobs, current compensations and terminations.",
    errors=(404, 422), write=False,
    roles=READ))
async def get_employee(ctx: CtxDep, employee_id: EmployeeId,
                       include: Annotated[str | None, Query(
                           description="`all_compensations` lists every compensation.")
                       ] = None) -> s.EmployeePublic:
    return service.employee_public(ctx=ctx, employee_uuid=employee_id, include=include)


@router.put("/employees/{employee_id}", **op(
    "payroll_update_employee", "Update an employee",
    "Updates names, emails or date of birth. Send the employee's current `version`; a stale "
    "one gets 409. Titles live on the job, pay on the compensation.", errors=(404, 409), write=True,
    roles=WRITE))
async def update_employee(ctx: CtxDep, employee_id: EmployeeId, body: s.EmployeeUpdate
                          ) -> s.EmployeePublic:
    return service.update_employee(ctx=ctx, employee_uuid=employee_id, body=body)


@router.delete("/employees/{employee_id}", response_class=Response, **op(
    "payroll_delete_employee", "Delete an onboarding employee",
    "Deletes an employee who has not completed onboarding, with their jobs, compensations "
    "and addresses. An onboarded employee cannot be deleted (422): terminate them instead.",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_employee(ctx: CtxDep, employee_id: EmployeeId) -> Response:
    service.delete_employee(ctx=ctx, employee_uuid=employee_id)
    return no_content()


@router.get("/employees/{employee_id}/custom_fields", **op(
    "payroll_list_employee_custom_fields", "Get an employee's custom fields",
    "The employee's values of the company's custom fields (the company defines none, so "
    "the list is empty).", errors=(404,), write=False, roles=READ))
async def list_employee_custom_fields(ctx: CtxDep, employee_id: EmployeeId
                                      ) -> s.EmployeeCustomFieldList:
    return company_service.employee_custom_fields(session=ctx.session,
                                                  employee_uuid=employee_id)
