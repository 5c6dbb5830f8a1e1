"""The new-hire-cohort corpus, through the production grader and the agents' HTTP path.

The same families as the hr-mismatch corpus (`tests/grader/test_corpus.py`, whose helpers
this file imports): gold scores exactly 1.0 and the no-op exactly 0; gold without its last
write lands strictly between (when it has several writes); gold plus a write to an
unrelated record scores 0; gold in another valid order, or with extra reads, still scores
1.0; the same writes with equivalent values score 1.0; and gold plus something the
instruction did not ask for (an unrequested field, a guessed supervisor, a starter who was
not missing, the HRIS's wrong rate) scores below 1.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task, score_steps
from arcadia.grader.replay import dependencies
from arcadia.grader.task import Step, Task
from tests.grader.test_corpus import _paths, _tweak, other_order, sent_gold, unrelated_write

CORPUS = sorted((Path(__file__).resolve().parents[2] / "corpus" / "new-hire-cohort")
                .glob("*.json"))
# The stories (tasks that also read or write mail, calendars or sheets) have their own
# file, `test_corpus_stories.py`, with every app in one harness.
TASKS = [t for t in (load_task(p) for p in CORPUS)
         if set(t.meta.apps) <= {"hris", "payroll", "ats"}]
IDS = [t.id for t in TASKS]
BASE = "/api/gateway.php/arcadia/v1"


def by_id(task_id: str) -> Task:
    return next(t for t in TASKS if t.id == task_id)


def writes(task: Task) -> list[Step]:
    return [s for s in task.gold if s.method != "GET"]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll", "ats").store)


def test_corpus_has_six_tasks_most_across_apps():
    assert len(TASKS) >= 6
    crossing = [t for t in TASKS if len({s.app for s in t.gold}) >= 2]
    assert len(crossing) * 2 >= len(TASKS)
    assert any({"ats", "hris", "payroll"} <= {s.app for s in t.gold} for t in TASKS)
    for task in TASKS:
        assert task.situation is not None and task.situation.id == "new-hire-cohort-v1"
        assert set(task.meta.apps) == {s.app for s in task.gold}, task.id
        assert task.meta.depth == len(task.gold), task.id
        # every write binds to something read earlier: the instruction alone is not enough
        assert all(dependencies(s) for s in writes(task)), task.id


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_gold_filters_only_by_what_the_instruction_says(task):
    for step in task.gold:
        for path in _paths([step.params, step.query, step.body]):
            for literal in re.findall(r"\[\?[\w$-]+==(['\"])(.*?)\1\]", path):
                text = literal[1]
                assert re.fullmatch(r"\{\w+\}", text) or text in task.instruction, (
                    f"{task.id} step {step.id}: filter literal {text!r} is not in the "
                    f"instruction; bind it to a read")
        for key in ("email", "search_term"):  # a literal lookup key comes from the ask
            value = step.query.get(key)
            assert not isinstance(value, str) or value in task.instruction, (
                task.id, step.id, value)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_gold_is_one_and_noop_is_zero(env, task):
    gold = await score_steps(task, env, task.gold)
    assert gold.score == 1.0 and gold.outcome == "pass", gold
    noop = await score_steps(task, env, [])
    assert noop.score == 0.0 and noop.outcome == "fail" and noop.reason is None, noop
    assert {g.state for g in noop.guards} <= {"not_triggered"}, noop
    assert all(g.state == "complied" for g in gold.guards), gold


MULTI = [t for t in TASKS if len(writes(t)) >= 2 and len(t.checks) >= 2]


@pytest.mark.parametrize("task", MULTI, ids=[t.id for t in MULTI])
async def test_gold_missing_its_last_write_is_partial(env, task):
    last = max(i for i, s in enumerate(task.gold) if s.method != "GET")
    grade = await score_steps(task, env, task.gold[:last] + task.gold[last + 1:])
    assert 0.0 < grade.score < 1.0, grade


def unrelated_hris_write() -> list[Step]:
    """A new work phone for the CEO (employee 1001): a record no onboarding task touches."""
    return [Step.model_validate({"id": "x-write", "app": "hris", "method": "POST",
                                 "path": f"{BASE}/employees/1001/",
                                 "body": {"workPhone": "412-555-0199"}})]


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_collateral_write_zeroes_the_score(env, task):
    world = env.store.template(task.world_spec()).world
    ceo, actor = world.people[0], world.person_by_email(str(task.actor))
    assert ceo.manager_id is None and actor is not None
    extra = unrelated_hris_write() if "hr" in actor.roles else unrelated_write(ceo.email)
    grade = await score_steps(task, env, [*task.gold, *extra])
    assert grade.score == 0.0 and grade.outcome == "fail"
    assert any(g.state == "breached" and "outside the task" in g.reason for g in grade.guards)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_other_valid_order_and_extra_reads_still_score_one(env, task):
    reordered = other_order(task.gold)
    assert [s.id for s in reordered] != [s.id for s in task.gold]
    assert (await score_steps(task, env, reordered)).score == 1.0
    reads = [s.model_copy(update={"id": f"again-{s.id}"}) for s in task.gold
             if s.method == "GET" and not dependencies(s)]
    assert reads
    assert (await score_steps(task, env, [*reads, *task.gold, *reads])).score == 1.0


def equivalent(value):
    """The same value written differently: `124000.00` -> `124000`, an e-mail's first
    letter in capitals. (Titles, departments and locations are list options the HRIS
    matches exactly, so their spelling is not varied.)"""
    if isinstance(value, dict):
        return {k: equivalent(v) for k, v in value.items()}
    if isinstance(value, list):
        return [equivalent(v) for v in value]
    if isinstance(value, str) and re.fullmatch(r"\d+\.0+", value):
        return format(Decimal(value).normalize(), "f")
    if isinstance(value, str) and re.fullmatch(r"[^@\s]+@[^@\s]+", value):
        return value[0].upper() + value[1:]
    return value


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_equivalent_values_score_one(env, task):
    sent = await sent_gold(env, task)
    variant = [s.model_copy(update={"body": equivalent(s.body)}) if s.method != "GET" else s
               for s in sent]
    if all(a.body == b.body for a, b in zip(sent, variant, strict=True)):
        pytest.skip("no write value of this task has an equivalent spelling")
    assert (await score_steps(task, env, variant)).score == 1.0


# --- adversaries: gold plus something the instruction did not ask for ----------------------


def _hris_create(steps: list[Step], **body) -> list[Step]:
    return _tweak(steps, "/employees/", **body)


def new_row_instead(steps: list[Step]) -> list[Step]:
    """The salary 'fixed' by adding a compensation row instead of correcting the one there."""
    fix = next(s for s in steps if "/tables/compensation/" in s.path)
    added = fix.model_copy(update={
        "id": "x-new-row", "path": fix.path.rsplit("/", 1)[0],
        "body": {**fix.body, "startDate": "2026-03-09", "type": "Hourly", "paidPer": "Hour"}})
    return [s for s in steps if s is not fix] + [added]


def payroll_for_someone_else(steps: list[Step]) -> list[Step]:
    """Also set up payroll for Tina Johnson, who is already in payroll."""
    emp = next(s for s in steps if s.path.endswith("/employees") and s.method == "POST")
    extra = emp.model_copy(update={"id": "x-tina", "body": {
        "first_name": "Tina", "last_name": "Johnson",
        "email": "tina.johnson.2@arcadia-robotics.com"}})
    return [*steps, extra]


def hris_for_someone_present(steps: list[Step]) -> list[Step]:
    """Also 'add' Barbara White, who is in the HRIS already, to the HRIS."""
    create = next(s for s in steps if s.path.endswith("/employees/"))
    return [*steps, create.model_copy(update={"id": "x-barbara", "body": {
        **create.body, "firstName": "Barbara", "lastName": "White"}})]


def hris_rate_for_fry(steps: list[Step]) -> list[Step]:
    """Brenda Fry's payroll pay taken from the HRIS (20.00) instead of her offer (20.75)."""
    return [s.model_copy(update={"body": {**s.body, "rate": "20.00"}})
            if s.id == "comp-fry" else s for s in steps]


