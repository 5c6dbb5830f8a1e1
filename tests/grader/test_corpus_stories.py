"""The stories: hand-written tasks of the three situations that read the situations' traces in
mail, calendars and sheets and act across three or more apps.

Through the production grader and the agents' HTTP path, with every app in one harness (one
template per situation's world): gold scores exactly 1.0 and the no-op exactly 0; gold in
another valid order still scores 1.0; gold plus a write outside the task (a message to the
CEO) scores 0; and each family's adversary fails: a reply to the wrong people, a meeting
with an extra guest, an extra spreadsheet row, a reply that does not say what was asked.
The validity certificate of every story runs with the whole corpus's, in
`tests/grader/test_corpus.py`.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task, score_steps
from arcadia.grader.replay import dependencies
from arcadia.grader.task import Step, Task
from tests.grader.test_corpus import _paths, other_order, sent_gold

ROOT = Path(__file__).resolve().parents[2] / "corpus"
SITUATIONS = {"hr-mismatch": "hr-mismatch-v1", "new-hire-cohort": "new-hire-cohort-v1",
              "spend-anomaly": "spend-anomaly-v1"}
TRACED = {"mail", "calendar", "sheets"}
PATHS = [p for d in SITUATIONS for p in sorted((ROOT / d).glob("*.json"))
         if TRACED & set(load_task(p).meta.apps)]
TASKS = [load_task(p) for p in PATHS]
IDS = [t.id for t in TASKS]
APPS = ("hris", "payroll", "ats", "procurement", "mail", "calendar", "sheets")


# One story per situation carries the costlier variants (each is a fresh episode of seven
# apps): the same families run on every story would triple this file's runtime.
SAMPLE = [t for t in TASKS if t.id in ("hr-mismatch-mail-raise-reply",
                                      "new-hire-welcome-interviewers",
                                      "spend-anomaly-mail-duplicate-log")]


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for(*APPS).store)


def by_id(task_id: str) -> Task:
    return next(t for t in TASKS if t.id == task_id)


def step(id: str, app: str, method: str, path: str, body: Any = None, **kw: Any) -> Step:
    return Step.model_validate({"id": id, "app": app, "method": method, "path": path,
                                "body": body, **kw})


def test_four_stories_per_situation_each_across_three_apps():
    for folder, situation in SITUATIONS.items():
        mine = [t for t in TASKS if t.situation is not None and t.situation.id == situation]
        assert len(mine) >= 4, folder
    for task in TASKS:
        apps = {s.app for s in task.gold}
        assert len(apps) >= 3 and apps & TRACED, task.id
        assert set(task.meta.apps) == apps and task.meta.depth == len(task.gold), task.id
        assert task.meta.author == "hand"
        # every story writes something bound to what it read: the instruction is not enough
        assert any(s.method != "GET" and dependencies(s) for s in task.gold), task.id
        kinds = {g.kind for g in task.guards}
        assert "no-collateral-v1" in kinds, task.id


@pytest.mark.parametrize("task", TASKS, ids=IDS)
def test_gold_filters_by_the_instruction_or_the_mail_it_reads(env, task):
    """A literal the gold looks things up by is in the instruction, or in a message the
    actor holds (a name in the recruiter's list, a supplier in the clerk's subject)."""
    world = env.store.template(task.world_spec()).world
    assert world.content_hash() == task.world.content_hash
    actor = str(task.actor).lower()
    held = " ".join(f"{m.subject} {m.body}" for m in world.comms.mail
                    if actor in {a.address for a in (m.sender, *m.to, *m.cc)}).lower()
    said = task.instruction.lower()
    for s in task.gold:
        literals = [m[1] for p in _paths([s.params, s.query, s.body])
                    for m in re.findall(r"\[\?[\w$-]+==(['\"])(.*?)\1\]", p)]
        literals += re.findall(r"'([^']+)'", str(s.query.get("$filter", "")))
        for text in literals:
            if re.fullmatch(r"\{\w+\}", text):
                continue
            text = text.lower().replace("_", " ")
            assert text in said or text in held, (task.id, s.id, text)


@pytest.mark.parametrize("task", TASKS, ids=IDS)
async def test_gold_is_one_noop_zero_and_order_free(env, task):
    gold = await score_steps(task, env, task.gold)
    assert gold.score == 1.0 and gold.outcome == "pass", gold
    assert all(g.state == "complied" for g in gold.guards), gold
    noop = await score_steps(task, env, [])
    assert noop.score == 0.0 and noop.outcome == "fail", noop
    assert {g.state for g in noop.guards} <= {"not_triggered"}, noop


@pytest.mark.parametrize("task", SAMPLE, ids=[t.id for t in SAMPLE])
async def test_gold_in_another_order_still_scores_one(env, task):
    reordered = other_order(task.gold)
    assert [s.id for s in reordered] != [s.id for s in task.gold]
    assert (await score_steps(task, env, reordered)).score == 1.0


def to_the_ceo() -> Step:
    """A message nobody asked for: the kind of collateral an over-eager agent sends."""
    return step("x-mail", "mail", "POST", "/v1.0/me/sendMail", {
        "message": {"subject": "FYI", "body": {"contentType": "Text", "content": "Done."},
                    "toRecipients": [{"emailAddress": {
                        "address": "victoria.singleton@arcadia-robotics.com"}}]}})


@pytest.mark.parametrize("task", SAMPLE, ids=[t.id for t in SAMPLE])
async def test_a_message_nobody_asked_for_zeroes_the_score(env, task):
    grade = await score_steps(task, env, [*task.gold, to_the_ceo()])
    assert grade.score == 0.0 and grade.outcome == "fail"
    assert any(g.state == "breached" for g in grade.guards), grade.guards


REPLIES = [t for t in TASKS if any(s.path.endswith("/reply") for s in t.gold)][:2]


@pytest.mark.parametrize("task", REPLIES, ids=[t.id for t in REPLIES])
async def test_reply_all_where_a_reply_was_asked_fails(env, task):
    """The same reply to everyone on the thread: the recipients are not the ones asked for
    (or, where the thread had only the sender, a second reply is one too many)."""
    steps = await sent_gold(env, task)
    swapped = [s.model_copy(update={"path": s.path.removesuffix("/reply") + "/replyAll"})
               if s.path.endswith("/reply") else s for s in steps]
    twice = [*steps, *[s.model_copy(update={"id": "again"}) for s in steps
                       if s.path.endswith("/reply")]]
    assert (await score_steps(task, env, twice)).score < 1.0
    original = next(s for s in task.gold if s.app == "mail" and s.method == "GET")
    if "Thomas Anderson" in str(original.query):  # his manager is on his thread's copy
        assert (await score_steps(task, env, swapped)).score < 1.0


@pytest.mark.parametrize("task", [by_id("hr-mismatch-mail-leaver"),
                                  by_id("spend-anomaly-mail-over-po-log"),
                                  by_id("spend-anomaly-register-lapsed-contract")],
                         ids=lambda t: t.id)
async def test_a_message_that_does_not_say_what_was_asked_fails(env, task):
    steps = await sent_gold(env, task)

    def blank(s: Step) -> Step:
        if s.path.endswith(("/reply", "/replyAll")):
            return s.model_copy(update={"body": {"comment": "Thanks, handled."}})
        if s.path.endswith("/sendMail"):
            msg = dict(s.body["message"])
            msg["body"] = {"contentType": "Text", "content": "Thanks, handled."}
            return s.model_copy(update={"body": {**s.body, "message": msg}})
        return s
    grade = await score_steps(task, env, [blank(s) for s in steps])
    assert grade.score < 1.0 and any(not c.passed for c in grade.checks)


MEETINGS = [t for t in TASKS if any(s.path == "/v1.0/me/events" for s in t.gold)][:1]


@pytest.mark.parametrize("task", MEETINGS, ids=[t.id for t in MEETINGS])
async def test_a_meeting_with_an_extra_guest_or_at_another_time_fails(env, task):
    steps = await sent_gold(env, task)

    def vary(s: Step, **body: Any) -> Step:
        return s.model_copy(update={"body": {**s.body, **body}}) \
            if s.path == "/v1.0/me/events" else s
    meet = next(s for s in steps if s.path == "/v1.0/me/events")
    guest = [*meet.body["attendees"], {"emailAddress": {
        "address": "victoria.singleton@arcadia-robotics.com"}, "type": "optional"}]
    hour = timedelta(hours=1)
    later = {k: {**meet.body[k], "dateTime": (datetime.fromisoformat(
        meet.body[k]["dateTime"]) + hour).isoformat()} for k in ("start", "end")}
    for variant in ([vary(s, attendees=guest) for s in steps],
                    [vary(s, **later) for s in steps]):
        grade = await score_steps(task, env, variant)
        assert grade.score < 1.0, grade


ROWS = [t for t in TASKS if any(s.path.endswith(":append") for s in t.gold)][:1]


@pytest.mark.parametrize("task", ROWS, ids=[t.id for t in ROWS])
async def test_an_extra_or_edited_spreadsheet_row_fails(env, task):
    steps = await sent_gold(env, task)
    append = next(s for s in steps if s.path.endswith(":append"))
    extra = append.model_copy(update={"id": "x-row", "body": {
        "values": [["Someone else", *append.body["values"][0][1:]]]}})
    grade = await score_steps(task, env, [*steps, extra])
    assert grade.score == 0.0, grade
    header = append.path.split("/values/")[1].removesuffix(":append")
    edit = append.model_copy(update={
        "id": "x-edit", "method": "PUT", "path": append.path.replace(
            f"/values/{header}:append", f"/values/{header}!A2"),
        "body": {"values": [["edited"]]}})
    grade = await score_steps(task, env, [*steps, edit])
    assert grade.score == 0.0, grade


REPLY_FLOWS = [t for t in TASKS if any(s.path == "/v1.0/me/messages/{id}/reply"
                                        for s in t.gold)]


@pytest.mark.parametrize("task", REPLY_FLOWS[:2], ids=[t.id for t in REPLY_FLOWS[:2]])
async def test_a_reply_drafted_with_create_reply_and_a_new_body_scores_one(env, task):
    """Graph's other reply flow: createReply, PATCH the draft's body (which drops the quoted
    original, as in Graph), send. The checks find the reply by its recipients, not by the
    quote, so it scores 1 like the gold's one-call reply."""
    steps = list(task.gold)
    reply = next(s for s in steps if s.path == "/v1.0/me/messages/{id}/reply")
    at = steps.index(reply)
    draft = reply.model_copy(update={"id": "draft", "path": "/v1.0/me/messages/{id}/createReply",
                                     "body": {}})
    patch = step("patch", "mail", "PATCH", "/v1.0/me/messages/{id}",
                 {"body": {"contentType": "text", "content": reply.body["comment"]}},
                 params={"id": {"$from": "draft", "path": "id"}})
    send = step("send", "mail", "POST", "/v1.0/me/messages/{id}/send",
                params={"id": {"$from": "draft", "path": "id"}})
    grade = await score_steps(task, env, [*steps[:at], draft, patch, send, *steps[at + 1:]])
    assert grade.score == 1.0, grade


ALL_ROWS = [t for t in TASKS if any(s.path.endswith(":append") for s in t.gold)]


@pytest.mark.parametrize("task", ALL_ROWS, ids=[t.id for t in ALL_ROWS])
async def test_a_row_is_judged_on_the_columns_the_instruction_names(env, task):
    """Every column a new row is judged on is one the instruction names (or says to leave
    empty): a row missing one it names fails, and so does one filling a column it says to
    leave empty; the gold's row, exactly those columns, scores 1."""
    steps = await sent_gold(env, task)
    append = next(s for s in steps if s.path.endswith(":append"))
    row = append.body["values"][0]
    named = [i for i, v in enumerate(row) if v is not None]
    empty = [i for i, v in enumerate(row) if v is None]
    assert empty, "the story's row leaves some column empty"

    def with_row(values: list[Any]) -> list[Step]:
        return [s.model_copy(update={"body": {**s.body, "values": [values]}})
                if s is append else s for s in steps]
    missing = [None if i == named[-1] else v for i, v in enumerate(row)]
    filled = [v if i != empty[0] else "Done" for i, v in enumerate(row)]
    for values in (missing, filled):
        grade = await score_steps(task, env, with_row(values))
        assert grade.score < 1.0, (values, grade)
