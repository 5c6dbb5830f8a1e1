"""The restaurant app (the shift manager's API) over HTTP: observe, queue actions, advance,
read the trace, file the report; refusals change nothing; episodes are isolated; a template
builds only the apps serving its world."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import orjson
import pytest

from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.world import SituationSpec, WorldSpec, generate_world
from arcadia.world.restaurant import REPORT_FIELDS, TICKS, load_case, simulate
from arcadia.world.restaurant.policies import heuristic
from tests.apps.restaurant_world import MANAGER, shift_body, shift_episode, shift_spec
from tests.factories import ADMIN, JSON, EpisodeHandle, Harness


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("restaurant").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=JSON) as c:
        yield c


class Floor:
    """One episode's shift, driven by its manager."""

    def __init__(self, ep: EpisodeHandle, headers: dict[str, str]) -> None:
        self.ep, self.http, self.headers = ep, ep.client, headers

    async def observe(self, **params: Any) -> httpx.Response:
        return await self.http.get("/restaurant/shift", params=params, headers=self.headers)

    async def submit(self, actions: list[dict[str, Any]]) -> httpx.Response:
        return await self.http.post("/restaurant/actions", json={"actions": actions},
                                    headers=self.headers)

    async def advance(self, ticks: int = 1) -> httpx.Response:
        return await self.http.post("/restaurant/advance", json={"ticks": ticks},
                                    headers=self.headers)

    async def report(self, figures: dict[str, Any]) -> httpx.Response:
        return await self.http.post("/restaurant/report", json=figures, headers=self.headers)

    async def trace(self) -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        after = 0
        while True:
            r = await self.http.get("/restaurant/events", params={"after_seq": after},
                                    headers=self.headers)
            assert r.status_code == 200, r.text
            body = r.json()
            lines += body["lines"]
            if not body["has_more"]:
                return lines
            after = body["next_after_seq"]

    async def state(self) -> tuple[int, dict[str, Any]]:
        """The episode's clock tick and its changed rows."""
        r = await self.http.get(f"/admin/episodes/{self.ep.id}", headers=ADMIN)
        return int(r.json()["tick"]), await self.ep.changes()


async def floor(http: httpx.AsyncClient, case: str = "dinner-rush", seed: int = 1) -> Floor:
    ep = await shift_episode(http, case, seed)
    return Floor(ep, await ep.auth(MANAGER))


async def play(f: Floor) -> tuple[dict[int, list[dict[str, Any]]], dict[str, Any]]:
    """The heuristic manager over HTTP, a tick at a time; its actions by the tick they apply
    at, and the final observation."""
    obs = (await f.observe()).json()
    actions: dict[int, list[dict[str, Any]]] = {}
    while not obs["finished"]:
        batch = heuristic(obs)
        while batch:  # a refused action (422, its index named) is dropped, as agents do
            r = await f.submit(batch)
            if r.status_code == 422:
                batch = [a for i, a in enumerate(batch) if i != r.json()["error"]["index"]]
                continue
            assert r.status_code == 200, r.text
            actions[obs["tick"] + 1] = r.json()["pending"]
            break
        r = await f.advance()
        assert r.status_code == 200, r.text
        obs = r.json()
    return actions, obs


# -- observing ------------------------------------------------------------------------------


async def test_the_first_observation_is_the_floor_at_tick_zero(http: httpx.AsyncClient) -> None:
    f = await floor(http)
    r = await f.observe()
    assert r.status_code == 200, r.text
    obs = r.json()
    assert (obs["case"], obs["tick"], obs["ticks_left"], obs["finished"]) == \
        ("dinner-rush", 0, TICKS, False)
    assert set(obs["stations"]) == {"entrance", "dining", "grill", "fryer", "assembly"}
    assert obs["stations"]["entrance"]["workers"], "the entrance is staffed at the start"
    assert obs["tickets"] == [] and obs["pending"] == [] and obs["recent_events"] == []
    assert obs["report_filed"] is False
    assert set(obs["figures"]) == set(REPORT_FIELDS)
    assert {i["ingredient"] for i in obs["inventory"]} == \
        {i["ingredient"] for i in load_case("dinner-rush").inventory}
    assert await f.state() == (0, {"restaurant": []}), "observing changes nothing"


