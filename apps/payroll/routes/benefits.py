"""The company's benefit plans and the employees' enrolments."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from arcadia.apps.kernel import CtxDep, op, page_headers
from arcadia.apps.payroll import pay_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    PAGED,
    READ,
    CompanyBenefitId,
    CompanyId,
    EmployeeBenefitId,
    EmployeeId,
    PageNo,
    Per,
)

router = APIRouter(prefix="/v1")
# The routes that name one plan or enrolment by its UUID: the app lists them before the payrolls,
# the others after (see `routes/__init__.py`).
item_router = APIRouter(prefix="/v1")


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


@item_router.get("/company_benefits/{company_benefit_id}", **op(
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


@item_router.get("/company_benefits/{company_benefit_id}/employee_benefits", **op(
    "payroll_list_benefit_enrolments", "Get all employee benefits for a company benefit",
    "Every employee's enrolment in the plan. " + PAGED, errors=(404,), write=False,
    roles=READ))
async def list_benefit_enrolments(ctx: CtxDep, request: Request, response: Response,
                                  company_benefit_id: CompanyBenefitId, page: PageNo = 1,
                                  per: Per = 25) -> list[s.EmployeeBenefitPublic]:
    items, result = pay_service.list_benefit_enrolments(
        ctx=ctx, company_benefit_uuid=company_benefit_id, page=page, per=per)
    response.headers.update(page_headers(request.url, result))
    return items


@item_router.get("/employee_benefits/{employee_benefit_id}", **op(
    "payroll_get_employee_benefit", "Get an employee benefit",
    "One enrolment: the per-period deduction and company contribution.",
    errors=(404,), write=False, roles=READ))
async def get_employee_benefit(ctx: CtxDep, employee_benefit_id: EmployeeBenefitId
                               ) -> s.EmployeeBenefitPublic:
    return pay_service.employee_benefit_public(session=ctx.session,
                                               employee_benefit_uuid=employee_benefit_id)
