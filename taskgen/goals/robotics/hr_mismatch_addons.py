"""Add-ons of `hr-mismatch-v1`: an independent branch in another app that widens a goal.

Each states one more thing to do in the instruction and runs its writes after the goal's:
- `notify-manager`: mail the subject's manager (found in the HRIS), naming the subject;
- `follow-up-meeting`: a 30-minute meeting with the subject at a stated time;
- `reply-to-report`: a reply to the mail that reported the mismatch.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Addon, Candidate, addon
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import (
    MEETING_TZ,
    hris_field,
    manager_of,
    meeting_slot,
    only_such,
)
from arcadia.taskgen.walk import Walker
from arcadia.world import World


def _has_manager(world: World, c: Candidate) -> dict[str, Any] | None:
    pid = c.facts.get("person_id")
    if pid is None:
        return None
    person = world.person(pid)
    if person.status == "terminated" or manager_of(world, person) is None:
        return None  # a leaver is not in the directory, and their manager is told by HR
    return {}


@addon("notify-manager", "Mail the subject's manager that the correction is made.",
       ready=_has_manager, phrasings=(
           "Then email {first}'s manager (the supervisor the HRIS lists) with the subject "
           "'{name}: payroll updated', saying in the message that {name}'s payroll record "
           "was corrected.",
           "Once that is done, let {first}'s manager know by email: subject '{name}: payroll "
           "updated', and mention {name} in the message.",
       ))
async def notify_manager(w: Walker, c: Candidate, hints: Hints) -> None:
    boss = await hris_field(w, c, "supervisorEmail")
    name = c.slots["name"]
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"{name}: payroll updated",
                    "body": {"contentType": "Text",
                             "content": f"Hello, {name}'s payroll record was corrected today "
                                        "to match the HRIS."},
                    "toRecipients": [{"emailAddress": {"address": boss}}]},
        "saveToSentItems": True}))
    mail_hints(hints, str(w.read_value(boss)), [name])


def _can_meet(world: World, c: Candidate) -> dict[str, Any] | None:
    if "Email" not in c.subject.said:
        return None
    start, said = meeting_slot(world)
    return {"meet_day": said, "meet_start": start.isoformat(timespec="minutes")}


@addon("follow-up-meeting", "A 30-minute meeting with the subject at a stated time.",
       ready=_can_meet, phrasings=(
           "Also put a 30-minute meeting titled 'Follow-up: {name}' in your calendar with "
           "{name} as the only attendee, on {meet_day} at 10:00 New York time.",
           "And book 30 minutes with {first} on {meet_day}, 10:00 to 10:30 New York time, "
           "titled 'Follow-up: {name}', with just {first} invited.",
       ))
async def follow_up_meeting(w: Walker, c: Candidate, hints: Hints) -> None:
    start = datetime.fromisoformat(c.slots["meet_start"])
    end = start + timedelta(minutes=30)
    await w.run(Step(app="calendar", method="POST", path="/v1.0/me/events", body={
        "subject": f"Follow-up: {c.slots['name']}",
        "start": {"dateTime": start.isoformat(), "timeZone": MEETING_TZ},
        "end": {"dateTime": end.isoformat(), "timeZone": MEETING_TZ},
        "attendees": [{"emailAddress": {"address": c.subject.said["Email"]},
                       "type": "required"}]}))
    email = c.subject.said["Email"]
    hints.ignore("calendar.events.body")
    hints.ignore("calendar.events.body_type")
    hints.members("calendar.events.attendees", [email], where={"is_organizer": True})
    invite = {"to_json": {"contains": email}}
    hints.ignore("mail.bodies.content", invite)  # the invitation carries the event's body
    hints.value("mail.bodies.content_type", {"in": ["text", "html"]}, invite)
    hints.say["calendar.events"] = "the follow-up meeting (organiser's and attendee's copies)"
    hints.say.setdefault("mail.messages", "the invitation (as sent and as delivered)")


def _report(world: World, c: Candidate) -> dict[str, Any] | None:
    """The mail that reported this mismatch to the actor (the payroll lead), if it is the
    only one in the actor's inbox from its sender whose subject names what it names."""
    pid = c.facts.get("person_id")
    if pid is None or c.slots.get("kind") is None:
        return None
    me = c.actor.email
    name, email = c.slots["name"], c.slots["email"]
    mine = [m for m in world.comms.mail if any(t.address == me for t in m.to)
            and m.in_reply_to is None and (name in m.subject or m.sender.address == email)]
    reports = [m for m in mine if m.kind != "newsletter" and (
        name in m.subject if c.slots["kind"] != "salary" else m.sender.address == email)]
    if len(reports) != 1 or "'" in reports[0].subject or not only_such(world, me, reports[0]):
        return None
    m = reports[0]
    return {"reporter": m.sender.name, "reporter_first": m.sender.name.split()[0],
            "report_from": m.sender.address, "report_subject": m.subject}


@addon("reply-to-report", "Reply to the mail that reported the mismatch, saying it is fixed.",
       ready=_report, excludes=("notify-manager", "follow-up-meeting"), phrasings=(
           "When it's done, reply to {reporter_first}'s email about it (subject "
           "'{report_subject}') to say that {first}'s payroll record is fixed.",
           "Then answer {reporter}'s mail '{report_subject}' and tell them {first}'s "
           "payroll record is now fixed.",
       ))
async def reply_to_report(w: Walker, c: Candidate, hints: Hints) -> None:
    found = await w.run(Step(
        app="mail", method="GET", path="/v1.0/me/mailFolders/inbox/messages",
        query={"$filter": f"from/emailAddress/address eq '{c.slots['report_from']}' and "
                          f"subject eq '{c.slots['report_subject']}'"}))
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{id}/reply",
                     params={"id": {"$from": str(found.step.id), "path": "value[0].id"}},
                     body={"comment": f"Hi {c.slots['reporter_first']}, {c.slots['first']}'s "
                                      "payroll record is fixed now."}))
    mail_hints(hints, c.slots["report_from"], [c.slots["first"]])
    hints.say["mail.messages"] = "the reply (as sent and as delivered)"


ADDONS: tuple[Addon, ...] = (notify_manager, follow_up_meeting, reply_to_report)
