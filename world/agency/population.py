"""The agency's population parameters (`population.json`) and the draws they are used with.

`population.json` is versioned (`"version"`) and documents every key in its `"doc"` map.
Everything here is a pure function of its arguments and an explicit `random.Random`.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Mapping, Sequence
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

POPULATION = Path(__file__).parent / "population.json"

Params = Mapping[str, Any]


@functools.cache
def _load(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def load_population(path: Path = POPULATION) -> dict[str, Any]:
    """The population parameters (a fresh dict each call: callers may change their copy)."""
    params: dict[str, Any] = json.loads(_load(path))
    missing = sorted(k for k in params if k not in ("doc",) and k not in params["doc"])
    if missing:
        raise ValueError(f"population keys without documentation: {missing}")
    return params


def weighted(rng: random.Random, weights: Mapping[str, float]) -> str:
    """One key of `weights`, drawn in the mapping's order (JSON order: stable)."""
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def poisson(rng: random.Random, mean: float) -> int:
    """A Poisson draw (Knuth's product of uniforms, split in chunks so exp() never
    underflows for the means used here)."""
    count = 0
    while mean > 0:
        chunk = min(mean, 30.0)
        mean -= chunk
        limit, product = math.exp(-chunk), rng.random()
        while product > limit:
            count += 1
            product *= rng.random()
    return count


def poisson_pmf(mean: float, k: int) -> float:
    return math.exp(-mean + k * math.log(mean) - math.lgamma(k + 1)) if mean > 0 \
        else float(k == 0)


def weekday(day: date) -> date:
    """`day`, or the Monday after it when it falls on a weekend."""
    return day + timedelta(days=(7 - day.weekday()) % 7 if day.weekday() >= 5 else 0)


def at_work(rng: random.Random, day: date) -> datetime:
    """A business-hours moment (08:00-17:59, whole minutes) on `day`."""
    return datetime.combine(day, time(rng.randint(8, 17), rng.randrange(0, 60)))


def later(rng: random.Random, moment: datetime, days: Sequence[int]) -> datetime:
    """A business-hours moment `days` [low, high] days after `moment`, on a weekday."""
    return at_work(rng, weekday(moment.date() + timedelta(days=rng.randint(*days))))


def maturity_days(params: Params) -> int:
    """Days after which a job order's pipeline has run its course: the longest chain of
    pipeline steps, each pushed over at most one weekend."""
    pipe = params["pipeline"]
    steps = ("submit_days", "interview_days", "offer_days", "accept_days")
    return sum(pipe[s][1] for s in steps) + 2 * len(steps)


def family_industry(params: Params) -> dict[str, str]:
    """Job family -> its industry, in the population's order."""
    return {family: industry for industry, families in params["skills"].items()
            for family in families}
