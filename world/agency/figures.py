"""The agency's key figures, and what the population parameters say they should be.

`agency_figures(agency)` measures one agency; `expected_figures(params)` derives each
figure's expected value from the parameters alone (a closed form, not a simulation), and
`TOLERANCES` states how far (relative) one agency's figure may stray from it. Pipeline
figures count mature job orders only (added at least `maturity_days` before `now`), whose
pipelines have run their course; the markup counts every placement.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from datetime import datetime, timedelta
from math import comb
from typing import Any

from arcadia.world.agency.model import Agency
from arcadia.world.agency.population import load_population, maturity_days, poisson_pmf

FIGURES = ("job_orders_per_client", "candidates_per_job_order", "submissions_per_placement",
           "mean_markup_bp", "fill_rate")
# Relative tolerances, about four standard deviations of one agency's figure across seeds
# (measured over seeds 0-199: relative sd 8%, 3.4%, 7.3%, 2.0% and 7.3%; the submissions per
# placement ratio has a long tail, so five): an agency draws only ~150 job orders, ~110 of
# them mature, and ~100 placements, so its ratios are noisy. The mean over many seeds is
# held to a quarter of these (tests/world/agency/test_figures.py).
TOLERANCES: dict[str, float] = {
    "job_orders_per_client": 0.30,
    "candidates_per_job_order": 0.12,
    "submissions_per_placement": 0.35,
    "mean_markup_bp": 0.08,
    "fill_rate": 0.28,
}


def mature_cutoff(now: datetime, params: Mapping[str, Any]) -> datetime:
    """Job orders added by then have run their pipeline's course."""
    return now - timedelta(days=maturity_days(params))


def agency_figures(agency: Agency, now: datetime, params: Mapping[str, Any] | None = None
                   ) -> dict[str, float]:
    """The five figures of one agency (and the counts they rest on)."""
    params = load_population() if params is None else params
    cutoff = mature_cutoff(now, params)
    mature = {o.id: o for o in agency.job_orders if o.date_added <= cutoff}
    subs = [s for s in agency.submissions if s.job_order_id in mature]
    placements = [p for p in agency.placements if p.job_order_id in mature]
    per_order = dict.fromkeys(mature, 0)
    for sub in subs:
        per_order[sub.job_order_id] += 1
    openings = sum(o.num_openings for o in mature.values())
    return {
        "job_orders_per_client": len(agency.job_orders) / len(agency.clients),
        "candidates_per_job_order": statistics.fmean(per_order.values()),
        "submissions_per_placement": len(subs) / len(placements),
        "mean_markup_bp": statistics.fmean(p.markup_bp for p in agency.placements),
        "fill_rate": len(placements) / openings,
        "mature_job_orders": float(len(mature)),
        "placements": float(len(agency.placements)),
    }


def _binomial(n: int, p: float, k: int) -> float:
    return comb(n, k) * p ** k * (1 - p) ** (n - k)


def expected_figures(params: Mapping[str, Any] | None = None) -> dict[str, float]:
    """Each figure's expected value, from the parameters alone.

    Submissions per job order are N = min(limit, 1 + Poisson(mean - 1)); each succeeds
    (no withdrawal, interview, offer, acceptance) with p; a job order with O openings
    places min(O, Binomial(N, p)) candidates.
    """
    params = load_population() if params is None else params
    jobs, pipe, markup = params["job_orders"], params["pipeline"], params["markup"]
    sizes = params["clients"]["sizes"]
    total = sum(sizes.values())
    per_client = params["window_weeks"] * sum(
        w / total * jobs["rate_per_client_week"][s] for s, w in sizes.items())
    limit, lam = params["submission_limit"], pipe["submissions_mean"] - 1
    n_dist = {n: poisson_pmf(lam, n - 1) for n in range(1, limit)}
    n_dist[limit] = 1 - sum(n_dist.values())
    p = (1 - pipe["withdraw"]) * pipe["interview"] * pipe["offer"] * pipe["accept"]
    weights = jobs["openings"]
    o_total = sum(weights.values())
    o_dist = {int(o): w / o_total for o, w in weights.items()}
    mean_n = sum(n * q for n, q in n_dist.items())
    mean_o = sum(o * q for o, q in o_dist.items())
    mean_placed = sum(qo * qn * _binomial(n, p, k) * min(o, k)
                      for o, qo in o_dist.items() for n, qn in n_dist.items()
                      for k in range(n + 1))
    below = markup["below_floor_share"]
    return {
        "job_orders_per_client": per_client,
        "candidates_per_job_order": mean_n,
        "submissions_per_placement": mean_n / mean_placed,
        "mean_markup_bp": (1 - below) * markup["target"]
        + below * (markup["below_low"] + markup["below_high"]) / 2,
        "fill_rate": mean_placed / mean_o,
    }
