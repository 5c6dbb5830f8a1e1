"""The restaurant's clock an agent can run (issue 31): `advance_clock` runs `ticks`, or
`until` a floor event of given kinds or a tick, and says where and why it stopped."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from arcadia.world.restaurant import TICKS, load_case
from tests.apps.restaurant_world import MANAGER, shift_episode
from tests.factories import JSON, Harness


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("restaurant").server
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=server), base_url="http://arcadia.test", headers=JSON
    ) as c:
        yield c


async def _advance(http: httpx.AsyncClient, headers: dict[str, str], body: dict) -> httpx.Response:
    return await http.post("/restaurant/advance", json=body, headers=headers)


async def test_until_stops_after_the_tick_of_the_event(http: httpx.AsyncClient) -> None:
    failure = load_case("dinner-rush").failures[0]
    ep = await shift_episode(http, "dinner-rush", 1)
    headers = await ep.auth(MANAGER)
    r = await _advance(http, headers, {"until": {"events": ["equipment_failed"]}})
    assert r.status_code == 200, r.text
    obs = r.json()
    assert obs["tick"] == failure["tick"]
    assert obs["advanced"]["stopped"] == "event"
    assert obs["advanced"]["from_tick"] == 0 and obs["advanced"]["to_tick"] == failure["tick"]
    assert [e["equipment"] for e in obs["advanced"]["events"]] == [failure["equipment"]]


async def test_until_a_tick_and_ticks_cap_the_run(http: httpx.AsyncClient) -> None:
    ep = await shift_episode(http, "quiet-tuesday", 1)
    headers = await ep.auth(MANAGER)
    r = await _advance(http, headers, {"until": {"events": ["equipment_failed"], "tick": 7}})
    assert (r.json()["tick"], r.json()["advanced"]["stopped"]) == (7, "tick")
    r = await _advance(http, headers, {"ticks": 3, "until": {"events": ["equipment_failed"]}})
    assert (r.json()["tick"], r.json()["advanced"]["stopped"]) == (10, "ticks")
    r = await _advance(http, headers, {"until": {"events": ["equipment_failed"]}})
    assert (r.json()["tick"], r.json()["advanced"]["stopped"]) == (TICKS, "end")


async def test_bad_untils_are_refused_and_change_nothing(http: httpx.AsyncClient) -> None:
    ep = await shift_episode(http, "quiet-tuesday", 1)
    headers = await ep.auth(MANAGER)
    assert (await _advance(http, headers, {"ticks": 5})).json()["tick"] == 5
    for body in (
        {"until": {"events": ["lunch"]}},
        {"until": {"tick": 5}},
        {"until": {"tick": TICKS + 1}},
    ):
        r = await _advance(http, headers, body)
        assert r.status_code == 422, (body, r.text)
    r = await http.get("/restaurant/shift", headers=headers)
    assert r.json()["tick"] == 5
