"""Generator v2's add-ons for Arcadia Robotics: v1's acts, worded as the rest of the same
message (no "Then / Also / Finally", no subject line dictated), and held to coherence: an
add-on is not offered where its premise fails (a meeting with someone who has left, a mail
to the actor themself, a reply that would speak of its own recipient in the third person).

A mail the agent words itself is judged as a colleague would read it: it goes to the right
person and names the person or supplier it is about (a full or a first name); its subject
line is the agent's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arcadia.taskgen.derive import Hints, Rule
from arcadia.taskgen.goals import Act, Addon, Candidate
from arcadia.taskgen.goals.robotics import (
    hr_mismatch_addons,
    new_hire_cohort_addons,
    spend_anomaly_addons,
)
from arcadia.taskgen.goals.robotics.common import manager_of
from arcadia.taskgen.walk import Walker
from arcadia.world import World

Ready = Callable[[World, Candidate], dict[str, Any] | None]
V1 = {a.id: a for a in (*hr_mismatch_addons.ADDONS, *new_hire_cohort_addons.ADDONS,
                        *spend_anomaly_addons.ADDONS)}


def v2_id(addon_id: str) -> str:
    return f"{addon_id}-v2"


Rewrite = Callable[[Candidate, Hints, list[Rule]], list[Rule]]


def _rewritten(act: Act, rewrite: Rewrite) -> Act:
    """`act`, the rules it adds to the hints replaced by `rewrite(candidate, hints, added)`
    (v2's judgement of a v1 add-on's writes)."""
    async def run(w: Walker, c: Candidate, hints: Hints) -> None:
        before = len(hints.rules)
        await act(w, c, hints)
        hints.rules[before:] = rewrite(c, hints, hints.rules[before:])
    return run


def _worded(act: Act) -> Act:
    """`act`, with the mail it words judged by recipient and content, not subject line:
    a phrase that is the subject's full name is met by the first name too."""
    def rewrite(c: Candidate, hints: Hints, added: list[Rule]) -> list[Rule]:
        name, first = c.slots.get("name"), c.slots.get("first")
        out = [replace(r, spec=[[p, first] if p == name else p for p in r.spec])
               if r.how == "text" and name and first else r for r in added]
        if any(r.column.startswith("mail.bodies.") for r in out):
            out.insert(0, Rule("mail.messages.subject", "ignore", None, {}))
        return out
    return _rewritten(act, rewrite)


def _thread(ready: Ready, sender: str) -> Ready:
    """`ready`, with the other people on the mail it answers (`thread`: its to and cc but
    the actor and the sender, whom a reply-all also reaches)."""
    def check(world: World, c: Candidate) -> dict[str, Any] | None:
        slots = ready(world, c)
        if slots is None:
            return None
        m = next(m for m in world.comms.mail if m.sender.address == slots[sender]
                 and m.subject == slots["report_subject"] and m.in_reply_to is None
                 and any(t.address == c.actor.email for t in m.to))
        others = sorted({a.address for a in (*m.to, *m.cc)} - {c.actor.email, slots[sender]})
        return {**slots, "thread": " ".join(others)}
    return check


def _reply_all_too(act: Act) -> Act:
    """`act`, a reply, where replying to all is as good: its recipients may also be the
    rest of the thread (`Members.may`), and their delivered copies are allowed."""
    def rewrite(c: Candidate, hints: Hints, added: list[Rule]) -> list[Rule]:
        others = c.slots["thread"].split()
        if not others:
            return added
        hints.allow("mail", "messages", {"from_address": c.actor.email,
                                         "in_reply_to": {"is_null": False}},
                    max_added=len(others))
        return [replace(r, spec={**r.spec, "may": others}) if r.how == "members"
                and r.column in ("mail.bodies.to_json", "mail.bodies.cc_json") else r
                for r in added]
    return _rewritten(act, rewrite)


def _note_says(act: Act, column: str, phrases: list[Any]) -> Act:
    """`act`, its note judged by `phrases` (what the instruction asks it to say)."""
    return _rewritten(act, lambda c, hints, added: [
        replace(r, spec=phrases) if r.column == column and r.how == "text" else r
        for r in added])


def sheet_link(spreadsheet_id: str) -> str:
    """How a colleague points at a spreadsheet: its link, not its bare id."""
    return f"https://docs.google.com/spreadsheets/d/{spreadsheet_id}/edit"


