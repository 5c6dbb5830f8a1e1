"""Generator v2's goal kinds of `hiring-pipeline-v1`: applications decided by Talent's hiring
policy (a mail in the actor's inbox), each asked in the same words whatever the policy
decides.

- `ats-onsite-decision-v2` (the job's recruiter): the onsite is done; move the candidate on
  (advance to Reference Check) or reject them with the reason the policy names, as the
  onsite scorecards decide. Two "yes" beside a "definitely not" is a rejection; a "no"
  beside two "yes" is not.
- `ats-rejection-review-v2` (the recruiter): the hiring manager asks whether a rejection
  was a mistake; if the scorecards meet the policy, reverse it and advance the application;
  if not, leave it and tell the hiring manager why (a reply naming the candidate and the
  scorecard or policy that decides it).
- `ats-offer-counter-v2` (the hiring manager): the recruiter passed on the candidate's
  counter; within the job's salary range, update the offer to it; above it, leave the offer
  and send the request to the policy's owner, with the figure.
- `ats-wrong-job-v2` (the recruiter): the hiring manager says the application belongs on
  another job; transfer it there (a look-alike candidate of the same name on a third job
  is another person and stays as it is).
- `ats-onsite-sweep-v2` (the recruiter): every application of one job whose onsite is done,
  decided as the first kind decides one.
- `ats-candidate-exit-v2` (the recruiter): the candidate's own mail pulls out; reject with
  the reason they give ("Withdrew" or "Accepted another offer"; the other one, or one of
  ours, fails).
- `ats-rejection-reason-v2` (the recruiter): a rejection recorded this morning as ours
  ("Not a fit") for a candidate whose mail had pulled out; the reason becomes theirs.

A reply to whoever raised the work is allowed beside the gold (`courtesy.allow_reply`).
The reads and writes they share are in `hiring_pipeline_steps`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.robotics.courtesy import allow_reply
from arcadia.taskgen.goals.robotics.hiring_pipeline_steps import (
    APPS,
    SITUATION,
    advance,
    application,
    cands,
    decide,
    first_of,
    me,
    read_mail,
    read_policy,
    reject,
    say,
    scorecards,
    told,
)
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.hiring_pipeline import POLICY

# --- the goals ------------------------------------------------------------------------


@goal(
    "ats-onsite-decision-v2",
    SITUATION,
    "A candidate's onsite is done: advance or reject them as the hiring policy decides.",
    candidates=cands("onsite-pass", "onsite-fail", goal_name="onsite"),
    phrasings=(
        "{hm} tells me the onsite loop with {candidate} for the {job} role is wrapped up "
        "and all the feedback is in. Please take {first}'s application to its next step "
        "as our hiring policy says.",
        "The panel has finished with {candidate} ({job}) and the scorecards are in. Can "
        "you close out {first}'s onsite per the hiring policy?",
        "Onsite for {candidate} on the {job} req is done. Please make the call on "
        "{first}'s application the way the hiring policy asks.",
    ),
)
async def onsite_decision(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    user = await me(w, c)
    await decide(w, c, user, [])
    say(hints, c)
    _may_tell_hm(hints, c)


def _may_tell_hm(hints: Hints, c: Candidate) -> None:
    """A word to the hiring manager about the decision, allowed (never asked)."""
    hints.allow("mail", "bodies", {"to_json": {"contains": c.slots["hm_email"]}})
    hints.allow("mail", "messages", {"from_address": c.actor.email}, max_added=2)


def _stands_phrases(c: Candidate) -> list[Any]:
    """What a reply that the rejection stands must name: the candidate, and why (the
    decisive scorecard, or the rule; any one will do)."""
    why = ["hiring policy", "policy", "scorecard", "rule 1"]
    if POLICY["veto"] in c.facts["scores"]:
        why += ["definitely not", "strong no"]
    else:
        why += ["one yes", "1 yes", "only one", "two yes", "2 yes", "at least 2", "at least two"]
    return [[c.slots["first"], c.slots["candidate"]], why]


@goal(
    "ats-rejection-review-v2",
    SITUATION,
    "A hiring manager asks whether a rejection was a mistake: reverse it if the policy "
    "says so, else tell them why it stands.",
    candidates=cands("reject-mistake", "reject-stands", goal_name="review"),
    phrasings=(
        "{hm} thinks {candidate}'s rejection for the {job} role was a mistake (see "
        "{hm_first}'s mail). Check it against our hiring policy and put it right if it "
        "was; if the rejection stands, let {hm_first} know why.",
        "Can you look into {hm_first}'s question about {candidate} ({job})? If the "
        "rejection was wrong under the hiring policy, fix it; otherwise explain to "
        "{hm_first} why it holds.",
    ),
)
async def rejection_review(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    mail = await read_mail(w, c)
    user = await me(w, c)
    app, stage, _ = await application(w, c)
    await scorecards(w, app)
    if c.facts["passes"]:
        await w.run(
            Step(
                app="ats",
                method="POST",
                path="/v1/applications/{id}/unreject",
                params={"id": app},
                headers={"On-Behalf-Of": user},
            )
        )
        await advance(w, app, stage, user)
        say(hints, c)
        allow_reply(hints, c.actor, c.facts["asked"])
        return
    await w.run(
        Step(
            app="mail",
            method="POST",
            path="/v1.0/me/messages/{id}/reply",
            params={"id": {"$from": mail, "path": "value[0].id"}},
            body={
                "comment": f"Hi {c.slots['hm_first']}, {c.slots['candidate']}'s "
                "rejection stands under the hiring policy: the onsite "
                "scorecards do not meet rule 1."
            },
        )
    )
    told(hints, c.slots["hm_email"], _stands_phrases(c))
    hints.say["mail.messages"] = "the reply (as sent and as delivered)"


def _amounts(x: float) -> list[str]:
    n = int(x)
    return [f"{n:,}", str(n), f"{n // 1000}k", f"{n // 1000}K"]


@goal(
    "ats-offer-counter-v2",
    SITUATION,
    "A candidate's counter on an offer: update the offer within the salary range, else "
    "take it to the policy's approver.",
    candidates=cands(
        "counter-within", "counter-above", goal_name="counter", actor="hiring_manager_id"
    ),
    phrasings=(
        "{recruiter_first} passed on {candidate}'s counter for the {job} offer (see the "
        "mail). Please handle it the way our hiring policy says.",
        "{candidate} came back on the {job} offer; {recruiter} has the details in their "
        "mail to you. Can you deal with it per the hiring policy?",
    ),
)
async def offer_counter(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    mail = await read_mail(w, c)
    user = await me(w, c)
    app, _, _ = await application(w, c)
    await w.run(
        Step(
            app="ats",
            method="GET",
            path="/v1/applications/{id}/offers/current_offer",
            params={"id": app},
        )
    )
    job = {"$from": app["$from"], "path": app["path"].removesuffix(".id") + ".jobs[0].id"}
    await w.run(Step(app="ats", method="GET", path="/v1/jobs/{id}", params={"id": job}))
    allow_reply(hints, c.actor, c.facts["asked"])
    said = {"$from": mail, "path": "value[0].body.content", "pattern": r"sign at \$(\d+),000"}
    if c.facts["within"]:
        await w.run(
            Step(
                app="ats",
                method="PATCH",
                path="/v1/applications/{id}/offers/current_offer",
                params={"id": app},
                headers={"On-Behalf-Of": user},
                body={
                    "custom_fields": [
                        {
                            "name_key": "salary",
                            "value": {**said, "template": "{}000"},
                            "unit": "USD",
                        }
                    ]
                },
            )
        )
        hints.say["ats.offers"] = f"{c.slots['candidate']}'s offer"
        return
    text = (
        f"Hi {first_of(c.slots['owner'])}, {c.slots['candidate']} asks for ${{}},000 on the "
        f"{c.slots['job']} offer, above the salary range's maximum. May I go ahead?"
    )
    await w.run(
        Step(
            app="mail",
            method="POST",
            path="/v1.0/me/sendMail",
            body={
                "message": {
                    "subject": f"Approval: {c.slots['candidate']}'s offer",
                    "body": {"contentType": "Text", "content": {**said, "template": text}},
                    "toRecipients": [{"emailAddress": {"address": c.slots["owner_email"]}}],
                },
                "saveToSentItems": True,
            },
        )
    )
    told(
        hints,
        c.slots["owner_email"],
        [
            [c.slots["first"], c.slots["candidate"]],
            [*_amounts(c.facts["ask"]), *_amounts(c.facts["band_max"])],
        ],
    )
    hints.ignore("mail.messages.subject")


@goal(
    "ats-wrong-job-v2",
    SITUATION,
    "An application sits on the wrong job: move it to the job the candidate applied for.",
    candidates=cands("wrong-job", goal_name="wrong-job"),
    phrasings=(
        "{hm_first} says {candidate}'s application is in the wrong pipeline (see "
        "{hm_first}'s mail). Please get it onto the job {first} actually applied for.",
        "Could you sort out {candidate}? {hm} mailed that {first} is sitting in the {job} "
        "pipeline by mistake.",
    ),
)
async def wrong_job(w: Walker, c: Candidate, hints: Hints) -> None:
    mail = await read_mail(w, c)
    user = await me(w, c)
    app, _, jobs = await application(w, c)
    right = {
        "$from": jobs,
        "path": "[?name=='{job}'].id",
        "bind": {
            "job": {
                "$from": mail,
                "path": "value[0].body.content",
                "pattern": r"applied for our (.+?) opening",
            }
        },
    }
    await w.run(
        Step(
            app="ats",
            method="POST",
            path="/v1/applications/{id}/transfer_to_job",
            params={"id": app},
            headers={"On-Behalf-Of": user},
            body={"new_job_id": right},
        )
    )
    say(hints, c)
    allow_reply(hints, c.actor, c.facts["asked"])


def _sweeps(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    """One candidate per sweep job: its planted onsite applications, each to decide."""
    members = list(cands("sweep", goal_name="sweep")(world, inst))
    if not members:
        return
    one = members[0]
    yield Candidate(
        "sweep",
        one.slots["job"],
        one.actor,
        dict(one.slots),
        Subject(f"ats-job:{one.facts['job_id']}", "job", said={}),
        facts={"job_id": one.facts["job_id"], "members": members},
    )


@goal(
    "ats-onsite-sweep-v2",
    SITUATION,
    "A job's onsite round is over: decide every application in it as the hiring policy says.",
    candidates=_sweeps,
    phrasings=(
        "{hm} says the onsite round for the {job} req is over: every panel is done and the "
        "scorecards are in. Please settle each candidate still sitting in the onsite "
        "stage the way the hiring policy says.",
        "The {job} onsites are all finished and scored. Can you clear that stage, taking "
        "each candidate to where our hiring policy puts them?",
    ),
)
async def onsite_sweep(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    user = await me(w, c)
    jobs: str | None = None
    reasons: list[str] = []
    names = []
    for m in c.facts["members"]:
        jobs = await decide(w, m, user, reasons, jobs=jobs)
        names.append(m.slots["candidate"])
    hints.say["ats.applications"] = "the applications of " + ", ".join(names)
    hints.say.setdefault("ats.application_stages", "the applications' stage history")
    _may_tell_hm(hints, c)


@goal(
    "ats-candidate-exit-v2",
    SITUATION,
    "A candidate wrote to pull out: close the application with the reason they give.",
    candidates=cands("withdrew", "other-offer", goal_name="exit"),
    phrasings=(
        "{candidate} wrote to you about the {job} role (see the mail). Please close out "
        "{first}'s application the way our hiring policy asks.",
        "You have a mail from {candidate} about the {job} process. Can you deal with "
        "{first}'s application per the hiring policy?",
    ),
)
async def candidate_exit(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    await read_mail(w, c)
    user = await me(w, c)
    app, _, _ = await application(w, c)
    await reject(w, app, user, [], c.facts["reason"])
    say(hints, c)
    allow_reply(hints, c.actor, c.facts["asked"])


@goal(
    "ats-rejection-reason-v2",
    SITUATION,
    "A rejection recorded as ours for a candidate who pulled out: the reason they gave.",
    candidates=cands("misreason-withdrew", "misreason-other-offer", goal_name="misreason"),
    phrasings=(
        "The rejection report has {candidate} ({job}) down as turned away by us. Please "
        "check how that application really ended and put the record right per the hiring "
        "policy.",
        "I'm not sure {candidate}'s rejection for the {job} role is recorded the way it "
        "happened. Can you look into it and correct it as the hiring policy asks?",
    ),
)
async def rejection_reason(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    await read_mail(w, c)
    user = await me(w, c)
    app, _, _ = await application(w, c)
    got = await w.run(Step(app="ats", method="GET", path="/v1/rejection_reasons"))
    reason = {"$from": str(got.step.id), "path": f"[?name=='{c.facts['reason']}'].id"}
    await w.run(
        Step(
            app="ats",
            method="PATCH",
            path="/v1/applications/{id}/reject",
            params={"id": app},
            headers={"On-Behalf-Of": user},
            body={"rejection_reason_id": reason},
        )
    )
    say(hints, c)


GOALS = (
    onsite_decision,
    rejection_review,
    offer_counter,
    wrong_job,
    onsite_sweep,
    candidate_exit,
    rejection_reason,
)

TASKS = SituationGoals(SITUATION, GOALS, params={"per_kind": 2}, apps=APPS)

# Generator v1 has no goal kind of this situation: the pack lists it with none.
TASKS_V1 = SituationGoals(SITUATION, (), params={"per_kind": 2}, apps=APPS)
