"""Add-ons of `new-hire-cohort-v1`: what the onboarding lead does around a starter.

- `ats-onboarding-note`: a note on the starter's candidate profile in the ATS;
- `reply-starters-mail`: reply to the recruiter's "Starters for Monday" mail;
- `reply-all-starters-mail`: reply to all on that mail;
- `flag-starters-mail`: flag that mail for follow-up;
- `archive-revised-offer`: file the recruiter's "Revised offer" mail in Archive;
- `tracker-row`: a row for the starter in the onboarding tracker sheet;
- `tracker-status`: the starter's tracker row marked payroll done and ready;
- `cohort-tag`: a new candidate tag for the cohort, put on the starter in the ATS;
- `forward-revised-offer`: the revised-offer mail forwarded to the starter's manager;
- `tell-manager`: a mail to the starter's manager (the HRIS supervisor).

Each is apt only for the starters its goal gave it (`facts["apt"]`), so that starters at
one stage widen differently.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Addon, Candidate, addon
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.common import HRIS, archive
from arcadia.taskgen.goals.robotics.new_hire_cohort import hris_fields
from arcadia.taskgen.walk import Walker
from arcadia.world import World


def _apt(name: str):  # type: ignore[no-untyped-def]
    def ready(world: World, c: Candidate) -> dict[str, Any] | None:
        return {} if name in c.facts.get("apt", ()) else None
    return ready


def _starters_subject(c: Candidate) -> str:
    start = date.fromisoformat(c.facts["start_date"])
    return f"Starters for Monday {start:%B} {start.day}"


async def _message(w: Walker, subject: str) -> tuple[str, dict[str, Any]]:
    """The lead's message with `subject` (found in all mail or in the inbox, seeded): the
    step id and a binding to its id."""
    query = {"$filter": f"subject eq '{subject}'"}
    if w.rng.random() < 0.5:
        found = await w.run(Step(app="mail", method="GET", path="/v1.0/me/messages",
                                 query=query))
    else:
        inbox = await w.run(Step(app="mail", method="GET", path="/v1.0/me/mailFolders",
                                 query={"$filter": "displayName eq 'Inbox'"}))
        found = await w.run(Step(app="mail", method="GET",
                                 path="/v1.0/me/mailFolders/{folder_id}/messages",
                                 params={"folder_id": {"$from": str(inbox.step.id),
                                                       "path": "value[0].id"}},
                                 query=query))
    sid = str(found.step.id)
    return sid, {"$from": sid, "path": "value[0].id"}


async def _candidate_and_me(w: Walker, c: Candidate) -> tuple[str, dict[str, Any]]:
    """The step that found the starter's candidate (the goal's, or a search by personal
    email) and a binding to the actor's ATS user id (for `On-Behalf-Of`)."""
    step = c.facts.get("ats_candidate_step")
    if step is None or step not in w.results:
        found = await w.run(Step(app="ats", method="GET", path="/v1/candidates",
                                 query={"email": c.slots["personal"]}))
        step = str(found.step.id)
    me = await w.run(Step(app="ats", method="GET", path="/v1/users",
                          query={"email": c.actor.email}))
    return step, {"$from": str(me.step.id), "path": "[0].id"}


@addon("ats-onboarding-note", "A note on the starter's candidate profile in the ATS.",
       ready=_apt("ats-onboarding-note"), phrasings=(
           "Also leave a public note on {first}'s candidate profile in Greenhouse (personal "
           "email {personal}) saying that onboarding for {name} is under way.",
           "And add a note (visible to everyone) to {name}'s Greenhouse profile (the candidate "
           "with personal email {personal}) that you are onboarding {first}.",
       ))