async def test_a_world_without_a_shift_says_so(http: httpx.AsyncClient) -> None:
    r = await http.post("/admin/episodes", json={**shift_body(), "situations": []},
                        headers=ADMIN)
    assert r.status_code == 201, r.text
    ep = EpisodeHandle(http, r.json()["episode_id"], r.json())
    r = await http.get("/restaurant/shift", headers=await ep.auth(MANAGER))
    assert r.status_code == 409
    assert "restaurant-shift-v1" in r.json()["error"]["message"]


async def test_a_crew_member_cannot_manage(http: httpx.AsyncClient) -> None:
    ep = await shift_episode(http)
    r = await http.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    crew = next(p for p in r.json()["principals"] if "shift_manager" not in p["roles"])
    r = await http.post("/restaurant/advance", json={"ticks": 1},
                        headers=await ep.auth(crew["id"]))
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"


# -- a whole shift --------------------------------------------------------------------------


async def test_a_heuristic_shift_over_http_is_the_simulation_trace(
        http: httpx.AsyncClient) -> None:
    f = await floor(http, "saturday-night", 2)
    actions, obs = await play(f)
    assert actions, "the heuristic manager acted"
    assert obs["tick"] == TICKS and obs["ticks_left"] == 0
    r = await f.report(obs["figures"])
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["report"] == obs["figures"] and body["line"]["kind"] == "report_filed"
    # The recorded trace is exactly the simulation's from the same actions and report.
    expected = simulate(load_case("saturday-night"), 2, actions, obs["figures"])[1:]
    assert await f.trace() == expected
    # One shift_event row per line, in trace order, with its kind and canonical text.
    _, changes = await f.state()
    events = sorted((c["new"] for c in changes["restaurant"] if c["table"] == "shift_event"),
                    key=lambda row: row["seq"])
    assert [e["seq"] for e in events] == list(range(1, len(expected) + 1))
    assert [orjson.loads(e["line"]) for e in events] == expected
    assert all(e["line"] == orjson.dumps(orjson.loads(e["line"]),
                                         option=orjson.OPT_SORT_KEYS).decode() for e in events)
    assert [e["kind"] for e in events] == [x.get("kind", "tick") for x in expected]
    (shift,) = [c for c in changes["restaurant"] if c["table"] == "shift"]
    assert shift["new"]["tick"] == TICKS
    assert orjson.loads(shift["new"]["report"]) == obs["figures"]
    assert shift["old"]["report"] is None and shift["old"]["tick"] == 0


async def test_advance_runs_many_ticks_in_one_call(http: httpx.AsyncClient) -> None:
    f = await floor(http, "quiet-tuesday", 3)
    r = await f.advance(30)
    assert r.status_code == 200, r.text
    obs = r.json()
    assert obs["tick"] == 30 and obs["ticks_left"] == TICKS - 30
    assert obs["recent_events"] and all(e["type"] == "event" for e in obs["recent_events"])
    assert len(obs["recent_events"]) <= 100
    lines = await f.trace()
    assert [x["tick"] for x in lines if x["type"] == "tick"] == list(range(1, 31))
    assert lines == simulate(load_case("quiet-tuesday"), 3, {})[1:len(lines) + 1]
    # The events of the ticks after a given one, and a page of the trace.
    since = (await f.observe(since_tick=29)).json()["recent_events"]
    assert since and {e["tick"] for e in since} == {30}
    r = await http.get("/restaurant/events", params={"since_tick": 28, "limit": 3},
                       headers=f.headers)
    page = r.json()
    assert [x["tick"] for x in page["lines"]] == [29] * len(page["lines"])
    assert page["has_more"] and page["next_after_seq"] > 0
    assert (await f.state())[0] == 1, "one request, one tick of the episode's clock"


