"""Payroll's effective-dated home and work addresses, through HTTP. Every refusal changes nothing.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Callable
from datetime import timedelta

import httpx

from arcadia.apps.kernel import seed_uuid
from tests.apps.test_payroll import (
    V1,
    active_employee,
    assert_gusto_error,
    delete,
    hr_headers,
    open_session,
    today_of,
    world_of,
)
from tests.factories import Harness

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


# --- work addresses -----------------------------------------------------------------------


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
