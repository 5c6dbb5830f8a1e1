"""The HRIS (BambooHR shape) through HTTP: loader truth, reads, writes, roles, errors."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest

from arcadia.apps.hris.errors import ERROR_HEADER
from arcadia.apps.hris.schemas import CustomReport, Directory, EmployeeFields
from arcadia.world import Person, World
from tests.factories import ADMIN, SPEC, EpisodeHandle, Harness, new_episode

B = "/hris/api/gateway.php/arcadia/v1"
TODAY = SPEC.now.date()


def hris_changes(changes: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    return changes.get("hris", [])


def assert_bamboo_error(r: httpx.Response, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.headers.get(ERROR_HEADER), "BambooHR puts the reason in X-BambooHR-Error-Message"
    assert r.json()["error"]["message"] == r.json()["error"]["message"].strip()


def active_pair(world: World) -> tuple[Person, Person]:
    """An active non-HR employee and their active, non-HR supervisor."""
    people = {p.id: p for p in world.people}
    for p in world.people:
        boss = people.get(p.manager_id) if p.manager_id else None
        if (p.status == "active" and boss is not None and boss.status == "active"
                and "hr" not in p.roles and "hr" not in boss.roles and "manager" not in p.roles):
            return p, boss
    raise AssertionError("no employee/supervisor pair")


def bystander(world: World, *not_ids: int) -> Person:
    return next(p for p in world.people if p.status == "active" and "hr" not in p.roles
                and "manager" not in p.roles and p.id not in not_ids)


async def hr_headers(ep: EpisodeHandle) -> dict[str, str]:
    return await ep.auth(await ep.principal_with("hr"))


# -- loader ---------------------------------------------------------------------------------


def test_loader_counts_and_current_values_match_truth(harness_for: Callable[..., Harness],
                                                      world: World) -> None:
    db = harness_for("hris").store.template(SPEC).dbs["hris"].conn
    count = lambda table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # noqa: E731
    assert count("employee") == len(world.people)
    assert count("job_info") == sum(len(p.job_history) for p in world.people)
    assert count("compensation") == sum(len(p.comp_history) for p in world.people)
    assert count("time_off_request") == len(world.time_off)
    expected_status_rows = sum(1 + (p.status != "active") for p in world.people)
    assert count("employment_status") == expected_status_rows
    dept = {d.id: d.name for d in world.departments}
    rows = {r[0]: r for r in db.execute(
        "SELECT id, job_title, department, division, supervisor_eid, pay_rate, status, "
        "termination_date, employment_status FROM employee")}
    for p in world.people:
        _, title, department, division, boss, rate, status, term, hist = rows[p.id]
        assert (title, department, division, boss) == (p.title, dept[p.department_id],
                                                       p.team, p.manager_id)
        assert rate == pytest.approx(p.rate)
        assert status == ("Inactive" if p.status == "terminated" else "Active")
        assert term == (p.termination_date.isoformat() if p.termination_date else None)
        assert hist == {"active": "Full-Time", "on_leave": "Leave of Absence",
                        "terminated": "Terminated"}[p.status]
    # The current values agree with the newest effective history row of each table.
    newest = db.execute(
        "SELECT e.id FROM employee e WHERE e.job_title IS DISTINCT FROM (SELECT j.job_title "
        "FROM job_info j WHERE j.employee_id = e.id AND j.date <= ? ORDER BY j.date DESC, "
        "j.id DESC LIMIT 1) OR e.pay_rate IS DISTINCT FROM (SELECT c.rate FROM compensation c "
        "WHERE c.employee_id = e.id AND c.start_date <= ? ORDER BY c.start_date DESC, c.id DESC "
        "LIMIT 1)",
        (TODAY.isoformat(), TODAY.isoformat())).fetchall()
    assert newest == []


async def test_situation_people_show_truth_in_hris(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    hidden = world.situations[0].hidden
    assert len(hidden) == 8
    dept = {d.id: d.name for d in world.departments}
    for fact in hidden:
        person = world.person(fact["person_id"])
        r = await hris.get(f"{B}/employees/{person.id}/", headers=headers, params={
            "fields": "jobTitle,department,payRate,status,terminationDate"})
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["jobTitle"] == person.title
        assert got["department"] == dept[person.department_id]
        assert got["payRate"] == f"{person.rate:.2f} USD"
        assert got["status"] == ("Inactive" if person.status == "terminated" else "Active")


# -- reads ------------------------------------------------------------------------------------


async def test_directory_lists_current_employees(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.get(f"{B}/employees/directory", headers=await ep.auth(me.id))
    assert r.status_code == 200, r.text
    body = r.json()
    assert {f["id"] for f in body["fields"]} >= {"displayName", "jobTitle", "workEmail"}
    ids = {int(e["id"]) for e in body["employees"]}
    assert ids == {p.id for p in world.people if p.status != "terminated"}
    mine = next(e for e in body["employees"] if int(e["id"]) == me.id)
    assert mine["workEmail"] == me.email and mine["jobTitle"] == me.title


async def test_get_employee_fields_and_sensitive_omission(hris: httpx.AsyncClient,
                                                          world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    fields = "firstName,lastName,supervisorEId,supervisor,payRate,dateOfBirth,17"
    own = await hris.get(f"{B}/employees/0/", params={"fields": fields}, headers=mine)
    assert own.status_code == 200, own.text
    assert own.json()["id"] == str(me.id)
    assert own.json()["supervisorEId"] == str(boss.id)
    assert own.json()["supervisor"] == boss.name
    assert own.json()["17"] == me.title  # numeric field ids work like names
    assert own.json()["dateOfBirth"] == me.birth_date.isoformat()
    other = await hris.get(f"{B}/employees/{boss.id}", params={"fields": fields}, headers=mine)
    assert other.status_code == 200
    assert "payRate" not in other.json() and "dateOfBirth" not in other.json()
    assert other.json()["firstName"] == boss.first_name
    as_hr = await hris.get(f"{B}/employees/{boss.id}/", params={"fields": "payRate,payType"},
                           headers=await hr_headers(ep))
    assert as_hr.json()["payRate"] == f"{boss.rate:.2f} USD"
    bare = await hris.get(f"{B}/employees/{boss.id}/", headers=mine)
    # Without `fields`, BambooHR's default: firstName,lastName.
    assert bare.json() == {"id": str(boss.id), "firstName": boss.first_name,
                           "lastName": boss.last_name}


async def test_tables_and_meta(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    jobs = (await hris.get(f"{B}/employees/{me.id}/tables/jobInfo", headers=mine)).json()
    assert [j["jobTitle"] for j in jobs] == [j.title for j in me.job_history]
    pay = (await hris.get(f"{B}/employees/0/tables/compensation", headers=mine)).json()
    assert [float(c["rate"]["value"]) for c in pay] == [c.rate for c in me.comp_history]
    assert pay[-1]["paidPer"] == ("Hour" if me.pay_type == "hourly" else "Year")
    r = await hris.get(f"{B}/employees/{boss.id}/tables/compensation", headers=mine)
    assert_bamboo_error(r, 403)
    r = await hris.get(f"{B}/employees/{me.id}/tables/salaryHistory", headers=mine)
    assert_bamboo_error(r, 404)
    fields = (await hris.get(f"{B}/meta/fields", headers=mine)).json()
    assert {"firstName", "payRate", "supervisorEId"} <= {f["alias"] for f in fields}
    lists = {x["alias"]: x for x in (await hris.get(f"{B}/meta/lists", headers=mine)).json()}
    assert {o["name"] for o in lists["department"]["options"]} == \
        {d.name for d in world.departments}
    types = (await hris.get(f"{B}/meta/time_off/types", headers=mine)).json()
    assert [t["name"] for t in types["timeOffTypes"]] == ["Vacation", "Sick", "Personal"]


# -- auth and errors ------------------------------------------------------------------------


async def test_401_in_bamboohr_style(hris: httpx.AsyncClient) -> None:
    ep = await new_episode(hris)
    r = await hris.get(f"{B}/employees/directory", headers={"Authorization": ""})
    assert_bamboo_error(r, 401)
    assert r.headers["WWW-Authenticate"].startswith("Basic")
    r = await hris.get(f"{B}/employees/directory", headers={"Authorization": "Bearer nope"})
    assert_bamboo_error(r, 401)
    token = await ep.token(await ep.principal_with("hr"))
    basic = base64.b64encode(f"{token}:x".encode()).decode()  # BambooHR's `<key>:x` style
    r = await hris.get(f"{B}/employees/directory", headers={"Authorization": f"Basic {basic}"})
    assert r.status_code == 200


async def test_403_for_non_hr_writes_changes_nothing(hris: httpx.AsyncClient,
                                                     world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    r = await hris.post(f"{B}/employees/", json={"firstName": "A", "lastName": "B"},
                        headers=mine)
    assert_bamboo_error(r, 403)
    assert "hr" in r.headers[ERROR_HEADER]
    r = await hris.post(f"{B}/employees/{me.id}/", json={"jobTitle": "CEO"}, headers=mine)
    assert_bamboo_error(r, 403)
    r = await hris.post(f"{B}/employees/{me.id}/tables/compensation", headers=mine,
                        json={"startDate": "2026-03-01", "rate": "999999"})
    assert_bamboo_error(r, 403)
    assert hris_changes(await ep.changes()) == []


async def test_404s(hris: httpx.AsyncClient) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    r = await hris.get("/hris/api/gateway.php/acme/v1/employees/directory", headers=headers)
    assert_bamboo_error(r, 404)
    r = await hris.get(f"{B}/employees/99999/", headers=headers)
    assert_bamboo_error(r, 404)


@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("post", "/employees/{me}/", {"hireDate": "03/02/2026"}, "hireDate"),
    ("post", "/employees/{me}/", {"jobTitel": "Engineer"}, "jobTitel"),
    ("post", "/employees/{me}/", {"terminationDate": "2026-03-01"}, "terminationDate"),
    ("post", "/employees/{me}/", {"department": "Robotics"}, "department"),
    ("post", "/employees/{me}/", {"status": "Fired"}, "status"),
    ("post", "/employees/{me}/", {"supervisorEId": "{me}"}, "supervisorEId"),
    ("post", "/employees/{me}/", {"workEmail": "{boss_email}"}, "workEmail"),
    ("post", "/employees/{me}/", {"payType": "Hourly", "payPer": "Year", "payRate": "30"},
     "payPer"),
    ("post", "/employees/{me}/", {"payType": "{other_pay_type}"}, "payRate"),
    ("post", "/employees/{me}/", {}, None),
    ("post", "/employees/", {"firstName": "", "lastName": "X"}, "firstName"),
    ("post", "/employees/{me}/tables/jobInfo", {"date": "2026-13-01"}, "date"),
    ("post", "/employees/{me}/tables/jobInfo", {"date": "2026-03-02", "reportsTo": "Nobody X"},
     "reportsTo"),
    ("post", "/employees/{me}/tables/compensation", {"startDate": "2026-03-02", "rate": "-5"},
     "rate"),
    ("post", "/employees/{me}/tables/compensation",
     {"startDate": "2026-03-02", "rate": {"value": "100", "currency": "EUR"}}, "rate"),
    ("post", "/employees/{me}/tables/employmentStatus",
     {"date": "2026-03-02", "employmentStatus": "Fired"}, "employmentStatus"),
    ("post", "/employees/{me}/tables/jobInfo/999999", {"jobTitle": "X"}, None),
])
async def test_validation_errors_change_nothing(hris: httpx.AsyncClient, world: World,
                                               method: str, path: str, body: dict[str, Any],
                                               field: str | None) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    fill = {"{me}": str(me.id), "{boss_email}": boss.email,
            "{other_pay_type}": "Salary" if me.pay_type == "hourly" else "Hourly"}
    for key, value in fill.items():
        path = path.replace(key, value)
    body = {k: (fill.get(v, v) if isinstance(v, str) else v) for k, v in body.items()}
    r = await getattr(hris, method)(B + path, json=body, headers=await hr_headers(ep))
    assert 400 <= r.status_code < 500, r.text
    assert r.status_code in (400, 404, 409)
    assert r.headers[ERROR_HEADER]
    if field is not None:
        assert r.json()["error"]["field"] == field
    assert hris_changes(await ep.changes()) == []


# -- writes -----------------------------------------------------------------------------------


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


async def test_time_off_workflow(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    peer = bystander(world, me.id, boss.id)
    mine, bosses, peers = await ep.auth(me.id), await ep.auth(boss.id), await ep.auth(peer.id)
    r = await hris.put(f"{B}/employees/0/time_off/request", headers=mine, json={
        "start": "2026-03-16", "end": "2026-03-22", "timeOffTypeId": "1",
        "notes": [{"from": "employee", "note": "Spring break"}]})
    assert r.status_code == 201, r.text
    req = r.json()
    assert req["amount"] == {"unit": "days", "amount": "5"}  # weekdays only
    assert req["status"]["status"] == "requested" and req["actions"]["cancel"] is True
    rid = req["id"]
    window = {"start": "2026-03-01", "end": "2026-03-31"}
    seen = (await hris.get(f"{B}/time_off/requests/", headers=bosses,
                           params={**window, "action": "approve"})).json()
    assert rid in {x["id"] for x in seen}
    r = await hris.get(f"{B}/time_off/requests/", headers=peers,
                       params={**window, "employeeId": me.id})
    assert_bamboo_error(r, 403)
    own = (await hris.get(f"{B}/time_off/requests", headers=peers, params=window)).json()
    assert {x["employeeId"] for x in own} <= {str(peer.id)}
    status = f"{B}/time_off/requests/{rid}/status"
    assert_bamboo_error(await hris.put(status, headers=peers, json={"status": "approved"}), 403)
    assert_bamboo_error(await hris.put(status, headers=mine, json={"status": "approved"}), 403)
    r = await hris.put(status, headers=bosses, json={"status": "approved", "note": "Enjoy"})
    assert r.status_code == 200, r.text
    assert r.json()["status"]["status"] == "approved"
    assert r.json()["status"]["lastChangedByUserId"] == str(boss.id)
    assert r.json()["notes"] == {"employee": "Spring break", "manager": "Enjoy"}
    assert_bamboo_error(await hris.put(status, headers=bosses, json={"status": "denied"}), 409)
    r = await hris.put(status, headers=mine, json={"status": "canceled"})
    assert r.status_code == 200 and r.json()["status"]["status"] == "canceled"
    assert_bamboo_error(await hris.put(status, headers=bosses, json={"status": "approved"}), 409)
    row = next(c for c in hris_changes(await ep.changes()) if c["table"] == "time_off_request")
    assert row["old"] is None and row["new"]["status"] == "canceled"


async def test_time_off_validation_changes_nothing(hris: httpx.AsyncClient,
                                                   world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    mine = await ep.auth(me.id)
    url = f"{B}/employees/{me.id}/time_off/request"
    cases = [
        ({"start": "2026-03-20", "end": "2026-03-16", "timeOffTypeId": "1"}, 400),
        ({"start": "2026-03-16", "end": "2026-03-17", "timeOffTypeId": "9"}, 400),
        ({"start": "2026-03-21", "end": "2026-03-22", "timeOffTypeId": "1"}, 400),  # weekend
        ({"start": "2026-03-16", "end": "2026-03-17", "timeOffTypeId": "1",
          "status": "approved"}, 403),
    ]
    for body, status in cases:
        assert_bamboo_error(await hris.put(url, headers=mine, json=body), status)
    r = await hris.put(f"{B}/employees/{boss.id}/time_off/request", headers=mine,
                       json={"start": "2026-03-16", "end": "2026-03-17", "timeOffTypeId": "1"})
    assert_bamboo_error(r, 403)
    r = await hris.get(f"{B}/time_off/requests/", headers=mine, params={"start": "2026-03-01"})
    assert_bamboo_error(r, 400)
    assert hris_changes(await ep.changes()) == []


async def test_past_approved_request_cannot_be_canceled(hris: httpx.AsyncClient,
                                                        world: World) -> None:
    ep = await new_episode(hris)
    headers = await hr_headers(ep)
    started = next(t for t in world.time_off if t.status == "approved" and t.start <= TODAY)
    r = await hris.put(f"{B}/time_off/requests/{started.id}/status", headers=headers,
                       json={"status": "canceled"})
    assert_bamboo_error(r, 409)
    denied = next(t for t in world.time_off if t.status == "denied")
    r = await hris.put(f"{B}/time_off/requests/{denied.id}/status", headers=headers,
                       json={"status": "approved"})
    assert_bamboo_error(r, 409)
    assert hris_changes(await ep.changes()) == []


async def test_episodes_are_isolated(hris: httpx.AsyncClient, world: World) -> None:
    first, second = await new_episode(hris), await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/", headers=await hr_headers(first),
                        json={"preferredName": "Sunny"})
    assert r.status_code == 200, r.text
    params = {"fields": "preferredName,displayName"}
    one = await hris.get(f"{B}/employees/{me.id}/", headers=await hr_headers(first),
                         params=params)
    two = await hris.get(f"{B}/employees/{me.id}/", headers=await hr_headers(second),
                         params=params)
    assert one.json()["displayName"] == f"Sunny {me.last_name}"
    assert two.json()["preferredName"] is None
    assert hris_changes(await second.changes()) == []
    assert len(hris_changes(await first.changes())) == 1


async def test_dates_are_world_time(hris: httpx.AsyncClient, world: World) -> None:
    """Rows are dated by the episode's clock (the world's 2026-03-02 09:00, one step per
    write), never by the machine's."""
    ep = await new_episode(hris)
    state = (await hris.get(f"/admin/episodes/{ep.id}", headers=ADMIN)).json()
    assert (state["tick"], state["now"]) == (0, "2026-03-02T09:00:00")
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/", headers=await hr_headers(ep),
                        json={"jobTitle": "Clockwatcher"})
    assert r.status_code == 200, r.text
    state = (await hris.get(f"/admin/episodes/{ep.id}", headers=ADMIN)).json()
    assert (state["tick"], state["now"]) == (1, "2026-03-02T09:01:00")
    jobs = (await hris.get(f"{B}/employees/{me.id}/tables/jobInfo",
                           headers=await hr_headers(ep))).json()
    assert jobs[-1]["date"] == "2026-03-02"
    got = (await hris.get(f"{B}/employees/{me.id}/", params={"fields": "lastChanged"},
                          headers=await hr_headers(ep))).json()
    assert got["lastChanged"] == "2026-03-02T09:01:00"