def _also(ready: Ready, *premises: Callable[[World, Candidate], bool]) -> Ready:
    """`ready`, offered only where every premise holds; a spreadsheet it names gets its
    link as a slot (`sheet_link` beside `sheet_id`)."""
    def check(world: World, c: Candidate) -> dict[str, Any] | None:
        if not all(p(world, c) for p in premises):
            return None
        slots = ready(world, c)
        if slots is not None and "sheet_id" in slots:
            slots = {**slots, "sheet_link": sheet_link(slots["sheet_id"])}
        return slots
    return check


def _subject_active(world: World, c: Candidate) -> bool:
    pid = c.facts.get("person_id")
    return pid is None or world.person(pid).status != "terminated" \
        and c.facts.get("kind") != "status"


def _manager_not_actor(world: World, c: Candidate) -> bool:
    pid = c.facts.get("person_id")
    boss = manager_of(world, world.person(pid)) if pid is not None else None
    return boss is None or boss.id != c.actor.id


def _reporter_not_subject(world: World, c: Candidate) -> bool:
    slots = hr_mismatch_addons._report(world, c)
    return slots is None or slots["report_from"] != c.slots.get("email")


def _actor_has_other_manager(world: World, c: Candidate) -> bool:
    return c.actor.manager_id is not None and c.actor.manager_id != c.actor.id


# The add-ons whose mail the agent words. Two in one task would send two messages that
# only their subject lines, the agent's own, tell apart: they exclude each other.
WORDED = ("notify-manager", "reply-to-report", "reply-starters-mail", "forward-revised-offer",
          "reply-all-starters-mail", "tell-manager", "reply-ap-mail", "tell-manager-spend",
          "forward-ap-mail")


def _v2(v1: str, phrasings: tuple[str, ...], *premises: Callable[[World, Candidate], bool],
        mail: bool = False, reply: str | None = None,
        says: tuple[str, list[Any]] | None = None) -> Addon:
    """v1's add-on `v1` in v2's words; `mail`: a mail the agent words (`_worded`);
    `reply`: a reply to the mail from the slot `reply` names, where replying to all is as
    good; `says`: the column of a note and the phrases it is judged by."""
    a = V1[v1]
    others = tuple(w for w in WORDED if w != v1) if mail else ()
    act, ready = _worded(a.act) if mail else a.act, _also(a.ready, *premises)
    if reply is not None:
        act, ready = _reply_all_too(act), _thread(ready, reply)
    if says is not None:
        act = _note_says(act, *says)
    return replace(a, id=v2_id(a.id), phrasings=phrasings, act=act, ready=ready,
                   excludes=tuple(v2_id(x) for x in (*a.excludes, *others)))


