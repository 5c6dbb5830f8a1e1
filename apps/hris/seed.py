"""The HRIS's view of the world -> HRIS rows (BambooHR holds the truth).

Reads only `world.view_for("hris")`, never the world's truth directly.

Bulk Core inserts only; the template is built once per world spec and cloned per episode.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session

from arcadia.apps.hris.fields import EMPLOYMENT_STATUSES, PAY_FREQUENCY, TERMINATED
from arcadia.apps.hris.models import (
    Compensation,
    Employee,
    EmploymentStatus,
    JobInfo,
    ListOption,
    TimeOffRequest,
    TimeOffType,
)
from arcadia.world import HrisView, World

APP = "hris"
TIME_OFF_TYPES = ((1, "Vacation", "palm-trees"), (2, "Sick", "medical"),
                  (3, "Personal", "person"))
_STATUS_ROW = {"active": "Full-Time", "on_leave": "Leave of Absence", "terminated": TERMINATED}
_PAY = {"salary": ("Salary", "Year"), "hourly": ("Hourly", "Hour")}
_EXEMPT = {"Exempt": "Exempt", "Nonexempt": "Non-exempt"}


def leave_start(person_id: int, hire: date, today: date) -> date:
    """When an employee on leave went on leave (the world keeps no date; derive one)."""
    return max(hire + timedelta(days=1), today - timedelta(days=7 + person_id % 50))


def seed(world: World, session: Session) -> None:
    view = world.view_for(APP)
    today = view.today
    stamp = view.spec.now.isoformat()
    dept = {d.id: d.name for d in view.departments}
    loc = {loc.id: loc.name for loc in view.locations}
    employees: list[dict[str, Any]] = []
    jobs: list[dict[str, Any]] = []
    pays: list[dict[str, Any]] = []
    statuses: list[dict[str, Any]] = []
    for v in view.people:
        pay_type, pay_per = _PAY[v.pay_type]
        exempt = _EXEMPT[v.flsa]
        last_pay = v.comp_history[-1]
        row_status = _STATUS_ROW[v.status]
        employees.append({
            "id": v.id, "employee_number": v.employee_number,
            "first_name": v.first_name, "last_name": v.last_name, "preferred_name": None,
            "work_email": v.email, "work_phone": v.work_phone, "hire_date": v.hire_date,
            "status": "Inactive" if v.status == "terminated" else "Active",
            "job_title": v.title, "department": dept[v.department_id],
            "division": v.team, "location": loc[v.location_id],
            "supervisor_eid": v.manager_id, "employment_status": row_status,
            "termination_date": v.termination_date, "pay_rate": float(v.rate),
            "pay_currency": "USD", "pay_type": pay_type, "pay_per": pay_per, "exempt": exempt,
            "pay_rate_effective_date": last_pay.effective_date,
            "pay_change_reason": last_pay.reason, "date_of_birth": v.birth_date,
            "address1": v.home_street, "address2": None, "city": v.home_city,
            "state": v.home_state, "zipcode": v.home_zip, "country": "United States",
            "ssn": v.personal.ssn, "pay_frequency": PAY_FREQUENCY,
            "middle_name": v.personal.middle_name, "gender": v.personal.gender,
            "marital_status": v.personal.marital_status,
            "mobile_phone": v.personal.mobile_phone, "home_phone": v.personal.home_phone,
            "home_email": v.personal.home_email,
            "work_phone_extension": v.personal.work_phone_extension,
            "original_hire_date": v.hire_date,  # no one in the world was rehired
            "last_changed": stamp,
        })
        for job in v.job_history:
            jobs.append({"id": len(jobs) + 1, "employee_id": v.id, "date": job.effective_date,
                         "location": loc[job.location_id], "department": dept[job.department_id],
                         "division": job.team, "job_title": job.title,
                         "reports_to_id": job.manager_id})
        for comp in v.comp_history:
            kind, per = _PAY[comp.pay_type]
            pays.append({"id": len(pays) + 1, "employee_id": v.id,
                         "start_date": comp.effective_date, "rate": float(comp.rate),
                         "currency": "USD", "type": kind, "paid_per": per, "exempt": exempt,
                         "reason": comp.reason, "comment": None})
        rows = [(v.hire_date, "Full-Time")]
        if v.status == "on_leave":
            rows.append((leave_start(v.id, v.hire_date, today), row_status))
        if v.status == "terminated":
            assert v.termination_date is not None
            rows.append((v.termination_date, TERMINATED))
        for on, status in rows:
            statuses.append({"id": len(statuses) + 1, "employee_id": v.id, "date": on,
                             "employment_status": status, "comment": None})
    session.execute(insert(Employee), employees)
    session.execute(insert(JobInfo), jobs)
    session.execute(insert(Compensation), pays)
    session.execute(insert(EmploymentStatus), statuses)
    session.execute(insert(ListOption), _options(view))
    session.execute(insert(TimeOffType), [{"id": i, "name": n, "units": "days", "icon": icon}
                                          for i, n, icon in TIME_OFF_TYPES])
    session.execute(insert(TimeOffRequest), _time_off(view, today))


def _options(view: HrisView) -> list[dict[str, Any]]:
    teams = sorted({p.team for p in view.people})
    lists = {
        "department": [d.name for d in view.departments],
        "division": teams,
        "location": [loc.name for loc in view.locations],
        "employmentHistoryStatus": list(EMPLOYMENT_STATUSES),
        # Appended last so the other lists keep their option ids.
        "jobTitle": sorted({p.title for p in view.people}
                           | {j.title for p in view.people for j in p.job_history}),
    }
    rows, next_id = [], 1
    for alias, values in lists.items():
        for value in values:
            rows.append({"field_alias": alias, "id": next_id, "name": value, "archived": False})
            next_id += 1
    return rows


def _time_off(view: HrisView, today: date) -> list[dict[str, Any]]:
    type_ids = {name: i for i, name, _ in TIME_OFF_TYPES}
    managers = {p.id: p.manager_id for p in view.people}
    rows = []
    for t in view.time_off:
        span = (t.end - t.start).days + 1
        days = {(t.start + timedelta(days=i)).isoformat(): "1" for i in range(span)}
        created = min(t.start - timedelta(days=14), today)
        changed = created if t.status == "requested" else min(created + timedelta(days=2),
                                                              today)
        decider = managers[t.person_id] if t.status in ("approved", "denied") else t.person_id
        rows.append({
            "id": t.id, "employee_id": t.person_id, "type_id": type_ids[t.type],
            "start": t.start, "end": t.end, "amount": float(t.amount_days), "unit": "days",
            "dates": json.dumps(days), "status": t.status, "created": created,
            "status_last_changed": changed,
            "status_changed_by": decider if decider is not None else t.person_id,
            "employee_note": t.note or None, "manager_note": None, "previous_request_id": None,
        })
    return rows
