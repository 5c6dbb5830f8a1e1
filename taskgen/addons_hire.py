"""Add-ons of `new-hire-cohort-v1`: what the onboarding lead does around a starter.

- `ats-onboarding-note`: a note on the starter's candidate profile in the ATS;
- `reply-starters-mail`: reply to the recruiter's "Starters for Monday" mail;
- `flag-starters-mail`: flag that mail for follow-up;
- `archive-revised-offer`: file the recruiter's "Revised offer" mail in Archive;
- `tracker-row`: a row for the starter in the onboarding tracker sheet.

Each is apt only for the starters its goal gave it (`facts["apt"]`), so that starters at
one stage widen differently.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.addons import mail_hints
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, addon
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


@addon("ats-onboarding-note", "A note on the starter's candidate profile in the ATS.",
       ready=_apt("ats-onboarding-note"), phrasings=(
           "Also leave a public note on {first}'s candidate profile in Greenhouse saying that "
           "onboarding for {name} is under way.",
           "And add a note (visible to everyone) to {name}'s Greenhouse profile that you are "
           "onboarding {first}.",
       ))
async def ats_onboarding_note(w: Walker, c: Candidate, hints: Hints) -> None:
    step = c.facts.get("ats_candidate_step")
    if step is None or step not in w.results:
        found = await w.run(Step(app="ats", method="GET", path="/v1/candidates",
                                 query={"email": c.slots["personal"]}))
        step = str(found.step.id)
    me = await w.run(Step(app="ats", method="GET", path="/v1/users",
                          query={"email": c.actor.email}))
    user = {"$from": str(me.step.id), "path": "[0].id"}
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
    folders = await w.run(Step(app="mail", method="GET", path="/v1.0/me/mailFolders",
                               query={"$filter": "displayName eq 'Archive'"}))
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{message_id}/move",
                     params={"message_id": msg},
                     body={"destinationId": {"$from": str(folders.step.id),
                                             "path": "value[0].id"}}))
    hints.say.setdefault("mail.messages", "the recruiter's message")


def _tracker(world: World, c: Candidate) -> dict[str, Any] | None:
    if "tracker-row" not in c.facts.get("apt", ()):
        return None
    sheet = next((s for s in world.sheets.spreadsheets if s.kind == "onboarding_tracker"),
                 None)
    if sheet is None:
        return None
    return {"sheet_id": sheet.id, "tab": sheet.tabs[0].title}


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