async def ats_onboarding_note(w: Walker, c: Candidate, hints: Hints) -> None:
    step, user = await _candidate_and_me(w, c)
    await w.run(Step(app="ats", method="POST", path="/v1/candidates/{id}/activity_feed/notes",
                     params={"id": {"$from": step, "path": "[0].id"}},
                     headers={"On-Behalf-Of": user},
                     body={"user_id": user, "body": f"Onboarding for {c.slots['name']} is "
                           "under way.", "visibility": "public"}))
    hints.text("ats.notes.body", [c.slots["first"]])
    hints.say["ats.notes"] = f"the note on {c.slots['name']}'s profile"


@addon("reply-starters-mail", "Reply to the recruiter's mail about the cohort.",
       ready=_apt("reply-starters-mail"), phrasings=(
           "Then reply to the recruiter's 'Starters for Monday' mail to let them know {name} "
           "is taken care of (name {first} in the reply).",
           "When that is done, answer the recruiter's 'Starters for Monday' email (reply to "
           "the sender only) saying {name} is sorted.",
       ))
async def reply_starters_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    sid, msg = await _message(w, _starters_subject(c))
    sender = w.read_value({"$from": sid, "path": "value[0].from.emailAddress.address"})
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{message_id}/reply",
                     params={"message_id": msg},
                     body={"comment": f"{c.slots['name']} is taken care of."}))
    mail_hints(hints, str(sender), [c.slots["first"]])


@addon("flag-starters-mail", "Flag the recruiter's mail about the cohort for follow-up.",
       ready=_apt("flag-starters-mail"), phrasings=(
           "Also flag the recruiter's 'Starters for Monday' mail for follow-up.",
           "And put a follow-up flag on the 'Starters for Monday' email from the recruiter.",
       ))
async def flag_starters_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    _, msg = await _message(w, _starters_subject(c))
    await w.run(Step(app="mail", method="PATCH", path="/v1.0/me/messages/{message_id}",
                     params={"message_id": msg}, body={"flag": {"flagStatus": "flagged"}}))
    hints.say.setdefault("mail.messages", "the recruiter's message")


@addon("archive-revised-offer", "File the recruiter's revised-offer mail in Archive.",
       ready=_apt("archive-revised-offer"), phrasings=(
           "Then move the recruiter's 'Revised offer: {name}' mail to your Archive folder.",
           "Once fixed, file the 'Revised offer: {name}' email in the Archive folder.",
       ))
async def archive_revised_offer(w: Walker, c: Candidate, hints: Hints) -> None:
    _, msg = await _message(w, f"Revised offer: {c.slots['name']}")
    await archive(w, msg)
    hints.say.setdefault("mail.messages", "the recruiter's message")


def _tracker(world: World, c: Candidate) -> dict[str, Any] | None:
    if "tracker-row" not in c.facts.get("apt", ()):
        return None
    return _sheet(world)


@addon("tracker-row", "A row for the starter in the onboarding tracker.",
       ready=_tracker, phrasings=(
           "Then add {first} to the onboarding tracker (spreadsheet {sheet_id}, tab {tab}): "
           "append a row with only the name, work email and job title filled in, in the "
           "first three columns.",
           "Also append a row for {name} to the '{tab}' tab of the onboarding tracker "
           "(spreadsheet {sheet_id}) with just Name, Email and Title (columns A to C).",
       ))
async def tracker_row(w: Walker, c: Candidate, hints: Hints) -> None:
    title = c.facts["title_ref"]
    await w.run(Step(app="sheets", method="POST",
                     path="/v4/spreadsheets/{spreadsheetId}/values/{range}:append",
                     params={"spreadsheetId": c.slots["sheet_id"],
                             "range": f"{c.slots['tab']}!A:C"},
                     query={"valueInputOption": "RAW"},
                     body={"majorDimension": "ROWS",
                           "values": [[c.slots["name"], c.slots["email"], title]]}))
    hints.say.setdefault("sheets.cells", "the tracker row")


def _cohort(world: World, c: Candidate) -> dict[str, Any] | None:
    """The tag's name has no digits: a number in the instruction could be mistaken for
    the tag's id, which the agent must read."""
    if "cohort-tag" not in c.facts.get("apt", ()):
        return None
    start = date.fromisoformat(c.facts["start_date"])
    return {"cohort": f"{start:%B} starters"}


