"""A test world for the sheets app: the standard world plus two fixture spreadsheets (a
budget tracker with formulas, and a private HR log), the server holding it, and a small
client (`Api`) that speaks Sheets' paths."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx
from fastapi import FastAPI

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.kernel.templates import world_source
from arcadia.apps.registry import load_specs
from arcadia.grader.control import install_grading
from arcadia.world import World, WorldSpec
from arcadia.world.sheets import Spreadsheet, Tab
from tests.factories import ADMIN, SPEC, new_episode

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


def sheets_server() -> FastAPI:
    """The HRIS and sheets apps over a template whose world has the fixture spreadsheets."""
    def generate(spec: WorldSpec) -> World:
        world = world_source(spec).world
        world.sheets.spreadsheets[:] = fixture_sheets(world)
        return world

    store = EpisodeStore(load_specs(("hris", "sheets")), generate=generate)
    store.template(SPEC)  # built now, with the fixture spreadsheets
    app = create_server(list(store.apps.values()), store)
    install_grading(app, store)
    return app


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

    async def batch(self, *requests: dict[str, Any], sid: str = BUDGET, **extra: Any
                    ) -> httpx.Response:
        """spreadsheets.batchUpdate with these requests."""
        return await self.post(":batchUpdate", {"requests": list(requests), **extra}, sid=sid)

    async def ok(self, *requests: dict[str, Any], sid: str = BUDGET) -> list[dict[str, Any]]:
        """The replies of a batchUpdate that must succeed."""
        r = await self.batch(*requests, sid=sid)
        assert r.status_code == 200, r.text
        return list(r.json()["replies"])

    async def book(self, sid: str = BUDGET, **params: Any) -> dict[str, Any]:
        """spreadsheets.get."""
        r = await self.http.get(self.url(sid), params=params, headers=self.headers)
        assert r.status_code == 200, r.text
        return dict(r.json())

    async def sheet(self, index: int = 0, sid: str = BUDGET, **params: Any) -> dict[str, Any]:
        return dict((await self.book(sid, **params))["sheets"][index])

    async def refused(self, *requests: dict[str, Any], status: int = 400, sid: str = BUDGET
                      ) -> str:
        """A batchUpdate that must be refused and change nothing; its error message."""
        before = await self.episode.changes()
        r = await self.batch(*requests, sid=sid)
        assert r.status_code == status, r.text
        assert r.json()["error"]["code"] == status
        assert await self.episode.changes() == before
        return str(r.json()["error"]["message"])


async def api_as(http: httpx.AsyncClient, role: str | None = None) -> Api:
    ep = await new_episode(http)
    who = await ep.principal_with(role) if role else (await owner_of(http, ep))
    return Api(http, await ep.auth(who), ep)


async def owner_of(http: httpx.AsyncClient, ep: Any) -> int:
    """The fixture spreadsheets' owner (the world's first person)."""
    r = await http.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    return int(min(p["id"] for p in r.json()["principals"]))


def values(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json().get("values")
