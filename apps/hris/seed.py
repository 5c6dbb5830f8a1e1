"""The HRIS's view of the world -> HRIS rows (BambooHR holds the truth).

Reads only `world.view_for("hris")`, never the world's truth directly.

Bulk Core inserts only; the template is built once per world spec and cloned per episode.
"""

from __future__ import annotations

import json
import random
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlmodel import Session

from arcadia.apps.hris.fields import EMPLOYMENT_STATUSES, PAY_FREQUENCY, TERMINATED
from arcadia.apps.hris.models import (
    Bonus,
    Commission,
    CompanyInformation,
    Compensation,
    Dependent,
    Earnings,
    EmergencyContact,
    Employee,
    EmployeeAsset,
    EmployeeCertification,
    EmployeeTimeOffPolicy,
    EmploymentStatus,
    Holiday,
    HrisUser,
    JobInfo,
    ListOption,
    TimeOffHistory,
    TimeOffPolicy,
    TimeOffRequest,
    TimeOffType,
)
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.world import HrisView, World

APP = "hris"
TIME_OFF_TYPES = ((1, "Vacation", "palm-trees"), (2, "Sick", "medical"),
                  (3, "Personal", "person"))
_STATUS_ROW = {"active": "Full-Time", "on_leave": "Leave of Absence", "terminated": TERMINATED}
_PAY = {"salary": ("Salary", "Year"), "hourly": ("Hourly", "Hour")}
_EXEMPT = {"Exempt": "Exempt", "Nonexempt": "Non-exempt"}


# The time of day HR enters a change (the world keeps dates only).
CHANGED_AT = time(9, 0)


def leave_start(person_id: int, hire: date, today: date) -> date:
    """When an employee on leave went on leave (the world keeps no date; derive one)."""
    return max(hire + timedelta(days=1), today - timedelta(days=7 + person_id % 50))


def changed_on(on: date, now: datetime) -> str:
    """The stored timestamp of a change recorded on `on`: at CHANGED_AT, never after now."""
    return min(datetime.combine(on, CHANGED_AT), now).isoformat()


def seed(world: World, session: Session) -> None:
    view = world.view_for(APP)
    today = view.today
    now = view.spec.now
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
        rows = [(v.hire_date, "Full-Time")]
        if v.status == "on_leave":
            rows.append((leave_start(v.id, v.hire_date, today), row_status))
        if v.status == "terminated":
            assert v.termination_date is not None
            rows.append((v.termination_date, TERMINATED))
        # lastChanged: the employee's latest recorded change (hire, job, pay, status rows).
        latest = max([on for on, _ in rows] + [j.effective_date for j in v.job_history]
                     + [c.effective_date for c in v.comp_history])
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
            "last_changed": changed_on(latest, now), "created": changed_on(v.hire_date, now),
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
        for on, status in rows:
            statuses.append({"id": len(statuses) + 1, "employee_id": v.id, "date": on,
                             "employment_status": status, "comment": None})
    insert_rows(session, Employee, employees)
    insert_rows(session, JobInfo, jobs)
    insert_rows(session, Compensation, pays)
    insert_rows(session, EmploymentStatus, statuses)
    insert_rows(session, ListOption, _options(view))
    insert_rows(session, TimeOffType, [{"id": i, "name": n, "units": "days", "icon": icon}
                                          for i, n, icon in TIME_OFF_TYPES])
    insert_rows(session, TimeOffRequest, _time_off(view, today))
    insert_rows(session, Holiday, holidays(today.year - 1, today.year + 1))
    insert_rows(session, EmergencyContact, _contacts(view))
    for model, records in _records(view, today).items():
        insert_rows(session, model, records)
    seed_policies_and_users(view, session)


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


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th `weekday` (0 = Monday) of a month; n = -1 is the last one."""
    if n < 0:
        last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def holidays(first_year: int, last_year: int) -> list[dict[str, Any]]:
    """The company's paid holidays (the US federal ones plus the day after Thanksgiving)."""
    rows: list[dict[str, Any]] = []
    for year in range(first_year, last_year + 1):
        thanksgiving = _nth_weekday(year, 11, 3, 4)
        days = (("New Year's Day", date(year, 1, 1)),
                ("Martin Luther King Jr. Day", _nth_weekday(year, 1, 0, 3)),
                ("Presidents' Day", _nth_weekday(year, 2, 0, 3)),
                ("Memorial Day", _nth_weekday(year, 5, 0, -1)),
                ("Juneteenth", date(year, 6, 19)),
                ("Independence Day", date(year, 7, 4)),
                ("Labor Day", _nth_weekday(year, 9, 0, 1)),
                ("Thanksgiving", thanksgiving),
                ("Day after Thanksgiving", thanksgiving + timedelta(days=1)),
                ("Christmas Day", date(year, 12, 25)))
        for name, on in days:
            rows.append({"id": len(rows) + 1, "name": name, "start": on, "end": on})
    return rows


