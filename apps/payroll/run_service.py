"""Running a payroll, Gusto's way: prepare, update, calculate, submit, cancel; off-cycle
payrolls; payroll blockers.

Every write validates the whole request first, then writes, then commits once; a refused
request changes nothing. Amounts follow `payrun` (the rules of the processed history), so
old and new payrolls agree to the cent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, conflict, invalid, not_found, stale
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payroll_views as pv
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.pay_service import entries_page, get_payroll_row
from arcadia.apps.payroll.service import get_company

_HOURS = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,3})?$")
_AMOUNT = re.compile(r"^[0-9]{1,7}(\.[0-9]{1,2})?$")
MAX_OFF_CYCLE_DAYS = 366
GET_PAYROLLS = "GET /v1/companies/{company_id}/payrolls?processing_statuses=unprocessed"


def _hours(text: str, field: str, limit: Decimal) -> Decimal:
    """Hours as Gusto takes them: a decimal string, at most 3 decimals, bounded."""
    value = text.strip()
    if not _HOURS.match(value):
        raise invalid(f"{field} must be a number of hours such as \"86.667\" (0 or more, at "
                      f"most 3 decimals); got {value[:40]!r}.", field)
    hours = Decimal(value)
    if hours > limit:
        raise invalid(f"{field} is {hours} hours, more than the {limit} hours in the pay "
                      "period (24 a day).", field)
    return hours.quantize(payrun.HOURS)


def _amount(text: str, field: str) -> Decimal:
    value = text.strip()
    if not _AMOUNT.match(value):
        raise invalid(f"{field} must be a dollar amount such as \"500.00\" (0 or more, at "
                      f"most 2 decimals, below 10,000,000); got {value[:40]!r}.", field)
    return payrun.money(Decimal(value))


def _unprocessed(row: m.Payroll, doing: str) -> None:
    if row.processed:
        raise conflict(f"Payroll {row.uuid} has been processed, so it cannot be {doing}. A "
                       "processed payroll can only be cancelled (PUT .../cancel) before its "
                       f"deadline, {row.payroll_deadline.isoformat()}.", "base")


def _entries(session: Session, payroll_uuid: str, employee_uuids: Sequence[str] | None = None
             ) -> list[m.PayrollEmployeeCompensation]:
    PEC = m.PayrollEmployeeCompensation
    stmt = select(PEC).where(PEC.payroll_uuid == payroll_uuid)
    if employee_uuids is not None:
        stmt = stmt.where(col(PEC.employee_uuid).in_(employee_uuids))
    return list(session.exec(stmt.order_by(col(PEC.employee_uuid))).all())


def _echo(ctx: Ctx, row: m.Payroll, employee_uuids: Sequence[str] | None, *, page: int = 1,
          per: int = 100, sort_by: str | None = None) -> s.PayrollPublic:
    result = entries_page(ctx, row, sort_by=sort_by, page=page, per=per,
                          employee_uuids=employee_uuids)
    comps = pv.employee_compensations(ctx.session, row, result.items, ())
    return pv.prepared(row, now=ctx.now, employee_compensations=comps)


# --- blockers ----------------------------------------------------------------------------


def blockers(session: Session, company: m.Company) -> list[s.PayrollBlocker]:
    """What stops the company running any payroll (Gusto's payroll blockers)."""
    out = []
    if company.company_status == "Suspended":
        out.append(s.PayrollBlocker(key="suspended", message="Company is suspended and "
                                    "cannot run payroll."))
    elif company.company_status != "Approved":
        out.append(s.PayrollBlocker(key="pending_payroll_review", message="Company must be "
                                    "approved before it can run payroll."))
    schedule = session.exec(select(m.PaySchedule.uuid).where(
        m.PaySchedule.company_uuid == company.uuid, m.PaySchedule.active == True)  # noqa: E712
        ).first()
    if schedule is None:
        out.append(s.PayrollBlocker(key="missing_pay_schedule", message="Company must set up "
                                    "a pay schedule in order to run payroll."))
    return out


def list_blockers(*, ctx: Ctx, company_uuid: str) -> list[s.PayrollBlocker]:
    return blockers(ctx.session, get_company(ctx.session, company_uuid))


def _unblocked(session: Session, company_uuid: str) -> None:
    found = blockers(session, get_company(session, company_uuid))
    if found:
        raise conflict(f"The company cannot run payroll: {found[0].message} (see GET "
                       "/v1/companies/{company_id}/payrolls/blockers).", "base",
                       meta={"key": found[0].key})


# --- keeping a regular payroll in step with employment ----------------------------------


class _Refresh:
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


def _refresh(session: Session, row: m.Payroll,
             current: Sequence[m.PayrollEmployeeCompensation]) -> _Refresh:
    """Gusto keeps an unprocessed regular payroll in step with who is employed in its pay
    period: new hires join it, employees terminated before it leave it, a salary is paid
    for the days employed. Hours already entered are left as they are."""
    plan = _Refresh()
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


# --- prepare and update ----------------------------------------------------------------


def prepare_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str,
                    body: s.PayrollPrepare, page: int, per: int, sort_by: str | None
                    ) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    _unprocessed(row, "prepared")
    current = _entries(ctx.session, row.uuid)
    plan = _refresh(ctx.session, row, current)
    wanted = body.employee_uuids
    if wanted is not None:
        known = {r.employee_uuid for r in plan.entries(current)}
        missing = [u for u in wanted if u not in known]
        if missing:
            raise invalid(f"Employee {missing[0][:64]} is not on payroll {row.uuid}; its "
                          "employees are the employee_compensations of GET "
                          "/v1/companies/{company_id}/payrolls/{payroll_id}.",
                          "employee_uuids")
    plan.apply(ctx.session, pv.lines_of(ctx.session, row.uuid,
                                        [e.employee_uuid for e in current]))
    # Preparing drops any calculation: amounts must be recalculated before submitting.
    row.calculated_at = None
    ctx.session.add(row)
    ctx.commit()
    return _echo(ctx, row, wanted, page=page, per=per, sort_by=sort_by)


