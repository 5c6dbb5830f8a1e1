"""Payroll's contractors through HTTP: seeded, listed, created, updated, deleted, and their
addresses. Every refusal changes nothing.
"""

from __future__ import annotations

import httpx

from arcadia.apps.kernel import seed_uuid
from arcadia.apps.payroll.seed import CONTRACTOR_COUNT
from tests.apps.test_payroll import V1, assert_gusto_error, delete, hr_headers, open_session


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
