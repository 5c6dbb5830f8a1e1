"""Foundation figures: world build, episode create vs a bare SQLite backup, GET rates, memory.

Like for like: the bare backups of the create figure stay open while the run goes on, as
the episodes do, and are closed afterwards, as deleting episodes does (the two alternate,
so both see the same heap). The memory figures run in a fresh process whose baseline is
taken once the template is built and before any episode exists. The socket figure serves
on a free port.

Run: python bench/foundation.py   (prints one `figure: value unit` line per figure)
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import time

import httpx
import psutil
from _common import bare_clone, bench_parser, figure, median_ms

from arcadia.apps.kernel import EpisodeStore, create_server, get_settings
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec, generate_world
from arcadia.world.robotics.comms import generate_comms
from arcadia.world.robotics.sheets import generate_sheets

SPEC = WorldSpec(seed=0, headcount=800)
QUICK_SPEC = WorldSpec(seed=0, headcount=60)  # --quick: the figures mean nothing anyway
GET_PATH = "/hris/api/gateway.php/arcadia/v1/employees/{id}/?fields=firstName,lastName,jobTitle"


def bench_world(spec: WorldSpec, runs: int) -> None:
    figure("world_build_800_people", median_ms(lambda: generate_world(spec), runs), "ms")
    # The mail/calendar and spreadsheet parts of that build, on the same world.
    world = generate_world(spec)
    figure("world_comms_generation", median_ms(lambda: generate_comms(world), runs), "ms")
    figure("world_sheets_generation", median_ms(lambda: generate_sheets(world), runs), "ms")


def bench_clone(store: EpisodeStore, spec: WorldSpec, runs: int) -> None:
    template = store.template(spec)
    made: list[str] = []
    bare: list[sqlite3.Connection] = []

    def create() -> None:
        # An episode clones an app's database on first use; open every app, so that the
        # figure compares the same work as the bare backup of every database.
        episode = store.create(spec)
        for name in episode.dbs:
            episode.dbs[name]
        made.append(episode.id)

    def create_lazy() -> None:
        made.append(store.create(spec).id)

    def bare_backup() -> None:
        bare.extend(bare_clone(db.conn) for db in template.dbs.values())

    create_times, bare_times, lazy_times = [], [], []
    for _ in range(runs):
        create_times.append(median_ms(create, 1))
        bare_times.append(median_ms(bare_backup, 1))
        lazy_times.append(median_ms(create_lazy, 1))
    for episode_id in made:
        store.delete(episode_id)
    for conn in bare:
        conn.close()
    create_ms, backup_ms = statistics.median(create_times), statistics.median(bare_times)
    size = sum(db.size_bytes() for db in template.dbs.values())
    figure("template_bytes", size / 1e6, "MB")
    figure("episode_create", create_ms, "ms")
    figure("bare_sqlite_backup_live_same_dbs", backup_ms, "ms")
    figure("episode_create_over_live_bare_backup", create_ms / backup_ms, "x")
    figure("episode_create_before_first_use", statistics.median(lazy_times), "ms")


async def _get_rate(client: httpx.AsyncClient, headers: dict[str, str], ids: list[int],
                    n: int, concurrency: int) -> float:
    async def worker(k: int) -> None:
        for i in range(k, n, concurrency):
            r = await client.get(GET_PATH.format(id=ids[i % len(ids)]), headers=headers)
            assert r.status_code == 200, r.text

    start = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(concurrency)))
    return n / (time.perf_counter() - start)


def bench_asgi(store: EpisodeStore, spec: WorldSpec, calls: int) -> None:
    server = create_server(list(store.apps.values()), store)
    episode = store.create(spec)
    hr = next(p for p in episode.world.people if "hr" in p.roles)
    token, _ = store.mint(episode.id, hr.id)
    ids = [p.id for p in episode.world.people]

    async def run() -> float:
        transport = httpx.ASGITransport(app=server)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            await _get_rate(client, {"Authorization": f"Bearer {token}"}, ids, calls // 10, 1)
            return statistics.median([await _get_rate(
                client, {"Authorization": f"Bearer {token}"}, ids, calls, 1) for _ in range(3)])

    figure("get_by_id_asgi", asyncio.run(run()), "calls/s")
    store.delete(episode.id)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bench_socket(spec: WorldSpec, calls: int) -> None:
    port = free_port()
    env = dict(os.environ, ARCADIA_ADMIN_TOKEN="bench-admin-token-0123456789")
    proc = subprocess.Popen([sys.executable, "-m", "arcadia.agents.cli", "serve", "--port",
                             str(port), "--headcount", str(spec.headcount)],
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        token = None
        assert proc.stdout is not None
        for line in proc.stdout:
            match = re.search(r"token for .*: (\S+)$", line)
            if match:
                token = match.group(1)
                break
        assert token, "serve did not print a demo token"
        ids = [p.id for p in generate_world(spec).people]
        base = f"http://127.0.0.1:{port}"

        async def run() -> float:
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                for _ in range(100):
                    try:
                        await client.get("/")
                        break
                    except httpx.TransportError:
                        await asyncio.sleep(0.1)
                headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
                await _get_rate(client, headers, ids, calls // 10, 8)
                return statistics.median([await _get_rate(client, headers, ids, calls, 8)
                                          for _ in range(3)])

        figure("get_by_id_socket", asyncio.run(run()), "calls/s")
    finally:
        proc.terminate()
        proc.wait()
        proc.stdout.close()  # type: ignore[union-attr]


def bench_memory(spec: WorldSpec, count: int) -> None:
    """RSS per live episode; then whether deleting frees it: a second round of `count`
    episodes must fit in the memory the first freed (glibc keeps freed pages for reuse;
    `malloc_trim` hands them back to the OS). Run it in a fresh process (`memory_in_child`):
    a baseline taken after other episodes were freed would hide their reusable pages."""
    store = EpisodeStore(load_specs())
    store.template(spec)
    gc.collect()
    rss = lambda: psutil.Process().memory_info().rss  # noqa: E731
    before = rss()
    peaks = []
    for _ in range(2):
        episodes = [store.create(spec) for _ in range(count)]
        for e in episodes:  # every app's database opened (cloned): the most an episode holds
            for name in e.dbs:
                e.dbs[name]
        gc.collect()
        peaks.append(rss())
        db_bytes = statistics.mean(sum(db.size_bytes() for db in e.dbs.values())
                                   for e in episodes)
        for e in episodes:
            store.delete(e.id)
        del episodes
        gc.collect()
    per_episode = (peaks[0] - before) / count
    figure("live_episodes", count, "episodes")
    figure("rss_per_episode", per_episode / 1e6, "MB")
    figure("db_bytes_per_episode", db_bytes / 1e6, "MB")
    figure("rss_per_episode_over_db_bytes", per_episode / db_bytes, "x")
    figure("rss_second_round_peak_over_first", (peaks[1] - before) / (peaks[0] - before), "x")
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    figure("rss_after_delete_and_trim_over_before", rss() / before, "x")


def start_memory_child(spec: WorldSpec, count: int) -> subprocess.Popen[str]:
    """`bench_memory` in a fresh interpreter (see `finish_memory_child`)."""
    return subprocess.Popen([sys.executable, os.path.abspath(__file__), "--memory-child",
                             str(count), "--headcount", str(spec.headcount)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_memory_child(child: subprocess.Popen[str]) -> None:
    """Wait for the memory child and print its figure lines here."""
    out, err = child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"memory child failed:\n{err}")
    print(out, end="", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--memory-child", type=int, metavar="COUNT",
                        help="(internal) only the memory figures, in this process")
    parser.add_argument("--headcount", type=int, default=SPEC.headcount, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    get_settings()
    if args.memory_child:
        bench_memory(WorldSpec(seed=SPEC.seed, headcount=args.headcount), args.memory_child)
        return
    quick = args.quick
    spec = QUICK_SPEC if quick else SPEC
    # --quick overlaps the memory child with the rest (its figures mean nothing then);
    # a real run starts it alone, at the end, so that it measures an unloaded process.
    child = start_memory_child(spec, 4) if quick else None
    store = EpisodeStore(load_specs())
    bench_world(spec, 1 if quick else 5)
    bench_clone(store, spec, 3 if quick else 50)
    bench_asgi(store, spec, 50 if quick else 2000)
    bench_socket(spec, 40 if quick else 2000)
    # 100 live episodes: with seven apps an episode that opens them all holds ~85 MB of
    # databases, so 200 would ask for 17 GB of this 24 GB machine.
    finish_memory_child(child or start_memory_child(spec, 100))


if __name__ == "__main__":
    main()
