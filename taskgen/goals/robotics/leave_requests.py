"""Generator v2's goal kinds of `leave-requests-v1`: time off decided by Arcadia Robotics'
leave policy (People Operations' mail), and People Operations' own time off fixes.

- `leave-review-v2` (the employee's manager): "decide {name}'s pending vacation request
  per the leave policy". The same words ask about a request the policy allows (approve)
  and three it does not: the balance would not cover it, it falls in the team's blackout
  window, two teammates are already out on one of its days. A denial is graded by the
  request's status and by a mail to the employee that names the reason (leniently: any of
  its usual words). In the approve branch a word to the employee is allowed, not asked.
- `leave-approve-for-me-v2` (People Operations' partner, asked by the manager): "approve
  {name}'s request for me; if the policy doesn't allow it, don't, and tell me why". The
  forbidden twins make no HRIS write (the guard fails any) and mail the manager the reason.
- `leave-sick-day-v2` (the partner): an employee mailed about a sick day never logged; it
  is recorded as approved sick time on the day the mail gives (a `used` history item for
  it is allowed, not asked).
- `leave-wrong-dates-v2` (the partner): an employee's pending vacation went in for the
  wrong week; the right week (from their mail) is requested in its place, still pending
  the manager. Superseding it or cancelling it and filing anew are both right; the
  employee's other, approved day off stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import HRIS, first_name, person_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.leave_requests import (
    POLICY_SUBJECT,
    SITUATION_ID,
    hr_partner,
)

SITUATION = SITUATION_ID
APPS = ("hris", "mail")
# The words a careful manager uses for each reason (any one will do).
REASON_WORDS: dict[str, list[str]] = {
    "balance": [
        "balance",
        "not enough",
        "enough days",
        "days left",
        "insufficient",
        "accrued",
        "short",
    ],
    "blackout": [
        "blackout",
        "black-out",
        "release week",
        "quarter-end close",
        "customer acceptance tests",
        "line changeover",
        "freeze",
    ],
    "cover": [
        "cover",
        "already out",
        "already off",
        "at once",
        "same time",
        "same day",
        "two people",
        "2 people",
        "two of",
        "away at the same",
        "out that",
    ],
}
TYPE_NAME = {"sick": "Sick", "vacation": "Vacation"}


def _mail(c: Candidate, hints: Hints, to: str) -> None:
    """One mail from the actor to `to` beyond the gold: its body and its two copies."""
    hints.allow("mail", "bodies", {"to_json": {"contains": to}})
    hints.allow("mail", "messages", {"from_address": c.actor.email}, max_added=2)


def _span(a: str, b: str) -> str:
    x, y = date.fromisoformat(a), date.fromisoformat(b)
    return f"{x:%B} {x.day}" if x == y else f"{x:%B} {x.day} to {y:%B} {y.day}"


def _reviews(who: str):  # type: ignore[no-untyped-def]
    """One candidate per planted pending request, the actor its manager (`manager`) or
    People Operations' partner (`partner`, asked by the manager)."""

    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        partner = hr_partner(world)
        for a, h in zip(inst.anchors, inst.hidden, strict=True):
            if a["kind"] != "review" or a["asked"] != who:
                continue
            p, boss = world.person(a["person_id"]), world.person(a["manager_id"])
            actor = boss if who == "manager" else partner
            if actor.id in (p.id,) or (who == "partner" and boss.id == partner.id):
                continue
            yield Candidate(
                "review",
                p.name,
                actor,
                {
                    "name": p.name,
                    "first": first_name(p),
                    "email": p.email,
                    "manager": boss.name,
                    "manager_first": first_name(boss),
                    "manager_email": boss.email,
                    "span": _span(a["start"], a["end"]),
                },
                person_subject(p),
                facts={
                    "person_id": p.id,
                    "request_id": a["request_id"],
                    "team": p.team,
                    "start": a["start"],
                    "end": a["end"],
                    **h,
                },
            )

    return candidates


async def _domain(w: Walker) -> dict[str, Any]:
    return {"domain": w.ambient.said["CompanyDomain"]}


async def _read_policy(w: Walker) -> str:
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{POLICY_SUBJECT}'"},
        )
    )
    return str(found.step.id)


async def _pending(w: Walker, c: Candidate, policy: str) -> dict[str, Any]:
    """A binding to the employee's pending request's id, after the reads that decide it
    (the request itself, the balance for its last day, who is out then); `c.facts["fact"]`
    becomes a binding to what stands in the way, as read (the policy's blackout line for
    the team, the balance for the last day, a teammate out)."""
    emp = await w.need(c.subject, "EmployeeId")
    dom = await _domain(w)
    f = c.facts
    found = await w.run(
        Step(
            app="hris",
            method="GET",
            path=f"{HRIS}/time_off/requests/",
            params=dom,
            query={"start": f["start"], "end": f["end"], "employeeId": emp, "status": "requested"},
        )
    )
    calc = await w.run(
        Step(
            app="hris",
            method="GET",
            path=f"{HRIS}/employees/{{id}}/time_off/calculator",
            params={**dom, "id": emp},
            query={"end": f["end"]},
        )
    )
    out = await w.run(
        Step(
            app="hris",
            method="GET",
            path=f"{HRIS}/time_off/whos_out",
            params=dom,
            query={"start": f["start"], "end": f["end"]},
        )
    )
    if f["outcome"] == "balance":
        f["fact"] = {"$from": str(calc.step.id), "path": "[?name=='Vacation'].balance"}
    elif f["outcome"] == "blackout":
        f["fact"] = {
            "$from": policy,
            "path": "value[0].body.content",
            "pattern": "- " + re.escape(f["team"]) + r": ([^\n]+)",
        }
    elif f["outcome"] == "cover":
        f["fact"] = {"$from": str(out.step.id), "path": f"[?name=='{f['out'][0]}'].name"}
    return {"$from": str(found.step.id), "path": "[0].id"}


