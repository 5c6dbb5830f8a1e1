"""Payroll's rules for pay schedules, processed payrolls, pay stubs, bank accounts and
benefits. Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from arcadia.apps.kernel import (
    Ctx,
    Page,
    conflict,
    get_or_404,
    invalid,
    iso,
    not_found,
    paginate,
    parse_list,
)
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payrun, views
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.service import get_company, get_employee, parse_includes

PAYROLL_INCLUDES = ("taxes", "payroll_status_meta", "totals", "risk_blockers", "reversals")
PAYROLL_GET_INCLUDES = ("benefits", "deductions", "taxes", "payroll_status_meta", "totals")
PROCESSING_STATUSES = ("processed", "unprocessed")
PAYROLL_TYPES = ("regular", "off_cycle", "external")


# --- payrolls ----------------------------------------------------------------------------


def _csv(field: str, value: str | None, allowed: Sequence[str], default: Sequence[str]
         ) -> set[str]:
    return set(parse_list(value, field, allowed=allowed)) or set(default)


def list_payrolls(*, ctx: Ctx, company_uuid: str, processing_statuses: str | None,
                  payroll_types: str | None, processed: bool | None,
                  include_off_cycle: bool | None, include: str | None,
                  start_date: date | None, end_date: date | None,
                  date_filter_by: str | None, sort_order: str | None, page: int, per: int
                  ) -> tuple[list[s.PayrollPublic], Page[m.Payroll]]:
    get_company(ctx.session, company_uuid)
    statuses = _csv("processing_statuses", processing_statuses, PROCESSING_STATUSES,
                    ("processed",))
    if processed is not None:
        statuses = {"processed" if processed else "unprocessed"}
    types = _csv("payroll_types", payroll_types, PAYROLL_TYPES, ("regular",))
    if include_off_cycle:
        types.add("off_cycle")
    includes = parse_includes(include, PAYROLL_INCLUDES)
    if date_filter_by not in (None, "check_date"):
        raise invalid("date_filter_by accepts only check_date "
                      "(leave it out to filter by pay period).", "date_filter_by")
    if sort_order not in (None, "asc", "desc"):
        raise invalid("sort_order is asc or desc.", "sort_order")
    end = end_date or ctx.now.date()
    if start_date is not None and start_date > end:
        raise invalid(f"start_date {start_date} is after end_date {end}.", "start_date")
    P = m.Payroll
    stmt = select(P).where(P.company_uuid == company_uuid,
                           col(P.processed).in_([st == "processed" for st in statuses]))
    kinds = []
    if "regular" in types:
        kinds.append((P.off_cycle == False) & (P.external == False))  # noqa: E712
    if "off_cycle" in types:
        kinds.append(P.off_cycle == True)  # noqa: E712
    if "external" in types:
        kinds.append(P.external == True)  # noqa: E712
    stmt = stmt.where(or_(*kinds))
    if date_filter_by == "check_date":
        stmt = stmt.where(P.check_date <= end)
        if start_date is not None:
            stmt = stmt.where(P.check_date >= start_date)
    else:
        stmt = stmt.where(P.end_date <= end)
        if start_date is not None:
            stmt = stmt.where(P.start_date >= start_date)
    order = col(P.check_date).desc() if sort_order == "desc" else col(P.check_date).asc()
    result = paginate(ctx.session, stmt.order_by(order, col(P.uuid)), page=page, per=per)
    totals = _totals(ctx.session, [p.uuid for p in result.items]) if "totals" in includes \
        else {}
    return [_payroll(p, totals=totals.get(p.uuid), employee_compensations=None)
            for p in result.items], result


def _payroll(row: m.Payroll, *, totals: s.PayrollTotals | None,
             employee_compensations: list[s.EmployeeCompensation] | None) -> s.PayrollPublic:
    return s.PayrollPublic(
        uuid=row.uuid, payroll_uuid=row.uuid, company_uuid=row.company_uuid,
        processed=row.processed, processed_date=iso(row.processed_date),
        calculated_at=iso(row.calculated_at), check_date=row.check_date.isoformat(),
        payroll_deadline=row.payroll_deadline.isoformat(), off_cycle=row.off_cycle,
        external=row.external, auto_pilot=False,
        pay_period=s.PayPeriod(start_date=row.start_date.isoformat(),
                               end_date=row.end_date.isoformat(),
                               pay_schedule_uuid=row.pay_schedule_uuid),
        created_at=row.created_at.isoformat(), totals=totals,
        employee_compensations=employee_compensations)


def _totals(session: Session, payroll_uuids: Sequence[str]) -> dict[str, s.PayrollTotals]:
    PEC = m.PayrollEmployeeCompensation
    sums: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for r in session.exec(select(PEC).where(col(PEC.payroll_uuid).in_(payroll_uuids))).all():
        acc = sums[r.payroll_uuid]
        for field in ("gross_pay", "net_pay", "check_amount", "employee_taxes",
                      "employer_taxes", "benefit_deductions", "company_contributions"):
            acc[field] += Decimal(getattr(r, field))
    out = {}
    for uuid in payroll_uuids:
        t = sums[uuid]
        zero = "0.00"
        taxes = t["employee_taxes"] + t["employer_taxes"]
        out[uuid] = s.PayrollTotals(
            company_debit=payrun.text(t["net_pay"] + taxes + t["company_contributions"]
                                      + t["benefit_deductions"]),
            net_pay_debit=payrun.text(t["net_pay"]), tax_debit=payrun.text(taxes),
            reimbursement_debit=zero, child_support_debit=zero, reimbursements=zero,
            net_pay=payrun.text(t["net_pay"]), gross_pay=payrun.text(t["gross_pay"]),
            employee_bonuses=zero, employee_commissions=zero, employee_cash_tips=zero,
            employee_paycheck_tips=zero, additional_earnings=zero, owners_draw=zero,
            check_amount=payrun.text(t["check_amount"]),
            employer_taxes=payrun.text(t["employer_taxes"]),
            employee_taxes=payrun.text(t["employee_taxes"]),
            benefits=payrun.text(t["company_contributions"]),
            employee_benefits_deductions=payrun.text(t["benefit_deductions"]),
            imputed_pay=zero, deferred_payroll_taxes=zero, other_deductions=zero)
    return out


def get_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str, include: str | None,
                sort_by: str | None, page: int, per: int
                ) -> tuple[s.PayrollPublic, Page[m.PayrollEmployeeCompensation]]:
    get_company(ctx.session, company_uuid)
    parse_includes(include, PAYROLL_GET_INCLUDES)
    row = ctx.session.get(m.Payroll, payroll_uuid)
    if row is None or row.company_uuid != company_uuid:
        raise not_found(f"Payroll {payroll_uuid} was not found. List the company's payrolls "
                        "with GET /v1/companies/{company_id}/payrolls.",
                        meta={"entity_type": "Payroll", "entity_uuid": payroll_uuid})
    if sort_by not in (None, "first_name", "last_name"):
        raise invalid("sort_by is first_name or last_name.", "sort_by")
    PEC, E = m.PayrollEmployeeCompensation, m.Employee
    stmt = (select(PEC).join(E, col(E.uuid) == col(PEC.employee_uuid))
            .where(PEC.payroll_uuid == row.uuid))
    if sort_by == "first_name":
        stmt = stmt.order_by(col(E.first_name), col(E.last_name))
    else:
        stmt = stmt.order_by(col(E.last_name), col(E.first_name))
    result = paginate(ctx.session, stmt.order_by(col(PEC.employee_uuid)), page=page, per=per)
    comps = _employee_compensations(ctx.session, row, result.items)
    return _payroll(row, totals=_totals(ctx.session, [row.uuid])[row.uuid],
                    employee_compensations=comps), result


def _employee_compensations(session: Session, payroll: m.Payroll,
                            rows: Sequence[m.PayrollEmployeeCompensation]
                            ) -> list[s.EmployeeCompensation]:
    uuids = [r.employee_uuid for r in rows]
    people = {e.uuid: e for e in session.exec(select(m.Employee)
                                              .where(col(m.Employee.uuid).in_(uuids))).all()}
    deductions = _deductions(session, uuids, payroll.end_date)
    out = []
    for r in rows:
        e = people[r.employee_uuid]
        gross = Decimal(r.gross_pay)
        out.append(s.EmployeeCompensation(
            employee_uuid=r.employee_uuid, excluded=False, first_name=e.first_name,
            preferred_first_name=e.preferred_first_name, last_name=e.last_name,
            gross_pay=float(gross), net_pay=float(Decimal(r.net_pay)),
            check_amount=float(Decimal(r.check_amount)), payment_method=r.payment_method,
            memo=None, fixed_compensations=[],
            hourly_compensations=[s.HourlyCompensation(
                name="Regular Hours", hours=r.hours, amount=r.gross_pay, job_uuid=r.job_uuid,
                compensation_multiplier=1.0, flsa_status=r.flsa_status)],
            paid_time_off=[], reimbursements=[],
            deductions=deductions.get(r.employee_uuid, [])
            if Decimal(r.benefit_deductions) > 0 else []))
    return out


def _deductions(session: Session, employee_uuids: Sequence[str], period_end: date
                ) -> dict[str, list[s.Deduction]]:
    EB, CB = m.EmployeeBenefit, m.CompanyBenefit
    rows = session.exec(select(EB, CB.description)
                        .join(CB, col(CB.uuid) == col(EB.company_benefit_uuid))
                        .where(col(EB.employee_uuid).in_(employee_uuids),
                               EB.effective_date <= period_end, EB.active == True)  # noqa: E712
                        .order_by(col(CB.benefit_type), col(EB.uuid))).all()
    out: dict[str, list[s.Deduction]] = defaultdict(list)
    for benefit, name in rows:
        if Decimal(benefit.employee_deduction) > 0:
            out[benefit.employee_uuid].append(s.Deduction(
                name=name, amount=float(Decimal(benefit.employee_deduction)),
                amount_type="fixed", uuid=benefit.uuid))
    return out


def list_pay_stubs(*, ctx: Ctx, employee_uuid: str) -> list[s.PayStub]:
    get_employee(ctx.session, employee_uuid)
    PEC, P = m.PayrollEmployeeCompensation, m.Payroll
    rows = ctx.session.exec(select(PEC, P).join(P, col(P.uuid) == col(PEC.payroll_uuid))
                            .where(PEC.employee_uuid == employee_uuid)
                            .order_by(col(P.check_date).desc())).all()
    return [s.PayStub(uuid=p.uuid, payroll_uuid=p.uuid, check_date=p.check_date.isoformat(),
                      pay_period=s.PayPeriod(start_date=p.start_date.isoformat(),
                                             end_date=p.end_date.isoformat(),
                                             pay_schedule_uuid=p.pay_schedule_uuid),
                      gross_pay=r.gross_pay, net_pay=r.net_pay, check_amount=r.check_amount,
                      payment_method=r.payment_method) for r, p in rows]


# --- bank accounts ---------------------------------------------------------------------


def list_bank_accounts(*, ctx: Ctx, employee_uuid: str, page: int, per: int
                       ) -> tuple[list[s.BankAccountPublic], Page[m.BankAccount]]:
    get_employee(ctx.session, employee_uuid)
    stmt = (select(m.BankAccount).where(m.BankAccount.employee_uuid == employee_uuid)
            .order_by(col(m.BankAccount.created_at), col(m.BankAccount.uuid)))
    result = paginate(ctx.session, stmt, page=page, per=per)
    return [views.bank_account(b) for b in result.items], result


def routing_number_valid(number: str) -> bool:
    """ABA routing numbers: 9 digits whose 3-7-1 weighted sum is a multiple of 10."""
    if not re.fullmatch(r"[0-9]{9}", number):  # ASCII digits only: isdigit() takes "²"
        return False
    d = [int(c) for c in number]
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0


def _account_fields(body: s.BankAccountCreate | s.BankAccountUpdate) -> tuple[str, str, str]:
    """The name, routing number and account number, checked."""
    name = body.name.strip()
    if not name:
        raise invalid("name cannot be blank.", "name")
    routing = body.routing_number.strip()
    if not routing_number_valid(routing):
        raise invalid(f"Routing number {body.routing_number!r} is not a valid 9-digit ABA "
                      "routing number (its check digit fails).", "routing_number")
    account = body.account_number.strip()
    if not re.fullmatch(r"[0-9]{4,17}", account):
        raise invalid("account_number must be 4 to 17 digits.", "account_number")
    return name, routing, account


def _bank_account_of(session: Session, employee_uuid: str, bank_account_uuid: str
                     ) -> tuple[m.Employee, m.BankAccount]:
    emp = get_employee(session, employee_uuid)
    row = session.get(m.BankAccount, bank_account_uuid)
    if row is None or row.employee_uuid != emp.uuid:
        raise not_found(f"Bank account {bank_account_uuid} was not found for this employee; "
                        "list them with GET /v1/employees/{employee_id}/bank_accounts.",
                        meta={"entity_type": "BankAccount", "entity_uuid": bank_account_uuid})
    return emp, row


def update_bank_account(*, ctx: Ctx, employee_uuid: str, bank_account_uuid: str,
                        body: s.BankAccountUpdate) -> s.BankAccountPublic:
    """Correct an account's details; it keeps its place in the direct deposit split."""
    _, row = _bank_account_of(ctx.session, employee_uuid, bank_account_uuid)
    row.name, row.routing_number, row.account_number = _account_fields(body)
    row.account_type = body.account_type
    ctx.session.add(row)
    ctx.commit()
    return views.bank_account(row)


