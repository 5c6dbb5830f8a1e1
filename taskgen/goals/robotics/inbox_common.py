"""What `inbox-calendar-v1`'s goal kinds share: the actor's items, the policy mail read
before any write, the week's window, an event found by its subject and an answer to it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.goals.robotics.common import person_subject
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.inbox_calendar import POLICY, SITUATION_ID

SITUATION = SITUATION_ID
APPS = ("calendar", "hris", "mail")
ACTION = {"accept": "accept", "tentative": "tentativelyAccept", "decline": "decline"}
SAY = {
    "focus": "Sorry, Friday afternoon is focus time under our meeting policy.",
    "clash": "Sorry, this clashes with a meeting I have already accepted.",
}
RESPONSE = {"accept": "accepted", "tentative": "tentativelyAccepted", "decline": "declined"}
WORDS = {"focus": list(POLICY["focus_words"]), "clash": list(POLICY["clash_words"])}


def base(
    world: World, inst: SituationInstance
) -> Iterator[tuple[Any, dict[str, Any], dict[str, Any]]]:
    for a, h in zip(inst.anchors, inst.hidden, strict=True):
        h = {**h, "week": _week(world), "friday": _friday(world)}
        yield world.person(a["actor_id"]), a, h


def cand(
    goal_id: str, anchor: str, actor: Any, slots: dict[str, Any], facts: dict[str, Any]
) -> Candidate:
    # One subject per item: each invitation (or the actor's week, inbox...) is its own core.
    said = person_subject(actor).said
    subject = Subject(f"{goal_id}:{actor.id}:{anchor}", "person", said=said)
    return Candidate(goal_id, anchor, actor, {"me": actor.name, **slots}, subject, facts=facts)


async def read_policy(w: Walker) -> str:
    """The policy mail, read from the inbox by its subject; the step's id."""
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{POLICY['subject']}'"},
        )
    )
    return str(found.step.id)


def from_policy(step: str, pattern: str) -> dict[str, Any]:
    return {"$from": step, "path": "value[0].body.content", "pattern": pattern}


def _span(first: date, days: int) -> tuple[str, str]:
    return (
        datetime.combine(first, time()).isoformat() + "Z",
        datetime.combine(first + timedelta(days=days), time()).isoformat() + "Z",
    )


def _week(world: World) -> tuple[str, str]:
    return _span(world.now.date() - timedelta(days=world.now.weekday()), 7)


def _friday(world: World) -> tuple[str, str]:
    return _span(world.now.date() - timedelta(days=world.now.weekday() - 4), 1)


async def calendar(w: Walker, lo: str, hi: str) -> None:
    """The actor's calendar over the window (to see what each invitation would clash
    with)."""
    await w.run(
        Step(
            app="calendar",
            method="GET",
            path="/v1.0/me/calendarView",
            query={"startDateTime": lo, "endDateTime": hi, "$top": "100"},
        )
    )


async def find_event(w: Walker, subject: str) -> dict[str, Any]:
    found = await w.run(
        Step(
            app="calendar",
            method="GET",
            path="/v1.0/me/events",
            query={"$filter": f"subject eq '{subject}'"},
        )
    )
    return {"$from": str(found.step.id), "path": "value[0].id"}


async def respond(
    w: Walker, c: Candidate, hints: Hints, inv: dict[str, Any], answer: str, reason: str
) -> None:
    event = await find_event(w, inv["subject"])
    body: dict[str, Any] = {"comment": SAY[reason]} if answer == "decline" else {}
    await w.run(
        Step(
            app="calendar",
            method="POST",
            path=f"/v1.0/me/events/{{event_id}}/{ACTION[answer]}",
            params={"event_id": event},
            body=body,
        )
    )
    # The organiser's copy records the answer beside the time it came (the clock's).
    me = f'"address":"{c.actor.email}","response":"{RESPONSE[answer]}"'
    hints.value(
        "calendar.events.attendees",
        {"contains": me},
        {"is_organizer": True, "subject": inv["subject"]},
    )
    if answer == "decline":
        # The organiser hears why, in the agent's words: a word of the reason will do.
        mine = {"to_json": {"contains": inv["organizer_email"]}}
        hints.text("mail.bodies.content", [WORDS[reason]], mine)
        hints.value("mail.bodies.content_type", {"in": ["text", "html"]}, mine)
    hints.say.setdefault("calendar.events", "your answers to the invitations")
    hints.say.setdefault("mail.messages", "the answers the organisers get")
