"""Payroll's rules for an employee's effective-dated work addresses.

A work address says from which day an employee works at one of the company's locations.
The one in effect today is the location of the employee's primary job (`location_uuid`):
every write here keeps the two the same, and so does a job's location change (see
`job_service`). Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

from datetime import date

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, check_version, get_or_404, invalid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views
from arcadia.apps.payroll.address_service import date_free, delete_unless_active
from arcadia.apps.payroll.service import get_employee

LIST_LOCATIONS = "list them with GET /v1/companies/{company_id}/locations"


def works_of(session: Session, employee_uuid: str) -> list[m.WorkAddress]:
    return list(session.exec(select(m.WorkAddress)
                             .where(m.WorkAddress.employee_uuid == employee_uuid)
                             .order_by(col(m.WorkAddress.effective_date),
                                       col(m.WorkAddress.uuid))).all())


def sync_primary_job(session: Session, employee_uuid: str, today: date) -> None:
    """Point the primary job at the work address in effect today (if there is one)."""
    current = views.current_work(works_of(session, employee_uuid), today)
    if current is None:
        return
    job = session.exec(select(m.Job).where(m.Job.employee_uuid == employee_uuid,
                                           m.Job.primary == True)).first()  # noqa: E712
    if job is not None and job.location_uuid != current.location_uuid:
        job.location_uuid = current.location_uuid
        session.add(job)


def move_to(ctx: Ctx, employee_uuid: str, location_uuid: str, day: date) -> None:
    """Record that the employee works at `location_uuid` from `day` (one row per date)."""
    same_day = ctx.session.exec(select(m.WorkAddress).where(
        m.WorkAddress.employee_uuid == employee_uuid,
        m.WorkAddress.effective_date == day)).first()
    if same_day is not None:
        same_day.location_uuid = location_uuid
        ctx.session.add(same_day)
        return
    ctx.session.add(m.WorkAddress(uuid=ctx.new_uuid("work_address"),
                                  employee_uuid=employee_uuid, location_uuid=location_uuid,
                                  effective_date=day, created_at=ctx.now))


def _location(session: Session, location_uuid: str, company_uuid: str) -> m.Location:
    place = session.get(m.Location, location_uuid)
    if place is None or place.company_uuid != company_uuid:
        raise invalid(f"{location_uuid} is not a location of this company; {LIST_LOCATIONS}.",
                      "location_uuid")
    return place


def _public(session: Session, row: m.WorkAddress, today: date) -> s.WorkAddressPublic:
    current = views.current_work(works_of(session, row.employee_uuid), today)
    place = session.get(m.Location, row.location_uuid)
    assert place is not None, "a work address always names an existing location"
    return views.work_address(row, place, current is not None and current.uuid == row.uuid)


def get_work_row(session: Session, work_address_uuid: str) -> m.WorkAddress:
    return get_or_404(session, m.WorkAddress, work_address_uuid, what="Work address",
                      hint="List an employee's work addresses with GET "
                      "/v1/employees/{employee_id}/work_addresses.")


def list_work_addresses(*, ctx: Ctx, employee_uuid: str) -> list[s.WorkAddressPublic]:
    get_employee(ctx.session, employee_uuid)
    rows = works_of(ctx.session, employee_uuid)
    current = views.current_work(rows, ctx.now.date())
    places = {p.uuid: p for p in ctx.session.exec(select(m.Location)).all()}
    return [views.work_address(r, places[r.location_uuid],
                               current is not None and r.uuid == current.uuid) for r in rows]


def work_address_public(*, ctx: Ctx, work_address_uuid: str) -> s.WorkAddressPublic:
    return _public(ctx.session, get_work_row(ctx.session, work_address_uuid), ctx.now.date())


def create_work_address(*, ctx: Ctx, employee_uuid: str, body: s.WorkAddressCreate
                        ) -> s.WorkAddressPublic:
    emp = get_employee(ctx.session, employee_uuid)
    _location(ctx.session, body.location_uuid, emp.company_uuid)
    day = body.effective_date or ctx.now.date()
    date_free(ctx.session, m.WorkAddress, emp.uuid, day, None)
    row = m.WorkAddress(uuid=ctx.new_uuid("work_address"), employee_uuid=emp.uuid,
                        location_uuid=body.location_uuid, effective_date=day,
                        created_at=ctx.now)
    ctx.session.add(row)
    ctx.session.flush()
    sync_primary_job(ctx.session, emp.uuid, ctx.now.date())
    ctx.commit()
    return _public(ctx.session, row, ctx.now.date())


def update_work_address(*, ctx: Ctx, work_address_uuid: str, body: s.WorkAddressUpdate
                        ) -> s.WorkAddressPublic:
    row = get_work_row(ctx.session, work_address_uuid)
    check_version("Work address", row.uuid, body.version,
                        views.version_of("work_address", row))
    emp = get_employee(ctx.session, row.employee_uuid)
    changes = body.model_dump(exclude_unset=True, exclude={"version"})
    for field, value in changes.items():
        if value is None:
            raise invalid(f"{field} cannot be null; leave it out to keep it.", field)
    if "location_uuid" in changes:
        _location(ctx.session, changes["location_uuid"], emp.company_uuid)
    if "effective_date" in changes:
        date_free(ctx.session, m.WorkAddress, emp.uuid, changes["effective_date"], row.uuid)
    for field, value in changes.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.session.flush()
    sync_primary_job(ctx.session, emp.uuid, ctx.now.date())
    ctx.commit()
    return _public(ctx.session, row, ctx.now.date())


def delete_work_address(*, ctx: Ctx, work_address_uuid: str) -> None:
    row = get_work_row(ctx.session, work_address_uuid)
    delete_unless_active(ctx, row, views.current_work(works_of(ctx.session, row.employee_uuid),
                                                      ctx.now.date()))
