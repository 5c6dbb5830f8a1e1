"""Payroll's view of the world -> payroll's tables (reads only `world.view_for("payroll")`).

Where a situation says payroll never heard of a change, the view holds the person as they
were before it (old department, manager, site, title and pay rows, no termination), so
payroll can disagree with the HR system. Everything is written with Core bulk inserts;
ids come from `seed_uuid`.
"""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import update
from sqlmodel import Session

from arcadia.apps.kernel import seed_uuid
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payrun
from arcadia.world import JobRecord, PayrollView, PersonRecord, World

APP = "payroll"
PAYROLL_HISTORY = 4  # processed pay periods loaded before world time

# Street addresses of the world's sites (the world knows only city and state).
_ADDRESSES = {
    "LOC-PIT": ("2100 Smallman Street", "15222", "4125550100"),
    "LOC-COL": ("4400 Alum Creek Drive", "43207", "6145550100"),
    "LOC-AUS": ("500 West 2nd Street", "78701", "5125550100"),
    "LOC-RNO": ("1300 East Glendale Avenue", "89431", "7755550100"),
}
# The world holds no contractors; the loader adds a few, drawn with the world's seed.
CONTRACTOR_COUNT = 3
_CONTRACTOR_FIRST = ("Avery", "Jordan", "Rowan", "Morgan", "Quinn", "Harper", "Emerson")
_CONTRACTOR_LAST = ("Castillo", "Okafor", "Lindqvist", "Brennan", "Nakamura", "Whitfield")
_CONTRACTOR_FIRMS = ("Ridgeline Design LLC", "Copperleaf Consulting Inc.",
                     "Northgate Machining LLC", "Bluestem Analytics LLC")
BENEFIT_TYPES = {"medical": 1, "dental": 2, "vision": 3, "401k": 105}


def uid(kind: str, key: Any) -> str:
    return seed_uuid(APP, kind, key)


def at_nine(day: date) -> datetime:
    return datetime.combine(day, time(9, 0))


def money_text(value: float) -> str:
    return payrun.text(Decimal(str(value)))


