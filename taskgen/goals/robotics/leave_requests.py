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
- `leave-team-requests-v2` (a manager): "go through your team's pending vacation
  requests": three, nobody named (one fits, one is short of balance, one falls in the
  team's window), each decided on its own; each one turned down is told why.
- People Operations' partner's own (`leave_requests_hr`): `leave-sick-day-v2`,
  `leave-wrong-dates-v2`, `leave-cancel-trip-v2`.

Shared steps and the reasons' words are in `leave_common`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics import leave_requests_hr
from arcadia.taskgen.goals.robotics.common import HRIS, first_name, person_subject
from arcadia.taskgen.goals.robotics.leave_common import (
    APPS,
    REASON_WORDS,
    SITUATION,
    _decide,
    _domain,
    _mail,
    _read_policy,
    _send,
    _span,
    _why,
)
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.leave_requests import (
    hr_partner,
)


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
    if f["outcome"] == "short":
        f["fact"] = {"$from": str(calc.step.id), "path": "[?name=='Vacation'].balance"}
    elif f["outcome"] == "window":
        f["fact"] = {
            "$from": policy,
            "path": "value[0].body.content",
            "pattern": "- " + re.escape(f["team"]) + r": ([^\n]+)",
        }
    elif f["outcome"] == "crowded":
        f["fact"] = {"$from": str(out.step.id), "path": f"[?name=='{f['out'][0]}'].name"}
    return {"$from": str(found.step.id), "path": "[0].id"}


@goal(
    "leave-review-v2",
    SITUATION,
    "Decide a report's pending vacation request by the leave policy: approve it, or deny "
    "it and tell the employee the reason (balance, blackout, cover).",
    candidates=_reviews("manager"),
    phrasings=(
        "{name} has a vacation request waiting for you ({span}). Please decide it per "
        "our leave policy, and if you have to turn it down, email {first} why.",
        "Can you deal with {first}'s pending time off ({name}, {span})? Approve it if "
        "the leave policy allows it; if not, deny it and send {first} an email with the "
        "reason.",
        "Reminder from People Ops: {name}'s vacation request for {span} is still "
        "pending with you. Approve or deny it as the leave policy says, and if it's a no, "
        "drop {first} an email with the reason.",
    ),
)
async def review(w: Walker, c: Candidate, hints: Hints) -> None:
    req = await _pending(w, c, await _read_policy(w))
    email = c.slots["email"]
    _mail(c, hints, email)
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"
    if c.facts["outcome"] == "fits":
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
        "doesn't allow it, leave it for me and email me why.\"",
        "{manager} ({manager_email}) asks you to approve {name}'s pending time off "
        "({span}) while {manager_first} is away. If our leave policy rules it out, "
        "leave it as it is and email {manager_first} the reason.",
    ),
)
async def approve_for_me(w: Walker, c: Candidate, hints: Hints) -> None:
    req = await _pending(w, c, await _read_policy(w))
    boss = c.slots["manager_email"]
    _mail(c, hints, boss)
    _mail(c, hints, c.slots["email"])  # a careful word to the employee too is allowed
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"
    if c.facts["outcome"] == "fits":
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


def _team(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for a, h in zip(inst.anchors, inst.hidden, strict=True):
        if a["kind"] != "team":
            continue
        boss = world.person(a["manager_id"])
        people = [world.person(pid) for pid in a["people"]]
        yield Candidate(
            "team",
            boss.name,
            boss,
            {"me": boss.name},
            Subject(f"team:{boss.id}", "team"),
            facts={
                "people": [(p.name, p.email, p.team) for p in people],
                "today": world.now.date().isoformat(),
                "outcomes": h["outcomes"],
                "spans": h["spans"],
            },
        )


@goal(
    "leave-team-requests-v2",
    SITUATION,
    "Every pending vacation request of the manager's team, each decided by the leave "
    "policy; whoever is turned down is told why.",
    candidates=_team,
    phrasings=(
        "Could you go through your team's pending vacation requests? Decide each one as "
        "our leave policy says, and email anyone you turn down why.",
        "People Ops is chasing the vacation requests still waiting on you. Please approve "
        "or deny each of them per the leave policy, and send whoever gets a no an email "
        "with the reason.",
    ),
)
async def team_requests(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await _read_policy(w)
    dom = await _domain(w)
    today = c.facts["today"]
    listed = await w.run(
        Step(
            app="hris",
            method="GET",
            path=f"{HRIS}/time_off/requests/",
            params=dom,
            query={"start": today, "end": _plus(today, 75), "status": "requested"},
        )
    )
    lid = str(listed.step.id)
    for (name, email, team), outcome, (a, b) in zip(
        c.facts["people"], c.facts["outcomes"], c.facts["spans"], strict=True
    ):
        at = f"[?name=='{name}']"
        emp = {"$from": lid, "path": f"{at}.employeeId"}
        calc = await w.run(
            Step(
                app="hris",
                method="GET",
                path=f"{HRIS}/employees/{{id}}/time_off/calculator",
                params={**dom, "id": emp},
                query={"end": b},
            )
        )
        await w.run(
            Step(
                app="hris",
                method="GET",
                path=f"{HRIS}/time_off/whos_out",
                params=dom,
                query={"start": a, "end": b},
            )
        )
        req = {"$from": lid, "path": f"{at}.id"}
        _mail(c, hints, email)
        if outcome == "fits":
            await _decide(w, req, "approved")
            continue
        await _decide(w, req, "denied")
        one = Candidate(
            "one",
            name,
            c.actor,
            {"first": name.split()[0], "span": _span(a, b)},
            c.subject,
            facts={"outcome": outcome},
        )
        fact = (
            {"$from": str(calc.step.id), "path": "[?name=='Vacation'].balance"}
            if outcome == "short"
            else {
                "$from": policy,
                "path": "value[0].body.content",
                "pattern": "- " + re.escape(team) + r": ([^\n]+)",
            }
        )
        found = await w.run(
            Step(
                app="hris",
                method="GET",
                path=f"{HRIS}/employees/{{id}}",
                params={**dom, "id": emp},
                query={"fields": "workEmail"},
            )
        )
        await _send(
            w,
            {"$from": str(found.step.id), "path": "workEmail"},
            "Your vacation request",
            f"Hi {name.split()[0]}, I'm sorry, I have had to decline your vacation "
            f"request for {_span(a, b)}: {_why(one)}.",
            fact,
        )
        mail_hints(hints, email, [REASON_WORDS[outcome]])
    hints.ignore("mail.messages.subject")
    hints.say["hris.time_off_request"] = "the team's vacation requests"


def _plus(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


GOALS = (review, approve_for_me, *leave_requests_hr.GOALS, team_requests)
TASKS = SituationGoals(SITUATION, GOALS, params={"count": 16, "others": 4}, apps=APPS)
# Generator v1 has no goal kinds here; the situation is v2's alone.
TASKS_V1 = SituationGoals(SITUATION, (), params={"count": 16, "others": 4}, apps=APPS)