def delete_bank_account(*, ctx: Ctx, employee_uuid: str, bank_account_uuid: str) -> None:
    """Delete an account. One that shares a direct deposit split with other accounts must
    leave the split first; deleting the only account paid makes Check the payment method."""
    emp, row = _bank_account_of(ctx.session, employee_uuid, bank_account_uuid)
    split = ctx.session.exec(select(m.BankAccount).where(
        m.BankAccount.employee_uuid == emp.uuid,
        col(m.BankAccount.priority).is_not(None))).all()
    paid = emp.payment_method == "Direct Deposit" and row.priority is not None
    if paid and len(split) > 1:
        raise conflict(f"Bank account {row.uuid} is one of {len(split)} accounts the "
                       "employee's pay is split over; take it out of the splits with PUT "
                       "/v1/employees/{employee_id}/payment_method first.")
    if paid:
        emp.payment_method = "Check"
        ctx.session.add(emp)
    ctx.session.delete(row)
    ctx.commit()


def create_bank_account(*, ctx: Ctx, employee_uuid: str, body: s.BankAccountCreate
                        ) -> s.BankAccountPublic:
    emp = get_employee(ctx.session, employee_uuid)
    name, routing, account = _account_fields(body)
    uuid = ctx.new_uuid("bank_account")
    # Gusto: adding a bank account makes direct deposit the employee's payment method, with
    # all of net pay going to the new account; the other accounts leave the split.
    for other in ctx.session.exec(select(m.BankAccount).where(
            m.BankAccount.employee_uuid == emp.uuid,
            col(m.BankAccount.priority).is_not(None))).all():
        other.priority, other.split_amount = None, None
        ctx.session.add(other)
    row = m.BankAccount(uuid=uuid, employee_uuid=emp.uuid, name=name, routing_number=routing,
                        account_number=account, account_type=body.account_type,
                        priority=1, split_amount=100, created_at=ctx.now)
    ctx.session.add(row)
    emp.payment_method = "Direct Deposit"
    emp.payment_split_by = "Percentage"
    ctx.session.add(emp)
    ctx.commit()
    return views.bank_account(row)