_CONTACT_FIRST = ("Alex", "Jordan", "Taylor", "Morgan", "Casey", "Jamie", "Riley", "Avery",
                  "Quinn", "Drew", "Robin", "Sam", "Chris", "Pat", "Dana", "Lee")
_CONTACT_LAST = ("Garcia", "Nguyen", "Patel", "Kim", "Okafor", "Rossi", "Schmidt", "Cohen",
                 "Silva", "Murphy", "Novak", "Haddad")


def _contacts(view: HrisView) -> list[dict[str, Any]]:
    """One or two emergency contacts per employee, from a generator seeded by the world's
    seed alone (the same world always gets the same contacts)."""
    rng = random.Random(view.spec.seed * 1_000_003 + 8)
    rows: list[dict[str, Any]] = []
    for v in view.people:
        area = (v.work_phone or "412-555-0000")[:3]
        for n in range(1 if rng.random() < 0.6 else 2):
            relationship = rng.choice(("Spouse", "Partner", "Parent", "Sibling")
                                      if n == 0 else ("Parent", "Sibling", "Friend"))
            family = relationship != "Friend"
            shares_home = relationship in ("Spouse", "Partner")
            rows.append({
                "id": len(rows) + 1, "employee_id": v.id,
                "name": f"{rng.choice(_CONTACT_FIRST)} "
                        f"{v.last_name if family else rng.choice(_CONTACT_LAST)}",
                "relationship": relationship,
                "home_phone": f"{area}-555-{rng.randint(0, 9999):04d}" if shares_home else None,
                "mobile_phone": f"{area}-555-{rng.randint(0, 9999):04d}",
                "work_phone": None, "work_phone_extension": None, "email": None,
                "address_line1": v.home_street if shares_home else None,
                "address_line2": None,
                "city": v.home_city if shares_home else None,
                "state": v.home_state if shares_home else None,
                "zipcode": v.home_zip if shares_home else None,
                "country": "United States" if shares_home else None,
                "primary_contact": n == 0,
            })
    return rows


_CERTIFICATIONS = ("OSHA 30 General Industry", "Certified Safety Professional",
                   "Six Sigma Green Belt", "PMP", "AWS Certified Solutions Architect",
                   "Certified Robotics Technician", "SHRM-CP")
_CHILD_NAMES = ("Ada", "Leo", "Mia", "Noah", "Ivy", "Eli", "Zoe", "Max", "Ruby", "Owen")


def _pay_on(v: Any, on: date) -> Any:
    """The compensation row in force on `on` (None before the first)."""
    rows = [c for c in v.comp_history if c.effective_date <= on]
    return rows[-1] if rows else None


def _records(view: HrisView, today: date) -> dict[type, list[dict[str, Any]]]:
    """Bonus, commission, earnings, asset, certification and dependent rows derived from the
    world's people (pay from their compensation history, dates from their employment), with
    a generator seeded by the world's seed alone."""
    rng = random.Random(view.spec.seed * 1_000_003 + 9)
    sales = {d.id for d in view.departments if d.name == "Sales"}
    year_end = date(today.year - 1, 12, 31)
    out: dict[type, list[dict[str, Any]]] = {
        Bonus: [], Commission: [], Earnings: [], EmployeeAsset: [], EmployeeCertification: [],
        Dependent: []}

    def add(model: type, **row: Any) -> None:
        rows = out[model]
        rows.append({"id": len(rows) + 1, **row})

    for v in view.people:
        left = v.termination_date
        add(EmployeeAsset, employee_id=v.id, category="Computer",
            description="Laptop", serial_number=f"C02{rng.randint(0, 10**7 - 1):07d}",
            date_loaned=v.hire_date, date_returned=left, cost=1899.0, currency="USD",
            notes=None)
        pay = _pay_on(v, year_end)
        if pay is not None and v.hire_date <= date(year_end.year, 1, 1) and \
                (left is None or left > year_end):
            annual = pay.rate if pay.pay_type == "salary" else pay.rate * 2080
            add(Earnings, employee_id=v.id, date=year_end, prior_year=round(annual, 2),
                currency="USD")
            if pay.pay_type == "salary" and rng.random() < 0.3:
                add(Bonus, employee_id=v.id, date=date(today.year, 2, 27),
                    amount=round(annual * rng.choice((0.03, 0.05, 0.08)), 2), currency="USD",
                    reason="Performance", comment=None)
        if v.department_id in sales and v.status != "terminated":
            for month in (1, 2):
                on = date(today.year, month, 28)
                if v.hire_date < on:
                    add(Commission, employee_id=v.id, date=on,
                        amount=float(rng.randint(5, 60) * 100), currency="USD", comment=None)
        if rng.random() < 0.15:
            done = v.hire_date + timedelta(days=rng.randint(30, 700))
            if done <= today:
                add(EmployeeCertification, employee_id=v.id, title=rng.choice(_CERTIFICATIONS),
                    completion_date=done, certification_number=f"{rng.randint(0, 10**6):06d}",
                    expiration_date=done + timedelta(days=3 * 365), notes=None)
        if rng.random() < 0.25:
            for _ in range(rng.randint(1, 2)):
                born = v.birth_date + timedelta(days=rng.randint(25 * 365, 40 * 365))
                if born <= today:
                    add(Dependent, employee_id=v.id, first_name=rng.choice(_CHILD_NAMES),
                        middle_name=None, last_name=v.last_name, relationship="Child",
                        gender=rng.choice(("Female", "Male")), address_line1=v.home_street,
                        address_line2=None, ssn=None, date_of_birth=born, city=v.home_city,
                        state=v.home_state, home_phone=None, country="United States",
                        zipcode=v.home_zip)
    return out
