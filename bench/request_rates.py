"""Per-request figures: a by-id GET and a write through the embedded server, each against a
bare FastAPI `async def` route on the same `httpx.ASGITransport` in the same run.

The bare routes sit at the same paths, take the same parameters, find the episode's
database by bearer token, and do the barest version of the work on a `sqlite3` backup of
the same template database: the GET reads the employee's row by primary key, the write
runs one UPDATE and a commit (the template's changelog triggers fire on it, as in an
episode). Both answer with the bytes the real app returned for the same request (recorded
first). Every batch runs in a fresh episode (or a fresh bare clone) so state growth
biases neither; real and bare batches alternate and the ratios are medians of per-round
pairs. (Not `bench/requests.py`: on `sys.path[0]` it would shadow the `requests` package.)

Run: python bench/request_rates.py [--rounds N] [--calls N]
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import time
from collections.abc import Callable, Coroutine
from typing import Any

import httpx
from _common import bare_clone, bench_parser, figure, paired_ratio
from fastapi import FastAPI, Request, Response

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec

SPEC = WorldSpec(seed=0, headcount=800)
QUICK_SPEC = WorldSpec(seed=0, headcount=60)  # --quick: the figures mean nothing anyway
APP = "hris"
TABLE, PHONE = "employee", "work_phone"  # hris's employee rows and the column workPhone is
EMPLOYEE = "/hris/api/gateway.php/arcadia/v1/employees/{id}/"
FIELDS = "firstName,lastName,jobTitle"


def phone(i: int) -> str:
    return f"412-555-{i % 10000:04d}"


class Bench:
    def __init__(self, calls: int, spec: WorldSpec = SPEC) -> None:
        self.spec = spec
        self.store = EpisodeStore(load_specs())
        self.server = create_server(list(self.store.apps.values()), self.store)
        template = self.store.template(spec)
        self.template = template.dbs[APP].conn
        self.ids = [p.id for p in template.world.people]
        self.hr = next(p for p in template.world.people
                       if "hr" in p.roles and p.status != "terminated").id
        table = self.store.apps[APP].metadata.tables[TABLE]
        pk = [c.name for c in table.primary_key.columns]
        assert len(pk) == 1 and PHONE in table.c, f"{APP}.{TABLE} changed shape; adapt the bench"
        self.read_sql = f'SELECT * FROM "{TABLE}" WHERE "{pk[0]}" = ?'
        self.write_sql = f'UPDATE "{TABLE}" SET "{PHONE}" = ? WHERE "{pk[0]}" = ?'
        self.calls = calls
        self.got: dict[int, bytes] = {}
        self.wrote: dict[int, bytes] = {}  # call number -> response bytes
        self.bare_conns: dict[str, sqlite3.Connection] = {}
        self.bare_writes: dict[str, int] = {}  # token -> writes so far (picks the bytes)
        self.bare = self._bare_app()

    def _bare_app(self) -> FastAPI:
        app = FastAPI()
        conns, got, wrote, counts = self.bare_conns, self.got, self.wrote, self.bare_writes

        @app.get(EMPLOYEE.replace("{id}", "{employee_id}"))
        async def get_employee(employee_id: int, request: Request,
                               fields: str | None = None) -> Response:
            conn = conns[request.headers["authorization"].removeprefix("Bearer ")]
            conn.execute(self.read_sql, (employee_id,)).fetchone()
            return Response(got[employee_id], media_type="application/json")

        @app.post(EMPLOYEE.replace("{id}", "{employee_id}"))
        async def update_employee(employee_id: int, request: Request) -> Response:
            token = request.headers["authorization"].removeprefix("Bearer ")
            body = await request.json()
            conns[token].execute(self.write_sql, (body["workPhone"], employee_id))
            conns[token].commit()
            n = counts[token] = counts.get(token, -1) + 1
            return Response(wrote[n], media_type="application/json")

        return app

    # one batch each ------------------------------------------------------------------------
    def _target(self, i: int) -> int:
        return self.ids[i % len(self.ids)]

    async def _gets(self, client: httpx.AsyncClient, token: str, record: bool) -> None:
        headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        for i in range(self.calls):
            eid = self._target(i)
            r = await client.get(EMPLOYEE.format(id=eid), params={"fields": FIELDS},
                                 headers=headers)
            if r.status_code != 200:
                raise RuntimeError(f"GET {eid}: {r.status_code} {r.text[:200]}")
            if record:
                self.got[eid] = r.content

    async def _writes(self, client: httpx.AsyncClient, token: str, record: bool) -> None:
        headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        for i in range(self.calls):
            eid = self._target(i)
            r = await client.post(EMPLOYEE.format(id=eid), json={"workPhone": phone(i)},
                                  headers=headers)
            if r.status_code != 200:
                raise RuntimeError(f"POST {eid}: {r.status_code} {r.text[:200]}")
            if record:
                self.wrote[i] = r.content

    async def real(self, kind: str, record: bool = False) -> float:
        episode = self.store.create(self.spec)
        token, _ = self.store.mint(episode.id, self.hr)
        try:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.server),
                                         base_url="http://bench") as client:
                start = time.perf_counter()
                if kind == "get":
                    await self._gets(client, token, record)
                else:
                    await self._writes(client, token, record)
                return self.calls / (time.perf_counter() - start)
        finally:
            self.store.delete(episode.id)

    async def bare_batch(self, kind: str) -> float:
        token = f"bare-{kind}"
        self.bare_conns[token] = bare_clone(self.template)
        try:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.bare),
                                         base_url="http://bench") as client:
                start = time.perf_counter()
                if kind == "get":
                    await self._gets(client, token, False)
                else:
                    await self._writes(client, token, False)
                return self.calls / (time.perf_counter() - start)
        finally:
            self.bare_conns.pop(token).close()
            self.bare_writes.pop(token, None)


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="alternating batch pairs")
    parser.add_argument("--calls", type=int, default=400, help="requests per batch")
    args = parser.parse_args(argv)
    rounds, calls = (1, 20) if args.quick else (args.rounds, args.calls)
    bench = Bench(calls, QUICK_SPEC if args.quick else SPEC)
    asyncio.run(bench.real("get", record=True))  # records the bytes, warms every path
    asyncio.run(bench.real("write", record=True))
    asyncio.run(bench.bare_batch("get"))
    asyncio.run(bench.bare_batch("write"))

    runs: dict[str, Callable[[], Coroutine[Any, Any, float]]] = {
        "get": lambda: bench.real("get"), "bare_get": lambda: bench.bare_batch("get"),
        "write": lambda: bench.real("write"), "bare_write": lambda: bench.bare_batch("write"),
    }
    rates: dict[str, list[float]] = {k: [] for k in runs}
    for r in range(rounds):
        for kind in ("get", "write"):
            pair = [kind, f"bare_{kind}"]
            for k in pair if r % 2 == 0 else pair[::-1]:
                rates[k].append(asyncio.run(runs[k]()))

    figure("calls_per_batch", calls, "calls")
    figure("get_by_id", statistics.median(rates["get"]), "calls/s")
    figure("bare_get_by_id", statistics.median(rates["bare_get"]), "calls/s")
    figure("get_by_id_over_bare", paired_ratio(rates["get"], rates["bare_get"]), "x")
    figure("write", statistics.median(rates["write"]), "calls/s")
    figure("bare_write", statistics.median(rates["bare_write"]), "calls/s")
    figure("write_over_bare", paired_ratio(rates["write"], rates["bare_write"]), "x")


if __name__ == "__main__":
    main()