# --- benefits ----------------------------------------------------------------------------


def list_company_benefits(*, session: Session, company_uuid: str, active: bool | None,
                          enrollment_count: bool | None, today: date
                          ) -> list[s.CompanyBenefitPublic]:
    get_company(session, company_uuid)
    stmt = select(m.CompanyBenefit).where(m.CompanyBenefit.company_uuid == company_uuid)
    if active is not None:
        stmt = stmt.where(m.CompanyBenefit.active == active)
    rows = session.exec(stmt.order_by(col(m.CompanyBenefit.benefit_type),
                                      col(m.CompanyBenefit.description))).all()
    counts: dict[str, int] = {}
    if enrollment_count:
        EB = m.EmployeeBenefit
        gone = select(m.Termination.uuid).where(m.Termination.employee_uuid == EB.employee_uuid,
                                                m.Termination.effective_date <= today).exists()
        counts = dict(session.exec(select(EB.company_benefit_uuid, func.count())
                                   .where(EB.active == True, ~gone)  # noqa: E712
                                   .group_by(col(EB.company_benefit_uuid))).all())
    return [views.company_benefit(r, counts.get(r.uuid, 0) if enrollment_count else None)
            for r in rows]


def list_employee_benefits(*, session: Session, employee_uuid: str
                           ) -> list[s.EmployeeBenefitPublic]:
    get_employee(session, employee_uuid)
    rows = session.exec(select(m.EmployeeBenefit)
                        .where(m.EmployeeBenefit.employee_uuid == employee_uuid)
                        .order_by(col(m.EmployeeBenefit.effective_date),
                                  col(m.EmployeeBenefit.uuid))).all()
    return [views.employee_benefit(r) for r in rows]