ADDONS: tuple[Addon, ...] = (
    # hr-mismatch
    _v2("notify-manager", (
        "{first}'s manager should hear from you that it's been put right.",
        "Drop a line to {first}'s manager once payroll is corrected.",
        "Please let {first}'s manager know by email when it's done.",
    ), _manager_not_actor, mail=True),
    _v2("follow-up-meeting", (
        "I'd also like you to have a 30-minute follow-up, just you and {first}, on "
        "{meet_day} at 10:00 New York time; call it 'Follow-up: {name}'.",
        "Put 30 minutes in your calendar with {first} alone for {meet_day}, 10:00 New "
        "York time, as 'Follow-up: {name}'.",
    ), _subject_active),
    _v2("reply-to-report", (
        "{reporter_first} raised it with you by email ('{report_subject}'); answer that "
        "mail when it's fixed.",
        "Reply to {reporter}'s '{report_subject}' email once it's sorted so they know.",
    ), _reporter_not_subject, mail=True, reply="report_from"),
    # new-hire-cohort
    _v2("ats-onboarding-note", (
        "Leave a note everyone can see on {first}'s Greenhouse profile ({personal}) that "
        "onboarding has started.",
        "Greenhouse should show on {first}'s profile (the candidate {personal}), in a note "
        "visible to all, that you're onboarding {first}.",
    ), says=("ats.notes.body", ["onboard"])),
    _v2("reply-starters-mail", (
        "The recruiter who sent 'Starters for Monday' is waiting on an answer about "
        "{first}: reply to them (just them).",
        "Let the recruiter know, in reply to their 'Starters for Monday' email and to "
        "them only, that {first} is taken care of.",
    ), mail=True),
    _v2("flag-starters-mail", (
        "Keep the recruiter's 'Starters for Monday' mail flagged for follow-up.",
        "Flag the 'Starters for Monday' email from the recruiter so it stays on your "
        "list.",
    )),
    _v2("archive-revised-offer", (
        "The recruiter's 'Revised offer: {name}' mail can go to your Archive folder "
        "afterwards.",
        "File the 'Revised offer: {name}' email in Archive when you're done with it.",
    )),
    _v2("tracker-row", (
        "{first} needs a line in the onboarding tracker ({sheet_link}, tab {tab}) "
        "with name, work email and title; the other columns get filled in later.",
        "Put {name} on the '{tab}' tab of the onboarding tracker ({sheet_link}): "
        "name, email and title only for now.",
    )),
    _v2("cohort-tag", (
        "Tag {first}'s Greenhouse profile ({personal}) with a new candidate tag, "
        "'{cohort}'.",
        "We're tagging this cohort '{cohort}' in Greenhouse (the tag doesn't exist "
        "yet): {first}, candidate {personal}, should carry it.",
    )),
    _v2("forward-revised-offer", (
        "Forward the recruiter's 'Revised offer: {name}' mail to {first}'s manager "
        "with a word that the HRIS now has the accepted salary.",
        "{first}'s manager should get the 'Revised offer: {name}' email from you, "
        "forwarded with a short note about {first}.",
    ), _manager_not_actor, mail=True),
    _v2("tracker-status", (
        "The onboarding tracker ({sheet_link}, tab {tab}) should show {first}'s payroll "
        "as set up and {first} as Ready.",
        "Update {first}'s line in the onboarding tracker ({sheet_link}): payroll set "
        "up, status Ready.",
    )),
    _v2("reply-all-starters-mail", (
        "Answer everyone on the recruiter's 'Starters for Monday' thread that {first} is "
        "all set.",
        "Reply all on the 'Starters for Monday' email so the whole thread knows {first} "
        "is done.",
    ), mail=True),
    _v2("tell-manager", (
        "{first}'s manager would like to hear from you that {first} is set up for "
        "Monday.",
        "Let {first}'s manager know by email that everything is ready for {first}.",
    ), _manager_not_actor, mail=True),
    # spend-anomaly
    _v2("reply-ap-mail", (
        "{clerk_first} is waiting on your answer to their email about the {supplier} "
        "invoice.",
        "Reply to {clerk}'s mail about the {supplier} invoice once it's {done}.",
    ), mail=True, reply="clerk_email"),
    _v2("flag-ap-mail", (
        "Keep {clerk_first}'s email about the {supplier} invoice flagged for follow-up.",
        "Flag the mail {clerk} sent you about {supplier}'s invoice so it stays on your "
        "list.",
    )),
    _v2("tell-manager-spend", (
        "Your manager will want to hear from you that the {supplier} exception is "
        "handled.",
        "Let your manager know by email once the {supplier} matter is dealt with.",
    ), _actor_has_other_manager, mail=True),
    _v2("review-meeting-spend", (
        "Book 30 minutes with your manager, only the two of you, on {meet_day} at "
        "10:00 New York time to review it, as 'Review: {supplier}'.",
        "Put 'Review: {supplier}' in your calendar with your manager alone for "
        "{meet_day}, 10:00 to 10:30 New York time.",
    ), _actor_has_other_manager),
    _v2("log-exception-spend", (
        "It belongs in the Finance exceptions log too ({log_link}): today's date, area "
        "Procurement, the supplier, the invoice's number and gross total, '{issue}', you "
        "as owner, Open.",
        "Record the dispute in the Finance exceptions log ({log_link}) like the other "
        "rows there: dated today, Procurement, {supplier}, its invoice number and gross "
        "total, '{issue}', owned by you and Open.",
    )),
    _v2("forward-ap-mail", (
        "Forward {clerk_first}'s email about the {supplier} invoice to your manager, "
        "noting that it's {done}.",
        "Your manager should get {clerk}'s mail about {supplier}'s invoice from you, "
        "forwarded with a line that it's {done}.",
    ), _actor_has_other_manager, mail=True),
    _v2("archive-ap-mail", (
        "{clerk_first}'s email about the {supplier} invoice can go to your Archive folder "
        "afterwards.",
        "File the mail {clerk} sent you about {supplier}'s invoice in Archive when it's "
        "dealt with.",
    )),
)
