"""Payroll's Gusto fields and sub-resources outside the payroll runs, through HTTP.

The current-compensation rule, the employee/job/compensation/company/pay schedule fields,
terminations (get, update, cancel), home addresses, the payment method, contractors,
locations, departments, deletes, and the leniencies Gusto does not have (a 409 that reveals
the current version, an email as the token owner's UUID). Every refusal changes nothing.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import httpx

from arcadia.apps.kernel import seed_uuid
from arcadia.apps.payroll.seed import CONTRACTOR_COUNT
from tests.apps.test_payroll import V1, Session, assert_gusto_error, open_session, world_of
from tests.factories import Harness


async def delete(s: Session, path: str, headers: dict[str, str] | None = None
                 ) -> httpx.Response:
    return await s.ep.client.delete(V1 + path, headers=headers or s.h)


async def hr_headers(s: Session) -> dict[str, str]:
    """A principal who may read payroll (hr) but not write it."""
    return await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))


def today_of(harness_for: Callable[..., Harness]) -> date:
    return world_of(harness_for).spec.now.date()


async def active_employee(s: Session, page: int = 3) -> dict[str, Any]:
    r = await s.get(f"/companies/{s.company}/employees", terminated="false", per=1, page=page)
    assert r.status_code == 200, r.text
    return dict(r.json()[0])


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


# --- terminations -------------------------------------------------------------------------


async def test_termination_get_update_and_cancel(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    today = today_of(harness_for)
    s = await open_session(client)
    emp = await active_employee(s, page=9)
    path = f"/terminations/{emp['uuid']}"
    assert_gusto_error(await s.get(path), 404, "not_found")
    assert_gusto_error(await delete(s, f"/employees/{emp['uuid']}/terminations"), 404,
                       "not_found")
    last_day = today + timedelta(days=30)
    r = await s.post(f"/employees/{emp['uuid']}/terminations",
                     {"effective_date": last_day.isoformat()})
    assert r.status_code == 201 and r.json()["cancelable"] is True
    term = (await s.get(path)).json()
    assert term == r.json()

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    r = await s.ep.client.put(V1 + path, json={"version": term["version"],
                                              "effective_date": last_day.isoformat()},
                              headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    assert_gusto_error(await delete(s, f"/employees/{emp['uuid']}/terminations", hr), 403,
                       "missing_permissions")
    assert_gusto_error(await s.put(path, {"version": "stale", "effective_date":
                                          last_day.isoformat()}), 409,
                       "invalid_resource_version")
    assert_gusto_error(await s.put(path, {"version": term["version"],
                                          "effective_date": "1990-01-01"}),
                       422, "invalid_attribute_value")
    assert await s.payroll_changes() == before

    moved = await s.put(path, {"version": term["version"],
                               "effective_date": (last_day + timedelta(days=7)).isoformat()})
    assert moved.status_code == 200
    assert moved.json()["effective_date"] == (last_day + timedelta(days=7)).isoformat()
    r = await delete(s, f"/employees/{emp['uuid']}/terminations")
    assert r.status_code == 204 and r.content == b""
    assert (await s.get(f"/employees/{emp['uuid']}/terminations")).json() == []
    assert (await s.get(f"/employees/{emp['uuid']}")).json()["terminated"] is False


async def test_a_termination_in_effect_cannot_be_cancelled_or_moved(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    s = await open_session(client)
    gone = (await s.get(f"/companies/{s.company}/employees", terminated_today="true",
                        per=1)).json()[0]
    term = (await s.get(f"/terminations/{gone['uuid']}")).json()
    assert term["active"] is True and term["cancelable"] is False
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/employees/{gone['uuid']}/terminations"), 422,
                       "invalid_operation")
    assert_gusto_error(await s.put(f"/terminations/{gone['uuid']}",
                                   {"version": term["version"], "effective_date":
                                    today_of(harness_for).isoformat()}),
                       422, "invalid_operation")
    assert await s.payroll_changes() == before


async def test_a_termination_with_its_own_payroll_is_not_cancelable(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=13)
    r = await s.post(f"/employees/{emp['uuid']}/terminations",
                     {"effective_date": (today_of(harness_for) + timedelta(days=3)).isoformat(),
                      "run_termination_payroll": True})
    assert r.status_code == 201 and r.json()["cancelable"] is False
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/employees/{emp['uuid']}/terminations"), 422,
                       "invalid_operation")
    assert await s.payroll_changes() == before


# --- home addresses -----------------------------------------------------------------------


async def test_home_addresses_are_effective_dated(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    today = today_of(harness_for)
    s = await open_session(client)
    person = next(p for p in world.view_for("payroll").people if p.status != "terminated")
    emp = await s.employee_by_email(person.email)
    homes = (await s.get(f"/employees/{emp['uuid']}/home_addresses")).json()
    assert len(homes) == 1 and homes[0]["active"] is True
    assert (homes[0]["street_1"], homes[0]["city"], homes[0]["state"], homes[0]["zip"]) == (
        person.home_street, person.home_city, person.home_state, person.home_zip)
    assert homes[0]["effective_date"] == person.hire_date.isoformat()
    seeded = homes[0]

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    move = {"street_1": "12 Penn Avenue", "city": "Pittsburgh", "state": "PA", "zip": "15222",
            "effective_date": (today + timedelta(days=10)).isoformat()}
    r = await s.ep.client.post(V1 + f"/employees/{emp['uuid']}/home_addresses", json=move,
                               headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    for bad in ({"state": "Pennsylvania"}, {"zip": "1522"}, {"street_1": "   "},
                {"effective_date": seeded["effective_date"]}):
        assert_gusto_error(await s.post(f"/employees/{emp['uuid']}/home_addresses",
                                        {**move, **bad}), 422, "invalid_attribute_value")
    assert_gusto_error(await delete(s, f"/home_addresses/{seeded['uuid']}"), 422,
                       "invalid_operation")
    assert await s.payroll_changes() == before

    r = await s.post(f"/employees/{emp['uuid']}/home_addresses", move)
    assert r.status_code == 201 and r.json()["active"] is False
    future = r.json()
    assert (await s.get(f"/home_addresses/{future['uuid']}")).json() == future
    r = await s.put(f"/home_addresses/{future['uuid']}",
                    {"version": future["version"], "street_2": "Apt 4"})
    assert r.status_code == 200 and r.json()["street_2"] == "Apt 4"
    assert_gusto_error(await s.put(f"/home_addresses/{future['uuid']}",
                                   {"version": future["version"], "city": "Erie"}),
                       409, "invalid_resource_version")
    # Moving the new address to today makes it the active one.
    r = await s.put(f"/home_addresses/{future['uuid']}",
                    {"version": r.json()["version"], "effective_date": today.isoformat()})
    assert r.status_code == 200 and r.json()["active"] is True
    homes = (await s.get(f"/employees/{emp['uuid']}/home_addresses")).json()
    assert [h["active"] for h in homes] == [False, True]
    r = await delete(s, f"/home_addresses/{seeded['uuid']}")
    assert r.status_code == 204
    assert_gusto_error(await s.get(f"/home_addresses/{seeded['uuid']}"), 404, "not_found")


# --- payment method -----------------------------------------------------------------------


async def test_payment_method_reads_and_splits(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=17)
    path = f"/employees/{emp['uuid']}/payment_method"
    method = (await s.get(path)).json()
    banks = (await s.get(f"/employees/{emp['uuid']}/bank_accounts")).json()
    assert method["type"] == "Direct Deposit" and method["split_by"] == "Percentage"
    assert [(sp["uuid"], sp["priority"], sp["split_amount"]) for sp in method["splits"]] == [
        (banks[0]["uuid"], 1, 100)]
    assert method["splits"][0]["hidden_account_number"] == banks[0]["hidden_account_number"]

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    r = await s.ep.client.put(V1 + path, json={"version": method["version"], "type": "Check"},
                              headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    split = {"uuid": banks[0]["uuid"], "priority": 1}
    for bad in ({"split_by": "Percentage", "splits": [{**split, "split_amount": 90}]},
                {"split_by": "Percentage", "splits": [{**split, "split_amount": None}]},
                {"split_by": "Amount", "splits": [{**split, "split_amount": 5000}]},
                {"split_by": "Percentage",
                 "splits": [{**split, "uuid": str(uuidlib.uuid4()), "split_amount": 100}]},
                {"splits": [{**split, "split_amount": 100}]},
                {"split_by": "Percentage", "splits": [{**split, "priority": 2,
                                                       "split_amount": 100}]}):
        assert_gusto_error(await s.put(path, {"version": method["version"],
                                              "type": "Direct Deposit", **bad}),
                           422, "invalid_attribute_value")
    assert_gusto_error(await s.put(path, {"version": "stale", "type": "Check"}), 409,
                       "invalid_resource_version")
    assert await s.payroll_changes() == before

    r = await s.put(path, {"version": method["version"], "type": "Check"})
    assert r.status_code == 200 and r.json()["type"] == "Check" and r.json()["splits"] is None
    assert (await s.get(f"/employees/{emp['uuid']}")).json()["payment_method"] == "Check"
    r = await s.put(path, {"version": r.json()["version"], "type": "Direct Deposit",
                           "split_by": "Amount", "splits": [{**split, "split_amount": None}]})
    assert r.status_code == 200, r.text
    assert r.json()["split_by"] == "Amount" and r.json()["splits"][0]["split_amount"] is None


async def test_direct_deposit_needs_a_bank_account(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.post(f"/companies/{s.company}/employees",
                     {"first_name": "Noa", "last_name": "Berg"})
    assert r.status_code == 201
    new = r.json()
    path = f"/employees/{new['uuid']}/payment_method"
    method = (await s.get(path)).json()
    assert method["type"] == "Check" and method["splits"] is None
    before = await s.payroll_changes()
    assert_gusto_error(await s.put(path, {"version": method["version"],
                                          "type": "Direct Deposit", "split_by": "Percentage",
                                          "splits": []}), 422, "invalid_operation")
    assert await s.payroll_changes() == before


# --- contractors --------------------------------------------------------------------------


async def test_contractors_seeded_listed_created_and_updated(
        client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.get(f"/companies/{s.company}/contractors")
    seeded = r.json()
    assert r.status_code == 200 and r.headers["X-Total-Count"] == str(CONTRACTOR_COUNT)
    assert {c["uuid"] for c in seeded} == {seed_uuid("payroll", "contractor", i)
                                           for i in range(CONTRACTOR_COUNT)}
    assert {c["type"] for c in seeded} == {"Individual", "Business"}
    business = next(c for c in seeded if c["type"] == "Business")
    assert business["business_name"] and business["has_ein"] and business["first_name"] is None
    assert business["ein"].startswith("XX-XXX")
    # A second episode of the same world holds the same contractors.
    other = await open_session(client)
    assert (await other.get(f"/companies/{s.company}/contractors")).json() == seeded

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    body = {"wage_type": "Hourly", "start_date": "2026-01-05", "first_name": "Kim",
            "last_name": "Osei", "hourly_rate": "75.00", "email": "kim@osei.example"}
    r = await s.ep.client.post(V1 + f"/companies/{s.company}/contractors", json=body,
                               headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    for bad in ({"first_name": None}, {"hourly_rate": None}, {"hourly_rate": "-5"},
                {"type": "Business"}, {"email": "not-an-email"}, {"work_state": "ZZ"}):
        assert_gusto_error(await s.post(f"/companies/{s.company}/contractors",
                                        {**body, **bad}), 422, "invalid_attribute_value")
    assert await s.payroll_changes() == before

    r = await s.post(f"/companies/{s.company}/contractors", body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["onboarded"] is False and made["hourly_rate"] == "75.00"
    assert (await s.get(f"/contractors/{made['uuid']}")).json() == made
    r = await s.put(f"/contractors/{made['uuid']}", {"version": made["version"],
                                                     "hourly_rate": "80"})
    assert r.status_code == 200 and r.json()["hourly_rate"] == "80.00"
    assert_gusto_error(await s.put(f"/contractors/{made['uuid']}",
                                   {"version": made["version"], "is_active": False}),
                       409, "invalid_resource_version")
    r = await s.put(f"/contractors/{made['uuid']}", {"version": r.json()["version"],
                                                     "wage_type": "Fixed"})
    assert r.json()["wage_type"] == "Fixed" and r.json()["hourly_rate"] == "0.00"
    r = await s.get(f"/companies/{s.company}/contractors", search_term="osei")
    assert [c["uuid"] for c in r.json()] == [made["uuid"]]

    # Contractors join departments like employees do.
    dept = (await s.get(f"/companies/{s.company}/departments")).json()[0]
    r = await s.put(f"/departments/{dept['uuid']}/add",
                    {"version": dept["version"], "contractors": [{"uuid": made["uuid"]}]})
    assert r.status_code == 200 and {"uuid": made["uuid"]} in r.json()["contractors"]
    assert (await s.get(f"/contractors/{made['uuid']}")).json()["department"] == dept["title"]


# --- locations and departments ------------------------------------------------------------


async def test_locations_get_create_update(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    places = (await s.get(f"/companies/{s.company}/locations")).json()
    hq = next(p for p in places if p["mailing_address"])
    assert (await s.get(f"/locations/{hq['uuid']}")).json() == hq
    assert_gusto_error(await s.get(f"/locations/{uuidlib.uuid4()}"), 404, "not_found")

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    body = {"phone_number": "412-555-0111", "street_1": "1 Liberty Avenue",
            "city": "Pittsburgh", "state": "PA", "zip": "15222", "mailing_address": True}
    r = await s.ep.client.post(V1 + f"/companies/{s.company}/locations", json=body,
                               headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    for bad in ({"zip": "ABCDE"}, {"state": "XX"}, {"phone_number": "12"},
                {"country": "CAN"}):
        assert_gusto_error(await s.post(f"/companies/{s.company}/locations", {**body, **bad}),
                           422, "invalid_attribute_value")
    assert await s.payroll_changes() == before

    r = await s.post(f"/companies/{s.company}/locations", body)
    assert r.status_code == 201, r.text
    place = r.json()
    assert place["phone_number"] == "4125550111" and place["mailing_address"] is True
    # The company has one mailing address: it moved to the new location.
    assert (await s.get(f"/locations/{hq['uuid']}")).json()["mailing_address"] is False
    r = await s.put(f"/locations/{place['uuid']}", {"version": place["version"],
                                                    "street_2": "Floor 3"})
    assert r.status_code == 200 and r.json()["street_2"] == "Floor 3"
    assert_gusto_error(await s.put(f"/locations/{place['uuid']}",
                                   {"version": place["version"], "city": "Erie"}),
                       409, "invalid_resource_version")


async def test_departments_create_rename_delete(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    depts = (await s.get(f"/companies/{s.company}/departments")).json()
    busy = next(d for d in depts if d["employees"])
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    r = await s.ep.client.post(V1 + f"/companies/{s.company}/departments",
                               json={"title": "Lab"}, headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    assert_gusto_error(await delete(s, f"/departments/{busy['uuid']}", hr), 403,
                       "missing_permissions")
    assert_gusto_error(await s.post(f"/companies/{s.company}/departments",
                                    {"title": busy["title"].upper()}),
                       422, "invalid_attribute_value")
    assert_gusto_error(await delete(s, f"/departments/{busy['uuid']}"), 422,
                       "invalid_operation")
    assert await s.payroll_changes() == before

    r = await s.post(f"/companies/{s.company}/departments", {"title": "Robotics Lab"})
    assert r.status_code == 201 and r.json()["employees"] == []
    lab = r.json()
    r = await s.put(f"/departments/{lab['uuid']}", {"version": lab["version"],
                                                    "title": "Robotics Research"})
    assert r.status_code == 200 and r.json()["title"] == "Robotics Research"
    assert_gusto_error(await s.put(f"/departments/{lab['uuid']}",
                                   {"version": lab["version"], "title": "Other"}),
                       409, "invalid_resource_version")
    assert (await delete(s, f"/departments/{lab['uuid']}")).status_code == 204
    assert_gusto_error(await s.get(f"/departments/{lab['uuid']}"), 404, "not_found")


# --- deletes ------------------------------------------------------------------------------


async def test_delete_compensation_only_when_unpaid(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    today = today_of(harness_for)
    s = await open_session(client)
    emp = await active_employee(s, page=21)
    job = emp["jobs"][0]
    paid = job["current_compensation_uuid"]
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/compensations/{paid}"), 422, "invalid_operation")
    assert_gusto_error(await delete(s, f"/compensations/{paid}", hr), 403,
                       "missing_permissions")
    assert await s.payroll_changes() == before
    r = await s.post(f"/jobs/{job['uuid']}/compensations",
                     {"rate": job["rate"], "payment_unit": job["payment_unit"],
                      "flsa_status": emp["flsa_status"],
                      "effective_date": (today + timedelta(days=60)).isoformat()})
    assert r.status_code == 201
    assert (await delete(s, f"/compensations/{r.json()['uuid']}")).status_code == 204
    assert_gusto_error(await s.get(f"/compensations/{r.json()['uuid']}"), 404, "not_found")


async def test_delete_employee_only_while_onboarding(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    onboarded = await active_employee(s, page=23)
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/employees/{onboarded['uuid']}"), 422,
                       "invalid_operation")
    assert await s.payroll_changes() == before
    r = await s.post(f"/companies/{s.company}/employees",
                     {"first_name": "Ida", "last_name": "Moss"})
    new = r.json()
    r = await s.post(f"/employees/{new['uuid']}/jobs", {"title": "Tech", "hire_date":
                                                         "2026-01-05"})
    assert r.status_code == 201
    assert_gusto_error(await delete(s, f"/employees/{new['uuid']}", hr), 403,
                       "missing_permissions")
    assert (await delete(s, f"/employees/{new['uuid']}")).status_code == 204
    assert_gusto_error(await s.get(f"/employees/{new['uuid']}"), 404, "not_found")
    assert_gusto_error(await s.get(f"/jobs/{r.json()['uuid']}"), 404, "not_found")


async def test_delete_job_only_when_unpaid(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    paid = (await active_employee(s, page=25))["jobs"][0]
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/jobs/{paid['uuid']}"), 422, "invalid_operation")
    assert_gusto_error(await delete(s, f"/jobs/{paid['uuid']}", hr), 403,
                       "missing_permissions")
    assert await s.payroll_changes() == before
    new = (await s.post(f"/companies/{s.company}/employees",
                        {"first_name": "Lea", "last_name": "Roth"})).json()
    first = (await s.post(f"/employees/{new['uuid']}/jobs",
                          {"title": "Welder", "hire_date": "2026-01-05"})).json()
    second = (await s.post(f"/employees/{new['uuid']}/jobs",
                           {"title": "Lead Welder", "hire_date": "2026-02-02"})).json()
    comp = await s.post(f"/jobs/{first['uuid']}/compensations",
                        {"rate": "30.00", "payment_unit": "Hour", "flsa_status": "Nonexempt",
                         "effective_date": "2026-01-05"})
    assert comp.status_code == 201 and first["primary"] and not second["primary"]
    assert (await delete(s, f"/jobs/{first['uuid']}")).status_code == 204
    assert_gusto_error(await s.get(f"/compensations/{comp.json()['uuid']}"), 404, "not_found")
    jobs = (await s.get(f"/employees/{new['uuid']}/jobs")).json()
    assert [(j["uuid"], j["primary"]) for j in jobs] == [(second["uuid"], True)]


async def test_delete_contractor(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    made = (await s.post(f"/companies/{s.company}/contractors",
                         {"type": "Business", "wage_type": "Fixed", "start_date": "2026-01-05",
                          "business_name": "Lumen Works LLC"})).json()
    assert made["business_name"] == "Lumen Works LLC" and made["last_name"] is None
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await delete(s, f"/contractors/{made['uuid']}", hr), 403,
                       "missing_permissions")
    assert await s.payroll_changes() == before
    assert (await delete(s, f"/contractors/{made['uuid']}")).status_code == 204
    assert_gusto_error(await s.get(f"/contractors/{made['uuid']}"), 404, "not_found")


async def test_employment_history(client: httpx.AsyncClient,
                                  harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    s = await open_session(client)
    person = next(p for p in world.view_for("payroll").people
                  if p.status == "terminated" and p.termination_date is not None)
    emp = await s.employee_by_email(person.email)
    history = (await s.get(f"/employees/{emp['uuid']}/employment_history")).json()
    assert history == [{"hire_date": person.hire_date.isoformat(),
                        "termination_date": person.termination_date.isoformat(),
                        "file_new_hire_report": False, "two_percent_shareholder": False,
                        "employment_status": "full_time"}]
    new = (await s.post(f"/companies/{s.company}/employees",
                        {"first_name": "Zed", "last_name": "Ng"})).json()
    assert (await s.get(f"/employees/{new['uuid']}/employment_history")).json() == []


async def test_bank_account_update_and_delete(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=27)
    seeded = (await s.get(f"/employees/{emp['uuid']}/bank_accounts")).json()[0]
    path = f"/employees/{emp['uuid']}/bank_accounts"
    body = {"name": "Rainy day", "routing_number": "021000021", "account_number": "55501234",
            "account_type": "Savings"}
    second = (await s.post(path, body)).json()
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    # A new account takes all of net pay; the old one left the split.
    assert [(sp["uuid"], sp["split_amount"]) for sp in method["splits"]] == [
        (second["uuid"], 100)]
    r = await s.put(f"/employees/{emp['uuid']}/payment_method", {
        "version": method["version"], "type": "Direct Deposit", "split_by": "Percentage",
        "splits": [{"uuid": seeded["uuid"], "priority": 1, "split_amount": 60},
                   {"uuid": second["uuid"], "priority": 2, "split_amount": 40}]})
    assert r.status_code == 200, r.text

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await s.ep.client.put(V1 + f"{path}/{second['uuid']}", json=body,
                                             headers=hr), 403, "missing_permissions")
    assert_gusto_error(await s.put(f"{path}/{second['uuid']}",
                                   {**body, "routing_number": "021000022"}),
                       422, "invalid_attribute_value")
    assert_gusto_error(await s.put(f"{path}/{uuidlib.uuid4()}", body), 404, "not_found")
    assert_gusto_error(await delete(s, f"{path}/{second['uuid']}"), 422, "invalid_operation")
    assert_gusto_error(await delete(s, f"{path}/{second['uuid']}", hr), 403,
                       "missing_permissions")
    assert await s.payroll_changes() == before

    r = await s.put(f"{path}/{second['uuid']}", {**body, "name": "Rainy day fund"})
    assert r.status_code == 200 and r.json()["name"] == "Rainy day fund"
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    assert [sp["split_amount"] for sp in method["splits"]] == [60, 40]
    r = await s.put(f"/employees/{emp['uuid']}/payment_method", {
        "version": method["version"], "type": "Direct Deposit", "split_by": "Percentage",
        "splits": [{"uuid": seeded["uuid"], "priority": 1, "split_amount": 100}]})
    assert r.status_code == 200
    assert (await delete(s, f"{path}/{second['uuid']}")).status_code == 204
    assert [b["uuid"] for b in (await s.get(path)).json()] == [seeded["uuid"]]
    assert (await delete(s, f"{path}/{seeded['uuid']}")).status_code == 204
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    assert method["type"] == "Check"


async def test_company_custom_fields(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.get(f"/companies/{s.company}/custom_fields")
    assert r.status_code == 200 and r.json() == {"custom_fields": []}
    assert_gusto_error(await s.get(f"/companies/{uuidlib.uuid4()}/custom_fields"), 404,
                       "not_found")


async def test_contractor_address(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    contractor = (await s.get(f"/companies/{s.company}/contractors")).json()[0]
    path = f"/contractors/{contractor['uuid']}/address"
    address = (await s.get(path)).json()
    assert address["street_1"] == contractor["address"]["street_1"]
    assert address["contractor_uuid"] == contractor["uuid"] and address["active"] is True
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await s.ep.client.put(V1 + path, json={"version": address["version"],
                                                             "city": "Erie"}, headers=hr),
                       403, "missing_permissions")
    assert_gusto_error(await s.put(path, {"version": address["version"], "zip": "1"}), 422,
                       "invalid_attribute_value")
    assert_gusto_error(await s.put(path, {"version": "stale", "city": "Erie"}), 409,
                       "invalid_resource_version")
    assert await s.payroll_changes() == before
    r = await s.put(path, {"version": address["version"], "city": "Erie", "zip": "16501"})
    assert r.status_code == 200 and (r.json()["city"], r.json()["zip"]) == ("Erie", "16501")
    assert (await s.get(f"/contractors/{contractor['uuid']}")).json()["address"]["city"] == \
        "Erie"


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


async def test_work_addresses_follow_the_job_history(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    today = today_of(harness_for)
    s = await open_session(client)
    # (The test world's people never change sites: each has one work address.)
    person = next(p for p in world.view_for("payroll").people if p.status != "terminated"
                  and len(p.job_history) > 1)
    emp = await s.employee_by_email(person.email)
    works = (await s.get(f"/employees/{emp['uuid']}/work_addresses")).json()
    sites = [seed_uuid("payroll", "location", j.location_id) for j in person.job_history]
    moves = [site for i, site in enumerate(sites) if i == 0 or site != sites[i - 1]]
    assert [w["location_uuid"] for w in works] == moves
    assert [w["active"] for w in works] == [False] * (len(works) - 1) + [True]
    job = emp["jobs"][0]
    assert works[-1]["location_uuid"] == job["location_uuid"]
    assert works[-1]["city"] == job["location"]["city"]
    assert works[0]["effective_date"] == person.hire_date.isoformat()
    assert (await s.get(f"/work_addresses/{works[0]['uuid']}")).json() == works[0]

    places = (await s.get(f"/companies/{s.company}/locations")).json()
    other = next(p for p in places if p["uuid"] != job["location_uuid"])
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    body = {"location_uuid": other["uuid"], "effective_date": today.isoformat()}
    assert_gusto_error(await s.ep.client.post(V1 + f"/employees/{emp['uuid']}/work_addresses",
                                              json=body, headers=hr),
                       403, "missing_permissions")
    for bad in ({"location_uuid": str(uuidlib.uuid4())},
                {"effective_date": works[0]["effective_date"]}):
        assert_gusto_error(await s.post(f"/employees/{emp['uuid']}/work_addresses",
                                        {**body, **bad}), 422, "invalid_attribute_value")
    assert_gusto_error(await delete(s, f"/work_addresses/{works[-1]['uuid']}"), 422,
                       "invalid_operation")
    assert await s.payroll_changes() == before

    # A move from today on: the new address is active and the job follows it.
    r = await s.post(f"/employees/{emp['uuid']}/work_addresses", body)
    assert r.status_code == 201 and r.json()["active"] is True
    moved = r.json()
    job = (await s.get(f"/jobs/{job['uuid']}")).json()
    assert job["location_uuid"] == other["uuid"] and job["location"]["uuid"] == other["uuid"]
    # Moving it into the future hands the job back to the previous address.
    r = await s.put(f"/work_addresses/{moved['uuid']}",
                    {"version": moved["version"],
                     "effective_date": (today + timedelta(days=30)).isoformat()})
    assert r.status_code == 200 and r.json()["active"] is False
    assert (await s.get(f"/jobs/{job['uuid']}")).json()["location_uuid"] == \
        works[-1]["location_uuid"]
    assert_gusto_error(await s.put(f"/work_addresses/{moved['uuid']}",
                                   {"version": moved["version"], "location_uuid":
                                    works[0]["location_uuid"]}),
                       409, "invalid_resource_version")
    assert (await delete(s, f"/work_addresses/{moved['uuid']}")).status_code == 204


async def test_moving_the_primary_job_records_a_work_address(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    today = today_of(harness_for)
    s = await open_session(client)
    emp = await active_employee(s, page=31)
    job = emp["jobs"][0]
    places = (await s.get(f"/companies/{s.company}/locations")).json()
    other = next(p for p in places if p["uuid"] != job["location_uuid"])
    r = await s.put(f"/jobs/{job['uuid']}", {"version": job["version"],
                                             "location_uuid": other["uuid"]})
    assert r.status_code == 200
    works = (await s.get(f"/employees/{emp['uuid']}/work_addresses")).json()
    assert (works[-1]["location_uuid"], works[-1]["effective_date"], works[-1]["active"]) == (
        other["uuid"], today.isoformat(), True)
    before = await s.payroll_changes()
    assert_gusto_error(await s.put(f"/jobs/{job['uuid']}", {"version": r.json()["version"],
                                                            "location_uuid": None}),
                       422, "invalid_attribute_value")
    assert await s.payroll_changes() == before


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


async def test_update_company_contractor_only(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await s.ep.client.put(V1 + f"/companies/{s.company}",
                                             json={"contractor_only": False}, headers=hr),
                       403, "missing_permissions")
    err = assert_gusto_error(await s.put(f"/companies/{s.company}", {"contractor_only": True}),
                             422, "invalid_operation")
    assert "employs" in err["message"]
    assert await s.payroll_changes() == before
    assert (await s.get(f"/companies/{s.company}")).json()["contractor_only"] is False
    r = await s.put(f"/companies/{s.company}", {"contractor_only": False})
    assert r.status_code == 200 and r.json()["contractor_only"] is False
