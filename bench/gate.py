"""The gate cycle on the committed corpus, against the same cycle built from bare parts.

The cycle is `arcadia task replay`'s: for each task, its gold in a fresh episode and a
grade, then a no-op in a fresh episode and a grade (`score_steps`), every gold exactly 1
and every no-op exactly 0 ("validated"). The bare cycle, in the same process and run:
per episode a `sqlite3` backup of the template databases of the apps the task uses (as
the kernel clones an app's database on first use) kept open until the episode ends, a new
`httpx.AsyncClient` on an `httpx.ASGITransport` to a bare FastAPI app (one catch-all
`async def` route that finds the episode by bearer token), the same requests (method, path
and query, body) as the gold sent, answered with the bytes, status and
headers the real apps returned (recorded from one real replay) or with empty bodies; then a
changelog-style diff that reads one small table of each database, and the no-op episode
likewise. Those are the issue's bare parts and the targets' denominators
(`gate_over_bare_same_bytes`). The replay also parses every JSON response to resolve its
bindings; `bare_gate_parsing_tasks_per_s` is the same-bytes cycle with that parse added, a
bar no kernel change can raise. The cycles alternate round by round (order rotated) and
the ratios are medians of per-round pairs, so load drift hits all of them. The template
build is outside every timing.

Run: python bench/gate.py [--rounds N] [--corpus SITUATION] [--profile]
(one `figure: value unit` line each)
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import secrets
import sqlite3
import statistics
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from _common import bare_clone, bench_parser, figure, paired_ratio
from fastapi import FastAPI, Request, Response

from arcadia.apps.kernel import KERNEL_TABLES
from arcadia.grader import EmbeddedEnvironment, Task, load_task
from arcadia.grader.replay import score_steps

ROOT = Path(__file__).resolve().parents[1]
# Every situation's hand-written tasks (the generated corpus is `bench/taskgen.py`'s).
CORPUS = sorted(p for p in (ROOT / "corpus").glob("*/*.json")
                if not (p.parent / "generation.json").exists())  # not a generated corpus
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
DROPPED_HEADERS = {b"content-length", b"authorization"}


@dataclass(frozen=True)
class Exchange:
    """One request a gold sent and the response the real apps gave it."""

    method: str
    url: str  # path and query, as sent
    headers: list[tuple[bytes, bytes]]  # request headers except the token
    body: bytes
    status: int
    response_headers: list[tuple[bytes, bytes]]
    content: bytes


@dataclass
class BareEpisode:
    conns: dict[str, sqlite3.Connection]
    responses: deque[Exchange] = field(default_factory=deque)


class RecordingEnvironment(EmbeddedEnvironment):
    """The embedded environment, whose clients log every exchange while `log` is set."""

    log: list[Exchange] | None = None

    def client(self) -> httpx.AsyncClient:
        client = super().client()
        if self.log is not None:
            log = self.log

            async def record(response: httpx.Response) -> None:
                await response.aread()
                req = response.request
                log.append(Exchange(
                    req.method, req.url.raw_path.decode(),
                    [(k, v) for k, v in req.headers.raw if k.lower() not in DROPPED_HEADERS],
                    req.content, response.status_code,
                    [(k, v) for k, v in response.headers.raw
                     if k.lower() not in DROPPED_HEADERS],
                    response.content))

            client.event_hooks = {"request": [], "response": [record]}
        return client


def bare_app(episodes: dict[str, BareEpisode], *, empty: bool) -> FastAPI:
    app = FastAPI()

    @app.api_route("/{path:path}", methods=METHODS)
    async def answer(path: str, request: Request) -> Response:
        episode = episodes[request.headers["authorization"].removeprefix("Bearer ")]
        await request.body()
        ex = episode.responses.popleft()
        if empty:
            return Response(status_code=ex.status)
        return Response(ex.content, status_code=ex.status,
                        headers={k.decode(): v.decode() for k, v in ex.response_headers})

    return app


def small_table(conn: sqlite3.Connection) -> str:
    """The table the bare diff reads: the kernel's changelog if it has one by that name."""
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return next((t for t in KERNEL_TABLES if t in names), "sqlite_master")


