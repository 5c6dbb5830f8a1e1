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
- `inbox-external-host-v2`: the external invitation that has no internal host yet; the
  instruction names the colleague who will host: the invitation goes on to them and, now
  that it has a host, the actor accepts (a tentative answer, or no host, fails).
- `inbox-invoices-ap-v2`: the supplier invoices in the inbox are forwarded to accounts
  payable and filed in a new 'Invoices' folder; the supplier's delivery note stays.
- `inbox-supplier-mail-v2`: one supplier's mail, asked in the same words whether it is an
  invoice (forwarded to accounts payable and filed) or a delivery note (flagged).
- `inbox-migration-mail-v2`: the 'mailbox migration' mail is phishing (forward it to IT
  security, delete it, never reply) or IT's genuine notice (reply that the window suits);
  the same words ask about both.

Every gold reads the policy mail and the records it acts on before it writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.robotics import inbox_mail
from arcadia.taskgen.goals.robotics.inbox_common import (
    APPS,
    SAY,
    SITUATION,
    WORDS,
    base,
    calendar,
    cand,
    find_event,
    read_policy,
    respond,
)
from arcadia.taskgen.walk import Walker, literal_safe
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.inbox_week import organised_in_focus


def _invitations(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    """One invitation per actor, the i-th actor's the i-th of the first four (an accept, a
    tentative, a decline for the focus afternoon, one for a clash), so a world asks every
    answer once; the week's goal kind asks all six. One task per invitation (24 a world)
    was 192 of the corpus's 1,425 tasks on 2026-12-04."""
    for i, (actor, a, h) in enumerate(base(world, inst)):
        for inv in a["invitations"][i % 4 : i % 4 + 1]:
            if not literal_safe(inv["subject"]):
                continue
            day = date.fromisoformat(inv["day"]).strftime("%A")
            yield cand(
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
    await read_policy(w)
    await calendar(w, *c.facts["week"])
    await respond(w, c, hints, c.facts["invitation"], c.facts["answer"], c.facts["reason"])


def _weeks(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in base(world, inst):
        if all(literal_safe(i["subject"]) for i in a["invitations"]):
            yield cand(
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
    await read_policy(w)
    await calendar(w, *c.facts["week"])
    for inv in c.facts["invitations"]:
        s = inv["subject"]
        await respond(w, c, hints, inv, c.facts["answers"][s], c.facts["reasons"][s])


def _fridays(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in base(world, inst):
        # Not where the actor organises other meetings in the focus afternoon (a recurring
        # 1:1 of the world's): the policy would call those off too (a blind agent did,
        # seed 167, and the gold had only the planted one).
        if organised_in_focus(world, actor, set(a["organised"])):
            continue
        if all(literal_safe(s) for s in a["organised"]):
            yield cand(
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
    await read_policy(w)
    await calendar(w, *c.facts["friday"])
    for subject in c.facts["cancel"]:
        event = await find_event(w, subject)
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


def _hostless(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in base(world, inst):
        host = _host(world, actor, {i["organizer_email"] for i in a["invitations"]})
        for inv in a["invitations"]:
            if (
                h["reasons"][inv["subject"]] != "host"
                or host is None
                or not literal_safe(inv["subject"])
            ):
                continue
            yield cand(
                "host",
                f"{a['actor']}: host {inv['subject']}",
                actor,
                {
                    "subject": inv["subject"],
                    "organizer": inv["organizer"],
                    "host": host.name,
                    "host_first": host.name.split()[0],
                    "host_email": host.email,
                },
                {"invitation": inv, **h},
            )


def _host(world: World, actor: Any, taken: set[str]) -> Any:
    """A colleague of the actor's department to host: the longest-serving active one."""
    pool = sorted(
        (
            p
            for p in world.people
            if p.status == "active"
            and p.id != actor.id
            and p.department_id == actor.department_id
            and p.email not in taken
            and "exec" not in p.roles
        ),
        key=lambda p: (p.hire_date, p.id),
    )
    return pool[0] if pool else None


@goal(
    "inbox-external-host-v2",
    SITUATION,
    "An external invitation without an internal host: the named colleague is brought onto "
    "it, and the actor answers as the policy says once it has a host.",
    candidates=_hostless,
    phrasings=(
        "{organizer} invited me to '{subject}'. {host} ({host_email}) has agreed to host it "
        "for our side: please get {host_first} onto the invitation and give {organizer} my "
        "answer the way our meeting policy says.",
        "About '{subject}' from {organizer}: {host_first} ({host_email}) will be the host "
        "on our side. Could you pass the invitation on to {host} and then respond to it "
        "in line with the company's meeting policy?",
    ),
)
async def external_host(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_policy(w)
    inv = c.facts["invitation"]
    found = await find_event(w, inv["subject"])
    await w.run(
        Step(
            app="calendar",
            method="POST",
            path="/v1.0/me/events/{event_id}/forward",
            params={"event_id": found},
            body={
                "ToRecipients": [
                    {"emailAddress": {"address": c.slots["host_email"], "name": c.slots["host"]}}
                ]
            },
        )
    )
    await respond(w, c, hints, inv, "accept", "")
    # The host's name on the attendee entry and the invitation's To is the agent's to write
    # or leave out: both are judged by the address.
    host = c.slots["host_email"]
    hints.value(
        "calendar.events.attendees",
        {"contains": f'"address":"{host}"'},
        {"subject": inv["subject"], "is_organizer": False, "response": "accepted"},
    )
    hints.members("mail.bodies.to_json", [host], where={"to_json": {"contains": host}})
    hints.say["calendar.events"] = "the invitation, its new host and your answer"


GOALS = (invitation_answer, week_invitations, friday_focus, external_host, *inbox_mail.GOALS)


TASKS = SituationGoals(SITUATION, GOALS, params={"count": 4}, apps=APPS)
# Generator v1 has no goal kind of this situation: the pack lists it with none.
TASKS_V1 = SituationGoals(SITUATION, (), params={"count": 4}, apps=APPS)
