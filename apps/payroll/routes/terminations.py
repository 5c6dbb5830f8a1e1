"""Terminations and employment history."""

from __future__ import annotations

from fastapi import APIRouter, Response

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.payroll import job_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import READ, WRITE, EmployeeId, no_content

router = APIRouter(prefix="/v1")


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
