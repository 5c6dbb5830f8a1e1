"""What `hiring-pipeline-v1` leaves in mail: Talent's hiring policy, and the colleagues'
mails that raise the work.

- The policy mail (`POLICY["title"]`), from the head of Talent to every recruiter and to the
  hiring managers of the jobs concerned, a month old and read.
- `reject-mistake` / `reject-stands`: the hiring manager asks the job's recruiter whether
  the candidate's rejection was a mistake (the same words for both).
- `counter-within` / `counter-above`: the recruiter tells the hiring manager the
  candidate's counter on the offer (a yearly salary).
- `withdrew` / `other-offer`: the candidate's mail to the recruiter (from their personal
  address), pulling out.
- `wrong-job`: the hiring manager tells the recruiter the candidate applied for another
  job.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from arcadia.world.comms import EmailAddress
from arcadia.world.robotics.situations.hiring_pipeline_policy import POLICY, SITUATION_ID
from arcadia.world.robotics.situations.traces import Traces

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World


def policy_owner(world: World) -> Person:
    """The head of Talent: the manager the recruiters report to (else the most senior
    recruiter)."""
    recruiters = [p for p in world.people if p.status == "active" and "recruiter" in p.roles]
    if not recruiters:
        raise ValueError(f"{SITUATION_ID} needs recruiters")
    bosses = sorted({p.manager_id for p in recruiters if p.manager_id is not None})
    for bid in bosses:
        boss = world.person(bid)
        if boss.status == "active":
            return boss
    return max(recruiters, key=lambda p: (p.level, -p.id))


def money(amount: float) -> str:
    return f"${amount:,.0f}"


def policy_text(owner: Person) -> str:
    p = POLICY
    return (
        "Hi all,\n\n"
        "As of this month, these rules apply to every requisition. Please apply them "
        "without waiting to be asked.\n\n"
        f"1. After the onsite ({p['onsite']}), an application moves on to {p['next']} only "
        f"with at least {p['min_yes']} onsite scorecards recommending Yes or Strong Yes, "
        "and none recommending Definitely Not. Otherwise reject it, with the rejection "
        f'reason "{p["feedback_reason"]}".\n'
        "2. A rejection after the onsite that the onsite scorecards do not support (rule 1 "
        f"met) is a mistake: reverse it and move the application on to {p['next']}.\n"
        "3. Offers: a salary within the job's salary range is the hiring manager's call; "
        "update the offer. Above the range's maximum, the offer needs my approval first: "
        "leave the offer as it is and send me the request, with the figure asked and the "
        "range's maximum.\n"
        "4. A candidate who pulls out is rejected with the reason they give: "
        + " or ".join(f'"{r}"' for r in p["exit_reasons"].values())
        + ", never one of ours.\n\n"
        f"Thanks,\n{owner.name}"
    )


def traces(
    tr: Traces, owner: Person, anchors: list[dict[str, Any]], hidden: list[dict[str, Any]]
) -> None:
    world = tr.world
    today = world.now.date()
    recruiters = [
        p
        for p in world.people
        if p.status == "active" and "recruiter" in p.roles and p.id != owner.id
    ]
    managers = [world.person(pid) for pid in dict.fromkeys(a["hiring_manager_id"] for a in anchors)]
    tr.mail(
        owner,
        [*recruiters, *(m for m in managers if m not in recruiters)],
        POLICY["title"],
        policy_text(owner),
        tr.sent_at(today - timedelta(days=35), today - timedelta(days=28)),
        read=True,
    )
    for a, f in zip(anchors, hidden, strict=True):
        rec, hm = world.person(a["recruiter_id"]), world.person(a["hiring_manager_id"])
        name, first, job = a["candidate"], a["first"], a["job"]
        when = tr.sent_at(today - timedelta(days=2))
        if a["kind"].startswith("reject"):
            tr.mail(
                hm,
                [rec],
                f"{name}: rejected?",
                f"Hi {rec.name.split()[0]},\n\nI just saw that {name} was rejected for "
                f"the {job} role after the onsite. I had the impression the panel liked "
                f"{first}. Was that a mistake? Could you check and sort it out?\n\n"
                f"Thanks,\n{hm.name.split()[0]}",
                when,
            )
        elif a["kind"].startswith("counter"):
            tr.mail(
                rec,
                [hm],
                f"{name}: counter on the {job} offer",
                f"Hi {hm.name.split()[0]},\n\n{name} came back on our offer for the "
                f"{job} role: {first} would sign at {money(f['ask'])} a year. Can you "
                f"take it from here?\n\nThanks,\n{rec.name.split()[0]}",
                when,
            )
        elif "exit" in a:
            why = (
                "I have decided to withdraw my application: the timing is not right for me"
                if a["exit"] == "withdrew"
                else "I have accepted an offer from another company"
            )
            tr.mail(
                EmailAddress(name, a["email"]),
                [rec],
                f"{name} - {job} application",
                f"Dear {rec.name.split()[0]},\n\nThank you for your time so far. {why}, so "
                f"please take me out of the {job} process.\n\nKind regards,\n{name}",
                when,
            )
        elif a["kind"] == "wrong-job":
            tr.mail(
                hm,
                [rec],
                f"{name} in my {job} pipeline",
                f"Hi {rec.name.split()[0]},\n\n{name} shows up in my {job} pipeline, "
                f"but {first} applied for our {a['right_job']} opening. Could you put "
                f"the application where it belongs?\n\nThanks,\n{hm.name.split()[0]}",
                when,
            )
