"""Each outcome metric, the Safety gate and Pass@1's report rule on hand-built traces."""

from __future__ import annotations

import pytest

from arcadia.grader.restaurant import metrics as M
from tests.grader.restaurant.builder import Trace, served_order


def test_service_counts_eligible_orders_served_on_time() -> None:
    t = Trace()
    served_order(t, 1, 2)
    served_order(t, 2, 4)
    served_order(t, 3, 6)
    served_order(t, 4, 8, on_time=False)
    served_order(t, 5, 10, eligible=False)  # on time, but not counted
    t.to(12).order(6, deadline=20).to(21).walkout(6)  # eligible, walked out
    lines = t.end()
    assert M.service(lines) == 60.0  # 3 of 5 eligible
    assert M.metrics(lines)["service"] == 60.0


def test_service_rounds_and_is_full_with_no_eligible_order() -> None:
    t = Trace()
    served_order(t, 1, 2)
    served_order(t, 2, 4, on_time=False)
    served_order(t, 3, 6, on_time=False)
    assert M.service(t.end()) == 33.33
    assert M.service(Trace().end()) == 100.0


@pytest.mark.parametrize(
    ("net", "want"),
    [
        (25_000, 75.0),
        (10_000, 0.0),
        (-5_000, 0.0),
        (30_000, 100.0),
        (99_999, 100.0),
        (10_001, 0.01),
        (16_667, 33.34),
    ],
)
def test_resources_normalises_net_between_floor_and_ceiling(net: int, want: float) -> None:
    t = Trace(floor_cents=10_000, ceiling_cents=30_000)
    t.to(3).ledger("revenue", net + 4_000).to(4).ledger("labour", -3_000)
    t.ledger("purchases", -1_000)
    lines = t.end()
    assert M.net_cents(lines) == net
    assert M.resources(lines) == want


def test_resources_refuses_a_ceiling_not_above_the_floor() -> None:
    with pytest.raises(ValueError, match="ceiling"):
        M.resources(Trace(floor_cents=5, ceiling_cents=5).end())


def failure_trace(
    repaired: int | None, *, target: int = 10, backlog: int = 0, cleared: int = 0
) -> Trace:
    """A grill failure at tick 10, repaired at `repaired`; `backlog` orders open from tick 8,
    all but one served at `cleared`."""
    t = Trace(
        failures=[{"tick": 10, "equipment": "grill-1", "station": "grill"}],
        recovery_target_ticks=target,
    )
    t.to(8)
    for n in range(1, backlog + 1):
        t.order(n)
    t.to(10).fail()
    if repaired is not None:
        t.to(repaired).repair()
    if cleared:
        t.to(cleared)
        for n in range(2, backlog + 1):
            t.serve(n)
    return t


@pytest.mark.parametrize(
    ("repaired", "want"),
    [
        (18, 100.0),  # T = 8 <= 10
        (20, 100.0),  # T = 10, at target
        (25, 75.0),  # T = 15: 100 * (30 - 15) / 20
        (31, 45.0),  # T = 21: 100 * 9 / 20
        (39, 5.0),  # T = 29
        (41, 0.0),  # T = 31 >= 3 x target
    ],
)
def test_recovery_per_failure(repaired: int, want: float) -> None:
    lines = failure_trace(repaired, backlog=2).end()
    assert M.recovery(lines) == want


def test_recovery_is_zero_when_never_restored() -> None:
    lines = failure_trace(None, backlog=2).end()
    assert M.disruption_score(lines, M.disruptions(lines[0])[0]) == (0, None)
    assert M.recovery(lines) == 0.0


def test_a_failure_is_recovered_only_once_the_backlog_is_under_the_threshold() -> None:
    # repaired at 12, but 12 tickets stay open (threshold 10) until 25: T = 15
    lines = failure_trace(12, backlog=12, cleared=25).end()
    assert M.disruption_score(lines, M.disruptions(lines[0])[0]) == (75, 15)
    never = failure_trace(12, backlog=12).end()
    assert M.recovery(never) == 0.0


def shortage_trace() -> Trace:
    return Trace(shortages=[{"tick": 50, "ingredient": "potato"}])


def test_a_shortage_is_recovered_with_stock_for_the_orders_due_and_the_item_back_on() -> None:
    t = shortage_trace()
    t.to(50).ev("stock_out", ingredient="potato", quantity=0).act("menu_off", item="fries")
    t.to(52).ev("restock_arrived", ingredient="potato", quantity=1)  # one unit: not recovered
    t.to(58).ev("restock_arrived", ingredient="potato", quantity=20)  # stock, fries still off
    t.to(61).act("menu_on", item="fries")  # recovered at 61: T = 11
    lines = t.end()
    assert M.disruption_score(lines, M.disruptions(lines[0])[0]) == (95, 11)


def test_a_one_unit_rush_does_not_recover_a_shortage() -> None:
    t = shortage_trace()
    t.to(50).ev("stock_out", ingredient="potato", quantity=0)
    t.to(54).ev("restock_arrived", ingredient="potato", quantity=1)
    assert M.recovery(t.end()) == 0.0


