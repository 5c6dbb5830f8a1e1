"""World truth -> payroll's tables, as payroll sees it (`world.view("payroll", person)`).

Payroll holds the stale values of seeded situations (an old rate, title, department or a
termination it never heard about), so it can disagree with the HR system. Everything is
written with Core bulk inserts; ids come from `seed_uuid`.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session

from arcadia.apps.kernel import seed_uuid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payrun
from arcadia.world import World
from arcadia.world.model import CompRecord, Person

APP = "payroll"
PAYROLL_HISTORY = 4  # processed pay periods loaded before world time

# Street addresses of the world's sites (the world knows only city and state).
_ADDRESSES = {
    "LOC-PIT": ("2100 Smallman Street", "15222", "4125550100"),
    "LOC-COL": ("4400 Alum Creek Drive", "43207", "6145550100"),
    "LOC-AUS": ("500 West 2nd Street", "78701", "5125550100"),
    "LOC-RNO": ("1300 East Glendale Avenue", "89431", "7755550100"),
}
BENEFIT_TYPES = {"medical": 1, "dental": 2, "vision": 3, "401k": 105}


def uid(kind: str, key: Any) -> str:
    return seed_uuid(APP, kind, key)


def at_nine(day: date) -> datetime:
    return datetime.combine(day, time(9, 0))


def money_text(value: float) -> str:
    return payrun.text(Decimal(str(value)))


def payroll_comp_history(person: Person, view: dict[str, Any]) -> list[CompRecord]:
    """The pay history payroll holds: truth's, minus raises it never heard about."""
    rows = list(person.comp_history)
    stale = view["rate"]
    if rows and rows[-1].rate != stale:
        if len(rows) >= 2 and rows[-2].rate == stale:
            rows = rows[:-1]
        else:
            last = rows[-1]
            rows[-1] = CompRecord(last.effective_date, last.pay_type, stale, last.reason)
    return rows


