"""Data factories for tests: world specs, episodes and principals made via the admin API."""

from __future__ import annotations

import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from arcadia.apps.kernel import AppSpec, EpisodeStore
from arcadia.world import SituationSpec, WorldSpec


def _closed_errors() -> tuple[type[Exception], ...]:
    """What using a closed episode database raises, on either backend."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.ProgrammingError,)
    return (sqlite3.ProgrammingError, psycopg.OperationalError)


CLOSED = _closed_errors()

ROOT = Path(__file__).resolve().parents[1]
ADMIN_TOKEN = "test-admin-token-0123456789"
# BambooHR (the HRIS) answers XML unless asked for JSON; the tests read JSON.
JSON = {"Accept": "application/json"}
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}", **JSON}

# The world most tests run in: the default Arcadia with eight HRIS/payroll mismatches.
MISMATCH = {"id": "hr-mismatch-v1", "params": {"count": 8}}
SPEC = WorldSpec(seed=7, situations=(SituationSpec(MISMATCH["id"], MISMATCH["params"]),))
# A world for each app that serves another world than Arcadia Robotics.
OTHER_WORLDS = (
    WorldSpec(name="agency", seed=5),
    WorldSpec(name="restaurant", seed=1, headcount=40, situations=(
        SituationSpec("restaurant-shift-v1", {"case": "dinner-rush"}),)),
)


def world_for(app: AppSpec, default: WorldSpec) -> WorldSpec:
    """`default` if `app` serves its world, else the world of OTHER_WORLDS `app` serves."""
    if app.serves(default.name):
        return default
    return next(w for w in OTHER_WORLDS if app.serves(w.name))


@dataclass
class Harness:
    server: FastAPI
    store: EpisodeStore


@dataclass
class EpisodeHandle:
    """An episode created through the control plane, with helpers to act in it."""

    client: httpx.AsyncClient
    id: str
    info: dict[str, Any]

    async def token(self, principal: int | str) -> str:
        r = await self.client.post(f"/admin/episodes/{self.id}/tokens",
                                   json={"principal": principal}, headers=ADMIN)
        assert r.status_code == 201, r.text
        return str(r.json()["token"])

    async def auth(self, principal: int | str) -> dict[str, str]:
        """Headers that act as `principal` (an employee id or email)."""
        return {"Authorization": f"Bearer {await self.token(principal)}", **JSON}

    async def principal_with(self, role: str, *, without: tuple[str, ...] = ()) -> int:
        r = await self.client.get(f"/admin/episodes/{self.id}/principals",
                                  params={"role": role}, headers=ADMIN)
        ids = [p["id"] for p in r.json()["principals"] if not set(without) & set(p["roles"])]
        assert ids, f"no principal with role {role}"
        return int(ids[0])

    async def changes(self) -> dict[str, list[dict[str, Any]]]:
        r = await self.client.get(f"/admin/episodes/{self.id}/changes", headers=ADMIN)
        assert r.status_code == 200, r.text
        return dict(r.json())


async def new_episode(client: httpx.AsyncClient, *, seed: int = 7,
                      situations: list[dict[str, Any]] | None = None) -> EpisodeHandle:
    """An episode of the standard test world (seed 7, eight HR mismatches)."""
    body = {"seed": seed, "situations": [MISMATCH] if situations is None else situations}
    r = await client.post("/admin/episodes", json=body, headers=ADMIN)
    assert r.status_code == 201, r.text
    return EpisodeHandle(client, r.json()["episode_id"], r.json())


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_ports(n: int = 1) -> int:
    """A first port such that it and the next n-1 are free now. They are drawn below the
    kernel's ephemeral range: a port from `bind(0)` is one that any outgoing connection on
    the machine may take before the server binds it (CI lost a `serve --multi` run to that)."""
    low, draw = _ephemeral_low(), random.Random()  # ports never reach world state
    for _ in range(200):
        first = draw.randrange(10000, low - n)
        try:
            for port in range(first, first + n):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
    raise RuntimeError(f"no {n} consecutive free ports below {low}")


@contextmanager
def served_app(app: str) -> Iterator[str]:
    """One app in its own uvicorn process on a free port (as `serve --multi` runs each), for
    tests that drive it with a product's own SDK over a real socket; yields its base URL."""
    port = free_ports()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as clock_dir:
        env = dict(os.environ, ARCADIA_ADMIN_TOKEN=ADMIN_TOKEN, ARCADIA_APP=app,
                   ARCADIA_CLOCK_DIR=clock_dir)
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--factory", "arcadia.apps.server:single",
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            cwd=ROOT, env=env)
        try:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, f"the {app} server exited while starting"
                try:
                    httpx.get(f"{url}/openapi.json", timeout=1.0)
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, f"{url} did not come up"
                    time.sleep(0.1)
            yield url
        finally:
            proc.terminate()
            proc.wait(timeout=30)
