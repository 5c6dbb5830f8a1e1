"""Payroll's Gusto fields outside the payroll runs, through HTTP.

The current-compensation rule, the employee/job/compensation/company/pay schedule and benefit
fields, the leniencies Gusto does not have (a 409 that reveals the current version, an email
as the token owner's UUID), and numbers in plain ASCII digits. Every refusal changes nothing.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Callable

import httpx

from arcadia.apps.kernel import seed_uuid
from tests.apps.test_payroll import (
    active_employee,
    assert_gusto_error,
    open_session,
    today_of,
    world_of,
)
from tests.factories import Harness

# --- the current compensation -------------------------------------------------------------


async def test_compensations_list_the_current_one_unless_history_is_asked(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    today = today_of(harness_for)
    s = await open_session(client)
    held = world.view_for("payroll")
    person = next(p for p in held.people if len(p.comp_history) >= 3
                  and p.status != "terminated")
    emp = await s.employee_by_email(person.email)
    job = emp["jobs"][0]
    current = (await s.get(f"/jobs/{job['uuid']}/compensations")).json()
    in_force = [r for r in person.comp_history if r.effective_date <= today][-1]
    # [0] is today's rate, not the first one ever paid.
    assert len(current) == 1 and float(current[0]["rate"]) == in_force.rate
    assert current[0]["uuid"] == job["current_compensation_uuid"]
    assert float(current[0]["rate"]) != person.comp_history[0].rate
    history = (await s.get(f"/jobs/{job['uuid']}/compensations",
                           include="all_compensations")).json()
    assert [float(c["rate"]) for c in history] == [r.rate for r in person.comp_history]
    assert [c["effective_date"] for c in history] == sorted(c["effective_date"]
                                                            for c in history)
    assert_gusto_error(await s.get(f"/jobs/{job['uuid']}/compensations", include="everything"),
                       422, "invalid_attribute_value")


async def test_a_raise_dated_today_becomes_the_current_compensation(
        client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=11)
    job = emp["jobs"][0]
    unit = job["payment_unit"]
    flsa = "Nonexempt" if unit == "Hour" else "Exempt"
    r = await s.post(f"/jobs/{job['uuid']}/compensations",
                     {"rate": "123456.00" if unit == "Year" else "61.00", "payment_unit": unit,
                      "flsa_status": flsa})
    assert r.status_code == 201, r.text
    current = (await s.get(f"/jobs/{job['uuid']}/compensations")).json()
    assert [c["uuid"] for c in current] == [r.json()["uuid"]]
    assert r.json()["title"] == job["title"]


# --- fields -------------------------------------------------------------------------------


async def test_employee_job_and_compensation_fields(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    s = await open_session(client)
    person = next(p for p in world.view_for("payroll").people if p.status != "terminated")
    emp = await s.employee_by_email(person.email)
    job = emp["jobs"][0]
    assert emp["title"] == person.title == job["title"]
    assert emp["hired_at"] == person.hire_date.isoformat() == job["hire_date"]
    assert emp["flsa_status"] == person.flsa == job["compensations"][0]["flsa_status"]
    assert emp["custom_fields"] == []
    locations = {loc["uuid"]: loc for loc in
                 (await s.get(f"/companies/{s.company}/locations")).json()}
    assert job["location"] == locations[job["location_uuid"]]
    assert job["location_uuid"] == seed_uuid("payroll", "location", person.location_id)
    history = (await s.get(f"/jobs/{job['uuid']}/compensations",
                           include="all_compensations")).json()
    titles = [c["title"] for c in history]
    assert titles[-1] == person.title and all(titles)
    # Each compensation carries the title of the job row in effect on its date.
    first_job = person.job_history[0]
    assert titles[0] == first_job.title
    r = await s.get(f"/employees/{emp['uuid']}/custom_fields")
    assert r.status_code == 200 and r.json() == {"custom_fields": []}


async def test_company_fields(client: httpx.AsyncClient,
                              harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    today = today_of(harness_for)
    s = await open_session(client)
    company = (await s.get(f"/companies/{s.company}")).json()
    assert company["contractor_only"] is False
    assert company["is_high_risk_business"] is False
    assert {h["name"] for h in company["compensations"]["hourly"]} >= {"Overtime", "Regular"}
    assert any(f["name"] == "Bonus" for f in company["compensations"]["fixed"])
    people = world.view_for("payroll").people
    payroll_team = sorted((p for p in people if p.team == "Payroll"
                           and (p.termination_date is None or p.termination_date > today)),
                          key=lambda p: (p.hire_date, p.employee_number))
    admin = company["primary_payroll_admin"]
    assert (admin["first_name"], admin["last_name"], admin["email"]) == (
        payroll_team[0].first_name, payroll_team[0].last_name, payroll_team[0].email)
    head = next(p for p in people if p.manager_id is None)
    signatory = company["primary_signatory"]
    assert (signatory["first_name"], signatory["email"]) == (head.first_name, head.email)
    assert signatory["uuid"] == seed_uuid("payroll", "signatory", head.id)
    assert signatory["home_address"]["street_1"] == head.home_street
    assert signatory["home_address"]["zip"] == head.home_zip


async def test_pay_schedule_fields_and_get(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    schedules = (await s.get(f"/companies/{s.company}/pay_schedules")).json()
    assert len(schedules) == 1
    schedule = schedules[0]
    assert schedule["auto_payroll"] is False and schedule["auto_pilot"] is False
    blockers = {b["key"]: b["metadata"] for b in schedule["auto_payroll_enablement_blockers"]}
    # The company pays hourly workers, so automatic payroll cannot be turned on.
    hourly = blockers["employees_not_salaried"]["employee_uuids"]
    assert hourly
    sample = (await s.get(f"/employees/{hourly[0]}")).json()
    assert sample["jobs"][0]["payment_unit"] == "Hour"
    one = await s.get(f"/companies/{s.company}/pay_schedules/{schedule['uuid']}")
    assert one.status_code == 200 and one.json() == schedule
    assert_gusto_error(await s.get(f"/companies/{s.company}/pay_schedules/{uuidlib.uuid4()}"),
                       404, "not_found")


async def test_benefit_reads(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    plans = (await s.get(f"/companies/{s.company}/company_benefits")).json()
    plan = plans[0]
    one = (await s.get(f"/company_benefits/{plan['uuid']}")).json()
    assert one["description"] == plan["description"] and one["employee_benefits"] is None
    assert one["responsible_for_employer_taxes"] is False
    full = (await s.get(f"/company_benefits/{plan['uuid']}",
                        with_employee_benefits="true")).json()
    r = await s.get(f"/company_benefits/{plan['uuid']}/employee_benefits", per=100)
    assert r.status_code == 200
    total = int(r.headers["X-Total-Count"])
    assert total == len(full["employee_benefits"]) > 0
    enrolment = r.json()[0]
    assert enrolment["company_benefit_uuid"] == plan["uuid"]
    assert (await s.get(f"/employee_benefits/{enrolment['uuid']}")).json() == enrolment
    mine = (await s.get(f"/employees/{enrolment['employee_uuid']}/employee_benefits")).json()
    assert enrolment in mine
    assert_gusto_error(await s.get(f"/company_benefits/{uuidlib.uuid4()}"), 404, "not_found")
    assert_gusto_error(await s.get(f"/employee_benefits/{uuidlib.uuid4()}"), 404, "not_found")


# --- leniencies ---------------------------------------------------------------------------


async def test_token_owner_is_a_user_uuid(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    principal = await s.ep.principal_with("payroll")
    owner = (await s.get("/token_info")).json()["resource_owner"]
    assert "@" not in owner["uuid"]
    assert owner["uuid"] == seed_uuid("payroll", "user", principal)
    assert str(uuidlib.UUID(owner["uuid"])) == owner["uuid"]
    assert owner["type"] == "CompanyAdmin"


async def test_stale_version_does_not_reveal_the_current_one(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=5)
    r = await s.put(f"/employees/{emp['uuid']}", {"version": emp["version"],
                                                   "preferred_first_name": "Al"})
    assert r.status_code == 200
    current = r.json()["version"]
    before = await s.payroll_changes()
    err = assert_gusto_error(await s.put(f"/employees/{emp['uuid']}",
                                         {"version": emp["version"], "last_name": "X"}),
                             409, "invalid_resource_version")
    assert current not in err["message"] and "out-of-date version" in err["message"]
    assert await s.payroll_changes() == before


# --- numbers ------------------------------------------------------------------------------


async def test_numbers_take_plain_ascii_digits(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=33)
    job = emp["jobs"][0]
    before = await s.payroll_changes()
    for routing, account in (("٠١١٠٠٠٠١٥", "12345678"), ("011000015", "²²²²²²²²")):
        assert_gusto_error(await s.post(f"/employees/{emp['uuid']}/bank_accounts", {
            "name": "Main", "routing_number": routing, "account_number": account,
            "account_type": "Checking"}), 422, "invalid_attribute_value")
    for rate in ("1e30", "١٢٣", "NaN", "12345678901.00", 1e30, True):
        assert_gusto_error(await s.post(f"/jobs/{job['uuid']}/compensations", {
            "rate": rate, "payment_unit": "Year", "flsa_status": "Exempt"}),
            422, "invalid_attribute_value")
    assert await s.payroll_changes() == before
