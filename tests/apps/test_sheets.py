"""The sheets app (Google Sheets v4 shape) over HTTP: ranges in every A1/R1C1 shape, value
input and render options, append's table detection, batchUpdate (atomic), formulas, access
and Google's error bodies. The world is the standard test world plus two fixture
spreadsheets (until worldgen fills `world.sheets`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.kernel import episodes as kernel_episodes
from arcadia.apps.registry import load_specs
from arcadia.grader.control import install_grading
from arcadia.world import World
from arcadia.world.sheets import Spreadsheet, Tab
from tests.factories import ADMIN, new_episode

BUDGET = "B" * 22 + "udgetTrackerFixture00000"[:22]
PRIVATE = "P" * 22 + "rivateFixture0000000000"[:22]


def fixture_sheets(world: World) -> list[Spreadsheet]:
    owner = world.people[0].id
    budget = Spreadsheet(
        id=BUDGET, title="Budget tracker", kind="budget_tracker", owner_id=owner,
        editors=("finance",), readers=("employee",), cost_centre_id=None, tabs=(
            Tab("Budget", (("Item", "Q1", "Q2", "Total"),
                           ("Laptops", 1200, 800, "=SUM(B2:C2)"),
                           ("Travel", 300.5, 199.5, "=SUM(B3:C3)"),
                           ("Total", "=SUM(B2:B3)", "=SUM(C2:C3)", "=SUM(D2:D3)"))),
            Tab("Q1 '24", (("Name", "Amount"), ("Ada", 10), ("Bob", 20))),
        ))
    private = Spreadsheet(
        id=PRIVATE, title="HR private", kind="exceptions_log", owner_id=owner,
        editors=("hr",), readers=("hr",), tabs=(Tab("Log", (("When", "What"),)),))
    return [budget, private]


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    original = kernel_episodes.generate_world

    def generate(spec: Any) -> World:
        world = original(spec)
        world.sheets.spreadsheets[:] = fixture_sheets(world)
        return world

    kernel_episodes.generate_world = generate  # type: ignore[assignment]
    try:
        store = EpisodeStore(load_specs(("hris", "sheets")))
        app = create_server(list(store.apps.values()), store)
        install_grading(app, store)
        yield app
    finally:
        kernel_episodes.generate_world = original  # type: ignore[assignment]


@pytest.fixture
async def http(server: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


class Api:
    def __init__(self, http: httpx.AsyncClient, headers: dict[str, str], episode: Any) -> None:
        self.http, self.headers, self.episode = http, headers, episode

    def url(self, sid: str, tail: str = "") -> str:
        return f"/sheets/v4/spreadsheets/{sid}{tail}"

    async def get(self, rng: str, sid: str = BUDGET, **params: Any) -> httpx.Response:
        return await self.http.get(self.url(sid, "/values/" + quote(rng, safe="")),
                                   params=params, headers=self.headers)

    async def put(self, rng: str, values: list[list[Any]], sid: str = BUDGET,
                  option: str = "USER_ENTERED", **params: Any) -> httpx.Response:
        return await self.http.put(self.url(sid, "/values/" + quote(rng, safe="")),
                                   params={"valueInputOption": option, **params},
                                   json={"values": values}, headers=self.headers)

    async def post(self, tail: str, body: Any, sid: str = BUDGET, **params: Any
                   ) -> httpx.Response:
        return await self.http.post(self.url(sid, tail), params=params, json=body,
                                    headers=self.headers)


async def api_as(http: httpx.AsyncClient, role: str | None = None) -> Api:
    ep = await new_episode(http)
    who = await ep.principal_with(role) if role else (await _owner(http, ep))
    return Api(http, await ep.auth(who), ep)


async def _owner(http: httpx.AsyncClient, ep: Any) -> int:
    r = await http.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    return int(min(p["id"] for p in r.json()["principals"]))


async def test_smoke(http: httpx.AsyncClient) -> None:
    api = await api_as(http)
    r = await api.get("Budget!A1:D4")
    assert r.status_code == 200, r.text
    print(r.json())
