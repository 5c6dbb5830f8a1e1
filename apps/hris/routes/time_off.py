"""Time off requests (list, request, approve / deny / cancel), who's out and balances."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Response

from arcadia.apps.hris import time_off
from arcadia.apps.hris.routes.base import EmployeeId, new_router
from arcadia.apps.hris.schemas import (
    TimeOffBalance,
    TimeOffRequestCreate,
    TimeOffRequestOut,
    TimeOffStatusChange,
    WhosOutEntry,
)
from arcadia.apps.kernel import CtxDep, Id, Int64, entity, json_response, op, path_id, slash_alias

router = new_router()
route = slash_alias(router)


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
        request_id: Annotated[Id, path_id("TimeOffRequestId", "Request id.",
                                          alias="requestId")],
        body: TimeOffStatusChange) -> dict[str, Any]:
    return time_off.change_status(ctx=ctx, request_id=request_id, body=body)


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
    return json_response(time_off.whos_out(ctx=ctx, start=start, end=end))


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
    return json_response(time_off.balances(ctx=ctx, employee_id=employee_id, end=end,
                                           precision=precision))