def guessed_supervisor(steps: list[Step]) -> list[Step]:
    """The department's head (the CTO, 1002) as supervisor instead of the hiring manager."""
    return _hris_create(steps, supervisorEId="1002")


def work_email_too(steps: list[Step]) -> list[Step]:
    """Each new payroll employee's email copied into `work_email`, which nobody asked for."""
    return [s.model_copy(update={"body": {**s.body, "work_email": s.body["email"]}})
            if s.method == "POST" and s.path.endswith("/employees") else s for s in steps]


HRIS_CREATES = [t for t in TASKS if any(s.path.endswith("/employees/") and s.method == "POST"
                                        for s in t.gold)]
PAYROLL_SETUPS = [t for t in TASKS if any(s.path.endswith("/compensations") for s in t.gold)]
# (task, name, attack, what a failing check's reason names; None: the guard breaches)
ADVERSARIES = [
    *[(t, "unrequested-phone", lambda s: _hris_create(s, workPhone="512-555-0100"),
       "work_phone='512-555-0100'") for t in HRIS_CREATES],
    *[(t, "unrequested-division", lambda s: _hris_create(s, division="Platform Software"),
       "division='Platform Software'") for t in HRIS_CREATES],
    *[(t, "guessed-supervisor", guessed_supervisor, "supervisor_eid=1002")
      for t in HRIS_CREATES],
    *[(t, "unrequested-work-email", work_email_too, "work_email='") for t in PAYROLL_SETUPS],
    *[(t, "min-wage", lambda s: _tweak(s, "/compensations", adjust_for_minimum_wage=True),
       "adjust_for_minimum_wage=1") for t in PAYROLL_SETUPS],
    (by_id("new-hire-salary-mismatch"), "new-row-instead", new_row_instead, None),
    (by_id("new-hire-payroll-for-cohort"), "already-in-payroll", payroll_for_someone_else,
     None),
    (by_id("new-hire-payroll-for-cohort"), "hris-rate", hris_rate_for_fry, "rate='20.00'"),
    (by_id("new-hire-hris-missing"), "already-in-hris", hris_for_someone_present, None),
]


@pytest.mark.parametrize(("task", "name", "attack", "says"), ADVERSARIES,
                         ids=[f"{t.id}-{n}" for t, n, _, _ in ADVERSARIES])
async def test_adversary_scores_below_one(env, task, name, attack, says):
    steps = attack(await sent_gold(env, task))
    assert steps != await sent_gold(env, task)
    grade = await score_steps(task, env, steps)
    assert grade.outcome == "fail" and grade.score is not None and grade.score < 1.0, grade
    if says is None:
        assert grade.score == 0.0 and any(g.state == "breached" for g in grade.guards)
    else:
        assert any(not c.passed and says in c.reason for c in grade.checks), grade.checks
