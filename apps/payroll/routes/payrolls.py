"""Payrolls: list, blockers, get, update, delete, prepare, calculate, submit, cancel, skip,
off-cycle payrolls, receipts, gross up; and pay stubs."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request, Response

from arcadia.apps.kernel import CtxDep, op, page_headers
from arcadia.apps.payroll import calculation, off_cycle, pay_service, run_common, run_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    PAGED,
    READ,
    WRITE,
    CompanyId,
    EmployeeId,
    PageNo,
    PayrollId,
    Per,
)

router = APIRouter(prefix="/v1")
SortBy = Annotated[str | None, Query(max_length=200, description="Order employee compensations "
                                    "by first_name and/or last_name, each optionally "
                                    ":asc or :desc (default last_name,first_name).")]


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
    response.headers.update(page_headers(request.url, result))
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
    response.headers.update(page_headers(request.url, result))
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
