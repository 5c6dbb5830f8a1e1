"""The HRIS (BambooHR shape) through HTTP: loader truth, reads, roles, errors, episodes
and their clock; with the helpers the other HRIS tests share (writes: test_hris_writes,
time off requests: test_hris_time_off).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
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
    fields = "firstName,lastName,supervisorEId,supervisor,payRate,dateOfBirth,homeEmail,17"
    own = await hris.get(f"{B}/employees/0/", params={"fields": fields}, headers=mine)
    assert own.status_code == 200, own.text
    assert own.json()["id"] == str(me.id)
    assert own.json()["supervisorEId"] == str(boss.id)
    assert own.json()["supervisor"] == boss.name
    assert own.json()["17"] == me.title  # numeric field ids work like names
    assert own.json()["dateOfBirth"] == me.birth_date.isoformat()
    other = await hris.get(f"{B}/employees/{boss.id}", params={"fields": fields}, headers=mine)
    assert other.status_code == 200
    assert not {"payRate", "dateOfBirth", "homeEmail"} & set(other.json())
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


# -- episodes, the clock, the embedded server, response bytes -------------------------------


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
