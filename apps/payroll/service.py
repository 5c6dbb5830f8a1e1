"""Payroll's rules for the company, locations, departments and employees, and the lookups
the other service modules share. Keyword-only functions; writes validate everything, then
write, then commit.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from arcadia.apps.kernel import (
    Ctx,
    Page,
    check_version,
    conflict,
    get_or_404,
    invalid,
    paginate,
    parse_list,
    seed_uuid,
)
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views

LIST_EMPLOYEES = "list employees with GET /v1/companies/{company_id}/employees"
EMPLOYEE_INCLUDES = ("all_compensations", "all_home_addresses", "company_name",
                     "current_home_address", "custom_fields", "portal_invitations")
_SORT_BY = re.compile(r"^(created_at|name|onboarding_status)(:(asc|desc))?"
                      r"(,(created_at|name|onboarding_status)(:(asc|desc))?)*$")


def token_info(*, ctx: Ctx) -> s.TokenInfo:
    company = ctx.session.exec(select(m.Company)).first()
    assert company is not None, "the payroll loader always writes the company"
    write = "payroll" in ctx.principal.roles
    scopes = ["companies:read", "employees:read", "jobs:read", "compensations:read",
              "payrolls:read", "departments:read", "employee_benefits:read",
              "employee_payment_methods:read"]
    scopes += ["contractors:read", "employments:read"]
    if write:
        scopes += ["employees:manage", "jobs:write", "compensations:write",
                   "departments:write", "employee_payment_methods:write"]
        scopes += ["employees:write", "companies:write", "contractors:manage",
                   "contractors:write", "employments:write"]
    # The owner is the signed-in Gusto user: a UUID of its own (not an employee's, not an
    # email), the same for the same principal in every episode.
    return s.TokenInfo(scope=" ".join(scopes),
                       resource=s.TokenResource(type="Company", uuid=company.uuid),
                       resource_owner=s.TokenOwner(
                           type="CompanyAdmin",
                           uuid=seed_uuid("payroll", "user", ctx.principal.id)))


# --- lookups ---------------------------------------------------------------------


def get_company(session: Session, company_uuid: str) -> m.Company:
    return get_or_404(session, m.Company, company_uuid, what="Company",
                      hint="GET /v1/token_info returns the UUID of the company this token can "
                      "act on.")


def get_employee(session: Session, employee_uuid: str) -> m.Employee:
    return get_or_404(session, m.Employee, employee_uuid, what="Employee",
                      hint=f"Employee ids are UUIDs; {LIST_EMPLOYEES} (search_term= finds a "
                      "name or email).")


def get_job_row(session: Session, job_uuid: str) -> m.Job:
    return get_or_404(session, m.Job, job_uuid, what="Job",
                      hint="List an employee's jobs with GET /v1/employees/{employee_id}/jobs.")


def get_compensation_row(session: Session, compensation_uuid: str) -> m.Compensation:
    return get_or_404(session, m.Compensation, compensation_uuid, what="Compensation",
                      hint="List a job's compensations with GET "
                      "/v1/jobs/{job_id}/compensations.")


def get_department_row(session: Session, department_uuid: str) -> m.Department:
    return get_or_404(session, m.Department, department_uuid, what="Department",
                      hint="List departments with GET "
                      "/v1/companies/{company_id}/departments.")


# --- locations, departments ---------------------------------------------------------


def list_locations(*, session: Session, company_uuid: str) -> list[s.LocationPublic]:
    get_company(session, company_uuid)
    return [views.location(loc) for loc in locations_of(session, company_uuid)]


def locations_of(session: Session, company_uuid: str) -> list[m.Location]:
    return list(session.exec(select(m.Location).where(m.Location.company_uuid == company_uuid)
                             .order_by(col(m.Location.created_at), col(m.Location.uuid))).all())


Members = dict[str, list[str]]


def members_of(session: Session, department_uuids: Sequence[str]) -> tuple[Members, Members]:
    """The employee and the contractor UUIDs of each department."""
    employees: Members = defaultdict(list)
    for dept, emp in session.exec(
            select(m.Employee.department_uuid, m.Employee.uuid)
            .where(col(m.Employee.department_uuid).in_(department_uuids))
            .order_by(col(m.Employee.employee_code), col(m.Employee.uuid))).all():
        if dept is not None:
            employees[dept].append(emp)
    contractors: Members = defaultdict(list)
    for dept, uuid in session.exec(
            select(m.Contractor.department_uuid, m.Contractor.uuid)
            .where(col(m.Contractor.department_uuid).in_(department_uuids))
            .order_by(col(m.Contractor.created_at), col(m.Contractor.uuid))).all():
        if dept is not None:
            contractors[dept].append(uuid)
    return employees, contractors


def list_departments(*, session: Session, company_uuid: str) -> list[s.DepartmentPublic]:
    get_company(session, company_uuid)
    depts = session.exec(select(m.Department).where(m.Department.company_uuid == company_uuid)
                         .order_by(col(m.Department.title), col(m.Department.uuid))).all()
    employees, contractors = members_of(session, [d.uuid for d in depts])
    return [views.department(d, employees.get(d.uuid, []), contractors.get(d.uuid, []))
            for d in depts]


def department_public(*, session: Session, department_uuid: str) -> s.DepartmentPublic:
    dept = get_department_row(session, department_uuid)
    employees, contractors = members_of(session, [dept.uuid])
    return views.department(dept, employees.get(dept.uuid, []), contractors.get(dept.uuid, []))


def _people(session: Session, model: Any, refs: Sequence[s.PersonRef | s.ContractorRef],
            company_uuid: str,
            field: str, hint: str) -> dict[str, Any]:
    wanted = list(dict.fromkeys(ref.uuid for ref in refs))
    rows = {r.uuid: r for r in session.exec(select(model)
                                            .where(col(model.uuid).in_(wanted))).all()}
    missing = [u for u in wanted if u not in rows or rows[u].company_uuid != company_uuid]
    if missing:
        raise invalid(f"No {field[:-1]} of this company has the UUID "
                      f"{', '.join(missing)}; {hint}.", field)
    return {u: rows[u] for u in wanted}


def change_department_members(*, ctx: Ctx, department_uuid: str, body: s.DepartmentPeople,
                              add: bool) -> s.DepartmentPublic:
    """Add employees and contractors to a department (moving them out of their old one) or
    remove them."""
    dept = get_department_row(ctx.session, department_uuid)
    employees, contractors = members_of(ctx.session, [dept.uuid])
    check_version("Department", dept.uuid, body.version, views.department_version(
        dept, employees.get(dept.uuid, []), contractors.get(dept.uuid, [])))
    if not body.employees and not body.contractors:
        raise invalid("Send at least one employee or contractor as "
                      "{\"uuid\": \"<uuid>\"}.", "employees")
    people = _people(ctx.session, m.Employee, body.employees, dept.company_uuid, "employees",
                     LIST_EMPLOYEES)
    hired = _people(ctx.session, m.Contractor, body.contractors, dept.company_uuid,
                    "contractors", "list contractors with GET "
                    "/v1/companies/{company_uuid}/contractors")
    if not add:
        for field, rows in (("employees", people), ("contractors", hired)):
            outside = [u for u, r in rows.items() if r.department_uuid != dept.uuid]
            if outside:
                raise invalid(f"{', '.join(outside)} is not in the {dept.title} department, "
                              f"so it cannot be removed from it; the department's `{field}` "
                              "lists its members.", field)
    for row in [*people.values(), *hired.values()]:
        row.department_uuid = dept.uuid if add else None
        ctx.session.add(row)
    ctx.commit()
    return department_public(session=ctx.session, department_uuid=dept.uuid)


# --- employees -----------------------------------------------------------------------


def employees_public(session: Session, rows: Sequence[m.Employee], today: date, *,
                     all_compensations: bool = False) -> list[s.EmployeePublic]:
    """Serialize employees with their jobs, compensations and terminations (bulk loads)."""
    uuids = [e.uuid for e in rows]
    if not uuids:
        return []
    titles = dict(session.exec(select(m.Department.uuid, m.Department.title)).all())
    places = {loc.uuid: loc for loc in session.exec(select(m.Location)).all()}
    jobs: dict[str, list[m.Job]] = defaultdict(list)
    for j in session.exec(select(m.Job).where(col(m.Job.employee_uuid).in_(uuids))
                          .order_by(col(m.Job.created_at), col(m.Job.uuid))).all():
        jobs[j.employee_uuid].append(j)
    comps: dict[str, list[m.Compensation]] = defaultdict(list)
    for c in session.exec(select(m.Compensation)
                          .where(col(m.Compensation.employee_uuid).in_(uuids))).all():
        comps[c.job_uuid].append(c)
    terms: dict[str, list[m.Termination]] = defaultdict(list)
    for t in session.exec(select(m.Termination).where(col(m.Termination.employee_uuid)
                                                      .in_(uuids))
                          .order_by(col(m.Termination.created_at))).all():
        terms[t.employee_uuid].append(t)
    return [views.employee(
        e, department_title=titles.get(e.department_uuid) if e.department_uuid else None,
        jobs=[views.job(j, comps[j.uuid], today, all_compensations=all_compensations,
                        place=places.get(j.location_uuid) if j.location_uuid else None)
              for j in jobs[e.uuid]],
        terminations=terms[e.uuid], today=today) for e in rows]


def parse_includes(include: str | None, allowed: Sequence[str]) -> set[str]:
    return set(parse_list(include, "include", allowed=allowed))


def list_employees(*, ctx: Ctx, company_uuid: str, search_term: str | None,
                   terminated: bool | None, terminated_today: bool | None,
                   onboarded: bool | None, onboarded_active: bool | None,
                   location_uuid: str | None, payroll_uuid: str | None, uuids: str | None,
                   sort_by: str | None, include: str | None, page: int, per: int
                   ) -> tuple[list[s.EmployeePublic], Page[m.Employee]]:
    get_company(ctx.session, company_uuid)
    includes = parse_includes(include, EMPLOYEE_INCLUDES)
    if sort_by and search_term:
        raise invalid("sort_by cannot be combined with search_term; drop "
                      "one of them.", "sort_by")
    if sort_by and not _SORT_BY.match(sort_by):
        raise invalid("sort_by takes created_at, name or onboarding_status, "
                      "each optionally followed by :asc or :desc, e.g. name:desc.", "sort_by")
    today = ctx.now.date()
    E = m.Employee
    stmt = select(E).where(E.company_uuid == company_uuid)
    any_term = select(m.Termination.uuid).where(m.Termination.employee_uuid == E.uuid).exists()
    term_now = select(m.Termination.uuid).where(m.Termination.employee_uuid == E.uuid,
                                                m.Termination.effective_date <= today).exists()
    if terminated is not None:
        stmt = stmt.where(any_term if terminated else ~any_term)
    if terminated_today is not None:
        stmt = stmt.where(term_now if terminated_today else ~term_now)
    if onboarded is not None:
        stmt = stmt.where(E.onboarded == onboarded)
    if onboarded_active is not None:
        ready = (E.onboarded == True) & ~term_now  # noqa: E712 (SQL expression)
        stmt = stmt.where(ready if onboarded_active else ~ready)
    if location_uuid:
        stmt = stmt.where(select(m.Job.uuid).where(m.Job.employee_uuid == E.uuid,
                                                   m.Job.primary == True,  # noqa: E712
                                                   m.Job.location_uuid == location_uuid)
                          .exists())
    if payroll_uuid:
        PEC = m.PayrollEmployeeCompensation
        stmt = stmt.where(select(PEC.employee_uuid).where(PEC.employee_uuid == E.uuid,
                                                          PEC.payroll_uuid == payroll_uuid)
                          .exists())
    if uuids:
        stmt = stmt.where(col(E.uuid).in_([u.strip() for u in uuids.split(",") if u.strip()]))
    if search_term and search_term.strip():
        term = search_term.strip().lower()
        # SQLite's LIKE folds ASCII case itself (as its lower() does): no lower() per row.
        # `autoescape`: a `%` or `_` in the term is a character to find, not a wildcard.
        full = E.first_name + " " + E.last_name
        preferred = func.coalesce(E.preferred_first_name, "") + " " + E.last_name
        stmt = stmt.where(or_(*(text.contains(term, autoescape=True) for text in (
            full, preferred, func.coalesce(E.email, ""), func.coalesce(E.work_email, "")))))
    stmt = stmt.order_by(*_employee_order(sort_by))
    result = paginate(ctx.session, stmt, page=page, per=per)
    return employees_public(ctx.session, result.items, today,
                            all_compensations="all_compensations" in includes), result


def _employee_order(sort_by: str | None) -> list[Any]:
    E = m.Employee
    columns = {"created_at": [E.created_at], "name": [E.last_name, E.first_name],
               "onboarding_status": [E.onboarding_status]}
    order: list[Any] = []
    for part in (sort_by or "created_at").split(","):
        name, _, direction = part.partition(":")
        for column in columns[name]:
            order.append(col(column).desc() if direction == "desc" else col(column).asc())
    return [*order, col(E.employee_code), col(E.uuid)]


def employee_public(*, ctx: Ctx, employee_uuid: str, include: str | None = None
                    ) -> s.EmployeePublic:
    includes = parse_includes(include, EMPLOYEE_INCLUDES)
    row = get_employee(ctx.session, employee_uuid)
    return employees_public(ctx.session, [row], ctx.now.date(),
                            all_compensations="all_compensations" in includes)[0]


def clean_name(field: str, value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip():
        raise invalid(f"{field} cannot be blank.", field)
    return value.strip()


def _clean_email(session: Session, field: str, value: str | None, company_uuid: str,
                 exclude_uuid: str | None) -> str | None:
    if value is None:
        return None
    email = value.strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        raise invalid(f"{field} must be an email address like "
                      f"name@example.com; got {value!r}.", field)
    column = m.Employee.email if field == "email" else m.Employee.work_email
    clash = session.exec(select(m.Employee).where(m.Employee.company_uuid == company_uuid,
                                                  func.lower(column) == email,
                                                  m.Employee.uuid != (exclude_uuid or ""))
                         ).first()
    if clash is not None:
        raise invalid(f"{email} is already the {field} of employee "
                      f"{clash.uuid} ({clash.first_name} {clash.last_name}).", field)
    return email


def create_employee(*, ctx: Ctx, company_uuid: str, body: s.EmployeeCreate) -> s.EmployeePublic:
    company = get_company(ctx.session, company_uuid)
    if company.contractor_only:
        raise conflict("The company pays contractors only; turn that off with PUT "
                       "/v1/companies/{company_id} ({\"contractor_only\": false}) before "
                       "adding employees.")
    first = clean_name("first_name", body.first_name)
    last = clean_name("last_name", body.last_name)
    email = _clean_email(ctx.session, "email", body.email, company.uuid, None)
    work_email = _clean_email(ctx.session, "work_email", body.work_email, company.uuid, None)
    if body.date_of_birth is not None and body.date_of_birth >= ctx.now.date():
        raise invalid("date_of_birth must be in the past.", "date_of_birth")
    uuid = ctx.new_uuid("employee")
    row = m.Employee(
        uuid=uuid, company_uuid=company.uuid, employee_code=uuid.replace("-", "")[:6],
        first_name=first or "", middle_initial=body.middle_initial, last_name=last or "",
        preferred_first_name=body.preferred_first_name, email=email, work_email=work_email,
        date_of_birth=body.date_of_birth, has_ssn=body.ssn is not None, onboarded=False,
        onboarding_status="self_onboarding_pending_invite" if body.self_onboarding
        else "admin_onboarding_incomplete", payment_method="Check",
        current_employment_status=None, created_at=ctx.now)
    ctx.session.add(row)
    ctx.commit()
    return employee_public(ctx=ctx, employee_uuid=uuid)


def update_employee(*, ctx: Ctx, employee_uuid: str, body: s.EmployeeUpdate
                    ) -> s.EmployeePublic:
    row = get_employee(ctx.session, employee_uuid)
    check_version("Employee", row.uuid, body.version, views.version_of("employee", row))
    changes: dict[str, Any] = body.model_dump(exclude_unset=True, exclude={"version", "ssn"})
    for field in ("first_name", "last_name"):
        if field in changes:
            if changes[field] is None:
                raise invalid(f"{field} cannot be null.", field)
            changes[field] = clean_name(field, changes[field])
    for field in ("email", "work_email"):
        if field in changes:
            changes[field] = _clean_email(ctx.session, field, changes[field], row.company_uuid,
                                          row.uuid)
    if changes.get("date_of_birth") and changes["date_of_birth"] >= ctx.now.date():
        raise invalid("date_of_birth must be in the past.", "date_of_birth")
    if "two_percent_shareholder" in changes and changes["two_percent_shareholder"] is None:
        raise invalid("two_percent_shareholder must be "
                      "true or false.", "two_percent_shareholder")
    if "ssn" in body.model_fields_set and body.ssn is not None:
        changes["has_ssn"] = True
    for field, value in changes.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.commit()
    return employee_public(ctx=ctx, employee_uuid=row.uuid)


def delete_employee(*, ctx: Ctx, employee_uuid: str) -> None:
    """Delete an employee who is still onboarding, with everything recorded for them.
    Gusto refuses to delete an onboarded employee: terminate them instead."""
    row = get_employee(ctx.session, employee_uuid)
    if row.onboarded:
        raise conflict(f"{row.first_name} {row.last_name} has completed onboarding, so they "
                       "cannot be deleted; terminate them with POST "
                       "/v1/employees/{employee_id}/terminations instead.")
    paid = ctx.session.exec(select(m.PayrollEmployeeCompensation.payroll_uuid).where(
        m.PayrollEmployeeCompensation.employee_uuid == row.uuid)).first()
    if paid is not None:
        raise conflict(f"{row.first_name} {row.last_name} has been paid in payroll {paid}, "
                       "so they cannot be deleted.")
    for model in (m.Compensation, m.Job, m.Termination, m.HomeAddress, m.WorkAddress,
                  m.BankAccount, m.EmployeeBenefit):
        for child in ctx.session.exec(select(model).where(
                model.employee_uuid == row.uuid)).all():  # type: ignore[attr-defined]
            ctx.session.delete(child)
    for report in ctx.session.exec(select(m.Employee)
                                   .where(m.Employee.manager_uuid == row.uuid)).all():
        report.manager_uuid = None
        ctx.session.add(report)
    ctx.session.delete(row)
    ctx.commit()
