"""`arcadia serve --multi`: one uvicorn process per app, watched by this (parent) process.

The parent starts each app as a child on its own port, with a fresh shared clock directory
(`ARCADIA_CLOCK_DIR`) and the other children's URLs (`ARCADIA_PEERS`). It then supervises:

- a child that exits is restarted on the same port with the same environment, at most
  `max_restarts` times within `window` seconds; one more exit in that window and the parent
  stops every child and exits 1;
- a restarted child has lost its episodes, while its siblings still hold theirs: the parent
  reads the siblings' episodes and token digests (`GET /admin/tokens`) and tells the child
  (`POST /admin/lost`), which then answers those episodes with a 410 that says so;
- `GET /admin/health` on the parent's own port lists each app process: state, pid,
  restarts, last exit code, live and lost episodes.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx

# How often the parent looks at its children (seconds).
POLL = 0.1


class GaveUp(Exception):
    """A child kept dying (or never came up): the parent stops everything and exits 1."""


@dataclass
class Child:
    name: str
    port: int
    url: str
    env: dict[str, str]
    proc: subprocess.Popen[bytes] | None = None
    state: str = "starting"  # starting | up | restarting | down
    restarts: int = 0
    last_exit: int | None = None
    deaths: collections.deque[float] = field(default_factory=collections.deque)


class Supervisor:
    """Starts, watches and restarts the app processes of one `serve --multi` run."""

    def __init__(self, apps: Mapping[str, int], *, host: str, admin_token: str,
                 max_restarts: int = 3, window: float = 60.0, startup_timeout: float = 60.0,
                 say: Callable[[str], None] | None = None) -> None:
        self.host, self.admin_token = host, admin_token
        self.max_restarts, self.window, self.startup_timeout = max_restarts, window, \
            startup_timeout
        self.say = say or (lambda line: print(f"arcadia: {line}", file=sys.stderr, flush=True))
        self.clock_dir = Path(tempfile.mkdtemp(prefix="arcadia-clock-"))
        urls = {name: f"http://{host}:{port}" for name, port in apps.items()}
        self.children: dict[str, Child] = {}
        for name, port in apps.items():
            peers = {other: url for other, url in urls.items() if other != name}
            env = dict(os.environ, ARCADIA_APP=name, ARCADIA_ADMIN_TOKEN=admin_token,
                       ARCADIA_CLOCK_DIR=str(self.clock_dir), ARCADIA_PEERS=json.dumps(peers))
            self.children[name] = Child(name, port, urls[name], env)
        self._lock = threading.Lock()
        self._stopping = False

    @property
    def urls(self) -> dict[str, str]:
        return {c.name: c.url for c in self.children.values()}

    # lifecycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Start every child and wait until each answers; `GaveUp` if one does not."""
        for child in self.children.values():
            self._spawn(child)
        for child in self.children.values():
            self._wait_up(child)

    def _spawn(self, child: Child) -> None:
        child.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--factory", "arcadia.apps.server:single",
             "--host", self.host, "--port", str(child.port), "--log-level", "warning"],
            env=child.env)

    def _wait_up(self, child: Child) -> None:
        assert child.proc is not None
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            code = child.proc.poll()
            if code is not None:
                raise GaveUp(f"{child.name} ({child.url}) exited with code {code} while "
                             "starting")
            try:
                httpx.get(f"{child.url}/openapi.json", timeout=2.0)
                with self._lock:
                    child.state = "up"
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise GaveUp(f"{child.name} ({child.url}) did not come up within "
                     f"{self.startup_timeout:.0f} s")

    def watch(self) -> None:
        """Supervise until a child keeps dying (`GaveUp`) or the process is stopped."""
        while True:
            for child in self.children.values():
                assert child.proc is not None
                code = child.proc.poll()
                if code is not None and not self._stopping:
                    self._restart(child, code)
            time.sleep(POLL)

    def _restart(self, child: Child, code: int) -> None:
        now = time.monotonic()
        with self._lock:
            child.state, child.last_exit = "down", code
            child.deaths.append(now)
            while child.deaths and now - child.deaths[0] > self.window:
                child.deaths.popleft()
            deaths = len(child.deaths)
        if deaths > self.max_restarts:
            raise GaveUp(f"{child.name} ({child.url}) exited with code {code}: {deaths} exits "
                         f"within {self.window:g} s, more than the {self.max_restarts} "
                         "restart(s) allowed; stopping every app")
        self.say(f"{child.name} ({child.url}, pid {child.proc.pid if child.proc else '?'}) "
                 f"exited with code {code}; restarting it "
                 f"({deaths} of {self.max_restarts} restarts within {self.window:g} s); "
                 "its episodes are lost")
        with self._lock:
            child.state = "restarting"
        self._spawn(child)
        try:
            self._wait_up(child)
        except GaveUp as e:
            if child.proc is not None and child.proc.poll() is None:
                raise
            self.say(str(e))
            return  # it died while starting: the next poll counts that death too
        lost = self._mark_lost(child)
        with self._lock:
            child.restarts += 1
        self.say(f"{child.name} is up again (pid {child.proc.pid if child.proc else '?'}); "
                 f"{lost} episode(s) lost")

    def _mark_lost(self, child: Child) -> int:
        """Tell a restarted child which episodes its siblings hold, which it has lost."""
        held: dict[str, set[str]] = {}
        headers = {"Authorization": f"Bearer {self.admin_token}"}
        for sibling in self.children.values():
            if sibling is child or sibling.state != "up":
                continue
            try:
                r = httpx.get(f"{sibling.url}/admin/tokens", headers=headers, timeout=10.0)
                r.raise_for_status()
            except httpx.HTTPError as e:
                self.say(f"could not list {sibling.name}'s episodes ({type(e).__name__})")
                continue
            for episode_id, digests in r.json()["episodes"].items():
                held.setdefault(episode_id, set()).update(digests)
        if not held:
            return 0
        body = {"episodes": {k: sorted(v) for k, v in held.items()},
                "why": f"{child.name} process restarted"}
        try:
            r = httpx.post(f"{child.url}/admin/lost", json=body, headers=headers, timeout=10.0)
            r.raise_for_status()
        except httpx.HTTPError as e:
            self.say(f"could not tell {child.name} which episodes it lost "
                     f"({type(e).__name__}); their requests get 401")
            return 0
        return int(r.json()["marked"])

    def stop(self) -> None:
        """Stop every child (bounded waits) and remove the clock directory."""
        self._stopping = True
        procs = [c.proc for c in self.children.values() if c.proc is not None]
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)
        shutil.rmtree(self.clock_dir, ignore_errors=True)

    # health ---------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        """Each app process: state, pid, restarts, last exit, live and lost episodes."""
        apps: dict[str, Any] = {}
        for child in self.children.values():
            with self._lock:
                row: dict[str, Any] = {
                    "url": child.url, "state": child.state,
                    "pid": child.proc.pid if child.proc else None,
                    "restarts": child.restarts, "last_exit": child.last_exit,
                    "episodes": None, "lost": None}
            if row["state"] == "up":
                try:
                    r = httpx.get(f"{child.url}/admin/health", timeout=2.0,
                                  headers={"Authorization": f"Bearer {self.admin_token}"})
                    r.raise_for_status()
                    row.update(episodes=r.json()["episodes"], lost=r.json()["lost"])
                except httpx.HTTPError:
                    row["state"] = "down"
            apps[child.name] = row
        up = all(row["state"] == "up" for row in apps.values())
        return {"status": "up" if up else "degraded", "pid": os.getpid(),
                "clock_dir": str(self.clock_dir),
                "max_restarts": self.max_restarts, "restart_window_seconds": self.window,
                "apps": apps}

    @contextlib.contextmanager
    def serving_health(self, port: int) -> Iterator[str]:
        """Serve `GET /admin/health` (admin token) on `port` from a thread."""
        supervisor = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                auth = self.headers.get("Authorization", "")
                if not secrets.compare_digest(auth, f"Bearer {supervisor.admin_token}"):
                    self._json(401, {"error": {"status": 401, "message":
                                     "The control plane needs the admin bearer token."}})
                elif self.path.split("?")[0].rstrip("/") == "/admin/health":
                    self._json(200, supervisor.health())
                else:
                    self._json(404, {"error": {"status": 404, "message":
                                     "The parent serves only GET /admin/health."}})

            def _json(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_: Any) -> None:
                pass

        try:
            server = ThreadingHTTPServer((self.host, port), Handler)
        except OSError as e:
            raise GaveUp(f"cannot serve health on {self.host}:{port}: {e.strerror}") from None
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, name="arcadia-health",
                                  daemon=True)
        thread.start()
        try:
            yield f"http://{self.host}:{port}/admin/health"
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)
