"""Restaurant simulation figures: ticks per second, and one full heuristic episode simulated
(the slowest of the three cases, median of runs; target ≤ 50 ms), and its replay.

Run: python bench/restaurant_sim.py   (prints one `figure: value unit` line per figure)
"""

from __future__ import annotations

from typing import Any

from _common import bench_parser, figure, median_ms

from arcadia.world.restaurant import CASE_IDS, TICKS, Shift, load_case, simulate
from arcadia.world.restaurant.policies import heuristic, run_policy


def _recorded(lines: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    actions: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        if line.get("kind") == "action":
            actions.setdefault(line["tick"], []).append(line["action"])
    return actions


def _crew_only(case_id: str) -> None:
    shift = Shift.start(load_case(case_id), 1)
    while not shift.finished:
        shift.advance()


def main(argv: list[str] | None = None) -> None:
    args = bench_parser(__doc__).parse_args(argv)
    runs = 1 if args.quick else 15
    cases = [load_case(c) for c in CASE_IDS]
    crew_ms = max(median_ms(lambda c=c: _crew_only(c.id), runs) for c in cases)
    episode_ms = max(median_ms(lambda c=c: run_policy(c, 1, heuristic), runs) for c in cases)
    replays = {c.id: _recorded(run_policy(c, 1, heuristic)) for c in cases}
    replay_ms = max(median_ms(lambda c=c: simulate(c, 1, replays[c.id]), runs) for c in cases)
    figure("restaurant_ticks_per_s", TICKS * 1000 / crew_ms, "ticks/s")
    figure("restaurant_heuristic_episode_ms", episode_ms, "ms")
    figure("restaurant_replay_episode_ms", replay_ms, "ms")


if __name__ == "__main__":
    main()