@addon("cohort-tag", "Tag the starter's candidate profile with the cohort's tag.",
       ready=_cohort, phrasings=(
           "Also create a candidate tag named '{cohort}' in Greenhouse and put it on "
           "{first}'s candidate profile (personal email {personal}).",
           "And tag {name} (personal email {personal}) in Greenhouse with a new candidate "
           "tag, '{cohort}' (it does not exist yet).",
       ))
async def cohort_tag(w: Walker, c: Candidate, hints: Hints) -> None:
    step, user = await _candidate_and_me(w, c)
    tag = await w.run(Step(app="ats", method="POST", path="/v1/tags/candidate",
                           headers={"On-Behalf-Of": user},
                           body={"name": c.slots["cohort"]}))
    await w.run(Step(app="ats", method="PUT", path="/v1/candidates/{candidate_id}/tags/{tag_id}",
                     params={"candidate_id": {"$from": step, "path": "[0].id"},
                             "tag_id": {"$from": str(tag.step.id), "path": "id"}},
                     headers={"On-Behalf-Of": user}))
    hints.say.setdefault("ats.tags", "the cohort's tag")


@addon("forward-revised-offer", "Forward the revised-offer mail to the starter's manager.",
       ready=_apt("forward-revised-offer"), phrasings=(
           "Then forward the recruiter's 'Revised offer: {name}' mail to {first}'s manager "
           "(the supervisor in the HRIS) with a line saying the HRIS now has {first}'s "
           "accepted salary.",
           "Afterwards forward the 'Revised offer: {name}' email to the manager the HRIS "
           "lists for {first}, adding a short comment that mentions {first}.",
       ))
async def forward_revised_offer(w: Walker, c: Candidate, hints: Hints) -> None:
    emp = await w.need(c.subject, "EmployeeId")
    sup = await w.run(Step(app="hris", method="GET", path=f"{HRIS}/employees/{{id}}",
                           params={"domain": w.ambient.said["CompanyDomain"], "id": emp},
                           query={"fields": "supervisorEmail"}))
    boss = {"$from": str(sup.step.id), "path": "supervisorEmail"}
    _, msg = await _message(w, f"Revised offer: {c.slots['name']}")
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{message_id}/forward",
                     params={"message_id": msg},
                     body={"comment": f"The HRIS now has {c.slots['first']}'s accepted salary.",
                           "toRecipients": [{"emailAddress": {"address": boss}}]}))
    mail_hints(hints, str(w.read_value(boss)), [c.slots["first"]])


def _tracker_status(world: World, c: Candidate) -> dict[str, Any] | None:
    if "tracker-status" not in c.facts.get("apt", ()):
        return None
    return _sheet(world)


def _sheet(world: World) -> dict[str, Any] | None:
    sheet = next((s for s in world.sheets.spreadsheets if s.kind == "onboarding_tracker"),
                 None)
    if sheet is None:
        return None
    header = sheet.tabs[0].rows[0]
    if "Payroll set up" not in header or "Status" not in header:
        return None
    return {"sheet_id": sheet.id, "tab": sheet.tabs[0].title}


@addon("tracker-status", "Mark the starter's payroll done and ready in the tracker.",
       ready=_tracker_status, phrasings=(
           "Then update {first}'s row in the onboarding tracker (spreadsheet {sheet_id}, "
           "tab {tab}): tick 'Payroll set up' (TRUE) and set Status to 'Ready'.",
           "Once done, in the '{tab}' tab of the onboarding tracker ({sheet_id}) mark "
           "{name}'s 'Payroll set up' as TRUE and their Status as 'Ready'.",
       ))
