"""Scaling out, as ratios in one run: episode create on PostgreSQL against SQLite (same
world, the HRIS database, cloned on first use; and the schema clone the issue names as
the alternative), then oracle rollouts/s on 1, 2 and 4 local
Ray workers against the single-process runner (corpus/hr-mismatch, each worker warmed by
one round first, so its template build is not timed).

Then, on paper from those figures (`--workers-on-paper 100`, `--usd-per-core-hour`, an
assumed price): where such a cluster saturates (the driver, the database) and what an hour
of it costs.

Run: python bench/scaleout.py [--runs N] [--url postgresql://...] [--no-ray]
(one `figure: value unit` line each; --quick: one tiny round of the PostgreSQL figures,
no Ray: the values mean nothing)
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from _common import bench_parser, figure

from arcadia.agents.registry import make_agent
from arcadia.agents.runner import EvalConfig, run_eval
from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.kernel.db import storage_for
from arcadia.apps.registry import load_specs
from arcadia.grader import EmbeddedEnvironment
from arcadia.world import WorldSpec

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "hr-mismatch"
TASKS = sorted(CORPUS.glob("*.json"))
SPEC = WorldSpec(seed=7)


def create_ms(store: EpisodeStore, runs: int) -> tuple[float, float]:
    """Median ms of an episode's HRIS database made (create + first use), and deleted."""
    store.template(SPEC)
    made, dropped = [], []
    for _ in range(runs):
        start = time.perf_counter()
        ep = store.create(SPEC)
        ep.dbs["hris"].state("tick")
        made.append((time.perf_counter() - start) * 1e3)
        start = time.perf_counter()
        store.delete(ep.id)
        dropped.append((time.perf_counter() - start) * 1e3)
    return statistics.median(made), statistics.median(dropped)


