"""The restaurant shift: simulation ticks per second, one heuristic episode validated and
scored, and the nine heuristic episodes end to end through `arcadia eval`'s runner.

- `shift_ticks_per_s`: `Shift.start` then 120 × (heuristic decides, submit, advance), in
  one process, no HTTP, over the nine (case, seed) episodes;
- `episode_validated_scored_ms`: one whole heuristic episode, then what the grader does
  with it (`outcome_of`, as `shift_outcome` does with the app's rows): the recorded ticks
  re-simulated once and compared hash by hash, the footer graded, the complete trace
  validated and scored (median over the nine episodes);
- `eval_nine_episodes_s`: `run_eval` with the `heuristic` agent over corpus/restaurant-v1
  (the embedded apps, concurrency 4): every tick over HTTP, graded, traces and rubric
  reviews written (the first round, `eval_nine_episodes_cold_s`, also builds the world's
  template; the figure is the median of the rounds after it); `eval_episodes_pass1`
  counts the episodes meeting Pass@1;
- issue 31's calibration targets, from one `run_eval` each of the heuristic (the rounds
  above), the noop and the oracle (the planner's published plans, the ceiling):
  `<agent>_pass1_<case>` (episodes of three meeting Pass@1) and `<agent>_composite_<case>`
  (mean Composite), for agent heuristic, planner and noop; `targets_met` is 1 when the
  heuristic meets Pass@1 on at most 3 of 9 with its Saturday Night composite below its
  Dinner Rush one, the planner on 9 of 9 and the noop on none (0 otherwise; with
  `--quick`, over one episode, the figures mean nothing).

Run: python bench/restaurant.py [--rounds N]   (`--quick`: one episode, one round)
(one `figure: value unit` line each)
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from _common import bench_parser, figure

from arcadia.agents.registry import NoopAgent, OracleAgent
from arcadia.agents.runner import EvalConfig, run_eval
from arcadia.agents.worlds.restaurant.heuristic import HeuristicAgent
from arcadia.grader import EmbeddedEnvironment
from arcadia.grader.restaurant.outcome import outcome_of
from arcadia.world.restaurant import CASE_IDS, SEEDS, TICKS, Shift, load_case
from arcadia.world.restaurant.policies import heuristic, run_policy, submit_all

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "restaurant-v1"


def ticks_per_s(episodes: list[tuple[str, int]]) -> float:
    start = time.perf_counter()
    for case_id, seed in episodes:
        shift = Shift.start(load_case(case_id), seed)
        while not shift.finished:
            submit_all(shift, heuristic(shift.observe()))
            shift.advance()
    return len(episodes) * TICKS / (time.perf_counter() - start)


def episode_ms(case_id: str, seed: int) -> tuple[float, float]:
    """(the whole episode, of which simulating it) in ms."""
    start = time.perf_counter()
    body = run_policy(load_case(case_id), seed, heuristic)
    simulated = time.perf_counter()
    graded = outcome_of(case_id, seed, body)  # what the grader does with the app's rows
    end = time.perf_counter()
    if not graded.valid:
        raise SystemExit(f"{case_id} seed {seed}: the heuristic's trace is invalid: "
                         f"{graded.reason}")
    return (end - start) * 1000, (simulated - start) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    rounds = 1 if args.quick else args.rounds
    episodes = [(c, s) for c in CASE_IDS for s in SEEDS]
    if args.quick:
        episodes = episodes[:1]
    ticks_per_s(episodes[:1])  # warm-up, untimed
    figure("shift_ticks_per_s", statistics.median(ticks_per_s(episodes) for _ in range(rounds)),
           "ticks/s")
    timed = [episode_ms(c, s) for _ in range(rounds) for c, s in episodes]
    figure("episode_validated_scored_ms", statistics.median(t for t, _ in timed), "ms")
    figure("episode_simulated_ms", statistics.median(s for _, s in timed), "ms")

    tmp = Path(tempfile.mkdtemp(prefix="arcadia-bench-restaurant-"))
    tasks = CORPUS
    if args.quick:
        tasks = tmp / "tasks"
        tasks.mkdir()
        first = sorted(CORPUS.glob("*.json"))[0]
        (tasks / first.name).write_bytes(first.read_bytes())
    env = EmbeddedEnvironment()
    times, passed = [], 0
    for r in range(rounds + (0 if args.quick else 1)):
        cfg = EvalConfig("heuristic", tasks, tmp / f"run{r}", concurrency=4)
        start = time.perf_counter()
        rows = asyncio.run(run_eval(cfg, env, HeuristicAgent()))
        times.append(time.perf_counter() - start)
        passed = sum(1 for row in rows if (row.get("shift") or {}).get("pass1"))
        if any(not (row.get("shift") or {}).get("valid") for row in rows):
            raise SystemExit(f"the heuristic's shifts are not all valid: "
                             f"{[r['detail'] for r in rows]}")
    figure("eval_nine_episodes_cold_s", times[0], "s")  # the world's template built inside
    figure("eval_nine_episodes_s", statistics.median(times[1:] or times), "s")
    figure("eval_episodes_pass1", passed, "episodes")
    runs = {"heuristic": rows}
    for name, agent in (("planner", OracleAgent()), ("noop", NoopAgent())):
        cfg = EvalConfig(agent.name, tasks, tmp / name, concurrency=4)
        runs[name] = asyncio.run(run_eval(cfg, env, agent))
    targets(runs)


def targets(runs: dict[str, list[dict]]) -> None:
    """Pass@1 and mean Composite per agent and case; whether issue 31's targets are met."""
    passed: dict[str, int] = {}
    composite: dict[tuple[str, str], float] = {}
    for name, rows in runs.items():
        shifts = [row["shift"] for row in rows if row.get("shift")]
        passed[name] = sum(1 for x in shifts if x["pass1"])
        for case in CASE_IDS:
            mine = [x for x in shifts if x["case"] == case]
            figure(f"{name}_pass1_{case.replace('-', '_')}", sum(x["pass1"] for x in mine),
                   "episodes")
            composite[(name, case)] = (statistics.fmean(float(x["composite"] or 0) for x in mine)
                                       if mine else 0.0)
            figure(f"{name}_composite_{case.replace('-', '_')}", composite[(name, case)],
                   "points")
    met = (passed["heuristic"] <= 3 and passed["planner"] == len(runs["planner"]) == 9
           and passed["noop"] == 0 and composite[("heuristic", "saturday-night")]
           < composite[("heuristic", "dinner-rush")])
    figure("targets_met", 1.0 if met else 0.0, "bool")


if __name__ == "__main__":
    main()
