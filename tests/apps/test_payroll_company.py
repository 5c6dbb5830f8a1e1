"""Payroll's company resources through HTTP: locations, departments, custom fields and the
`contractor_only` switch. Every refusal changes nothing.
"""

from __future__ import annotations

import uuid as uuidlib

import httpx

from tests.apps.test_payroll import V1, assert_gusto_error, delete, hr_headers, open_session

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


# --- the company --------------------------------------------------------------------------


async def test_company_custom_fields(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.get(f"/companies/{s.company}/custom_fields")
    assert r.status_code == 200 and r.json() == {"custom_fields": []}
    assert_gusto_error(await s.get(f"/companies/{uuidlib.uuid4()}/custom_fields"), 404,
                       "not_found")


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
