"""HRIS rules: the directory, employees and their history tables, and the meta lists.

Every function is keyword-only and takes the request `Ctx`; writes validate everything
first, then write, then call `ctx.commit()` once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from fastapi import Response
from sqlmodel import Session, col, select

from arcadia.apps.hris import history
from arcadia.apps.hris.fields import (
    ALIASES,
    BY_ALIAS,
    COMPENSATION,
    DIRECT_COLUMNS,
    EMPLOYMENT_STATUS,
    FIELDS,
    GENDERS,
    ID_FIELDS,
    JOB_INFO,
    LIST_FIELDS,
    MARITAL_STATUSES,
    PAY_FREQUENCIES,
    PHOTO_PLACEHOLDER,
    STATUSES,
    TABLES,
    FieldDef,
    ListIds,
    display_name,
    name_of,
    parse_choice,
    parse_date,
    parse_email,
    parse_ssn,
    parse_text,
    read,
    resolve_field,
)
from arcadia.apps.hris.models import Compensation, Employee, EmploymentStatus, JobInfo, ListOption
from arcadia.apps.hris.schemas import EmployeeCreate, EmployeeUpdate, plain
from arcadia.apps.kernel import (
    Ctx,
    conflict,
    forbidden,
    get_or_404,
    invalid,
    not_found,
    read_or_404,
)

COMPANY_DOMAIN = "arcadia"
# HR decides everything people-related (time off included).
SENSITIVE_ROLES: tuple[str, ...] = ("hr",)
# Roles that read every employee's sensitive fields and compensation table: payroll
# staff need pay and home address to run payroll, as in a real BambooHR access level.
PRIVATE_READ_ROLES: tuple[str, ...] = ("hr", "payroll")
MAX_FIELDS = 400
# Fields read from the supervisor's own record (only those need it loaded).
SUPERVISOR_FIELDS = frozenset({"supervisor", "supervisorId", "supervisorEmail",
                               "reportsToName"})

# Employee pay fields and the compensation-table keys they are written under.
_PAY_KEYS = {"payRate": "rate", "payType": "type", "payPer": "paidPer", "exempt": "exempt",
             "payChangeReason": "reason"}
# Employee fields kept in the jobInfo table (supervisorEId is handled on its own).
_JOB_KEYS = ("jobTitle", "department", "division", "location")


def check_company(domain: str) -> None:
    if domain != COMPANY_DOMAIN:
        raise not_found(f"Company domain {domain!r} was not found; this BambooHR account is "
                        f"{COMPANY_DOMAIN!r} (/api/gateway.php/{COMPANY_DOMAIN}/v1/...).")


def employee_ref(ctx: Ctx, employee_id: int) -> int:
    """BambooHR's id `0` is the signed-in employee."""
    return ctx.principal.id if employee_id == 0 else employee_id


_EMPLOYEE_HINT = "Look ids up in GET /employees/directory."


def get_employee_row(session: Session, employee_id: int) -> Employee:
    return get_or_404(session, Employee, employee_id, what="Employee", hint=_EMPLOYEE_HINT)


def sees_private(ctx: Ctx, employee_id: int) -> bool:
    """HR and payroll see everyone's sensitive fields; everyone sees their own."""
    return ctx.principal.id == employee_id or ctx.principal.has_any(PRIVATE_READ_ROLES)


# -- reads ---------------------------------------------------------------------

_DIRECTORY_FIELDS = (
    ("displayName", "text", "Display name"), ("firstName", "text", "First name"),
    ("lastName", "text", "Last name"), ("preferredName", "text", "Preferred name"),
    ("jobTitle", "list", "Job title"), ("workPhone", "text", "Work Phone"),
    ("mobilePhone", "text", "Mobile Phone"), ("workEmail", "email", "Work Email"),
    ("department", "list", "Department"), ("location", "list", "Location"),
    ("division", "list", "Division"), ("linkedIn", "text", "LinkedIn URL"),
    ("workPhoneExtension", "text", "Work Ext."), ("supervisor", "employee", "Supervisor"),
    ("photoUploaded", "bool", "Employee photo exists"),
    ("photoUrl", "url", "Employee photo url"), ("canUploadPhoto", "bool", "Can upload photo"),
)


