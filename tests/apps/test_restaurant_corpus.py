"""The restaurant corpus (`corpus/restaurant-v1`): nine tasks, one per (case, seed), written
by `python -m arcadia.apps.restaurant.corpus`; through the production grader and the agents'
HTTP path, the gold (the planner's published plan) passes and the no-op scores 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arcadia.apps.restaurant.corpus import SHIFT_TURNS
from arcadia.grader import EmbeddedEnvironment, load_task, score_steps
from arcadia.world.restaurant import CASE_IDS, SEEDS

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "restaurant-v1"
PATHS = sorted(CORPUS.glob("*.json"))
TASKS = [load_task(p) for p in PATHS]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("restaurant").store)


def test_nine_tasks_one_per_case_and_seed() -> None:
    assert len(TASKS) == len(CASE_IDS) * len(SEEDS) == 9
    assert {(t.situation.params["case"], t.world.seed) for t in TASKS if t.situation} == \
        {(c, s) for c in CASE_IDS for s in SEEDS}
    for task in TASKS:
        assert task.world.spec == "restaurant" and task.actor == "manager@arcadia-kitchen.example"
        assert task.situation is not None and task.situation.id == "restaurant-shift-v1"
        assert [c.kind for c in task.checks] == ["restaurant-pass1-v1"]
        assert [g.kind for g in task.guards] == ["restaurant-safety-v1"]
        assert {s.app for s in task.gold} == {"restaurant"} == set(task.meta.apps)
        assert task.gold[-1].path == "/report"
        assert sum(s.body["ticks"] for s in task.gold if s.path == "/advance") == 120
        # the gold fits the budget the instruction states, as every agent must
        assert len(task.gold) <= SHIFT_TURNS
        assert f"You have {SHIFT_TURNS} turns" in task.instruction
        assert "recovered at the first tick" in task.instruction or \
            task.situation.params["case"] == "quiet-tuesday"


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    out = tmp_path / "restaurant-v1"
    subprocess.run([sys.executable, "-m", "arcadia.apps.restaurant.corpus", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    written = sorted(out.glob("*.json"))
    assert [p.name for p in written] == [p.name for p in PATHS]
    for mine, theirs in zip(written, PATHS, strict=True):
        assert mine.read_bytes() == theirs.read_bytes(), mine.name


def test_each_task_pins_the_world_the_environment_builds(env) -> None:
    for task in TASKS:
        world = env.store.template(task.world_spec()).world
        assert world.content_hash() == task.world.content_hash, task.id


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
async def test_gold_passes_and_the_noop_scores_zero(env, task) -> None:
    gold = await score_steps(task, env, task.gold)
    assert gold.score == 1.0 and gold.outcome == "pass", gold
    noop = await score_steps(task, env, [])
    assert noop.score == 0.0 and noop.outcome == "fail", noop


async def test_the_certificate_runs_the_outcome_gates_and_says_why_not_the_record_ones(
        env) -> None:
    """A shift is graded on its trace: the record gates (each write needed, no duplicate, no
    unasked field, values read) do not apply and say so; the others run for real."""
    from arcadia.grader.certify import Certifier, certified, judges_records

    task = TASKS[0]
    assert not judges_records(task)
    cert = await Certifier(env).certify(task)
    assert certified(cert), cert
    for gate in ("omissions", "duplicate-creates", "optional-fields", "tools-required"):
        assert cert[gate].reason.startswith("not applicable"), (gate, cert[gate])
    assert cert["no-op"].reason == "scores 0"
    assert "strict prefix" in cert["prefixes"].reason  # a shift cut short never passes
    hand = load_task(ROOT / "corpus" / "hr-mismatch" / "hr-mismatch-mail-leaver.json")
    assert judges_records(hand)