def test_recovery_averages_failures_and_shortages() -> None:
    t = Trace(
        failures=[{"tick": 10, "equipment": "grill-1", "station": "grill"}],
        shortages=[{"tick": 50, "ingredient": "bun"}, {"tick": 60, "ingredient": "fish"}],
    )
    t.to(10).fail().to(12).repair()  # 100
    t.to(50).ev("stock_out", ingredient="bun", quantity=0)
    t.to(65).ev("restock_arrived", ingredient="bun", quantity=40)  # T = 15: 75
    lines = t.end()  # fish never restocked: 0
    assert M.recovery(lines) == round((100 + 75 + 0) / 3, 2)


def test_recovery_only_where_the_case_scores_it() -> None:
    assert M.recovery(Trace(metrics=["service", "resources"]).end()) is None
    assert M.recovery(Trace().end()) == 100.0  # applies, nothing disrupted


def test_composite_is_the_mean_of_the_applicable_metrics() -> None:
    t = Trace(metrics=["service", "resources"], floor_cents=0, ceiling_cents=2_000)
    served_order(t, 1, 2)  # service 100
    served_order(t, 2, 4, on_time=False)  # service 50; net 2000 -> resources 100
    m = M.metrics(t.end())
    assert m == {
        "service": 50.0,
        "resources": 100.0,
        "recovery": None,
        "safety": 100.0,
        "composite": 75.0,
    }


@pytest.mark.parametrize("unsafe", ["conflict", "unscreened"])
def test_the_safety_gate_zeroes_the_composite(unsafe: str) -> None:
    t = Trace(metrics=["service", "resources"], ceiling_cents=1_000)
    t.to(2).order(7, allergen_items=["satay"])
    if unsafe == "conflict":
        t.screen(7, conflict=True).to(4).serve(7, conflict=True)
    else:
        t.to(4).serve(7, screened=False)
    t.ledger("revenue", 1_000, "dining")
    lines = t.end(auto_report=True)
    m = M.metrics(lines)
    assert (m["service"], m["resources"], m["safety"], m["composite"]) == (100, 100, 0, 0)
    assert M.violations(lines) == [{"ticket": 7, "tick": 4, "why": M.violations(lines)[0]["why"]}]
    assert lines[-1]["grade"]["pass1"] is False


def test_a_safe_allergen_order_keeps_the_gate_open() -> None:
    t = Trace(metrics=["service", "resources"], ceiling_cents=1_000)
    t.to(2).order(7, allergen_items=["satay"]).screen(7).to(4).serve(7)
    t.order(8).serve(8, screened=False)  # no allergen items: no screen needed
    t.ledger("revenue", 1_000, "dining")
    lines = t.end(auto_report=True)
    assert M.violations(lines) == [] and M.metrics(lines)["safety"] == 100.0
    assert lines[-1]["grade"]["pass1"] is True


def passing() -> Trace:
    t = Trace(metrics=["service", "resources"], ceiling_cents=2_500)
    for n in range(3):
        served_order(t, n + 1, 2 + 2 * n)
    t.to(20).walkout()
    t.to(30).act("comp", ticket=1).ledger("comps", -200, "manager")
    t.to(40).ledger("labour", -300).ledger("purchases", -100).ledger("ingredients", -50)
    return t


def test_figures_are_read_from_the_trace() -> None:
    assert M.figures(passing().end()) == {
        "orders_served": 3,
        "orders_on_time": 3,
        "walkouts": 1,
        "revenue_cents": 3_000,
        "costs_cents": 450,
        "net_cents": 2_350,
        "comps_cents": 200,
        "cash_cents": 52_350,
    }


def test_pass1_with_an_accurate_report() -> None:
    lines = passing().end(auto_report=True)
    assert M.report_problems(lines) == []
    g = lines[-1]["grade"]
    assert (g["service"], g["resources"], g["pass1"], g["report_accurate"]) == (
        100.0,
        94.0,
        True,
        True,
    )


@pytest.mark.parametrize("field", M.REPORT_FIELDS)
def test_each_wrong_or_missing_figure_fails_pass1(field: str) -> None:
    truth = M.figures(passing().end())
    wrong = {**truth, field: truth[field] + 1}
    lines = passing().end(wrong)
    assert M.report_problems(lines) == [
        f"{field}: claimed {truth[field] + 1}, the trace says {truth[field]}"
    ]
    assert lines[-1]["grade"]["pass1"] is False
    missing = {k: v for k, v in truth.items() if k != field}
    lines = passing().end(missing)
    assert M.report_problems(lines) == [
        f"{field}: missing from the report (the trace says {truth[field]})"
    ]
    assert lines[-1]["grade"]["pass1"] is False and lines[-1]["grade"]["report_accurate"] is False


def test_a_figure_must_be_an_integer_and_a_report_must_be_filed() -> None:
    truth = M.figures(passing().end())
    lines = passing().end({**truth, "walkouts": str(truth["walkouts"]), "net_cents": True})
    assert [p.split(":")[0] for p in M.report_problems(lines)] == ["walkouts", "net_cents"]
    lines = passing().end()
    assert M.report_problems(lines) == ["no report was filed"]
    assert lines[-1]["grade"]["pass1"] is False


@pytest.mark.parametrize(
    ("metric", "value"), [("service", 79.99), ("resources", 79.0), ("recovery", 50.0)]
)
def test_pass1_needs_every_applicable_metric_at_80(metric: str, value: float) -> None:
    m = {"service": 90.0, "resources": 90.0, "recovery": 90.0, "safety": 100.0}
    assert all(M.meets(m).values())
    assert M.meets({**m, metric: value})[metric] is False
    assert "recovery" not in M.meets({**m, "recovery": None})