async def test_actions_are_queued_then_applied_at_the_next_tick(http: httpx.AsyncClient
                                                                 ) -> None:
    f = await floor(http)
    obs = (await f.observe()).json()
    worker = obs["stations"]["entrance"]["workers"][0]
    hold = {"type": "hold_seating", "ticks": 3}
    r = await f.submit([hold, {"type": "move_staff", "worker": worker, "to": "grill"}])
    assert r.status_code == 200, r.text
    assert r.json()["queued"] == 2 and r.json()["pending"][0] == hold
    obs = (await f.observe()).json()
    assert [a["type"] for a in obs["pending"]] == ["hold_seating", "move_staff"]
    assert obs["tick"] == 0, "queuing does not run the shift"
    obs = (await f.advance()).json()
    assert obs["pending"] == [] and worker in obs["stations"]["grill"]["workers"]
    done = [e for e in obs["recent_events"] if e["kind"] == "action"]
    assert [(e["actor"], e["action"]["type"], e["tick"]) for e in done] == \
        [("manager", "hold_seating", 1), ("manager", "move_staff", 1)]


# -- refusals change nothing ----------------------------------------------------------------


async def test_an_illegal_action_is_refused_with_its_index_and_changes_nothing(
        http: httpx.AsyncClient) -> None:
    f = await floor(http)
    assert (await f.advance(2)).status_code == 200
    before = await f.state()
    shift_before = (await f.observe()).json()
    r = await f.submit([{"type": "hold_seating", "ticks": 2},
                        {"type": "call_repair", "equipment": "no-such-oven"}])
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "illegal_action" and error["index"] == 1
    assert "Action 1" in error["message"] and "no-such-oven" in error["message"]
    assert await f.state() == before, "nothing queued, not even the clock moved"
    assert (await f.observe()).json() == shift_before
    # A ticket that does not exist, a worker who is already there: the reason says so.
    for action in ({"type": "prioritize", "ticket": 9999},
                   {"type": "move_staff", "worker": shift_before["stations"]["grill"]
                    ["workers"][0], "to": "grill"}):
        r = await f.submit([action])
        assert r.status_code == 422 and r.json()["error"]["index"] == 0, r.text
    # Ill-shaped actions are refused by the document's own rules, naming the action.
    for bad in ({"type": "teleport"}, {"type": "restock", "ingredient": "x", "quantity": 0,
                                       "rush": False}, {"type": "comp", "ticket": "7"}):
        r = await f.submit([{"type": "hold_seating", "ticks": 1}, bad])
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid", r.text
        assert "actions.1" in r.json()["error"]["message"]
    r = await f.advance(TICKS)
    assert r.status_code == 422 and "at most 118" in r.json()["error"]["message"]
    assert await f.state() == before


async def test_the_report_is_filed_only_at_the_end_and_once(http: httpx.AsyncClient) -> None:
    f = await floor(http, "quiet-tuesday", 1)
    figures = (await f.observe()).json()["figures"]
    r = await f.report(figures)
    assert r.status_code == 409 and "120 ticks left" in r.json()["error"]["message"].replace(
        "Advance the 120 ticks left", "120 ticks left")
    assert (await f.advance(TICKS)).status_code == 200
    # Once the shift is over the clock stops and no action can be queued.
    before = await f.state()
    assert (await f.advance()).status_code == 409
    assert (await f.submit([{"type": "hold_seating", "ticks": 1}])).status_code == 409
    r = await f.report({**figures, "walkouts": -1})
    assert r.status_code == 422
    assert await f.state() == before
    # A report's accuracy is the grader's business: any well-formed figures are filed.
    claimed = {**(await f.observe()).json()["figures"], "orders_served": 1}
    r = await f.report(claimed)
    assert r.status_code == 201, r.text
    assert r.json()["line"]["report"] == claimed
    assert (await f.observe()).json()["report_filed"] is True
    r = await f.report(claimed)
    assert r.status_code == 409 and "already filed" in r.json()["error"]["message"]
    lines = await f.trace()
    assert [x["kind"] for x in lines if x.get("kind") == "report_filed"] == ["report_filed"]


