"""Payroll rows -> Gusto's payroll objects: employee compensations, totals, taxes, status.

Shared by the reads (`pay_service`) and the payroll run (`run_service`), so a payroll looks
the same whichever route returns it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from datetime import datetime
from decimal import Decimal

from sqlmodel import Session, col, select

from arcadia.apps.kernel import content_version, iso
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s

ZERO = Decimal(0)
ENTRY_FIELDS = ("excluded", "memo", "payment_method")


def settled(payroll: m.Payroll) -> bool:
    """Whether the payroll's amounts are valid: it is calculated or processed."""
    return payroll.processed or payroll.calculated_at is not None


def federal_rate(payroll: m.Payroll) -> Decimal:
    return (payrun.SUPPLEMENTAL_FEDERAL_WITHHOLDING if payroll.fixed_withholding_rate
            else payrun.FEDERAL_WITHHOLDING)


def lines_of(session: Session, payroll_uuid: str, employee_uuids: Sequence[str]
             ) -> dict[str, list[m.PayrollCompensationLine]]:
    L = m.PayrollCompensationLine
    out: dict[str, list[m.PayrollCompensationLine]] = defaultdict(list)
    rows = session.exec(select(L).where(L.payroll_uuid == payroll_uuid,
                                        col(L.employee_uuid).in_(employee_uuids))
                        .order_by(col(L.employee_uuid), col(L.kind), col(L.name))).all()
    for line in rows:
        out[line.employee_uuid].append(line)
    return out


def entry_version(row: m.PayrollEmployeeCompensation,
                  lines: Sequence[m.PayrollCompensationLine]) -> str:
    """An entry's version: changes exactly when what an update can set changes."""
    inputs = sorted((ln.kind, ln.name, ln.hours, ln.amount if ln.kind == "fixed" else None)
                    for ln in lines)
    return content_version("payroll_employee_compensation",
                           f"{row.payroll_uuid}:{row.employee_uuid}", row, ENTRY_FIELDS,
                           extra=inputs)


def enrolments(session: Session, employee_uuids: Sequence[str], payroll: m.Payroll
               ) -> dict[str, list[tuple[m.EmployeeBenefit, str]]]:
    """Each employee's benefit enrolments in force at the end of the payroll's period."""
    EB, CB = m.EmployeeBenefit, m.CompanyBenefit
    rows = session.exec(select(EB, CB.description)
                        .join(CB, col(CB.uuid) == col(EB.company_benefit_uuid))
                        .where(col(EB.employee_uuid).in_(employee_uuids),
                               EB.effective_date <= payroll.end_date,
                               EB.active == True)  # noqa: E712
                        .order_by(col(CB.benefit_type), col(EB.uuid))).all()
    out: dict[str, list[tuple[m.EmployeeBenefit, str]]] = defaultdict(list)
    for benefit, name in rows:
        if benefit.expiration_date is None or benefit.expiration_date >= payroll.start_date:
            out[benefit.employee_uuid].append((benefit, name))
    return out


def _hours(value: str | None) -> str:
    return str(Decimal(value or "0").quantize(payrun.HOURS))


