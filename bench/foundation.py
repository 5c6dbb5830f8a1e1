"""Foundation figures: world build, episode create vs a bare SQLite backup, GET rates, memory.

Run: python bench/foundation.py   (prints one `figure: value unit` line per figure)
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time

import httpx
import psutil
from _common import figure, median_ms

from arcadia.apps.kernel import EpisodeStore, create_server, get_settings
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec, generate_world

SPEC = WorldSpec(seed=0, headcount=800)
GET_PATH = "/hris/api/gateway.php/arcadia/v1/employees/{id}/?fields=firstName,lastName,jobTitle"


def bench_world() -> None:
    figure("world_build_800_people", median_ms(lambda: generate_world(SPEC), 5), "ms")


def bench_clone(store: EpisodeStore) -> None:
    template = store.template(SPEC)
    made: list[str] = []

    def create() -> None:
        made.append(store.create(SPEC).id)

    def bare_backup() -> None:
        for db in template.dbs.values():
            copy = sqlite3.connect(":memory:")
            db.conn.backup(copy)
            copy.close()

    create_ms = median_ms(create, 50)
    backup_ms = median_ms(bare_backup, 50)
    for episode_id in made:
        store.delete(episode_id)
    size = sum(db.size_bytes() for db in template.dbs.values())
    figure("template_bytes", size / 1e6, "MB")
    figure("episode_create", create_ms, "ms")
    figure("bare_sqlite_backup_same_dbs", backup_ms, "ms")
    figure("episode_create_over_bare_backup", create_ms / backup_ms, "x")


async def _get_rate(client: httpx.AsyncClient, headers: dict[str, str], ids: list[int],
                    n: int, concurrency: int) -> float:
    async def worker(k: int) -> None:
        for i in range(k, n, concurrency):
            r = await client.get(GET_PATH.format(id=ids[i % len(ids)]), headers=headers)
            assert r.status_code == 200, r.text

    start = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(concurrency)))
    return n / (time.perf_counter() - start)


def bench_asgi(store: EpisodeStore) -> None:
    server = create_server(list(store.apps.values()), store)
    episode = store.create(SPEC)
    hr = next(p for p in episode.world.people if "hr" in p.roles)
    token, _ = store.mint(episode.id, hr.id)
    ids = [p.id for p in episode.world.people]

    async def run() -> float:
        transport = httpx.ASGITransport(app=server)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            await _get_rate(client, {"Authorization": f"Bearer {token}"}, ids, 200, 1)
            return statistics.median([await _get_rate(
                client, {"Authorization": f"Bearer {token}"}, ids, 2000, 1) for _ in range(3)])

    figure("get_by_id_asgi", asyncio.run(run()), "calls/s")
    store.delete(episode.id)


def bench_socket() -> None:
    port = 8791
    env = dict(os.environ, ARCADIA_ADMIN_TOKEN="bench-admin-token-0123456789")
    proc = subprocess.Popen([sys.executable, "-m", "arcadia.agents.cli", "serve", "--port",
                             str(port)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        token = None
        assert proc.stdout is not None
        for line in proc.stdout:
            match = re.search(r"token for .*: (\S+)$", line)
            if match:
                token = match.group(1)
                break
        assert token, "serve did not print a demo token"
        ids = [p.id for p in generate_world(SPEC).people]
        base = f"http://127.0.0.1:{port}"

        async def run() -> float:
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                for _ in range(100):
                    try:
                        await client.get("/")
                        break
                    except httpx.TransportError:
                        await asyncio.sleep(0.1)
                headers = {"Authorization": f"Bearer {token}"}
                await _get_rate(client, headers, ids, 200, 8)
                return statistics.median([await _get_rate(client, headers, ids, 2000, 8)
                                          for _ in range(3)])

        figure("get_by_id_socket", asyncio.run(run()), "calls/s")
    finally:
        proc.terminate()
        proc.wait()


def bench_memory(store: EpisodeStore, count: int = 200) -> None:
    """RSS per live episode; then whether deleting frees it: a second round of `count`
    episodes must fit in the memory the first freed (glibc keeps freed pages for reuse;
    `malloc_trim` hands them back to the OS)."""
    store.template(SPEC)
    gc.collect()
    rss = lambda: psutil.Process().memory_info().rss  # noqa: E731
    before = rss()
    peaks = []
    for _ in range(2):
        episodes = [store.create(SPEC) for _ in range(count)]
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


def main() -> None:
    get_settings()
    store = EpisodeStore(load_specs())
    bench_world()
    bench_clone(store)
    bench_asgi(store)
    bench_socket()
    bench_memory(store)


if __name__ == "__main__":
    main()
