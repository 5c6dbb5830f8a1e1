"""Metrics over a run's attempts: mean score, pass^k, intervals across tasks, breakdowns.

Every figure is computed per task first and then averaged over tasks, and its 95%
intervals are taken across those task-level values (never over pooled attempts): a seeded
bootstrap over tasks and a Student t-interval.

Environment-error attempts (score None) are left out of every denominator: a task's `n`
counts only its valid attempts, and a task with none is left out of the task count (it is
still counted in `classes`). pass^k for a task with fewer than k valid attempts uses what
it has: its estimate for k' = n (all of its valid attempts completed), so a task is never
dropped from a k because the platform failed some of its attempts.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

__all__ = ["CLASSES", "bootstrap_interval", "compare", "estimate", "load_results", "pass_hat_k",
           "summarize", "t_cdf", "t_interval", "t_quantile", "task_values"]

CLASSES = ("completed", "partial", "agent_error", "environment_error")
RESAMPLES = 2000
CONFIDENCE = 0.95
NO_SITUATION = "(none)"

Row = dict[str, Any]


def pass_hat_k(n: int, c: int, k: int) -> float:
    """The unbiased estimate of pass^k from n attempts of which c completed: C(c,k)/C(n,k).

    The chance that k attempts drawn without replacement from the n all completed.
    """
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got n={n}, k={k}")
    return math.comb(c, k) / math.comb(n, k)


# -- the t quantile (no scipy): invert the t CDF via the regularized incomplete beta --

def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz's method)."""
    tiny, eps = 1e-300, 1e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(ln_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with `df` degrees of freedom (bisection on the CDF)."""
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"need 0 < p < 1 and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


# -- intervals across task-level values --

def _percentile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile of sorted values (q in [0, 1])."""
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def bootstrap_interval(values: Sequence[float], *, seed: int = 0,
                       resamples: int = RESAMPLES,
                       confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the mean, resampling the values (tasks) with
    replacement; deterministic for a seed. None for fewer than 2 values."""
    n = len(values)
    if n < 2:
        return None
    if all(v == values[0] for v in values):
        # Every resample is the same multiset, so every resampled mean is this one.
        mean = math.fsum(values) / n
        return mean, mean
    rng = random.Random(seed)
    means = sorted(math.fsum(rng.choices(values, k=n)) / n for _ in range(resamples))
    alpha = (1.0 - confidence) / 2.0
    return _percentile(means, alpha), _percentile(means, 1.0 - alpha)


def t_interval(values: Sequence[float], *,
               confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """mean ± t(n-1) · sd / sqrt(n); None for fewer than 2 values."""
    n = len(values)
    if n < 2:
        return None
    mean = statistics.fmean(values)
    half = t_quantile(1.0 - (1.0 - confidence) / 2.0, n - 1) * statistics.stdev(values) / (
        math.sqrt(n))
    return mean - half, mean + half


def estimate(values: Sequence[float], *, seed: int = 0) -> dict[str, Any]:
    """A mean over tasks with its intervals: {"mean", "n", "bootstrap", "t"} (intervals are
    [lo, hi] lists or None with fewer than 2 tasks; mean is None with none)."""
    boot = bootstrap_interval(values, seed=seed)
    t = t_interval(values)
    return {"mean": statistics.fmean(values) if values else None, "n": len(values),
            "bootstrap": list(boot) if boot else None, "t": list(t) if t else None}


# -- rows -> task-level values --

def load_results(run_dir: Path) -> list[Row]:
    """The rows of RUN/results.jsonl, one per (task, attempt) (a later row of the same
    attempt replaces an earlier one; a line cut short by an interruption is skipped)."""
    path = run_dir / "results.jsonl"
    rows: dict[tuple[str, int], Row] = {}
    if path.exists():
        for line in path.read_bytes().splitlines():
            try:
                row = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            rows[(row["task"], row["attempt"])] = row
    return list(rows.values())


def _valid(row: Row) -> bool:
    return row["class"] != "environment_error" and row.get("score") is not None


def _by_task(rows: Iterable[Row]) -> dict[str, list[Row]]:
    """Valid attempts per task (tasks with none are absent), sorted by task id."""
    tasks: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if _valid(row):
            tasks[row["task"]].append(row)
    return dict(sorted(tasks.items()))


def task_values(attempts: Sequence[Row], k_max: int) -> dict[str, Any]:
    """One task's mean score and pass^1..k_max from its valid attempts."""
    n = len(attempts)
    c = sum(1 for r in attempts if r["class"] == "completed")
    return {"n": n, "c": c, "mean_score": statistics.fmean(float(r["score"]) for r in attempts),
            "pass_k": [pass_hat_k(n, c, min(k, n)) for k in range(1, k_max + 1)]}


def _figures(rows: Sequence[Row], k_max: int, seed: int) -> dict[str, Any]:
    per_task = {t: task_values(a, k_max) for t, a in _by_task(rows).items()}
    classes = dict.fromkeys(CLASSES, 0)
    for row in rows:
        classes[row["class"]] = classes.get(row["class"], 0) + 1
    return {
        "tasks": len(per_task),
        "attempts": len(rows),
        "valid_attempts": sum(v["n"] for v in per_task.values()),
        "classes": classes,
        "mean_score": estimate([v["mean_score"] for v in per_task.values()], seed=seed),
        "pass_k": [{"k": k, **estimate([v["pass_k"][k - 1] for v in per_task.values()],
                                       seed=seed)} for k in range(1, k_max + 1)],
    }


def _total(rows: Sequence[Row], key: str) -> float | None:
    known = [r[key] for r in rows if r.get(key) is not None]
    return sum(known) if known else None


def summarize(rows: Sequence[Row], k_max: int, *, seed: int = 0) -> dict[str, Any]:
    """The run's figures: task and attempt counts, class counts, mean score and pass^1..K
    (each {"mean", "n", "bootstrap", "t"}), the same per situation and per app (a task
    that uses several apps counts for each), each guard kind's states (`by_guard`), usage
    totals, and each task's own values."""
    if k_max < 1:
        raise ValueError(f"k_max must be at least 1, got {k_max}")
    situations: dict[str, list[Row]] = defaultdict(list)
    apps: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        situations[row.get("situation") or NO_SITUATION].append(row)
        for app in row.get("apps") or []:
            apps[app].append(row)
    return {
        **_figures(rows, k_max, seed),
        "k_max": k_max,
        "seed": seed,
        "resamples": RESAMPLES,
        "confidence": CONFIDENCE,
        "by_situation": {s: _figures(r, k_max, seed) for s, r in sorted(situations.items())},
        "by_app": {a: _figures(r, k_max, seed) for a, r in sorted(apps.items())},
        "usage": {"input_tokens": _total(rows, "input_tokens"),
                  "output_tokens": _total(rows, "output_tokens"),
                  "cost": _total(rows, "cost"), "turns": _total(rows, "turns"),
                  "duration_s": _total(rows, "duration_s")},
        "by_guard": guard_states(rows),
        "per_task": {t: task_values(a, k_max) for t, a in _by_task(rows).items()},
    }


GUARD_STATES = ("not_triggered", "complied", "breached")


def guard_states(rows: Iterable[Row]) -> dict[str, dict[str, int]]:
    """Per guard kind (a handbook rule, the restaurant's Safety gate, no-collateral...), how
    many valid attempts left it not triggered, complied with or breached."""
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        if not _valid(row):
            continue
        for g in row.get("guards") or []:
            counts = out.setdefault(g["kind"], dict.fromkeys(GUARD_STATES, 0))
            counts[g["state"]] += 1
    return dict(sorted(out.items()))


def _k_of(rows: Sequence[Row]) -> int:
    """The most valid attempts any task has (at least 1)."""
    return max((len(a) for a in _by_task(rows).values()), default=1)


def compare(rows_a: Sequence[Row], rows_b: Sequence[Row], k_max: int | None = None, *,
            seed: int = 0) -> dict[str, Any]:
    """Paired comparison of two runs on the tasks both have valid attempts for.

    Differences are B - A per task; their mean carries the bootstrap and t intervals (an
    interval that excludes 0 is a difference the tasks support). k_max defaults to the
    smaller of the two runs' attempts per task.
    """
    ta, tb = _by_task(rows_a), _by_task(rows_b)
    k = k_max or min(_k_of(rows_a), _k_of(rows_b))
    shared = sorted(set(ta) & set(tb))
    va = {t: task_values(ta[t], k) for t in shared}
    vb = {t: task_values(tb[t], k) for t in shared}

    def paired(pick: Any) -> dict[str, Any]:
        a = [pick(va[t]) for t in shared]
        b = [pick(vb[t]) for t in shared]
        diffs = [y - x for x, y in zip(a, b, strict=True)]
        return {"a": statistics.fmean(a) if a else None,
                "b": statistics.fmean(b) if b else None,
                "diff": estimate(diffs, seed=seed),
                "b_better": sum(d > 0 for d in diffs), "a_better": sum(d < 0 for d in diffs),
                "ties": sum(d == 0 for d in diffs)}

    return {
        "tasks": len(shared),
        "k_max": k,
        "only_a": sorted(set(ta) - set(tb)),
        "only_b": sorted(set(tb) - set(ta)),
        "mean_score": paired(lambda v: v["mean_score"]),
        "pass_k": [{"k": i, **paired(lambda v, i=i: v["pass_k"][i - 1])}
                   for i in range(1, k + 1)],
        "per_task": [{"task": t, "a": va[t]["mean_score"], "b": vb[t]["mean_score"],
                      "diff": vb[t]["mean_score"] - va[t]["mean_score"]} for t in shared],
    }