def _company_benefit_row(session: Session, company_benefit_uuid: str) -> m.CompanyBenefit:
    return get_or_404(session, m.CompanyBenefit, company_benefit_uuid, what="Company benefit",
                      hint="List them with GET /v1/companies/{company_id}/company_benefits.")


def _enrolments(session: Session, company_benefit_uuid: str) -> list[m.EmployeeBenefit]:
    return list(session.exec(select(m.EmployeeBenefit)
                             .where(m.EmployeeBenefit.company_benefit_uuid
                                    == company_benefit_uuid)
                             .order_by(col(m.EmployeeBenefit.employee_uuid),
                                       col(m.EmployeeBenefit.uuid))).all())


def company_benefit_public(*, session: Session, company_benefit_uuid: str,
                           with_employee_benefits: bool | None) -> s.CompanyBenefitDetail:
    row = _company_benefit_row(session, company_benefit_uuid)
    base = views.company_benefit(row, None)
    enrolled = None
    if with_employee_benefits:
        enrolled = [s.BenefitEnrollment(
            uuid=e.uuid, employee_uuid=e.employee_uuid,
            company_benefit_uuid=e.company_benefit_uuid, active=e.active,
            deduct_as_percentage=e.deduct_as_percentage,
            employee_deduction=e.employee_deduction,
            company_contribution=e.company_contribution,
            contribution={"type": "amount", "value": e.company_contribution})
            for e in _enrolments(session, row.uuid)]
    return s.CompanyBenefitDetail(
        **base.model_dump(exclude={"enrollment_count"}),
        responsible_for_employer_taxes=False, responsible_for_employee_w2=False,
        employee_benefits=enrolled)


def list_benefit_enrolments(*, ctx: Ctx, company_benefit_uuid: str, page: int, per: int
                            ) -> tuple[list[s.EmployeeBenefitPublic], Page[m.EmployeeBenefit]]:
    row = _company_benefit_row(ctx.session, company_benefit_uuid)
    EB = m.EmployeeBenefit
    stmt = (select(EB).where(EB.company_benefit_uuid == row.uuid)
            .order_by(col(EB.employee_uuid), col(EB.uuid)))
    result = paginate(ctx.session, stmt, page=page, per=per)
    return [views.employee_benefit(e) for e in result.items], result


def employee_benefit_public(*, session: Session, employee_benefit_uuid: str
                            ) -> s.EmployeeBenefitPublic:
    row = get_or_404(session, m.EmployeeBenefit, employee_benefit_uuid,
                     what="Employee benefit", hint="List an employee's benefits with GET "
                     "/v1/employees/{employee_id}/employee_benefits.")
    return views.employee_benefit(row)
