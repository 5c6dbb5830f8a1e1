"""Different seeds, the same business: every seed's key figures are near the parameters'."""

from __future__ import annotations

import statistics

import pytest

from arcadia.world.agency.figures import FIGURES, TOLERANCES, agency_figures, expected_figures
from arcadia.world.agency.population import load_population
from arcadia.world.agency.sample import NOW
from tests.world.agency.conftest import SEEDS, agency

EXPECTED = expected_figures()


def test_expected_figures_follow_the_parameters() -> None:
    assert EXPECTED == pytest.approx({
        "job_orders_per_client": 3.81, "candidates_per_job_order": 5.3458,
        "submissions_per_placement": 6.7334, "mean_markup_bp": 3836.0, "fill_rate": 0.6107},
        rel=1e-3)
    params = load_population()
    params["pipeline"]["accept"] = 1.0
    params["markup"]["below_floor_share"] = 0.0
    changed = expected_figures(params)
    assert changed["fill_rate"] > EXPECTED["fill_rate"]
    assert changed["submissions_per_placement"] < EXPECTED["submissions_per_placement"]
    assert changed["mean_markup_bp"] == params["markup"]["target"]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_figure_within_tolerance(seed: int) -> None:
    figures = agency_figures(agency(seed), NOW)
    assert figures["mature_job_orders"] >= 60
    for name in FIGURES:
        assert figures[name] == pytest.approx(EXPECTED[name], rel=TOLERANCES[name]), name


def test_mean_over_seeds_is_tighter() -> None:
    rows = [agency_figures(agency(seed), NOW) for seed in SEEDS]
    for name in FIGURES:
        mean = statistics.fmean(row[name] for row in rows)
        assert mean == pytest.approx(EXPECTED[name], rel=TOLERANCES[name] / 4), name


def test_a_changed_parameter_moves_the_figure() -> None:
    from arcadia.world.agency.sample import sample_agency

    params = load_population()
    params["job_orders"]["rate_per_client_week"] = {"small": 0.3, "mid": 0.7, "enterprise": 1.6}
    params["markup"]["target"] = 5000
    busy = agency_figures(sample_agency(0, params), NOW, params)
    expected = expected_figures(params)
    assert expected["job_orders_per_client"] == pytest.approx(
        2 * EXPECTED["job_orders_per_client"])
    for name in ("job_orders_per_client", "mean_markup_bp"):
        assert busy[name] == pytest.approx(expected[name], rel=TOLERANCES[name]), name