class Bench:
    def __init__(self, tasks: int | None = None, situation: str | None = None,
                 files: list[Path] | None = None) -> None:
        if files is None:
            files = [p for p in CORPUS if situation is None or p.parent.name == situation]
        self.tasks: list[Task] = [load_task(p) for p in files[:tasks]]
        self.env = RecordingEnvironment()
        self.templates: dict[str, dict[str, sqlite3.Connection]] = {}
        self.recorded: dict[str, list[Exchange]] = {}
        self.bare_episodes: dict[str, BareEpisode] = {}
        self.apps = {empty: bare_app(self.bare_episodes, empty=empty) for empty in (False, True)}

    def setup(self) -> None:
        """Build the templates (untimed), record one real replay of every gold."""
        for task in self.tasks:
            spec = task.world_spec()
            self.templates[task.id] = {name: db.conn for name, db
                                       in self.env.store.template(spec).dbs.items()}
        for task in self.tasks:
            self.env.log = self.recorded[task.id] = []
            asyncio.run(self._validate(task))
        self.env.log = None
        self.small = {(tid, n): small_table(c)
                      for tid, conns in self.templates.items() for n, c in conns.items()}

    async def _validate(self, task: Task) -> None:
        gold = await score_steps(task, self.env, task.gold)
        noop = await score_steps(task, self.env, [])
        if gold.outcome != "pass" or noop.outcome != "fail" or noop.score != 0.0:
            raise SystemExit(f"{task.id}: gold={gold.score} noop={noop.score} "
                             f"{gold.reason or noop.reason or ''} — not a validated task")

    async def real_round(self) -> int:
        for task in self.tasks:
            await self._validate(task)
        return len(self.tasks)

    async def _bare_episode(self, task: Task, client_for: FastAPI | None,
                            parse: bool = False) -> None:
        # Like the kernel's episodes, the bare one clones only the apps its task uses.
        used = {step.app for step in task.gold}
        conns = {n: bare_clone(c) for n, c in self.templates[task.id].items() if n in used}
        token = secrets.token_urlsafe(24)
        exchanges = self.recorded[task.id] if client_for is not None else []
        self.bare_episodes[token] = BareEpisode(conns, deque(exchanges))
        try:
            if client_for is not None:
                auth = [(b"authorization", f"Bearer {token}".encode())]
                async with httpx.AsyncClient(transport=httpx.ASGITransport(app=client_for),
                                             base_url="http://bare") as client:
                    for ex in exchanges:
                        r = await client.request(ex.method, ex.url, content=ex.body,
                                                 headers=ex.headers + auth)
                        if r.status_code != ex.status:
                            raise RuntimeError(f"bare app answered {r.status_code}")
                        if parse and r.content and "json" in r.headers.get("content-type", ""):
                            r.json()
            for name, conn in conns.items():
                conn.execute(f'SELECT * FROM "{self.small[task.id, name]}"').fetchall()
        finally:
            del self.bare_episodes[token]
            for conn in conns.values():
                conn.close()

    async def bare_round(self, *, empty: bool, parse: bool = False) -> int:
        for task in self.tasks:
            await self._bare_episode(task, self.apps[empty], parse)
            await self._bare_episode(task, None)
        return len(self.tasks)


def rate(fn: Any) -> float:
    start = time.perf_counter()
    done = asyncio.run(fn())
    return float(done / (time.perf_counter() - start))


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds of each cycle")
    parser.add_argument("--profile", action="store_true",
                        help="then profile one real round with cProfile (to stderr)")
    parser.add_argument("--corpus", metavar="SITUATION",
                        help="only the tasks of corpus/SITUATION/ (e.g. hr-mismatch)")
    args = parser.parse_args(argv)
    rounds = 1 if args.quick else args.rounds
    bench = Bench(tasks=2 if args.quick else None, situation=args.corpus)
    bench.setup()
    kinds = {
        "real": bench.real_round,
        "bare": lambda: bench.bare_round(empty=False),
        "empty": lambda: bench.bare_round(empty=True),
        "parsing": lambda: bench.bare_round(empty=False, parse=True),
    }
    for fn in kinds.values() if not args.quick else ():  # warm-up: every path once, untimed
        asyncio.run(fn())
    rates: dict[str, list[float]] = {k: [] for k in kinds}
    order = list(kinds)
    for r in range(rounds):
        for k in order[r % len(order):] + order[:r % len(order)]:
            rates[k].append(rate(kinds[k]))

    per_task = [sum(len(ex.content) for ex in exs) for exs in bench.recorded.values()]
    figure("gate_tasks", len(bench.tasks), "tasks")
    figure("gate_requests_per_task", statistics.mean(len(v) for v in bench.recorded.values()),
           "requests")
    figure("gate_response_bytes_per_task", statistics.mean(per_task) / 1e3, "KB")
    figure("gate_tasks_per_s", statistics.median(rates["real"]), "tasks/s")
    figure("bare_gate_tasks_per_s", statistics.median(rates["bare"]), "tasks/s")
    figure("gate_over_bare_same_bytes", paired_ratio(rates["real"], rates["bare"]), "x")
    figure("bare_gate_empty_tasks_per_s", statistics.median(rates["empty"]), "tasks/s")
    figure("gate_over_bare_empty", paired_ratio(rates["real"], rates["empty"]), "x")
    figure("bare_gate_parsing_tasks_per_s", statistics.median(rates["parsing"]), "tasks/s")
    figure("gate_over_bare_parsing", paired_ratio(rates["real"], rates["parsing"]), "x")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(bench.real_round())
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
        print(out.getvalue(), file=sys.stderr)


if __name__ == "__main__":
    main()
