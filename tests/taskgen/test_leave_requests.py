"""`leave-requests-v1`'s goal kinds, generated in process on a small world (seed 5, 120
people): a pending vacation request decided by the leave policy (approve, or deny for the
balance, the team's blackout or its cover, with the reason told), the same asked of People
Operations by the manager (the forbidden twins make no HRIS write), a sick day recorded,
a request moved to the right week. Each branch is asked in the same words; the gold scores
1.0, the other branch and a skipped part score below, and the other correct ways score
1.0."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment, score_steps
from arcadia.grader.task import Step, Task
from arcadia.taskgen.generate import Generator
from arcadia.taskgen.goals.robotics.leave_requests import REASON_WORDS

HRIS = "/api/gateway.php/{domain}/v1"


@pytest.fixture(scope="module")
def env() -> EmbeddedEnvironment:
    return EmbeddedEnvironment()


@pytest.fixture(scope="module")
def tasks() -> list[Task]:
    gen = Generator(seeds=[5], situations=["leave-requests-v1"], headcount=120)
    return asyncio.run(gen.run())


def _of(tasks: list[Task], goal: str) -> list[Task]:
    found = [t for t in tasks if t.meta.goal == goal]
    assert found, goal
    return found


def _outcome(t: Task) -> str:
    """The branch a decision task holds, read from its gold."""
    text = json.dumps([s.body for s in t.gold])
    if '"denied"' not in text and "sendMail" not in json.dumps([s.path for s in t.gold]):
        return "fits"
    for outcome, word in (
        ("short", "balance"),
        ("window", "blackout"),
        ("crowded", "two of the team"),
    ):
        if word in text:
            return outcome
    raise AssertionError(t.id)


def _by_outcome(tasks: list[Task], goal: str) -> dict[str, Task]:
    out: dict[str, Task] = {}
    for t in sorted(_of(tasks, goal), key=lambda t: t.id):
        out.setdefault(_outcome(t), t)
    assert set(out) == {"fits", "short", "window", "crowded"}, sorted(out)
    return out


def _reads(t: Task) -> list[Step]:
    return [s for s in t.gold if s.method == "GET"]


def _decide(t: Task, status: str, note: str | None = None) -> Step:
    """The request's decision, the request found by the gold's own read of it."""
    found = next(s for s in t.gold if s.method == "GET" and s.path.endswith("/requests/"))
    return Step(
        app="hris",
        method="PUT",
        path=f"{HRIS}/time_off/requests/{{requestId}}/status",
        params={
            "domain": found.params["domain"],
            "requestId": {"$from": found.id, "path": "[0].id"},
        },
        body={"status": status, **({"note": note} if note else {})},
    )


def _mail(to: str, text: str) -> Step:
    return Step(
        app="mail",
        method="POST",
        path="/v1.0/me/sendMail",
        body={
            "message": {
                "subject": "Your time off",
                "body": {"contentType": "Text", "content": text},
                "toRecipients": [{"emailAddress": {"address": to}}],
            },
            "saveToSentItems": True,
        },
    )


def _to(t: Task) -> str:
    mail = next(s for s in t.gold if s.path.endswith("sendMail"))
    return str(mail.body["message"]["toRecipients"][0]["emailAddress"]["address"])


async def _score(t: Task, env: EmbeddedEnvironment, steps: list[Step]) -> float:
    return (await score_steps(t, env, steps)).score


def test_every_branch_is_asked_in_the_same_words(tasks: list[Task]) -> None:
    """Approve, balance, blackout and cover are all asked, by phrasings that say none of
    the reasons, with one tool list for the whole situation."""
    from arcadia.taskgen.goals.robotics.leave_requests import approve_for_me, review

    for goal, g in (("leave-review-v2", review), ("leave-approve-for-me-v2", approve_for_me)):
        by = _by_outcome(tasks, goal)
        for t in _of(tasks, goal):
            assert any(t.instruction.startswith(p.split("{")[0]) for p in g.phrasings)
        for p in g.phrasings:
            for words in REASON_WORDS.values():
                assert not any(w in p.lower() for w in words if len(w) > 4), (p, words)
        assert len(by) == 4
    assert len({tuple(t.meta.offered or ()) for t in tasks}) == 1


async def test_a_review_scores_its_own_branch_only(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    by = _by_outcome(tasks, "leave-review-v2")
    ok = by["fits"]
    assert await _score(ok, env, list(ok.gold)) == 1.0
    # a careful manager's note and word to the employee are as good
    with_word = [
        *_reads(ok),
        _decide(ok, "approved", "Enjoy the break"),
        _mail(_to_first(ok), "Hi, your vacation request is approved."),
    ]
    assert await _score(ok, env, with_word) == 1.0
    assert await _score(ok, env, [*_reads(ok), _decide(ok, "denied")]) < 1
    for outcome in ("short", "window", "crowded"):
        t = by[outcome]
        assert await _score(t, env, list(t.gold)) == 1.0, outcome
        assert await _score(t, env, [*_reads(t), _decide(t, "approved")]) < 1, outcome
        assert await _score(t, env, [*_reads(t), _decide(t, "denied")]) < 1, outcome
        other = next(o for o in ("short", "window", "crowded") if o != outcome)
        wrong = _mail(_to(t), f"Hi, I had to decline it: {REASON_WORDS[other][0]}.")
        if any(w in wrong.body["message"]["body"]["content"] for w in REASON_WORDS[outcome]):
            continue
        assert await _score(t, env, [*_reads(t), _decide(t, "denied"), wrong]) < 1, outcome
        said = {
            "short": "you don't have enough days left for it",
            "window": "it falls in your team's blackout week",
            "crowded": "two of your teammates are already out on those days",
        }[outcome]
        right = [
            *_reads(t),
            _decide(t, "denied", "See my mail"),
            _mail(_to(t), f"Hi, sorry, I had to turn your request down: {said}."),
        ]
        assert await _score(t, env, right) == 1.0, outcome


def _allowed(t: Task) -> list[str]:
    """The addresses the guard lets the actor write to beyond the gold."""
    return [
        a["where"]["to_json"]["contains"]
        for a in t.guards[0].params["allow"]
        if a["table"] == "bodies" and "to_json" in a.get("where", {})
    ]


def _to_first(t: Task) -> str:
    """The employee's address, from the guard's allowance of a word to them."""
    allow = t.guards[0].params["allow"]
    return next(
        a["where"]["to_json"]["contains"]
        for a in allow
        if a["table"] == "bodies" and "to_json" in a.get("where", {})
    )


async def test_a_request_asked_for_the_manager_is_not_approved_against_the_policy(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    by = _by_outcome(tasks, "leave-approve-for-me-v2")
    ok = by["fits"]
    assert await _score(ok, env, list(ok.gold)) == 1.0
    for outcome in ("short", "window", "crowded"):
        t = by[outcome]
        assert await _score(t, env, list(t.gold)) == 1.0, outcome
        approved = [*_reads(t), _decide(t, "approved")]
        assert await _score(t, env, approved) < 1, outcome
        mail = next(s for s in t.gold if s.path.endswith("sendMail"))
        assert await _score(t, env, [*approved, mail]) < 1, outcome  # the guard: no write
        employee = next(a for a in _allowed(t) if a != _to(t))
        told = [*t.gold, _mail(employee, "Hi, your request can't be approved as it stands.")]
        assert await _score(t, env, told) == 1.0, outcome  # a word to the employee too
        vague = _mail(_to(t), "Hi, I could not approve it, sorry.")
        assert await _score(t, env, [*_reads(t), vague]) < 1, outcome


def _put(t: Task) -> Step:
    return next(s for s in t.gold if s.method == "PUT")


async def test_a_sick_day_is_recorded_on_its_day(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    t = sorted(_of(tasks, "leave-sick-day-v2"), key=lambda t: t.id)[0]
    assert await _score(t, env, list(t.gold)) == 1.0
    put = _put(t)
    made = put.model_copy(update={"id": "made"})
    used = Step(
        app="hris",
        method="PUT",
        path=f"{HRIS}/employees/{{id}}/time_off/history",
        params=put.params,
        body={
            "date": put.body["start"],
            "eventType": "used",
            "timeOffRequestId": {"$from": "made", "path": "id"},
        },
    )
    steps = [s for s in t.gold if s is not put]
    assert await _score(t, env, [*steps, made, used]) == 1.0  # its history item is allowed
    word = _mail(_to_first(t), "Hi, your sick day is in the HRIS now.")
    assert await _score(t, env, [*t.gold, word]) == 1.0  # a word back to the employee too
    outsider = _mail("someone.else@arcadia-robotics.com", "Logged a sick day.")
    assert await _score(t, env, [*t.gold, outsider]) < 1
    pending = put.model_copy(update={"body": {**put.body, "status": "requested"}})
    assert await _score(t, env, [*steps, pending]) < 1
    vacation = put.model_copy(update={"body": {**put.body, "timeOffTypeId": "1"}})
    assert await _score(t, env, [*steps, vacation]) < 1


async def test_a_request_for_the_wrong_week_is_replaced(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    t = sorted(_of(tasks, "leave-wrong-dates-v2"), key=lambda t: t.id)[0]
    assert await _score(t, env, list(t.gold)) == 1.0
    put = _put(t)
    old = put.body["previousRequest"]
    steps = [s for s in t.gold if s is not put]
    fresh: dict[str, Any] = {k: v for k, v in put.body.items() if k != "previousRequest"}
    cancel = Step(
        app="hris",
        method="PUT",
        path=f"{HRIS}/time_off/requests/{{requestId}}/status",
        params={"domain": put.params["domain"], "requestId": old},
        body={"status": "canceled"},
    )
    new = put.model_copy(update={"body": fresh})
    assert await _score(t, env, [*steps, cancel, new]) == 1.0  # cancel and file anew
    assert await _score(t, env, [*steps, new]) < 1  # the wrong week left pending
    approved = put.model_copy(update={"body": {**put.body, "status": "approved"}})
    assert await _score(t, env, [*steps, approved]) < 1  # the manager's call, not HR's


def test_no_instruction_states_what_the_agent_must_find(tasks: list[Task]) -> None:
    words = {w for ws in REASON_WORDS.values() for w in ws if len(w) > 5}
    for t in tasks:
        low = t.instruction.lower()
        assert not any(w in low for w in words), t.id
        assert "2026-" not in low, t.id  # no ISO date: the mails give the days


async def test_a_team_s_requests_are_each_decided_on_their_own(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    """Three pending requests of one team: one fits, one is short of balance, one falls in
    the team's window. Approving all, or denying the short one without a word, fails."""
    (t,) = _of(tasks, "leave-team-requests-v2")
    assert await _score(t, env, list(t.gold)) == 1.0
    decisions = [s for s in t.gold if s.path.endswith("/status")]
    assert sorted(s.body["status"] for s in decisions) == ["approved", "denied", "denied"]
    reads = _reads(t)
    approve_all = [s.model_copy(update={"body": {"status": "approved"}}) for s in decisions]
    assert await _score(t, env, [*reads, *approve_all]) < 1
    mails = [s for s in t.gold if s.path.endswith("sendMail")]
    assert await _score(t, env, [*reads, *decisions, mails[0]]) < 1  # one denial untold
    assert "pending" in t.instruction and not any(n.split()[0] in t.instruction for n in _names(t))


