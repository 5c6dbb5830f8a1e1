"""Adding and updating employees by BambooHR field name: fields stored on the employee
are validated and written directly; job, pay and status fields add a row to their
history table (history.py).

Every function is keyword-only and takes the request `Ctx`; writes validate everything
first, then write, then call `ctx.commit()` once.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from arcadia.apps.hris import history
from arcadia.apps.hris.fields import (
    ALIASES,
    BY_ALIAS,
    COMPENSATION,
    DIRECT_COLUMNS,
    EMPLOYMENT_STATUS,
    GENDERS,
    ID_FIELDS,
    JOB_INFO,
    MARITAL_STATUSES,
    PAY_FREQUENCIES,
    STATUSES,
    SUPERVISOR_FIELDS,
    display_name,
    parse_choice,
    parse_date,
    parse_email,
    parse_ssn,
    parse_text,
    read,
)
from arcadia.apps.hris.models import Employee
from arcadia.apps.hris.schemas import EmployeeCreate, EmployeeUpdate, plain
from arcadia.apps.hris.service import employee_ref, get_employee_row
from arcadia.apps.kernel import Ctx, conflict, invalid

# Employee pay fields and the compensation-table keys they are written under.
_PAY_KEYS = {"payRate": "rate", "payType": "type", "payPer": "paidPer", "exempt": "exempt",
             "payChangeReason": "reason"}
# Employee fields kept in the jobInfo table (supervisorEId is handled on its own).
_JOB_KEYS = ("jobTitle", "department", "division", "location")


def _parse_url(value: Any, field: str) -> str | None:
    text = parse_text(value, field, limit=500)
    if text is not None and not text.lower().startswith(("https://", "http://")):
        raise invalid(f"{field} must be a web address starting with https://.", field)
    return text


_CHOICES = {"gender": GENDERS, "maritalStatus": MARITAL_STATUSES,
            "payFrequency": PAY_FREQUENCIES}


def _direct_values(session: Session, data: dict[str, Any], emp_id: int | None
                   ) -> dict[str, Any]:
    """Validated employee-row columns for the directly stored fields present in `data`."""
    out: dict[str, Any] = {}
    for alias, column in DIRECT_COLUMNS.items():
        if alias not in data:
            continue
        value = data[alias]
        if alias in ("firstName", "lastName"):
            out[column] = parse_text(value, alias, required=True, limit=100)
        elif alias in ("hireDate", "dateOfBirth", "originalHireDate"):
            out[column] = None if value in (None, "") else parse_date(value, alias)
        elif alias in ("workEmail", "homeEmail"):
            out[column] = parse_email(value, alias)
        elif alias == "status":
            out[column] = parse_choice(value, STATUSES, alias)
        elif alias in _CHOICES:
            out[column] = parse_choice(value, _CHOICES[alias], alias, required=False)
        elif alias == "ssn":
            out[column] = parse_ssn(value, alias)
        elif alias in ("middleName", "workPhoneExtension", "mobilePhone", "homePhone",
                       "skypeUsername"):
            out[column] = parse_text(value, alias, limit=100 if alias == "middleName" else 40)
        elif alias.endswith("Url"):
            out[column] = _parse_url(value, alias)
        else:
            out[column] = parse_text(value, alias)
    email = out.get("work_email")
    if email:
        clash = session.exec(select(Employee).where(Employee.work_email == email)).first()
        if clash is not None and clash.id != emp_id:
            raise conflict(f"workEmail {email} already belongs to employee {clash.id} "
                           f"({display_name(clash)}).", "workEmail")
    number = out.get("employee_number")
    if number:
        clash = session.exec(select(Employee).where(Employee.employee_number == number)).first()
        if clash is not None and clash.id != emp_id:
            raise conflict(f"employeeNumber {number} already belongs to employee {clash.id} "
                           f"({display_name(clash)}).", "employeeNumber")
    ssn = out.get("ssn")
    if ssn:
        clash = session.exec(select(Employee).where(Employee.ssn == ssn)).first()
        if clash is not None and clash.id != emp_id:
            raise conflict(f"This ssn already belongs to employee {clash.id} "
                           f"({display_name(clash)}); an SSN identifies one person.", "ssn")
    return out


def _history_values(ctx: Ctx, data: dict[str, Any], emp_id: int | None
                    ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Validated (jobInfo, compensation, employmentStatus) values from employee fields."""
    session = ctx.session
    job = history.job_values(session, emp_id, {k: v for k, v in data.items()
                                               if k in _JOB_KEYS})
    if "supervisorEId" in data:  # the employee field takes ids only, not names
        job["reports_to_id"] = history.supervisor_id(session, emp_id, data["supervisorEId"],
                                                     "supervisorEId", by_name=False)
    comp = history.comp_values({_PAY_KEYS[k]: v for k, v in data.items() if k in _PAY_KEYS},
                               labels={v: k for k, v in _PAY_KEYS.items()})
    status: dict[str, Any] = {}
    if "employmentHistoryStatus" in data:
        status = history.status_values(session, {"employmentStatus":
                                                 data["employmentHistoryStatus"]})
    return job, comp, status


