"""Oracle rollouts through `arcadia eval`'s runner, against the same cycle from bare parts.

A rollout is one attempt of `run_eval`: a fresh episode, the oracle's gold over the apps'
HTTP routes (ASGI, one process), the grade, the row and trace written to the run
directory, the episode deleted. The bare cycle is `bench/gate.py`'s bare gold episode (a
`sqlite3` backup of the apps the task uses, the recorded bytes from a bare catch-all route,
a small-table read) with no no-op episode, at the same concurrency. Both over the hand
corpus (every situation), alternating round by round; the ratio is the median of per-round
pairs. Then K=4 over the committed generated corpus with the oracle, timed whole.

Run: python bench/runner.py [--rounds N] [--concurrency C] [--no-corpus]
(one `figure: value unit` line each)
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from _common import bench_parser, figure, paired_ratio
from gate import ROOT, Bench

from arcadia.agents.registry import OracleAgent
from arcadia.agents.runner import EvalConfig, run_eval

HAND = [p for p in sorted((ROOT / "corpus").glob("*/*.json"))
        if not (p.parent / "generation.json").exists()]  # not a generated corpus


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--no-corpus", action="store_true",
                        help="skip K=4 over corpus/arcadia-v1")
    args = parser.parse_args(argv)
    rounds = 1 if args.quick else args.rounds
    bench = Bench(files=HAND[:2] if args.quick else HAND)
    bench.setup()
    tmp = Path(tempfile.mkdtemp(prefix="arcadia-bench-runner-"))
    tasks_dir = tmp / "tasks"
    tasks_dir.mkdir()
    for p in bench.tasks:
        (tasks_dir / f"{p.id}.json").write_text(p.model_dump_json(by_alias=True))
    n = len(bench.tasks)
    runs = 0

    def real() -> float:
        nonlocal runs
        runs += 1
        cfg = EvalConfig("oracle", tasks_dir, tmp / f"run{runs}", k=1,
                         concurrency=args.concurrency)
        start = time.perf_counter()
        rows = asyncio.run(run_eval(cfg, bench.env, OracleAgent()))
        elapsed = time.perf_counter() - start
        if any(r["class"] != "completed" for r in rows):
            raise SystemExit(f"oracle did not complete: {[r['detail'] for r in rows]}")
        return n / elapsed

    def bare() -> float:
        async def go() -> None:
            gate = asyncio.Semaphore(args.concurrency)

            async def one(task):  # type: ignore[no-untyped-def]
                async with gate:
                    await bench._bare_episode(task, bench.apps[False])
            await asyncio.gather(*(one(t) for t in bench.tasks))
        start = time.perf_counter()
        asyncio.run(go())
        return n / (time.perf_counter() - start)

    real(), bare()  # warm-up, untimed
    rates: dict[str, list[float]] = {"real": [], "bare": []}
    for r in range(rounds):
        for kind in (["real", "bare"] if r % 2 == 0 else ["bare", "real"]):
            rates[kind].append(real() if kind == "real" else bare())
    figure("runner_tasks", n, "tasks")
    figure("oracle_rollouts_per_s", statistics.median(rates["real"]), "rollouts/s")
    figure("bare_rollouts_per_s", statistics.median(rates["bare"]), "rollouts/s")
    figure("oracle_over_bare", paired_ratio(rates["real"], rates["bare"]), "x")

    if not args.no_corpus and not args.quick:
        corpus = ROOT / "corpus" / "arcadia-v1"
        cfg = EvalConfig("oracle", corpus, tmp / "corpus", k=4, concurrency=args.concurrency)
        env = type(bench.env)()
        start = time.perf_counter()
        rows = asyncio.run(run_eval(cfg, env, OracleAgent()))
        elapsed = time.perf_counter() - start
        figure("corpus_k4_rollouts", len(rows), "rollouts")
        figure("corpus_k4_completed", sum(r["class"] == "completed" for r in rows), "rollouts")
        figure("corpus_k4_oracle_s", elapsed, "s (templates built inside)")


if __name__ == "__main__":
    main()
