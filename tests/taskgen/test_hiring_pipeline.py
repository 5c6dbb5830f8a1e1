"""`hiring-pipeline-v1`'s goal kinds, generated in process on a small world (seed 5, 120
people; the certificate is the generator's to run, so it is left out here): each branch's
gold scores 1.0, the other branch, a skipped step and a wrong reason score below it, the
other correct routes (a new mail for a reply, a move for an advance, a word to the asker)
score 1.0, and the twins' instructions say nothing of which branch they are."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from arcadia.grader.task import Step, Task
from arcadia.taskgen.goals.robotics import hiring_pipeline as hp
from arcadia.world.robotics.situations.hiring_pipeline import POLICY

GOALS = {g.id: g for g in hp.GOALS}


class _Pass:
    """The certificate left out: every gate holds (the generator's own runs certify)."""

    async def certify(self, task: Task) -> dict[str, Any]:
        return {"replay-stability": SimpleNamespace(ok=True)}


@pytest.fixture(scope="module")
def made() -> tuple[Any, list[Task]]:
    import asyncio

    from arcadia.taskgen import generate
    from arcadia.taskgen.generate import Generator

    # One application of each kind (each branch is a kind of its own): half the walks.
    small = replace(hp.TASKS, params={"per_kind": 1})
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(generate, "situation_goals", lambda s, g="v1": small)
        gen = Generator(seeds=[5], situations=["hiring-pipeline-v1"], headcount=120)
        gen.__dict__["certifier"] = _Pass()
        tasks = asyncio.run(gen.run())
    return gen, tasks


@pytest.fixture(scope="module")
def tasks(made: tuple[Any, list[Task]]) -> list[Task]:
    return made[1]


@pytest.fixture(scope="module")
def env(made: tuple[Any, list[Task]]) -> Any:
    return made[0].env


def _writes(t: Task) -> list[str]:
    return [s.path.rsplit("/", 1)[-1] for s in t.gold if s.method != "GET"]


def _of(tasks: list[Task], goal: str, write: str | None = None) -> Task:
    found = [t for t in tasks if t.meta.goal == goal and (write is None or write in _writes(t))]
    assert found, (goal, write)
    return sorted(found, key=lambda t: t.id)[0]


def _step(t: Task, last: str) -> Step:
    return next(s for s in t.gold if s.method != "GET" and s.path.endswith(last))


def _first_name(t: Task) -> str:
    """The candidate's first name, as the gold picks them out of the job's candidates."""
    path = next(
        s for s in t.gold if s.path.endswith("scorecards") or s.path.endswith("current_offer")
    ).params["id"]["path"]
    return path.split("'")[1]


def _app(s: Step) -> dict[str, Any]:
    return dict(s.params["id"])


def _sub(steps: list[Step], old: Step, *new: Step) -> list[Step]:
    i = steps.index(old)
    return [*steps[:i], *new, *steps[i + 1 :]]


async def _score(t: Task, env: Any, steps: list[Step]) -> float:
    from arcadia.grader import score_steps

    return (await score_steps(t, env, steps)).score


def _reject(app: dict[str, Any], user: Any, reason: str) -> list[Step]:
    return [
        Step(id="rr", app="ats", method="GET", path="/v1/rejection_reasons"),
        Step(
            id="rj",
            app="ats",
            method="POST",
            path="/v1/applications/{id}/reject",
            params={"id": app},
            headers={"On-Behalf-Of": user},
            body={"rejection_reason_id": {"$from": "rr", "path": f"[?name=='{reason}'].id"}},
        ),
    ]


def _advance(app: dict[str, Any], user: Any) -> Step:
    stage = {**app, "path": app["path"].removesuffix(".id") + ".current_stage.id"}
    return Step(
        id="adv",
        app="ats",
        method="POST",
        path="/v1/applications/{id}/advance",
        params={"id": app},
        headers={"On-Behalf-Of": user},
        body={"from_stage_id": stage},
    )


def _mail(to: str, text: str, cc: list[str] = ()) -> Step:  # type: ignore[assignment]
    return Step(
        id="mx",
        app="mail",
        method="POST",
        path="/v1.0/me/sendMail",
        body={
            "message": {
                "subject": "About your question",
                "body": {"contentType": "Text", "content": text},
                "toRecipients": [{"emailAddress": {"address": to}}],
                "ccRecipients": [{"emailAddress": {"address": a}} for a in cc],
            }
        },
    )


def test_every_goal_kind_ships_each_branch(tasks: list[Task]) -> None:
    assert {t.meta.goal for t in tasks} == set(GOALS)
    for goal, branches in {
        "ats-onsite-decision-v2": ("advance", "reject"),
        "ats-rejection-review-v2": ("unreject", "reply"),
        "ats-offer-counter-v2": ("current_offer", "sendMail"),
    }.items():
        for b in branches:
            _of(tasks, goal, b)
    offered = {tuple(t.meta.offered or ()) for t in tasks}
    assert offered == {hp.APPS}


def test_twins_are_asked_in_the_same_words_and_leak_nothing(tasks: list[Task]) -> None:
    secrets = (
        "definitely",
        "strong no",
        "scorecards say",
        POLICY["feedback_reason"].lower(),
        POLICY["next"].lower(),
        "$",
        "salary range",
        "approval",
        "advance",
        "reject it",
    )
    for t in tasks:
        shapes = [
            re.escape(p).replace(r"\{", "{").replace(r"\}", "}")
            for p in GOALS[t.meta.goal].phrasings
        ]
        shapes = [re.sub(r"\{\w+\}", ".+?", p) for p in shapes]
        assert any(re.fullmatch(p, t.instruction) for p in shapes), t.id
        low = t.instruction.lower()
        for word in secrets:
            assert word not in low, (t.id, word)
    for t in (t for t in tasks if t.meta.goal == "ats-wrong-job-v2"):
        right = _step(t, "transfer_to_job").body["new_job_id"]["bind"]
        assert right  # the right job is read from the hiring manager's mail, not told


async def test_onsite_decisions_score_only_as_the_policy_decides(tasks, env) -> None:  # type: ignore[no-untyped-def]
    good = _of(tasks, "ats-onsite-decision-v2", "advance")
    adv = _step(good, "advance")
    user = adv.headers["On-Behalf-Of"]
    assert await _score(good, env, good.gold) == 1.0
    rejected = _sub(good.gold, adv, *_reject(_app(adv), user, POLICY["feedback_reason"]))
    assert await _score(good, env, rejected) < 1.0
    # Moving it to the next stage by hand is the same end state as advancing it.
    app = _app(adv)
    job = {**app, "path": app["path"].removesuffix(".id") + ".jobs[0].id"}
    stages = Step(id="st", app="ats", method="GET", path="/v1/jobs/{id}/stages", params={"id": job})
    moved = Step(
        id="mv",
        app="ats",
        method="POST",
        path="/v1/applications/{id}/move",
        params={"id": app},
        headers={"On-Behalf-Of": user},
        body={
            "from_stage_id": adv.body["from_stage_id"],
            "to_stage_id": {"$from": "st", "path": f"[?name=='{POLICY['next']}'].id"},
        },
    )
    assert await _score(good, env, _sub(good.gold, adv, stages, moved)) == 1.0

    bad = _of(tasks, "ats-onsite-decision-v2", "reject")
    rej = _step(bad, "reject")
    assert await _score(bad, env, bad.gold) == 1.0
    assert (
        await _score(
            bad, env, _sub(bad.gold, rej, _advance(_app(rej), rej.headers["On-Behalf-Of"]))
        )
        < 1.0
    )
    wrong = _sub(
        bad.gold, rej, *_reject(_app(rej), rej.headers["On-Behalf-Of"], "Not a fit for the role")
    )
    assert await _score(bad, env, wrong) < 1.0


async def test_a_rejection_review_reverses_a_mistake_and_explains_one_that_stands(
    tasks, env
) -> None:  # type: ignore[no-untyped-def]
    mistake = _of(tasks, "ats-rejection-review-v2", "unreject")
    assert await _score(mistake, env, mistake.gold) == 1.0
    only_unreject = [s for s in mistake.gold if not s.path.endswith("advance")]
    assert await _score(mistake, env, only_unreject) < 1.0
    reads = [s for s in mistake.gold if s.method == "GET"]
    assert await _score(mistake, env, reads) == 0.0  # told nobody, changed nothing

    stands = _of(tasks, "ats-rejection-review-v2", "reply")
    reply = _step(stands, "reply")
    assert await _score(stands, env, stands.gold) == 1.0
    hm = next(
        c.params["scope"]["to_json"]["contains"]
        for c in stands.checks
        if c.params.get("table") == "bodies"
    )
    first = _first_name(stands)
    text = f"Hi, {first}'s rejection stands: a Definitely Not on the onsite scorecards."
    new_mail = _sub(stands.gold, reply, _mail(hm, text))
    assert await _score(stands, env, new_mail) == 1.0
    unsaid = _sub(stands.gold, reply, _mail(hm, "Hi, I had a look, all fine."))
    assert await _score(stands, env, unsaid) < 1.0
    # Reversing a rejection the scorecards support breaks the policy (and the guard).
    user = next(s for s in stands.gold if s.path == "/v1/users")
    cands = next(s for s in stands.gold if s.path == "/v1/candidates")
    app = {"$from": cands.id, "path": f"[?first_name=='{first}'].applications[0].id"}
    reversed_ = [
        *stands.gold,
        Step(
            id="ur",
            app="ats",
            method="POST",
            path="/v1/applications/{id}/unreject",
            params={"id": app},
            headers={"On-Behalf-Of": {"$from": user.id, "path": "[0].id"}},
        ),
    ]
    assert await _score(stands, env, reversed_) < 1.0


async def test_an_offer_counter_is_updated_within_the_range_and_escalated_above(tasks, env) -> None:  # type: ignore[no-untyped-def]
    within = _of(tasks, "ats-offer-counter-v2", "current_offer")
    patch = _step(within, "current_offer")
    assert await _score(within, env, within.gold) == 1.0
    owner = hp_owner(tasks)
    asked = _sub(within.gold, patch, _mail(owner, "Can I approve this counter?"))
    assert await _score(within, env, asked) < 1.0

    above = _of(tasks, "ats-offer-counter-v2", "sendMail")
    sent = _step(above, "sendMail")
    assert await _score(above, env, above.gold) == 1.0
    updated = [*above.gold, patch_like(above, patch)]
    assert await _score(above, env, updated) < 1.0
    # A forward of the recruiter's mail to the approver, with a line of one's own, says it.
    mail = next(
        s for s in above.gold if s.app == "mail" and "startswith" in str(s.query.get("$filter", ""))
    )
    fwd = Step(
        id="fw",
        app="mail",
        method="POST",
        path="/v1.0/me/messages/{id}/forward",
        params={"id": {"$from": mail.id, "path": "value[0].id"}},
        body={
            "comment": "Above the range: needs your approval.",
            "toRecipients": [{"emailAddress": {"address": owner}}],
        },
    )
    assert await _score(above, env, _sub(above.gold, sent, fwd)) == 1.0


def hp_owner(tasks: list[Task]) -> str:
    t = _of(tasks, "ats-offer-counter-v2", "sendMail")
    to = _step(t, "sendMail").body["message"]["toRecipients"][0]["emailAddress"]["address"]
    return str(to)


def patch_like(t: Task, patch: Step) -> Step:
    """`patch` (another task's offer update) on `t`'s application, at its asked figure."""
    mail = next(
        s for s in t.gold if s.app == "mail" and "startswith" in str(s.query.get("$filter", ""))
    )
    cands = next(s for s in t.gold if s.path == "/v1/candidates")
    user = next(s for s in t.gold if s.path == "/v1/users")
    first = next(s for s in t.gold if s.path.endswith("current_offer")).params["id"]["path"]
    body = json.loads(
        json.dumps(patch.body).replace(patch.body["custom_fields"][0]["value"]["$from"], mail.id)
    )
    return Step(
        id="px",
        app="ats",
        method="PATCH",
        path="/v1/applications/{id}/offers/current_offer",
        params={"id": {"$from": cands.id, "path": first}},
        body=body,
        headers={"On-Behalf-Of": {"$from": user.id, "path": "[0].id"}},
    )


async def test_a_wrong_job_is_transferred_and_the_look_alike_left(tasks, env) -> None:  # type: ignore[no-untyped-def]
    t = _of(tasks, "ats-wrong-job-v2")
    move = _step(t, "transfer_to_job")
    assert await _score(t, env, t.gold) == 1.0
    # Onto another open job than the one the mail names: wrong.
    jobs = move.body["new_job_id"]["$from"]
    elsewhere = Step.model_validate(
        {
            **json.loads(move.model_dump_json(by_alias=True)),
            "body": {"new_job_id": {"$from": jobs, "path": "[0].id"}},
        }
    )
    assert await _score(t, env, _sub(t.gold, move, elsewhere)) < 1.0
    # A word back to the hiring manager who asked is allowed.
    mail = next(s for s in t.gold if s.app == "mail")
    reply = Step(
        id="rp",
        app="mail",
        method="POST",
        path="/v1.0/me/messages/{id}/reply",
        params={"id": {"$from": mail.id, "path": "value[0].id"}},
        body={"comment": "Done, it is on the right job now."},
    )
    assert await _score(t, env, [*t.gold, reply]) == 1.0


async def test_an_onsite_sweep_decides_every_application(tasks, env) -> None:  # type: ignore[no-untyped-def]
    t = _of(tasks, "ats-onsite-sweep-v2")
    writes = [s for s in t.gold if s.method != "GET"]
    assert len(writes) == 3
    assert {s.path.rsplit("/", 1)[-1] for s in writes} == {"advance", "reject"}
    assert await _score(t, env, t.gold) == 1.0
    assert await _score(t, env, [s for s in t.gold if s is not writes[-1]]) < 1.0
    adv = next(s for s in writes if s.path.endswith("advance"))
    flipped = _sub(
        t.gold, adv, *_reject(_app(adv), adv.headers["On-Behalf-Of"], POLICY["feedback_reason"])
    )
    assert await _score(t, env, flipped) < 1.0


async def test_a_candidate_who_pulls_out_is_rejected_with_their_reason(tasks, env) -> None:  # type: ignore[no-untyped-def]
    reasons = POLICY["exit_reasons"].values()
    seen = set()
    for t in (t for t in tasks if t.meta.goal == "ats-candidate-exit-v2"):
        rej = _step(t, "reject")
        path = rej.body["rejection_reason_id"]["path"]
        given = next(r for r in reasons if f"'{r}'" in path)
        if given in seen:
            continue
        seen.add(given)
        assert await _score(t, env, t.gold) == 1.0
        user = rej.headers["On-Behalf-Of"]
        for wrong in (*(r for r in reasons if r != given), POLICY["feedback_reason"]):
            steps = _sub(t.gold, rej, *_reject(_app(rej), user, wrong))
            assert await _score(t, env, steps) < 1.0, (t.id, wrong)
    assert seen == set(reasons)


async def test_a_rejection_recorded_as_ours_gets_the_candidates_reason(tasks, env) -> None:  # type: ignore[no-untyped-def]
    t = _of(tasks, "ats-rejection-reason-v2")
    fix = _step(t, "reject")
    assert fix.method == "PATCH"
    assert await _score(t, env, t.gold) == 1.0
    other = [
        r
        for r in POLICY["exit_reasons"].values()
        if f"'{r}'" not in fix.body["rejection_reason_id"]["path"]
    ]
    reasons = next(s for s in t.gold if s.path == "/v1/rejection_reasons")
    for wrong in other:
        body = {"rejection_reason_id": {"$from": reasons.id, "path": f"[?name=='{wrong}'].id"}}
        steps = _sub(t.gold, fix, fix.model_copy(update={"body": body}))
        assert await _score(t, env, steps) < 1.0, wrong
