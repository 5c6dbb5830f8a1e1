"""HRIS company information, users, time off policies, history and balance adjustments
through HTTP: values from the world, role rules, and refusals that change nothing."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, create_engine

from arcadia.apps.hris.errors import ERROR_HEADER
from arcadia.apps.hris.models import HrisModel, TimeOffHistory
from arcadia.apps.hris.policies import balance_delta
from arcadia.world import Person, World
from arcadia.world.model import TimeOffRequest
from tests.apps.test_bad_input import Unchanged
from tests.factories import SPEC, EpisodeHandle, new_episode

B = "/hris/api/gateway.php/arcadia/v1"
TODAY = SPEC.now.date()
JSON = {"Accept": "application/json"}
NOT_AMOUNTS: list[Any] = ["NaN", "Infinity", "-Infinity", "1e309", "9" * 400, True, "١٢٣",
                          " ", 0, "0.000", 367, "-400"]


@pytest.fixture
async def ep(hris: httpx.AsyncClient) -> EpisodeHandle:
    return await new_episode(hris)


async def as_(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    return {**await ep.auth(principal), **JSON}


async def as_hr(ep: EpisodeHandle) -> dict[str, str]:
    return await as_(ep, await ep.principal_with("hr"))


def refused(r: httpx.Response, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.headers.get(ERROR_HEADER), r.headers
    assert r.json()["error"]["message"]


def plain_pair(world: World) -> tuple[Person, Person, Person]:
    """An active employee without HR/IT roles, their active supervisor, and a bystander."""
    people = {p.id: p for p in world.people}
    quiet = {"hr", "it", "manager"}
    for p in world.people:
        boss = people.get(p.manager_id) if p.manager_id else None
        if p.status == "active" and boss is not None and boss.status == "active" \
                and not quiet & set(p.roles) and "hr" not in boss.roles:
            other = next(o for o in world.people if o.status == "active"
                         and not quiet & set(o.roles) and o.id not in (p.id, boss.id)
                         and o.manager_id != p.id)
            return p, boss, other
    raise AssertionError("no employee/supervisor pair")


def approved(world: World, *, taken: bool) -> TimeOffRequest:
    """An approved request of an active employee, already taken (ended) or not."""
    active = {p.id for p in world.people if p.status == "active"}
    return next(t for t in world.time_off if t.status == "approved" and t.person_id in active
                and (t.end < TODAY) == taken)


# -- company information and users ------------------------------------------------------------


async def test_company_information_is_the_worlds_company(hris: httpx.AsyncClient,
                                                         ep: EpisodeHandle,
                                                         world: World) -> None:
    me, _, _ = plain_pair(world)
    r = await hris.get(f"{B}/company_information", headers=await as_(ep, me.id))
    assert r.status_code == 200, r.text
    info = r.json()
    hq = next(loc for loc in world.locations if loc.name.endswith("HQ"))
    assert info["legalName"] == info["displayName"] == world.company_name
    assert info["address"]["city"] == hq.city and info["address"]["state"] == hq.state
    assert info["address"]["line1"] and info["address"]["zip"].isdigit()
    assert info["address"]["line2"] == ""
    assert info["phone"].replace("-", "").isdigit()


async def test_users_are_the_worlds_people_for_hr_and_it_only(hris: httpx.AsyncClient,
                                                             ep: EpisodeHandle,
                                                             world: World) -> None:
    me, _, _ = plain_pair(world)
    refused(await hris.get(f"{B}/meta/users", headers=await as_(ep, me.id)), 403)
    for role in ("hr", "it"):
        r = await hris.get(f"{B}/meta/users", headers=await as_(ep, await ep.principal_with(role)))
        assert r.status_code == 200, r.text
    users = r.json()
    assert len(users) == len(world.people)
    people = {p.id: p for p in world.people}
    assert sorted(int(k) for k in users) == [u["id"] for u in users.values()]
    assert not {u["id"] for u in users.values()} & set(people), "user ids are not employee ids"
    now = SPEC.now.isoformat() + "+00:00"
    for key, user in users.items():
        assert key == str(user["id"])
        person = people[user["employeeId"]]
        assert (user["firstName"], user["lastName"], user["email"]) == \
            (person.first_name, person.last_name, person.email)
        assert user["status"] == ("disabled" if person.status == "terminated" else "enabled")
        if "lastLogin" in user:
            assert str(person.hire_date) <= user["lastLogin"] <= now
            assert datetime.fromisoformat(user["lastLogin"]).utcoffset() == timedelta(0)
        else:
            assert person.status != "terminated" and (TODAY - person.hire_date).days < 14
    assert any("lastLogin" in u for u in users.values())
    again = await hris.get(f"{B}/meta/users", headers=await as_hr(ep))
    assert again.json() == users, "the users list is deterministic"


async def test_users_status_filter(hris: httpx.AsyncClient, ep: EpisodeHandle,
                                   world: World) -> None:
    hr = await as_hr(ep)
    gone = sum(p.status == "terminated" for p in world.people)
    assert gone, "the test world has terminated employees"
    cases = {"disabled": gone, "enabled": len(world.people) - gone,
             "enabled,disabled": len(world.people), "bogus": len(world.people),
             "DISABLED,bogus": gone}
    for status, count in cases.items():
        r = await hris.get(f"{B}/meta/users", headers=hr, params={"status": status})
        assert r.status_code == 200, r.text
        assert len(r.json()) == count, status
        if status == "disabled":
            assert {u["status"] for u in r.json().values()} == {"disabled"}


async def test_a_terminated_employees_login_is_disabled(hris: httpx.AsyncClient,
                                                        ep: EpisodeHandle,
                                                        world: World) -> None:
    hr = await as_hr(ep)
    me, _, _ = plain_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus", headers=hr,
                        json={"date": str(TODAY), "employmentStatus": "Terminated"})
    assert r.status_code in (200, 201), r.text
    users = (await hris.get(f"{B}/meta/users", headers=hr,
                            params={"status": "disabled"})).json()
    assert me.id in {u["employeeId"] for u in users.values()}


# -- policies -----------------------------------------------------------------------------------


async def test_policies_by_name_for_everyone(hris: httpx.AsyncClient, ep: EpisodeHandle,
                                             world: World) -> None:
    me, _, _ = plain_pair(world)
    r = await hris.get(f"{B}/meta/time_off/policies", headers=await as_(ep, me.id))
    assert r.status_code == 200, r.text
    policies = r.json()
    assert [p["name"] for p in policies] == sorted(p["name"] for p in policies)
    types = (await hris.get(f"{B}/meta/time_off/types", headers=await as_(ep, me.id))).json()
    type_ids = {int(t["id"]) for t in types["timeOffTypes"]}
    assert {p["timeOffTypeId"] for p in policies} == type_ids, "a policy for every type"
    assert {p["type"] for p in policies} == {"accruing", "manual", "discretionary"}
    assert all(p["effectiveDate"] is None for p in policies)


async def test_employee_policies_visible_to_self_supervisor_and_hr(
        hris: httpx.AsyncClient, ep: EpisodeHandle, world: World) -> None:
    me, boss, other = plain_pair(world)
    url = f"{B}/employees/{me.id}/time_off/policies"
    expected = [{"timeOffPolicyId": 1, "timeOffTypeId": 1, "accrualStartDate": str(me.hire_date)},
                {"timeOffPolicyId": 2, "timeOffTypeId": 2, "accrualStartDate": str(me.hire_date)}]
    for who in (me.id, boss.id, await ep.principal_with("hr")):
        r = await hris.get(url, headers=await as_(ep, who))
        assert r.status_code == 200, r.text
        assert r.json() == expected, "accruing policies only, from the hire date"
    mine = await hris.get(f"{B}/employees/0/time_off/policies", headers=await as_(ep, me.id))
    assert mine.json() == expected
    refused(await hris.get(url, headers=await as_(ep, other.id)), 403)
    every = f"{B}_1/employees/{me.id}/time_off/policies"
    r = await hris.get(every, headers=await as_(ep, boss.id))
    assert r.json() == [*expected, {"timeOffPolicyId": 3, "timeOffTypeId": 3,
                                    "accrualStartDate": None}], "v1.1 adds the manual policy"
    refused(await hris.get(every, headers=await as_(ep, other.id)), 403)
    refused(await hris.get(f"{B}/employees/999999/time_off/policies",
                           headers=await as_hr(ep)), 404)


async def test_assign_policies(hris: httpx.AsyncClient, ep: EpisodeHandle,
                               world: World) -> None:
    me, _, _ = plain_pair(world)
    hr = await as_hr(ep)
    url = f"{B}/employees/{me.id}/time_off/policies"
    r = await hris.put(url, headers=hr, json=[{"timeOffPolicyId": 1,
                                               "accrualStartDate": "2026-04-01"}])
    assert r.status_code == 200, r.text
    assert r.json()[0] == {"timeOffPolicyId": 1, "timeOffTypeId": 1,
                           "accrualStartDate": "2026-04-01"}
    # Switch Personal from the yearly grant (3) to the flexible policy (4).
    r = await hris.put(url, headers=hr, json=[{"timeOffPolicyId": 3, "accrualStartDate": None},
                                              {"timeOffPolicyId": 4,
                                               "accrualStartDate": "2026-03-02"}])
    assert r.status_code == 200, r.text
    assert [p["timeOffPolicyId"] for p in r.json()] == [1, 2], "v1 lists accruing ones only"
    held = [c for c in (await ep.changes())["hris"] if c["table"] == "employee_time_off_policy"]
    assert {(tuple(c["pk"]), c["old"] is None, c["new"] is None) for c in held} == {
        ((me.id, 1), False, False), ((me.id, 4), True, False), ((me.id, 3), False, True)}
    r = await hris.get(f"{B}_1/employees/{me.id}/time_off/policies", headers=hr)
    assert r.status_code == 200, r.text
    assert r.json() == [
        {"timeOffPolicyId": 1, "timeOffTypeId": 1, "accrualStartDate": "2026-04-01"},
        {"timeOffPolicyId": 2, "timeOffTypeId": 2, "accrualStartDate": str(me.hire_date)},
        {"timeOffPolicyId": 4, "timeOffTypeId": 3, "accrualStartDate": None}], "v1.1: all"
    # Removing the accruing sick policy takes it off the list.
    r = await hris.put(f"{B}_1/employees/{me.id}/time_off/policies", headers=hr,
                       json=[{"timeOffPolicyId": 2, "accrualStartDate": None}])
    assert r.status_code == 200, r.text
    assert [p["timeOffPolicyId"] for p in r.json()] == [1, 4]
    r = await hris.get(url, headers=hr)
    assert [p["timeOffPolicyId"] for p in r.json()] == [1]
    # An employee on the flexible Personal policy has no balance to adjust.
    async with Unchanged(ep):
        r = await hris.put(f"{B}/employees/{me.id}/time_off/balance_adjustment", headers=hr,
                           json={"date": str(TODAY), "timeOffTypeId": 3, "amount": 1})
        refused(r, 400)
        assert "discretionary" in r.json()["error"]["message"]


@pytest.mark.parametrize("body", [
    [],
    [{"timeOffPolicyId": 99, "accrualStartDate": "2026-03-02"}],
    [{"timeOffPolicyId": 4, "accrualStartDate": "2026-03-02"}],  # type 3 already held (3)
    [{"timeOffPolicyId": 1, "accrualStartDate": "2026-03-02"},
     {"timeOffPolicyId": 1, "accrualStartDate": None}],
    [{"timeOffPolicyId": 1, "accrualStartDate": "2026-02-30"}],
    [{"timeOffPolicyId": 1, "accrualStartDate": "03/02/2026"}],
    [{"timeOffPolicyId": 1}],
    [{"accrualStartDate": "2026-03-02"}],
    [{"timeOffPolicyId": 2**63, "accrualStartDate": "2026-03-02"}],
    [{"timeOffPolicyId": "²", "accrualStartDate": "2026-03-02"}],
    {"timeOffPolicyId": 1, "accrualStartDate": "2026-03-02"},
    [{"timeOffPolicyId": 1, "accrualStartDate": "2026-03-02", "extra": 1}],
    [{"timeOffPolicyId": i % 4 + 1, "accrualStartDate": "2026-03-02"} for i in range(51)],
])
async def test_bad_assignments_change_nothing(hris: httpx.AsyncClient, ep: EpisodeHandle,
                                              world: World, body: Any) -> None:
    me, _, _ = plain_pair(world)
    hr = await as_hr(ep)
    async with Unchanged(ep):
        for version in (B, f"{B}_1"):
            refused(await hris.put(f"{version}/employees/{me.id}/time_off/policies",
                                   headers=hr, json=body), 400)


async def test_only_hr_assigns_policies_and_writes_history(hris: httpx.AsyncClient,
                                                           ep: EpisodeHandle,
                                                           world: World) -> None:
    me, boss, _ = plain_pair(world)
    taken = approved(world, taken=False)
    writes = [
        (f"{B}/employees/{me.id}/time_off/policies",
         [{"timeOffPolicyId": 1, "accrualStartDate": "2026-04-01"}]),
        (f"{B}_1/employees/{me.id}/time_off/policies",
         [{"timeOffPolicyId": 1, "accrualStartDate": "2026-04-01"}]),
        (f"{B}/employees/{me.id}/time_off/balance_adjustment",
         {"date": str(TODAY), "timeOffTypeId": 1, "amount": 2}),
        (f"{B}/employees/{me.id}/time_off/history",
         {"date": str(TODAY), "eventType": "override", "timeOffTypeId": 1, "amount": 2}),
        (f"{B}/employees/{taken.person_id}/time_off/history",
         {"date": str(TODAY), "timeOffRequestId": taken.id}),
    ]
    async with Unchanged(ep):
        for who in (me.id, boss.id, await ep.principal_with("it", without=("hr",))):
            for url, body in writes:
                refused(await hris.put(url, headers=await as_(ep, who), json=body), 403)


# -- history and balance adjustments ----------------------------------------------------------


async def test_balance_adjustment_is_an_override_history_item(hris: httpx.AsyncClient,
                                                             ep: EpisodeHandle,
                                                             world: World) -> None:
    me, _, _ = plain_pair(world)
    hr = await as_hr(ep)
    r = await hris.put(f"{B}/employees/{me.id}/time_off/balance_adjustment", headers=hr,
                       json={"date": "2026-03-02", "timeOffTypeId": "1", "amount": "2.50",
                             "note": " Carry-over from 2025 "})
    assert r.status_code == 201, r.text
    item = r.json()
    assert item == {"id": item["id"], "employeeId": me.id, "date": "2026-03-02",
                    "eventType": "override", "timeOffTypeId": 1, "timeOffRequestId": None,
                    "amount": "2.5", "note": "Carry-over from 2025"}
    r = await hris.put(f"{B}/employees/{me.id}/time_off/history", headers=hr,
                       json={"date": "2026-03-03", "eventType": "override", "timeOffTypeId": 1,
                             "amount": -1})
    assert r.status_code == 201, r.text
    assert r.json()["amount"] == "-1" and r.json()["id"] == item["id"] + 1
    added = [c for c in (await ep.changes())["hris"] if c["table"] == "time_off_history"]
    assert len(added) == 2


async def test_used_history_records_an_approved_request_once(hris: httpx.AsyncClient,
                                                            ep: EpisodeHandle,
                                                            world: World) -> None:
    hr = await as_hr(ep)
    req = approved(world, taken=False)
    url = f"{B}/employees/{req.person_id}/time_off/history"
    r = await hris.put(url, headers=hr, json={"date": str(req.start),
                                              "timeOffRequestId": req.id, "note": "Imported"})
    assert r.status_code == 201, r.text
    types = {"Vacation": 1, "Sick": 2, "Personal": 3}
    assert r.json() == {"id": r.json()["id"], "employeeId": req.person_id,
                        "date": str(req.start), "eventType": "used",
                        "timeOffTypeId": types[req.type], "timeOffRequestId": req.id,
                        "amount": str(req.amount_days), "note": "Imported"}
    async with Unchanged(ep):
        refused(await hris.put(url, headers=hr, json={"date": str(req.start),
                                                      "timeOffRequestId": req.id}), 409)
    # A request already taken when the world began has its history item already.
    done = approved(world, taken=True)
    async with Unchanged(ep):
        refused(await hris.put(f"{B}/employees/{done.person_id}/time_off/history", headers=hr,
                               json={"date": str(done.start), "eventType": "used",
                                     "timeOffRequestId": done.id}), 409)


async def test_bad_history_items_change_nothing(hris: httpx.AsyncClient, ep: EpisodeHandle,
                                                world: World) -> None:
    hr = await as_hr(ep)
    req = approved(world, taken=False)
    pending = next(t for t in world.time_off if t.status == "requested")
    someone_else = next(p for p in world.people if p.id != req.person_id)
    url = f"{B}/employees/{req.person_id}/time_off/history"
    day = str(TODAY)
    cases: list[tuple[str, Any]] = [
        (url, {"date": day}),  # used without a request
        (url, {"date": day, "timeOffRequestId": 10**9}),
        (f"{B}/employees/{someone_else.id}/time_off/history",
         {"date": day, "timeOffRequestId": req.id}),
        (f"{B}/employees/{pending.person_id}/time_off/history",
         {"date": day, "timeOffRequestId": pending.id}),
        (url, {"date": day, "timeOffRequestId": req.id, "amount": req.amount_days + 1}),
        (url, {"date": day, "timeOffRequestId": req.id, "timeOffTypeId": 99}),
        (url, {"date": day, "eventType": "accrued", "timeOffTypeId": 1, "amount": 1}),
        (url, {"date": day, "eventType": "override", "amount": 1}),
        (url, {"date": day, "eventType": "override", "timeOffTypeId": 1}),
        (url, {"date": day, "eventType": "override", "timeOffTypeId": 9, "amount": 1}),
        (url, {"date": day, "eventType": "override", "timeOffTypeId": 1, "amount": 1,
               "timeOffRequestId": req.id}),
        (url, {"date": "2026-13-01", "eventType": "override", "timeOffTypeId": 1,
               "amount": 1}),
        (url, {"eventType": "override", "timeOffTypeId": 1, "amount": 1}),
        (url, {"date": day, "timeOffRequestId": 2**63}),
        (url, {"date": day, "eventType": "override", "timeOffTypeId": 1, "amount": 1,
               "note": "x" * 1025}),
    ]
    async with Unchanged(ep):
        for target, body in cases:
            refused(await hris.put(target, headers=hr, json=body), 400)
        refused(await hris.put(f"{B}/employees/999999/time_off/history", headers=hr,
                               json={"date": day, "eventType": "override",
                                     "timeOffTypeId": 1, "amount": 1}), 404)


@pytest.mark.parametrize("amount", NOT_AMOUNTS)
async def test_adjustments_take_plain_bounded_non_zero_amounts(hris: httpx.AsyncClient,
                                                               ep: EpisodeHandle,
                                                               world: World,
                                                               amount: Any) -> None:
    me, _, _ = plain_pair(world)
    hr = await as_hr(ep)
    async with Unchanged(ep):
        r = await hris.put(f"{B}/employees/{me.id}/time_off/balance_adjustment", headers=hr,
                           json={"date": str(TODAY), "timeOffTypeId": 1, "amount": amount})
        refused(r, 400)


@pytest.mark.parametrize("body", [
    {"date": str(TODAY), "timeOffTypeId": 1},
    {"date": str(TODAY), "amount": 1},
    {"timeOffTypeId": 1, "amount": 1},
    {"date": str(TODAY), "timeOffTypeId": 7, "amount": 1},
    {"date": str(TODAY), "timeOffTypeId": 2**63, "amount": 1},
    {"date": str(TODAY), "timeOffTypeId": 1, "amount": 1, "eventType": "override"},
    {"date": "yesterday", "timeOffTypeId": 1, "amount": 1},
])
async def test_bad_adjustments_change_nothing(hris: httpx.AsyncClient, ep: EpisodeHandle,
                                              world: World, body: dict[str, Any]) -> None:
    me, _, _ = plain_pair(world)
    hr = await as_hr(ep)
    async with Unchanged(ep):
        refused(await hris.put(f"{B}/employees/{me.id}/time_off/balance_adjustment",
                               headers=hr, json=body), 400)


def test_balance_delta_sums_overrides_through_a_day() -> None:
    engine = create_engine("sqlite://", poolclass=StaticPool)
    HrisModel.metadata.create_all(engine)
    rows = [(1, 7, date(2025, 12, 31), "override", 1, "4"),
            (2, 7, date(2026, 1, 15), "override", 1, "2.5"),
            (3, 7, date(2026, 2, 1), "used", 1, "3"),  # counted by the request itself
            (4, 7, date(2026, 3, 1), "override", 1, "-1.25"),
            (5, 7, date(2026, 3, 2), "override", 2, "9"),  # another type
            (6, 8, date(2026, 3, 1), "override", 1, "9"),  # another employee
            (7, 7, date(2026, 3, 5), "override", 1, "10")]  # after the day
    with Session(engine) as session:
        for i, emp, on, event, type_id, amount in rows:
            session.add(TimeOffHistory(id=i, employee_id=emp, date=on, event_type=event,
                                       type_id=type_id, amount=float(amount)))
        session.commit()
        delta = balance_delta(session, employee_id=7, type_id=1, through=date(2026, 3, 2))
        assert delta == Decimal("5.25") and isinstance(delta, Decimal)
        assert balance_delta(session, employee_id=7, type_id=1, through=date(2026, 3, 2),
                             since=date(2026, 1, 1)) == Decimal("1.25")
        assert balance_delta(session, employee_id=7, type_id=3,
                             through=date(2026, 3, 2)) == Decimal(0)
