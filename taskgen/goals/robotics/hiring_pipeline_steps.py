"""What `hiring-pipeline-v1`'s goal kinds (`hiring_pipeline`) share: their candidates (one
per planted application, the actor its job's recruiter or hiring manager), and the reads
and writes a careful recruiter makes: the policy mail, the colleague's mail, the actor's ATS
user, the candidate's application found through the job's candidates, its scorecards, an
advance, a rejection with the reason by name, and the mail that tells someone why."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.courtesy import asker
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.hiring_pipeline import POLICY, SITUATION_ID

SITUATION = SITUATION_ID
APPS = ("ats", "mail")


def first_of(name: str) -> str:
    return name.split()[0]


def cands(*kinds: str, goal_name: str, actor: str = "recruiter_id") -> Any:
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        owner = next(a for a in inst.anchors if a["kind"] == "policy-owner")
        for a, f in zip(inst.anchors, inst.hidden, strict=False):
            if a["kind"] not in kinds:
                continue
            me = world.person(a[actor])
            hm, rec = world.person(a["hiring_manager_id"]), world.person(a["recruiter_id"])
            slots = {
                "candidate": a["candidate"],
                "first": a["first"],
                "job": a["job"],
                "hm": hm.name,
                "hm_first": first_of(hm.name),
                "hm_email": hm.email,
                "recruiter": rec.name,
                "recruiter_first": first_of(rec.name),
                "owner": owner["name"],
                "owner_email": owner["email"],
            }
            facts = {**f, "right_job": a.get("right_job")}
            facts["asked"] = asker(world, me, has=a["candidate"])
            yield Candidate(
                goal_name,
                a["candidate"],
                me,
                slots,
                Subject(f"ats-candidate:{f['candidate_id']}", "candidate", said={}),
                facts=facts,
            )

    return candidates


# --- what the agent reads -------------------------------------------------------------


async def read_policy(w: Walker) -> str:
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{POLICY['title']}'"},
        )
    )
    return str(found.step.id)


async def read_mail(w: Walker, c: Candidate) -> str:
    """The colleague's mail about the candidate (its subject starts with their name)."""
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"startswith(subject, '{c.slots['candidate']}')"},
        )
    )
    return str(found.step.id)


async def me(w: Walker, c: Candidate) -> dict[str, Any]:
    got = await w.run(
        Step(app="ats", method="GET", path="/v1/users", query={"email": c.actor.email})
    )
    return {"$from": str(got.step.id), "path": "[0].id"}


async def application(
    w: Walker, c: Candidate, job: str | None = None, jobs: str | None = None
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Bindings to the candidate's application on `job` (default: the slot's) and its
    stage, found through the job's candidates; and the jobs list's step id."""
    if jobs is None:
        listed = await w.run(
            Step(app="ats", method="GET", path="/v1/jobs", query={"status": "open"})
        )
        jobs = str(listed.step.id)
    job_id = {"$from": jobs, "path": f"[?name=='{job or c.slots['job']}'].id"}
    found = await w.run(
        Step(app="ats", method="GET", path="/v1/candidates", query={"job_id": job_id})
    )
    at = f"[?first_name=='{c.slots['first']}'].applications[0]"
    sid = str(found.step.id)
    return (
        {"$from": sid, "path": f"{at}.id"},
        {"$from": sid, "path": f"{at}.current_stage.id"},
        jobs,
    )


async def scorecards(w: Walker, app: dict[str, Any]) -> None:
    await w.run(
        Step(app="ats", method="GET", path="/v1/applications/{id}/scorecards", params={"id": app})
    )


async def advance(
    w: Walker, app: dict[str, Any], stage: dict[str, Any], user: dict[str, Any]
) -> None:
    await w.run(
        Step(
            app="ats",
            method="POST",
            path="/v1/applications/{id}/advance",
            params={"id": app},
            headers={"On-Behalf-Of": user},
            body={"from_stage_id": stage},
        )
    )


async def reject(
    w: Walker, app: dict[str, Any], user: dict[str, Any], reasons: list[str], reason: str = ""
) -> None:
    """Reject with `reason` by name (default: the policy's reason on onsite feedback),
    reading the reasons once per walk (`reasons` holds the step that did)."""
    if not reasons:
        got = await w.run(Step(app="ats", method="GET", path="/v1/rejection_reasons"))
        reasons.append(str(got.step.id))
    await w.run(
        Step(
            app="ats",
            method="POST",
            path="/v1/applications/{id}/reject",
            params={"id": app},
            headers={"On-Behalf-Of": user},
            body={
                "rejection_reason_id": {
                    "$from": reasons[0],
                    "path": f"[?name=='{reason or POLICY['feedback_reason']}'].id",
                }
            },
        )
    )


async def decide(
    w: Walker, c: Candidate, user: dict[str, Any], reasons: list[str], jobs: str | None = None
) -> str:
    app, stage, jobs = await application(w, c, jobs=jobs)
    await scorecards(w, app)
    if c.facts["passes"]:
        await advance(w, app, stage, user)
    else:
        await reject(w, app, user, reasons)
    return jobs


def told(hints: Hints, to: str, phrases: list[Any]) -> None:
    """A mail to `to` that names `phrases`: a reply to their mail, a new message or a
    forward, copying whom the agent likes (the copies are the allowances' to judge)."""
    for column in ("subject", "conversation_id", "in_reply_to"):
        hints.ignore(f"mail.messages.{column}")
    hints.ignore("mail.bodies.cc_json", {"to_json": {"contains": to}})
    mail_hints(hints, to, phrases)


def say(hints: Hints, c: Candidate) -> None:
    hints.say["ats.applications"] = f"{c.slots['candidate']}'s application"
    hints.say.setdefault("ats.application_stages", "the application's stage history")
