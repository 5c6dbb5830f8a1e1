"""BambooHR's REST paths under `/api/gateway.php/{companyDomain}/v1` (thin: rules live in
`service.py` and `time_off.py`).

BambooHR clients call some paths with and some without a trailing slash; each route is
also registered under the other spelling, hidden from the OpenAPI document.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from arcadia.apps.hris import service, time_off
from arcadia.apps.hris.fields import COMPENSATION, EMPLOYMENT_STATUS, JOB_INFO, TABLES
from arcadia.apps.hris.schemas import (
    CompensationRowCreate,
    CompensationRowOut,
    CompensationRowUpdate,
    CustomReport,
    CustomReportRequest,
    Directory,
    EmployeeCreate,
    EmployeeCreated,
    EmployeeFields,
    EmployeeUpdate,
    EmploymentStatusRowCreate,
    EmploymentStatusRowOut,
    EmploymentStatusRowUpdate,
    JobInfoRowCreate,
    JobInfoRowOut,
    JobInfoRowUpdate,
    MetaField,
    MetaList,
    TimeOffRequestCreate,
    TimeOffRequestOut,
    TimeOffStatusChange,
    TimeOffTypes,
    plain,
)
from arcadia.apps.hris.xmlio import BambooHRRoute
from arcadia.apps.kernel import (
    ERROR_DESCRIPTIONS,
    CtxDep,
    entity,
    invalid,
    not_found,
    op,
    slash_alias,
)

PREFIX = "/api/gateway.php/{companyDomain}/v1"


async def company(companyDomain: Annotated[str, Path(  # noqa: N803 (BambooHR's name)
        description="BambooHR company domain: `arcadia`.", examples=["arcadia"],
        json_schema_extra=entity("CompanyDomain"))]) -> None:
    service.check_company(companyDomain)


# Every route can answer 404: an unknown company domain, or an unknown employee or row.
# BambooHRRoute: XML bodies where BambooHR takes them, XML answers without
# `Accept: application/json` (apps/hris/xmlio.py).
router = APIRouter(prefix=PREFIX, dependencies=[Depends(company)],
                   responses={404: {"description": ERROR_DESCRIPTIONS[404]}},
                   route_class=BambooHRRoute)

EmployeeId = Annotated[int, Path(
    alias="id", description="Employee id; `0` means the signed-in employee.",
    json_schema_extra=entity("EmployeeId"))]
HR = ("hr",)


# Registered under each path and, hidden, under its other trailing-slash spelling.
route = slash_alias(router)


# -- employees ------------------------------------------------------------------------------


@route("get", "/employees/directory", response_model=Directory, **op(
    "hris_get_directory", "Employee directory",
    "Every current (not terminated) employee with BambooHR's directory fieldset: id, names, "
    "job title, work email and phone, department, division (team), location and supervisor "
    "name. Use it to find an employee's id by name or email.", write=False))
async def get_directory(ctx: CtxDep) -> Response:
    return service.directory(ctx=ctx)


@route("post", "/reports/custom", response_model=CustomReport, **op(
    "hris_create_custom_report", "Run a custom report over all employees",
    "BambooHR's custom report: every employee, terminated ones included (the directory "
    "lists current employees only), with the fields named in the body's `fields`. Use it to "
    "find a former employee's id, or to read one field for everyone. Sensitive fields are "
    "omitted for callers who may not see them, as in Get Employee; unknown field names are "
    "left out of `fields` and of each employee, as BambooHR documents for this report. "
    "Changes nothing.", write=False), response_model_exclude_unset=True)
async def create_custom_report(ctx: CtxDep, body: CustomReportRequest, format: Annotated[
        str, Query(description="Report format; only JSON is served.")] = "JSON"
        ) -> Response:
    if format.upper() != "JSON":
        raise invalid(f"format {format!r} is not served here; use format=JSON.", "format")
    return service.custom_report(ctx=ctx, title=body.title, fields=body.fields)


@route("get", "/employees/{id}/", response_model=EmployeeFields, **op(
    "hris_get_employee", "Get an employee's fields",
    "One employee with the fields named in `fields` (comma-separated names or numeric ids "
    "from GET /meta/fields, e.g. `firstName,lastName,jobTitle,department,supervisorEId,"
    "employmentHistoryStatus,payRate`); without `fields`, BambooHR's default "
    "`firstName,lastName`. A field asked for by numeric id comes back under that id. "
    "Values are the current ones (from the newest effective history rows); the `*Id` "
    "fields (departmentId, divisionId, locationId, jobTitleId, employmentStatusId) are the "
    "option ids of GET /meta/lists. Sensitive fields (ssn, dateOfBirth, home address, "
    "pay*) are returned only to HR, payroll and the employee themself; for anyone else "
    "they are omitted from the response, as BambooHR does. Unknown field names are left "
    "out of the response too (the read still succeeds), so a missing key means the name "
    "is wrong or not visible to you: check it in GET /meta/fields. More than 400 fields is "
    "a 400. `onlyCurrent=false` reads jobInfo, compensation and employmentStatus fields "
    "from the newest row even if it is dated in the future (a scheduled promotion, raise "
    "or termination). JSON needs `Accept: application/json`; otherwise the answer is "
    "BambooHR's XML (`<employee id=...><field id=...>...</field></employee>`).",
    write=False), response_model_exclude_unset=True)
async def get_employee(ctx: CtxDep, employee_id: EmployeeId, fields: Annotated[
        str | None, Query(description="Comma-separated field names or ids; default "
                          "`firstName,lastName`.")] = None,
        only_current: Annotated[bool, Query(
            alias="onlyCurrent", description="`true` (default): values in force today; "
            "`false`: also future-dated values from the history tables.")] = True,
        ) -> Response:
    return service.get_employee(ctx=ctx, employee_id=employee_id, fields=fields,
                                only_current=only_current)


@route("post", "/employees/", response_model=EmployeeCreated, **op(
    "hris_create_employee", "Add an employee",
    "Create an employee from BambooHR field names (firstName and lastName required). Job "
    "fields (jobTitle, department, division, location, supervisorEId) become the first "
    "jobInfo row, pay fields (payRate, payType, payPer, exempt) the first compensation row, "
    "and employmentHistoryStatus (default Full-Time) the first employmentStatus row, all "
    "dated hireDate (or today). employeeNumber defaults to the next `ARnnnn`. Returns 201 "
    "with the new id in the body and the `Location` header.",
    errors=(409,), write=True, roles=HR, status_code=201))
async def create_employee(ctx: CtxDep, body: EmployeeCreate, request: Request,
                          response: Response) -> dict[str, Any]:
    new_id = service.create_employee(ctx=ctx, body=body)
    base = str(request.url).split("?")[0].rstrip("/")
    response.headers["Location"] = f"{base}/{new_id}"
    return {"id": str(new_id)}


@route("post", "/employees/{id}/", response_model=EmployeeFields, **op(
    "hris_update_employee", "Update an employee's fields",
    "Write employee fields by BambooHR name; only the fields sent change. Dates are "
    "YYYY-MM-DD; list fields (department, division, location, employmentHistoryStatus) take "
    "an option from GET /meta/lists. Fields kept in a history table add a new row dated "
    "today to it, carrying the row's other columns forward: jobTitle/department/division/"
    "location/supervisorEId -> jobInfo, payRate/payType/payPer/exempt/payChangeReason -> "
    "compensation, employmentHistoryStatus -> employmentStatus. To date a change otherwise "
    "(e.g. a termination effective on a given day), add the table row instead. Read-only "
    "fields (id, displayName, photoUrl, terminationDate, the supervisor* names, the *Id "
    "fields, payRateEffectiveDate, lastChanged) and unknown names are a 400. Returns the "
    "written fields' new values.", errors=(409,), write=True, roles=HR),
       response_model_exclude_unset=True)
async def update_employee(ctx: CtxDep, employee_id: EmployeeId,
                          body: EmployeeUpdate) -> dict[str, Any]:
    return service.update_employee(ctx=ctx, employee_id=employee_id, body=body)


# -- history tables ---------------------------------------------------------------------------



_ROW = "Row id (from the table's GET)."
JobInfoRowId = Annotated[int, Path(alias="rowId", description=_ROW,
                                   json_schema_extra=entity("JobInfoRowId"))]
CompensationId = Annotated[int, Path(alias="rowId", description=_ROW,
                                     json_schema_extra=entity("CompensationId"))]
EmploymentStatusRowId = Annotated[int, Path(alias="rowId", description=_ROW,
                                            json_schema_extra=entity("EmploymentStatusRowId"))]


def _table_doc(table: str, what: str) -> str:
    return (f"The {table} table of one employee ({what}), oldest row first. The employee's "
            "current values are those of the newest row whose date has arrived.")


@route("get", "/employees/{id}/tables/jobInfo", response_model=list[JobInfoRowOut], **op(
    "hris_list_job_info_rows", "List an employee's job history (jobInfo)",
    _table_doc(JOB_INFO, "date, location, department, division, jobTitle, reportsTo"),
    write=False))
async def list_job_info_rows(ctx: CtxDep, employee_id: EmployeeId) -> list[dict[str, Any]]:
    return service.list_rows(ctx=ctx, employee_id=employee_id, table=JOB_INFO)


@route("post", "/employees/{id}/tables/jobInfo", response_model=JobInfoRowOut, **op(
    "hris_create_job_info_row", "Add a jobInfo row (promotion, transfer, new manager)",
    "Add a job history row effective on `date`. Columns not sent carry forward from the row "
    "in force on that date. `reportsTo` takes the supervisor's employee id (or a unique "
    "display name). If it is the newest effective row, the employee's jobTitle, department, "
    "division, location and supervisor change to it. Returns the new row.",
    write=True, roles=HR))
async def create_job_info_row(ctx: CtxDep, employee_id: EmployeeId,
                              body: JobInfoRowCreate) -> dict[str, Any]:
    return service.create_row(ctx=ctx, employee_id=employee_id, table=JOB_INFO,
                              data=plain(body))


@route("post", "/employees/{id}/tables/jobInfo/{rowId}", response_model=JobInfoRowOut, **op(
    "hris_update_job_info_row", "Correct a jobInfo row",
    "Change columns of an existing job history row; the employee's current values are "
    "recomputed. Returns the row.", write=True, roles=HR))
async def update_job_info_row(ctx: CtxDep, employee_id: EmployeeId, row_id: JobInfoRowId,
                              body: JobInfoRowUpdate) -> dict[str, Any]:
    return service.update_row(ctx=ctx, employee_id=employee_id, table=JOB_INFO, row_id=row_id,
                              data=plain(body))


@route("get", "/employees/{id}/tables/compensation",
       response_model=list[CompensationRowOut], **op(
           "hris_list_compensation_rows", "List an employee's compensation history",
           _table_doc(COMPENSATION, "startDate, rate {value, currency}, type, paidPer, "
                      "exempt, reason, comment") + " Visible to HR, payroll and the "
           "employee themself; anyone else gets 403.", errors=(403,), write=False))
async def list_compensation_rows(ctx: CtxDep, employee_id: EmployeeId) -> list[dict[str, Any]]:
    return service.list_rows(ctx=ctx, employee_id=employee_id, table=COMPENSATION)


@route("post", "/employees/{id}/tables/compensation", response_model=CompensationRowOut, **op(
    "hris_create_compensation_row", "Add a compensation row (raise, pay change)",
    "Add a pay row effective on `startDate` with `rate` (e.g. `{\"value\": \"92000\", "
    "\"currency\": \"USD\"}`). type, paidPer and exempt carry forward when not sent; Hourly "
    "is paid per Hour, Salary per Year/Month/Week/Day. If it is the newest effective row, "
    "the employee's payRate, payType, payPer and exempt change to it. Returns the new row.",
    write=True, roles=HR))
async def create_compensation_row(ctx: CtxDep, employee_id: EmployeeId,
                                  body: CompensationRowCreate) -> dict[str, Any]:
    return service.create_row(ctx=ctx, employee_id=employee_id, table=COMPENSATION,
                              data=plain(body))


@route("post", "/employees/{id}/tables/compensation/{rowId}",
       response_model=CompensationRowOut, **op(
           "hris_update_compensation_row", "Correct a compensation row",
           "Change columns of an existing pay row; the employee's current pay is recomputed. "
           "Returns the row.", write=True, roles=HR))
async def update_compensation_row(ctx: CtxDep, employee_id: EmployeeId,
                                  row_id: CompensationId,
                                  body: CompensationRowUpdate) -> dict[str, Any]:
    return service.update_row(ctx=ctx, employee_id=employee_id, table=COMPENSATION,
                              row_id=row_id, data=plain(body))


@route("get", "/employees/{id}/tables/employmentStatus",
       response_model=list[EmploymentStatusRowOut], **op(
           "hris_list_employment_status_rows", "List an employee's employment status history",
           _table_doc(EMPLOYMENT_STATUS, "date, employmentStatus, comment"), write=False))
async def list_employment_status_rows(ctx: CtxDep, employee_id: EmployeeId
                                      ) -> list[dict[str, Any]]:
    return service.list_rows(ctx=ctx, employee_id=employee_id, table=EMPLOYMENT_STATUS)


@route("post", "/employees/{id}/tables/employmentStatus",
       response_model=EmploymentStatusRowOut, **op(
           "hris_create_employment_status_row",
           "Add an employmentStatus row (termination, leave, return)",
           "Add a status row effective on `date`, e.g. `{\"date\": \"2026-03-13\", "
           "\"employmentStatus\": \"Terminated\"}`. A `Terminated` row sets the employee's "
           "terminationDate to its date (even if in the future) and, once its date has "
           "arrived, status Inactive; a later non-terminated row (rehire, return from leave) "
           "makes them Active again. Returns the new row.", write=True, roles=HR))
async def create_employment_status_row(ctx: CtxDep, employee_id: EmployeeId,
                                       body: EmploymentStatusRowCreate) -> dict[str, Any]:
    return service.create_row(ctx=ctx, employee_id=employee_id, table=EMPLOYMENT_STATUS,
                              data=plain(body))


@route("post", "/employees/{id}/tables/employmentStatus/{rowId}",
       response_model=EmploymentStatusRowOut, **op(
           "hris_update_employment_status_row", "Correct an employmentStatus row",
           "Change columns of an existing status row; the employee's status and "
           "terminationDate are recomputed. Returns the row.", write=True, roles=HR))
async def update_employment_status_row(ctx: CtxDep, employee_id: EmployeeId,
                                       row_id: EmploymentStatusRowId,
                                       body: EmploymentStatusRowUpdate) -> dict[str, Any]:
    return service.update_row(ctx=ctx, employee_id=employee_id, table=EMPLOYMENT_STATUS,
                              row_id=row_id, data=plain(body))


@router.api_route("/employees/{id}/tables/{table}", methods=["GET", "POST"],
                  include_in_schema=False)
async def unknown_table(ctx: CtxDep, table: str) -> None:
    raise not_found(f"Table {table!r} does not exist; the tables are {', '.join(TABLES)}.")


# -- time off ---------------------------------------------------------------------------------


@route("get", "/time_off/requests/", response_model=list[TimeOffRequestOut], **op(
    "hris_list_time_off_requests", "List time off requests",
    "Requests overlapping the start..end dates (both required). HR sees everyone's; a "
    "supervisor sees their direct reports' and their own; others only their own (asking "
    "for someone else's employeeId is a 403). Each request says in `actions` what the "
    "caller may do with it (approve, deny, cancel).", errors=(403,), write=False))
async def list_time_off_requests(
        ctx: CtxDep,
        start: Annotated[str, Query(description="Range start, YYYY-MM-DD.")],
        end: Annotated[str, Query(description="Range end, YYYY-MM-DD.")],
        status: Annotated[str | None, Query(
            description="Comma-separated: requested, approved, denied, canceled, superseded."
        )] = None,
        employee_id: Annotated[int | None, Query(
            alias="employeeId", description="Only this employee's requests.",
            json_schema_extra=entity("EmployeeId"))] = None,
        request_id: Annotated[int | None, Query(
            alias="id", description="Only this request.",
            json_schema_extra=entity("TimeOffRequestId"))] = None,
        type_ids: Annotated[str | None, Query(
            alias="type", description="Comma-separated time off type ids.")] = None,
        action: Annotated[str | None, Query(
            description="`view` (default) or `approve`: only requests the caller may "
                        "approve now.")] = None,
) -> list[dict[str, Any]]:
    return time_off.list_requests(ctx=ctx, start=start, end=end, status=status,
                                  employee_id=employee_id, request_id=request_id,
                                  type_ids=type_ids, action=action)


@route("put", "/employees/{id}/time_off/request", response_model=TimeOffRequestOut, **op(
    "hris_create_time_off_request", "Request time off",
    "File a time off request for the employee (yourself; HR may file for anyone). `amount` "
    "defaults to the weekdays between start and end. Only HR or the employee's supervisor "
    "may file it directly as `approved`. `previousRequest` supersedes an earlier request. "
    "Returns 201 with the request.", errors=(403, 409), write=True, status_code=201))
async def create_time_off_request(ctx: CtxDep, employee_id: EmployeeId,
                                  body: TimeOffRequestCreate) -> dict[str, Any]:
    return time_off.create_request(ctx=ctx, employee_id=employee_id, body=body)


@route("put", "/time_off/requests/{requestId}/status", response_model=TimeOffRequestOut, **op(
    "hris_update_time_off_request_status", "Approve, deny or cancel a time off request",
    "Set a request's status with an optional note. Approve or deny (`declined` is accepted "
    "for `denied`): HR or the employee's supervisor, and only while the request is "
    "`requested`. Cancel: the employee, their supervisor or HR, while requested or approved "
    "but not yet started. Other transitions are a 409. Returns the request.",
    errors=(403, 409), write=True))
async def update_time_off_request_status(
        ctx: CtxDep,
        request_id: Annotated[int, Path(alias="requestId", description="Request id.",
                                        json_schema_extra=entity("TimeOffRequestId"))],
        body: TimeOffStatusChange) -> dict[str, Any]:
    return time_off.change_status(ctx=ctx, request_id=request_id, body=body)


# -- meta -------------------------------------------------------------------------------------


@route("get", "/meta/time_off/types", response_model=TimeOffTypes, **op(
    "hris_list_time_off_types", "List time off types",
    "The time off types (id, name, units) to use as `timeOffTypeId`, and default working "
    "hours per weekday.", write=False))
async def list_time_off_types(ctx: CtxDep) -> dict[str, Any]:
    return time_off.list_types(ctx=ctx)


@route("get", "/meta/fields", response_model=list[MetaField], **op(
    "hris_list_fields", "List employee fields",
    "Every employee field: numeric id, name, type and alias (the API field name used in "
    "`fields=` and in employee writes).", write=False))
async def list_fields(ctx: CtxDep) -> list[dict[str, Any]]:
    return service.meta_fields()


@route("get", "/meta/lists", response_model=list[MetaList], **op(
    "hris_list_lists", "List the options of list fields",
    "Allowed values of the list fields department, division (team), location and "
    "employmentHistoryStatus.", write=False))
async def list_lists(ctx: CtxDep) -> list[dict[str, Any]]:
    return service.meta_lists(ctx=ctx)
