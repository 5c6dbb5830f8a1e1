"""HRIS time off requests through HTTP: filing, approving and canceling by role, what is
refused (and changes nothing), and the bounds on a request's work."""

from __future__ import annotations

import httpx

from arcadia.apps.hris.errors import ERROR_HEADER
from arcadia.world import World
from tests.apps.test_hris import (
    TODAY,
    B,
    active_pair,
    assert_bamboo_error,
    bystander,
    hr_headers,
    hris_changes,
)
from tests.factories import ADMIN, new_episode


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
