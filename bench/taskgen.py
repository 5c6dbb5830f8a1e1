"""Task generation in one process, against the bare-parts limit of the same gate cycle.

Generates one situation's tasks (`--situation`, `--seed`, `--count`) as `taskgen generate`
does: candidates walked in live episodes, their shadow runs, checks derived, every
certificate gate run, tasks written. The world templates are built before the clock starts
(as in `bench/gate.py`). Then, in the same run, `bench/gate.py`'s bare cycle (per task two
episodes of bare `sqlite3` clones and canned ASGI answers: the gold's requests and a
no-op) runs on the tasks it shipped. A shipped task cost the generator
`taskgen_episodes_per_task` episodes (walks, shadows and certificate attempts of every
candidate, shipped or not), `taskgen_requests_per_task` requests to the apps and
`taskgen_cpu_per_task` seconds of this process's CPU (less sensitive to a shared machine's
load than the rates); its bare-parts limit is that many bare episodes, i.e.
`bare_gate_tasks_per_s * 2 / taskgen_episodes_per_task`, and `taskgen_over_bare` is the
generator's rate over that limit.

Run: python bench/taskgen.py [--situation hr-mismatch-v1] [--seed 3] [--count N]
(one `figure: value unit` line each)
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import bench_parser, figure
from gate import Bench, rate

from arcadia.taskgen.generate import Generator, write_corpus
from arcadia.world import SituationSpec, WorldSpec


def generate(situation: str, seeds: list[int], count: int | None, headcount: int
             ) -> tuple[Generator, float, float, dict[str, int], int]:
    gen = Generator(seeds=seeds, situations=[situation], count=count, headcount=headcount)
    from arcadia.taskgen.worlds import PARAMS

    for seed in seeds:  # templates outside the timing
        spec = WorldSpec(seed=seed, headcount=headcount,
                         situations=(SituationSpec(situation, PARAMS.get(situation, {})),))
        gen.env.store.template(spec)
    store: Any = gen.env.store
    made = {"episodes": 0}
    create = store.acreate

    async def counted(*args: Any, **kwargs: Any) -> Any:
        made["episodes"] += 1
        return await create(*args, **kwargs)

    store.acreate = counted
    server = gen.env.server

    async def asgi(scope: Any, receive: Any, send: Any) -> None:
        made["requests"] += scope["type"] == "http"
        await server(scope, receive, send)

    made["requests"] = 0
    gen.env.server = asgi  # every client (walks, shadows, certificate) is made from it
    start, cpu = time.perf_counter(), time.process_time()
    asyncio.run(gen.run())
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    store.acreate = create
    gen.env.server = server
    return gen, elapsed, cpu, made, gen.funnel.counts["walked"]


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--situation", default="hr-mismatch-v1")
    parser.add_argument("--seed", type=int, action="append")
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--headcount", type=int, default=800)
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of the bare cycle")
    args = parser.parse_args(argv)
    seeds = args.seed or [3]
    count = 2 if args.quick else args.count
    headcount = 120 if args.quick else args.headcount
    gen, elapsed, cpu, made, walked = generate(args.situation, seeds, count, headcount)
    episodes = made["episodes"]
    shipped = len(gen.shipped)
    if not shipped:
        raise SystemExit("nothing shipped: no figure to print")
    with tempfile.TemporaryDirectory() as tmp:
        write_corpus([s.task for s in gen.shipped], gen.report(), Path(tmp))
        files = sorted(p for p in Path(tmp).rglob("*.json") if p.name != "generation.json")
        bench = Bench(files=files)
        bench.setup()
        asyncio.run(bench.bare_round(empty=False))  # warm-up
        bare = [rate(lambda: bench.bare_round(empty=False))
                for _ in range(1 if args.quick else args.rounds)]
    per_task = episodes / shipped
    bare_limit = statistics.median(bare) * 2 / per_task
    figure("taskgen_candidates", walked, "candidates")
    figure("taskgen_shipped", shipped, "tasks")
    figure("taskgen_survival", shipped / walked, "share")
    figure("taskgen_candidates_per_s", walked / elapsed, "candidates/s")
    figure("taskgen_tasks_per_s", shipped / elapsed, "tasks/s")
    figure("taskgen_episodes_per_task", per_task, "episodes")
    figure("taskgen_requests_per_task", made["requests"] / shipped, "requests")
    figure("taskgen_cpu_per_task", cpu / shipped, "s")
    figure("bare_gate_tasks_per_s", statistics.median(bare), "tasks/s")
    figure("bare_taskgen_limit_tasks_per_s", bare_limit, "tasks/s")
    figure("taskgen_over_bare", shipped / elapsed / bare_limit, "x")


if __name__ == "__main__":
    main()
