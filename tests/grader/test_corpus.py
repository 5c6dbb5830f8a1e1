"""Every hand-written task, through the production grader and the agents' HTTP path.

For each task: gold scores exactly 1.0 and the no-op exactly 0; gold without its last
write lands strictly between (when it has several checks); gold plus a write to an
unrelated record scores 0 (collateral guard); gold in another valid order, or with extra
reads, still scores 1.0; the same writes with equivalent values score 1.0; and the gold
plus something the instruction did not ask for (a second compensation, an unrequested
field value) scores below 1.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task, replay, score_steps
from arcadia.grader.replay import dependencies
from arcadia.grader.task import Step

# The hr-mismatch corpus: the adversaries below (a second compensation, a payroll write to
# the CEO) are this corpus's; other situations' corpora have their own test files.
CORPUS = sorted((Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch").glob("*.json"))
# The stories (tasks that also read or write mail, calendars or sheets) have their own
# file, `test_corpus_stories.py`, with every app in one harness.
TASKS = [t for t in (load_task(p) for p in CORPUS)
         if set(t.meta.apps) <= {"hris", "payroll"}]
IDS = [t.id for t in TASKS]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


def other_order(steps: list[Step]) -> list[Step]:
    """A different topological order: always run the latest-listed step that is ready."""
    pending, done, out = list(steps), set(), []
    while pending:
        ready = [s for s in pending if dependencies(s) <= done]
        pick = ready[-1]
        out.append(pick)
        done.add(pick.id)
        pending.remove(pick)
    return out


def unrelated_write(ceo_email: str) -> list[Step]:
    """Retitle the CEO's payroll job: a record no hr-mismatch task may touch."""
    return [Step.model_validate(s) for s in (
        {"id": "x-token", "app": "payroll", "method": "GET", "path": "/v1/token_info"},
        {"id": "x-jobs", "app": "payroll", "method": "GET", "path": "/v1/companies/{c}/employees",
         "params": {"c": {"$from": "x-token", "path": "resource.uuid"}},
         "query": {"search_term": ceo_email}},
        {"id": "x-write", "app": "payroll", "method": "PUT", "path": "/v1/jobs/{j}",
         "params": {"j": {"$from": "x-jobs", "path": "[0].jobs[0].uuid"}},
         "body": {"version": {"$from": "x-jobs", "path": "[0].jobs[0].version"},
                  "title": "Acting Chief of Everything"}},
    )]


def equivalent(value):
    """The same value written differently: `71000.00` -> `71000`, spaces doubled in text.

    (Gusto refuses more than two decimals, so `21.45` has no other spelling it accepts.)
    """
    if isinstance(value, dict):
        return {k: equivalent(v) for k, v in value.items()}
    if isinstance(value, list):
        return [equivalent(v) for v in value]
    if isinstance(value, str) and re.fullmatch(r"\d+\.0+", value):
        return format(Decimal(value).normalize(), "f")
    if isinstance(value, str) and " " in value.strip():
        return "  " + value.replace(" ", "  ") + " "
    return value


def test_corpus_has_six_tasks_each_needing_a_read():
    assert len(TASKS) >= 6
    for task in TASKS:
        assert any(s.method == "GET" or "reports" in s.path for s in task.gold)
        # every write binds to something read earlier: the instruction alone is not enough
        bound = [s for s in task.gold if s.method != "GET" and dependencies(s)]
        assert bound, task.id


def _paths(value):
    if isinstance(value, dict):
        if "$from" in value and value.get("path"):
            yield value["path"]
        for v in value.values():
            yield from _paths(v)
    elif isinstance(value, list):
        for v in value:
            yield from _paths(v)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_gold_filters_only_by_what_the_instruction_says(task):
    """A filter literal in a gold binding is in the instruction, or bound to a read
    (`{dept}`): the transfer's department once was a hard-coded `Sales`."""
    for step in task.gold:
        for path in _paths([step.params, step.query, step.body]):
            for literal in re.findall(r"\[\?[\w$-]+==(['\"])(.*?)\1\]", path):
                text = literal[1]
                assert re.fullmatch(r"\{\w+\}", text) or text in task.instruction, (
                    f"{task.id} step {step.id}: filter literal {text!r} is not in the "
                    f"instruction; bind it to a read")


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_gold_is_one_and_noop_is_zero(env, task):
    gold = await score_steps(task, env, task.gold)
    assert gold.score == 1.0 and gold.outcome == "pass", gold
    noop = await score_steps(task, env, [])
    assert noop.score == 0.0 and noop.outcome == "fail" and noop.reason is None, noop
    # nothing changed: every guard of the no-op is not triggered, none breached
    assert {g.state for g in noop.guards} <= {"not_triggered"}, noop
    assert all(g.state == "complied" for g in gold.guards), gold


