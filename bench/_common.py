"""What every bench script prints and how it times: `figure: value unit` lines, medians."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def figure(name: str, value: float, unit: str) -> None:
    print(f"{name}: {value:.3f} {unit}", flush=True)


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