def update_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str, body: s.PayrollUpdate
                   ) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    _unprocessed(row, "updated")
    if not body.employee_compensations:
        raise invalid("employee_compensations must list at least one employee to update.",
                      "employee_compensations")
    off_cycle_only = {k: v for k, v in (
        ("withholding_pay_period", body.withholding_pay_period),
        ("skip_regular_deductions", body.skip_regular_deductions),
        ("fixed_withholding_rate", body.fixed_withholding_rate)) if v is not None}
    if off_cycle_only and not row.off_cycle:
        field = next(iter(off_cycle_only))
        raise invalid(f"{field} applies only to off-cycle payrolls; payroll {row.uuid} is a "
                      "regular payroll.", field)
    uuids = [e.employee_uuid for e in body.employee_compensations]
    dupes = sorted({u for u in uuids if uuids.count(u) > 1})
    if dupes:
        raise invalid(f"Employee {dupes[0][:64]} appears twice in employee_compensations; "
                      "send each employee once.", "employee_compensations")
    entries = {r.employee_uuid: r for r in _entries(ctx.session, row.uuid, uuids)}
    missing = [u for u in uuids if u not in entries]
    if missing:
        raise invalid(f"Employee {missing[0][:64]} is not on payroll {row.uuid}. Only the "
                      "employees it lists can be updated (GET /v1/companies/{company_id}/"
                      "payrolls/{payroll_id}); add someone with an off-cycle payroll.",
                      "employee_compensations")
    lines = pv.lines_of(ctx.session, row.uuid, uuids)
    limit = Decimal(24 * ((row.end_date - row.start_date).days + 1))
    plans: list[tuple[m.PayrollEmployeeCompensation, s.EmployeeCompensationUpdate,
                      dict[tuple[str, str], Decimal]]] = []
    for i, change in enumerate(body.employee_compensations):
        entry = entries[change.employee_uuid]
        where = f"employee_compensations[{i}]"
        if change.version != pv.entry_version(entry, lines[entry.employee_uuid]):
            raise stale(f"You are attempting to update employee {entry.employee_uuid}'s "
                        f"compensation on payroll {row.uuid} using an out-of-date version. "
                        "Fetch the payroll again (GET or PUT .../prepare) and send the "
                        "entry's current version.", "base",
                        meta={"entity_type": "PayrollEmployeeCompensation",
                              "entity_uuid": entry.employee_uuid})
        plans.append((entry, change, _values(entry, change, lines[entry.employee_uuid],
                                             where, limit)))
    # Everything is valid: write.
    L = m.PayrollCompensationLine
    for entry, change, values in plans:
        if change.excluded is not None:
            entry.excluded = change.excluded
        if change.payment_method is not None:
            entry.payment_method = change.payment_method
        if change.memo is not None:
            entry.memo = change.memo.strip() or None
        current = {(ln.kind, ln.name): ln for ln in lines[entry.employee_uuid]}
        for (kind, name), value in values.items():
            line = current.get((kind, name))
            if value == 0 and not (kind == "hourly" and name == payrun.REGULAR_HOURS):
                if line is not None:
                    ctx.session.delete(line)
                continue
            if line is None:
                line = L(payroll_uuid=row.uuid, employee_uuid=entry.employee_uuid, kind=kind,
                         name=name, job_uuid=entry.job_uuid)
            if kind == "fixed":
                line.amount = payrun.text(value)
            else:
                line.hours, line.amount = str(value), None
            ctx.session.add(line)
        ctx.session.add(entry)
    if body.withholding_pay_period is not None:
        row.withholding_pay_period = body.withholding_pay_period
    if body.skip_regular_deductions is not None:
        row.skip_regular_deductions = body.skip_regular_deductions
    if body.fixed_withholding_rate is not None:
        row.fixed_withholding_rate = body.fixed_withholding_rate
    row.calculated_at = None  # a change voids the calculation
    ctx.session.add(row)
    ctx.commit()
    return _echo(ctx, row, uuids)