def json_response(body: Any) -> Response:
    """Serialised once, here: the route's `response_model` documents the shape, and these
    bytes are what FastAPI would have sent after validating the same dict against it."""
    return Response(orjson.dumps(body), media_type="application/json")


_DIRECTORY_SQL = (
    "SELECT id, first_name, last_name, preferred_name, job_title, work_phone, work_email, "
    "department, location, division, supervisor_eid, status, mobile_phone, "
    "work_phone_extension FROM employee ORDER BY id")


def directory(*, ctx: Ctx) -> Response:
    """Every active employee with BambooHR's directory fieldset (plain rows: this is the
    biggest read agents make)."""
    everyone = ctx.rows(_DIRECTORY_SQL)
    names = {r[0]: name_of(r[1], r[2], r[3]) for r in everyone}
    me = ctx.principal.id
    employees = [{
        "id": str(eid), "displayName": names[eid], "firstName": first, "lastName": last,
        "preferredName": preferred, "jobTitle": title, "workPhone": phone,
        "mobilePhone": mobile, "workEmail": email, "department": department,
        "location": location, "division": division, "linkedIn": None,
        "workPhoneExtension": extension,
        "supervisor": names.get(boss) if boss is not None else None,
        "photoUploaded": False, "photoUrl": PHOTO_PLACEHOLDER,
        "canUploadPhoto": 1 if me == eid else 0,
    } for (eid, first, last, preferred, title, phone, email, department, location, division,
           boss, status, mobile, extension) in everyone if status == "Active"]
    return json_response({"fields": [{"id": i, "type": t, "name": n}
                                     for i, t, n in _DIRECTORY_FIELDS],
                          "employees": employees})


def _requested(fields: list[str]) -> list[tuple[str, FieldDef]]:
    """The known fields among `fields`, each with the name it was asked by (alias or id).

    Unknown names are left out of the answer, as BambooHR leaves out fields it cannot
    give; more than MAX_FIELDS names is a 400, as in BambooHR."""
    tokens = [t.strip() for t in fields if t.strip()]
    if len(tokens) > MAX_FIELDS:
        raise invalid(f"At most {MAX_FIELDS} fields may be requested at once; got "
                      f"{len(tokens)}.", "fields")
    known: list[tuple[str, FieldDef]] = []
    seen: set[str] = set()
    for token in tokens:
        field = resolve_field(token)
        if field is not None and token not in seen:
            seen.add(token)
            known.append((token, field))
    return known


def _list_ids(ctx: Ctx, defs: list[tuple[str, FieldDef]]) -> ListIds | None:
    """Option ids by list and name, read only when an `*Id` field is asked for."""
    if not any(d.alias in ID_FIELDS for _, d in defs):
        return None
    out: dict[str, dict[str, int]] = {}
    for alias, option_id, name in ctx.rows(
            "SELECT field_alias, id, name FROM list_option ORDER BY field_alias, id"):
        out.setdefault(alias, {}).setdefault(name, option_id)
    return out


def _reader(ctx: Ctx, defs: list[tuple[str, FieldDef]]
            ) -> Callable[[Any, Any], dict[str, Any]]:
    """The renderer of `defs` for one caller, resolved once for every employee it reads."""
    shown = [(t, d.alias) for t, d in defs]
    public = [(t, d.alias) for t, d in defs if not d.sensitive]
    list_ids = _list_ids(ctx, defs)

    hr = ctx.principal.has_any(SENSITIVE_ROLES)

    def render(emp: Any, boss: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"id": str(emp.id)}
        # BambooHR omits fields the caller may not view, without a marker.
        for token, alias in (shown if sees_private(ctx, emp.id) else public):
            # Whether the caller may upload this employee's photo: their own, or HR.
            out[token] = (hr or ctx.principal.id == emp.id) if alias == "canUploadPhoto" \
                else read(emp, alias, boss, list_ids)
        return out

    return render


