"""Payroll's terminations (get, update, cancel), employment history and the deletes of employees,
jobs and compensations, through HTTP. Every refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import httpx

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