async def test_time_off_work_is_bounded(hris: httpx.AsyncClient, world: World) -> None:
    """A request over millennia would store millions of days; it is a 400 before any work."""
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    mine = await ep.auth(me.id)
    url = f"{B}/employees/{me.id}/time_off/request"
    r = await hris.put(url, headers=mine, json={"start": "0001-01-01", "end": "9999-12-31",
                                                "timeOffTypeId": "1"})
    assert_bamboo_error(r, 400)
    assert r.json()["error"]["field"] == "end" and "at most 366 days" in r.headers[ERROR_HEADER]
    r = await hris.put(url, headers=mine, json={"start": "2026-03-02", "end": "2027-03-03",
                                                "timeOffTypeId": "1"})
    assert_bamboo_error(r, 400)
    r = await hris.get(f"{B}/time_off/requests/", headers=mine,
                       params={"start": "0001-01-01", "end": "9999-12-31"})
    assert_bamboo_error(r, 400)
    assert hris_changes(await ep.changes()) == []
    state = (await hris.get(f"/admin/episodes/{ep.id}", headers=ADMIN)).json()
    assert state["tick"] == 0
    r = await hris.put(url, headers=mine, json={"start": "2026-03-02", "end": "2027-03-02",
                                                "timeOffTypeId": "1"})
    assert r.status_code == 201, r.text  # a full year is still one request


