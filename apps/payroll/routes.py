"""Gusto-shaped routes under `/v1`: thin, each calling one service function."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request, Response

from arcadia.apps.kernel import CtxDep, Page, entity, link_header, op
from arcadia.apps.payroll import (
    address_service,
    calculation,
    company_service,
    contractor_service,
    job_service,
    off_cycle,
    pay_service,
    run_common,
    run_service,
    service,
    work_address_service,
)
from arcadia.apps.payroll import schemas as s

router = APIRouter(prefix="/v1")

READ = ("payroll", "hr")
WRITE = ("payroll",)
PAGED = ("Paginated with `page` and `per` (default 25, at most 100): the response carries "
         "X-Page, X-Per-Page, X-Total-Count, X-Total-Pages and a Link header.")

CompanyId = Annotated[str, Path(description="The UUID of the company (GET /v1/token_info "
                                "returns it).", json_schema_extra=entity("PayrollCompanyId"))]
EmployeeId = Annotated[str, Path(description="The UUID of the employee.",
                                 json_schema_extra=entity("PayrollEmployeeId"))]
JobId = Annotated[str, Path(description="The UUID of the job.",
                            json_schema_extra=entity("PayrollJobId"))]
CompensationId = Annotated[str, Path(description="The UUID of the compensation.",
                                     json_schema_extra=entity("PayrollCompensationId"))]
DepartmentId = Annotated[str, Path(description="The UUID of the department.",
                                   json_schema_extra=entity("PayrollDepartmentId"))]
PayrollId = Annotated[str, Path(description="The UUID of the payroll.",
                                json_schema_extra=entity("PayrollId"))]
LocationId = Annotated[str, Path(description="The UUID of the location.",
                                 json_schema_extra=entity("PayrollLocationId"))]
HomeAddressId = Annotated[str, Path(description="The UUID of the home address.",
                                    json_schema_extra=entity("PayrollHomeAddressId"))]
WorkAddressId = Annotated[str, Path(description="The UUID of the work address.",
                                    json_schema_extra=entity("PayrollWorkAddressId"))]
ContractorId = Annotated[str, Path(description="The UUID of the contractor.",
                                   json_schema_extra=entity("PayrollContractorId"))]
BankAccountId = Annotated[str, Path(description="The UUID of the bank account.",
                                    json_schema_extra=entity("PayrollBankAccountId"))]
CompanyBenefitId = Annotated[str, Path(description="The UUID of the company benefit.",
                                       json_schema_extra=entity("PayrollCompanyBenefitId"))]
EmployeeBenefitId = Annotated[str, Path(description="The UUID of the employee benefit.",
                                        json_schema_extra=entity("PayrollEmployeeBenefitId"))]
PayScheduleId = Annotated[str, Path(description="The UUID of the pay schedule.",
                                    json_schema_extra=entity("PayrollPayScheduleId"))]
PageNo = Annotated[int, Query(ge=1, le=100_000, description="The page requested (1-based).")]
Per = Annotated[int, Query(ge=1, le=100, description="Objects per page (default 25, max 100).")]
SortBy = Annotated[str | None, Query(max_length=200, description="Order employee compensations "
                                    "by first_name and/or last_name, each optionally "
                                    ":asc or :desc (default last_name,first_name).")]
JobInclude = Annotated[str | None, Query(description="`all_compensations` to list every "
                                         "effective-dated compensation, not only the current "
                                         "one.")]

def no_content() -> Response:
    return Response(status_code=204)


def paged(request: Request, response: Response, page: Page[Any]) -> None:
    """Gusto's pagination headers plus an RFC 8288 Link header."""
    response.headers["X-Page"] = str(page.page)
    response.headers["X-Per-Page"] = str(page.per)
    response.headers["X-Total-Count"] = str(page.total)
    response.headers["X-Total-Pages"] = str(page.pages)
    base = str(request.url.remove_query_params(["page", "per"]))
    response.headers["Link"] = link_header(base, page)


# --- token, company, locations, departments ------------------------------------------


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


# --- employees ------------------------------------------------------------------------


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
    paged(request, response, result)
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


# --- home addresses and payment method --------------------------------------------------------


@router.get("/employees/{employee_id}/home_addresses", **op(
    "payroll_list_home_addresses", "Get an employee's home addresses",
    "Every effective-dated home address of the employee, oldest first; `active` marks the "
    "one in effect today.", errors=(404,), write=False, roles=READ))
async def list_home_addresses(ctx: CtxDep, employee_id: EmployeeId
                              ) -> list[s.HomeAddressPublic]:
    return address_service.list_home_addresses(ctx=ctx, employee_uuid=employee_id)