# -- time off policies, company information, users (policies.py, company.py) --

# (id, name, time off type id, policy type, days per year). Everyone holds 1-3 from their
# hire date; the discretionary policy 4 (unlimited personal time) is held by no one yet.
TIME_OFF_POLICIES = ((1, "Vacation (accruing)", 1, "accruing", 15.0),
                     (2, "Sick (accruing)", 2, "accruing", 6.0),
                     (3, "Personal (yearly grant)", 3, "manual", 3.0),
                     (4, "Personal (flexible)", 3, "discretionary", 0.0))
_HELD_POLICIES = (1, 2, 3)
# The sites' street, ZIP and main phone: the world keeps city and state only; these are the
# addresses the payroll app gives the same locations.
_SITE_CONTACT = {
    "LOC-PIT": ("2100 Smallman Street", "15222", "412-555-0100"),
    "LOC-COL": ("4400 Alum Creek Drive", "43207", "614-555-0100"),
    "LOC-AUS": ("500 West 2nd Street", "78701", "512-555-0100"),
    "LOC-RNO": ("1300 East Glendale Avenue", "89431", "775-555-0100"),
}
# A new hire has not logged in yet for this many days.
_FIRST_LOGIN_DAYS = 14


def seed_policies_and_users(view: HrisView, session: Session) -> None:
    """Time off policies and who holds them, the company's profile, and one user (login)
    per employee."""
    insert_rows(session, TimeOffPolicy, [
        {"id": i, "name": name, "type_id": type_id, "policy_type": kind,
         "days_per_year": days} for i, name, type_id, kind, days in TIME_OFF_POLICIES])
    types = {i: type_id for i, _, type_id, _, _ in TIME_OFF_POLICIES}
    insert_rows(session, EmployeeTimeOffPolicy, [
        {"employee_id": p.id, "policy_id": pid, "type_id": types[pid],
         "accrual_start_date": p.hire_date} for p in view.people for pid in _HELD_POLICIES])
    hq = next((loc for loc in view.locations if loc.name.endswith("HQ")), view.locations[0])
    street, zip_code, phone = _SITE_CONTACT.get(hq.id, (hq.name, "", ""))
    insert_rows(session, CompanyInformation, [{
        "id": 1, "legal_name": view.company_name, "display_name": view.company_name,
        "line1": street, "line2": "", "city": hq.city, "state": hq.state, "zip": zip_code,
        "phone": phone}])
    insert_rows(session, HrisUser, _users(view))
    insert_rows(session, TimeOffHistory, _used_history(view))


def _used_history(view: HrisView) -> list[dict[str, Any]]:
    """A `used` history item for each approved request already taken, on its first day."""
    type_ids = {name: i for i, name, _ in TIME_OFF_TYPES}
    taken = sorted((t for t in view.time_off if t.status == "approved" and t.end < view.today),
                   key=lambda t: (t.start, t.id))
    return [{"id": n, "employee_id": t.person_id, "date": t.start, "event_type": "used",
             "type_id": type_ids[t.type], "request_id": t.id, "amount": float(t.amount_days),
             "note": None} for n, t in enumerate(taken, 1)]


def _users(view: HrisView) -> list[dict[str, Any]]:
    """One login per employee, with ids of their own (past the employee ids); a terminated
    employee's is disabled, with its last login on their last day."""
    now, today = view.spec.now, view.today
    base = (max((p.id for p in view.people), default=0) // 1000 + 1) * 1000
    rows = []
    for index, p in enumerate(view.people):
        if p.status == "terminated":
            assert p.termination_date is not None
            status = "disabled"
            last: datetime | None = datetime.combine(min(p.termination_date, today),
                                                     time(16, 30 + p.id % 30))
        else:
            status = "enabled"
            last = None if (today - p.hire_date).days < _FIRST_LOGIN_DAYS else \
                now - timedelta(days=p.id % 21, hours=p.id * 7 % 10, minutes=p.id * 13 % 60)
        rows.append({"id": base + index + 1, "employee_id": p.id, "email": p.email,
                     "status": status,
                     "last_login": last.isoformat() + "+00:00" if last else None})
    return rows
