"""The grade: pass, fail or ungradeable; weighted checks times guards that are breached.

Each outcome is forced here: pass, fail, and ungradeable from a raising check, a raising
guard, an unknown kind, bad parameters, a verdict of the wrong type, and an environment
failure while diffing. An ungradeable grade has no score, so it cannot be averaged in.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arcadia.grader import (
    CHECKS,
    GUARDS,
    AppUnreachable,
    Diff,
    EpisodeLost,
    EpisodeRef,
    Grade,
    GradeContext,
    Record,
    Task,
    grade,
    grade_episode,
    score_steps,
)
from arcadia.grader.checks import TableParams, kind
from arcadia.world import WorldSpec, generate_world

WORLD = generate_world(WorldSpec(seed=1, headcount=60))
JOB_OLD = {"uuid": "j1", "title": "Buyer"}
JOB_NEW = {"uuid": "j1", "title": "Senior Buyer"}


def task(checks, guards=()):
    return Task.model_validate({
        "id": "t", "world": {"seed": 1, "headcount": 60}, "actor": 1001, "instruction": "x",
        "gold": [{"app": "payroll", "method": "GET", "path": "/v1/token_info"}],
        "checks": checks, "guards": list(guards)})


def field_set(value, weight=1):
    return {"id": f"c{value}", "kind": "field-set-v1", "weight": weight,
            "params": {"app": "payroll", "table": "jobs", "where": {"uuid": "j1"},
                       "field": "title", "value": value}}


CTX = GradeContext(Diff([Record("payroll", "jobs", ("j1",), JOB_OLD, JOB_NEW,
                                {"title": ("Buyer", "Senior Buyer")})]), WORLD)
ALLOW_JOBS = {"id": "g", "kind": "no-collateral-v1",
              "params": {"allow": [{"app": "payroll", "table": "jobs"}]}}
ALLOW_NOTHING = {"id": "g0", "kind": "no-collateral-v1", "params": {"allow": []}}
NO_TERMINATION = {"id": "g1", "kind": "no-forbidden-write-v1",
                  "params": {"app": "payroll", "table": "terminations"}}


@pytest.fixture
def test_kinds():
    """Kinds registered for one test: one that raises, one that answers the wrong type."""
    added = []

    def boom(ctx, p):
        raise RuntimeError("the check's own bug")

    def shrug(ctx, p):
        return "yes"

    for registry, what in ((CHECKS, "check"), (GUARDS, "guard")):
        for name, fn in ((f"test-boom-{what}-v1", boom), (f"test-shrug-{what}-v1", shrug)):
            registry.register(name, kind(name, "test only", TableParams)(fn))
            added.append((registry, name))
    yield
    for registry, name in added:
        registry.unregister(name)


def test_pass_is_exactly_one():
    g = grade(task([field_set("Senior Buyer")], [ALLOW_JOBS, NO_TERMINATION]), CTX)
    assert (g.outcome, g.score, g.reason) == ("pass", 1.0, None)
    assert [x.state for x in g.guards] == ["complied", "not_triggered"]


def test_weighted_fraction_of_checks_is_a_fail_below_one():
    g = grade(task([field_set("Senior Buyer", 3), field_set("Lead Buyer", 1)], [ALLOW_JOBS]), CTX)
    assert g.score == 0.75 and g.outcome == "fail" and g.reason is None
    assert [c.passed for c in g.checks] == [True, False]
    assert g.diff == {"payroll": {"jobs": {"added": 0, "updated": 1, "removed": 0}}}


def test_only_a_breached_guard_zeroes_the_score():
    g = grade(task([field_set("Senior Buyer", 1)], [ALLOW_JOBS, ALLOW_NOTHING, NO_TERMINATION]),
              CTX)
    assert g.score == 0.0 and g.outcome == "fail"
    assert [x.state for x in g.guards] == ["complied", "breached", "not_triggered"]
    assert [x.passed for x in g.guards] == [True, False, True]


@pytest.mark.parametrize(("checks", "guards", "says"), [
    ([field_set("Senior Buyer")],
     [{"id": "bad", "kind": "no-collateral-v1", "params": {"allow": "everything"}}],
     "guard 'bad' (no-collateral-v1): bad parameters: 'allow'"),
    ([{"id": "u", "kind": "made-up-v9", "params": {}}], [],
     "check 'u' (made-up-v9): unknown check kind 'made-up-v9'"),
    ([field_set("Senior Buyer")], [{"id": "u", "kind": "made-up-v9", "params": {}}],
     "guard 'u' (made-up-v9): unknown guard kind 'made-up-v9'"),
    ([{"id": "p", "kind": "field-set-v1", "params": {"app": "payroll", "table": "jobs"}}], [],
     "check 'p' (field-set-v1): bad parameters: 'field': Field required"),
    ([{"id": "r", "kind": "test-boom-check-v1", "params": {"app": "payroll", "table": "jobs"}}],
     [], "check 'r' (test-boom-check-v1) raised RuntimeError: the check's own bug"),
    ([field_set("Senior Buyer")],
     [{"id": "r", "kind": "test-boom-guard-v1", "params": {"app": "payroll", "table": "jobs"}}],
     "guard 'r' (test-boom-guard-v1) raised RuntimeError: the check's own bug"),
    ([{"id": "s", "kind": "test-shrug-check-v1", "params": {"app": "payroll", "table": "jobs"}}],
     [], "check 's' (test-shrug-check-v1) returned str, not a Verdict"),
    ([field_set("Senior Buyer")],
     [{"id": "s", "kind": "test-shrug-guard-v1", "params": {"app": "payroll", "table": "jobs"}}],
     "guard 's' (test-shrug-guard-v1) returned str, not a GuardVerdict"),
], ids=["bad-guard-params", "unknown-check", "unknown-guard", "bad-check-params",
        "raising-check", "raising-guard", "check-wrong-type", "guard-wrong-type"])
def test_what_the_grader_cannot_judge_is_ungradeable_never_a_score(test_kinds, checks, guards,
                                                                    says):
    g = grade(task(checks, guards), CTX)
    assert g.outcome == "ungradeable" and g.score is None
    assert g.reason is not None and says in g.reason
    assert "\n" not in g.reason and g.failure is None
    assert g.model_dump()["score"] is None


def test_every_problem_is_in_the_reason_and_the_rest_still_explains_itself():
    g = grade(task([field_set("Senior Buyer"), {"id": "u", "kind": "nope-v1"}],
                   [{"id": "v", "kind": "nope-v2"}, ALLOW_JOBS]), CTX)
    assert g.outcome == "ungradeable"
    assert "'u'" in g.reason and "'v'" in g.reason
    assert [c.id for c in g.checks] == ["cSenior Buyer"] and [x.id for x in g.guards] == ["g"]


def test_a_grade_cannot_say_two_things():
    with pytest.raises(ValidationError, match="no score"):
        Grade(task_id="t", outcome="ungradeable", score=0.0, reason="x")
    with pytest.raises(ValidationError, match="a score and no reason"):
        Grade(task_id="t", outcome="fail", score=None)
    with pytest.raises(ValidationError, match="does not fit"):
        Grade(task_id="t", outcome="pass", score=0.5)
    with pytest.raises(ValidationError, match="does not fit"):
        Grade(task_id="t", outcome="fail", score=1.0)


class Failing:
    """An environment whose diff (or episode creation) fails the way a dead app does."""

    def __init__(self, where: str, failure: Exception) -> None:
        self.where, self.failure, self.stopped = where, failure, 0

    async def start(self, task):
        if self.where == "start":
            raise self.failure
        return EpisodeRef("ep-1", "tok")

    async def diff(self, episode):
        if self.where in ("diff", "diff+stop"):
            raise self.failure
        return CTX.diff

    async def world(self, task):
        return WORLD

    async def stop(self, episode):
        self.stopped += 1
        if self.where == "diff+stop":
            raise AppUnreachable("payroll", "http://p", "connection refused on delete")


LOST = EpisodeLost("payroll", "http://p", "ep-1")


@pytest.mark.parametrize("where", ["diff", "start", "diff+stop"])
async def test_an_environment_failure_is_ungradeable_with_the_failure_kept(where):
    env = Failing(where, LOST)
    t = task([field_set("Senior Buyer")])
    graded = [await score_steps(t, env, [])]
    if where == "diff":
        graded.append(await grade_episode(env, t, EpisodeRef("ep-1", "tok")))
    for g in graded:
        assert g.outcome == "ungradeable" and g.score is None
        assert g.failure is LOST  # the first failure, not the one cleaning up after it
        assert g.reason == f"environment failure: {LOST}"
    assert env.stopped == (0 if where == "start" else 1)