_READ_ONLY_HINTS = {
    "terminationDate": " terminationDate is set by adding an employmentStatus row with "
                       "employmentStatus `Terminated`.",
    "photoUrl": " The photo is managed in BambooHR, not through employee fields.",
    "canUploadPhoto": " It says whether you may upload this employee's photo.",
    "bestEmail": " Write workEmail or homeEmail instead.",
    **{alias: f" It reads {kept}; write {kept} instead." for alias, kept in ALIASES.items()},
    "reportsToName": " Write supervisorEId (the supervisor's employee id) instead.",
    **{alias: f" Write {list_alias} with an option name from GET /meta/lists instead."
       for alias, list_alias in ID_FIELDS.items() if list_alias != "employmentHistoryStatus"},
    "employmentStatusId": " Write employmentHistoryStatus with an option name from GET "
                          "/meta/lists instead.",
}


def _check_names(data: dict[str, Any]) -> None:
    """Reject read-only and unknown field names with the fix in the message."""
    for alias in data:
        if alias in EmployeeUpdate.model_fields:
            continue
        field = BY_ALIAS.get(alias)
        if field is not None:
            raise invalid(f"{alias} is read-only.{_READ_ONLY_HINTS.get(alias, '')}", alias)
        raise invalid(f"Unknown field name {alias!r}. Writable fields: "
                      f"{', '.join(EmployeeUpdate.model_fields)}.", alias)


def create_employee(*, ctx: Ctx, body: EmployeeCreate) -> int:
    """Add an employee; job, pay and status fields become the first history rows."""
    session, today = ctx.session, ctx.now.date()
    data = plain(body)
    _check_names(data)
    new_id = ctx.next_id(Employee)
    direct = _direct_values(session, data, None)
    job, comp, status = _history_values(ctx, data, new_id)
    if comp and "rate" not in comp:
        raise invalid("payRate is required when any pay field (payType, payPer, exempt, "
                      "payChangeReason) is given.", "payRate")
    start = direct.get("hire_date") or today
    job_row = history.plan_job_row(session, new_id, {**job, "date": start}) if job else None
    comp_row = (history.plan_comp_row(session, new_id, {**comp, "start_date": start},
                                      rate_field="payRate", per_field="payPer")
                if comp else None)
    if not direct.get("employee_number"):
        direct["employee_number"] = _next_employee_number(session)
    if "original_hire_date" not in direct:
        direct["original_hire_date"] = direct.get("hire_date")
    emp = Employee(**{"id": new_id, "status": "Active", "last_changed": ctx.now.isoformat(),
                      "created": ctx.now.isoformat(),
                      **direct})
    session.add(emp)
    for table, row in ((JOB_INFO, job_row), (COMPENSATION, comp_row)):
        if row is not None:
            history.insert_row(ctx, table, new_id, row)
            history.refresh(session, emp, table, today)
    history.insert_row(ctx, EMPLOYMENT_STATUS, new_id, {
        "date": start, "employment_status": status.get("employment_status", "Full-Time")})
    history.refresh(session, emp, EMPLOYMENT_STATUS, today)
    if "status" in direct:  # an explicit status wins over the one derived from the row
        emp.status = direct["status"]
    ctx.commit()
    return new_id


def _next_employee_number(session: Session) -> str:
    numbers = session.exec(select(Employee.employee_number)).all()
    top = max((int(n[2:]) for n in numbers if n and n.startswith("AR") and n[2:].isdigit()),
              default=0)
    return f"AR{top + 1:04d}"


def update_employee(*, ctx: Ctx, employee_id: int, body: EmployeeUpdate) -> dict[str, Any]:
    """Write employee fields; history-table fields add a row dated today to their table."""
    session, today = ctx.session, ctx.now.date()
    emp = get_employee_row(session, employee_ref(ctx, employee_id))
    data = plain(body)
    if not data:
        raise invalid("Send at least one field to update, e.g. {\"workPhone\": "
                      "\"412-555-0100\"}; GET /meta/fields lists the field names.")
    _check_names(data)
    direct = _direct_values(session, data, emp.id)
    job, comp, status = _history_values(ctx, data, emp.id)
    current_job = {"job_title": emp.job_title, "department": emp.department,
                   "division": emp.division, "location": emp.location,
                   "reports_to_id": emp.supervisor_eid}
    current_pay = {"rate": emp.pay_rate, "currency": emp.pay_currency, "type": emp.pay_type,
                   "paid_per": emp.pay_per, "exempt": emp.exempt,
                   "reason": emp.pay_change_reason}
    job_row = (history.plan_job_row(session, emp.id, {**job, "date": today})
               if any(current_job[k] != v for k, v in job.items()) else None)
    comp_row = (history.plan_comp_row(session, emp.id, {**comp, "start_date": today},
                                      rate_field="payRate", per_field="payPer")
                if any(current_pay[k] != v for k, v in comp.items()) else None)
    status_row = ({**status, "date": today}
                  if status and status["employment_status"] != emp.employment_status else None)
    for key, value in direct.items():
        setattr(emp, key, value)
    for table, row in ((JOB_INFO, job_row), (COMPENSATION, comp_row),
                       (EMPLOYMENT_STATUS, status_row)):
        if row is not None:
            history.insert_row(ctx, table, emp.id, row)
            history.refresh(session, emp, table, today)
    if status_row is not None and "status" in direct:
        emp.status = direct["status"]  # an explicit status wins over the derived one
    emp.last_changed = ctx.now.isoformat()
    session.add(emp)
    ctx.commit()
    # The supervisor is read only when an answered field shows them (most writes don't).
    needs_boss = any(alias in SUPERVISOR_FIELDS for alias in data)
    boss = session.get(Employee, emp.supervisor_eid) \
        if needs_boss and emp.supervisor_eid else None
    return {"id": str(emp.id), **{alias: read(emp, alias, boss) for alias in data}}
