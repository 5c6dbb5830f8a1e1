"""Calculating payrolls: keeping a regular payroll in step with employment, then each
employee's gross, taxes, deductions and net pay by `payrun`'s rules (those of the processed
history, so old and new payrolls agree to the cent); and gross up for off-cycle bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, conflict, invalid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payroll_views as pv
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.pay_service import get_payroll_row, payroll_by_uuid
from arcadia.apps.payroll.run_common import (
    amount_input,
    entries_of,
    job_states,
    require_unblocked,
    require_unprocessed,
)

# --- keeping a regular payroll in step with employment ----------------------------------


class Refresh:
    """What bringing a regular payroll in step with hires, terminations and pay changes
    does: entries to add, entries to drop, entries whose salary share or FLSA status moves.
    Computed without writing; `apply` writes it."""

    def __init__(self) -> None:
        self.added: list[tuple[m.PayrollEmployeeCompensation, m.PayrollCompensationLine]] = []
        self.dropped: list[m.PayrollEmployeeCompensation] = []
        self.changed: list[tuple[m.PayrollEmployeeCompensation, str, int, Decimal]] = []

    def entries(self, current: Sequence[m.PayrollEmployeeCompensation]
                ) -> list[m.PayrollEmployeeCompensation]:
        gone = {e.employee_uuid for e in self.dropped}
        return ([e for e in current if e.employee_uuid not in gone]
                + [e for e, _ in self.added])

    def apply(self, session: Session, lines: dict[str, list[m.PayrollCompensationLine]]
              ) -> None:
        for e in self.dropped:
            for line in lines.get(e.employee_uuid, ()):
                session.delete(line)
            session.delete(e)
        for e, line in self.added:
            session.add(e)
            session.add(line)
        for e, flsa, days, hours in self.changed:
            e.flsa_status, e.salary_days = flsa, days
            session.add(e)
            for line in lines.get(e.employee_uuid, ()):
                if line.kind == "hourly" and line.name not in payrun.hourly_names(flsa):
                    session.delete(line)
                elif flsa in payrun.SALARIED_FLSA and line.name == payrun.REGULAR_HOURS:
                    line.hours = str(hours)
                    session.add(line)


def refresh(session: Session, row: m.Payroll,
             current: Sequence[m.PayrollEmployeeCompensation]) -> Refresh:
    """Gusto keeps an unprocessed regular payroll in step with who is employed in its pay
    period: new hires join it, employees terminated before it leave it, a salary is paid
    for the days employed. Hours already entered are left as they are."""
    plan = Refresh()
    if row.off_cycle or row.processed:
        return plan
    period = payrun.Period(row.start_date, row.end_date)
    J, C, T, E = m.Job, m.Compensation, m.Termination, m.Employee
    people = {e.uuid: e for e in session.exec(select(E).where(
        E.company_uuid == row.company_uuid)).all()}
    jobs = {j.employee_uuid: j for j in session.exec(
        select(J).order_by(col(J.primary), col(J.hire_date), col(J.uuid))).all()
        if j.employee_uuid in people}
    flsa = {c.job_uuid: c.flsa_status for c in session.exec(
        select(C).where(C.effective_date <= row.end_date)
        .order_by(col(C.effective_date), col(C.uuid))).all()}
    ends = {t.employee_uuid: t.effective_date for t in session.exec(select(T)).all()}
    on = {e.employee_uuid: e for e in current}
    for uuid in sorted(people):
        job = jobs.get(uuid)
        days = None if job is None or job.uuid not in flsa else payrun.worked_days(
            period, job.hire_date, ends.get(uuid))
        entry = on.get(uuid)
        if days is None or job is None:
            if entry is not None:
                plan.dropped.append(entry)
            continue
        status = flsa[job.uuid]
        hours = payrun.period_hours(Decimal(days) / Decimal(period.days))
        salary_days = days if status in payrun.SALARIED_FLSA else 0
        if entry is None:
            zero = "0.00"
            plan.added.append((m.PayrollEmployeeCompensation(
                payroll_uuid=row.uuid, employee_uuid=uuid, job_uuid=job.uuid,
                flsa_status=status, hours=str(hours), gross_pay=zero, employee_taxes=zero,
                employer_taxes=zero, benefit_deductions=zero, company_contributions=zero,
                net_pay=zero, check_amount=zero, payment_method=people[uuid].payment_method,
                salary_days=salary_days), m.PayrollCompensationLine(
                payroll_uuid=row.uuid, employee_uuid=uuid, kind="hourly",
                name=payrun.REGULAR_HOURS, job_uuid=job.uuid, hours=str(hours))))
        elif (entry.flsa_status, entry.salary_days) != (status, salary_days):
            plan.changed.append((entry, status, salary_days, hours))
    return plan


# --- calculate -------------------------------------------------------------------------------


def calculate_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    require_unprocessed(row, "calculated")
    require_unblocked(ctx.session, company_uuid)
    current = entries_of(ctx.session, row.uuid)
    plan = refresh(ctx.session, row, current)
    entries = plan.entries(current)
    uuids = [e.employee_uuid for e in entries]
    lines = pv.lines_of(ctx.session, row.uuid, [e.employee_uuid for e in current])
    rates = job_rates(ctx.session, [e.job_uuid for e in entries], row.end_date)
    states = job_states(ctx.session, [e.job_uuid for e in entries])
    plans = pv.enrolments(ctx.session, uuids, row)
    days = (row.end_date - row.start_date).days + 1
    results = []
    for e in entries:
        if e.job_uuid not in rates:
            raise conflict(f"Employee {e.employee_uuid} has no compensation in effect on "
                           f"{row.end_date}; add one (POST /v1/jobs/{e.job_uuid}/"
                           "compensations) or exclude them from the payroll.", "base")
    plan.apply(ctx.session, lines)
    lines = pv.lines_of(ctx.session, row.uuid, uuids)
    for e in entries:
        results.append(entry_pay(row, e, lines[e.employee_uuid], rates[e.job_uuid],
                            states.get(e.job_uuid, ""), plans.get(e.employee_uuid, []), days))
    for e, (line_amounts, values) in zip(entries, results, strict=True):
        for line, amount in line_amounts:
            line.amount = payrun.text(amount)
            ctx.session.add(line)
        for field, value in values.items():
            setattr(e, field, value)
        ctx.session.add(e)
    row.calculated_at = ctx.now
    ctx.session.add(row)
    ctx.commit()


def job_rates(session: Session, job_uuids: Sequence[str], on: date
           ) -> dict[str, tuple[Decimal, str]]:
    """Each job's rate and payment unit in force on `on` (the newest compensation by then)."""
    C = m.Compensation
    out: dict[str, tuple[Decimal, str]] = {}
    for c in session.exec(select(C).where(col(C.job_uuid).in_(job_uuids),
                                          C.effective_date <= on)
                          .order_by(col(C.effective_date), col(C.uuid))).all():
        out[c.job_uuid] = (Decimal(c.rate), c.payment_unit)
    return out