def employee_compensations(session: Session, payroll: m.Payroll,
                           rows: Sequence[m.PayrollEmployeeCompensation],
                           includes: Collection[str]) -> list[s.EmployeeCompensation]:
    uuids = [r.employee_uuid for r in rows]
    people = {e.uuid: e for e in session.exec(select(m.Employee)
                                              .where(col(m.Employee.uuid).in_(uuids))).all()}
    lines = lines_of(session, payroll.uuid, uuids)
    benefits = enrolments(session, uuids, payroll)
    done = settled(payroll)
    out = []
    for r in rows:
        e = people[r.employee_uuid]
        mine = lines[r.employee_uuid]
        by_key = {(ln.kind, ln.name): ln for ln in mine}
        if payroll.processed:  # a processed payroll shows only what was paid
            hourly_names = [ln.name for ln in mine if ln.kind == "hourly"
                            and Decimal(ln.hours or "0") > 0]
            fixed_names = [ln.name for ln in mine if ln.kind == "fixed"]
            pto_names = [ln.name for ln in mine if ln.kind == "paid_time_off"]
        else:
            hourly_names = list(payrun.hourly_names(r.flsa_status))
            fixed_names = list(payrun.FIXED_COMPENSATIONS)
            pto_names = list(payrun.PAID_TIME_OFF)
        hourly = []
        for name in hourly_names:
            ln = by_key.get(("hourly", name))
            hourly.append(s.HourlyCompensation(
                name=name, hours=_hours(ln.hours if ln else None),
                amount=(ln.amount or "0.00") if done and ln else ("0.00" if done else None),
                job_uuid=r.job_uuid, flsa_status=r.flsa_status,
                compensation_multiplier=float(payrun.HOURLY_MULTIPLIERS[name])))
        fixed = []
        for name in fixed_names:
            ln = by_key.get(("fixed", name))
            fixed.append(s.FixedCompensation(name=name, amount=ln.amount or "0.00" if ln
                                             else "0.00", job_uuid=r.job_uuid))
        pto = [s.PaidTimeOff(name=name, hours=_hours(by_key[("paid_time_off", name)].hours
                                                     if ("paid_time_off", name) in by_key
                                                     else None))
               for name in pto_names]
        plans = benefits.get(r.employee_uuid, [])
        deducted = Decimal(r.benefit_deductions) > 0 if done else (
            not r.excluded and not payroll.skip_regular_deductions)
        deductions = [s.Deduction(
            name=name, amount=float(Decimal(b.employee_deduction)),
            amount_type=None if payroll.processed else "fixed",
            uuid=None if payroll.processed else b.uuid,
            updatable_via_payroll=None if payroll.processed else False)
            for b, name in plans if deducted and Decimal(b.employee_deduction) > 0]
        entry = s.EmployeeCompensation(
            employee_uuid=r.employee_uuid,
            version=None if payroll.processed else entry_version(r, mine),
            excluded=r.excluded, first_name=e.first_name,
            preferred_first_name=e.preferred_first_name, last_name=e.last_name,
            gross_pay=float(Decimal(r.gross_pay)) if done else None,
            net_pay=float(Decimal(r.net_pay)) if done else None,
            check_amount=float(Decimal(r.check_amount)) if done else None,
            payment_method=r.payment_method, memo=r.memo, fixed_compensations=fixed,
            hourly_compensations=hourly, paid_time_off=pto, deductions=deductions,
            reimbursements=[])
        if "benefits" in includes and done:
            contributed = Decimal(r.company_contributions) > 0 or Decimal(
                r.benefit_deductions) > 0
            entry.benefits = [s.PayrollBenefit(
                name=name, employee_deduction=float(Decimal(b.employee_deduction)),
                company_contribution=float(Decimal(b.company_contribution)), imputed=False)
                for b, name in plans if contributed]
        if "taxes" in includes and done:
            entry.taxes = [s.PayrollTax(name=n, employer=er, amount=float(a))
                           for n, er, a in employee_taxes(payroll, r)]
        out.append(entry)
    return out


def employee_taxes(payroll: m.Payroll, r: m.PayrollEmployeeCompensation
                   ) -> list[tuple[str, bool, Decimal]]:
    """One entry's taxes itemised; they add up to its employee and employer taxes."""
    if r.excluded or r.tax_state is None:
        return []
    gross = Decimal(r.gross_pay)
    outcome = payrun.Settlement(Decimal(r.employee_taxes), Decimal(r.employer_taxes),
                                Decimal(r.benefit_deductions),
                                Decimal(r.company_contributions), Decimal(r.net_pay))
    return [t for t in payrun.tax_lines(gross=gross, deductions=Decimal(r.benefit_deductions),
                                        state=r.tax_state, settled=outcome,
                                        federal=federal_rate(payroll)) if t[2] != 0]


def payroll_taxes(session: Session, payroll: m.Payroll) -> list[s.PayrollTax]:
    """Each tax totalled over the payroll, employee taxes first."""
    PEC = m.PayrollEmployeeCompensation
    sums: dict[tuple[bool, str], Decimal] = defaultdict(Decimal)
    for r in session.exec(select(PEC).where(PEC.payroll_uuid == payroll.uuid)).all():
        for name, employer, amount in employee_taxes(payroll, r):
            sums[(employer, name)] += amount
    return [s.PayrollTax(name=name, employer=employer, amount=float(amount))
            for (employer, name), amount in sorted(sums.items())]


_TOTALLED = ("gross_pay", "net_pay", "check_amount", "employee_taxes", "employer_taxes",
             "benefit_deductions", "company_contributions", "reimbursements")
_FIXED_TOTALS = {"Bonus": "employee_bonuses", "Commission": "employee_commissions",
                 "Cash Tips": "employee_cash_tips", "Paycheck Tips": "employee_paycheck_tips",
                 "Correction Payment": "additional_earnings",
                 "Severance": "additional_earnings"}