async def tracker_status(w: Walker, c: Candidate, hints: Hints) -> None:
    tab, sheet = c.slots["tab"], c.slots["sheet_id"]
    head = await w.run(Step(app="sheets", method="GET",
                            path="/v4/spreadsheets/{spreadsheetId}/values/{range}",
                            params={"spreadsheetId": sheet, "range": f"{tab}!1:1"}))
    rows = await w.run(Step(app="sheets", method="GET",
                            path="/v4/spreadsheets/{spreadsheetId}/values/{range}",
                            params={"spreadsheetId": sheet, "range": f"{tab}!B:B"}))
    # The binding language selects by value, not position: the row and columns are read
    # here from what the gold's reads returned (the agent finds them the same way).
    header = w.read_value({"$from": str(head.step.id), "path": "values[0]"})
    emails = [r[0] if r else "" for r in w.read_value({"$from": str(rows.step.id),
                                                        "path": "values"})]
    row = emails.index(c.slots["email"]) + 1
    col = {h: chr(ord("A") + i) for i, h in enumerate(header)}
    await w.run(Step(app="sheets", method="POST",
                     path="/v4/spreadsheets/{spreadsheetId}/values:batchUpdate",
                     params={"spreadsheetId": sheet},
                     # The response options at their defaults, sent: the optional-fields
                     # gate would otherwise add them and find the gold unchanged.
                     body={"valueInputOption": "USER_ENTERED",
                           "includeValuesInResponse": False,
                           "responseValueRenderOption": "FORMATTED_VALUE",
                           "responseDateTimeRenderOption": "SERIAL_NUMBER", "data": [
                         {"range": f"{tab}!{col['Payroll set up']}{row}", "values": [["TRUE"]]},
                         {"range": f"{tab}!{col['Status']}{row}", "values": [["Ready"]]}]}))
    hints.say.setdefault("sheets.cells", "the starter's tracker row")


@addon("reply-all-starters-mail", "Reply to all on the recruiter's mail about the cohort.",
       ready=_apt("reply-all-starters-mail"), phrasings=(
           "Then reply all to the recruiter's 'Starters for Monday' mail saying {name} is "
           "all set (name {first} in it).",
           "Finally, answer everyone on the recruiter's 'Starters for Monday' email (reply "
           "all) that {first} is done.",
       ))
async def reply_all_starters_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    sid, msg = await _message(w, _starters_subject(c))
    sender = w.read_value({"$from": sid, "path": "value[0].from.emailAddress.address"})
    cc = [str(r["emailAddress"]["address"])
          for r in w.read_value({"$from": sid, "path": "value[0].ccRecipients"}) or []]
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{message_id}/replyAll",
                     params={"message_id": msg},
                     body={"comment": f"{c.slots['name']} is all set."}))
    mail_hints(hints, str(sender), [c.slots["first"]], cc=cc)


@addon("tell-manager", "Mail the starter's manager (the HRIS supervisor) that all is set.",
       ready=_apt("tell-manager"), phrasings=(
           "Then email {first}'s manager (the supervisor in the HRIS) with the subject "
           "'{name} starts Monday', saying in the message that {first} is set up.",
           "Let the manager the HRIS lists for {first} know by email (subject '{name} starts "
           "Monday'), mentioning {first} in the message.",
       ))
async def tell_manager(w: Walker, c: Candidate, hints: Hints) -> None:
    boss = (await hris_fields(w, c, ["supervisorEmail"]))["supervisorEmail"]
    name = c.slots["name"]
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"{name} starts Monday",
                    "body": {"contentType": "Text",
                             "content": f"Hello, {c.slots['first']} is set up for Monday."},
                    "toRecipients": [{"emailAddress": {"address": boss}}]},
        "saveToSentItems": True}))
    mail_hints(hints, str(w.read_value(boss)), [c.slots["first"]])


ADDONS: tuple[Addon, ...] = (
    ats_onboarding_note, reply_starters_mail, flag_starters_mail, archive_revised_offer,
    tracker_row, cohort_tag, forward_revised_offer, tracker_status, reply_all_starters_mail,
    tell_manager)
