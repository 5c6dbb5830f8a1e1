"""The certificate's kept states: a variant run from the gold's state after its first steps
is the attempt a fresh replay of the whole variant gives (grade, diff bytes, every step's
answer), so the gates judge the same attempts either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arcadia.grader import EmbeddedEnvironment
from arcadia.grader.certify import Certifier
from arcadia.grader.certify_runs import Attempt, States
from arcadia.grader.task import Task

TASK = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch" / \
    "hr-mismatch-three-fixes.json"


@pytest.fixture(scope="module")
def certifier(harness_for) -> Certifier:
    return Certifier(EmbeddedEnvironment(harness_for("hris", "payroll").store), version="v1")


@pytest.fixture(scope="module")
def three() -> Task:
    return Task.model_validate(json.loads(TASK.read_text()))


def seen(a: Attempt) -> tuple[object, ...]:
    return (a.grade.outcome, a.grade.score, a.digest, str(a.error),
            [(str(r.step.id), r.status, r.body) for r in a.results])


async def test_variants_from_kept_states_are_the_fresh_attempts(certifier, three):
    gold = list(three.gold)
    writes = [4, 6, 9]  # title-k (PUT), terminate-d (POST), move-r (PUT)
    states = States(gold, [*writes, len(gold)])
    kept = await certifier.attempt(three, gold, states=states)
    assert kept.perfect and sorted(states.kept) == [4, 6, 9, 10]
    fresh = await certifier.attempt(three, gold)
    assert seen(kept) == seen(fresh)  # keeping states changes nothing of the run
    terminate = gold[6].model_copy(update={"body": {**gold[6].body, "notes": "x"}})
    again = gold[4].model_copy(update={"id": "title-again"})
    variants = {
        "the gold then a write again": [*gold, again],
        "the gold with a write changed": [*gold[:6], terminate, *gold[7:]],
        "a step the app refuses after a kept state": [*gold[:4], gold[4].model_copy(
            update={"path": "/v1/jobs/no-such-job"})],
    }
    for name, steps in variants.items():
        start = states.longest(steps)
        assert start is not None, name
        assert len(start.results) < len(steps), name
        from_state = await certifier.attempt(three, steps, start=start)
        assert seen(from_state) == seen(await certifier.attempt(three, steps)), name


async def test_the_longest_kept_prefix_and_never_the_whole_variant(certifier, three):
    gold = list(three.gold)
    states = States(gold, [4, 6, 9, 10])
    await certifier.attempt(three, gold, states=states)
    assert len(states.longest([*gold, gold[0]]).results) == 10
    assert len(states.longest(gold).results) == 9  # the whole gold runs its last step
    assert len(states.longest([*gold[:7], gold[8]]).results) == 6
    assert states.longest(gold[:4]) is None
    assert states.longest([gold[1], *gold[1:]]) is None  # differs at its first step
