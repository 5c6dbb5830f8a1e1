"""The request lifecycle: one clock per episode across apps, in any order of requests; a
read (even a POST) never ticks; one request at a time per episode; templates built off the
event loop and kept in a bounded cache; only coroutine routes."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3

import httpx
import pytest
from fastapi import APIRouter

from arcadia.apps.kernel import AppSpec, EpisodeStore, create_app, create_server, op
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec
from tests.factories import ADMIN, CLOSED, new_episode

HRIS = "/hris/api/gateway.php/arcadia/v1"


def dump(conn: sqlite3.Connection) -> str:
    return "\n".join(conn.iterdump())


async def state(client: httpx.AsyncClient, episode: str) -> dict:
    r = await client.get(f"/admin/episodes/{episode}", headers=ADMIN)
    assert r.status_code == 200, r.text
    return dict(r.json())


def audit_ticks(conn: sqlite3.Connection) -> list[int]:
    return [t for (t,) in conn.execute("SELECT tick FROM _audit ORDER BY seq")]


WRITES = [{"workPhone": "412-555-0101"}, {"workPhone": "412-555-0102"},
          {"jobTitle": "Senior Technician"}]
# The read at every position, and no read: the write-first order is the one that lost a tick.
ORDERS = [tuple(p) for p in itertools.permutations(["w0", "w1", "w2", "read"])
          if [x for x in p if x != "read"] == ["w0", "w1", "w2"]] + [("w0", "w1", "w2")]


@pytest.mark.parametrize("order", ORDERS, ids=["-".join(o) for o in ORDERS])
async def test_every_order_of_reads_and_writes_gives_the_same_ticks_and_bytes(
        client, harness_for, order):
    store = harness_for("hris", "payroll").store
    dumps = []
    for sequence in (order, ("w0", "w1", "w2")):
        ep = await new_episode(client)
        hr = await ep.auth(await ep.principal_with("hr"))
        target = await ep.principal_with("employee", without=("hr", "manager"))
        for step in sequence:
            if step == "read":
                r = await client.get(f"{HRIS}/employees/directory", headers=hr)
            else:
                r = await client.post(f"{HRIS}/employees/{target}/",
                                      json=WRITES[int(step[1])], headers=hr)
            assert r.status_code == 200, r.text
        assert (await state(client, ep.id))["tick"] == 3
        hris = store.get(ep.id).dbs["hris"].conn
        assert audit_ticks(hris) == [1, 2, 3]
        dumps.append(dump(hris))
    assert dumps[0] == dumps[1]


async def test_one_clock_orders_writes_across_apps(client, harness_for):
    ep = await new_episode(client)
    store = harness_for("hris", "payroll").store
    hr = await ep.auth(await ep.principal_with("hr"))
    payroll = await ep.auth(await ep.principal_with("payroll"))
    target = await ep.principal_with("employee", without=("hr", "manager"))
    company = (await client.get("/payroll/v1/token_info", headers=payroll)).json()
    company_uuid = company["resource"]["uuid"]
    r = await client.post(f"{HRIS}/employees/{target}/", json={"workPhone": "1"}, headers=hr)
    assert r.status_code == 200
    r = await client.post(f"/payroll/v1/companies/{company_uuid}/employees",
                          json={"first_name": "Ada", "last_name": "Byron"}, headers=payroll)
    assert r.status_code == 201, r.text
    r = await client.post(f"{HRIS}/employees/{target}/", json={"workPhone": "2"}, headers=hr)
    info = await state(client, ep.id)
    assert info["tick"] == 3
    assert info["now"] == "2026-03-02T09:03:00"  # three 60 s steps from the world's now
    dbs = store.get(ep.id).dbs
    assert audit_ticks(dbs["hris"].conn) == [1, 3]
    assert audit_ticks(dbs["payroll"].conn) == [2]


async def test_a_post_that_only_reads_does_not_tick(client):
    ep = await new_episode(client)
    hr = await ep.auth(await ep.principal_with("hr"))
    r = await client.post(f"{HRIS}/reports/custom", json={"fields": ["firstName"]}, headers=hr)
    assert r.status_code == 200 and r.json()["employees"]
    assert (await state(client, ep.id))["tick"] == 0


async def test_concurrent_requests_of_one_episode_are_serialised(client, harness_for):
    ep = await new_episode(client)
    hr = await ep.auth(await ep.principal_with("hr"))
    target = await ep.principal_with("employee", without=("hr", "manager"))
    calls = [client.post(f"{HRIS}/employees/{target}/", json={"workPhone": f"412-555-{i:04d}"},
                         headers=hr) for i in range(12)]
    calls += [client.get(f"{HRIS}/employees/directory", headers=hr) for _ in range(4)]
    responses = await asyncio.gather(*calls)
    assert all(r.status_code == 200 for r in responses)
    assert (await state(client, ep.id))["tick"] == 12
    conn = harness_for("hris", "payroll").store.get(ep.id).dbs["hris"].conn
    assert audit_ticks(conn) == list(range(1, 13))


async def test_template_builds_off_the_event_loop():
    store = EpisodeStore(load_specs(["hris"]))
    server = create_server(list(store.apps.values()), store)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://t") as client:
        ep = await new_episode(client, seed=1, situations=[])
        hr = await ep.auth(await ep.principal_with("hr"))
        build = asyncio.create_task(client.post("/admin/episodes", headers=ADMIN,
                                                json={"seed": 2, "headcount": 3000}))
        await asyncio.sleep(0)  # the build has started
        for _ in range(3):
            r = await client.get(f"{HRIS}/employees/0/", params={"fields": "firstName"},
                                 headers=hr)
            assert r.status_code == 200
        assert not build.done()  # other episodes were served while the template built
        assert (await build).status_code == 201


async def test_templates_are_a_bounded_lru_and_evicted_ones_serve_their_episodes():
    store = EpisodeStore(load_specs(["hris"]), template_cache=1)
    first = await store.acreate(WorldSpec(seed=11, headcount=40))
    template = first.template
    await store.acreate(WorldSpec(seed=12, headcount=40))
    assert store.template(WorldSpec(seed=12, headcount=40)) is not template
    rebuilt = store.template(WorldSpec(seed=11, headcount=40))
    assert rebuilt is not template  # it had been evicted, so it was built again
    assert first.changes() == {"hris": []}  # the old episode still diffs against its own
    store.delete(first.id)


def test_create_app_refuses_a_route_that_is_not_a_coroutine():
    router = APIRouter()

    @router.get("/x", **op("test_get_thing", "x", "x", write=False))
    def blocking() -> dict[str, str]:
        return {}

    spec = load_specs(["hris"])[0]
    bad = AppSpec(name="bad", title="t", description="d", metadata=spec.metadata,
                  routers=[router], seed=spec.seed, render_error=spec.render_error)
    with pytest.raises(TypeError, match="must be `async def`"):
        create_app(bad, EpisodeStore([bad]))


async def test_deleting_an_episode_waits_for_the_request_that_holds_its_turn():
    store = EpisodeStore(load_specs(["hris"]))
    episode = await store.acreate(WorldSpec(seed=11, headcount=40))
    async with episode.clock.turn():  # as a request in flight does
        deleting = asyncio.create_task(store.adelete(episode.id))
        await asyncio.sleep(0.01)
        assert not deleting.done() and store.get(episode.id) is episode
        episode.dbs["hris"].conn.execute("SELECT 1")  # its databases are still open
    await deleting
    assert episode.id not in [e.id for e in store.episodes()]


async def test_an_episode_clones_an_apps_database_on_first_use(client, harness_for):
    store = harness_for("hris", "payroll").store
    ep = await new_episode(client)
    episode = store.get(ep.id)
    assert episode.dbs.opened() == {}  # creating an episode clones nothing
    assert (await state(client, ep.id))["apps"] == {
        "hris": {"bytes": 0, "changed_rows": 0}, "payroll": {"bytes": 0, "changed_rows": 0}}
    hr = await ep.auth(await ep.principal_with("hr"))
    target = episode.world.people[3].id
    r = await client.post(f"{HRIS}/employees/{target}/", json={"workPhone": "2"}, headers=hr)
    assert r.status_code == 200, r.text
    assert list(episode.dbs.opened()) == ["hris"]  # payroll was never touched
    apps = (await state(client, ep.id))["apps"]
    assert apps["hris"]["changed_rows"] == 1 and apps["hris"]["bytes"] > 0
    assert apps["payroll"] == {"bytes": 0, "changed_rows": 0}
    r = await client.get("/payroll/v1/token_info", headers=hr)
    assert r.status_code == 200, r.text
    assert sorted(episode.dbs.opened()) == ["hris", "payroll"]
    conns = [db.conn for db in episode.dbs.opened().values()]
    assert (await client.delete(f"/admin/episodes/{ep.id}", headers=ADMIN)).status_code == 204
    for conn in conns:  # deleting closes every database the episode opened
        with pytest.raises(CLOSED, match="closed"):
            conn.execute("SELECT 1")