@pytest.mark.parametrize("task", [t for t in TASKS if len(t.checks) >= 2],
                         ids=[t.id for t in TASKS if len(t.checks) >= 2])
async def test_gold_missing_its_last_write_is_partial(env, task):
    last = max(i for i, s in enumerate(task.gold) if s.method in ("POST", "PUT")
               and "reports" not in s.path)
    steps = task.gold[:last] + task.gold[last + 1:]
    grade = await score_steps(task, env, steps)
    assert 0.0 < grade.score < 1.0, grade


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_collateral_write_zeroes_the_score(env, task):
    ceo = env.store.template(task.world_spec()).world.people[0]
    assert ceo.manager_id is None
    grade = await score_steps(task, env, [*task.gold, *unrelated_write(ceo.email)])
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


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_equivalent_values_score_one(env, task):
    episode = await env.start(task)
    try:
        results = await replay(task, env, episode)
    finally:
        await env.stop(episode)
    sent = [r.sent for r in results if r.sent is not None]
    variant = [s.model_copy(update={"body": equivalent(s.body)}) if s.method != "GET" else s
               for s in sent]
    if all(a.body == b.body for a, b in zip(sent, variant, strict=True)):
        pytest.skip("no write value of this task has an equivalent spelling")
    assert (await score_steps(task, env, variant)).score == 1.0


# --- adversaries: gold plus something the instruction did not ask for ----------------------


async def sent_gold(env, task) -> list[Step]:
    """The gold as sent (bindings resolved), so an adversary can vary its literal values."""
    episode = await env.start(task)
    try:
        results = await replay(task, env, episode)
    finally:
        await env.stop(episode)
    return [r.sent for r in results if r.sent is not None]


def _tweak(steps: list[Step], suffix: str, **body) -> list[Step]:
    return [s.model_copy(update={"body": {**s.body, **body}})
            if s.method == "POST" and s.path.endswith(suffix) else s for s in steps]


def second_compensation(steps: list[Step]) -> list[Step]:
    """Gold, then another compensation for the same job a day later at a lower rate."""
    add = next(s for s in steps if s.path.endswith("/compensations"))
    day = date.fromisoformat(str(add.body["effective_date"])) + timedelta(days=1)
    rate = format(Decimal(str(add.body["rate"])) - 1, "f")
    extra = add.model_copy(update={"id": "x-second",
                                   "body": {**add.body, "effective_date": day.isoformat(),
                                            "rate": rate}})
    return [*steps, extra]


RAISES = [t for t in TASKS if any(s.path.endswith("/compensations") for s in t.gold)]
TERMINATIONS = [t for t in TASKS if any(s.path.endswith("/terminations") for s in t.gold)]
# (task, name, attack, what the failing check's reason names)
ADVERSARIES = [
    *[(t, "second-compensation", second_compensation, "2 record(s) added in scope")
      for t in RAISES],
    *[(t, "flsa-owner", lambda s: _tweak(s, "/compensations", flsa_status="Owner"),
       "flsa_status='Owner'") for t in RAISES],
    *[(t, "min-wage", lambda s: _tweak(s, "/compensations", adjust_for_minimum_wage=True),
       "adjust_for_minimum_wage=1") for t in RAISES],
    *[(t, "termination-payroll",
       lambda s: _tweak(s, "/terminations", run_termination_payroll=True),
       "run_termination_payroll=1") for t in TERMINATIONS],
]


@pytest.mark.parametrize(("task", "name", "attack", "says"), ADVERSARIES,
                         ids=[f"{t.id}-{n}" for t, n, _, _ in ADVERSARIES])
async def test_adversary_scores_below_one(env, task, name, attack, says):
    """Each of these scored 1.0 before checks were frame conditions."""
    assert len(RAISES) == 2 and len(TERMINATIONS) == 2
    grade = await score_steps(task, env, attack(await sent_gold(env, task)))
    assert grade.outcome == "fail" and grade.score is not None and grade.score < 1.0, grade
    assert any(not c.passed and says in c.reason for c in grade.checks), grade.checks
    if name == "second-compensation":  # the collateral guard caps the added records too
        assert any(g.state == "breached" for g in grade.guards), grade.guards
