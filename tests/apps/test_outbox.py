"""The kernel's outbox: an app's write reaches another app in the same request, episode and
tick, atomically, embedded and across `--multi` processes (with the test app pair)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import orjson
import pytest

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.kernel.control import ControlPlane
from tests.apps.pair import INBOX, NOTES
from tests.factories import ADMIN, ADMIN_TOKEN, free_ports

ROOT = Path(__file__).resolve().parents[2]
WORLD = {"seed": 3, "headcount": 40}


@pytest.fixture
async def embedded() -> AsyncIterator[tuple[httpx.AsyncClient, dict[str, str], str]]:
    server = create_server([NOTES, INBOX], EpisodeStore([NOTES, INBOX]))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://pair.test") as client:
        r = await client.post("/admin/episodes", json=WORLD, headers=ADMIN)
        episode = r.json()["episode_id"]
        who = (await client.get(f"/admin/episodes/{episode}/principals",
                                headers=ADMIN)).json()["principals"][0]["id"]
        r = await client.post(f"/admin/episodes/{episode}/tokens", json={"principal": who},
                              headers=ADMIN)
        yield client, {"Authorization": f"Bearer {r.json()['token']}"}, episode


async def test_event_is_delivered_in_the_same_request_and_tick(embedded):
    client, auth, episode = embedded
    r = await client.post("/notes/notes", json={"text": "hi", "notify": "ada@x.io"}, headers=auth)
    assert r.status_code == 201, r.text
    messages = (await client.get("/inbox/messages", headers=auth)).json()
    assert [(m["recipient"], m["body"]) for m in messages] == [("ada@x.io", "hi")]
    assert messages[0]["received_at"] == r.json()["written_at"]  # one tick for both apps
    state = (await client.get(f"/admin/episodes/{episode}", headers=ADMIN)).json()
    assert state["tick"] == 1
    assert {a: v["changed_rows"] for a, v in state["apps"].items()} == {"notes": 1, "inbox": 1}


async def test_failed_delivery_leaves_neither_app_changed(embedded):
    client, auth, episode = embedded
    await client.post("/notes/notes", json={"text": "first"}, headers=auth)
    r = await client.post("/notes/notes", json={"text": "x", "notify": "reject@x.io"},
                          headers=auth)
    assert r.status_code == 400 and "does not accept mail" in r.json()["message"]
    assert [n["text"] for n in (await client.get("/notes/notes", headers=auth)).json()] == \
        ["first"]
    assert (await client.get("/inbox/messages", headers=auth)).json() == []
    state = (await client.get(f"/admin/episodes/{episode}", headers=ADMIN)).json()
    assert state["tick"] == 1
    # The sequence the failed request drew from is rolled back too: the next id is 2.
    r = await client.post("/notes/notes", json={"text": "second"}, headers=auth)
    assert r.json()["id"] == 2


def _serve(factory: str, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", f"tests.apps.pair:{factory}",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env)


def _wait_up(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/openapi.json", timeout=1.0)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not come up")


@pytest.fixture
def two_processes() -> Iterator[tuple[dict[str, str], dict[str, subprocess.Popen[bytes]]]]:
    first = free_ports(2)
    ports = {"notes": first, "inbox": first + 1}
    urls = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
    with tempfile.TemporaryDirectory() as clock_dir:
        env = dict(os.environ, ARCADIA_ADMIN_TOKEN=ADMIN_TOKEN, ARCADIA_CLOCK_DIR=clock_dir,
                   ARCADIA_PEERS=orjson.dumps(urls).decode())
        procs = {"notes": _serve("notes_app", ports["notes"], env),
                 "inbox": _serve("inbox_app", ports["inbox"], env)}
        try:
            for url in urls.values():
                _wait_up(url)
            yield urls, procs
        finally:
            for proc in procs.values():
                proc.terminate()
            for proc in procs.values():
                proc.wait(timeout=30)


async def test_events_and_the_clock_cross_processes(two_processes):
    urls, procs = two_processes
    async with ControlPlane(list(urls.values()), ADMIN_TOKEN) as plane:
        episode = await plane.create_episode(**WORLD)
        who = (await plane.principals(episode))[0]["id"]
        token, _ = await plane.mint_token(episode, who)
    auth = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(timeout=30) as client:
        async def ticks() -> list[int]:
            return [(await client.get(f"{u}/admin/episodes/{episode}", headers=ADMIN)).json()
                    ["tick"] for u in urls.values()]

        r = await client.post(f"{urls['notes']}/notes", json={"text": "hi", "notify": "a@x.io"},
                              headers=auth)
        assert r.status_code == 201, r.text
        messages = (await client.get(f"{urls['inbox']}/messages", headers=auth)).json()
        assert [m["recipient"] for m in messages] == ["a@x.io"]
        assert messages[0]["received_at"] == r.json()["written_at"]
        assert await ticks() == [1, 1]
        # A write in the other process takes the next tick of the same clock.
        r = await client.post(f"{urls['inbox']}/messages", json={"text": "direct"},
                              headers=auth)
        assert r.status_code == 201 and await ticks() == [2, 2]
        # The target refuses: the emitting process keeps nothing either.
        r = await client.post(f"{urls['notes']}/notes",
                              json={"text": "no", "notify": "reject@x.io"}, headers=auth)
        assert r.status_code == 400 and "does not accept mail" in r.json()["message"]
        assert await ticks() == [2, 2]
        # The target is gone: a clear 503 naming it, and still nothing kept.
        procs["inbox"].kill()
        procs["inbox"].wait(timeout=30)
        r = await client.post(f"{urls['notes']}/notes",
                              json={"text": "lost", "notify": "b@x.io"}, headers=auth)
        assert r.status_code == 503 and "inbox" in r.json()["message"]
        notes = (await client.get(f"{urls['notes']}/notes", headers=auth)).json()
        assert [n["text"] for n in notes] == ["hi"]
