"""Jobs and their effective-dated compensations."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.payroll import job_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    READ,
    WRITE,
    CompensationId,
    EmployeeId,
    JobId,
    no_content,
)

router = APIRouter(prefix="/v1")
JobInclude = Annotated[str | None, Query(description="`all_compensations` to list every "
                                         "effective-dated compensation, not only the current "
                                         "one.")]


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