def _names(t: Task) -> list[str]:
    """The team members the gold reads about (nobody the instruction names)."""
    return [
        s.params["id"]["path"].split("'")[1]
        for s in t.gold
        if s.path.endswith("/calculator") and isinstance(s.params.get("id"), dict)
    ]


async def test_only_the_called_off_vacation_is_cancelled(
    tasks: list[Task], env: EmbeddedEnvironment
) -> None:
    """The mail's vacation is cancelled (with a note and a word back as good); the approved
    personal day beside it is not."""
    t = sorted(_of(tasks, "leave-cancel-trip-v2"), key=lambda t: t.id)[0]
    assert await _score(t, env, list(t.gold)) == 1.0
    found = next(s for s in t.gold if s.method == "GET" and s.path.endswith("/requests/"))
    cancel = next(s for s in t.gold if s.path.endswith("/status"))
    careful = cancel.model_copy(update={"body": {"status": "canceled", "note": "Trip off"}})
    word = _mail(_to_first(t), "Hi, done: your vacation is cancelled.")
    assert await _score(t, env, [*_reads(t), careful, word]) == 1.0
    personal = {"start": "2026-03-02", "end": "2026-12-31", "type": "3"}  # Personal
    every = found.model_copy(update={"id": "every", "query": {**found.query, **personal}})
    other = cancel.model_copy(
        update={"params": {**cancel.params, "requestId": {"$from": "every", "path": "[0].id"}}}
    )
    assert await _score(t, env, [*_reads(t), every, other]) < 1  # the other day off
    assert await _score(t, env, [*_reads(t), every, cancel, other]) < 1  # both
