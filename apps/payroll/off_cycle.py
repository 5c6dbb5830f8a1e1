"""Off-cycle payrolls (a bonus, a correction, a dismissed employee's final wages)."""

from __future__ import annotations

from datetime import date, timedelta

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, invalid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.run_common import GET_PAYROLLS, echo
from arcadia.apps.payroll.service import get_company

MAX_OFF_CYCLE_DAYS = 366


def create_off_cycle(*, ctx: Ctx, company_uuid: str, body: s.OffCyclePayrollCreate
                     ) -> s.PayrollPublic:
    company = get_company(ctx.session, company_uuid)
    today = ctx.now.date()
    if not body.off_cycle:
        raise invalid("Only off-cycle payrolls can be created (off_cycle: true); regular "
                      f"payrolls come from the pay schedule ({GET_PAYROLLS}).", "off_cycle")
    if body.off_cycle_reason == "Transition from old pay schedule":
        raise invalid("The company has only ever had one pay schedule, so there is no "
                      "transition to pay; use Bonus or Correction.", "off_cycle_reason")
    if body.start_date > body.end_date:
        raise invalid(f"start_date {body.start_date} is after end_date {body.end_date}.",
                      "start_date")
    if (body.end_date - body.start_date).days + 1 > MAX_OFF_CYCLE_DAYS:
        raise invalid(f"An off-cycle pay period spans at most {MAX_OFF_CYCLE_DAYS} days.",
                      "end_date")
    if body.end_date > today + timedelta(days=MAX_OFF_CYCLE_DAYS):
        raise invalid("end_date can be at most a year ahead.", "end_date")
    schedule = ctx.session.exec(select(m.PaySchedule).where(
        m.PaySchedule.company_uuid == company.uuid)).first()
    if body.pay_schedule_uuid is not None and (schedule is None
                                               or body.pay_schedule_uuid != schedule.uuid):
        raise invalid(f"Pay schedule {body.pay_schedule_uuid[:64]} is not the company's; see "
                      "GET /v1/companies/{company_id}/pay_schedules.", "pay_schedule_uuid")
    earliest = payrun.earliest_check_date(today)
    check_date = body.check_date or earliest
    if check_date < earliest or check_date.weekday() >= 5:
        raise invalid(f"check_date {check_date} is too soon or not a business day: a "
                      f"payroll submitted today can pay on {earliest} at the earliest.",
                      "check_date")
    if check_date > today + timedelta(days=MAX_OFF_CYCLE_DAYS):
        raise invalid("check_date can be at most a year ahead.", "check_date")
    people = payable(ctx.session, company.uuid, body, today)
    bonus = body.off_cycle_reason == "Bonus"
    uuid = ctx.new_uuid("payroll")
    row = m.Payroll(
        uuid=uuid, company_uuid=company.uuid, pay_schedule_uuid=None,
        start_date=body.start_date, end_date=body.end_date, check_date=check_date,
        payroll_deadline=payrun.deadline(check_date), processed=False, off_cycle=True,
        created_at=ctx.now, off_cycle_reason=body.off_cycle_reason,
        withholding_pay_period=body.withholding_pay_period or "Twice per month",
        skip_regular_deductions=(bonus if body.skip_regular_deductions is None
                                 else body.skip_regular_deductions),
        fixed_withholding_rate=(bonus if body.fixed_withholding_rate is None
                                else body.fixed_withholding_rate),
        final_termination_payroll=body.off_cycle_reason == "Dismissed employee")
    ctx.session.add(row)
    zero = "0.00"
    for emp, job_uuid, flsa in people:
        ctx.session.add(m.PayrollEmployeeCompensation(
            payroll_uuid=uuid, employee_uuid=emp.uuid, job_uuid=job_uuid, flsa_status=flsa,
            hours="0.000", gross_pay=zero, employee_taxes=zero, employer_taxes=zero,
            benefit_deductions=zero, company_contributions=zero, net_pay=zero,
            check_amount=zero, payment_method=emp.payment_method, salary_days=0))
    ctx.commit()
    return echo(ctx, row, None)


def payable(session: Session, company_uuid: str, body: s.OffCyclePayrollCreate, today: date
             ) -> list[tuple[m.Employee, str, str]]:
    """The employees an off-cycle payroll pays, each with their primary job and FLSA
    status: those asked for, or everyone employed in the period."""
    E, J, C, T = m.Employee, m.Job, m.Compensation, m.Termination
    wanted = body.employee_uuids
    if wanted is not None:
        if not wanted:
            raise invalid("employee_uuids is empty; list the employees to pay or leave it "
                          "out to pay everyone employed in the period.", "employee_uuids")
        dupes = sorted({u for u in wanted if wanted.count(u) > 1})
        if dupes:
            raise invalid(f"Employee {dupes[0][:64]} is listed twice.", "employee_uuids")
    stmt = select(E).where(E.company_uuid == company_uuid)
    if wanted is not None:
        stmt = stmt.where(col(E.uuid).in_(wanted))
    employees = {e.uuid: e for e in session.exec(stmt).all()}
    if wanted is not None:
        missing = [u for u in wanted if u not in employees]
        if missing:
            raise invalid(f"Employee {missing[0][:64]} is not an employee of the company; "
                          "list them with GET /v1/companies/{company_id}/employees.",
                          "employee_uuids")
    uuids = list(employees)
    jobs = {j.employee_uuid: j for j in session.exec(
        select(J).where(col(J.employee_uuid).in_(uuids))
        .order_by(col(J.primary), col(J.hire_date), col(J.uuid))).all()}
    flsa = {c.job_uuid: c.flsa_status for c in session.exec(
        select(C).where(col(C.employee_uuid).in_(uuids), C.effective_date <= body.end_date)
        .order_by(col(C.effective_date), col(C.uuid))).all()}
    ends = {t.employee_uuid: t.effective_date for t in session.exec(
        select(T).where(col(T.employee_uuid).in_(uuids))).all()}
    out = []
    for uuid in wanted if wanted is not None else sorted(uuids):
        emp, job = employees[uuid], jobs.get(uuid)
        end = ends.get(uuid)
        employed = job is not None and job.hire_date <= body.end_date and (
            end is None or end >= body.start_date)
        if body.off_cycle_reason == "Dismissed employee" and end is None:
            if wanted is None:
                continue
            raise invalid(f"Employee {uuid} has no termination; a Dismissed employee payroll "
                          "pays terminated employees' final wages.", "employee_uuids")
        if body.off_cycle_reason == "Dismissed employee" and job is not None:
            employed = True
        if not employed or job is None or job.uuid not in flsa:
            if wanted is None:
                continue
            raise invalid(f"Employee {uuid} was not employed with a compensation between "
                          f"{body.start_date} and {body.end_date}, so cannot be paid in it.",
                          "employee_uuids")
        out.append((emp, job.uuid, flsa[job.uuid]))
    if not out:
        raise invalid("No employee can be paid in that period; check start_date, end_date "
                      "and employee_uuids.", "employee_uuids")
    return out