def seed(world: World, session: Session) -> None:
    """Write the world as payroll holds it. Does not commit."""
    view = world.view_for(APP)
    spec = view.spec
    today = view.today
    company_uuid = uid("company", spec.name)
    join = min(p.hire_date for p in view.people)
    insert_rows(session, m.Company, [{
        "uuid": company_uuid, "name": view.company_name, "trade_name": view.company_name,
        "slug": spec.name, "ein": f"{20 + spec.seed % 70:02d}-"
        f"{(spec.seed * 7_919 + 4_417_203) % 9_000_000 + 1_000_000:07d}",
        "join_date": join, "world_key": spec.name}])

    loc_uuid = {loc.id: uid("location", loc.id) for loc in view.locations}
    locations = []
    for i, loc in enumerate(view.locations):
        street, zip_code, phone = _ADDRESSES.get(loc.id, (f"1 {loc.name}", "00000",
                                                          "4125550100"))
        locations.append({
            "uuid": loc_uuid[loc.id], "company_uuid": company_uuid, "world_id": loc.id,
            "phone_number": phone, "street_1": street, "street_2": None, "city": loc.city,
            "state": loc.state, "zip": zip_code, "country": "USA",
            # The first site (headquarters) is where the company files and gets mail.
            "mailing_address": i == 0, "filing_address": i == 0, "active": True,
            "created_at": at_nine(join), "updated_at": at_nine(join)})
    insert_rows(session, m.Location, locations)

    dept_uuid = {d.id: uid("department", d.id) for d in view.departments}
    insert_rows(session, m.Department, [{
        "uuid": dept_uuid[d.id], "company_uuid": company_uuid, "title": d.name,
        "world_id": d.id} for d in view.departments])

    emp_uuids = {p.id: uid("employee", p.id) for p in view.people}
    job_uuids = {p.id: uid("job", p.id) for p in view.people}
    employees, jobs, comps, terms, banks, homes, works = [], [], [], [], [], [], []
    for p in view.people:
        emp_uuid, job_uuid = emp_uuids[p.id], job_uuids[p.id]
        employees.append({
            "uuid": emp_uuid, "company_uuid": company_uuid, "person_id": p.id,
            "employee_code": p.employee_number, "first_name": p.first_name,
            "last_name": p.last_name, "email": p.email, "work_email": p.email,
            "phone": p.work_phone.replace("-", ""), "date_of_birth": p.birth_date,
            "has_ssn": True, "department_uuid": dept_uuid[p.department_id],
            "payment_split_by": "Percentage",
            "manager_uuid": None if p.manager_id is None else emp_uuids[p.manager_id],
            "created_at": at_nine(p.hire_date)})
        jobs.append({"uuid": job_uuid, "employee_uuid": emp_uuid, "title": p.title,
                     "hire_date": p.hire_date, "primary": True,
                     "location_uuid": loc_uuid[p.location_id],
                     "created_at": at_nine(p.hire_date)})
        for i, row in enumerate(p.comp_history):
            comps.append({
                "uuid": uid("compensation", f"{p.id}:{i}"), "job_uuid": job_uuid,
                "employee_uuid": emp_uuid, "rate": money_text(row.rate),
                "payment_unit": "Hour" if row.pay_type == "hourly" else "Year",
                "flsa_status": "Nonexempt" if row.pay_type == "hourly" else "Exempt",
                "effective_date": row.effective_date,
                "title": _title_on(p.job_history, row.effective_date, p.title),
                "created_at": at_nine(row.effective_date)})
        if p.status == "terminated" and p.termination_date is not None:
            terms.append({"uuid": uid("termination", p.id), "employee_uuid": emp_uuid,
                          "effective_date": p.termination_date,
                          "run_termination_payroll": False,
                          "created_at": at_nine(p.termination_date)})
        banks.append({"uuid": uid("bank_account", p.id), "employee_uuid": emp_uuid,
                      "name": f"{p.bank.account_type} Account",
                      "routing_number": p.bank.routing_number,
                      "account_number": p.bank.account_number,
                      "account_type": p.bank.account_type, "priority": 1,
                      "split_amount": 100, "created_at": at_nine(p.hire_date)})
        works += _work_addresses(p, emp_uuid, loc_uuid)
        homes.append({"uuid": uid("home_address", p.id), "employee_uuid": emp_uuid,
                      "street_1": p.home_street, "city": p.home_city, "state": p.home_state,
                      "zip": p.home_zip, "country": "USA", "effective_date": p.hire_date,
                      "created_at": at_nine(p.hire_date)})
    insert_rows(session, m.Employee, employees)
    insert_rows(session, m.Job, jobs)
    insert_rows(session, m.Compensation, comps)
    if terms:
        insert_rows(session, m.Termination, terms)
    insert_rows(session, m.BankAccount, banks)
    insert_rows(session, m.HomeAddress, homes)
    insert_rows(session, m.WorkAddress, works)
    admin, signatory = _officers(view.people, today)
    session.execute(update(m.Company).where(m.Company.uuid == company_uuid).values(
        primary_payroll_admin_uuid=None if admin is None else emp_uuids[admin.id],
        signatory_employee_uuid=None if signatory is None else emp_uuids[signatory.id],
        signatory_uuid=None if signatory is None else uid("signatory", signatory.id)))
    _seed_contractors(session, spec.seed, company_uuid, join, today,
                      [v for k, v in sorted(dept_uuid.items())])

    plans = {b.id: b for b in view.benefits}
    insert_rows(session, m.CompanyBenefit, [{
        "uuid": uid("company_benefit", b.id), "company_uuid": company_uuid, "world_id": b.id,
        "benefit_type": BENEFIT_TYPES.get(b.benefit_type, 1), "description": b.name,
        "supports_percentage_amounts": b.benefit_type == "401k"} for b in view.benefits])
    people = {p.id: p for p in view.people}
    enrolled: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for e in view.enrolments:
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
        insert_rows(session, m.EmployeeBenefit, rows)

    schedule_uuid = uid("pay_schedule", "semimonthly")
    anchor = payrun.period_containing(join)
    insert_rows(session, m.PaySchedule, [{
        "uuid": schedule_uuid, "company_uuid": company_uuid, "frequency": "Twice per month",
        "anchor_pay_date": anchor.check_date, "anchor_end_of_pay_period": anchor.end,
        "day_1": 15, "day_2": 31, "name": None,
        "custom_name": "every 15th and last day of the month"}])

    states = {loc.id: loc.state for loc in view.locations}
    payrolls, pay_rows, lines = [], [], []
    for period in payrun.processed_periods(today, PAYROLL_HISTORY):
        payroll_uuid = uid("payroll", period.start.isoformat())
        payrolls.append({
            "uuid": payroll_uuid, "company_uuid": company_uuid,
            "pay_schedule_uuid": schedule_uuid, "start_date": period.start,
            "end_date": period.end, "check_date": period.check_date,
            "payroll_deadline": payrun.deadline(period.check_date),
            "processed": True, "processed_date": period.processed_date,
            "calculated_at": datetime.combine(period.processed_date, time(15, 0)),
            "created_at": at_nine(period.start)})
        for p in view.people:
            row = _pay_row(p, period, enrolled[p.id], states[p.location_id])
            if row is not None:
                pay_rows.append({"payroll_uuid": payroll_uuid, "employee_uuid": emp_uuids[p.id],
                                 "job_uuid": job_uuids[p.id], **row})
                lines.append({"payroll_uuid": payroll_uuid, "employee_uuid": emp_uuids[p.id],
                              "kind": "hourly", "name": payrun.REGULAR_HOURS,
                              "job_uuid": job_uuids[p.id], "hours": row["hours"],
                              "amount": row["gross_pay"]})
    upcoming_rows, upcoming_lines = _upcoming(view, company_uuid, schedule_uuid, emp_uuids,
                                              job_uuids)
    payrolls.append(upcoming_rows)
    insert_rows(session, m.Payroll, payrolls)
    pay_rows += [r for r, _ in upcoming_lines]
    lines += [line for _, line in upcoming_lines]
    if pay_rows:
        insert_rows(session, m.PayrollEmployeeCompensation, pay_rows)
        insert_rows(session, m.PayrollCompensationLine, lines)