# BambooHR's default when `fields` is absent.
DEFAULT_FIELDS = "firstName,lastName"


def get_employee(*, ctx: Ctx, employee_id: int, fields: str | None,
                 only_current: bool = True) -> Response:
    """`id` plus each requested field; unknown fields and sensitive fields the caller may
    not see are omitted. `only_current=False` reads history-table fields from the newest
    row even when it is dated after today, as BambooHR's `onlyCurrent=false` does."""
    emp = read_or_404(ctx, Employee, employee_ref(ctx, employee_id), what="Employee",
                      hint=_EMPLOYEE_HINT)
    defs = _requested((DEFAULT_FIELDS if fields is None else fields).split(","))
    if not only_current:
        _scheduled_values(ctx, emp, {d.table for _, d in defs if d.table})
    needs_boss = any(d.alias in SUPERVISOR_FIELDS for _, d in defs)
    boss = (ctx.snapshot(Employee, emp.supervisor_eid)
            if needs_boss and emp.supervisor_eid else None)
    return json_response(_reader(ctx, defs)(emp, boss))


def _scheduled_values(ctx: Ctx, emp: Any, tables: set[str]) -> None:
    """Overlay on the snapshot `emp` the values of the newest row of each of `tables`,
    future-dated ones included (the snapshot is the request's own copy)."""
    session = ctx.session
    if JOB_INFO in tables:
        jobs = history.rows_of(session, JobInfo, emp.id)
        if jobs:
            job = jobs[-1]
            emp.job_title, emp.department, emp.division = (job.job_title, job.department,
                                                           job.division)
            emp.location, emp.supervisor_eid = job.location, job.reports_to_id
    if COMPENSATION in tables:
        pays = history.rows_of(session, Compensation, emp.id)
        if pays:
            pay = pays[-1]
            emp.pay_rate, emp.pay_currency, emp.pay_type = pay.rate, pay.currency, pay.type
            emp.pay_per, emp.exempt = pay.paid_per, pay.exempt
            emp.pay_rate_effective_date, emp.pay_change_reason = pay.start_date, pay.reason
    if EMPLOYMENT_STATUS in tables:
        statuses = history.rows_of(session, EmploymentStatus, emp.id)
        if statuses:
            emp.employment_status = statuses[-1].employment_status


def custom_report(*, ctx: Ctx, title: str | None, fields: list[str]) -> Response:
    """Every employee, terminated ones included, with the requested fields (unknown ones
    left out, as BambooHR documents for this report)."""
    if not [f for f in fields if f.strip()]:
        raise invalid("fields must name at least one field, e.g. [\"firstName\", "
                      "\"lastName\", \"workEmail\", \"status\"].", "fields")
    defs = _requested(fields)
    everyone = ctx.snapshots(Employee)
    by_id = {e.id: e for e in everyone}
    render = _reader(ctx, defs)
    return json_response({
        "title": title or "Custom report",
        "fields": [{"id": t, "type": d.type, "name": d.name} for t, d in defs],
        "employees": [render(e, by_id.get(e.supervisor_eid or 0)) for e in everyone],
    })


def meta_fields() -> list[dict[str, Any]]:
    return [{"id": f.id, "name": f.name, "type": f.type, "alias": f.alias}
            for f in FIELDS if f.alias != "id"]


def meta_lists(*, ctx: Ctx) -> list[dict[str, Any]]:
    rows = ctx.session.exec(select(ListOption).order_by(col(ListOption.id))).all()
    out = []
    for alias in LIST_FIELDS:
        field = BY_ALIAS[alias]
        out.append({"fieldId": field.id, "manageable": "yes", "multiple": "no",
                    "name": field.name, "alias": alias,
                    "options": [{"id": r.id, "archived": "yes" if r.archived else "no",
                                 "name": r.name} for r in rows if r.field_alias == alias]})
    return out


# -- employee writes ---------------------------------------------------------------------


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


# -- history tables ---------------------------------------------------------------------