def entry_pay(row: m.Payroll, e: m.PayrollEmployeeCompensation,
         lines: Sequence[m.PayrollCompensationLine], rate: tuple[Decimal, str], state: str,
         plans: Sequence[tuple[m.EmployeeBenefit, str]], days: int
         ) -> tuple[list[tuple[m.PayrollCompensationLine, Decimal]], dict[str, object]]:
    """One entry's line amounts and pay, by `payrun`'s rules."""
    base, unit = rate
    salary = payrun.salary_per_period(base, unit)
    zero = Decimal(0)
    amounts: list[tuple[m.PayrollCompensationLine, Decimal]] = []
    gross = reimbursed = cash_tips = zero
    for ln in lines:
        if ln.kind == "hourly":
            if salary is not None:
                amount = payrun.money(salary * (Decimal(e.salary_days) / Decimal(days))) \
                    if ln.name == payrun.REGULAR_HOURS else zero
            else:
                amount = payrun.money(Decimal(ln.hours or "0") * base
                                      * payrun.HOURLY_MULTIPLIERS[ln.name])
        elif ln.kind == "paid_time_off":  # a salary already pays for time off
            amount = zero if salary is not None else payrun.money(Decimal(ln.hours or "0")
                                                                  * base)
        else:
            amount = Decimal(ln.amount or "0")
            if ln.name in payrun.NOT_WAGES:
                reimbursed += amount
                continue
            if ln.name == "Cash Tips":
                cash_tips += amount
        if e.excluded:
            amount = zero
        if ln.kind != "fixed":
            amounts.append((ln, amount))
        gross += amount
    if e.excluded:
        gross = reimbursed = cash_tips = zero
    deductions = contributions = zero
    if not row.skip_regular_deductions and not e.excluded:
        deductions = sum((Decimal(b.employee_deduction) for b, _ in plans), zero)
        contributions = sum((Decimal(b.company_contribution) for b, _ in plans), zero)
    federal = pv.federal_rate(row)
    out = payrun.settle(gross=gross, state=state, deductions=deductions,
                        contributions=contributions, federal=federal)
    net = out.net - cash_tips
    text = payrun.text
    hours = sum((Decimal(ln.hours or "0") for ln in lines if ln.kind == "hourly"), zero)
    return amounts, {
        "gross_pay": text(gross), "employee_taxes": text(out.employee_taxes),
        "employer_taxes": text(out.employer_taxes), "benefit_deductions": text(out.deductions),
        "company_contributions": text(out.contributions), "net_pay": text(net),
        "check_amount": text(net + reimbursed), "reimbursements": text(reimbursed),
        "hours": str(hours.quantize(payrun.HOURS)), "tax_state": state}