def hours_discrepancy(view: PayrollView) -> tuple[PersonRecord, Decimal, Decimal] | None:
    """The deliberate error on the upcoming payroll: (person, hours entered, true hours).

    The first active hourly employee (by employee number) employed for the whole current
    period has their regular hours keyed in with the first two digits transposed (68.667
    for the 86.667 scheduled hours every full semimonthly period pays, as each of their
    processed payrolls shows). Fixing it is the "fix the hours and run payroll" task.
    """
    period = payrun.upcoming_period(view.today)
    truth = payrun.period_hours(Decimal(1))
    for p in sorted(view.people, key=lambda q: q.employee_number):
        termination = p.termination_date if p.status == "terminated" else None
        if (p.status == "active" and p.pay_type == "hourly"
                and payrun.worked_fraction(period, p.hire_date, termination) == 1):
            whole, _, decimals = str(truth).partition(".")
            return p, Decimal(f"{whole[::-1]}.{decimals}"), truth
    return None


def _upcoming(view: PayrollView, company_uuid: str, schedule_uuid: str,
              emp_uuids: dict[int, str], job_uuids: dict[int, str]
              ) -> tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """The unprocessed regular payroll of the current period, prefilled as Gusto prefills
    it: everyone employed in the period, salaried at their salary, hourly at the scheduled
    hours (overtime 0), nothing calculated yet."""
    period = payrun.upcoming_period(view.today)
    payroll_uuid = uid("payroll", period.start.isoformat())
    payroll = {
        "uuid": payroll_uuid, "company_uuid": company_uuid, "pay_schedule_uuid": schedule_uuid,
        "start_date": period.start, "end_date": period.end, "check_date": period.check_date,
        "payroll_deadline": payrun.deadline(period.check_date), "processed": False,
        "processed_date": None, "calculated_at": None,
        "created_at": at_nine(payrun.previous_period(period).processed_date)}
    wrong = hours_discrepancy(view)
    zero = "0.00"
    rows = []
    for p in view.people:
        termination = p.termination_date if p.status == "terminated" else None
        fraction = payrun.worked_fraction(period, p.hire_date, termination)
        if fraction is None or not [r for r in p.comp_history
                                    if r.effective_date <= period.end]:
            continue
        hours = payrun.period_hours(fraction)
        if wrong is not None and wrong[0].id == p.id:
            hours = wrong[1]
        hourly = p.pay_type == "hourly"
        days = 0 if hourly else payrun.worked_days(period, p.hire_date, termination) or 0
        rows.append((
            {"payroll_uuid": payroll_uuid, "employee_uuid": emp_uuids[p.id],
             "job_uuid": job_uuids[p.id], "flsa_status": "Nonexempt" if hourly else "Exempt",
             "hours": str(hours), "gross_pay": zero, "employee_taxes": zero,
             "employer_taxes": zero, "benefit_deductions": zero,
             "company_contributions": zero, "net_pay": zero, "check_amount": zero,
             "salary_days": days, "tax_state": None},
            {"payroll_uuid": payroll_uuid, "employee_uuid": emp_uuids[p.id], "kind": "hourly",
             "name": payrun.REGULAR_HOURS, "job_uuid": job_uuids[p.id], "hours": str(hours),
             "amount": None}))
    return payroll, rows


