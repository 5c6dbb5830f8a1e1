"""Generator v2's goal kinds of `inbox-calendar-v1`: a manager's week answered by Arcadia
Robotics' meeting and mail policy (the COO's mail in the actor's inbox), which no
instruction restates: it says "per our policy", as a colleague would.

- `inbox-invitation-answer-v2`: one invitation waiting for the actor's answer, named by its
  subject and organiser. The same words ask about each branch: accept (it fits, or it is
  external with a named internal host), decline saying it is the Friday focus afternoon,
  decline saying it clashes with a meeting already accepted, tentative (external, no
  internal host). The decline's comment must name the reason (leniently: a word of it).
- `inbox-week-invitations-v2`: every invitation of the week still waiting, each its branch.
- `inbox-friday-focus-v2`: the meetings the actor organises on Friday: the internal one in
  the focus afternoon is cancelled with a word of why; the external one that afternoon and
  the internal one that morning stay.
- `inbox-invoices-ap-v2`: the supplier invoices in the inbox are forwarded to accounts
  payable and filed in a new 'Invoices' folder; the supplier's delivery note stays.
- `inbox-migration-mail-v2`: the 'mailbox migration' mail is phishing (forward it to IT
  security, delete it, never reply) or IT's genuine notice (reply that the window suits);
  the same words ask about both.

Every gold reads the policy mail and the records it acts on before it writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import person_subject
from arcadia.taskgen.walk import Subject, Walker, literal_safe
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.inbox_calendar import (
    MIGRATION_SUBJECT,
    POLICY,
    SITUATION_ID,
)

SITUATION = SITUATION_ID
APPS = ("calendar", "hris", "mail")
ACTION = {"accept": "accept", "tentative": "tentativelyAccept", "decline": "decline"}
SAY = {
    "focus": "Sorry, Friday afternoon is focus time under our meeting policy.",
    "clash": "Sorry, this clashes with a meeting I have already accepted.",
}
RESPONSE = {"accept": "accepted", "tentative": "tentativelyAccepted", "decline": "declined"}
WORDS = {"focus": list(POLICY["focus_words"]), "clash": list(POLICY["clash_words"])}


def _base(
    world: World, inst: SituationInstance
) -> Iterator[tuple[Any, dict[str, Any], dict[str, Any]]]:
    for a, h in zip(inst.anchors, inst.hidden, strict=True):
        h = {**h, "week": _week(world), "friday": _friday(world)}
        yield world.person(a["actor_id"]), a, h


def _cand(
    goal_id: str, anchor: str, actor: Any, slots: dict[str, Any], facts: dict[str, Any]
) -> Candidate:
    # One subject per item: each invitation (or the actor's week, inbox...) is its own core.
    said = person_subject(actor).said
    subject = Subject(f"{goal_id}:{actor.id}:{anchor}", "person", said=said)
    return Candidate(goal_id, anchor, actor, {"me": actor.name, **slots}, subject, facts=facts)


async def _policy(w: Walker) -> str:
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


def _from_policy(step: str, pattern: str) -> dict[str, Any]:
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


async def _calendar(w: Walker, lo: str, hi: str) -> None:
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


async def _event(w: Walker, subject: str) -> dict[str, Any]:
    found = await w.run(
        Step(
            app="calendar",
            method="GET",
            path="/v1.0/me/events",
            query={"$filter": f"subject eq '{subject}'"},
        )
    )
    return {"$from": str(found.step.id), "path": "value[0].id"}


async def _answer(
    w: Walker, c: Candidate, hints: Hints, inv: dict[str, Any], answer: str, reason: str
) -> None:
    event = await _event(w, inv["subject"])
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


def _invitations(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in _base(world, inst):
        for inv in a["invitations"]:
            if not literal_safe(inv["subject"]):
                continue
            day = date.fromisoformat(inv["day"]).strftime("%A")
            yield _cand(
                "invitation",
                f"{a['actor']}: {inv['subject']}",
                actor,
                {
                    "subject": inv["subject"],
                    "organizer": inv["organizer"],
                    "organizer_first": inv["organizer"].split()[0],
                    "day": day,
                },
                {
                    "invitation": inv,
                    "answer": h["answers"][inv["subject"]],
                    "reason": h["reasons"][inv["subject"]],
                    "week": h["week"],
                    "friday": h["friday"],
                },
            )


@goal(
    "inbox-invitation-answer-v2",
    SITUATION,
    "One invitation waiting for the actor's answer: accept, decline with the policy's "
    "reason, or tentative, as the meeting policy says.",
    candidates=_invitations,
    phrasings=(
        "{organizer} invited me to '{subject}' on {day} and is waiting for an answer. "
        "Could you reply to it the way our meeting policy says?",
        "Please answer {organizer_first}'s invitation, '{subject}' ({day}), as the "
        "meeting and mail policy would have it.",
        "I haven't answered '{subject}' from {organizer} yet. Can you respond for me, "
        "in line with the company's meeting policy?",
    ),
)
async def invitation_answer(w: Walker, c: Candidate, hints: Hints) -> None:
    await _policy(w)
    await _calendar(w, *c.facts["week"])
    await _answer(w, c, hints, c.facts["invitation"], c.facts["answer"], c.facts["reason"])


def _weeks(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in _base(world, inst):
        if all(literal_safe(i["subject"]) for i in a["invitations"]):
            yield _cand(
                "week",
                f"{a['actor']}: week",
                actor,
                {},
                {
                    "invitations": a["invitations"],
                    "answers": h["answers"],
                    "reasons": h["reasons"],
                    "week": h["week"],
                    "friday": h["friday"],
                },
            )


@goal(
    "inbox-week-invitations-v2",
    SITUATION,
    "Every invitation of the week still waiting for the actor: each answered as the "
    "meeting policy says.",
    candidates=_weeks,
    phrasings=(
        "I've fallen behind on meeting invitations. Could you answer everything still "
        "waiting for my reply this week, following our meeting and mail policy?",
        "Please go through this week's invitations I haven't responded to and answer "
        "each one as the company's meeting policy says.",
    ),
)
async def week_invitations(w: Walker, c: Candidate, hints: Hints) -> None:
    await _policy(w)
    await _calendar(w, *c.facts["week"])
    for inv in c.facts["invitations"]:
        s = inv["subject"]
        await _answer(w, c, hints, inv, c.facts["answers"][s], c.facts["reasons"][s])


def _fridays(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in _base(world, inst):
        if all(literal_safe(s) for s in a["organised"]):
            yield _cand(
                "friday",
                f"{a['actor']}: friday",
                actor,
                {},
                {"cancel": h["cancel"], "week": h["week"], "friday": h["friday"]},
            )


@goal(
    "inbox-friday-focus-v2",
    SITUATION,
    "The meetings the actor organises on Friday, brought in line with the focus "
    "afternoon: the internal one in it called off with a word of why.",
    candidates=_fridays,
    phrasings=(
        "My Friday is filling up. Can you make sure the meetings I've organised that day "
        "respect our meeting policy, and let people know why if anything changes?",
        "Please check the Friday meetings I'm running against the company's meeting "
        "policy and sort out any that don't fit; tell the people affected why.",
    ),
)
async def friday_focus(w: Walker, c: Candidate, hints: Hints) -> None:
    await _policy(w)
    await _calendar(w, *c.facts["friday"])
    for subject in c.facts["cancel"]:
        event = await _event(w, subject)
        await w.run(
            Step(
                app="calendar",
                method="POST",
                path="/v1.0/me/events/{event_id}/cancel",
                params={"event_id": event},
                body={"comment": SAY["focus"].replace("Sorry", "Cancelling this one")},
            )
        )
        hints.text("mail.bodies.content", [WORDS["focus"]])
        hints.value("mail.bodies.content_type", {"in": ["text", "html"]})
    hints.say["calendar.events"] = "the Friday meetings you organise"
    hints.say["mail.messages"] = "the cancellations the attendees get"


def _inboxes(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in _base(world, inst):
        if all(literal_safe(s) for s in a["invoices"]):
            yield _cand(
                "invoices",
                f"{a['actor']}: invoices",
                actor,
                {},
                {
                    "invoices": a["invoices"],
                    "ap": h["ap"],
                    "week": h["week"],
                    "friday": h["friday"],
                },
            )


@goal(
    "inbox-invoices-ap-v2",
    SITUATION,
    "Supplier invoices in the actor's inbox: forwarded to accounts payable and filed in a "
    "new 'Invoices' folder, as the mail policy says; other supplier mail stays.",
    candidates=_inboxes,
    phrasings=(
        "Suppliers keep sending their invoices straight to me. Could you deal with the "
        "ones in my inbox the way our mail policy says?",
        "There are supplier invoices sitting in my inbox. Please handle them as the "
        "company's meeting and mail policy asks.",
    ),
)
async def invoices_ap(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await _policy(w)
    ap = _from_policy(policy, r"forward any that reach you to [^(]+\(([^)]+)\)")
    if w.rng.random() < 0.5:
        made = await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/mailFolders",
                body={"displayName": POLICY["folder"]},
            )
        )
    else:
        made = await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/mailFolders/{folder_id}/childFolders",
                params={"folder_id": "inbox"},
                body={"displayName": POLICY["folder"]},
            )
        )
    folder = {"$from": str(made.step.id), "path": "id"}
    for subject in c.facts["invoices"]:
        found = await w.run(
            Step(
                app="mail",
                method="GET",
                path="/v1.0/me/mailFolders/inbox/messages",
                query={"$filter": f"subject eq '{subject}'"},
            )
        )
        msg = {"$from": str(found.step.id), "path": "value[0].id"}
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/forward",
                params={"id": msg},
                body={"toRecipients": [{"emailAddress": {"address": ap}}]},
            )
        )
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/move",
                params={"id": msg},
                body={"destinationId": folder},
            )
        )
    mail_hints(hints, c.facts["ap"], [])
    hints.ignore("mail.bodies.content", {"to_json": {"contains": c.facts["ap"]}})
    # Under the Inbox or at the top of the mailbox: either is a folder called Invoices.
    hints.ignore("mail.folders.parent_id")
    hints.say["mail.folders"] = "the Invoices folder"
    hints.say["mail.messages"] = "the invoices (forwarded and filed)"


def _migrations(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, _a, h in _base(world, inst):
        yield _cand(
            "migration",
            f"{actor.name}: migration",
            actor,
            {},
            {
                "migration": h["migration"],
                "security": h["security"],
                "week": h["week"],
                "friday": h["friday"],
            },
        )


@goal(
    "inbox-migration-mail-v2",
    SITUATION,
    "The 'mailbox migration' mail: phishing (report it to IT security, delete it, never "
    "answer) or IT's genuine notice (answer it), as the mail policy says.",
    candidates=_migrations,
    phrasings=(
        "There's a mail about my mailbox migration that wants an answer. Can you take "
        "care of it, in line with our mail policy?",
        "Could you deal with the 'mailbox migration' email in my inbox the way the "
        "company's meeting and mail policy says?",
    ),
)
async def migration_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await _policy(w)
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{MIGRATION_SUBJECT}'"},
        )
    )
    msg = {"$from": str(found.step.id), "path": "value[0].id"}
    if c.facts["migration"] == "phish":
        sec = _from_policy(policy, r"IT security, [^(]+\(([^)]+)\)")
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/forward",
                params={"id": msg},
                body={"toRecipients": [{"emailAddress": {"address": sec}}]},
            )
        )
        await w.run(
            Step(app="mail", method="DELETE", path="/v1.0/me/messages/{id}", params={"id": msg})
        )
        to = c.facts["security"]
        hints.say["mail.messages"] = "the report to IT security and the deleted mail"
    else:
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/reply",
                params={"id": msg},
                body={"comment": "Thanks, Wednesday evening suits me."},
            )
        )
        to = str(
            w.read_value(
                {"$from": str(found.step.id), "path": "value[0].from.emailAddress.address"}
            )
        )
        hints.say["mail.messages"] = "your answer to IT"
    mail_hints(hints, to, [])
    hints.ignore("mail.bodies.content", {"to_json": {"contains": to}})


GOALS = (invitation_answer, week_invitations, friday_focus, invoices_ap, migration_mail)


TASKS = SituationGoals(SITUATION, GOALS, params={"count": 4}, apps=APPS)
# Generator v1 has no goal kind of this situation: the pack lists it with none.
TASKS_V1 = SituationGoals(SITUATION, (), params={"count": 4}, apps=APPS)
