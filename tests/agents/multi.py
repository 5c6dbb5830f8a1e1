"""Run `arcadia serve --multi` for a test: free ports, bounded waits, everything stopped."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import httpx

from arcadia.apps.registry import APP_NAMES
from tests.agents.test_cli import ADMIN, ENV, arcadia, free_ports

APPS = APP_NAMES  # serve --multi runs every registered app, one port each, in this order
ADMIN_HEADERS = {"Authorization": f"Bearer {ADMIN}"}


def lines_of(stream: IO[str]) -> queue.Queue[str | None]:
    """Lines of `stream`, read by a thread (None once it ends), so that waits can be bounded."""
    out: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for line in stream:
            out.put(line.rstrip("\n"))
        out.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return out


def next_line(lines: queue.Queue[str | None], timeout: float) -> str | None:
    return lines.get(timeout=timeout)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@dataclass
class Multi:
    proc: subprocess.Popen[str]
    urls: dict[str, str]
    health_url: str
    token: str
    stderr_path: Path
    pids: set[int] = field(default_factory=set)

    def health(self) -> dict[str, Any]:
        body: dict[str, Any] = httpx.get(self.health_url, headers=ADMIN_HEADERS,
                                         timeout=10).json()
        self.pids |= {a["pid"] for a in body["apps"].values() if a["pid"]}
        return body

    def pid(self, app: str) -> int:
        return int(self.health()["apps"][app]["pid"])

    def kill(self, app: str) -> int:
        pid = self.pid(app)
        os.kill(pid, signal.SIGKILL)
        return pid

    def wait_for(self, ok: Callable[[dict[str, Any]], bool], timeout: float = 90
                 ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            body = self.health()
            if ok(body):
                return body
            if time.monotonic() > deadline:
                raise AssertionError(f"health never became as expected: {body}")
            time.sleep(0.2)

    def restarted(self, app: str, times: int) -> dict[str, Any]:
        """Wait until `app` was restarted `times` times and is up."""
        return self.wait_for(lambda h: h["apps"][app]["restarts"] == times
                             and h["apps"][app]["state"] == "up")["apps"][app]

    def episodes(self, app: str) -> list[str]:
        r = httpx.get(f"{self.urls[app]}/admin/episodes", headers=ADMIN_HEADERS, timeout=10)
        return sorted(r.json()["episodes"])

    def stderr(self) -> str:
        return self.stderr_path.read_text()


@contextmanager
def serving_multi(tmp_path: Path, *args: str, headcount: int = 40,
                  apps: tuple[str, ...] = APPS) -> Iterator[Multi]:
    """`arcadia serve --multi ARGS` (each of `apps` in its process, every app by default)
    until its demo token is printed; stops the parent and kills any app process it left,
    even when the test fails."""
    port = free_ports(len(apps) + 1)
    only = [] if apps == APPS else [a for app in apps for a in ("--app", app)]
    stderr_path = tmp_path / "serve.err"
    with stderr_path.open("w") as err:
        proc = subprocess.Popen(
            arcadia("serve", "--multi", "--port", str(port), "--headcount", str(headcount),
                    *only, *args), stdout=subprocess.PIPE, stderr=err, text=True, env=ENV)
    assert proc.stdout is not None
    multi: Multi | None = None
    try:
        lines, seen = lines_of(proc.stdout), []
        deadline = time.monotonic() + 180
        while multi is None:
            line = next_line(lines, max(0.1, deadline - time.monotonic()))
            if line is None:
                raise AssertionError("serve --multi exited:\n" + "\n".join(seen)
                                     + stderr_path.read_text())
            seen.append(line)
            match = re.search(r"token for .*: (\S+)$", line.strip())
            if match:
                urls = {app: f"http://127.0.0.1:{port + i}" for i, app in enumerate(apps)}
                multi = Multi(proc, urls, f"http://127.0.0.1:{port + len(apps)}/admin/health",
                              match.group(1), stderr_path)
                multi.health()
        yield multi
    finally:
        with suppress(httpx.HTTPError, AttributeError):
            if multi is not None and proc.poll() is None:
                multi.health()
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)
        proc.stdout.close()
        for pid in multi.pids if multi else ():
            with suppress(OSError):  # only app processes of ours that are still running
                if b"arcadia.apps.server" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, signal.SIGKILL)
