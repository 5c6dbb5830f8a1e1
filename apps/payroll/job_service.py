"""Payroll's rules for jobs, effective-dated compensations and terminations.

Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date

from sqlalchemy import func
from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, check_version, conflict, invalid, money, not_found
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views, work_address_service
from arcadia.apps.payroll.service import (
    clean_name,
    get_compensation_row,
    get_employee,
    get_job_row,
    parse_includes,
)

SALARIED = ("Exempt", "Salaried Nonexempt", "Commission Only Exempt",
            "Commission Only Nonexempt")


# --- jobs -----------------------------------------------------------------------------


def _job_comps(session: Session, job_uuids: Sequence[str]) -> dict[str, list[m.Compensation]]:
    comps: dict[str, list[m.Compensation]] = defaultdict(list)
    for c in session.exec(select(m.Compensation)
                          .where(col(m.Compensation.job_uuid).in_(job_uuids))).all():
        comps[c.job_uuid].append(c)
    return comps


def _place(session: Session, job: m.Job) -> m.Location | None:
    return session.get(m.Location, job.location_uuid) if job.location_uuid else None


def list_jobs(*, ctx: Ctx, employee_uuid: str, include: str | None) -> list[s.JobPublic]:
    includes = parse_includes(include, ("all_compensations",))
    get_employee(ctx.session, employee_uuid)
    rows = ctx.session.exec(select(m.Job).where(m.Job.employee_uuid == employee_uuid)
                            .order_by(col(m.Job.created_at), col(m.Job.uuid))).all()
    comps = _job_comps(ctx.session, [j.uuid for j in rows])
    return [views.job(j, comps[j.uuid], ctx.now.date(),
                      all_compensations="all_compensations" in includes,
                      place=_place(ctx.session, j)) for j in rows]


def job_public(*, ctx: Ctx, job_uuid: str, include: str | None = None) -> s.JobPublic:
    includes = parse_includes(include, ("all_compensations",))
    row = get_job_row(ctx.session, job_uuid)
    return views.job(row, _job_comps(ctx.session, [row.uuid])[row.uuid], ctx.now.date(),
                     all_compensations="all_compensations" in includes,
                     place=_place(ctx.session, row))


def _check_location(session: Session, location_uuid: str | None, company_uuid: str) -> None:
    if location_uuid is None:
        return
    loc = session.get(m.Location, location_uuid)
    if loc is None or loc.company_uuid != company_uuid:
        raise invalid(f"{location_uuid} is not a location of this company; list them with "
                      "GET /v1/companies/{company_id}/locations.", "location_uuid")


def create_job(*, ctx: Ctx, employee_uuid: str, body: s.JobCreate) -> s.JobPublic:
    emp = get_employee(ctx.session, employee_uuid)
    title = clean_name("title", body.title)
    _check_location(ctx.session, body.location_uuid, emp.company_uuid)
    has_job = ctx.session.exec(select(m.Job).where(m.Job.employee_uuid == emp.uuid)).first()
    uuid = ctx.new_uuid("job")
    ctx.session.add(m.Job(
        uuid=uuid, employee_uuid=emp.uuid, title=title, hire_date=body.hire_date,
        primary=has_job is None, location_uuid=body.location_uuid,
        two_percent_shareholder=body.two_percent_shareholder,
        state_wc_covered=body.state_wc_covered, state_wc_class_code=body.state_wc_class_code,
        created_at=ctx.now))
    if has_job is None and body.location_uuid is not None:
        # The primary job's location is where the employee works from the hire date on.
        work_address_service.move_to(ctx, emp.uuid, body.location_uuid, body.hire_date)
        ctx.session.flush()
        work_address_service.sync_primary_job(ctx.session, emp.uuid, ctx.now.date())
    ctx.commit()
    return job_public(ctx=ctx, job_uuid=uuid)


def update_job(*, ctx: Ctx, job_uuid: str, body: s.JobUpdate) -> s.JobPublic:
    row = get_job_row(ctx.session, job_uuid)
    check_version("Job", row.uuid, body.version, views.version_of("job", row))
    changes = body.model_dump(exclude_unset=True, exclude={"version"})
    if "title" in changes:
        changes["title"] = clean_name("title", changes["title"])
    for field in ("hire_date", "two_percent_shareholder"):
        if field in changes and changes[field] is None:
            raise invalid(f"{field} cannot be null.", field)
    if "location_uuid" in changes:
        emp = get_employee(ctx.session, row.employee_uuid)
        _check_location(ctx.session, changes["location_uuid"], emp.company_uuid)
        if row.primary and changes["location_uuid"] is None \
                and work_address_service.works_of(ctx.session, emp.uuid):
            raise invalid("location_uuid cannot be null: the employee has work addresses; "
                          "the primary job is at the one in effect today.", "location_uuid")
    for field, value in changes.items():
        setattr(row, field, value)
    ctx.session.add(row)
    if row.primary and changes.get("location_uuid") is not None:
        # A move of the primary job is a work address from today on.
        work_address_service.move_to(ctx, row.employee_uuid, changes["location_uuid"],
                                     ctx.now.date())
    ctx.commit()
    return job_public(ctx=ctx, job_uuid=row.uuid)


def _paid(session: Session, job_uuid: str, since: date | None = None) -> date | None:
    """The end of the first processed pay period that paid the job (from `since`)."""
    PEC, P = m.PayrollEmployeeCompensation, m.Payroll
    stmt = (select(P.end_date).join(PEC, col(PEC.payroll_uuid) == col(P.uuid))
            .where(PEC.job_uuid == job_uuid, P.processed == True))  # noqa: E712
    if since is not None:
        stmt = stmt.where(P.end_date >= since)
    return session.exec(stmt.order_by(col(P.end_date))).first()


def delete_job(*, ctx: Ctx, job_uuid: str) -> None:
    """Delete a job no processed payroll has paid, with its compensations (Gusto's rule)."""
    row = get_job_row(ctx.session, job_uuid)
    paid = _paid(ctx.session, row.uuid)
    if paid is not None:
        raise conflict(f"Job {row.uuid} has been paid in the payroll ending {paid}, so it "
                       "cannot be deleted; terminate the employee or change the job instead.")
    for comp in _job_comps(ctx.session, [row.uuid])[row.uuid]:
        ctx.session.delete(comp)
    if row.primary:
        successor = ctx.session.exec(select(m.Job).where(
            m.Job.employee_uuid == row.employee_uuid, m.Job.uuid != row.uuid)
            .order_by(col(m.Job.created_at), col(m.Job.uuid))).first()
        if successor is not None:
            successor.primary = True
            ctx.session.add(successor)
    ctx.session.delete(row)
    ctx.commit()


# --- compensations ----------------------------------------------------------------------


def list_compensations(*, ctx: Ctx, job_uuid: str, include: str | None
                       ) -> list[s.CompensationPublic]:
    """The job's current compensation (the one in effect today); every one, oldest first,
    with `include=all_compensations` (Gusto's rule for this endpoint)."""
    includes = parse_includes(include, ("all_compensations",))
    get_job_row(ctx.session, job_uuid)
    comps = _job_comps(ctx.session, [job_uuid])[job_uuid]
    if "all_compensations" not in includes:
        current = views.current_compensation(comps, ctx.now.date())
        return [] if current is None else [views.compensation(current)]
    ordered = sorted(comps, key=lambda c: (c.effective_date, c.created_at, c.uuid))
    return [views.compensation(c) for c in ordered]


def compensation_public(*, ctx: Ctx, compensation_uuid: str) -> s.CompensationPublic:
    return views.compensation(get_compensation_row(ctx.session, compensation_uuid))


def _validate_compensation(session: Session, *, job: m.Job, rate: str, payment_unit: str,
                           flsa_status: str, effective_date: date, exclude_uuid: str | None
                           ) -> str:
    amount = s.parse_money(rate)
    if amount is None:
        raise invalid(f"rate must be a positive dollar amount with at most two "
                      f"decimals, e.g. \"92000.00\"; got {rate!r}.", "rate")
    if flsa_status in SALARIED and payment_unit == "Hour":
        raise invalid(f"A {flsa_status} compensation is a salary: use "
                      "payment_unit Year, Month, Week or Paycheck, or flsa_status "
                      "Nonexempt for an hourly rate.", "payment_unit")
    if flsa_status == "Nonexempt" and payment_unit != "Hour":
        raise invalid("A Nonexempt (hourly) compensation is paid by the "
                      "Hour; use flsa_status Salaried Nonexempt for a salary with "
                      "overtime.", "payment_unit")
    if effective_date < job.hire_date:
        raise invalid(f"effective_date {effective_date} is before the "
                      f"job's hire_date {job.hire_date}.", "effective_date")
    clash = session.exec(select(m.Compensation).where(
        m.Compensation.job_uuid == job.uuid, m.Compensation.effective_date == effective_date,
        m.Compensation.uuid != (exclude_uuid or ""))).first()
    if clash is not None:
        raise invalid(f"The job already has compensation {clash.uuid} "
                      f"effective {effective_date}; update that one instead or pick "
                      "another date.", "effective_date")
    return money(amount)


def create_compensation(*, ctx: Ctx, job_uuid: str, body: s.CompensationCreate
                        ) -> s.CompensationPublic:
    job = get_job_row(ctx.session, job_uuid)
    effective = body.effective_date or ctx.now.date()
    rate = _validate_compensation(ctx.session, job=job, rate=body.rate,
                                  payment_unit=body.payment_unit, flsa_status=body.flsa_status,
                                  effective_date=effective, exclude_uuid=None)
    uuid = ctx.new_uuid("compensation")
    ctx.session.add(m.Compensation(
        uuid=uuid, job_uuid=job.uuid, employee_uuid=job.employee_uuid, rate=rate,
        payment_unit=body.payment_unit, flsa_status=body.flsa_status,
        effective_date=effective, adjust_for_minimum_wage=body.adjust_for_minimum_wage,
        title=job.title, created_at=ctx.now))
    ctx.commit()
    return compensation_public(ctx=ctx, compensation_uuid=uuid)


def update_compensation(*, ctx: Ctx, compensation_uuid: str, body: s.CompensationUpdate
                        ) -> s.CompensationPublic:
    row = get_compensation_row(ctx.session, compensation_uuid)
    check_version("Compensation", row.uuid, body.version,
                        views.version_of("compensation", row))
    changes = body.model_dump(exclude_unset=True, exclude={"version"})
    for field, value in changes.items():
        if value is None:
            raise invalid(f"{field} cannot be null; leave it out to keep "
                          f"{getattr(row, field)!s}.", field)
    job = get_job_row(ctx.session, row.job_uuid)
    changes["rate"] = _validate_compensation(
        ctx.session, job=job, rate=changes.get("rate", row.rate),
        payment_unit=changes.get("payment_unit", row.payment_unit),
        flsa_status=changes.get("flsa_status", row.flsa_status),
        effective_date=changes.get("effective_date", row.effective_date),
        exclude_uuid=row.uuid)
    for field, value in changes.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.commit()
    return compensation_public(ctx=ctx, compensation_uuid=row.uuid)


def delete_compensation(*, ctx: Ctx, compensation_uuid: str) -> None:
    """Delete a compensation no processed payroll has paid (Gusto's rule), and never a
    job's only one."""
    row = get_compensation_row(ctx.session, compensation_uuid)
    paid = _paid(ctx.session, row.job_uuid, row.effective_date)
    if paid is not None:
        raise conflict(f"Compensation {row.uuid} (effective {row.effective_date}) has been "
                       f"paid in the payroll ending {paid}, so it cannot be deleted; add a "
                       "new compensation with POST /v1/jobs/{job_id}/compensations instead.")
    others = ctx.session.exec(select(func.count()).select_from(m.Compensation).where(
        m.Compensation.job_uuid == row.job_uuid, m.Compensation.uuid != row.uuid)).one()
    if not others:
        raise conflict(f"Compensation {row.uuid} is the job's only compensation; a job must "
                       "keep one. Update it with PUT /v1/compensations/{compensation_id}.")
    ctx.session.delete(row)
    ctx.commit()


# --- terminations -------------------------------------------------------------------------


def list_terminations(*, ctx: Ctx, employee_uuid: str) -> list[s.TerminationPublic]:
    get_employee(ctx.session, employee_uuid)
    rows = ctx.session.exec(select(m.Termination)
                            .where(m.Termination.employee_uuid == employee_uuid)
                            .order_by(col(m.Termination.created_at))).all()
    return [views.termination(t, ctx.now.date()) for t in rows]


def create_termination(*, ctx: Ctx, employee_uuid: str, body: s.TerminationCreate
                       ) -> s.TerminationPublic:
    emp = get_employee(ctx.session, employee_uuid)
    existing = ctx.session.exec(select(m.Termination)
                                .where(m.Termination.employee_uuid == emp.uuid)).first()
    if existing is not None:
        raise conflict(f"{emp.first_name} {emp.last_name} already has a termination "
                       f"effective {existing.effective_date}; an employee can only "
                       "be terminated once.")
    hired = ctx.session.exec(select(func.min(m.Job.hire_date))
                             .where(m.Job.employee_uuid == emp.uuid)).one()
    if hired is not None and body.effective_date < hired:
        raise invalid(f"effective_date {body.effective_date} is before "
                      f"the employee's hire date {hired}.", "effective_date")
    uuid = ctx.new_uuid("termination")
    row = m.Termination(uuid=uuid, employee_uuid=emp.uuid, effective_date=body.effective_date,
                        run_termination_payroll=body.run_termination_payroll,
                        created_at=ctx.now)
    ctx.session.add(row)
    ctx.commit()
    return views.termination(row, ctx.now.date())


def _termination_of(session: Session, employee_uuid: str) -> m.Termination:
    emp = get_employee(session, employee_uuid)
    row = session.exec(select(m.Termination).where(m.Termination.employee_uuid == emp.uuid)
                       .order_by(col(m.Termination.created_at))).first()
    if row is None:
        raise not_found(f"{emp.first_name} {emp.last_name} has no termination; create one "
                        "with POST /v1/employees/{employee_id}/terminations.",
                        meta={"entity_type": "Termination", "entity_uuid": employee_uuid})
    return row


def termination_public(*, ctx: Ctx, employee_uuid: str) -> s.TerminationPublic:
    return views.termination(_termination_of(ctx.session, employee_uuid), ctx.now.date())


def update_termination(*, ctx: Ctx, employee_uuid: str, body: s.TerminationUpdate
                       ) -> s.TerminationPublic:
    """Move the last day of work (or the final-pay choice) of a termination that has not
    taken effect yet."""
    row = _termination_of(ctx.session, employee_uuid)
    check_version("Termination", row.uuid, body.version,
                        views.version_of("termination", row))
    today = ctx.now.date()
    if row.effective_date <= today:
        raise conflict(f"The termination took effect on {row.effective_date}, so it can no "
                       "longer be changed.")
    hired = ctx.session.exec(select(func.min(m.Job.hire_date))
                             .where(m.Job.employee_uuid == employee_uuid)).one()
    if hired is not None and body.effective_date < hired:
        raise invalid(f"effective_date {body.effective_date} is before the employee's hire "
                      f"date {hired}.", "effective_date")
    row.effective_date = body.effective_date
    if body.run_termination_payroll is not None:
        row.run_termination_payroll = body.run_termination_payroll
    ctx.session.add(row)
    ctx.commit()
    return views.termination(row, today)


def cancel_termination(*, ctx: Ctx, employee_uuid: str) -> None:
    """Delete a termination that can still be cancelled: its last day of work is in the
    future and no termination payroll was asked for (`cancelable`)."""
    row = _termination_of(ctx.session, employee_uuid)
    today = ctx.now.date()
    if row.effective_date <= today:
        raise conflict(f"The termination took effect on {row.effective_date}, so it can no "
                       "longer be cancelled; rehire the employee instead.")
    if row.run_termination_payroll:
        raise conflict("The termination runs a termination payroll, so it cannot be "
                       "cancelled (its `cancelable` is false).")
    ctx.session.delete(row)
    ctx.commit()


def employment_history(*, ctx: Ctx, employee_uuid: str) -> list[s.EmploymentPublic]:
    """The employee's employments: from the first hire date to the termination, if any."""
    emp = get_employee(ctx.session, employee_uuid)
    hired = ctx.session.exec(select(func.min(m.Job.hire_date))
                             .where(m.Job.employee_uuid == emp.uuid)).one()
    if hired is None:
        return []
    term = ctx.session.exec(select(m.Termination).where(m.Termination.employee_uuid == emp.uuid)
                            .order_by(col(m.Termination.created_at))).first()
    status = emp.current_employment_status or "not_set"
    return [s.EmploymentPublic(
        hire_date=hired.isoformat(),
        termination_date=None if term is None else term.effective_date.isoformat(),
        file_new_hire_report=False, two_percent_shareholder=emp.two_percent_shareholder,
        employment_status=status)]
