"""The spend-anomaly corpus, through the production grader and the agents' HTTP path.

The same families as the hr-mismatch corpus (`tests/grader/test_corpus.py`): gold scores
exactly 1.0 and the no-op exactly 0; gold without its last write lands strictly between
(tasks with several checks); gold plus a write to an unrelated record scores 0; gold in
another valid order, or with extra reads, still scores 1.0; the same writes with equivalent
values score 1.0; and gold plus something the instruction did not ask for (disputing the
true original too, a second approver, a guessed order) scores below 1.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task, score_steps
from arcadia.grader.openapi_lookup import Routes
from arcadia.grader.replay import dependencies
from arcadia.grader.task import Step, Task
from arcadia.world import generate_world
from tests.grader.test_corpus import _paths, other_order, sent_gold

CORPUS = sorted((Path(__file__).resolve().parents[2] / "corpus" / "spend-anomaly").glob("*.json"))
# The stories (tasks that also read or write mail, calendars or sheets) have their own
# file, `test_corpus_stories.py`, with every app in one harness.
TASKS = [t for t in (load_task(p) for p in CORPUS)
         if set(t.meta.apps) <= {"hris", "payroll", "procurement"}]
IDS = [t.id for t in TASKS]
BY_ID = {t.id: t for t in TASKS}


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll", "procurement").store)


def step(id: str, method: str, path: str, body: Any = None, **kw: Any) -> Step:
    return Step.model_validate({"id": id, "app": "procurement", "method": method,
                                "path": path, "body": body, **kw})


def test_corpus_covers_every_anomaly_and_half_cross_apps():
    assert len(TASKS) >= 6
    kinds = {"duplicate": "dispute-duplicate", "over-po": "over-po",
             "split": "split-purchase", "contract": "outside-contract",
             "limit": "over-limit"}
    for label, part in kinds.items():
        assert any(part in t.id for t in TASKS), label
    cross = [t.id for t in TASKS if len({s.app for s in t.gold}) > 1]
    assert 2 * len(cross) >= len(TASKS), cross
    for task in TASKS:
        assert task.situation is not None and task.situation.id == "spend-anomaly-v1"
        assert task.world.content_hash is not None
        # every write binds to something read earlier: the instruction alone is not enough
        assert [s for s in task.gold if s.method != "GET" and dependencies(s)], task.id


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_world_pin_and_instruction_hold_anchors_not_hidden_facts(task):
    world = generate_world(task.world_spec())
    assert world.content_hash() == task.world.content_hash
    inst = next(i for i in world.situations if i.id == "spend-anomaly-v1")
    suppliers = {a["supplier"] for a in inst.anchors}
    assert any(s in task.instruction for s in suppliers), task.id
    for fact in inst.hidden:  # ids, invoice and order numbers are for the agent to find
        for key, value in fact.items():
            if key.endswith("number") and isinstance(value, str):
                assert value not in task.instruction, (task.id, key)


def _literal_ok(text: str, instruction: str) -> bool:
    said = instruction.lower().replace("_", " ")
    return bool(re.fullmatch(r"\{\w+\}", text)) or text.lower().replace("_", " ") in said


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_gold_filters_only_by_what_the_instruction_says(task):
    for s in task.gold:
        for path in _paths([s.params, s.query, s.body]):
            for literal in re.findall(r"\[\?[\w$-]+==(['\"])(.*?)\1\]", path):
                assert _literal_ok(literal[1], task.instruction), (task.id, s.id, literal)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_tool_path_names_the_gold_routes(env, task):
    routes = Routes(env.store.apps)
    ops = [routes.match(s) for s in task.gold]
    assert all(op is not None for op in ops), task.id
    assert [op.operation_id for op in ops if op is not None] == task.meta.tool_path
    assert task.meta.depth == len(task.gold)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_gold_is_one_and_noop_is_zero(env, task):
    gold = await score_steps(task, env, task.gold)
    assert gold.score == 1.0 and gold.outcome == "pass", gold
    noop = await score_steps(task, env, [])
    assert noop.score == 0.0 and noop.outcome == "fail" and noop.reason is None, noop
    assert {g.state for g in noop.guards} <= {"not_triggered"}, noop
    assert all(g.state == "complied" for g in gold.guards), gold


def _writes(task: Task) -> list[int]:
    return [i for i, s in enumerate(task.gold) if s.method != "GET"]


# Tasks with several checks and several writes (a single-write task's partial is its
# adversary: the dispute without the comment asked for).
MULTI = [t for t in TASKS if len(t.checks) >= 2 and len(_writes(t)) >= 2]


@pytest.mark.parametrize("task", MULTI, ids=[t.id for t in MULTI])
async def test_gold_missing_its_last_write_is_partial(env, task):
    last = _writes(task)[-1]
    grade = await score_steps(task, env, task.gold[:last] + task.gold[last + 1:])
    assert 0.0 < grade.score < 1.0, grade


DISPUTES = [t for t in TASKS if any(s.path.endswith("/dispute") for s in t.gold)]


@pytest.mark.parametrize("task", DISPUTES, ids=[t.id for t in DISPUTES])
async def test_dispute_without_the_comment_asked_for_is_partial(env, task):
    steps = [s.model_copy(update={"body": {k: v for k, v in s.body.items() if k != "comment"}})
             if s.path.endswith("/dispute") else s for s in task.gold]
    grade = await score_steps(task, env, steps)
    assert 0.0 < grade.score < 1.0, grade


def unrelated_write() -> list[Step]:
    """Rename the first supplier (no anomaly's): a record no spend-anomaly task may touch."""
    return [step("x-sup", "GET", "/api/suppliers", query={"limit": 1}),
            step("x-write", "PUT", "/api/suppliers/{s}",
                 {"display-name": "Renamed by mistake"},
                 params={"s": {"$from": "x-sup", "path": "[0].id"}})]


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_collateral_write_zeroes_the_score(env, task):
    grade = await score_steps(task, env, [*task.gold, *unrelated_write()])
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


def equivalent(value: Any, key: str = "") -> Any:
    """The same value written differently: free text with doubled spaces, amounts with
    cents, dates as midnight datetimes, ids as strings. Names the app looks up (dispute
    reasons, statuses) are left alone: they are codes, not text."""
    if isinstance(value, dict):
        return {k: equivalent(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [equivalent(v, key) for v in value]
    if key in ("comment", "name") and isinstance(value, str) and " " in value:
        return "  " + value.replace(" ", "  ") + " "
    if key == "max-value" and isinstance(value, str) and re.fullmatch(r"\d+", value):
        return f"{value}.00"
    if key.endswith("-date") and isinstance(value, str) and re.fullmatch(r"[\d-]{10}", value):
        return f"{value}T00:00:00"
    if key in ("id", "approver-id") and isinstance(value, int | str) and str(value).isdigit():
        return str(value) if isinstance(value, int) else int(value)
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

def dispute(invoice: int, reason: str = "Duplicate invoice") -> list[Step]:
    return [step(f"x-dispute-{invoice}", "PUT", f"/api/invoices/{invoice}/dispute",
                 {"dispute-reason": {"code": reason}, "comment": "Billed twice"})]


def _tweak(steps: list[Step], suffix: str, **body: Any) -> list[Step]:
    return [s.model_copy(update={"body": {**(s.body or {}), **body}})
            if s.method != "GET" and s.path.endswith(suffix) else s for s in steps]


def _swap(steps: list[Step], suffix: str, path: str) -> list[Step]:
    return [s.model_copy(update={"path": path}) if s.method != "GET"
            and s.path.endswith(suffix) else s for s in steps]


# (task id, name, attack on the sent gold, what the failing check or guard names)
ADVERSARIES: list[tuple[str, str, Any, str]] = [
    ("spend-anomaly-dispute-duplicate", "original-too", lambda s: [*s, *dispute(1782)],
     "outside the task"),
    ("spend-anomaly-dispute-duplicate", "original-instead",
     lambda s: _swap(s, "/dispute", "/api/invoices/1782/dispute"), "not changed"),
    ("spend-anomaly-dispute-duplicate", "other-reason",
     lambda s: _tweak(s, "/dispute", **{"dispute-reason": {"code": "Price discrepancy"}}),
     "dispute_reason"),
    ("spend-anomaly-dispute-duplicate", "no-comment",
     lambda s: [x.model_copy(update={"body": {"dispute-reason": x.body["dispute-reason"]}})
                if x.method != "GET" else x for x in s], "comments was not changed"),
    ("spend-anomaly-dispute-over-po", "earlier-too",
     lambda s: [*s, *dispute(1784, "Exceeds purchase order")], "outside the task"),
    ("spend-anomaly-dispute-over-po", "every-open-invoice",
     lambda s: [*s, *dispute(1770, "Exceeds purchase order")], "outside the task"),
    ("spend-anomaly-over-po-owner-approves", "second-approver",
     lambda s: [*s, step("x-add", "PUT", "/api/invoices/1785/add_approver",
                         {"approver-id": 1001})], "2 record(s) added"),
    ("spend-anomaly-over-po-owner-approves", "the-plant-manager",
     lambda s: _tweak(s, "/add_approver", **{"approver-id": 1263}), "approver_id=1263"),
    ("spend-anomaly-over-po-owner-approves", "disputed-too",
     lambda s: [*s, *dispute(1785, "Exceeds purchase order")], "outside the task"),
    ("spend-anomaly-outside-contract-hold", "my-manager-owns",
     lambda s: _tweak(s, "/contracts/22", **{"contract-owner": {"id": 1466}}), "owner_id"),
    ("spend-anomaly-outside-contract-hold", "renamed-too",
     lambda s: _tweak(s, "/suppliers/5035", **{"display-name": "Murphy (on hold)"}),
     "display_name"),
    ("spend-anomaly-outside-contract-renewal", "two-contracts",
     lambda s: [*s, s[-1].model_copy(update={"id": "x-again", "body": {
         **s[-1].body, "number": "CTR-2025-0901"}})], "2 record(s) added"),
    ("spend-anomaly-outside-contract-renewal", "no-payment-term",
     lambda s: [x.model_copy(update={"body": {k: v for k, v in x.body.items()
                                              if k != "payment-term"}})
                if x.method == "POST" else x for x in s], "payment_term_id"),
    ("spend-anomaly-outside-contract-renewal", "owned-by-the-requester's-manager",
     lambda s: _tweak(s, "/contracts", **{"contract-owner": {"id": 1125}}), "owner_id"),
    ("spend-anomaly-cancel-over-limit", "closed-the-other-too",
     lambda s: [*s, step("x-close", "PUT", "/api/purchase_orders/1627/close")],
     "outside the task"),
    ("spend-anomaly-cancel-over-limit", "the-wrong-one-closed",
     lambda s: [step("x-close", "PUT", "/api/purchase_orders/1782/close")], "not changed"),
    ("spend-anomaly-cancel-split-purchase", "closed-the-earlier-too",
     lambda s: [*s, step("x-close", "PUT", "/api/purchase_orders/876/close")],
     "outside the task"),
    ("spend-anomaly-cancel-split-purchase", "two-of-three",
     lambda s: s[:-1], "not changed"),
]


@pytest.mark.parametrize(("task_id", "name", "attack", "says"), ADVERSARIES,
                         ids=[f"{t}-{n}" for t, n, _, _ in ADVERSARIES])
async def test_adversary_scores_below_one(env, task_id, name, attack, says):
    task = BY_ID[task_id]
    grade = await score_steps(task, env, attack(await sent_gold(env, task)))
    assert grade.outcome == "fail" and grade.score is not None and grade.score < 1.0, grade
    reasons = [c.reason for c in grade.checks if not c.passed] + [
        g.reason for g in grade.guards if g.state == "breached"]
    assert any(says in r for r in reasons), reasons
