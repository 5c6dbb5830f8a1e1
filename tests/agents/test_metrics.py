"""Metrics: pass^k against hand-computed values, intervals across tasks, what is excluded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arcadia.agents.metrics import (
    bootstrap_interval,
    compare,
    load_results,
    pass_hat_k,
    summarize,
    t_interval,
    t_quantile,
)


def row(task: str, attempt: int, score: float | None, *, cls: str | None = None,
        situation: str | None = None, apps: tuple[str, ...] = ("hris",)) -> dict[str, Any]:
    if cls is None:
        cls = ("environment_error" if score is None else "completed" if score == 1.0
               else "partial" if score > 0 else "agent_error")
    return {"task": task, "attempt": attempt, "class": cls, "score": score, "detail": None,
            "situation": situation, "apps": list(apps), "checks": [], "guards": [],
            "outcome": None, "input_tokens": 10, "output_tokens": 5, "cost": 0.01,
            "turns": 2, "duration_s": 0.5, "retries": 0}


@pytest.mark.parametrize(("n", "c", "k", "expected"), [
    (4, 2, 2, 1 / 6),      # C(2,2)/C(4,2) = 1/6
    (4, 2, 1, 1 / 2),
    (4, 3, 2, 1 / 2),      # C(3,2)/C(4,2) = 3/6
    (5, 3, 3, 1 / 10),     # 1/C(5,3)
    (4, 4, 4, 1.0),
    (4, 3, 4, 0.0),
    (8, 6, 3, 20 / 56),    # C(6,3)/C(8,3)
])
def test_pass_hat_k_hand_computed(n: int, c: int, k: int, expected: float) -> None:
    assert pass_hat_k(n, c, k) == pytest.approx(expected)


def test_pass_hat_k_rejects_impossible_counts() -> None:
    for n, c, k in [(3, 4, 1), (3, 2, 4), (3, 2, 0)]:
        with pytest.raises(ValueError):
            pass_hat_k(n, c, k)


@pytest.mark.parametrize(("p", "df", "expected"), [
    (0.975, 1, 12.7062), (0.975, 2, 4.3027), (0.975, 5, 2.5706), (0.975, 10, 2.2281),
    (0.975, 30, 2.0423), (0.975, 1000, 1.9623), (0.95, 4, 2.1318), (0.025, 10, -2.2281),
])
def test_t_quantile_matches_the_table(p: float, df: int, expected: float) -> None:
    assert t_quantile(p, df) == pytest.approx(expected, abs=1e-3)


def test_summary_averages_pass_k_over_tasks() -> None:
    # task a: 4 attempts, 2 completed; task b: 4 attempts, all completed.
    rows = [row("a", i, s) for i, s in enumerate([1.0, 0.0, 1.0, 0.5])]
    rows += [row("b", i, 1.0) for i in range(4)]
    s = summarize(rows, 4)
    assert s["tasks"] == 2
    assert s["classes"] == {"completed": 6, "partial": 1, "agent_error": 1,
                            "environment_error": 0}
    pk = {p["k"]: p["mean"] for p in s["pass_k"]}
    assert pk[1] == pytest.approx((1 / 2 + 1) / 2)
    assert pk[2] == pytest.approx((1 / 6 + 1) / 2)
    assert pk[3] == pytest.approx((0 + 1) / 2)
    assert s["mean_score"]["mean"] == pytest.approx((2.5 / 4 + 1.0) / 2)
    assert s["per_task"]["a"] == {"n": 4, "c": 2, "mean_score": 0.625,
                                  "pass_k": pytest.approx([0.5, 1 / 6, 0.0, 0.0])}


def test_environment_errors_leave_every_denominator() -> None:
    clean = [row("a", 0, 1.0), row("a", 1, 0.0), row("b", 0, 1.0), row("b", 1, 1.0)]
    noisy = clean + [row("a", 2, None), row("b", 2, None), row("c", 0, None)]
    s, t = summarize(clean, 2), summarize(noisy, 2)
    for key in ("mean_score",):
        assert s[key] == t[key]
    assert s["pass_k"] == t["pass_k"]
    assert t["tasks"] == 2  # c had only environment errors
    assert t["valid_attempts"] == 4
    assert t["classes"]["environment_error"] == 3


def test_a_task_short_of_k_valid_attempts_uses_what_it_has() -> None:
    rows = [row("a", 0, 1.0), row("a", 1, None), row("a", 2, 1.0),
            row("b", 0, 1.0), row("b", 1, 0.0), row("b", 2, 1.0)]
    s = summarize(rows, 3)
    assert s["per_task"]["a"]["pass_k"] == [1.0, 1.0, 1.0]  # k=3 falls back to k'=n=2
    assert s["per_task"]["b"]["pass_k"] == pytest.approx([2 / 3, 1 / 3, 0.0])


def _tasks(n: int) -> list[dict[str, Any]]:
    # a spread of per-task scores, repeated so every size has the same mean and spread
    pattern = [1.0, 0.0, 0.5, 1.0, 0.0, 0.25, 0.75, 1.0]
    return [row(f"t{i:03}", 0, pattern[i % len(pattern)]) for i in range(n)]


def test_intervals_widen_as_tasks_shrink() -> None:
    widths: dict[str, list[float]] = {"bootstrap": [], "t": []}
    for n in (64, 16, 8):
        est = summarize(_tasks(n), 1)["mean_score"]
        assert est["n"] == n
        for kind in widths:
            lo, hi = est[kind]
            assert lo <= est["mean"] <= hi
            widths[kind].append(hi - lo)
    for kind, w in widths.items():
        assert w[0] < w[1] < w[2], (kind, w)


def test_intervals_are_deterministic_and_need_two_tasks() -> None:
    values = [0.0, 0.5, 1.0, 1.0, 0.25]
    assert bootstrap_interval(values, seed=3) == bootstrap_interval(values, seed=3)
    assert bootstrap_interval([1.0]) is None and t_interval([1.0]) is None
    one = summarize([row("a", 0, 1.0)], 1)
    assert one["mean_score"] == {"mean": 1.0, "n": 1, "bootstrap": None, "t": None}
    empty = summarize([row("a", 0, None)], 1)
    assert empty["mean_score"]["mean"] is None and empty["tasks"] == 0


def test_breakdowns_per_situation_and_app() -> None:
    rows = [row("a", 0, 1.0, situation="spend-anomaly-v1", apps=("mail", "spend")),
            row("b", 0, 0.0, situation="hr-mismatch-v1", apps=("hris",)),
            row("c", 0, 0.5, apps=("mail",))]
    s = summarize(rows, 1)
    assert set(s["by_situation"]) == {"spend-anomaly-v1", "hr-mismatch-v1", "(none)"}
    assert s["by_situation"]["hr-mismatch-v1"]["mean_score"]["mean"] == 0.0
    assert set(s["by_app"]) == {"mail", "spend", "hris"}
    assert s["by_app"]["mail"]["tasks"] == 2
    assert s["by_app"]["mail"]["mean_score"]["mean"] == pytest.approx(0.75)
    assert s["usage"]["cost"] == pytest.approx(0.03)


def test_compare_pairs_shared_tasks() -> None:
    a = [row(f"t{i}", j, 0.0 if i % 2 else 1.0) for i in range(10) for j in range(2)]
    b = [row(f"t{i}", j, 1.0) for i in range(1, 11) for j in range(2)]
    c = compare(a, b)
    assert c["tasks"] == 9 and c["only_a"] == ["t0"] and c["only_b"] == ["t10"]
    assert c["k_max"] == 2
    assert c["mean_score"]["diff"]["mean"] == pytest.approx(5 / 9)
    assert c["mean_score"]["b_better"] == 5 and c["mean_score"]["ties"] == 4
    lo, hi = c["mean_score"]["diff"]["t"]
    assert lo < 5 / 9 < hi
    assert [p["k"] for p in c["pass_k"]] == [1, 2]
    same = compare(a, a)
    assert same["mean_score"]["diff"]["mean"] == 0.0
    assert same["mean_score"]["diff"]["bootstrap"] == [0.0, 0.0]


def test_load_results_keeps_the_last_row_of_an_attempt(tmp_path: Path) -> None:
    lines = [json.dumps(row("a", 0, None)), json.dumps(row("a", 0, 1.0)),
             json.dumps(row("a", 1, 0.0)), '{"task": "a", "att']
    (tmp_path / "results.jsonl").write_text("\n".join(lines))
    rows = load_results(tmp_path)
    assert sorted((r["attempt"], r["score"]) for r in rows) == [(0, 1.0), (1, 0.0)]
    assert load_results(tmp_path / "missing") == []


def test_each_guard_kind_counts_its_states_over_valid_attempts_only() -> None:
    """The per-rule breakdown: how often each guard (a handbook rule, the Safety gate) was
    not triggered, complied with or breached; environment errors count nowhere."""
    def guarded(task: str, attempt: int, score: float | None, *states: tuple[str, str]
                ) -> dict[str, Any]:
        r = row(task, attempt, score)
        r["guards"] = [{"id": k, "kind": k, "state": st, "passed": st != "breached",
                        "reason": ""} for k, st in states]
        return r

    rows = [guarded("a", 0, 1.0, ("handbook-consent-v1", "complied"),
                    ("no-collateral-v1", "not_triggered")),
            guarded("a", 1, 0.0, ("handbook-consent-v1", "breached"),
                    ("no-collateral-v1", "complied")),
            guarded("b", 0, 1.0, ("handbook-consent-v1", "not_triggered")),
            guarded("b", 1, None, ("handbook-consent-v1", "breached"))]  # environment error
    assert summarize(rows, 2)["by_guard"] == {
        "handbook-consent-v1": {"not_triggered": 1, "complied": 1, "breached": 1},
        "no-collateral-v1": {"not_triggered": 1, "complied": 1, "breached": 0},
    }
