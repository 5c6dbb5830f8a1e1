"""BambooHR's REST paths under `/api/gateway.php/{companyDomain}/v1` (thin: rules live in
`service.py` and `time_off.py`).

BambooHR clients call some paths with and some without a trailing slash; each route is
also registered under the other spelling, hidden from the OpenAPI document.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response

from arcadia.apps.hris import (
    changes,
    employee_reads,
    employee_writes,
    listing,
    policies,
    service,
    tables,
    time_off,
)
from arcadia.apps.hris import company as company_info
from arcadia.apps.hris.schemas import (
    ChangedEmployees,
    ChangedTableData,
    CompanyInformationOut,
    CustomReport,
    CustomReportRequest,
    Directory,
    EmployeeCreate,
    EmployeeCreated,
    EmployeeFields,
    EmployeeList,
    EmployeeTimeOffPolicy,
    EmployeeTimeOffPolicyV1_1,
    EmployeeUpdate,
    MetaField,
    MetaList,
    TableRowDeleted,
    TableRowIn,
    TableRowOut,
    TabularField,
    TimeOffBalance,
    TimeOffBalanceAdjustmentIn,
    TimeOffHistoryIn,
    TimeOffHistoryOut,
    TimeOffPolicyAssignment,
    TimeOffPolicyOut,
    TimeOffRequestCreate,
    TimeOffRequestOut,
    TimeOffStatusChange,
    TimeOffTypes,
    UserOut,
    WhosOutEntry,
    plain,
)
from arcadia.apps.hris.xmlio import BambooHRRoute
from arcadia.apps.kernel import (
    ERROR_DESCRIPTIONS,
    CtxDep,
    Id,
    Int64,
    entity,
    invalid,
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

EmployeeId = Annotated[Id, Path(
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
    return employee_reads.directory(ctx=ctx)


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
    return employee_reads.custom_report(ctx=ctx, title=body.title, fields=body.fields)


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
    return employee_reads.get_employee(ctx=ctx, employee_id=employee_id, fields=fields,
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


# -- tables ---------------------------------------------------------------------------------

TableName = Annotated[str, Path(
    alias="table", description="Table name (alias), e.g. `jobInfo`, `compensation`, "
    "`employmentStatus`, `emergencyContacts`, `dependents`, `bonus`; GET /meta/tables lists "
    "them.", json_schema_extra=entity("TableName"))]
RowId = Annotated[Id, Path(alias="rowId", description="Row id (from the table's GET).",
                            json_schema_extra=entity("TableRowId"))]
_TABLE_READ = (
    "The rows are oldest first (by date, then id). For jobInfo, compensation and "
    "employmentStatus the employee's current values are those of the newest row whose date "
    "has arrived. jobInfo and employmentStatus are readable by every employee; the other "
    "tables (pay, contacts, dependents, assets, ...) by HR, payroll and the employee "
    "themself; anyone else gets 403. An unknown table is a 404.")


@route("get", "/employees/all/tables/{table}", response_model=list[TableRowOut], **op(
    "hris_list_all_table_rows", "List a table's rows for every employee",
    "Every employee's rows of one table (terminated employees included), by employee id then "
    "date, each row carrying its `employeeId`. Callers who may not see a table's rows for "
    "everyone (see GET /employees/{id}/tables/{table}) get only their own. "
    + _TABLE_READ, write=False))
async def list_all_table_rows(ctx: CtxDep, table: TableName) -> Response:
    return tables.list_all_rows(ctx=ctx, alias=table)


@route("get", "/employees/{id}/tables/{table}", response_model=list[TableRowOut], **op(
    "hris_list_table_rows", "List an employee's rows of a table",
    "One employee's rows of a standard table, e.g. GET /employees/42/tables/jobInfo (job "
    "history), /compensation (pay history), /employmentStatus, /emergencyContacts. "
    + _TABLE_READ, errors=(403,), write=False))
async def list_table_rows(ctx: CtxDep, employee_id: EmployeeId, table: TableName) -> Response:
    return tables.list_rows(ctx=ctx, employee_id=employee_id, alias=table)


@route("post", "/employees/{id}/tables/{table}", response_model=TableRowOut, **op(
    "hris_create_table_row", "Add a row to an employee's table",
    "Add a row with the table's fields (GET /meta/tables). jobInfo (promotion, transfer, new "
    "manager): `date` required; columns not sent carry forward from the row in force on that "
    "date; `reportsTo` takes the supervisor's employee id. compensation (raise, pay change): "
    "`startDate` and `rate` (e.g. `{\"value\": \"92000\", \"currency\": \"USD\"}`) "
    "required; type, paidPer and exempt carry forward; Hourly is paid per Hour, Salary per "
    "Year/Month/Week/Day. employmentStatus (termination, leave, return): `date` and "
    "`employmentStatus` required; a `Terminated` row sets the employee's terminationDate to "
    "its date and, once the date has arrived, status Inactive. A history row that is the "
    "newest in effect changes the employee's current values. The other tables just hold "
    "rows (emergencyContacts: `name`; dependents: `firstName`, `lastName`; bonus and "
    "commission: `date`, `amount`; earnings: `date`, `priorYear`; employeeAssets: "
    "`category`; employeeCertifications: `title`). Returns the new row.",
    write=True, roles=HR))
async def create_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           body: TableRowIn) -> Response:
    return tables.create_row(ctx=ctx, employee_id=employee_id, alias=table, data=plain(body))


@route("post", "/employees/{id}/tables/{table}/{rowId}", response_model=TableRowOut, **op(
    "hris_update_table_row", "Correct a row of an employee's table",
    "Change some columns of an existing row; the others stay. For jobInfo, compensation and "
    "employmentStatus the employee's current values are recomputed (title, pay, status, "
    "terminationDate). Required columns cannot be cleared. Returns the row.",
    write=True, roles=HR))
async def update_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           row_id: RowId, body: TableRowIn) -> Response:
    return tables.update_row(ctx=ctx, employee_id=employee_id, alias=table, row_id=row_id,
                             data=plain(body))


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
        employee_id: Annotated[Id | None, Query(
            alias="employeeId", description="Only this employee's requests.",
            json_schema_extra=entity("EmployeeId"))] = None,
        request_id: Annotated[Id | None, Query(
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
        request_id: Annotated[Id, Path(alias="requestId", description="Request id.",
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


# -- tables meta, who's out, balances, last changes, the paged list ---------------------------


@route("get", "/meta/tables", response_model=list[TabularField], **op(
    "hris_list_tables", "List the tables and their fields",
    "Every standard table (the `{table}` of the table routes) with its fields: id, name, "
    "alias (the key in rows and writes) and type.", write=False))
async def list_tables(ctx: CtxDep) -> list[dict[str, Any]]:
    return tables.meta_tables()


@route("get", "/time_off/whos_out", response_model=list[WhosOutEntry], **op(
    "hris_list_whos_out", "List who's out",
    "Employees on approved time off and company holidays overlapping start..end, sorted by "
    "start date. Without dates: today through 14 days ahead (without `end`: 14 days after "
    "`start`). Entries are `timeOff` (with employeeId and the employee's name) or "
    "`holiday`. The range may span at most three years; a malformed date is a 400.",
    errors=(400,), write=False))
async def list_whos_out(
        ctx: CtxDep,
        start: Annotated[str | None, Query(description="First day, YYYY-MM-DD; default "
                                           "today.")] = None,
        end: Annotated[str | None, Query(description="Last day, YYYY-MM-DD; default 14 days "
                                         "after start.")] = None,
        filter: Annotated[str | None, Query(  # noqa: A002 (BambooHR's name)
            description="`off` to disable the Who's Out visibility filter; everyone's "
                        "absences are visible here either way.")] = None,
) -> Response:
    return service.json_response(time_off.whos_out(ctx=ctx, start=start, end=end))


@route("get", "/employees/{id}/time_off/calculator", response_model=list[TimeOffBalance],
       **op("hris_get_time_off_balance", "Get an employee's time off balances",
            "Per time off policy the employee holds (GET /employees/{id}/time_off/policies), "
            "the balance as of `end` (default today) and the approved time off used this "
            "year up to `end`. Accruing policies earn days_per_year / 12 on the first of "
            "each month from the accrual start (Vacation 15 a year, Sick 6); manual ones "
            "grant the year's days on 1 January (Personal 3); discretionary ones keep no "
            "balance. balance = granted this year to `end` - used + balance adjustments "
            "dated this year up to `end`; balances reset each 1 January. Approved requests "
            "count as their days arrive, so a future `end` projects the balance. Visible to "
            "the employee, their supervisor and HR; anyone else gets 403.", errors=(403,),
            write=False))
async def get_time_off_balance(
        ctx: CtxDep, employee_id: EmployeeId,
        end: Annotated[str | None, Query(description="Balance as of this day, YYYY-MM-DD; "
                                         "default today.")] = None,
        precision: Annotated[Int64, Query(description="Decimal places of balance and "
                                        "usedYearToDate, 0 to 4.")] = 2,
) -> Response:
    return service.json_response(time_off.balances(ctx=ctx, employee_id=employee_id, end=end,
                                                   precision=precision))


_SINCE = Annotated[str, Query(description="ISO 8601 timestamp, e.g. 2026-03-01T00:00:00Z; "
                              "changes after it are returned.")]


@route("get", "/employees/changed", response_model=ChangedEmployees, **op(
    "hris_list_changed_employees", "List employees changed since a time",
    "Employees whose record (any field, or any row of their tables) changed after `since`, "
    "keyed by id, each with `action` (Inserted when created after `since`, else Updated) "
    "and `lastChanged`; `latest` is the newest lastChanged. `type` narrows to inserted, "
    "updated or deleted (employees are never deleted here).", write=False))
async def list_changed_employees(
        ctx: CtxDep, since: _SINCE,
        type: Annotated[str | None, Query(  # noqa: A002 (BambooHR's name)
            description="`inserted`, `updated`, `deleted` or `all` (default).")] = None,
) -> dict[str, Any]:
    return changes.changed_employees(ctx=ctx, since=since, type=type)


@route("get", "/employees/changed/tables/{table}", response_model=ChangedTableData, **op(
    "hris_list_changed_table_rows", "List a table's rows of employees changed since a time",
    "For each employee changed after `since` (any field or table row), all their rows of "
    "the table, keyed by employee id with the employee's lastChanged. Rows the caller may "
    "not see (see GET /employees/{id}/tables/{table}) are left out. Unknown tables are a "
    "404.", write=False))
async def list_changed_table_rows(ctx: CtxDep, table: TableName, since: _SINCE) -> Response:
    return changes.changed_table(ctx=ctx, alias=table, since=since)


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
            "Employee ids, comma separated or repeated."))] = None,
        ids_list: Annotated[list[str] | None, Query(alias="filter[ids][]", description=(
            "Employee ids, one per repeated key."))] = None,
        sort: Annotated[str | None, Query(description=(
            "Comma-separated employeeId, firstName, lastName, preferredName, jobTitleName, "
            "status; prefix - for descending. Default employeeId."))] = None,
        fields: Annotated[str | None, Query(description=(
            "Comma-separated optional fields, e.g. workEmail,hireDate,departmentName,"
            "reportsToId; unknown names are ignored."))] = None,
        limit: Annotated[Int64 | None, Query(alias="page[limit]", description=(
            "Page size, 1-2500 (default 250)."))] = None,
        after: Annotated[str | None, Query(alias="page[after]", description=(
            "The previous page's nextCursor."))] = None,
        before: Annotated[str | None, Query(alias="page[before]", description=(
            "Not supported: page forward with page[after]."))] = None,
) -> Response:
    return service.json_response(listing.list_employees(
        ctx=ctx, url=str(request.url),
        filters={"firstName": first_name, "lastName": last_name, "jobTitleName": job_title,
                 "status": status},
        ids=[*(ids or []), *(ids_list or [])], sort=sort, fields=fields, limit=limit,
        after=after, before=before))


def _static_first(paths: tuple[str, ...]) -> None:
    """Match these paths (both slash spellings) before the earlier `{id}` routes that would
    otherwise take `changed` or `all` for an employee id."""
    wanted = {PREFIX + p for p in paths}
    first = [r for r in router.routes if getattr(r, "path", "").rstrip("/") in wanted]
    router.routes[:] = first + [r for r in router.routes if r not in first]


@route("delete", "/employees/{id}/tables/{table}/{rowId}", response_model=TableRowDeleted,
       response_model_exclude_none=True, **op(
           "hris_delete_table_row", "Delete a row of an employee's table",
           "Delete one row. Returns `{\"success\": true}`, or `{\"success\": false, "
           "\"error\"}` when the employee has no such row. For jobInfo, compensation and "
           "employmentStatus the employee's current values are recomputed (deleting a "
           "Terminated row undoes the termination); deleting the only row in effect today "
           "is a 409: add its replacement first.", errors=(409,), write=True, roles=HR))
async def delete_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           row_id: RowId) -> dict[str, Any]:
    return tables.delete_row(ctx=ctx, employee_id=employee_id, alias=table, row_id=row_id)


# -- time off policies, company information, users (policies.py) --


@route("get", "/company_information", response_model=CompanyInformationOut, **op(
    "hris_get_company_information", "Get company information",
    "The company's legal name, display name, primary address (its headquarters) and main "
    "phone number.", write=False))
async def get_company_information(ctx: CtxDep) -> dict[str, Any]:
    return company_info.company_information(ctx=ctx)


@route("get", "/meta/users", response_model=dict[str, UserOut],
       response_model_exclude_none=True, **op(
           "hris_list_users", "List users",
           "The HRIS's users (logins), as an object keyed by user id: id, employeeId (the "
           "linked employee record), firstName, lastName, email (work email, else the "
           "account's), status (`enabled`, or `disabled` for a terminated employee) and "
           "lastLogin (omitted if the user never logged in). A user id is not an employee "
           "id.", write=False, roles=("hr", "it")))
async def list_users(ctx: CtxDep, status: Annotated[str | None, Query(
        description="Comma-separated statuses to keep: `enabled`, `disabled`. Unrecognised "
                    "values are ignored; with none recognised every user is returned.")
        ] = None) -> dict[str, dict[str, Any]]:
    return company_info.list_users(ctx=ctx, status=status)


@route("get", "/meta/time_off/policies", response_model=list[TimeOffPolicyOut], **op(
    "hris_list_time_off_policies", "List time off policies",
    "Every time off policy, alphabetically by name: id (the timeOffPolicyId to assign), "
    "timeOffTypeId, name and type: `accruing` (earns days through the year), `manual` (a "
    "yearly grant) or `discretionary` (unlimited; no balance kept).", write=False))
async def list_time_off_policies(ctx: CtxDep) -> list[dict[str, Any]]:
    return policies.list_policies(ctx=ctx)


@route("get", "/employees/{id}/time_off/policies", response_model=list[EmployeeTimeOffPolicy],
       **op("hris_list_employee_time_off_policies", "List an employee's time off policies",
            "The accruing policies assigned to the employee and the date their accruals "
            "started (manual and discretionary policies the employee holds are not listed, "
            "as in BambooHR's v1). Visible to the employee, their supervisor and HR; anyone "
            "else gets 403.", errors=(403,), write=False))
async def list_employee_time_off_policies(ctx: CtxDep, employee_id: EmployeeId
                                          ) -> list[dict[str, Any]]:
    return policies.employee_policies(ctx=ctx, employee_id=employee_id)


@route("put", "/employees/{id}/time_off/policies", response_model=list[EmployeeTimeOffPolicy],
       **op("hris_assign_time_off_policies", "Assign time off policies to an employee",
            "Assign policies with accruals starting on `accrualStartDate`, e.g. "
            "`[{\"timeOffPolicyId\": 1, \"accrualStartDate\": \"2026-03-01\"}]`; a null "
            "`accrualStartDate` removes that policy from the employee. An employee holds one "
            "policy per time off type: to switch, remove the held one in the same request. "
            "The employee needs a hire date. Returns the employee's accruing policies.",
            write=True, roles=HR))
async def assign_time_off_policies(ctx: CtxDep, employee_id: EmployeeId,
                                   body: list[TimeOffPolicyAssignment]
                                   ) -> list[dict[str, Any]]:
    return policies.assign_policies(ctx=ctx, employee_id=employee_id, body=body)


@route("put", "/employees/{id}/time_off/history", response_model=TimeOffHistoryOut, **op(
    "hris_create_time_off_history", "Add a time off history item",
    "Record an item in the employee's time off history on `date`. `used` (the default) "
    "records an approved request's time off: give `timeOffRequestId` (the type and amount "
    "are the request's; one item per request, a second is a 409). `override` adjusts the "
    "balance: give `timeOffTypeId` and `amount` (positive adds, negative takes away), as "
    "PUT .../time_off/balance_adjustment does. Returns 201 with the item.",
    errors=(409,), write=True, roles=HR, status_code=201))
async def create_time_off_history(ctx: CtxDep, employee_id: EmployeeId,
                                  body: TimeOffHistoryIn) -> dict[str, Any]:
    return policies.add_history(ctx=ctx, employee_id=employee_id, body=body)


@route("put", "/employees/{id}/time_off/balance_adjustment", response_model=TimeOffHistoryOut,
       **op("hris_adjust_time_off_balance", "Adjust an employee's time off balance",
            "Add `amount` days of a time off type (`timeOffTypeId`) to the employee's balance "
            "on `date` (negative takes away), with an optional note; it is recorded as an "
            "`override` time off history item. A type the employee holds a discretionary "
            "(unlimited) policy for keeps no balance and cannot be adjusted. Returns 201 "
            "with the history item.", write=True, roles=HR, status_code=201))
async def adjust_time_off_balance(ctx: CtxDep, employee_id: EmployeeId,
                                  body: TimeOffBalanceAdjustmentIn) -> dict[str, Any]:
    return policies.adjust_balance(ctx=ctx, employee_id=employee_id, body=body)


# BambooHR's v1.1 of the employee's policies lists manual and discretionary ones too.
router_v1_1 = APIRouter(prefix="/api/gateway.php/{companyDomain}/v1_1",
                        dependencies=[Depends(company)],
                        responses={404: {"description": ERROR_DESCRIPTIONS[404]}},
                        route_class=BambooHRRoute)
route_v1_1 = slash_alias(router_v1_1)


@route_v1_1("get", "/employees/{id}/time_off/policies",
            response_model=list[EmployeeTimeOffPolicyV1_1], **op(
                "hris_list_employee_time_off_policies_all_types",
                "List an employee's time off policies (v1.1: every policy type)",
                "Every policy assigned to the employee: accruing ones with the date their "
                "accruals started, manual and discretionary (unlimited) ones with a null "
                "accrualStartDate. Visible to the employee, their supervisor and HR; anyone "
                "else gets 403.", errors=(403,), write=False))
async def list_employee_time_off_policies_v1_1(ctx: CtxDep, employee_id: EmployeeId
                                               ) -> list[dict[str, Any]]:
    return policies.employee_policies(ctx=ctx, employee_id=employee_id, every=True)


@route_v1_1("put", "/employees/{id}/time_off/policies",
            response_model=list[EmployeeTimeOffPolicyV1_1], **op(
                "hris_assign_time_off_policies_all_types",
                "Assign time off policies to an employee (v1.1: returns every policy type)",
                "As PUT /v1/employees/{id}/time_off/policies (a null accrualStartDate "
                "removes a policy; one policy per time off type), returning every policy the "
                "employee holds, manual and discretionary ones with a null "
                "accrualStartDate.", write=True, roles=HR))
async def assign_time_off_policies_v1_1(ctx: CtxDep, employee_id: EmployeeId,
                                        body: list[TimeOffPolicyAssignment]
                                        ) -> list[dict[str, Any]]:
    return policies.assign_policies(ctx=ctx, employee_id=employee_id, body=body, every=True)


_static_first(("/employees/changed", "/employees/changed/tables/{table}",
               "/employees/all/tables/{table}"))
