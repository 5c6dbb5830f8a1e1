"""The HRIS's generic BambooHR tables through HTTP: every standard table, /meta/tables,
every employee's rows, role rules, validation and 404s."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from arcadia.apps.hris.tables import TABLES
from arcadia.world import World
from tests.apps.test_hris import (
    B,
    active_pair,
    assert_bamboo_error,
    bystander,
    hr_headers,
    hris_changes,
)
from tests.factories import SPEC, new_episode


async def test_meta_tables_lists_every_table_with_documented_ids(hris: httpx.AsyncClient,
                                                                 world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.get(f"{B}/meta/tables", headers=await ep.auth(me.id))
    assert r.status_code == 200, r.text
    body = {t["alias"]: t for t in r.json()}
    assert list(body) == list(TABLES)
    assert {"jobInfo", "compensation", "employmentStatus", "emergencyContacts", "dependents",
            "bonus", "commission", "earnings", "employeeAssets",
            "employeeCertifications"} <= set(body)
    job = {f["alias"]: (f["id"], f["type"]) for f in body["jobInfo"]["fields"]}
    # BambooHR's documented jobInfo field ids.
    assert job == {"date": (4028, "date"), "location": (18, "list"),
                   "department": (4, "list"), "division": (1355, "list"),
                   "jobTitle": (17, "list"), "reportsTo": (91, "employee")}
    for table in body.values():
        assert all(f["name"] and f["alias"] for f in table["fields"])


async def test_seeded_emergency_contacts_are_deterministic_and_private(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    r = await hris.get(f"{B}/employees/0/tables/emergencyContacts", headers=mine)
    assert r.status_code == 200, r.text
    contacts = r.json()
    assert 1 <= len(contacts) <= 2
    assert contacts[0]["primaryContact"] == "yes"
    assert all(c["employeeId"] == str(me.id) for c in contacts)
    same = await hris.get(f"{B}/employees/{me.id}/tables/contacts", headers=mine)
    assert same.json() == contacts  # `contacts` is the same table under its other name
    other = await new_episode(hris)
    again = await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                           headers=await other.auth(me.id))
    assert again.json() == contacts
    # Contacts are for HR, payroll and the employee themself: even the supervisor gets 403.
    r = await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                       headers=await ep.auth(boss.id))
    assert_bamboo_error(r, 403)
    r = await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                       headers=await hr_headers(ep))
    assert r.json() == contacts
    # jobInfo is readable by everyone.
    r = await hris.get(f"{B}/employees/{me.id}/tables/jobInfo",
                       headers=await ep.auth(bystander(world, me.id, boss.id).id))
    assert r.status_code == 200


async def test_unknown_table_is_404_on_every_route(hris: httpx.AsyncClient,
                                                   world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    for method, path, body in (
            ("get", f"/employees/{me.id}/tables/salaryHistory", None),
            ("get", "/employees/all/tables/salaryHistory", None),
            ("get", "/employees/changed/tables/salaryHistory?since=2026-01-01T00:00:00Z", None),
            ("post", f"/employees/{me.id}/tables/salaryHistory", {"date": "2026-03-02"}),
            ("post", f"/employees/{me.id}/tables/salaryHistory/1", {"date": "2026-03-02"})):
        r = await hris.request(method.upper(), B + path, json=body, headers=hr)
        assert_bamboo_error(r, 404)
        assert "emergencyContacts" in r.json()["error"]["message"]
    assert hris_changes(await ep.changes()) == []


async def test_row_added_updated_and_read_back_through_generic_routes(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    seeded = (await hris.get(f"{B}/employees/{me.id}/tables/bonus", headers=hr)).json()
    r = await hris.post(f"{B}/employees/{me.id}/tables/bonus", headers=hr, json={
        "date": "2026-03-01", "amount": {"value": "1500", "currency": "USD"},
        "reason": "performance", "comment": "Q4 launch"})
    assert r.status_code == 200, r.text
    row = r.json()
    assert row["amount"] == {"value": "1500.00", "currency": "USD"}
    assert row["reason"] == "Performance"  # list options are matched case-insensitively
    fix = await hris.post(f"{B}/employees/{me.id}/tables/bonus/{row['id']}", headers=hr,
                          json={"amount": "1750.50 USD"})
    assert fix.status_code == 200, fix.text
    rows = (await hris.get(f"{B}/employees/{me.id}/tables/bonus", headers=hr)).json()
    assert rows == [*seeded, {**row, "amount": {"value": "1750.50", "currency": "USD"}}]
    everyone = (await hris.get(f"{B}/employees/all/tables/bonus", headers=hr)).json()
    assert [r for r in everyone if r["employeeId"] == str(me.id)] == rows
    assert len({r["employeeId"] for r in everyone}) > 1
    # The employee reads their own rows; the all-employees read shows a peer only theirs.
    assert (await hris.get(f"{B}/employees/0/tables/bonus",
                           headers=await ep.auth(me.id))).json() == rows
    peer = bystander(world, me.id)
    theirs = (await hris.get(f"{B}/employees/all/tables/bonus",
                             headers=await ep.auth(peer.id))).json()
    assert {r["employeeId"] for r in theirs} <= {str(peer.id)}
    changed = hris_changes(await ep.changes())
    assert {c["table"] for c in changed} == {"bonus", "employee"}


async def test_contact_and_dependent_rows(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    r = await hris.post(f"{B}/employees/{me.id}/tables/dependents", headers=hr, json={
        "firstName": "Ada", "lastName": me.last_name, "relationship": "child",
        "gender": "Female", "ssn": "123-45-6789", "dateOfBirth": "2019-05-04"})
    assert r.status_code == 200, r.text
    assert r.json()["ssn"] == "xxx-xx-6789"  # shown masked, as BambooHR does
    assert r.json()["relationship"] == "Child"
    r = await hris.post(f"{B}/employees/{me.id}/tables/emergencyContacts", headers=hr,
                        json={"name": "Kim Lee", "relationship": "Friend",
                              "mobilePhone": "412-555-0199", "primaryContact": "no"})
    assert r.status_code == 200, r.text
    contacts = (await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                               headers=hr)).json()
    assert contacts[-1]["name"] == "Kim Lee" and contacts[-1]["primaryContact"] == "no"


async def test_history_tables_keep_their_rules_through_generic_routes(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    r = await hris.post(f"{B}/employees/{me.id}/tables/jobInfo", headers=hr,
                        json={"date": SPEC.now.date().isoformat(), "jobTitle": "Lead Engineer"})
    assert r.status_code == 200, r.text
    fields = (await hris.get(f"{B}/employees/{me.id}/", params={"fields": "jobTitle"},
                             headers=hr)).json()
    assert fields["jobTitle"] == "Lead Engineer"
    every = (await hris.get(f"{B}/employees/all/tables/jobInfo", headers=hr)).json()
    assert len(every) == sum(len(p.job_history) for p in world.people) + 1
    assert [r["employeeId"] for r in every] == sorted((r["employeeId"] for r in every),
                                                      key=int)


@pytest.mark.parametrize(("table", "body", "field"), [
    ("bonus", {"amount": "100"}, "date"),
    ("bonus", {"date": "2026-02-30", "amount": "100"}, "date"),
    ("bonus", {"date": "2026-02-27", "amount": "-3"}, "amount"),
    ("bonus", {"date": "2026-02-27", "amount": "100", "reason": "Because"}, "reason"),
    ("bonus", {"date": "2026-02-27", "amount": "100", "jobTitle": "X"}, "jobTitle"),
    ("dependents", {"firstName": "A", "lastName": "B", "ssn": "12-34"}, "ssn"),
    ("dependents", {"firstName": "A", "lastName": "B", "dateOfBirth": "2099-01-01"},
     "dateOfBirth"),
    ("emergencyContacts", {"name": "A", "email": "not-an-email"}, "email"),
    ("emergencyContacts", {"relationship": "Friend"}, "name"),
    ("employeeAssets", {"category": "Computer", "dateLoaned": "2026-02-01",
                        "dateReturned": "2026-01-01"}, "dateReturned"),
    ("employeeCertifications", {"title": "PE", "completionDate": "2025-01-01",
                                "expirationDate": "2024-01-01"}, "expirationDate"),
    ("jobInfo", {"jobTitle": "X"}, "date"),
    ("compensation", {"startDate": "2026-03-02"}, "rate"),
    ("employmentStatus", {"date": "2026-03-02", "rate": "5"}, "rate"),
])
async def test_invalid_rows_are_400_and_change_nothing(hris: httpx.AsyncClient, world: World,
                                                      table: str, body: dict[str, Any],
                                                      field: str) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/tables/{table}", headers=await hr_headers(ep),
                        json=body)
    assert_bamboo_error(r, 400)
    assert r.json()["error"]["field"] == field
    assert hris_changes(await ep.changes()) == []


async def test_updating_a_row_clearing_required_or_of_another_employee(
        hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    hr = await hr_headers(ep)
    contact = (await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                              headers=hr)).json()[0]
    r = await hris.post(f"{B}/employees/{me.id}/tables/emergencyContacts/{contact['id']}",
                        headers=hr, json={"name": ""})
    assert_bamboo_error(r, 400)
    r = await hris.post(f"{B}/employees/{boss.id}/tables/emergencyContacts/{contact['id']}",
                        headers=hr, json={"name": "X"})
    assert_bamboo_error(r, 404)
    assert hris_changes(await ep.changes()) == []


async def test_table_writes_need_hr(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    mine = await ep.auth(me.id)
    contact = (await hris.get(f"{B}/employees/0/tables/emergencyContacts",
                              headers=mine)).json()[0]
    for path, body in ((f"/employees/{me.id}/tables/emergencyContacts", {"name": "X"}),
                       (f"/employees/{me.id}/tables/emergencyContacts/{contact['id']}",
                        {"name": "X"}),
                       (f"/employees/{me.id}/tables/bonus",
                        {"date": "2026-03-02", "amount": "5"})):
        r = await hris.post(B + path, headers=mine, json=body)
        assert_bamboo_error(r, 403)
    assert hris_changes(await ep.changes()) == []
    # Compensation of someone else: 403 on the single and a filtered all-employees read.
    peer = bystander(world, me.id)
    r = await hris.get(f"{B}/employees/{peer.id}/tables/compensation", headers=mine)
    assert_bamboo_error(r, 403)
    rows = (await hris.get(f"{B}/employees/all/tables/compensation", headers=mine)).json()
    assert rows and {r["employeeId"] for r in rows} == {str(me.id)}


async def test_delete_rows(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    contact = (await hris.post(f"{B}/employees/{me.id}/tables/emergencyContacts", headers=hr,
                               json={"name": "Sam Roe"})).json()
    url = f"{B}/employees/{me.id}/tables/emergencyContacts/{contact['id']}"
    assert_bamboo_error(await hris.delete(url, headers=await ep.auth(me.id)), 403)
    r = await hris.delete(url, headers=hr)
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True}
    again = await hris.delete(url, headers=hr)
    assert again.json()["success"] is False and "does not belong" in again.json()["error"]
    rows = (await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                           headers=hr)).json()
    assert contact["id"] not in {r["id"] for r in rows}


async def test_deleting_history_rows_recomputes_or_refuses(hris: httpx.AsyncClient,
                                                           world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    today = SPEC.now.date().isoformat()
    term = (await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus", headers=hr,
                            json={"date": today, "employmentStatus": "Terminated"})).json()
    fields = {"fields": "status,terminationDate"}
    got = (await hris.get(f"{B}/employees/{me.id}/", params=fields, headers=hr)).json()
    assert got["status"] == "Inactive" and got["terminationDate"] == today
    r = await hris.delete(f"{B}/employees/{me.id}/tables/employmentStatus/{term['id']}",
                          headers=hr)
    assert r.json() == {"success": True}
    got = (await hris.get(f"{B}/employees/{me.id}/", params=fields, headers=hr)).json()
    assert got["status"] == "Active" and got["terminationDate"] is None
    before = await ep.changes()
    only = (await hris.get(f"{B}/employees/{me.id}/tables/employmentStatus",
                           headers=hr)).json()
    assert len(only) == 1  # the hire row, the only one in effect
    r = await hris.delete(f"{B}/employees/{me.id}/tables/employmentStatus/{only[0]['id']}",
                          headers=hr)
    assert_bamboo_error(r, 409)
    assert await ep.changes() == before


async def test_amounts_are_bounded(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    for amount in ("9" * 400, "1" + "0" * 12, 1e30, True, "NaN"):
        r = await hris.post(f"{B}/employees/{me.id}/tables/commission",
                            headers=await hr_headers(ep),
                            json={"date": "2026-03-02", "amount": amount})
        assert_bamboo_error(r, 400)
    assert hris_changes(await ep.changes()) == []