async def _decide(w: Walker, req: dict[str, Any], status: str) -> None:
    await w.run(
        Step(
            app="hris",
            method="PUT",
            path=f"{HRIS}/time_off/requests/{{requestId}}/status",
            params={**await _domain(w), "requestId": req},
            body={"status": status},
        )
    )


async def _send(w: Walker, to: str, subject: str, text: str, fact: dict[str, Any]) -> None:
    """A mail to `to` whose text holds what was read (`fact`, at its `{}`)."""
    content = {**fact, "template": text}
    await w.run(
        Step(
            app="mail",
            method="POST",
            path="/v1.0/me/sendMail",
            body={
                "message": {
                    "subject": subject,
                    "body": {"contentType": "Text", "content": content},
                    "toRecipients": [{"emailAddress": {"address": to}}],
                },
                "saveToSentItems": True,
            },
        )
    )


def _why(c: Candidate) -> str:
    f = c.facts
    if f["outcome"] == "balance":
        return "your vacation balance would not cover it (it would be {} days)"
    if f["outcome"] == "blackout":
        return "it falls in the team's blackout window ({})"
    return "two of the team ({} and another) are already out then, at most two at once"


@goal(
    "leave-review-v2",
    SITUATION,
    "Decide a report's pending vacation request by the leave policy: approve it, or deny "
    "it and tell the employee the reason (balance, blackout, cover).",
    candidates=_reviews("manager"),
    phrasings=(
        "{name} has a vacation request waiting for you ({span}). Please decide it per "
        "our leave policy, and if you have to turn it down, let {first} know why.",
        "Can you deal with {first}'s pending time off ({name}, {span})? Approve it if "
        "the leave policy allows it; if not, deny it and tell {first} the reason.",
        "Reminder from People Ops: {name}'s vacation request for {span} is still "
        "pending with you. Approve or deny it as the leave policy says, and give {first} "
        "the reason if it's a no.",
    ),
)
async def review(w: Walker, c: Candidate, hints: Hints) -> None:
    req = await _pending(w, c, await _read_policy(w))
    email = c.slots["email"]
    _mail(c, hints, email)
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"
    if c.facts["outcome"] == "approve":
        await _decide(w, req, "approved")
        return
    await _decide(w, req, "denied")
    await _send(
        w,
        email,
        "Your vacation request",
        f"Hi {c.slots['first']}, I'm sorry, I have had to decline your vacation "
        f"request for {c.slots['span']}: {_why(c)}.",
        c.facts["fact"],
    )
    mail_hints(hints, email, [REASON_WORDS[c.facts["outcome"]]])
    hints.ignore("mail.messages.subject")


@goal(
    "leave-approve-for-me-v2",
    SITUATION,
    "A manager asks People Ops to approve a report's request: approve it if the leave "
    "policy allows it, else make no change and tell the manager the reason.",
    candidates=_reviews("partner"),
    phrasings=(
        "Message from {manager} ({manager_email}): \"I'm travelling this week. Could you "
        "approve {name}'s vacation request for {span} for me? If the leave policy "
        "doesn't allow it, don't, and tell me why.\"",
        "{manager} ({manager_email}) asks you to approve {name}'s pending time off "
        "({span}) while {manager_first} is away. If our leave policy rules it out, "
        "leave it and let {manager_first} know the reason.",
    ),
)
async def approve_for_me(w: Walker, c: Candidate, hints: Hints) -> None:
    req = await _pending(w, c, await _read_policy(w))
    boss = c.slots["manager_email"]
    _mail(c, hints, boss)
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"
    if c.facts["outcome"] == "approve":
        await _decide(w, req, "approved")
        return
    why = _why(c).replace("your vacation", f"{c.slots['first']}'s vacation")
    await _send(
        w,
        boss,
        f"{c.slots['name']}'s vacation request",
        f"Hi {c.slots['manager_first']}, I haven't approved {c.slots['name']}'s "
        f"request for {c.slots['span']}: under the leave policy {why}.",
        c.facts["fact"],
    )
    mail_hints(hints, boss, [REASON_WORDS[c.facts["outcome"]]])
    hints.ignore("mail.messages.subject")


