"""Graph's one base URL with one app per process (as `serve --multi` runs them): each Graph
app's process serves `/graph/v1.0`, its own routes itself and the other's forwarded to its
process, so one `GraphServiceClient` on either process does mail and calendar."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
import pytest

from arcadia.apps.kernel.control import ControlPlane
from tests.apps.graph_sdk import calls, close, graph_client
from tests.factories import ADMIN_TOKEN, MISMATCH, ROOT, free_ports

# The SDK's import trips its own deprecation warnings, and its httpx pool's sockets outlive
# the client (collected inside the test, where these filters apply), as in
# test_msgraph_mail_sdk.py.
pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore::ResourceWarning"),
              pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")]
APPS = ("mail", "calendar")


@contextmanager
def _process(app: str, port: int, peers: dict[str, str], clock_dir: str) -> Iterator[None]:
    env = dict(os.environ, ARCADIA_ADMIN_TOKEN=ADMIN_TOKEN, ARCADIA_APP=app,
               ARCADIA_CLOCK_DIR=clock_dir, ARCADIA_PEERS=json.dumps(peers))
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "arcadia.apps.server:single",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env)
    try:
        yield
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def urls() -> Iterator[dict[str, str]]:
    """mail and calendar, each in its own process, each the other's peer."""
    port = free_ports(len(APPS))
    urls = {app: f"http://127.0.0.1:{port + i}" for i, app in enumerate(APPS)}
    with tempfile.TemporaryDirectory() as clock_dir, ExitStack() as stack:
        for app, url in urls.items():
            stack.enter_context(_process(app, int(url.rsplit(":", 1)[1]),
                                         {a: u for a, u in urls.items() if a != app},
                                         clock_dir))
        deadline = time.monotonic() + 60
        for url in urls.values():
            while True:
                try:
                    httpx.get(f"{url}/openapi.json", timeout=1.0)
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, f"{url} did not come up"
                    time.sleep(0.1)
        yield urls


async def _episode(plane: ControlPlane) -> tuple[str, dict[str, str], str]:
    """An episode in both processes; its first principal's token and the second's address."""
    episode = await plane.create_episode(seed=7, situations=[MISMATCH])
    people = sorted(await plane.principals(episode), key=lambda p: p["id"])[:2]
    token, _ = await plane.mint_token(episode, people[0]["id"])
    return episode, {"Authorization": f"Bearer {token}"}, str(people[1]["email"]).lower()


def test_either_process_serves_the_one_base_url(urls: dict[str, str]) -> None:
    pytest.importorskip("msgraph")

    async def scenario() -> tuple[dict[str, str], dict[str, str], list[int]]:
        async with ControlPlane(urls, ADMIN_TOKEN) as plane:
            episode, me, guest = await _episode(plane)
            token = me["Authorization"].removeprefix("Bearer ")
            done = []
            for app, url in urls.items():
                g = graph_client(f"{url}/graph/v1.0", token)
                try:
                    done.append(await calls(g, guest, f"One base URL, at {app}'s process"))
                finally:
                    await close(g)
            ticks = [s["tick"] for s in await plane.episode(episode)]
            await plane.delete_episode(episode)
        return done[0], done[1], ticks

    at_mail, at_calendar, ticks = asyncio.run(scenario())
    gc.collect()
    every = dict.fromkeys(("list mail", "send mail", "list events", "create event",
                           "calendarView", "getSchedule"), "ok")
    assert at_mail == every and at_calendar == every
    assert ticks == [4, 4]  # two writes through each process: one clock, both apps


def test_forwarded_answers_link_back_through_the_entry_process(urls: dict[str, str]) -> None:
    async def scenario() -> None:
        async with ControlPlane(urls, ADMIN_TOKEN) as plane, \
                httpx.AsyncClient(timeout=60) as http:
            episode, me, _ = await _episode(plane)
            entry = f"{urls['mail']}/graph/v1.0"
            for hour in (9, 11):
                r = await http.post(f"{entry}/me/events", headers=me, json={
                    "subject": "Forwarded",
                    "start": {"dateTime": f"2027-03-01T{hour:02d}:00:00", "timeZone": "UTC"},
                    "end": {"dateTime": f"2027-03-01T{hour:02d}:30:00", "timeZone": "UTC"}})
                assert r.status_code == 201, r.text
            r = await http.get(f"{entry}/me/events?$top=1", headers=me)
            assert r.status_code == 200, r.text
            assert r.json()["@odata.nextLink"].startswith(f"{entry}/me/events?")
            r = await http.get(r.json()["@odata.nextLink"], headers=me)
            assert r.status_code == 200 and len(r.json()["value"]) == 1
            r = await http.get(f"{entry}/me/drive", headers=me)
            assert r.status_code == 404
            assert r.json()["error"]["code"] == "UnknownError"
            # The process's own root is still the app alone.
            r = await http.get(f"{urls['mail']}/v1.0/me/events", headers=me)
            assert r.status_code == 404
            await plane.delete_episode(episode)

    asyncio.run(scenario())