def _work_addresses(p: PersonRecord, emp_uuid: str, loc_uuid: dict[str, str]
                    ) -> list[dict[str, Any]]:
    """One work address per move between sites in the person's job history."""
    rows: list[dict[str, Any]] = []
    last = None
    for i, job in enumerate(p.job_history):
        if job.location_id == last:
            continue
        last = job.location_id
        rows.append({"uuid": uid("work_address", f"{p.id}:{i}"), "employee_uuid": emp_uuid,
                     "location_uuid": loc_uuid[job.location_id],
                     "effective_date": max(job.effective_date, p.hire_date),
                     "created_at": at_nine(max(job.effective_date, p.hire_date))})
    return rows


def _title_on(history: tuple[JobRecord, ...], day: date, current: str) -> str:
    """The job title in effect on `day` (the first one for a day before the history)."""
    started = [j for j in history if j.effective_date <= day]
    if started:
        return started[-1].title
    return history[0].title if history else current


def _officers(people: tuple[PersonRecord, ...], today: date
              ) -> tuple[PersonRecord | None, PersonRecord | None]:
    """The primary payroll admin (the longest-serving active member of the Payroll team)
    and the primary signatory (the active head of the company: no manager)."""
    def active(p: PersonRecord) -> bool:
        return p.status != "terminated" or p.termination_date is None \
            or p.termination_date > today
    payroll = sorted((p for p in people if p.team == "Payroll" and active(p)),
                     key=lambda p: (p.hire_date, p.employee_number))
    heads = sorted((p for p in people if p.manager_id is None and active(p)),
                   key=lambda p: (p.hire_date, p.employee_number))
    return (payroll[0] if payroll else None), (heads[0] if heads else None)


def _seed_contractors(session: Session, seed: int, company_uuid: str, join: date,
                      today: date, departments: list[str]) -> None:
    """A few 1099 contractors; the world has none, so they are drawn with a local
    `random.Random` seeded from the world's seed (never the global one)."""
    rng = random.Random(seed * 1_000_003 + 17)
    span = max((today - join).days - 30, 1)
    rows = []
    for i in range(CONTRACTOR_COUNT):
        business = i == CONTRACTOR_COUNT - 1
        first, last = rng.choice(_CONTRACTOR_FIRST), rng.choice(_CONTRACTOR_LAST)
        firm = rng.choice(_CONTRACTOR_FIRMS)
        hourly = not business and rng.random() < 0.6
        start = join + timedelta(days=rng.randrange(span))
        slug = firm.split()[0].lower() if business else f"{first}.{last}".lower()
        rows.append({
            "uuid": uid("contractor", i), "company_uuid": company_uuid,
            "type": "Business" if business else "Individual",
            "wage_type": "Hourly" if hourly else "Fixed",
            "first_name": None if business else first,
            "last_name": None if business else last,
            "business_name": firm if business else None,
            "ein": f"{rng.randrange(10, 99)}-{rng.randrange(1_000_000, 9_999_999)}"
            if business else None,
            "email": f"{slug}@example.com", "has_ssn": not business, "start_date": start,
            "hourly_rate": f"{rng.randrange(45, 140)}.00" if hourly else "0.00",
            "work_state": "PA",
            "payment_method": "Check",
            "department_uuid": rng.choice(departments) if departments else None,
            "street_1": f"{rng.randrange(100, 9900)} {rng.choice(('Oak', 'Elm', 'Main'))} "
            "Street", "city": "Pittsburgh", "state": "PA",
            "zip": f"152{rng.randrange(1, 40):02d}",
            "created_at": at_nine(start)})
    insert_rows(session, m.Contractor, rows)


def _pay_row(p: PersonRecord, period: payrun.Period, benefits: list[dict[str, Any]],
             state: str) -> dict[str, Any] | None:
    """One employee's pay in one processed period, or None when not employed in it."""
    termination = p.termination_date if p.status == "terminated" else None
    fraction = payrun.worked_fraction(period, p.hire_date, termination)
    if fraction is None:
        return None
    started = [r for r in p.comp_history if r.effective_date <= period.end]
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
    hourly = comp.pay_type == "hourly"
    return {"flsa_status": "Nonexempt" if hourly else "Exempt",
            "salary_days": 0 if hourly else payrun.worked_days(period, p.hire_date,
                                                               termination) or 0,
            "tax_state": state,
            "hours": str(pay.hours), "gross_pay": payrun.text(pay.gross),
            "employee_taxes": payrun.text(pay.employee_taxes),
            "employer_taxes": payrun.text(pay.employer_taxes),
            "benefit_deductions": payrun.text(pay.deductions),
            "company_contributions": payrun.text(pay.contributions),
            "net_pay": payrun.text(pay.net), "check_amount": payrun.text(pay.net)}