def _others(kind: str):  # type: ignore[no-untyped-def]
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        partner = hr_partner(world)
        for a, h in zip(inst.anchors, inst.hidden, strict=True):
            if a["kind"] != kind:
                continue
            p = world.person(a["person_id"])
            yield Candidate(
                kind,
                p.name,
                partner,
                {"name": p.name, "first": first_name(p), "email": p.email},
                person_subject(p),
                facts={"person_id": p.id, **a, **h},
            )

    return candidates


async def _their_mail(w: Walker, c: Candidate, subject: str) -> str:
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={
                "$filter": f"from/emailAddress/address eq '{c.slots['email']}' and "
                f"subject eq '{subject}'"
            },
        )
    )
    return str(found.step.id)


async def _type_id(w: Walker, name: str) -> dict[str, Any]:
    types = await w.run(
        Step(app="hris", method="GET", path=f"{HRIS}/meta/time_off/types", params=await _domain(w))
    )
    return {"$from": str(types.step.id), "path": f"timeOffTypes[?name=='{name}'].id"}


def _day(mail: str, nth: int = 0) -> dict[str, Any]:
    """The `nth` ISO date the mail's body gives."""
    return {
        "$from": mail,
        "path": "value[0].body.content",
        "pattern": r"(?:\d{4}-\d{2}-\d{2}\D+){" + str(nth) + r"}(\d{4}-\d{2}-\d{2})",
    }


@goal(
    "leave-sick-day-v2",
    SITUATION,
    "An employee mailed People Ops about a sick day never logged: record it in the HRIS "
    "as the sick time it was.",
    candidates=_others("sick"),
    phrasings=(
        "{name} ({email}) emailed you about a sick day that never got into the HRIS. "
        "Could you record it?",
        "{first} ({name}, {email}) was off sick recently and forgot to log it; the "
        "details are in {first}'s mail to you. Please get it recorded.",
    ),
)
async def sick_day(w: Walker, c: Candidate, hints: Hints) -> None:
    mail = await _their_mail(w, c, "Sick day")
    emp = await w.need(c.subject, "EmployeeId")
    kind = await _type_id(w, "Sick")
    await w.run(
        Step(
            app="hris",
            method="PUT",
            path=f"{HRIS}/employees/{{id}}/time_off/request",
            params={**await _domain(w), "id": emp},
            body={
                "status": "approved",
                "start": _day(mail),
                "end": _day(mail),
                "timeOffTypeId": kind,
            },
        )
    )
    # Its note is the agent's; a `used` history item for the day is as careful.
    for col in ("employee_note", "manager_note"):
        hints.ignore(f"hris.time_off_request.{col}")
    hints.allow("hris", "time_off_history", {"employee_id": c.facts["person_id"]})
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s sick day"


@goal(
    "leave-wrong-dates-v2",
    SITUATION,
    "An employee's pending vacation went in for the wrong week: request the right one "
    "in its place, still pending their manager.",
    candidates=_others("dates"),
    phrasings=(
        "{name} ({email}) says the vacation request in the HRIS has the wrong dates, and "
        "mailed you the right ones. Can you sort it out?",
        "{first}'s pending time off is in for the wrong week ({name}, {email}, see "
        "{first}'s mail). Please put it right in the HRIS.",
    ),
)
async def wrong_dates(w: Walker, c: Candidate, hints: Hints) -> None:
    mail = await _their_mail(w, c, "My vacation request has the wrong dates")
    emp = await w.need(c.subject, "EmployeeId")
    dom = await _domain(w)
    f = c.facts
    found = await w.run(
        Step(
            app="hris",
            method="GET",
            path=f"{HRIS}/time_off/requests/",
            params=dom,
            query={
                "start": _day(mail, 0),
                "end": _day(mail, 1),
                "employeeId": emp,
                "status": "requested",
            },
        )
    )
    kind = await _type_id(w, "Vacation")
    await w.run(
        Step(
            app="hris",
            method="PUT",
            path=f"{HRIS}/employees/{{id}}/time_off/request",
            params={**dom, "id": emp},
            body={
                "start": _day(mail, 2),
                "end": _day(mail, 3),
                "timeOffTypeId": kind,
                "previousRequest": {"$from": str(found.step.id), "path": "[0].id"},
            },
        )
    )
    # Superseded by the new request, or cancelled before it: the same week requested.
    hints.value(
        "hris.time_off_request.status", {"in": ["superseded", "canceled"]}, {"id": f["request_id"]}
    )
    hints.value(
        "hris.time_off_request.previous_request_id",
        {"in": [f["request_id"], None]},
        {"status": "requested"},
    )
    for col in ("employee_note", "manager_note"):
        hints.ignore(f"hris.time_off_request.{col}", {"status": "requested"})
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"


GOALS = (review, approve_for_me, sick_day, wrong_dates)
TASKS = SituationGoals(SITUATION, GOALS, params={"count": 16, "others": 4}, apps=APPS)
# Generator v1 has no goal kinds here; the situation is v2's alone.
TASKS_V1 = SituationGoals(SITUATION, (), params={"count": 16, "others": 4}, apps=APPS)