@router.post("/employees/{employee_id}/home_addresses", **op(
    "payroll_create_home_address", "Create an employee's home address",
    "Adds a home address effective from `effective_date` (default today); from that day it "
    "is the active one. One address per effective date.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_home_address(ctx: CtxDep, employee_id: EmployeeId,
                              body: s.HomeAddressCreate) -> s.HomeAddressPublic:
    return address_service.create_home_address(ctx=ctx, employee_uuid=employee_id, body=body)


@router.get("/home_addresses/{home_address_uuid}", **op(
    "payroll_get_home_address", "Get a home address",
    "One home address with its `version`.", errors=(404,), write=False, roles=READ))
async def get_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId
                           ) -> s.HomeAddressPublic:
    return address_service.home_address_public(ctx=ctx, home_address_uuid=home_address_uuid)


@router.put("/home_addresses/{home_address_uuid}", **op(
    "payroll_update_home_address", "Update a home address",
    "Corrects a home address or its effective date. Send its current `version`; a stale "
    "one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId,
                              body: s.HomeAddressUpdate) -> s.HomeAddressPublic:
    return address_service.update_home_address(ctx=ctx, home_address_uuid=home_address_uuid,
                                               body=body)


@router.delete("/home_addresses/{home_address_uuid}", response_class=Response, **op(
    "payroll_delete_home_address", "Delete a home address",
    "Deletes a past or future home address; the active one cannot be deleted (422).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId) -> Response:
    address_service.delete_home_address(ctx=ctx, home_address_uuid=home_address_uuid)
    return no_content()


@router.get("/employees/{employee_id}/work_addresses", **op(
    "payroll_list_work_addresses", "Get an employee's work addresses",
    "Every effective-dated work address (a company location) of the employee, oldest first; "
    "`active` marks the one in effect today, the primary job's `location_uuid`.",
    errors=(404,), write=False, roles=READ))
async def list_work_addresses(ctx: CtxDep, employee_id: EmployeeId
                              ) -> list[s.WorkAddressPublic]:
    return work_address_service.list_work_addresses(ctx=ctx, employee_uuid=employee_id)


@router.post("/employees/{employee_id}/work_addresses", **op(
    "payroll_create_work_address", "Create an employee work address",
    "The employee works at `location_uuid` from `effective_date` (default today) on; the "
    "one in effect today is the primary job's location. One work address per date.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_work_address(ctx: CtxDep, employee_id: EmployeeId,
                              body: s.WorkAddressCreate) -> s.WorkAddressPublic:
    return work_address_service.create_work_address(ctx=ctx, employee_uuid=employee_id,
                                                    body=body)


@router.get("/work_addresses/{work_address_uuid}", **op(
    "payroll_get_work_address", "Get a work address",
    "One work address with its `version`.", errors=(404,), write=False, roles=READ))
async def get_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId
                           ) -> s.WorkAddressPublic:
    return work_address_service.work_address_public(ctx=ctx,
                                                    work_address_uuid=work_address_uuid)


@router.put("/work_addresses/{work_address_uuid}", **op(
    "payroll_update_work_address", "Update a work address",
    "Changes the location or effective date of a work address. Send its current `version`; "
    "a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId,
                              body: s.WorkAddressUpdate) -> s.WorkAddressPublic:
    return work_address_service.update_work_address(ctx=ctx,
                                                    work_address_uuid=work_address_uuid,
                                                    body=body)


@router.delete("/work_addresses/{work_address_uuid}", response_class=Response, **op(
    "payroll_delete_work_address", "Delete a work address",
    "Deletes a past or future work address; the active one cannot be deleted (422).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId) -> Response:
    work_address_service.delete_work_address(ctx=ctx, work_address_uuid=work_address_uuid)
    return no_content()


@router.get("/employees/{employee_id}/payment_method", **op(
    "payroll_get_payment_method", "Get an employee's payment method",
    "`Direct Deposit` (with how net pay is split over the bank accounts) or `Check`.",
    errors=(404,), write=False, roles=READ))
async def get_payment_method(ctx: CtxDep, employee_id: EmployeeId) -> s.PaymentMethodPublic:
    return address_service.payment_method_public(ctx=ctx, employee_uuid=employee_id)


@router.put("/employees/{employee_id}/payment_method", **op(
    "payroll_update_payment_method", "Update an employee's payment method",
    "Pay by `Check`, or by `Direct Deposit` split over the employee's bank accounts by "
    "`Percentage` (adding up to 100) or `Amount` in cents (the last account takes the "
    "remainder). Send the payment method's current `version`; a stale one gets 409.",
    errors=(404, 409), write=True, roles=WRITE))
async def update_payment_method(ctx: CtxDep, employee_id: EmployeeId,
                                body: s.PaymentMethodUpdate) -> s.PaymentMethodPublic:
    return address_service.update_payment_method(ctx=ctx, employee_uuid=employee_id,
                                                 body=body)


# --- jobs and compensations --------------------------------------------------------------


@router.get("/employees/{employee_id}/jobs", **op(
    "payroll_list_jobs", "Get jobs for an employee",
    "The employee's jobs with title, hire date, location and current compensation.",
    errors=(404, 422), write=False, roles=READ))
async def list_jobs(ctx: CtxDep, employee_id: EmployeeId, include: JobInclude = None
                    ) -> list[s.JobPublic]:
    return job_service.list_jobs(ctx=ctx, employee_uuid=employee_id, include=include)


@router.post("/employees/{employee_id}/jobs", **op(
    "payroll_create_job", "Create a job",
    "Creates a job (the employee's primary one if it is their first).", errors=(404,), write=True,
    roles=WRITE, status_code=201))
async def create_job(ctx: CtxDep, employee_id: EmployeeId, body: s.JobCreate) -> s.JobPublic:
    return job_service.create_job(ctx=ctx, employee_uuid=employee_id, body=body)


@router.get("/jobs/{job_id}", **op(
    "payroll_get_job", "Get a job", "One job with its current compensation and `version`.",
    errors=(404, 422), write=False, roles=READ))
async def get_job(ctx: CtxDep, job_id: JobId, include: JobInclude = None) -> s.JobPublic:
    return job_service.job_public(ctx=ctx, job_uuid=job_id, include=include)


@router.put("/jobs/{job_id}", **op(
    "payroll_update_job", "Update a job",
    "Updates the title, hire date or location of a job. Send the job's current `version`; "
    "a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_job(ctx: CtxDep, job_id: JobId, body: s.JobUpdate) -> s.JobPublic:
    return job_service.update_job(ctx=ctx, job_uuid=job_id, body=body)


@router.delete("/jobs/{job_id}", response_class=Response, **op(
    "payroll_delete_job", "Delete an individual job",
    "Deletes a job no processed payroll has paid, with its compensations (422 otherwise).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_job(ctx: CtxDep, job_id: JobId) -> Response:
    job_service.delete_job(ctx=ctx, job_uuid=job_id)
    return no_content()


@router.get("/jobs/{job_id}/compensations", **op(
    "payroll_list_compensations", "Get compensations for a job",
    "The job's current compensation (the one in effect today, the job's "
    "`current_compensation_uuid`). With `include=all_compensations`, every effective-dated "
    "compensation, oldest first.", errors=(404, 422), write=False, roles=READ))
async def list_compensations(ctx: CtxDep, job_id: JobId, include: JobInclude = None
                             ) -> list[s.CompensationPublic]:
    return job_service.list_compensations(ctx=ctx, job_uuid=job_id, include=include)


@router.post("/jobs/{job_id}/compensations", **op(
    "payroll_create_compensation", "Create a compensation",
    "Adds an effective-dated compensation (a raise, a change of pay basis) to a job. No "
    "two compensations of a job may share an effective date.",
    errors=(404,), write=True, roles=WRITE,
    status_code=201))
async def create_compensation(ctx: CtxDep, job_id: JobId, body: s.CompensationCreate
                              ) -> s.CompensationPublic:
    return job_service.create_compensation(ctx=ctx, job_uuid=job_id, body=body)


@router.get("/compensations/{compensation_id}", **op(
    "payroll_get_compensation", "Get a compensation",
    "One compensation with its rate, payment unit, FLSA status and `version`.",
    errors=(404,), write=False,
    roles=READ))
async def get_compensation(ctx: CtxDep, compensation_id: CompensationId
                           ) -> s.CompensationPublic:
    return job_service.compensation_public(ctx=ctx, compensation_uuid=compensation_id)


@router.put("/compensations/{compensation_id}", **op(
    "payroll_update_compensation", "Update a compensation",
    "Changes a compensation's rate, payment unit, FLSA status or effective date. Send its "
    "current `version`; a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_compensation(ctx: CtxDep, compensation_id: CompensationId,
                              body: s.CompensationUpdate) -> s.CompensationPublic:
    return job_service.update_compensation(ctx=ctx, compensation_uuid=compensation_id, body=body)


@router.delete("/compensations/{compensation_id}", response_class=Response, **op(
    "payroll_delete_compensation", "Delete a compensation",
    "Deletes a compensation no processed payroll has paid; a job's only compensation "
    "cannot be deleted (422).", errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_compensation(ctx: CtxDep, compensation_id: CompensationId) -> Response:
    job_service.delete_compensation(ctx=ctx, compensation_uuid=compensation_id)
    return no_content()


# --- terminations ---------------------------------------------------------------------------


@router.get("/employees/{employee_id}/terminations", **op(
    "payroll_list_terminations", "Get terminations for an employee",
    "The employee's terminations (at most one).", errors=(404,), write=False, roles=READ))
async def list_terminations(ctx: CtxDep, employee_id: EmployeeId
                            ) -> list[s.TerminationPublic]:
    return job_service.list_terminations(ctx=ctx, employee_uuid=employee_id)


@router.post("/employees/{employee_id}/terminations", **op(
    "payroll_create_termination", "Create an employee termination",
    "Terminates an employee as of `effective_date` (their last day of work); from then on "
    "the employee shows `terminated: true` and is no longer paid.",
    errors=(404,), write=True, roles=WRITE,
    status_code=201))
async def create_termination(ctx: CtxDep, employee_id: EmployeeId, body: s.TerminationCreate
                             ) -> s.TerminationPublic:
    return job_service.create_termination(ctx=ctx, employee_uuid=employee_id, body=body)


@router.delete("/employees/{employee_id}/terminations", response_class=Response, **op(
    "payroll_delete_termination", "Delete an employee termination",
    "Cancels a termination that has not taken effect and runs no termination payroll "
    "(`cancelable: true`); otherwise 422.", errors=(404, 422), write=True, roles=WRITE,
    status_code=204))
async def delete_termination(ctx: CtxDep, employee_id: EmployeeId) -> Response:
    job_service.cancel_termination(ctx=ctx, employee_uuid=employee_id)
    return no_content()


@router.get("/employees/{employee_id}/employment_history", **op(
    "payroll_get_employment_history", "Get employment history for an employee",
    "The employee's employments: hire date, termination date (if any) and status.",
    errors=(404,), write=False, roles=READ))
async def get_employment_history(ctx: CtxDep, employee_id: EmployeeId
                                 ) -> list[s.EmploymentPublic]:
    return job_service.employment_history(ctx=ctx, employee_uuid=employee_id)


@router.get("/terminations/{employee_id}", **op(
    "payroll_get_termination", "Get an employee's termination",
    "The employee's termination with its `version` (404 if they have none).",
    errors=(404,), write=False, roles=READ))
async def get_termination(ctx: CtxDep, employee_id: EmployeeId) -> s.TerminationPublic:
    return job_service.termination_public(ctx=ctx, employee_uuid=employee_id)


@router.put("/terminations/{employee_id}", **op(
    "payroll_update_termination", "Update an employee's termination",
    "Moves the last day of work (or the final-pay choice) of a termination that has not "
    "taken effect yet. Send its current `version`; a stale one gets 409.",
    errors=(404, 409), write=True, roles=WRITE))
async def update_termination(ctx: CtxDep, employee_id: EmployeeId,
                             body: s.TerminationUpdate) -> s.TerminationPublic:
    return job_service.update_termination(ctx=ctx, employee_uuid=employee_id, body=body)


# --- contractors ------------------------------------------------------------------------------


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
    paged(request, response, result)
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


@router.put("/employees/{employee_id}/bank_accounts/{bank_account_uuid}", **op(
    "payroll_update_bank_account", "Update an employee bank account",
    "Corrects an account's name, routing or account number or type; it keeps its place in "
    "the direct deposit split.", errors=(404,), write=True, roles=WRITE))
async def update_bank_account(ctx: CtxDep, employee_id: EmployeeId,
                              bank_account_uuid: BankAccountId, body: s.BankAccountUpdate
                              ) -> s.BankAccountPublic:
    return pay_service.update_bank_account(ctx=ctx, employee_uuid=employee_id,
                                           bank_account_uuid=bank_account_uuid, body=body)


@router.delete("/employees/{employee_id}/bank_accounts/{bank_account_uuid}",
               response_class=Response, **op(
                   "payroll_delete_bank_account", "Delete an employee bank account",
                   "Deletes an account. One of several accounts in the direct deposit split "
                   "must leave the split first (422); deleting the only account paid makes "
                   "Check the payment method.", errors=(404, 422), write=True, roles=WRITE,
                   status_code=204))
async def delete_bank_account(ctx: CtxDep, employee_id: EmployeeId,
                              bank_account_uuid: BankAccountId) -> Response:
    pay_service.delete_bank_account(ctx=ctx, employee_uuid=employee_id,
                                    bank_account_uuid=bank_account_uuid)
    return no_content()


@router.get("/company_benefits/{company_benefit_id}", **op(
    "payroll_get_company_benefit", "Get a company benefit",
    "One benefit plan the company offers; with `with_employee_benefits=true`, its "
    "enrolments too.", errors=(404,), write=False, roles=READ))
async def get_company_benefit(
    ctx: CtxDep, company_benefit_id: CompanyBenefitId,
    with_employee_benefits: Annotated[bool | None, Query(
        description="Also list the employees' enrolments in the plan.")] = None,
) -> s.CompanyBenefitDetail:
    return pay_service.company_benefit_public(session=ctx.session,
                                              company_benefit_uuid=company_benefit_id,
                                              with_employee_benefits=with_employee_benefits)


@router.get("/company_benefits/{company_benefit_id}/employee_benefits", **op(
    "payroll_list_benefit_enrolments", "Get all employee benefits for a company benefit",
    "Every employee's enrolment in the plan. " + PAGED, errors=(404,), write=False,
    roles=READ))
async def list_benefit_enrolments(ctx: CtxDep, request: Request, response: Response,
                                  company_benefit_id: CompanyBenefitId, page: PageNo = 1,
                                  per: Per = 25) -> list[s.EmployeeBenefitPublic]:
    items, result = pay_service.list_benefit_enrolments(
        ctx=ctx, company_benefit_uuid=company_benefit_id, page=page, per=per)
    paged(request, response, result)
    return items


@router.get("/employee_benefits/{employee_benefit_id}", **op(
    "payroll_get_employee_benefit", "Get an employee benefit",
    "One enrolment: the per-period deduction and company contribution.",
    errors=(404,), write=False, roles=READ))
async def get_employee_benefit(ctx: CtxDep, employee_benefit_id: EmployeeBenefitId
                               ) -> s.EmployeeBenefitPublic:
    return pay_service.employee_benefit_public(session=ctx.session,
                                               employee_benefit_uuid=employee_benefit_id)


@router.get("/companies/{company_id}/pay_schedules/{pay_schedule_id}", **op(
    "payroll_get_pay_schedule", "Get a pay schedule",
    "One pay schedule with its `version`, `auto_payroll` and what blocks automatic payroll.",
    errors=(404,), write=False, roles=READ))
async def get_pay_schedule(ctx: CtxDep, company_id: CompanyId, pay_schedule_id: PayScheduleId
                           ) -> s.PaySchedulePublic:
    return company_service.pay_schedule_public(
        session=ctx.session, company_uuid=company_id, pay_schedule_uuid=pay_schedule_id,
        today=ctx.now.date())


# --- pay schedules, payrolls, pay stubs ----------------------------------------------------


@router.get("/companies/{company_id}/pay_schedules", **op(
    "payroll_list_pay_schedules", "Get the pay schedules for a company",
    "The company's pay schedules (one, twice per month).", errors=(404,), write=False, roles=READ))
async def list_pay_schedules(ctx: CtxDep, company_id: CompanyId
                             ) -> list[s.PaySchedulePublic]:
    return company_service.list_pay_schedules(session=ctx.session, company_uuid=company_id,
                                              today=ctx.now.date())


@router.get("/companies/{company_id}/payrolls", response_model_exclude_none=True, **op(
    "payroll_list_payrolls", "Get all payrolls for a company",
    "Processed regular payrolls by default, filtered by pay period (or check date); "
    "`processing_statuses=unprocessed` lists the upcoming payrolls to run (up to three "
    "months ahead) and `payroll_types=regular,off_cycle` adds off-cycle ones. Totals only "
    "with `include=totals`; per-employee pay is on the single payroll. " + PAGED,
    errors=(404,), write=False, roles=READ))
async def list_payrolls(
    ctx: CtxDep, request: Request, response: Response, company_id: CompanyId,
    processing_statuses: Annotated[str | None, Query(description="processed and/or "
                                                     "unprocessed, comma separated (default "
                                                     "processed).")] = None,
    payroll_types: Annotated[str | None, Query(description="regular, off_cycle and/or "
                                               "external (default regular).")] = None,
    processed: Annotated[bool | None, Query(description="Shortcut for processing_statuses.")
                         ] = None,
    include_off_cycle: Annotated[bool | None, Query(description="Also list off-cycle "
                                                    "payrolls.")] = None,
    include: Annotated[str | None, Query(description="Comma-separated: totals, "
                                         "payroll_status_meta, risk_blockers, taxes, "
                                         "reversals.")] = None,
    start_date: Annotated[date | None, Query(description="Only pay periods starting on or "
                                             "after this date.")] = None,
    end_date: Annotated[date | None, Query(description="Only pay periods ending on or before "
                                           "this date (default today).")] = None,
    date_filter_by: Annotated[str | None, Query(description="`check_date` to filter on the "
                                                "check date instead of the pay period.")
                              ] = None,
    sort_order: Annotated[str | None, Query(description="asc (default) or desc by check "
                                            "date.")] = None,
    page: PageNo = 1, per: Per = 25,
) -> list[s.PayrollPublic]:
    items, result = pay_service.list_payrolls(
        ctx=ctx, company_uuid=company_id, processing_statuses=processing_statuses,
        payroll_types=payroll_types, processed=processed, include_off_cycle=include_off_cycle,
        include=include, start_date=start_date, end_date=end_date,
        date_filter_by=date_filter_by, sort_order=sort_order, page=page, per=per)
    paged(request, response, result)
    return items


@router.get("/companies/{company_id}/payrolls/blockers", **op(
    "payroll_list_payroll_blockers", "Get all payroll blockers for a company",
    "What stops the company from running any payroll (e.g. `suspended`, "
    "`missing_pay_schedule`), each with a message; an empty list when nothing does. While "
    "one exists, calculate and submit answer 422.",
    errors=(404,), write=False, roles=READ))
async def list_payroll_blockers(ctx: CtxDep, company_id: CompanyId) -> list[s.PayrollBlocker]:
    return run_common.list_blockers(ctx=ctx, company_uuid=company_id)


@router.get("/companies/{company_id}/payrolls/{payroll_id}", response_model_exclude_none=True,
            **op("payroll_get_payroll", "Get a single payroll",
                 "A payroll and each employee's hours, earnings and deductions "
                 "(`employee_compensations`; on an unprocessed payroll each carries the "
                 "`version` an update needs). Once calculated or processed it also has "
                 "gross and net pay and `totals`; `include=taxes,benefits,deductions` adds "
                 "each employee's taxes and benefits, `payroll_taxes` the payroll's tax "
                 "totals, `payroll_status_meta` its dates. The employee compensations are "
                 "paginated with `page` and `per`; the X-Page, X-Total-Count ... headers "
                 "count them.",
                 errors=(404,), write=False, roles=READ))
async def get_payroll(
    ctx: CtxDep, request: Request, response: Response, company_id: CompanyId,
    payroll_id: PayrollId,
    include: Annotated[str | None, Query(description="Comma-separated: benefits, deductions, "
                                         "taxes, payroll_status_meta, totals, "
                                         "risk_blockers, reversals, payroll_taxes.")] = None,
    sort_by: SortBy = None,
    page: PageNo = 1, per: Per = 25,
) -> s.PayrollPublic:
    payroll, result = pay_service.get_payroll(
        ctx=ctx, company_uuid=company_id, payroll_uuid=payroll_id, include=include,
        sort_by=sort_by, page=page, per=per)
    paged(request, response, result)
    return payroll


@router.put("/companies/{company_id}/payrolls/{payroll_id}", response_model_exclude_none=True,
            **op("payroll_update_payroll", "Update a payroll by ID",
                 "Sets hours (`hourly_compensations`: `Regular Hours`, `Overtime`, `Double "
                 "overtime`), fixed amounts (`fixed_compensations`: `Bonus`, `Commission`, "
                 "...), `paid_time_off`, `excluded`, `payment_method` or `memo` for up to 100 "
                 "employees of an unprocessed payroll. Each entry needs the employee's "
                 "current `version` from GET or prepare (a stale one gets 409); what is left "
                 "out stays. Returns the updated entries. The payroll must be calculated "
                 "again afterwards.", errors=(404, 409), write=True, roles=WRITE))
async def update_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId,
                         body: s.PayrollUpdate) -> s.PayrollPublic:
    return run_service.update_payroll(ctx=ctx, company_uuid=company_id,
                                      payroll_uuid=payroll_id, body=body)


@router.delete("/companies/{company_id}/payrolls/{payroll_id}", response_class=Response,
               **op(
                   "payroll_delete_payroll", "Delete a payroll",
                   "Deletes an unprocessed off-cycle payroll (a regular payroll cannot be "
                   "deleted).", errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId
                         ) -> Response:
    run_service.delete_payroll(ctx=ctx, company_uuid=company_id, payroll_uuid=payroll_id)
    return Response(status_code=204)


@router.put("/companies/{company_id}/payrolls/{payroll_id}/prepare",
            response_model_exclude_none=True, **op(
                "payroll_prepare_payroll", "Prepare a payroll for update",
                "Readies an unprocessed payroll for an update: brings a regular payroll in "
                "step with employment (new hires join, employees terminated before the "
                "period leave, salaries cover the days employed), returns its employee "
                "compensations with the `version` each update needs (paginated with `page` "
                "and `per`, at most 100) and clears any calculation (`calculated_at`, "
                "totals). Send `employee_uuids` to prepare only those employees.",
                errors=(404,), write=True, roles=WRITE))
async def prepare_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId,
                          body: Annotated[s.PayrollPrepare, Body(
                              default_factory=s.PayrollPrepare,
                              description="Optional: only these employees.")],
                          page: PageNo = 1,
                          per: Per = 100, sort_by: SortBy = None) -> s.PayrollPublic:
    return run_service.prepare_payroll(ctx=ctx, company_uuid=company_id,
                                       payroll_uuid=payroll_id, body=body, page=page, per=per,
                                       sort_by=sort_by)


@router.put("/companies/{company_id}/payrolls/{payroll_id}/calculate", response_class=Response,
            **op(
                "payroll_calculate_payroll", "Calculate a payroll",
                "Calculates gross pay, employee and employer taxes, benefit deductions and "
                "net pay for every employee of an unprocessed payroll (202, no body), after "
                "bringing a regular payroll in step with hires and terminations as prepare "
                "does. Read the result with GET /v1/companies/{company_id}/payrolls/"
                "{payroll_id}?include=taxes,benefits,deductions; any later update voids it.",
                errors=(404, 422), write=True, roles=WRITE, status_code=202))
async def calculate_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId
                            ) -> Response:
    calculation.calculate_payroll(ctx=ctx, company_uuid=company_id, payroll_uuid=payroll_id)
    return Response(status_code=202)


@router.put("/companies/{company_id}/payrolls/{payroll_id}/submit", response_class=Response,
            **op(
                "payroll_submit_payroll", "Submit payroll",
                "Processes a calculated payroll (202, no body): it becomes `processed` with "
                "today's `processed_date`, pays on its `check_date`, shows in pay stubs and "
                "can no longer be updated. An uncalculated or already processed payroll gets "
                "422.", errors=(404,), write=True, roles=WRITE, status_code=202))
async def submit_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId,
                         body: Annotated[s.PayrollSubmit, Body(
                             default_factory=s.PayrollSubmit,
                             description="Optional: unblock options.")]) -> Response:
    run_service.submit_payroll(ctx=ctx, company_uuid=company_id, payroll_uuid=payroll_id,
                               body=body)
    return Response(status_code=202)


@router.put("/companies/{company_id}/payrolls/{payroll_id}/cancel",
            response_model_exclude_none=True, **op(
                "payroll_cancel_payroll", "Cancel a payroll",
                "Turns a processed payroll back into an unprocessed one (employees are no "
                "longer excluded; it must be calculated and submitted again). Only before "
                "its `payroll_deadline`.", errors=(404, 422), write=True, roles=WRITE))
async def cancel_payroll(ctx: CtxDep, company_id: CompanyId, payroll_id: PayrollId
                         ) -> s.PayrollPublic:
    return run_service.cancel_payroll(ctx=ctx, company_uuid=company_id,
                                      payroll_uuid=payroll_id)


@router.post("/companies/{company_id}/payrolls/skip", response_class=Response, **op(
    "payroll_skip_payroll", "Skip a payroll",
    "Skips a regular pay period (`payroll_type: Regular`, the period containing `end_date`, "
    "default today): its payroll is processed at $0 with every employee excluded (202, no "
    "body).", errors=(404,), write=True, roles=WRITE, status_code=202))
async def skip_payroll(ctx: CtxDep, company_id: CompanyId, body: s.PayrollSkip) -> Response:
    run_service.skip_payroll(ctx=ctx, company_uuid=company_id, body=body)
    return Response(status_code=202)


@router.post("/companies/{company_id}/payrolls", response_model_exclude_none=True, **op(
    "payroll_create_off_cycle_payroll", "Create an off-cycle payroll",
    "Creates an unprocessed off-cycle payroll (`off_cycle: true`) for a `Bonus`, a "
    "`Correction` or a `Dismissed employee`'s final wages, for `employee_uuids` (default: "
    "everyone employed between `start_date` and `end_date`), paying on `check_date` "
    "(default: the earliest possible). A Bonus payroll skips benefit deductions and "
    "withholds federal tax at the flat 22% unless told otherwise. Then update, calculate "
    "and submit it like a regular payroll.", errors=(404,), write=True, roles=WRITE))
async def create_off_cycle_payroll(ctx: CtxDep, company_id: CompanyId,
                                   body: s.OffCyclePayrollCreate) -> s.PayrollPublic:
    return off_cycle.create_off_cycle(ctx=ctx, company_uuid=company_id, body=body)


@router.get("/payrolls/{payroll_uuid}/receipt", **op(
    "payroll_get_payroll_receipt", "Get a single payroll receipt",
    "What a processed payroll debited from the company, paid each employee and withheld "
    "for each tax (employer and employee together); 422 while it is unprocessed.",
    errors=(404, 422), write=False, roles=READ))
async def get_payroll_receipt(ctx: CtxDep, payroll_uuid: PayrollId) -> s.PayrollReceipt:
    return pay_service.receipt(ctx=ctx, payroll_uuid=payroll_uuid)


@router.post("/payrolls/{payroll_uuid}/gross_up", **op(
    "payroll_calculate_gross_up", "Calculate gross up",
    "The gross earnings that leave an employee the `net_pay` given after this unprocessed "
    "off-cycle payroll's taxes and deductions; set the result as the employee's fixed "
    "compensation (e.g. `Bonus`) with an update. Changes nothing.",
    errors=(404,), write=True, roles=WRITE))
async def calculate_gross_up(ctx: CtxDep, payroll_uuid: PayrollId, body: s.GrossUpRequest
                             ) -> s.GrossUpPay:
    return calculation.gross_up(ctx=ctx, payroll_uuid=payroll_uuid, body=body)


@router.get("/employees/{employee_id}/pay_stubs", **op(
    "payroll_list_pay_stubs", "Get an employee's pay stubs",
    "What the employee was paid in each processed payroll they were not excluded from, "
    "newest first; each stub has its own `uuid`.",
    errors=(404,), write=False,
    roles=READ))
async def list_pay_stubs(ctx: CtxDep, employee_id: EmployeeId) -> list[s.PayStub]:
    return pay_service.list_pay_stubs(ctx=ctx, employee_uuid=employee_id)


# --- bank accounts and benefits --------------------------------------------------------------


@router.get("/employees/{employee_id}/bank_accounts", **op(
    "payroll_list_bank_accounts", "Get all employee bank accounts",
    "The employee's bank accounts; account numbers are masked. " + PAGED,
    errors=(404,), write=False,
    roles=READ))
async def list_bank_accounts(ctx: CtxDep, request: Request, response: Response,
                             employee_id: EmployeeId, page: PageNo = 1, per: Per = 25
                             ) -> list[s.BankAccountPublic]:
    items, result = pay_service.list_bank_accounts(ctx=ctx, employee_uuid=employee_id,
                                                   page=page, per=per)
    paged(request, response, result)
    return items


@router.post("/employees/{employee_id}/bank_accounts", **op(
    "payroll_create_bank_account", "Create an employee bank account",
    "Adds a bank account for direct deposit and makes direct deposit the employee's payment "
    "method.", errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_bank_account(ctx: CtxDep, employee_id: EmployeeId, body: s.BankAccountCreate
                              ) -> s.BankAccountPublic:
    return pay_service.create_bank_account(ctx=ctx, employee_uuid=employee_id, body=body)


@router.get("/companies/{company_id}/company_benefits", **op(
    "payroll_list_company_benefits", "Get benefits for a company",
    "The benefit plans the company offers (medical, dental, vision, 401(k)).",
    errors=(404,), write=False,
    roles=READ))
async def list_company_benefits(
    ctx: CtxDep, company_id: CompanyId,
    active: Annotated[bool | None, Query(description="Filter on active plans.")] = None,
    enrollment_count: Annotated[bool | None, Query(description="Include how many current "
                                                   "employees are enrolled.")] = None,
) -> list[s.CompanyBenefitPublic]:
    return pay_service.list_company_benefits(session=ctx.session, company_uuid=company_id,
                                             active=active, enrollment_count=enrollment_count,
                                             today=ctx.now.date())


@router.get("/employees/{employee_id}/employee_benefits", **op(
    "payroll_list_employee_benefits", "Get all benefits for an employee",
    "The employee's benefit enrolments with per-period deduction and company contribution.",
    errors=(404,), write=False, roles=READ))
async def list_employee_benefits(ctx: CtxDep, employee_id: EmployeeId
                                 ) -> list[s.EmployeeBenefitPublic]:
    return pay_service.list_employee_benefits(session=ctx.session, employee_uuid=employee_id)
