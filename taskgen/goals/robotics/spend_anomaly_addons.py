"""Add-ons for `spend-anomaly-v1` goals: the follow-through around a procurement fix.

- `reply-ap-mail`: reply to AP's mail that raised the invoice;
- `flag-ap-mail`: flag that mail for follow-up;
- `tell-manager-spend`: tell the actor's manager (found in the HRIS) by mail;
- `review-meeting-spend`: a 30-minute review with the actor's manager at a stated time;
- `log-exception-spend`: a row for the invoice in the Finance exceptions log;
- `forward-ap-mail`: forward AP's mail to the actor's manager;
- `archive-ap-mail`: file AP's mail in the Archive folder.

Their ids start with different words: a task's id carries each add-on's first word.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Addon, Candidate, addon
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import (
    HRIS,
    MEETING_TZ,
    archive,
    meeting_slot,
    only_such,
    person_subject,
)
from arcadia.taskgen.walk import Walker, literal_safe
from arcadia.world import World

_INVOICE_KINDS = ("duplicate-invoice", "over-po")


def _report(world: World, c: Candidate) -> dict[str, Any] | None:
    """AP's mail to the actor about this supplier's invoice, when it is the only one."""
    if c.slots.get("kind") not in _INVOICE_KINDS:
        return None
    me, supplier = c.actor.email, c.slots["supplier"]
    found = [m for m in world.comms.mail if m.kind == "situation" and m.in_reply_to is None
             and any(t.address == me for t in m.to) and supplier in m.subject]
    if len(found) != 1 or not literal_safe(found[0].subject) or \
            not only_such(world, me, found[0]):
        return None
    m = found[0]
    return {"clerk": m.sender.name, "clerk_first": m.sender.name.split()[0],
            "clerk_email": m.sender.address, "report_subject": m.subject}


async def _report_id(w: Walker, c: Candidate) -> dict[str, Any]:
    # The inbox or all of the mailbox: either finds it (varied tool paths).
    path = "/v1.0/me/mailFolders/inbox/messages" if w.rng.random() < 0.5 \
        else "/v1.0/me/messages"
    found = await w.run(Step(
        app="mail", method="GET", path=path,
        query={"$filter": f"from/emailAddress/address eq '{c.slots['clerk_email']}' and "
                          f"subject eq '{c.slots['report_subject']}'"}))
    return {"$from": str(found.step.id), "path": "value[0].id"}


@addon("reply-ap-mail", "Reply to AP's mail about the invoice, saying it is handled.",
       ready=_report, phrasings=(
           "Then reply to {clerk_first}'s email about the {supplier} invoice to say it "
           "is {done}.",
           "When that's done, answer {clerk}'s mail about the {supplier} invoice and tell "
           "{clerk_first} that the {supplier} invoice is now {done}.",
       ))
async def reply_clerk(w: Walker, c: Candidate, hints: Hints) -> None:
    msg = await _report_id(w, c)
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{id}/reply",
                     params={"id": msg},
                     body={"comment": f"Hi {c.slots['clerk_first']}, the {c.slots['supplier']}"
                                      f" invoice is {c.slots['done']} now."}))
    mail_hints(hints, c.slots["clerk_email"], [c.slots["supplier"]])
    hints.say["mail.messages"] = "the reply (as sent and as delivered)"


@addon("flag-ap-mail", "Flag AP's mail about the invoice for follow-up.",
       ready=_report, phrasings=(
           "Also flag {clerk_first}'s email about the {supplier} invoice for follow-up.",
           "And put a follow-up flag on the mail {clerk} sent you about {supplier}'s invoice.",
       ))
async def flag_report(w: Walker, c: Candidate, hints: Hints) -> None:
    msg = await _report_id(w, c)
    await w.run(Step(app="mail", method="PATCH", path="/v1.0/me/messages/{id}",
                     params={"id": msg}, body={"flag": {"flagStatus": "flagged"}}))
    hints.say.setdefault("mail.messages", "the flagged message")


def _has_manager(world: World, c: Candidate) -> dict[str, Any] | None:
    if c.actor.manager_id is None:
        return None
    boss = world.person(c.actor.manager_id)
    return {} if boss.status != "terminated" else None


async def _manager_email(w: Walker, c: Candidate) -> dict[str, Any]:
    me = person_subject(c.actor)
    emp = await w.need(me, "EmployeeId")
    sup = await w.run(Step(app="hris", method="GET", path=f"{HRIS}/employees/{{id}}",
                           params={"domain": w.ambient.said["CompanyDomain"], "id": emp},
                           query={"fields": "supervisorEmail"}))
    return {"$from": str(sup.step.id), "path": "supervisorEmail"}


@addon("tell-manager-spend", "Mail the actor's manager that the anomaly was dealt with.",
       ready=_has_manager, phrasings=(
           "Afterwards, email your manager (as the HRIS lists them) with the subject "
           "'{supplier}: spend exception handled', mentioning {supplier} in the message.",
           "Let your manager know by email once it's done: subject '{supplier}: spend "
           "exception handled', and name {supplier} in the text.",
       ))
async def mail_manager(w: Walker, c: Candidate, hints: Hints) -> None:
    boss = await _manager_email(w, c)
    supplier = c.slots["supplier"]
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"{supplier}: spend exception handled",
                    "body": {"contentType": "Text",
                             "content": f"Hello, the {supplier} exception is handled."},
                    "toRecipients": [{"emailAddress": {"address": boss}}]},
        "saveToSentItems": True}))
    mail_hints(hints, str(w.read_value(boss)), [supplier])


def _can_meet(world: World, c: Candidate) -> dict[str, Any] | None:
    if _has_manager(world, c) is None:
        return None
    start, said = meeting_slot(world)
    return {"meet_day": said, "meet_start": start.isoformat(timespec="minutes")}


@addon("review-meeting-spend", "A 30-minute review of the exception with the actor's manager.",
       ready=_can_meet, excludes=("tell-manager-spend",), phrasings=(
           "Also book 30 minutes with your manager (per the HRIS) on {meet_day} at 10:00 "
           "New York time, titled 'Review: {supplier}', with your manager as the only "
           "attendee.",
           "And put a meeting 'Review: {supplier}' in your calendar on {meet_day}, 10:00 to "
           "10:30 New York time, inviting only your manager as the HRIS has them.",
       ))
async def review_meeting(w: Walker, c: Candidate, hints: Hints) -> None:
    boss = await _manager_email(w, c)
    start = datetime.fromisoformat(c.slots["meet_start"])
    end = start + timedelta(minutes=30)
    await w.run(Step(app="calendar", method="POST", path="/v1.0/me/events", body={
        "subject": f"Review: {c.slots['supplier']}",
        "start": {"dateTime": start.isoformat(), "timeZone": MEETING_TZ},
        "end": {"dateTime": end.isoformat(), "timeZone": MEETING_TZ},
        "attendees": [{"emailAddress": {"address": boss}, "type": "required"}]}))
    email = str(w.read_value(boss))
    hints.ignore("calendar.events.body")
    hints.ignore("calendar.events.body_type")
    hints.members("calendar.events.attendees", [email], where={"is_organizer": True})
    invite = {"to_json": {"contains": email}}
    hints.ignore("mail.bodies.content", invite)
    hints.value("mail.bodies.content_type", {"in": ["text", "html"]}, invite)
    hints.say["calendar.events"] = "the review meeting (organiser's and attendee's copies)"
    hints.say.setdefault("mail.messages", "the invitation (as sent and as delivered)")


_ISSUE = {"duplicate-invoice": "Same invoice billed twice", "over-po": "Invoice exceeds the PO"}


def _loggable(world: World, c: Candidate) -> dict[str, Any] | None:
    if (c.slots.get("kind") not in _INVOICE_KINDS or "log_id" not in c.facts
            or c.slots.get("done") != "disputed"):
        return None
    if not any(r in c.actor.roles for r in ("finance", "procurement")):
        return None
    return {"issue": _ISSUE[c.slots["kind"]]}


@addon("log-exception-spend", "A row for the disputed invoice in the Finance exceptions log.",
       ready=_loggable, excludes=("reply-ap-mail", "flag-ap-mail",
                                      "forward-ap-mail", "archive-ap-mail"),
       phrasings=(
           "Then log it in the Finance exceptions log (spreadsheet {log_id}): a row dated "
           "{today}, area "
           "Procurement, supplier {supplier}, the disputed invoice's number as reference "
           "and its gross total as amount, description '{issue}', owner {me}, status Open "
           "(columns A to H).",
           "Add the disputed invoice to the Finance exceptions log (spreadsheet {log_id}) "
           "too (columns A-H): "
           "{today}, Procurement, {supplier}, its invoice number, its gross total, "
           "'{issue}', {me}, Open.",
       ))
async def log_exception(w: Walker, c: Candidate, hints: Hints) -> None:
    found = await w.run(Step(app="procurement", method="GET", path="/api/invoices",
                             query={"supplier[name]": c.slots["supplier"],
                                    "status": "disputed"}))
    fid = str(found.step.id)
    await w.run(Step(app="sheets", method="POST",
                     path="/v4/spreadsheets/{spreadsheetId}/values/{range}:append",
                     params={"spreadsheetId": c.facts["log_id"],
                             "range": f"{c.facts['log_tab']}!A:H"},
                     query={"valueInputOption": "RAW"},
                     body={"majorDimension": "ROWS", "values": [[
                         c.slots["today"], "Procurement", c.slots["supplier"],
                         {"$from": fid, "path": "[0].invoice-number"},
                         {"$from": fid, "path": "[0].gross-total"},
                         c.slots["issue"], c.slots["me"], "Open"]]}))
    hints.say.setdefault("sheets.cells", "the exceptions log row")


@addon("forward-ap-mail", "Forward AP's mail about the invoice to the actor's manager.",
       ready=lambda world, c: _report(world, c) if _has_manager(world, c) is not None
       else None, excludes=("tell-manager-spend", "review-meeting-spend"),
       phrasings=(
           "Also forward {clerk_first}'s email about the {supplier} invoice to your "
           "manager (the one the HRIS lists), with a line saying the invoice is {done}.",
           "Then forward the mail from {clerk} about {supplier}'s invoice to your manager "
           "per the HRIS, noting that the invoice is {done}.",
       ))
async def forward_report(w: Walker, c: Candidate, hints: Hints) -> None:
    msg = await _report_id(w, c)
    boss = await _manager_email(w, c)
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{id}/forward",
                     params={"id": msg},
                     body={"comment": f"FYI: the {c.slots['supplier']} invoice is "
                                      f"{c.slots['done']}.",
                           "toRecipients": [{"emailAddress": {"address": boss}}]}))
    mail_hints(hints, str(w.read_value(boss)), [c.slots["supplier"]])
    hints.say["mail.messages"] = "the forwarded message (as sent and as delivered)"


@addon("archive-ap-mail", "File AP's mail about the invoice in the Archive folder.",
       ready=_report, excludes=("flag-ap-mail",), phrasings=(
           "Once done, move {clerk_first}'s email about the {supplier} invoice to your Archive "
           "folder.",
           "Then file the mail {clerk} sent you about {supplier}'s invoice under Archive.",
       ))
async def archive_report(w: Walker, c: Candidate, hints: Hints) -> None:
    await archive(w, await _report_id(w, c))
    hints.say.setdefault("mail.messages", "AP's message, filed")


ADDONS: tuple[Addon, ...] = (
    reply_clerk, flag_report, mail_manager, review_meeting, log_exception, forward_report,
    archive_report)
