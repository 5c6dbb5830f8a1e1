"""The kernel through HTTP: control plane, tokens, roles, clock, isolation, determinism."""

from __future__ import annotations

import sqlite3

import httpx
import pytest

from tests.factories import ADMIN, CLOSED, new_episode

HRIS = "/hris/api/gateway.php/arcadia/v1"


def dump(conn: sqlite3.Connection) -> str:
    return "\n".join(conn.iterdump())


async def test_control_plane_needs_the_admin_token(client: httpx.AsyncClient):
    ep = await new_episode(client)
    agent = await ep.auth(1001)
    for headers in ({"Authorization": ""}, agent, {"Authorization": "Bearer nope"}):
        r = await client.get(f"/admin/episodes/{ep.id}", headers=headers)
        assert r.status_code == 401 and "admin" in r.json()["error"]["message"]
    r = await client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)
    assert r.status_code == 200 and set(r.json()["apps"]) == {"hris", "payroll"}


async def test_episode_lifecycle_frees_databases_and_revokes_tokens(client, harness_for):
    store = harness_for("hris", "payroll").store
    ep = await new_episode(client)
    headers = await ep.auth(1001)
    assert (await client.get(f"{HRIS}/employees/0/", headers=headers)).status_code == 200
    conns = [db.conn for db in store.get(ep.id).dbs.values()]
    assert (await client.delete(f"/admin/episodes/{ep.id}", headers=ADMIN)).status_code == 204
    r = await client.get(f"{HRIS}/employees/0/", headers=headers)
    assert r.status_code == 401
    for conn in conns:
        with pytest.raises(CLOSED, match="closed"):
            conn.execute("SELECT 1")
    assert (await client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)).status_code == 404
    ids = (await client.get("/admin/episodes", headers=ADMIN)).json()["episodes"]
    assert ep.id not in ids


async def test_bad_control_plane_requests_change_nothing(client):
    ep = await new_episode(client)
    for body, status in (({"principal": 999_999}, 404), ({"principal": "nobody@x.com"}, 404),
                         ({"principal": 1001, "token": "short"}, 422)):
        r = await client.post(f"/admin/episodes/{ep.id}/tokens", json=body, headers=ADMIN)
        assert r.status_code == status, r.text
    r = await client.post("/admin/episodes", json={"seed": 1, "situations": [{"id": "nope-v1"}]},
                          headers=ADMIN)
    assert r.status_code == 422 and "unknown situation" in r.json()["error"]["message"]
    r = await client.post("/admin/episodes", json={"episode_id": ep.id}, headers=ADMIN)
    assert r.status_code == 409
    assert (await client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)).json()["tokens"] == 0


async def test_terminated_people_cannot_sign_in(client, harness_for):
    ep = await new_episode(client)
    world = harness_for("hris", "payroll").store.get(ep.id).world
    gone = next(p for p in world.people if p.status == "terminated")
    r = await client.post(f"/admin/episodes/{ep.id}/tokens", json={"principal": gone.email},
                          headers=ADMIN)
    assert r.status_code == 409 and "terminated" in r.json()["error"]["message"]


async def test_401_and_403_in_each_products_style(client):
    ep = await new_episode(client)
    nobody = await ep.principal_with("employee", without=("hr", "payroll", "manager"))
    headers = await ep.auth(nobody)
    r = await client.get(f"{HRIS}/employees/directory")
    assert r.status_code == 401 and r.headers["X-BambooHR-Error-Message"]
    r = await client.get("/payroll/v1/token_info")
    assert r.status_code == 401 and r.json()["errors"][0]["category"]
    r = await client.post(f"{HRIS}/employees/", json={"firstName": "A", "lastName": "B"},
                          headers=headers)
    assert r.status_code == 403 and "hr" in r.headers["X-BambooHR-Error-Message"]
    r = await client.get("/payroll/v1/token_info", headers=headers)
    assert r.status_code == 403 and "payroll" in r.json()["errors"][0]["message"]
    basic = httpx.BasicAuth(headers["Authorization"].split()[1], "x")  # BambooHR's API-key form
    r = await client.get(f"{HRIS}/employees/0/", params={"fields": "firstName"}, auth=basic)
    assert r.status_code == 200 and r.json()["id"] == str(nobody)