async def test_mounted_in_the_embedded_server_with_every_app(client: httpx.AsyncClient) -> None:
    ep = await new_episode(client)
    r = await client.get(f"{B}/employees/0/", params={"fields": "workEmail"},
                         headers=await hr_headers(ep))
    assert r.status_code == 200, r.text
    assert r.json()["workEmail"].endswith("@arcadia-robotics.com")


async def test_big_reads_send_the_bytes_their_response_model_would(hris: httpx.AsyncClient,
                                                                   world: World) -> None:
    """The directory, the custom report and an employee's fields skip FastAPI's response
    validation (800 rows; the hottest read);
    their bytes must be exactly those FastAPI would send after validating against the
    documented response_model."""
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    report = {"title": "All", "fields": ["firstName", "payRate", "supervisor", "hireDate",
                                         "terminationDate", "17", "lastChanged"]}
    one = {"fields": "firstName,payRate,supervisor,hireDate,terminationDate,17,lastChanged"}
    for headers in (await hr_headers(ep), await ep.auth(me.id)):
        for r, model in ((await hris.get(f"{B}/employees/{me.id}/", params=one,
                                         headers=headers), EmployeeFields),
                         (await hris.get(f"{B}/employees/{boss.id}/", params=one,
                                         headers=headers), EmployeeFields),
                         (await hris.get(f"{B}/employees/directory", headers=headers),
                          Directory),
                         (await hris.post(f"{B}/reports/custom", headers=headers,
                                          json=report), CustomReport)):
            assert r.status_code == 200, r.text
            assert r.headers["content-type"] == "application/json"
            # Employee fields are sent only when asked for (the routes exclude unset
            # fields), in the order asked, so those compare as objects.
            expected = model.model_validate(r.json()).model_dump(mode="json",
                                                                 exclude_unset=True)
            if model is Directory:
                assert r.content == json.dumps(expected, ensure_ascii=False,
                                               allow_nan=False, separators=(",", ":")).encode()
            else:
                assert r.json() == expected
    rows = {e["id"]: e for e in r.json()["employees"]}
    assert rows[str(me.id)]["supervisor"] == boss.name
    assert rows[str(me.id)]["17"] == me.title and rows[str(me.id)]["payRate"] == \
        f"{me.rate:.2f} USD"
    assert "payRate" not in rows[str(boss.id)]  # another's pay stays hidden from `me`
    assert len(rows) == len(world.people)
