"""`leave-requests-v1`'s goal kinds for People Operations' partner: a sick day recorded from
the employee's mail, a request moved to the right week, an approved vacation called off
(see `leave_requests` for the decisions).

- `leave-sick-day-v2`: an employee mailed about a sick day never logged; it is recorded as
  approved sick time on the day the mail gives (a `used` history item for it, a note and
  a word back to the employee are allowed, not asked).
- `leave-wrong-dates-v2`: an employee's pending vacation went in for the wrong week; the
  right week (from their mail) is requested in its place, still pending the manager.
  Superseding it, or cancelling it and filing anew, are both right; the employee's
  approved personal day stays (a word back is allowed).
- `leave-cancel-trip-v2`: an employee's approved vacation ahead is off; that request is
  cancelled, the approved personal day before it stays (a word back is allowed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.robotics.common import HRIS, first_name, person_subject
from arcadia.taskgen.goals.robotics.leave_common import SITUATION, _decide, _domain, _mail
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.leave_requests import (
    hr_partner,
)


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
    # A word back to the employee who mailed is allowed, never asked (a blind agent's
    # confirmation failed the guard before, seed 157).
    _mail(c, hints, c.slots["email"])
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
    _mail(c, hints, c.slots["email"])  # a word back to the employee is allowed
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"


@goal(
    "leave-cancel-trip-v2",
    SITUATION,
    "An employee's approved vacation is off: cancel that request, and only that one.",
    candidates=_others("cancel"),
    phrasings=(
        "{name} ({email}) won't be taking the vacation after all; {first}'s mail to you has "
        "the details. Can you take care of it in the HRIS?",
        "{first}'s plans fell through ({name}, {email}): see {first}'s mail about the time "
        "off and sort it out, please.",
    ),
)
async def cancel_trip(w: Walker, c: Candidate, hints: Hints) -> None:
    mail = await _their_mail(w, c, "Please cancel my vacation")
    emp = await w.need(c.subject, "EmployeeId")
    dom = await _domain(w)
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
                "status": "approved",
            },
        )
    )
    req = {"$from": str(found.step.id), "path": "[0].id"}
    await _decide(w, req, "canceled")
    _mail(c, hints, c.slots["email"])  # a word back to the employee is allowed
    hints.say["hris.time_off_request"] = f"{c.slots['name']}'s vacation request"


GOALS = (sick_day, wrong_dates, cancel_trip)