def _values(entry: m.PayrollEmployeeCompensation, change: s.EmployeeCompensationUpdate,
            lines: Sequence[m.PayrollCompensationLine], where: str, limit: Decimal
            ) -> dict[tuple[str, str], Decimal]:
    """The validated hours and amounts one entry of an update sets, by (kind, name)."""
    out: dict[tuple[str, str], Decimal] = {}
    current = {(ln.kind, ln.name): ln for ln in lines}

    def job(job_uuid: str | None, field: str) -> None:
        if job_uuid is not None and job_uuid != entry.job_uuid:
            raise invalid(f"{field}: job {job_uuid[:64]} is not the job employee "
                          f"{entry.employee_uuid} is paid for on this payroll "
                          f"({entry.job_uuid}).", field)

    allowed = payrun.hourly_names(entry.flsa_status)
    for j, h in enumerate(change.hourly_compensations or ()):
        field = f"{where}.hourly_compensations[{j}]"
        if h.name not in allowed:
            raise invalid(f"{field}.name: {h.name[:100]!r} is not an hourly compensation of "
                          f"this {entry.flsa_status} employee; use one of "
                          f"{', '.join(allowed)}.", f"{field}.name")
        job(h.job_uuid, f"{field}.job_uuid")
        hours = _hours(h.hours, f"{field}.hours", limit)
        if entry.flsa_status in payrun.SALARIED_FLSA:
            now = Decimal(current[("hourly", h.name)].hours or "0") if (
                "hourly", h.name) in current else Decimal(0)
            if hours != now:
                raise invalid(f"{field}.hours: employee {entry.employee_uuid} is salaried "
                              f"({entry.flsa_status}) and paid the salary whatever the "
                              "hours; pay extra with a fixed compensation (Bonus) instead.",
                              f"{field}.hours")
        out[("hourly", h.name)] = hours
    for j, f in enumerate(change.fixed_compensations or ()):
        field = f"{where}.fixed_compensations[{j}]"
        if f.name not in payrun.FIXED_COMPENSATIONS:
            raise invalid(f"{field}.name: {f.name[:100]!r} is not a fixed compensation; use "
                          f"one of {', '.join(payrun.FIXED_COMPENSATIONS)}.",
                          f"{field}.name")
        job(f.job_uuid, f"{field}.job_uuid")
        out[("fixed", f.name)] = _amount(f.amount, f"{field}.amount")
    for j, t in enumerate(change.paid_time_off or ()):
        field = f"{where}.paid_time_off[{j}]"
        if t.name not in payrun.PAID_TIME_OFF:
            raise invalid(f"{field}.name: {t.name[:100]!r} is not a paid time off type; use "
                          f"one of {', '.join(payrun.PAID_TIME_OFF)}.", f"{field}.name")
        out[("paid_time_off", t.name)] = _hours(t.hours, f"{field}.hours", limit)
    paid = {k: Decimal(ln.hours or "0") for k, ln in current.items() if ln.kind != "fixed"}
    paid.update({k: v for k, v in out.items() if k[0] != "fixed"})
    total = sum(paid.values(), Decimal(0))
    if total > limit:
        raise invalid(f"{where}: employee {entry.employee_uuid} would be paid {total} hours "
                      f"in a period of {limit} hours.",
                      f"{where}.hourly_compensations")
    return out