def _table_employee(ctx: Ctx, employee_id: int, table: str, *, write: bool) -> Employee:
    emp = get_employee_row(ctx.session, employee_ref(ctx, employee_id))
    if table == COMPENSATION and not write and not sees_private(ctx, emp.id):
        raise forbidden(f"{ctx.principal.name} may not view the compensation of employee "
                        f"{emp.id}: compensation is visible to HR and payroll (roles "
                        "hr, payroll) and to the employee themself.")
    return emp


def _name_of(session: Session) -> Any:
    cache: dict[int, str | None] = {}

    def name_of(employee_id: int | None) -> str | None:
        if employee_id is None:
            return None
        if employee_id not in cache:
            boss = session.get(Employee, employee_id)
            cache[employee_id] = display_name(boss) if boss else None
        return cache[employee_id]

    return name_of


def list_rows(*, ctx: Ctx, employee_id: int, table: str) -> list[dict[str, Any]]:
    """An employee's rows of `table`, oldest first."""
    emp = _table_employee(ctx, employee_id, table, write=False)
    model = history.MODELS[table]
    name_of = _name_of(ctx.session)
    return [history.row_json(r, name_of)
            for r in history.rows_of(ctx.session, model, emp.id)]  # type: ignore[type-var]


def _row_values(ctx: Ctx, emp: Employee, table: str, data: dict[str, Any]) -> dict[str, Any]:
    if table == JOB_INFO:
        return history.job_values(ctx.session, emp.id, data)
    if table == COMPENSATION:
        return history.comp_values(data)
    return history.status_values(ctx.session, data)


def create_row(*, ctx: Ctx, employee_id: int, table: str, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Add a history row; the employee's current values follow the newest effective row."""
    session, today = ctx.session, ctx.now.date()
    emp = _table_employee(ctx, employee_id, table, write=True)
    values = _row_values(ctx, emp, table, data)
    if table == JOB_INFO:
        values = history.plan_job_row(session, emp.id, values)
    elif table == COMPENSATION:
        values = history.plan_comp_row(session, emp.id, values)
    row = history.insert_row(ctx, table, emp.id, values)
    history.refresh(session, emp, table, today)
    emp.last_changed = ctx.now.isoformat()
    ctx.commit()
    return history.row_json(row, _name_of(session))


def update_row(*, ctx: Ctx, employee_id: int, table: str, row_id: int, data: dict[str, Any]
               ) -> dict[str, Any]:
    """Change some columns of one history row, then recompute current values."""
    session, today = ctx.session, ctx.now.date()
    emp = _table_employee(ctx, employee_id, table, write=True)
    model = history.MODELS[table]
    row: Any = session.get(model, row_id)
    if row is None or row.employee_id != emp.id:
        raise not_found(f"Row {row_id} of table {table} does not belong to employee {emp.id}; "
                        f"GET /employees/{emp.id}/tables/{table} lists its rows.")
    if not data:
        raise invalid("Send at least one column of the row to change.")
    values = _row_values(ctx, emp, table, data)
    required = {"date", "start_date", "rate", "employment_status", "type", "paid_per"}
    for key, value in values.items():
        if key in required and value is None:
            raise invalid(f"{key} cannot be cleared on an existing row.", key)
    if table == COMPENSATION:
        merged = {"type": row.type, "paid_per": row.paid_per, "exempt": row.exempt, **values}
        history.settle_pay(merged, values)
        values.update({k: merged[k] for k in ("type", "paid_per", "exempt")})
    for key, value in values.items():
        setattr(row, key, value)
    session.add(row)
    history.refresh(session, emp, table, today)
    emp.last_changed = ctx.now.isoformat()
    ctx.commit()
    return history.row_json(row, _name_of(session))


__all__ = [
    "COMPANY_DOMAIN",
    "TABLES",
    "Compensation",
    "EmploymentStatus",
    "JobInfo",
    "check_company",
    "create_employee",
    "create_row",
    "directory",
    "get_employee",
    "list_rows",
    "meta_fields",
    "meta_lists",
    "update_employee",
    "update_row",
]