async def test_clock_advances_per_write_and_not_on_failure_or_read(client):
    ep = await new_episode(client)
    hr = await ep.auth(await ep.principal_with("hr"))

    async def tick() -> int:
        r = await client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)
        return int(r.json()["tick"])

    assert await tick() == 0
    await client.get(f"{HRIS}/employees/directory", headers=hr)
    assert await tick() == 0
    bad = await client.post(f"{HRIS}/employees/", json={"firstName": ""}, headers=hr)
    assert bad.status_code == 400 and await tick() == 0
    ok = await client.post(f"{HRIS}/employees/", json={"firstName": "Ada", "lastName": "Byron"},
                           headers=hr)
    assert ok.status_code == 201 and await tick() == 1


async def test_same_requests_give_byte_identical_state(client, harness_for):
    store = harness_for("hris", "payroll").store
    dumps = []
    for _ in range(2):
        ep = await new_episode(client)
        hr = await ep.auth(await ep.principal_with("hr"))
        r = await client.post(f"{HRIS}/employees/", json={"firstName": "Ada", "lastName": "Byron"},
                              headers=hr)
        new_id = r.headers["Location"].rstrip("/").rsplit("/", 1)[1]
        await client.post(f"{HRIS}/employees/{new_id}/", json={"jobTitle": "Engineer"},
                          headers=hr)
        dumps.append({n: dump(db.conn) for n, db in store.get(ep.id).dbs.items()})
    assert dumps[0] == dumps[1]
    assert "Ada" in dumps[0]["hris"]


async def test_two_episodes_writing_one_record_see_only_their_own(client):
    a, b = await new_episode(client), await new_episode(client)
    hr = await a.principal_with("hr")
    target = await a.principal_with("employee", without=("hr", "manager"))
    for ep, title in ((a, "Title A"), (b, "Title B")):
        r = await client.post(f"{HRIS}/employees/{target}/", json={"jobTitle": title},
                              headers=await ep.auth(hr))
        assert r.status_code == 200, r.text
    for ep, title in ((a, "Title A"), (b, "Title B")):
        r = await client.get(f"{HRIS}/employees/{target}/", params={"fields": "jobTitle"},
                             headers=await ep.auth(hr))
        assert r.json()["jobTitle"] == title
    changes = await a.changes()
    assert all("Title B" not in str(c["new"]) for c in changes["hris"])


async def test_hr_mismatch_is_visible_through_both_apis(client, harness_for):
    ep = await new_episode(client)
    world = harness_for("hris", "payroll").store.get(ep.id).world
    actor = await ep.auth(await ep.principal_with("payroll"))
    token = (await client.get("/payroll/v1/token_info", headers=actor)).json()
    company = token["resource"]["uuid"]
    report = (await client.post(f"{HRIS}/reports/custom", headers=actor, json={
        "fields": ["workEmail", "jobTitle", "department", "status", "payRate"]})).json()
    hris = {e["workEmail"]: e for e in report["employees"]}
    for hidden in world.situations[0].hidden:
        person = world.person(hidden["person_id"])
        pay = (await client.get(f"/payroll/v1/companies/{company}/employees", headers=actor,
                                params={"search_term": person.email})).json()[0]
        job = pay["jobs"][0]
        h = hris[person.email]
        if hidden["kind"] == "salary":
            assert float(h["payRate"].split()[0]) == person.rate != float(job["rate"])
        elif hidden["kind"] == "title":
            assert h["jobTitle"] == person.title != job["title"]
        elif hidden["kind"] == "department":
            assert h["department"] == world.department(person.department_id).name
            assert pay["department"] != h["department"]
        else:
            assert h["status"] == "Inactive" and pay["terminated"] is False


async def test_malformed_json_is_named_as_such_and_changes_nothing(client):
    ep = await new_episode(client)
    hr = await ep.auth(await ep.principal_with("hr"))
    r = await client.post(f"{HRIS}/employees/", content=b"{not json",
                          headers={**hr, "Content-Type": "application/json"})
    assert r.status_code == 400
    assert "not valid JSON" in r.headers["X-BambooHR-Error-Message"]
    assert (await ep.changes())["hris"] == []
