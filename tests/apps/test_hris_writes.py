"""HRIS employee writes through HTTP: adding and updating employees, and the jobInfo,
compensation and employmentStatus rows that change their current values."""

from __future__ import annotations

from datetime import timedelta

import httpx

from arcadia.world import World
from tests.apps.test_hris import (
    TODAY,
    B,
    active_pair,
    assert_bamboo_error,
    hr_headers,
    hris_changes,
)
from tests.factories import new_episode


async def test_create_employee(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    _, boss = active_pair(world)
    body = {"firstName": "Ada", "lastName": "Quill", "workEmail": "ada.quill@arcadia-robotics.com",
            "hireDate": "2026-03-16", "jobTitle": "Engineer", "department": "engineering",
            "division": "Perception", "location": "Austin Office", "supervisorEId": boss.id,
            "payRate": "118000", "payType": "Salary"}
    r = await hris.post(f"{B}/employees/", json=body, headers=headers)
    assert r.status_code == 201, r.text
    new_id = int(r.json()["id"])
    assert r.headers["Location"].endswith(f"/v1/employees/{new_id}")
    got = (await hris.get(f"{B}/employees/{new_id}/", headers=headers, params={
        "fields": "displayName,employeeNumber,department,supervisorEId,payRate,payPer,exempt,"
                  "employmentHistoryStatus,hireDate"})).json()
    assert got["displayName"] == "Ada Quill"
    assert got["department"] == "Engineering"  # list options match case-insensitively
    assert got["supervisorEId"] == str(boss.id)
    assert (got["payRate"], got["payPer"], got["exempt"]) == ("118000.00 USD", "Year", "Exempt")
    assert got["employmentHistoryStatus"] == "Full-Time"
    assert got["employeeNumber"] == f"AR{len(world.people) + 1:04d}"
    jobs = (await hris.get(f"{B}/employees/{new_id}/tables/jobInfo", headers=headers)).json()
    assert [(j["date"], j["reportsTo"]) for j in jobs] == [("2026-03-16", boss.name)]
    tables = {c["table"] for c in hris_changes(await ep.changes())}
    assert tables == {"employee", "job_info", "compensation", "employment_status"}
    dup = await hris.post(f"{B}/employees/", json={**body, "employeeNumber": "AR0001",
                                                  "workEmail": "x@arcadia-robotics.com"},
                          headers=headers)
    assert_bamboo_error(dup, 409)


async def test_update_employee_adds_history_rows(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/", headers=headers, json={
        "jobTitle": "Lead Assembler", "workPhone": "412-555-0199", "payRate": "99000"})
    assert r.status_code == 200, r.text
    assert r.json()["jobTitle"] == "Lead Assembler"
    assert r.json()["payRate"] == "99000.00 USD"
    jobs = (await hris.get(f"{B}/employees/{me.id}/tables/jobInfo", headers=headers)).json()
    assert jobs[-1]["jobTitle"] == "Lead Assembler" and jobs[-1]["date"] == TODAY.isoformat()
    assert jobs[-1]["department"] == jobs[-2]["department"]  # carried forward
    pay = (await hris.get(f"{B}/employees/{me.id}/tables/compensation", headers=headers)).json()
    assert pay[-1]["rate"]["value"] == "99000.00" and len(pay) == len(me.comp_history) + 1
    changed = hris_changes(await ep.changes())
    employee = next(c for c in changed if c["table"] == "employee")
    assert employee["new"]["work_phone"] == "412-555-0199"
    assert employee["old"]["job_title"] == me.title


async def test_job_info_row_transfer_and_future_row(hris: httpx.AsyncClient,
                                                    world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    me, boss = active_pair(world)
    other = next(p for p in world.people if p.status == "active" and p.level == "M1"
                 and p.department_id != me.department_id)
    dept = world.department(other.department_id).name
    r = await hris.post(f"{B}/employees/{me.id}/tables/jobInfo", headers=headers, json={
        "date": (TODAY - timedelta(days=1)).isoformat(), "department": dept,
        "division": other.team, "reportsTo": other.name})
    assert r.status_code == 200, r.text
    assert r.json()["reportsTo"] == other.name and r.json()["jobTitle"] == me.title
    future = await hris.post(f"{B}/employees/{me.id}/tables/jobInfo", headers=headers, json={
        "date": (TODAY + timedelta(days=30)).isoformat(), "jobTitle": "Future Title"})
    assert future.status_code == 200, future.text
    got = (await hris.get(f"{B}/employees/{me.id}/", headers=headers, params={
        "fields": "department,division,supervisorEId,jobTitle"})).json()
    assert got == {"id": str(me.id), "department": dept, "division": other.team,
                   "supervisorEId": str(other.id), "jobTitle": me.title}
    fix = await hris.post(f"{B}/employees/{me.id}/tables/jobInfo/{r.json()['id']}",
                          headers=headers, json={"jobTitle": "Transferred Engineer"})
    assert fix.status_code == 200, fix.text
    got = (await hris.get(f"{B}/employees/{me.id}/", headers=headers,
                          params={"fields": "jobTitle"})).json()
    assert got["jobTitle"] == "Transferred Engineer"


async def test_compensation_row_raise_and_pay_type_rules(hris: httpx.AsyncClient,
                                                         world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/tables/compensation", headers=headers, json={
        "startDate": "2026-03-01", "rate": {"value": "31.50", "currency": "USD"},
        "type": "Hourly", "reason": "Role change"})
    assert r.status_code == 200, r.text
    assert (r.json()["paidPer"], r.json()["rate"]["value"]) == ("Hour", "31.50")
    got = (await hris.get(f"{B}/employees/{me.id}/", headers=headers, params={
        "fields": "payRate,payType,payPer,payChangeReason"})).json()
    assert got["payRate"] == "31.50 USD" and got["payType"] == "Hourly"
    assert got["payChangeReason"] == "Role change"
    bad = await hris.post(f"{B}/employees/{me.id}/tables/compensation/{r.json()['id']}",
                          headers=headers, json={"paidPer": "Year"})
    assert_bamboo_error(bad, 400)


async def test_termination_row(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    me, boss = active_pair(world)
    later = (TODAY + timedelta(days=11)).isoformat()
    r = await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus", headers=headers,
                        json={"date": later, "employmentStatus": "Terminated"})
    assert r.status_code == 200, r.text
    fields = {"fields": "status,terminationDate,employmentHistoryStatus"}
    got = (await hris.get(f"{B}/employees/{me.id}/", headers=headers, params=fields)).json()
    assert got == {"id": str(me.id), "status": "Active", "terminationDate": later,
                   "employmentHistoryStatus": "Full-Time"}
    past = (TODAY - timedelta(days=1)).isoformat()
    r = await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus/{r.json()['id']}",
                        headers=headers, json={"date": past})
    assert r.status_code == 200, r.text
    got = (await hris.get(f"{B}/employees/{me.id}/", headers=headers, params=fields)).json()
    assert got == {"id": str(me.id), "status": "Inactive", "terminationDate": past,
                   "employmentHistoryStatus": "Terminated"}
    directory = (await hris.get(f"{B}/employees/directory", headers=headers)).json()
    assert str(me.id) not in {e["id"] for e in directory["employees"]}
    # A terminated employee can no longer be made anyone's supervisor.
    r = await hris.post(f"{B}/employees/{boss.id}/", headers=headers,
                        json={"supervisorEId": me.id})
    assert_bamboo_error(r, 400)
