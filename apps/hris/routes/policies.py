"""Time off policies: the policy list, an employee's policies (v1, and v1.1 with every
policy type), their assignment, time off history and balance adjustments."""

from __future__ import annotations

from typing import Any

from arcadia.apps.hris import policies
from arcadia.apps.hris.routes.base import HR, PREFIX_V1_1, EmployeeId, new_router
from arcadia.apps.hris.schemas import (
    EmployeeTimeOffPolicy,
    EmployeeTimeOffPolicyV1_1,
    TimeOffBalanceAdjustmentIn,
    TimeOffHistoryIn,
    TimeOffHistoryOut,
    TimeOffPolicyAssignment,
    TimeOffPolicyOut,
)
from arcadia.apps.kernel import CtxDep, op, slash_alias

router = new_router()
route = slash_alias(router)


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
router_v1_1 = new_router(PREFIX_V1_1)
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