# --- calculate, submit, cancel, delete ---------------------------------------------------


def calculate_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    _unprocessed(row, "calculated")
    _unblocked(ctx.session, company_uuid)
    current = _entries(ctx.session, row.uuid)
    plan = _refresh(ctx.session, row, current)
    entries = plan.entries(current)
    uuids = [e.employee_uuid for e in entries]
    lines = pv.lines_of(ctx.session, row.uuid, [e.employee_uuid for e in current])
    rates = _rates(ctx.session, [e.job_uuid for e in entries], row.end_date)
    states = _states(ctx.session, [e.job_uuid for e in entries])
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
        results.append(_pay(row, e, lines[e.employee_uuid], rates[e.job_uuid],
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


def _rates(session: Session, job_uuids: Sequence[str], on: date
           ) -> dict[str, tuple[Decimal, str]]:
    """Each job's rate and payment unit in force on `on` (the newest compensation by then)."""
    C = m.Compensation
    out: dict[str, tuple[Decimal, str]] = {}
    for c in session.exec(select(C).where(col(C.job_uuid).in_(job_uuids),
                                          C.effective_date <= on)
                          .order_by(col(C.effective_date), col(C.uuid))).all():
        out[c.job_uuid] = (Decimal(c.rate), c.payment_unit)
    return out


def _states(session: Session, job_uuids: Sequence[str]) -> dict[str, str]:
    J, Lc = m.Job, m.Location
    return dict(session.exec(select(J.uuid, Lc.state)
                             .join(Lc, col(Lc.uuid) == col(J.location_uuid))
                             .where(col(J.uuid).in_(job_uuids))).all())


def _pay(row: m.Payroll, e: m.PayrollEmployeeCompensation,
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


def submit_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str,
                   body: s.PayrollSubmit) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    _unprocessed(row, "submitted again")
    _unblocked(ctx.session, company_uuid)
    if row.calculated_at is None:
        raise conflict(f"Payroll {row.uuid} must be calculated before it is submitted: PUT "
                       "/v1/companies/{company_id}/payrolls/{payroll_id}/calculate, review "
                       "the amounts (GET with include=taxes,benefits,deductions), then "
                       "submit.", "base")
    for sel in body.submission_blockers:
        raise invalid(f"Payroll {row.uuid} has no submission blocker "
                      f"{sel.blocker_type[:100]!r}; send submission_blockers only for the "
                      "blockers GET shows (it shows none).", "submission_blockers")
    late = ctx.now > row.payroll_deadline
    if late:  # paid as soon as a payroll submitted now can be
        row.check_date = payrun.earliest_check_date(ctx.now.date())
    row.processed = True
    row.processed_date = ctx.now.date()
    ctx.session.add(row)
    ctx.commit()


def cancel_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    if not row.processed:
        raise conflict(f"Payroll {row.uuid} has not been processed, so there is nothing to "
                       "cancel; update it, or delete it if it is an off-cycle payroll.",
                       "base")
    if ctx.now >= row.payroll_deadline:
        raise conflict(f"Payroll {row.uuid} can no longer be cancelled: its deadline "
                       f"{row.payroll_deadline.isoformat()} has passed.", "base")
    entries = _entries(ctx.session, row.uuid)
    for e in entries:  # cancelling puts every employee back on the payroll
        if e.excluded:
            e.excluded = False
            ctx.session.add(e)
    row.processed, row.processed_date, row.calculated_at = False, None, None
    ctx.session.add(row)
    ctx.commit()
    return pv.payroll_public(row, now=ctx.now, includes=("payroll_status_meta",))


def delete_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    _unprocessed(row, "deleted")
    if not row.off_cycle:
        raise conflict(f"Payroll {row.uuid} is the regular payroll of its pay period and "
                       "cannot be deleted; exclude employees from it instead.", "base")
    L = m.PayrollCompensationLine
    for line in ctx.session.exec(select(L).where(L.payroll_uuid == row.uuid)).all():
        ctx.session.delete(line)
    for e in _entries(ctx.session, row.uuid):
        ctx.session.delete(e)
    ctx.session.delete(row)
    ctx.commit()


# --- off-cycle payrolls ----------------------------------------------------------------


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
    people = _payable(ctx.session, company.uuid, body, today)
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
    return _echo(ctx, row, None)


def _payable(session: Session, company_uuid: str, body: s.OffCyclePayrollCreate, today: date
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


# --- receipts and gross up -----------------------------------------------------------------


def _payroll_by_uuid(session: Session, payroll_uuid: str) -> m.Payroll:
    row = session.get(m.Payroll, payroll_uuid)
    if row is None:
        raise not_found(f"Payroll {payroll_uuid[:64]} was not found. List the company's "
                        f"payrolls with {GET_PAYROLLS}.",
                        meta={"entity_type": "Payroll", "entity_uuid": payroll_uuid[:64]})
    return row


def receipt(*, ctx: Ctx, payroll_uuid: str) -> s.PayrollReceipt:
    """A processed payroll's receipt: what was debited, paid and withheld."""
    row = _payroll_by_uuid(ctx.session, payroll_uuid)
    if not row.processed:
        raise conflict(f"Payroll {row.uuid} has not been processed; a receipt exists once "
                       "it is submitted.", "base")
    company = get_company(ctx.session, row.company_uuid)
    totals = pv.totals(ctx.session, [row])[row.uuid]
    PEC, E = m.PayrollEmployeeCompensation, m.Employee
    pairs = ctx.session.exec(select(PEC, E).join(E, col(E.uuid) == col(PEC.employee_uuid))
                             .where(PEC.payroll_uuid == row.uuid,
                                    PEC.excluded == False)  # noqa: E712
                             .order_by(col(E.last_name), col(E.first_name),
                                       col(E.uuid))).all()
    by_tax: dict[str, Decimal] = {}
    people = []
    for r, e in pairs:
        taxes = pv.employee_taxes(row, r)
        for name, _, amount in taxes:
            by_tax[name] = by_tax.get(name, Decimal(0)) + amount
        people.append(s.ReceiptEmployeeCompensation(
            employee_uuid=r.employee_uuid, employee_first_name=e.first_name,
            employee_last_name=e.last_name, payment_method=r.payment_method,
            net_pay=r.net_pay, total_tax=payrun.text(sum((a for _, _, a in taxes),
                                                         Decimal(0))),
            total_garnishments="0.00", child_support_garnishment="0.00",
            total_reimbursement=r.reimbursements))
    return s.PayrollReceipt(
        payroll_uuid=row.uuid, company_uuid=row.company_uuid, name_of_sender=company.name,
        name_of_recipient="Payroll Recipients",
        recipient_notice="The recipients are the employees listed below and the tax "
        "agencies of the taxes listed below.",
        debit_date=(row.processed_date or row.check_date).isoformat(),
        license="The payroll processor is a licensed money transmitter.",
        license_uri="https://gusto.com/about/licenses",
        right_to_refund="https://gusto.com/about/licenses",
        liability_of_licensee="https://gusto.com/about/licenses",
        totals=s.ReceiptTotals(company_debit=totals.company_debit,
                               net_pay_debit=totals.net_pay_debit,
                               child_support_debit=totals.child_support_debit,
                               reimbursement_debit=totals.reimbursement_debit,
                               tax_debit=totals.tax_debit),
        taxes=[s.ReceiptTax(name=n, amount=payrun.text(a)) for n, a in sorted(by_tax.items())],
        employee_compensations=people,
        licensee=s.Licensee(name="Gusto, Zenpayroll Inc.", address="525 20th St",
                            city="San Francisco", state="CA", postal_code="94107",
                            phone_number="4157778888"))


def gross_up(*, ctx: Ctx, payroll_uuid: str, body: s.GrossUpRequest) -> s.GrossUpPay:
    """The gross earnings that leave `net_pay` after this off-cycle payroll's taxes and
    deductions (the smallest such amount, to the cent)."""
    row = _payroll_by_uuid(ctx.session, payroll_uuid)
    if not row.off_cycle or row.processed:
        raise conflict(f"Payroll {row.uuid} is not an unprocessed off-cycle payroll; gross "
                       "up applies only to those.", "base")
    entry = ctx.session.get(m.PayrollEmployeeCompensation, (row.uuid, body.employee_uuid))
    if entry is None:
        raise invalid(f"Employee {body.employee_uuid} is not on payroll {row.uuid}.",
                      "employee_uuid")
    target = _amount(body.net_pay, "net_pay")
    state = _states(ctx.session, [entry.job_uuid]).get(entry.job_uuid, "")
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


def skip_payroll(*, ctx: Ctx, company_uuid: str, body: s.PayrollSkip) -> None:
    """Skip a regular pay period: its payroll is processed at $0 (every employee excluded)."""
    company = get_company(ctx.session, company_uuid)
    if body.payroll_type != "Regular":
        raise invalid(f"There is no pending {body.payroll_type} payroll to skip; only a "
                      "Regular pay period's payroll can be skipped.", "payroll_type")
    if body.employee_uuids:
        raise invalid("employee_uuids applies only to new hire and termination payrolls.",
                      "employee_uuids")
    end = body.end_date or ctx.now.date()
    P = m.Payroll
    stmt = select(P).where(P.company_uuid == company.uuid, P.off_cycle == False,  # noqa: E712
                           P.processed == False, P.end_date >= end,  # noqa: E712
                           P.start_date <= end)
    if body.start_date is not None:
        stmt = stmt.where(P.start_date == body.start_date)
    if body.pay_schedule_uuid is not None:
        stmt = stmt.where(P.pay_schedule_uuid == body.pay_schedule_uuid)
    row = ctx.session.exec(stmt.order_by(col(P.start_date))).first()
    if row is None:
        raise invalid(f"No unprocessed regular payroll covers {end}"
                      + (f" from {body.start_date}" if body.start_date else "")
                      + f"; see {GET_PAYROLLS}.", "end_date")
    _unblocked(ctx.session, company.uuid)
    zero = "0.00"
    for e in _entries(ctx.session, row.uuid):
        e.excluded = True
        for field in ("gross_pay", "employee_taxes", "employer_taxes", "benefit_deductions",
                      "company_contributions", "net_pay", "check_amount", "reimbursements"):
            setattr(e, field, zero)
        ctx.session.add(e)
    row.calculated_at = ctx.now
    row.processed, row.processed_date = True, ctx.now.date()
    ctx.session.add(row)
    ctx.commit()