def seed(world: World, session: Session) -> None:
    """Write world truth as payroll holds it. Does not commit."""
    today = world.now.date()
    company_uuid = uid("company", world.spec.name)
    join = min(p.hire_date for p in world.people)
    session.execute(insert(m.Company), [{
        "uuid": company_uuid, "name": world.company_name, "trade_name": world.company_name,
        "slug": world.spec.name, "ein": f"{20 + world.spec.seed % 70:02d}-"
        f"{(world.spec.seed * 7_919 + 4_417_203) % 9_000_000 + 1_000_000:07d}",
        "join_date": join, "world_key": world.spec.name}])

    loc_uuid = {loc.id: uid("location", loc.id) for loc in world.locations}
    locations = []
    for i, loc in enumerate(world.locations):
        street, zip_code, phone = _ADDRESSES.get(loc.id, (f"1 {loc.name}", "00000",
                                                          "4125550100"))
        locations.append({
            "uuid": loc_uuid[loc.id], "company_uuid": company_uuid, "world_id": loc.id,
            "phone_number": phone, "street_1": street, "street_2": None, "city": loc.city,
            "state": loc.state, "zip": zip_code, "country": "USA",
            # The first site (headquarters) is where the company files and gets mail.
            "mailing_address": i == 0, "filing_address": i == 0, "active": True,
            "created_at": at_nine(join), "updated_at": at_nine(join)})
    session.execute(insert(m.Location), locations)

    dept_uuid = {d.id: uid("department", d.id) for d in world.departments}
    session.execute(insert(m.Department), [{
        "uuid": dept_uuid[d.id], "company_uuid": company_uuid, "title": d.name,
        "world_id": d.id} for d in world.departments])

    views = {p.id: world.view(APP, p) for p in world.people}
    emp_uuids = {p.id: uid("employee", p.id) for p in world.people}
    job_uuids = {p.id: uid("job", p.id) for p in world.people}
    histories = {p.id: payroll_comp_history(p, views[p.id]) for p in world.people}
    employees, jobs, comps, terms, banks = [], [], [], [], []
    for p in world.people:
        v = views[p.id]
        emp_uuid, job_uuid = emp_uuids[p.id], job_uuids[p.id]
        employees.append({
            "uuid": emp_uuid, "company_uuid": company_uuid, "person_id": p.id,
            "employee_code": p.employee_number, "first_name": p.first_name,
            "last_name": p.last_name, "email": p.email, "work_email": p.email,
            "phone": p.work_phone.replace("-", ""), "date_of_birth": p.birth_date,
            "has_ssn": True, "department_uuid": dept_uuid[v["department_id"]],
            "manager_uuid": None if v["manager_id"] is None else emp_uuids[v["manager_id"]],
            "created_at": at_nine(p.hire_date)})
        jobs.append({"uuid": job_uuid, "employee_uuid": emp_uuid, "title": v["title"],
                     "hire_date": p.hire_date, "primary": True,
                     "location_uuid": loc_uuid[v["location_id"]],
                     "created_at": at_nine(p.hire_date)})
        for i, row in enumerate(histories[p.id]):
            comps.append({
                "uuid": uid("compensation", f"{p.id}:{i}"), "job_uuid": job_uuid,
                "employee_uuid": emp_uuid, "rate": money_text(row.rate),
                "payment_unit": "Hour" if row.pay_type == "hourly" else "Year",
                "flsa_status": "Nonexempt" if row.pay_type == "hourly" else "Exempt",
                "effective_date": row.effective_date, "created_at": at_nine(row.effective_date)})
        if v["status"] == "terminated" and v["termination_date"] is not None:
            terms.append({"uuid": uid("termination", p.id), "employee_uuid": emp_uuid,
                          "effective_date": v["termination_date"],
                          "run_termination_payroll": False,
                          "created_at": at_nine(v["termination_date"])})
        banks.append({"uuid": uid("bank_account", p.id), "employee_uuid": emp_uuid,
                      "name": f"{p.bank.account_type} Account",
                      "routing_number": p.bank.routing_number,
                      "account_number": p.bank.account_number,
                      "account_type": p.bank.account_type, "created_at": at_nine(p.hire_date)})
    session.execute(insert(m.Employee), employees)
    session.execute(insert(m.Job), jobs)
    session.execute(insert(m.Compensation), comps)
    if terms:
        session.execute(insert(m.Termination), terms)
    session.execute(insert(m.BankAccount), banks)

    plans = {b.id: b for b in world.benefits}
    session.execute(insert(m.CompanyBenefit), [{
        "uuid": uid("company_benefit", b.id), "company_uuid": company_uuid, "world_id": b.id,
        "benefit_type": BENEFIT_TYPES.get(b.benefit_type, 1), "description": b.name,
        "supports_percentage_amounts": b.benefit_type == "401k"} for b in world.benefits])
    people = {p.id: p for p in world.people}
    enrolled: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in world.enrolments:
        plan = plans[e.benefit_id]
        enrolled[e.person_id].append({
            "uuid": uid("employee_benefit", f"{e.person_id}:{e.benefit_id}"),
            "employee_uuid": emp_uuids[e.person_id],
            "company_benefit_uuid": uid("company_benefit", e.benefit_id),
            "employee_deduction": money_text(plan.employee_deduction),
            "company_contribution": money_text(plan.company_contribution),
            "effective_date": payrun.benefits_start(people[e.person_id].hire_date)})
    rows = [row for person_rows in enrolled.values() for row in person_rows]
    if rows:
        session.execute(insert(m.EmployeeBenefit), rows)

    schedule_uuid = uid("pay_schedule", "semimonthly")
    anchor = payrun.period_containing(join)
    session.execute(insert(m.PaySchedule), [{
        "uuid": schedule_uuid, "company_uuid": company_uuid, "frequency": "Twice per month",
        "anchor_pay_date": anchor.check_date, "anchor_end_of_pay_period": anchor.end,
        "day_1": 15, "day_2": 31, "name": None,
        "custom_name": "every 15th and last day of the month"}])

    states = {loc.id: loc.state for loc in world.locations}
    payrolls, pay_rows = [], []
    for period in payrun.processed_periods(today, PAYROLL_HISTORY):
        payroll_uuid = uid("payroll", period.start.isoformat())
        payrolls.append({
            "uuid": payroll_uuid, "company_uuid": company_uuid,
            "pay_schedule_uuid": schedule_uuid, "start_date": period.start,
            "end_date": period.end, "check_date": period.check_date,
            "payroll_deadline": datetime.combine(period.processed_date, time(23, 0)),
            "processed": True, "processed_date": period.processed_date,
            "calculated_at": datetime.combine(period.processed_date, time(15, 0)),
            "created_at": at_nine(period.start)})
        for p in world.people:
            row = _pay_row(p, views[p.id], histories[p.id], period, enrolled[p.id],
                           states[views[p.id]["location_id"]])
            if row is not None:
                pay_rows.append({"payroll_uuid": payroll_uuid, "employee_uuid": emp_uuids[p.id],
                                 "job_uuid": job_uuids[p.id], **row})
    session.execute(insert(m.Payroll), payrolls)
    if pay_rows:
        session.execute(insert(m.PayrollEmployeeCompensation), pay_rows)


def _pay_row(p: Person, v: dict[str, Any], history: list[CompRecord], period: payrun.Period,
             benefits: list[dict[str, Any]], state: str) -> dict[str, Any] | None:
    """One employee's pay in one period, or None when they were not employed in it."""
    termination = v["termination_date"] if v["status"] == "terminated" else None
    fraction = payrun.worked_fraction(period, p.hire_date, termination)
    if fraction is None:
        return None
    started = [r for r in history if r.effective_date <= period.end]
    if not started:
        return None
    comp = started[-1]
    active = [b for b in benefits if b["effective_date"] <= period.end]
    pay = payrun.period_pay(
        rate=Decimal(money_text(comp.rate)),
        payment_unit="Hour" if comp.pay_type == "hourly" else "Year", fraction=fraction,
        state=state, deductions=sum((Decimal(b["employee_deduction"]) for b in active),
                                    Decimal(0)),
        contributions=sum((Decimal(b["company_contribution"]) for b in active), Decimal(0)))
    return {"flsa_status": "Nonexempt" if comp.pay_type == "hourly" else "Exempt",
            "hours": str(pay.hours), "gross_pay": payrun.text(pay.gross),
            "employee_taxes": payrun.text(pay.employee_taxes),
            "employer_taxes": payrun.text(pay.employer_taxes),
            "benefit_deductions": payrun.text(pay.deductions),
            "company_contributions": payrun.text(pay.contributions),
            "net_pay": payrun.text(pay.net), "check_amount": payrun.text(pay.net)}
