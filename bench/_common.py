"""What every bench script prints and how it times: `figure: value unit` lines, medians.

Every script's `main(argv)` takes `--quick` (one tiny round, for the tests: the figures
are printed but mean nothing) so that a test can prove each script still runs and prints
every figure while the kernel changes under it.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import time
from collections.abc import Callable, Sequence


def figure(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.3f} {unit}", flush=True)


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_parser(doc: str | None) -> argparse.ArgumentParser:
    """A script's arguments: `--quick` for every script; each adds its own."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="one tiny round (for the tests; the figures mean nothing)")
    return parser


def paired_ratio(ours: Sequence[float], bare: Sequence[float]) -> float:
    """Median of per-round ratios: rounds alternate, so each pair saw the same load."""
    return statistics.median(o / b for o, b in zip(ours, bare, strict=True))


def bare_clone(conn: sqlite3.Connection) -> sqlite3.Connection:
    """What an episode's database is at its barest: a backup of the template connection."""
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    conn.backup(copy)
    return copy
