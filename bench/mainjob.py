"""The README's main job, cold and warm, and what a rollout costs beyond its calls.

- `mainjob_cold_s`, `mainjob_warm_s`, `mainjob_peak_rss_mb`: `arcadia eval --agent oracle
  --agent noop -k 2 --verify` (the default split, each run verified) in a subprocess with
  an empty cache of its own, then again with that cache filled; the peak is the largest
  process's resident set (the eval or one of its template builders). Bare part, same run:
  `python -c "import arcadia.agents.cli"` (a process that only imports the CLI).
- `noop_rollout_ms`: the runner's cost per rollout of the no-op agent (episode, toolset,
  grade, result row, trace) over the default split, K=4, warm, concurrency 8. Bare part,
  same run: creating, minting a token for and deleting the same episodes on the same store
  in the runner's (world) order, nothing else.

Run: python bench/mainjob.py [--runs N]   (one `figure: value unit` line each)
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import bench_parser, figure

from arcadia.agents.registry import make_agent
from arcadia.agents.runner import EvalConfig, load_tasks, run_eval
from arcadia.grader import EmbeddedEnvironment

ROOT = Path(__file__).resolve().parents[1]
SPLIT = ROOT / "corpus" / "default.split"


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=3, help="warm runs (median)")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="arcadia-bench-mainjob-"))
    env = {**os.environ, "ARCADIA_CACHE_DIR": str(tmp / "cache")}
    arcadia = str(Path(sys.executable).with_name("arcadia"))
    quick_tasks = ROOT / "corpus" / "restaurant-v1" / "restaurant-dinner-rush-s1.json"
    split = ["--tasks", str(quick_tasks)] if args.quick else []

    def job(n: int) -> list[str]:
        return [arcadia, "eval", "--agent", "oracle", "--agent", "noop", "-k",
                "1" if args.quick else "2", "--verify", "--out", str(tmp / f"runs{n}"),
                *split]

    bare = [_timed([sys.executable, "-c", "import arcadia.agents.cli"], env)
            for _ in range(1 if args.quick else args.runs)]
    figure("bare_import_cli_s", statistics.median(bare), "s")
    figure("mainjob_cold_s", _timed(job(0), env), "s")
    warm = [_timed(job(n), env) for n in range(1, 2 if args.quick else args.runs + 1)]
    figure("mainjob_warm_s", statistics.median(warm), "s")
    rss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    figure("mainjob_peak_rss_mb", rss_kb / 1024, "MB")

    # The runner's own cost per rollout, against episodes made and deleted bare.
    os.environ["ARCADIA_CACHE_DIR"] = env["ARCADIA_CACHE_DIR"]
    from arcadia.apps.kernel import get_settings

    get_settings.cache_clear()
    source = quick_tasks if args.quick else SPLIT
    tasks = load_tasks(source)
    environment = EmbeddedEnvironment()
    for task in tasks:
        environment.store.template(task.world_spec())
    k = 1 if args.quick else 4

    async def runner(n: int) -> float:
        cfg = EvalConfig(agent="noop", tasks=source, out=tmp / f"noop{n}", k=k, concurrency=8)
        start = time.perf_counter()
        await run_eval(cfg, environment, make_agent("noop"))
        return (time.perf_counter() - start) * 1000 / (len(tasks) * k)

    in_world_order = sorted(tasks * k, key=lambda t: (t.world_spec().key(), t.id))

    def episodes() -> float:  # as the runner orders them: a world's attempts together
        start = time.perf_counter()
        for task in in_world_order:
            episode = environment.store.create(task.world_spec())
            environment.store.mint(episode.id, task.actor)
            environment.store.delete(episode.id)
        return (time.perf_counter() - start) * 1000 / (len(tasks) * k)

    asyncio.run(runner(-1))  # warms the toolsets and the grader's first imports
    ours, floor = [], []
    for n in range(1 if args.quick else args.runs):
        ours.append(asyncio.run(runner(n)))
        floor.append(episodes())
    figure("noop_rollout_ms", statistics.median(ours), "ms")
    figure("bare_episode_create_delete_ms", statistics.median(floor), "ms")
    figure("noop_rollout_overhead_ms", statistics.median(
        o - b for o, b in zip(ours, floor, strict=True)), "ms")


if __name__ == "__main__":
    main()