def gross_up(*, ctx: Ctx, payroll_uuid: str, body: s.GrossUpRequest) -> s.GrossUpPay:
    """The gross earnings that leave `net_pay` after this off-cycle payroll's taxes and
    deductions (the smallest such amount, to the cent)."""
    row = payroll_by_uuid(ctx.session, payroll_uuid)
    if not row.off_cycle or row.processed:
        raise conflict(f"Payroll {row.uuid} is not an unprocessed off-cycle payroll; gross "
                       "up applies only to those.", "base")
    entry = ctx.session.get(m.PayrollEmployeeCompensation, (row.uuid, body.employee_uuid))
    if entry is None:
        raise invalid(f"Employee {body.employee_uuid} is not on payroll {row.uuid}.",
                      "employee_uuid")
    target = amount_input(body.net_pay, "net_pay")
    state = job_states(ctx.session, [entry.job_uuid]).get(entry.job_uuid, "")
    deductions = Decimal(0)
    if not row.skip_regular_deductions:
        plans = pv.enrolments(ctx.session, [entry.employee_uuid], row)
        deductions = sum((Decimal(b.employee_deduction)
                          for b, _ in plans.get(entry.employee_uuid, [])), Decimal(0))
    federal = pv.federal_rate(row)

    def net(gross: Decimal) -> Decimal:
        return payrun.settle(gross=gross, state=state, deductions=deductions,
                             contributions=Decimal(0), federal=federal).net

    rate = payrun.FICA + federal + payrun.state_rate(state)
    gross = payrun.money((target + deductions * (1 - rate)) / (1 - rate))
    # The estimate is off by rounding only: a few cents either way.
    for _ in range(100):
        if net(gross) >= target:
            break
        gross += payrun.CENT
    for _ in range(100):
        if gross <= 0 or net(gross - payrun.CENT) < target:
            break
        gross -= payrun.CENT
    return s.GrossUpPay(gross_up=payrun.text(gross))

