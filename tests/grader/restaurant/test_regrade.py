"""Regrade: reviews stored traces into rubric.jsonl, side by side; results.jsonl untouched."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from arcadia.grader.restaurant import regrade, review
from arcadia.grader.restaurant.metrics import canonical
from arcadia.grader.restaurant.outcome import seal
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.policies import do_nothing, run_policy
from tests.grader.restaurant.conftest import sealed

V1, V2 = "restaurant-rubric/v1", "restaurant-rubric/v2"


def write(path: Path, lines: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(canonical(ln) + b"\n" for ln in lines))


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    write(tmp_path / "traces" / "dinner-rush-s1" / "0.shift.jsonl", sealed())
    write(tmp_path / "traces" / "dinner-rush-s1" / "1.shift.jsonl",
          seal(run_policy(sim.load_case("dinner-rush"), 1, do_nothing)))
    write(tmp_path / "traces" / "quiet-tuesday-s1" / "0.shift.jsonl", sealed("quiet-tuesday"))
    results = [{"task": "dinner-rush-s1", "attempt": 0, "score": 1.0,
                "shift": {"composite": 100.0, "pass1": True}}]
    (tmp_path / "results.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n"
                                                      for r in results))
    return tmp_path


def rows(run_dir: Path) -> list[dict]:
    return [orjson.loads(ln) for ln in (run_dir / "rubric.jsonl").read_bytes().splitlines()]


def test_regrade_keeps_results_and_both_rubric_versions(run_dir: Path) -> None:
    results = (run_dir / "results.jsonl").read_bytes()
    got = regrade(run_dir, V1)
    assert [(r["task"], r["attempt"], r["rubric"]) for r in got] == [
        ("dinner-rush-s1", 0, V1), ("dinner-rush-s1", 1, V1), ("quiet-tuesday-s1", 0, V1)]
    regrade(run_dir, V2)
    assert (run_dir / "results.jsonl").read_bytes() == results
    written = rows(run_dir)
    assert [r["rubric"] for r in written] == [V1] * 3 + [V2] * 3
    assert written[3] == {"task": "dinner-rush-s1", "attempt": 0, **review(sealed(), V2)}
    assert {r["total"] for r in written if r["rubric"] == V2} == {6}
    # Regrading one version again replaces its rows only; the other stays byte-identical.
    before = (run_dir / "rubric.jsonl").read_bytes().splitlines()
    regrade(run_dir, V2)
    after = (run_dir / "rubric.jsonl").read_bytes().splitlines()
    assert after == before
    regrade(run_dir, V1)
    assert (run_dir / "rubric.jsonl").read_bytes().splitlines() == before[3:] + before[:3]
    assert (run_dir / "results.jsonl").read_bytes() == results
    assert sorted(p.name for p in run_dir.iterdir()) == ["results.jsonl", "rubric.jsonl",
                                                        "traces"]


def test_regrade_reviews_no_invalid_trace(run_dir: Path) -> None:
    bad = sealed("quiet-tuesday")
    bad[-1]["grade"]["composite"] = 1.0
    write(run_dir / "traces" / "quiet-tuesday-s1" / "0.shift.jsonl", bad)
    got = regrade(run_dir, V2)
    assert got[-1] == {"task": "quiet-tuesday-s1", "attempt": 0, "rubric": V2,
                       "valid": False, "reason": got[-1]["reason"]}
    assert "grade differs" in got[-1]["reason"]
    assert [(r["task"], r["attempt"]) for r in rows(run_dir)] == [
        ("dinner-rush-s1", 0), ("dinner-rush-s1", 1)]


def test_an_unknown_rubric_writes_nothing(run_dir: Path) -> None:
    with pytest.raises(KeyError, match="unknown rubric"):
        regrade(run_dir, "restaurant-rubric/v9")
    assert not (run_dir / "rubric.jsonl").exists()