def schema_clone_ms(url: str, store: EpisodeStore, runs: int) -> tuple[float, float]:
    """Median ms of the alternative the issue names, an episode as a schema clone: in one
    database (a copy of the HRIS template), `CREATE SCHEMA`, each table `LIKE ... INCLUDING
    ALL` and its rows copied, the changelog triggers made again; then `DROP SCHEMA ...
    CASCADE`. A lower bound: the clone shares the template's sequences."""
    import psycopg

    from arcadia.apps.kernel.pg import changelog_ddl, sqlalchemy_url

    template = store.template(SPEC).dbs["hris"]
    plain = sqlalchemy_url(url).replace("postgresql+psycopg://", "postgresql://", 1)
    name = "arc_e_bench_schema_clone"
    with psycopg.connect(plain, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template.name}"')  # type: ignore[arg-type]
    db_url = plain.rsplit("/", 1)[0] + f"/{name}"
    made, dropped = [], []
    try:
        with psycopg.connect(db_url, autocommit=True) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")]
            pks = {t.name: [c.name for c in t.primary_key.columns]
                   for t in template.metadata.sorted_tables}
            for i in range(runs):
                schema = f"e{i}"
                script = [f'CREATE SCHEMA "{schema}"', f'SET search_path = "{schema}", public']
                for table in tables:
                    script.append(f'CREATE TABLE "{schema}"."{table}" (LIKE public."{table}" '
                                  "INCLUDING ALL)")
                    script.append(f'INSERT INTO "{schema}"."{table}" OVERRIDING SYSTEM VALUE '
                                  f'SELECT * FROM public."{table}"')
                script += [changelog_ddl(t, pks[t.name])
                           for t in template.metadata.sorted_tables]
                script.append("SET search_path = public")
                start = time.perf_counter()
                with conn.transaction():
                    conn.execute(";\n".join(script))  # type: ignore[arg-type]
                made.append((time.perf_counter() - start) * 1e3)
                start = time.perf_counter()
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')  # type: ignore[arg-type]
                dropped.append((time.perf_counter() - start) * 1e3)
    finally:
        with psycopg.connect(plain, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
    return statistics.median(made), statistics.median(dropped)


def oracle() -> object:
    return make_agent("oracle")


def rollouts_per_s(k: int, dispatch: object = None,
                   env: EmbeddedEnvironment | None = None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = EvalConfig(agent="oracle", tasks=CORPUS, out=Path(tmp) / "run", k=k,
                         concurrency=4)
        start = time.perf_counter()
        rows = asyncio.run(run_eval(cfg, env or EmbeddedEnvironment(), oracle(),  # type: ignore[arg-type]
                                    dispatch=dispatch))  # type: ignore[arg-type]
        elapsed = time.perf_counter() - start
    assert all(r["class"] == "completed" for r in rows), rows
    return len(rows) / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("-k", type=int, default=3, help="attempts per task, Ray and local")
    parser.add_argument("--usd-per-core-hour", type=float, default=0.04,
                        help="price of one core for an hour (an assumption, not measured: "
                        "about a compute-optimised cloud vCPU on demand)")
    parser.add_argument("--workers-on-paper", type=int, default=100)
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs
    apps = load_specs(["hris"])
    sqlite_ms, sqlite_drop = create_ms(EpisodeStore(apps, storage=storage_for(None)), runs)
    figure("sqlite_episode_create_ms", sqlite_ms, "ms")
    for strategy in ("wal_log", "file_copy"):
        pg = EpisodeStore(apps, storage=storage_for(args.url, strategy=strategy))
        made, dropped = create_ms(pg, runs)
        figure(f"pg_{strategy}_episode_create_ms", made, "ms")
        figure(f"pg_{strategy}_episode_drop_ms", dropped, "ms")
        figure(f"pg_{strategy}_create_over_sqlite", made / sqlite_ms, "x")
        if strategy == "wal_log":
            wal_log_ms, pg_episode_ms = made, made + dropped
            schema_ms, schema_drop = schema_clone_ms(args.url, pg, runs)
    figure("pg_schema_clone_episode_create_ms", schema_ms, "ms")
    figure("pg_schema_clone_episode_drop_ms", schema_drop, "ms")
    figure("pg_schema_clone_over_wal_log_database", schema_ms / wal_log_ms, "x")
    if args.no_ray or args.quick:  # Ray's path is tested in tests/agents/test_ray.py
        return
    import ray

    from arcadia.agents.distributed import RayDispatcher

    k = 1 if args.quick else args.k
    # Warmed as each Ray worker is: the templates are built before the timed round.
    env = EmbeddedEnvironment()
    rollouts_per_s(1, env=env)
    local = rollouts_per_s(k, env=env)
    figure("local_oracle_rollouts_per_s", local, "/s")
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False)
    try:
        timed: dict[int, float] = {}
        driver_ms: dict[int, float] = {}
        for n in (1, 2, 4):
            dispatch = RayDispatcher(oracle, workers=n, per_worker=max(1, 4 // n))
            rollouts_per_s(1, dispatch)  # warm: every worker builds its templates
            cpu = time.process_time()
            timed[n] = rollouts_per_s(k, dispatch)
            # The driver's own CPU per rollout: scheduling, results, the run directory.
            driver_ms[n] = (time.process_time() - cpu) * 1e3 / (len(TASKS) * k)
            dispatch.shutdown()
        for n in (1, 2, 4):
            rate = timed[n]
            figure(f"ray_{n}_workers_oracle_rollouts_per_s", rate, "/s")
            figure(f"ray_{n}_workers_over_local", rate / local, "x")
            figure(f"ray_{n}_workers_driver_cpu_ms_per_rollout", driver_ms[n], "ms")
    finally:
        ray.shutdown()
    on_paper(args.workers_on_paper, per_worker=timed[1], driver_ms=driver_ms[2],
             pg_ms=pg_episode_ms, usd=args.usd_per_core_hour)


def on_paper(workers: int, *, per_worker: float, driver_ms: float, pg_ms: float,
             usd: float) -> None:
    """A `workers`-worker cluster from the figures measured above: each worker (one core)
    runs rollouts at the one-worker rate, with world state in SQLite inside it (the grader
    runs there too); the shared parts are the driver and, if world state is in
    PostgreSQL, its server. Which saturates first, and what an hour costs at `usd` a core."""
    apps = statistics.mean(len(json.loads(p.read_text())["meta"]["apps"]) for p in TASKS)
    demand = workers * per_worker
    driver_capacity = 1e3 / driver_ms
    pg_core_capacity = 1e3 / (apps * pg_ms)  # one busy server core per (create + drop)
    figure("paper_workers", workers, "workers")
    figure("paper_apps_per_episode", apps, "apps")
    figure("paper_demand_rollouts_per_s", demand, "/s")
    figure("paper_driver_capacity_rollouts_per_s", driver_capacity, "/s")
    figure("paper_driver_utilisation", demand / driver_capacity, "x")
    figure("paper_pg_rollouts_per_s_per_server_core", pg_core_capacity, "/s")
    figure("paper_pg_server_cores_needed", demand / pg_core_capacity, "cores")
    sqlite_cost = (workers + 1) * usd
    pg_cost = (workers + 1 + demand / pg_core_capacity) * usd
    figure("paper_usd_per_hour_sqlite_in_workers", sqlite_cost, "USD")
    figure("paper_usd_per_hour_postgres_world_state", pg_cost, "USD")
    figure("paper_usd_per_million_rollouts_sqlite", sqlite_cost / (demand * 3600) * 1e6, "USD")
    figure("paper_usd_per_million_rollouts_postgres", pg_cost / (demand * 3600) * 1e6, "USD")


if __name__ == "__main__":
    main()
