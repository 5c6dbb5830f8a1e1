"""Payroll's rules for the company record, its locations, departments and pay schedules.

Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, check_version, conflict, get_or_404, invalid, not_found
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views
from arcadia.apps.payroll.service import (
    department_public,
    get_company,
    get_department_row,
    get_employee,
    locations_of,
    members_of,
)

STATES = frozenset((
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY").split())
_ZIP = re.compile(r"^[0-9]{5}(-[0-9]{4})?$")
_PHONE = re.compile(r"^[0-9]{10}$")


def check_address(*, state: str | None, zip_code: str | None) -> None:
    """A US state code and ZIP code, when given."""
    if state is not None and state not in STATES:
        raise invalid(f"state must be a two-letter US state code such as PA or OH; got "
                      f"{state!r}.", "state")
    if zip_code is not None and not _ZIP.match(zip_code):
        raise invalid(f"zip must be a 5-digit ZIP code (or ZIP+4, 12345-6789); got "
                      f"{zip_code!r}.", "zip")


def unchanged_zip(values: dict[str, Any]) -> dict[str, Any]:
    """An update's `zip: null` keeps the ZIP code: Gusto's own SDKs send `"zip": null` in
    every address update that does not change it."""
    if "zip" in values and values["zip"] is None:
        del values["zip"]
    return values


def check_text(field: str, value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip():
        raise invalid(f"{field} cannot be blank.", field)
    return value.strip()


# --- company ----------------------------------------------------------------------------


def company_public(*, session: Session, company_uuid: str, today: date) -> s.CompanyPublic:
    row = get_company(session, company_uuid)
    admin = session.get(m.Employee, row.primary_payroll_admin_uuid) \
        if row.primary_payroll_admin_uuid else None
    signatory = session.get(m.Employee, row.signatory_employee_uuid) \
        if row.signatory_employee_uuid else None
    home = None
    if signatory is not None:
        homes = session.exec(select(m.HomeAddress)
                             .where(m.HomeAddress.employee_uuid == signatory.uuid)).all()
        home = views.current_home(homes, today)
    return views.company(row, locations_of(session, company_uuid), admin=admin,
                         signatory=signatory, signatory_home=home)


def update_company(*, ctx: Ctx, company_uuid: str, body: s.CompanyUpdate) -> s.CompanyPublic:
    """Switch the company to or from paying contractors only; a company cannot become
    contractor-only while anyone is employed (not terminated today)."""
    row = get_company(ctx.session, company_uuid)
    if body.contractor_only:
        E, T = m.Employee, m.Termination
        gone = select(T.uuid).where(T.employee_uuid == E.uuid,
                                    T.effective_date <= ctx.now.date()).exists()
        employed = ctx.session.exec(select(func.count()).select_from(E)
                                    .where(E.company_uuid == row.uuid, ~gone)).one()
        if employed:
            raise conflict(f"The company employs {employed} people, so it cannot pay "
                           "contractors only; terminate them first.")
    row.contractor_only = body.contractor_only
    ctx.session.add(row)
    ctx.commit()
    return company_public(session=ctx.session, company_uuid=row.uuid, today=ctx.now.date())


# --- locations ----------------------------------------------------------------------------


def get_location_row(session: Session, location_uuid: str) -> m.Location:
    return get_or_404(session, m.Location, location_uuid, what="Location",
                      hint="List the company's locations with GET "
                      "/v1/companies/{company_id}/locations.")


def location_public(*, session: Session, location_uuid: str) -> s.LocationPublic:
    return views.location(get_location_row(session, location_uuid))


def _check_location_fields(values: dict[str, Any]) -> dict[str, Any]:
    for field in ("street_1", "city"):
        if field in values:
            if values[field] is None:
                raise invalid(f"{field} cannot be null.", field)
            values[field] = check_text(field, values[field])
    if "street_2" in values and values["street_2"] is not None:
        values["street_2"] = values["street_2"].strip() or None
    for field in ("state", "zip", "phone_number", "country", "mailing_address",
                  "filing_address"):
        if field in values and values[field] is None:
            raise invalid(f"{field} cannot be null; leave it out to keep it.", field)
    check_address(state=values.get("state"), zip_code=values.get("zip"))
    if "phone_number" in values:
        phone = re.sub(r"[\s().+-]", "", values["phone_number"])
        if not _PHONE.match(phone):
            raise invalid("phone_number must be a 10-digit US phone number, e.g. "
                          "4125550100.", "phone_number")
        values["phone_number"] = phone
    if values.get("country", "USA") != "USA":
        raise invalid("Only US locations are supported: country must be USA.", "country")
    return values


def _take_over_addresses(ctx: Ctx, company_uuid: str, keep: str, values: dict[str, Any]
                         ) -> None:
    """A company has one mailing and one filing address: setting either moves it."""
    for flag in ("mailing_address", "filing_address"):
        if values.get(flag):
            for other in ctx.session.exec(select(m.Location).where(
                    m.Location.company_uuid == company_uuid, m.Location.uuid != keep,
                    col(getattr(m.Location, flag)) == True)).all():  # noqa: E712
                setattr(other, flag, False)
                other.updated_at = ctx.now
                ctx.session.add(other)


def create_location(*, ctx: Ctx, company_uuid: str, body: s.LocationCreate) -> s.LocationPublic:
    company = get_company(ctx.session, company_uuid)
    sent = body.model_dump()
    for flag in ("mailing_address", "filing_address"):
        sent[flag] = bool(sent[flag])  # left out or null: not the company's mailing/filing
    values = _check_location_fields(sent)
    uuid = ctx.new_uuid("location")
    _take_over_addresses(ctx, company.uuid, uuid, values)
    row = m.Location(uuid=uuid, company_uuid=company.uuid, world_id="", active=True,
                     created_at=ctx.now, updated_at=ctx.now, **values)
    ctx.session.add(row)
    ctx.commit()
    return views.location(row)


def update_location(*, ctx: Ctx, location_uuid: str, body: s.LocationUpdate
                    ) -> s.LocationPublic:
    row = get_location_row(ctx.session, location_uuid)
    check_version("Location", row.uuid, body.version, views.version_of("location", row))
    values = _check_location_fields(unchanged_zip(body.model_dump(exclude_unset=True,
                                                                  exclude={"version"})))
    _take_over_addresses(ctx, row.company_uuid, row.uuid, values)
    for field, value in values.items():
        setattr(row, field, value)
    row.updated_at = ctx.now
    ctx.session.add(row)
    ctx.commit()
    return views.location(row)


# --- departments --------------------------------------------------------------------------


def _title_free(session: Session, company_uuid: str, title: str, exclude: str | None) -> None:
    clash = session.exec(select(m.Department).where(
        m.Department.company_uuid == company_uuid,
        func.lower(m.Department.title) == title.lower(),
        m.Department.uuid != (exclude or ""))).first()
    if clash is not None:
        raise invalid(f"The company already has a department named {clash.title} "
                      f"({clash.uuid}); pick another title.", "title")


def create_department(*, ctx: Ctx, company_uuid: str, body: s.DepartmentCreate
                      ) -> s.DepartmentPublic:
    company = get_company(ctx.session, company_uuid)
    title = check_text("title", body.title) or ""
    _title_free(ctx.session, company.uuid, title, None)
    uuid = ctx.new_uuid("department")
    ctx.session.add(m.Department(uuid=uuid, company_uuid=company.uuid, title=title))
    ctx.commit()
    return department_public(session=ctx.session, department_uuid=uuid)


def update_department(*, ctx: Ctx, department_uuid: str, body: s.DepartmentUpdate
                      ) -> s.DepartmentPublic:
    dept = get_department_row(ctx.session, department_uuid)
    employees, contractors = members_of(ctx.session, [dept.uuid])
    check_version("Department", dept.uuid, body.version, views.department_version(
        dept, employees.get(dept.uuid, []), contractors.get(dept.uuid, [])))
    if "title" in body.model_fields_set:
        if body.title is None:
            raise invalid("title cannot be null.", "title")
        title = check_text("title", body.title) or ""
        _title_free(ctx.session, dept.company_uuid, title, dept.uuid)
        dept.title = title
        ctx.session.add(dept)
    ctx.commit()
    return department_public(session=ctx.session, department_uuid=dept.uuid)


def delete_department(*, ctx: Ctx, department_uuid: str) -> None:
    dept = get_department_row(ctx.session, department_uuid)
    employees, contractors = members_of(ctx.session, [dept.uuid])
    people = len(employees.get(dept.uuid, [])) + len(contractors.get(dept.uuid, []))
    if people:
        raise conflict(f"The {dept.title} department still has {people} member(s); remove "
                       "them with PUT /v1/departments/{department_uuid}/remove (or move them "
                       "to another department) before deleting it.")
    ctx.session.delete(dept)
    ctx.commit()


# --- pay schedules -------------------------------------------------------------------------


def _auto_payroll_blockers(session: Session, company_uuid: str, today: date
                           ) -> list[s.AutoPayrollBlocker]:
    """Why automatic payroll cannot be turned on: Gusto requires every active employee to
    be salaried and paid by direct deposit."""
    E, T = m.Employee, m.Termination
    gone = select(T.uuid).where(T.employee_uuid == E.uuid, T.effective_date <= today).exists()
    active = session.exec(select(E.uuid, E.payment_method)
                          .where(E.company_uuid == company_uuid, E.onboarded == True,  # noqa: E712
                                 ~gone).order_by(col(E.uuid))).all()
    uuids = [u for u, _ in active]
    by_check = [u for u, method in active if method != "Direct Deposit"]
    comps: dict[str, list[m.Compensation]] = defaultdict(list)
    J, C = m.Job, m.Compensation
    for comp in session.exec(select(C).join(J, col(J.uuid) == col(C.job_uuid))
                             .where(col(C.employee_uuid).in_(uuids),
                                    J.primary == True)).all():  # noqa: E712
        comps[comp.employee_uuid].append(comp)
    hourly = []
    for uuid in uuids:
        current = views.current_compensation(comps.get(uuid, []), today)
        if current is not None and current.payment_unit == "Hour":
            hourly.append(uuid)
    blockers = []
    if by_check:
        blockers.append(s.AutoPayrollBlocker(key="employees_not_on_direct_deposit",
                                             metadata={"employee_uuids": by_check}))
    if hourly:
        blockers.append(s.AutoPayrollBlocker(key="employees_not_salaried",
                                             metadata={"employee_uuids": hourly}))
    return blockers


def list_pay_schedules(*, session: Session, company_uuid: str, today: date
                       ) -> list[s.PaySchedulePublic]:
    get_company(session, company_uuid)
    rows = session.exec(select(m.PaySchedule).where(m.PaySchedule.company_uuid == company_uuid)
                        .order_by(col(m.PaySchedule.uuid))).all()
    blockers = _auto_payroll_blockers(session, company_uuid, today) if rows else []
    return [views.pay_schedule(r, blockers) for r in rows]


def pay_schedule_public(*, session: Session, company_uuid: str, pay_schedule_uuid: str,
                        today: date) -> s.PaySchedulePublic:
    get_company(session, company_uuid)
    row = get_or_404(session, m.PaySchedule, pay_schedule_uuid, what="Pay schedule",
                     hint="List the company's pay schedules with GET "
                     "/v1/companies/{company_id}/pay_schedules.")
    if row.company_uuid != company_uuid:
        raise not_found(f"Pay schedule {pay_schedule_uuid} was not found in company "
                        f"{company_uuid}.", meta={"entity_type": "Pay schedule",
                                                  "entity_uuid": pay_schedule_uuid})
    return views.pay_schedule(row, _auto_payroll_blockers(session, company_uuid, today))


def company_custom_fields(*, session: Session, company_uuid: str) -> s.CompanyCustomFieldList:
    """The company's custom fields: it defines none."""
    get_company(session, company_uuid)
    return s.CompanyCustomFieldList(custom_fields=[])


def employee_custom_fields(*, session: Session, employee_uuid: str
                           ) -> s.EmployeeCustomFieldList:
    """The employee's custom field values: the company defines no custom fields."""
    get_employee(session, employee_uuid)
    return s.EmployeeCustomFieldList(custom_fields=[])