# -- episodes and worlds --------------------------------------------------------------------


async def test_episodes_are_isolated(http: httpx.AsyncClient) -> None:
    a, b = await floor(http), await floor(http)
    assert (await a.submit([{"type": "hold_seating", "ticks": 30}])).status_code == 200
    assert (await a.advance(10)).status_code == 200
    obs = (await b.observe()).json()
    assert obs["tick"] == 0 and obs["pending"] == []
    assert await b.state() == (0, {"restaurant": []})
    assert (await b.advance(10)).json()["tick"] == 10
    assert (await a.observe()).json()["hold_until"] is not None
    assert (await b.observe()).json()["hold_until"] is None


def test_a_template_builds_only_the_apps_serving_its_world(
        harness_for: Callable[..., Harness]) -> None:
    assert load_specs(["restaurant"])[0].worlds == ("restaurant",)
    both = ("mail", "calendar", "sheets")  # they serve the staffing agency too
    assert all(s.worlds == ("arcadia-robotics",) for s in load_specs(
        [n for n in APP_NAMES if n not in ("restaurant", "bullhorn", *both)]))
    assert all(s.worlds == ("arcadia-robotics", "agency") for s in load_specs(both))
    store = harness_for("sheets", "restaurant").store
    assert [s.name for s in store.serving("restaurant")] == ["restaurant"]
    assert list(store.template(shift_spec()).dbs) == ["restaurant"]
    arcadia = store.create(WorldSpec(seed=5, headcount=40))
    assert list(arcadia.dbs) == ["sheets"] and list(arcadia.changes()) == ["sheets"]


async def test_an_arcadia_token_cannot_reach_the_restaurant(
        harness_for: Callable[..., Harness]) -> None:
    harness = harness_for("sheets", "restaurant")
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test", headers=JSON) as c:
        r = await c.post("/admin/episodes", json={"seed": 5, "headcount": 40}, headers=ADMIN)
        ep = EpisodeHandle(c, r.json()["episode_id"], r.json())
        assert r.json()["world"]["name"] == "arcadia-robotics"
        assert set(r.json()["apps"]) == {"sheets"}
        someone = (await c.get(f"/admin/episodes/{ep.id}/principals",
                               headers=ADMIN)).json()["principals"][0]["id"]
        r = await c.get("/restaurant/shift", headers=await ep.auth(someone))
        assert r.status_code == 404
        assert "arcadia-robotics" in r.json()["error"]["message"]
        kitchen = await shift_episode(c)
        assert set(kitchen.info["apps"]) == {"restaurant"}
        r = await c.get("/sheets/v4/spreadsheets/x", headers=await kitchen.auth(MANAGER))
        assert r.status_code == 404 and "restaurant" in r.json()["error"]["message"]


async def test_the_shift_situation_belongs_to_the_restaurant_world(
        http: httpx.AsyncClient) -> None:
    world = generate_world(shift_spec("saturday-night", 3))
    (instance,) = world.situations
    assert instance.anchors == [{"case": "saturday-night", "seed": 3, "ticks": TICKS}]
    assert instance.hidden[0]["case_hash"] == load_case("saturday-night").hash
    for situations, why in (([{"id": "restaurant-shift-v1", "params": {"case": "brunch"}}],
                             "unknown case 'brunch'"),
                            ([{"id": "hr-mismatch-v1", "params": {}}],
                             "unknown situation 'hr-mismatch-v1'; known: ['restaurant-shift-v1']")):
        r = await http.post("/admin/episodes", json={**shift_body(), "situations": situations},
                            headers=ADMIN)
        assert r.status_code == 422 and why in r.text, r.text
    with pytest.raises(ValueError, match="unknown situation 'restaurant-shift-v1'"):
        generate_world(WorldSpec(seed=1, headcount=40, situations=(
            SituationSpec("restaurant-shift-v1", {"case": "dinner-rush"}),)))
