"""The company's pay schedule."""

from __future__ import annotations

from fastapi import APIRouter

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.payroll import company_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import READ, CompanyId, PayScheduleId

router = APIRouter(prefix="/v1")


@router.get("/companies/{company_id}/pay_schedules/{pay_schedule_id}", **op(
    "payroll_get_pay_schedule", "Get a pay schedule",
    "One pay schedule with its `version`, `auto_payroll` and what blocks automatic payroll.",
    errors=(404,), write=False, roles=READ))
async def get_pay_schedule(ctx: CtxDep, company_id: CompanyId, pay_schedule_id: PayScheduleId
                           ) -> s.PaySchedulePublic:
    return company_service.pay_schedule_public(
        session=ctx.session, company_uuid=company_id, pay_schedule_uuid=pay_schedule_id,
        today=ctx.now.date())


@router.get("/companies/{company_id}/pay_schedules", **op(
    "payroll_list_pay_schedules", "Get the pay schedules for a company",
    "The company's pay schedules (one, twice per month).", errors=(404,), write=False, roles=READ))
async def list_pay_schedules(ctx: CtxDep, company_id: CompanyId
                             ) -> list[s.PaySchedulePublic]:
    return company_service.list_pay_schedules(session=ctx.session, company_uuid=company_id,
                                              today=ctx.now.date())
