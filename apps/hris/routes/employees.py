"""Employees: the directory, the custom report, one employee's fields (read, add,
update) and the cursor-paged list."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Request, Response

from arcadia.apps.hris import employee_reads, employee_writes, listing
from arcadia.apps.hris.routes.base import HR, EmployeeId, new_router
from arcadia.apps.hris.schemas import (
    CustomReport,
    CustomReportRequest,
    Directory,
    EmployeeCreate,
    EmployeeCreated,
    EmployeeFields,
    EmployeeList,
    EmployeeUpdate,
)
from arcadia.apps.kernel import CtxDep, Int64, invalid, json_response, op, slash_alias

router = new_router()
route = slash_alias(router)


@route("get", "/employees/directory", response_model=Directory, **op(
    "hris_get_directory", "Employee directory",
    "Every current (not terminated) employee with BambooHR's directory fieldset: id, names, "
    "job title, work email and phone, department, division (team), location and supervisor "
    "name. Use it to find an employee's id by name or email.", write=False))
async def get_directory(ctx: CtxDep) -> Response:
    return json_response(employee_reads.directory(ctx=ctx))


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
    return json_response(employee_reads.custom_report(ctx=ctx, title=body.title,
                                                      fields=body.fields))


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
    return json_response(employee_reads.get_employee(
        ctx=ctx, employee_id=employee_id, fields=fields, only_current=only_current))


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
    new_id = employee_writes.create_employee(ctx=ctx, body=body)
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
    return employee_writes.update_employee(ctx=ctx, employee_id=employee_id, body=body)


@route("get", "/employees", response_model=EmployeeList, **op(
    "hris_list_employees", "List employees (cursor-paged)",
    "Employees (terminated ones included) with employeeId, firstName, lastName, "
    "preferredName, photoUrl, jobTitleName, status, plus the optional `fields`; fields the "
    "caller may not see are null and named in `_restrictedFields`. Filters are "
    "case-insensitive substrings (filter[firstName], filter[lastName], "
    "filter[jobTitleName]), filter[status] (active|inactive) and filter[ids] (comma "
    "separated). Page with page[limit] (1-2500, default 250) and page[after] = the previous "
    "page's meta.page.nextCursor.", write=False))
async def list_employees(
        ctx: CtxDep, request: Request,
        first_name: Annotated[str | None, Query(alias="filter[firstName]", description=(
            "First name contains (case-insensitive)."))] = None,
        last_name: Annotated[str | None, Query(alias="filter[lastName]", description=(
            "Last name contains (case-insensitive)."))] = None,
        job_title: Annotated[str | None, Query(alias="filter[jobTitleName]", description=(
            "Job title contains (case-insensitive)."))] = None,
        status: Annotated[str | None, Query(alias="filter[status]", description=(
            "`active` or `inactive`."))] = None,
        ids: Annotated[list[str] | None, Query(alias="filter[ids]", description=(
            "Employee ids, as a list (`[\"1010\", \"1011\"]`; an item may itself be "
            "comma separated, as the product takes `filter[ids]=1010,1011`)."))] = None,
        ids_list: Annotated[list[str] | None, Query(alias="filter[ids][]", description=(
            "Employee ids, one per repeated key."))] = None,
        sort: Annotated[str | None, Query(description=(
            "Comma-separated employeeId, firstName, lastName, preferredName, jobTitleName, "
            "status; prefix - for descending. Default employeeId."))] = None,
        fields: Annotated[str | None, Query(description=(
            "Comma-separated optional fields: divisionName, departmentName, locationName, "
            "employmentStatusName, or any field GET /employees/{id} takes (name or numeric "
            "id, e.g. workEmail,hireDate,supervisorEmail,reportsToId), with the value it "
            "answers; unknown names are ignored."))] = None,
        limit: Annotated[Int64 | None, Query(alias="page[limit]", description=(
            "Page size, 1-2500 (default 250)."))] = None,
        after: Annotated[str | None, Query(alias="page[after]", description=(
            "The previous page's nextCursor."))] = None,
        before: Annotated[str | None, Query(alias="page[before]", description=(
            "Not supported: page forward with page[after]."))] = None,
) -> Response:
    return json_response(listing.list_employees(
        ctx=ctx, url=str(request.url),
        filters={"firstName": first_name, "lastName": last_name, "jobTitleName": job_title,
                 "status": status},
        ids=[*(ids or []), *(ids_list or [])], sort=sort, fields=fields, limit=limit,
        after=after, before=before))
