"""Reading employees' fields: the directory, one employee's fields (`fields=`,
`onlyCurrent`) and the custom report over everyone.

Every function is keyword-only and takes the request `Ctx`; none writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arcadia.apps.hris import history
from arcadia.apps.hris.fields import (
    COMPENSATION,
    EMPLOYMENT_STATUS,
    ID_FIELDS,
    JOB_INFO,
    PHOTO_PLACEHOLDER,
    SUPERVISOR_FIELDS,
    FieldDef,
    ListIds,
    columns_read,
    name_of,
    read,
    resolve_field,
)
from arcadia.apps.hris.models import Compensation, Employee, EmploymentStatus, JobInfo
from arcadia.apps.hris.service import (
    EMPLOYEE_HINT,
    SENSITIVE_ROLES,
    employee_ref,
    sees_private,
)
from arcadia.apps.kernel import Ctx, invalid, read_or_404

MAX_FIELDS = 400

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

_DIRECTORY_SQL = (
    "SELECT id, first_name, last_name, preferred_name, job_title, work_phone, work_email, "
    "department, location, division, supervisor_eid, status, mobile_phone, "
    "work_phone_extension FROM employee ORDER BY id")


def directory(*, ctx: Ctx) -> dict[str, Any]:
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
    return {"fields": [{"id": i, "type": t, "name": n} for i, t, n in _DIRECTORY_FIELDS],
            "employees": employees}


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
                 only_current: bool = True) -> dict[str, Any]:
    """`id` plus each requested field; unknown fields and sensitive fields the caller may
    not see are omitted. `only_current=False` reads history-table fields from the newest
    row even when it is dated after today, as BambooHR's `onlyCurrent=false` does."""
    emp = read_or_404(ctx, Employee, employee_ref(ctx, employee_id), what="Employee",
                      hint=EMPLOYEE_HINT)
    defs = _requested((DEFAULT_FIELDS if fields is None else fields).split(","))
    if not only_current:
        _scheduled_values(ctx, emp, {d.table for _, d in defs if d.table})
    needs_boss = any(d.alias in SUPERVISOR_FIELDS for _, d in defs)
    boss = (ctx.snapshot(Employee, emp.supervisor_eid)
            if needs_boss and emp.supervisor_eid else None)
    return _reader(ctx, defs)(emp, boss)


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


def custom_report(*, ctx: Ctx, title: str | None, fields: list[str]) -> dict[str, Any]:
    """Every employee, terminated ones included, with the requested fields (unknown ones
    left out, as BambooHR documents for this report)."""
    if not [f for f in fields if f.strip()]:
        raise invalid("fields must name at least one field, e.g. [\"firstName\", "
                      "\"lastName\", \"workEmail\", \"status\"].", "fields")
    defs = _requested(fields)
    # Only the columns the fields read: making all 48 of 800 rows costs most of a report.
    columns = {"id", "supervisor_eid"}.union(*(columns_read(d.alias) for _, d in defs))
    everyone = ctx.snapshots(Employee, only=columns)
    by_id = {e.id: e for e in everyone}
    render = _reader(ctx, defs)
    return {
        "title": title or "Custom report",
        "fields": [{"id": t, "type": d.type, "name": d.name} for t, d in defs],
        "employees": [render(e, by_id.get(e.supervisor_eid or 0)) for e in everyone],
    }

