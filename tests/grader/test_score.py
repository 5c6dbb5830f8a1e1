"""The score: weighted checks times multiplying guards; a raising guard is a grader error."""

from __future__ import annotations

from arcadia.grader import Diff, GradeContext, Record, Task, grade
from arcadia.world import WorldSpec, generate_world

WORLD = generate_world(WorldSpec(seed=1, headcount=60))
JOB_OLD = {"uuid": "j1", "title": "Buyer"}
JOB_NEW = {"uuid": "j1", "title": "Senior Buyer"}


def task(checks, guards=()):
    return Task.model_validate({
        "id": "t", "world": {"seed": 1, "headcount": 60}, "actor": 1001, "instruction": "x",
        "gold": [{"app": "payroll", "method": "GET", "path": "/v1/token_info"}],
        "checks": checks, "guards": list(guards)})


def field_set(value, weight):
    return {"id": f"c{value}", "kind": "field-set-v1", "weight": weight,
            "params": {"app": "payroll", "table": "jobs", "where": {"uuid": "j1"},
                       "field": "title", "value": value}}


CTX = GradeContext(Diff([Record("payroll", "jobs", ("j1",), JOB_OLD, JOB_NEW,
                                {"title": ("Buyer", "Senior Buyer")})]), WORLD)
ALLOW_JOBS = {"id": "g", "kind": "no-collateral-v1",
              "params": {"allow": [{"app": "payroll", "table": "jobs"}]}}
ALLOW_NOTHING = {"id": "g0", "kind": "no-collateral-v1", "params": {"allow": []}}


def test_weighted_fraction_of_checks():
    g = grade(task([field_set("Senior Buyer", 3), field_set("Lead Buyer", 1)], [ALLOW_JOBS]), CTX)
    assert g.score == 0.75 and g.error is None
    assert [c.passed for c in g.checks] == [True, False]
    assert g.diff == {"payroll": {"jobs": {"added": 0, "updated": 1, "removed": 0}}}


def test_a_failed_guard_zeroes_the_score():
    g = grade(task([field_set("Senior Buyer", 1)], [ALLOW_JOBS, ALLOW_NOTHING]), CTX)
    assert g.score == 0.0 and [x.passed for x in g.guards] == [True, False]


def test_a_raising_guard_is_a_grader_error_never_a_pass():
    broken = {"id": "bad", "kind": "no-collateral-v1", "params": {"allow": "everything"}}
    g = grade(task([field_set("Senior Buyer", 1)], [broken]), CTX)
    assert g.score == 0.0 and g.error and "no-collateral-v1" in g.error
    unknown = grade(task([{"id": "u", "kind": "made-up-v9", "params": {}}]), CTX)
    assert unknown.error and "unknown check kind" in unknown.error