def totals(session: Session, payrolls: Sequence[m.Payroll]) -> dict[str, s.PayrollTotals]:
    """Subtotals of the calculated or processed payrolls among `payrolls` (sums of their
    paid, not excluded, entries)."""
    uuids = [p.uuid for p in payrolls if settled(p)]
    PEC, L = m.PayrollEmployeeCompensation, m.PayrollCompensationLine
    sums: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    rows = session.exec(select(PEC).where(col(PEC.payroll_uuid).in_(uuids),
                                          PEC.excluded == False)).all()  # noqa: E712
    for r in rows:
        acc = sums[r.payroll_uuid]
        for field in _TOTALLED:
            acc[field] += Decimal(getattr(r, field))
    excluded = {(r.payroll_uuid, r.employee_uuid) for r in session.exec(
        select(PEC).where(col(PEC.payroll_uuid).in_(uuids), PEC.excluded == True)).all()}  # noqa: E712
    for ln in session.exec(select(L).where(col(L.payroll_uuid).in_(uuids), L.kind == "fixed",
                                           col(L.name).in_(list(_FIXED_TOTALS)))).all():
        if (ln.payroll_uuid, ln.employee_uuid) not in excluded:
            sums[ln.payroll_uuid][_FIXED_TOTALS[ln.name]] += Decimal(ln.amount or "0")
    out = {}
    for uuid in uuids:
        t = sums[uuid]
        taxes = t["employee_taxes"] + t["employer_taxes"]
        text = payrun.text
        out[uuid] = s.PayrollTotals(
            company_debit=text(t["net_pay"] + taxes + t["company_contributions"]
                               + t["benefit_deductions"] + t["reimbursements"]),
            net_pay_debit=text(t["net_pay"]), tax_debit=text(taxes),
            reimbursement_debit=text(t["reimbursements"]), child_support_debit="0.00",
            reimbursements=text(t["reimbursements"]), net_pay=text(t["net_pay"]),
            gross_pay=text(t["gross_pay"]), employee_bonuses=text(t["employee_bonuses"]),
            employee_commissions=text(t["employee_commissions"]),
            employee_cash_tips=text(t["employee_cash_tips"]),
            employee_paycheck_tips=text(t["employee_paycheck_tips"]),
            additional_earnings=text(t["additional_earnings"]), owners_draw="0.00",
            check_amount=text(t["check_amount"]), employer_taxes=text(t["employer_taxes"]),
            employee_taxes=text(t["employee_taxes"]),
            benefits=text(t["company_contributions"]),
            employee_benefits_deductions=text(t["benefit_deductions"]),
            imputed_pay="0.00", deferred_payroll_taxes="0.00", other_deductions="0.00")
    return out


def status_meta(payroll: m.Payroll, now: datetime) -> s.PayrollStatusMeta:
    late = not payroll.processed and now > payroll.payroll_deadline
    expected = payrun.earliest_check_date(now.date()) if late else payroll.check_date
    debit = payrun.deadline(expected) if late else payroll.payroll_deadline
    return s.PayrollStatusMeta(
        cancellable=payroll.processed and now < payroll.payroll_deadline,
        expected_check_date=expected.isoformat(),
        initial_check_date=payroll.check_date.isoformat(),
        expected_debit_time=debit.isoformat(), payroll_late=expected > payroll.check_date,
        initial_debit_cutoff_time=payroll.payroll_deadline.isoformat())


def payroll_public(row: m.Payroll, *, now: datetime, includes: Collection[str] = (),
                   totals: s.PayrollTotals | None = None,
                   employee_compensations: list[s.EmployeeCompensation] | None = None,
                   session: Session | None = None) -> s.PayrollPublic:
    """A payroll as Gusto shows it; `includes` adds status, taxes and blockers (taxes and
    blockers only once it is calculated or processed, as Gusto does)."""
    done = settled(row)
    out = s.PayrollPublic(
        uuid=row.uuid, payroll_uuid=row.uuid, company_uuid=row.company_uuid,
        processed=row.processed, processed_date=iso(row.processed_date),
        calculated_at=iso(row.calculated_at), check_date=row.check_date.isoformat(),
        payroll_deadline=row.payroll_deadline.isoformat(), off_cycle=row.off_cycle,
        off_cycle_reason=row.off_cycle_reason,
        final_termination_payroll=row.final_termination_payroll if row.off_cycle else None,
        withholding_pay_period=row.withholding_pay_period,
        skip_regular_deductions=row.skip_regular_deductions,
        fixed_withholding_rate=row.fixed_withholding_rate,
        external=row.external, auto_pilot=False,
        pay_period=s.PayPeriod(start_date=row.start_date.isoformat(),
                               end_date=row.end_date.isoformat(),
                               pay_schedule_uuid=row.pay_schedule_uuid),
        created_at=row.created_at.isoformat(), totals=totals,
        employee_compensations=employee_compensations)
    if "payroll_status_meta" in includes:
        out.payroll_status_meta = status_meta(row, now)
    if done and "risk_blockers" in includes or done and employee_compensations is not None:
        out.submission_blockers = []
        if row.processed:
            out.credit_blockers = []
    if done:
        out.processing_request = s.ProcessingRequest(
            status="submit_success" if row.processed else "calculate_success", errors=[])
    if done and "taxes" in includes:
        out.company_taxes = []  # every tax of ours is an employee's (see employee taxes)
    if done and "payroll_taxes" in includes and session is not None:
        out.payroll_taxes = payroll_taxes(session, row)
    return out


def prepared(row: m.Payroll, *, now: datetime,
             employee_compensations: list[s.EmployeeCompensation]) -> s.PayrollPublic:
    """Gusto's `Payroll-Prepared`: status, the entries with versions, the fixed types."""
    out = payroll_public(row, now=now, includes=("payroll_status_meta",),
                         employee_compensations=employee_compensations)
    out.fixed_compensation_types = [s.FixedCompensationType(name=n)
                                    for n in payrun.FIXED_COMPENSATIONS]
    return out
