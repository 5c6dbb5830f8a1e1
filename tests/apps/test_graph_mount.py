"""Graph's one base URL, embedded: `/graph/v1.0` serves mail and calendar as
`graph.microsoft.com/v1.0` does, each request as the request of the app whose routes match
it (its database, the episode's turn and clock), and Graph's 404 for a path of neither."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute

from arcadia.apps.kernel.odata.graph_mount import GraphMount
from arcadia.apps.registry import load_specs
from tests.apps.graph_sdk import calls, close, graph_client
from tests.factories import ADMIN, JSON, Harness, new_episode

G = "/graph/v1.0"


def test_every_graph_route_goes_to_its_own_app() -> None:
    # No path (nor path and method) of one Graph app is claimed by the other first.
    specs = load_specs(["mail", "calendar"])
    mount = GraphMount({s.name: (s, None) for s in specs})  # type: ignore[misc]
    checked = 0
    for spec in specs:
        for router in spec.routers:
            for route in router.routes:
                assert isinstance(route, APIRoute)
                path = "/graph" + re.sub(r"\{[^}]+\}", "x1", route.path)
                for method in route.methods:
                    scope = {"type": "http", "method": method, "path": path,
                             "root_path": "/graph"}
                    target = mount.route(scope)
                    assert target is not None and target.name == spec.name, (method, path)
                    checked += 1
    assert checked > 100
    assert mount.route({"type": "http", "method": "GET", "path": "/graph/v1.0/me/drive",
                        "root_path": "/graph"}) is None


@pytest.fixture
def graph(harness_for: Callable[..., Harness]) -> Harness:
    return harness_for("mail", "calendar")


async def _people(client: httpx.AsyncClient) -> tuple[Any, list[dict[str, Any]], list[str]]:
    ep = await new_episode(client)
    r = await client.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    people = sorted(r.json()["principals"], key=lambda p: p["id"])[:2]
    return ep, people, [await ep.token(p["id"]) for p in people]


async def _tick(client: httpx.AsyncClient, episode: str) -> int:
    return int((await client.get(f"/admin/episodes/{episode}", headers=ADMIN)).json()["tick"])


async def test_one_base_url_answers_as_each_apps_own_mount(graph: Harness) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=graph.server),
                                 base_url="http://arcadia.test") as client:
        ep, _, (token, _) = await _people(client)
        me = {"Authorization": f"Bearer {token}", **JSON}
        for own, tail in (("/mail/v1.0", "/me/messages?$top=2&$select=subject"),
                          ("/mail/v1.0", "/me/mailFolders"),
                          ("/calendar/v1.0", "/me/events?$top=2&$select=subject"),
                          ("/calendar/v1.0", "/me/calendars"),
                          ("/calendar/v1.0", "/places/microsoft.graph.room")):
            there = await client.get(own + tail, headers=me)
            here = await client.get(G + tail, headers=me)
            assert here.status_code == there.status_code == 200, (tail, here.text)
            assert here.json()["value"] == there.json()["value"], tail
            link = here.json().get("@odata.nextLink")
            assert link is None or link.startswith(f"http://arcadia.test{G}/")
        assert await _tick(client, ep.id) == 0


async def test_writes_are_their_apps_requests_on_the_one_clock(graph: Harness) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=graph.server),
                                 base_url="http://arcadia.test") as client:
        ep, (_, guest), (token, _) = await _people(client)
        me = {"Authorization": f"Bearer {token}", **JSON}
        r = await client.post(f"{G}/me/events", headers=me, json={
            "subject": "Via one base URL",
            "start": {"dateTime": "2027-03-01T09:00:00", "timeZone": "UTC"},
            "end": {"dateTime": "2027-03-01T10:00:00", "timeZone": "UTC"}})
        assert r.status_code == 201, r.text
        assert await _tick(client, ep.id) == 1
        r = await client.post(f"{G}/me/sendMail", headers=me, json={"message": {
            "subject": "Via one base URL", "body": {"content": "Hello."},
            "toRecipients": [{"emailAddress": {"address": guest["email"]}}]}})
        assert r.status_code == 202, r.text
        assert await _tick(client, ep.id) == 2
        changes = await ep.changes()
        assert {t["table"] for t in changes["calendar"]} >= {"events"}
        assert {t["table"] for t in changes["mail"]} >= {"messages"}
        # A refused write is its app's error and changes nothing, not even the clock.
        r = await client.post(f"{G}/me/events", headers=me, json={"subject": 3})
        assert r.status_code == 400 and r.json()["error"]["code"]
        assert await _tick(client, ep.id) == 2


async def test_a_path_of_neither_app_is_graphs_404(graph: Harness) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=graph.server),
                                 base_url="http://arcadia.test") as client:
        ep, _, (token, _) = await _people(client)
        me = {"Authorization": f"Bearer {token}", **JSON}
        for path in (f"{G}/me/drive", f"{G}/me", "/graph/v1.0", "/graph/admin/episodes",
                     "/graph/openapi.json", "/graph/beta/me/messages"):
            r = await client.get(path, headers={**me, **ADMIN} if "admin" in path else me)
            assert r.status_code == 404, (path, r.text)
            body = r.json()["error"]
            assert body["code"] == "UnknownError" and "calendar or mail" in body["message"]
            assert set(body["innerError"]) >= {"request-id", "client-request-id"}
        # A path of one app with a method it does not take: that app's 405.
        r = await client.delete(f"{G}/me/sendMail", headers=me)
        assert r.status_code == 405 and r.json()["error"]["code"] == "UnknownError"
        # Without a token: the matching app's 401, in Graph's style.
        r = await client.get(f"{G}/me/events")
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "InvalidAuthenticationToken"
        assert await _tick(client, ep.id) == 0
        assert (await client.get("/")).json()["graph"] == G


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_one_graph_service_client_does_mail_and_calendar(graph: Harness) -> None:
    pytest.importorskip("msgraph")

    async def scenario() -> dict[str, str]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=graph.server),
                                     base_url="http://arcadia.test") as client:
            _, (_, guest), (token, _) = await _people(client)
        g = graph_client(f"http://arcadia.test{G}", token,
                         httpx.ASGITransport(app=graph.server))
        try:
            return await calls(g, guest["email"].lower(), "One base URL, embedded")
        finally:
            await close(g)

    assert asyncio.run(scenario()) == dict.fromkeys(
        ("list mail", "send mail", "list events", "create event", "calendarView",
         "getSchedule"), "ok")
