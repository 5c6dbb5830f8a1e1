"""Every free text a job write stores is bounded: `state_wc_class_code` (Washington's risk
class, at most 20 characters) and `title` (200) on job create and update, refused in Gusto's
error body (422 `invalid_attribute_value` naming the field) with nothing changed; a class
code within the bound is stored."""

from __future__ import annotations

import httpx

from tests.apps.test_payroll import active_employee, assert_gusto_error, open_session


async def test_job_text_past_its_bound_is_refused_changing_nothing(
        client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=5)
    job = emp["jobs"][0]
    long_code, long_title = "4" * 21, "T" * 201
    bad = [
        (s.post(f"/employees/{emp['uuid']}/jobs", {"title": "Welder", "hire_date":
                "2026-01-05", "state_wc_class_code": long_code}), "state_wc_class_code"),
        (s.post(f"/employees/{emp['uuid']}/jobs", {"title": long_title, "hire_date":
                "2026-01-05"}), "title"),
        (s.put(f"/jobs/{job['uuid']}", {"version": job["version"],
                                        "state_wc_class_code": "x" * 256}),
         "state_wc_class_code"),
        (s.put(f"/jobs/{job['uuid']}", {"version": job["version"], "title": long_title}),
         "title"),
    ]
    before = await s.payroll_changes()
    for call, field in bad:
        err = assert_gusto_error(await call, 422, "invalid_attribute_value")
        assert err["error_key"] == field, err
    assert await s.payroll_changes() == before


async def test_a_class_code_within_the_bound_is_stored(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=6)
    job = emp["jobs"][0]
    r = await s.put(f"/jobs/{job['uuid']}", {"version": job["version"],
                                             "state_wc_covered": True,
                                             "state_wc_class_code": "4904-00"})
    assert r.status_code == 200, r.text
    assert r.json()["state_wc_class_code"] == "4904-00"
    r = await s.post(f"/employees/{emp['uuid']}/jobs", {
        "title": "Welder", "hire_date": "2026-01-05", "state_wc_class_code": "5" * 20})
    assert r.status_code == 201, r.text
    assert r.json()["state_wc_class_code"] == "5" * 20
