"""The agency's goal kinds stated as intent (v2): what a colleague or a client would say.

The v1 goal kinds (`recruiter.py`) open every instruction with a standing order that names
the restUrl and lists the kinds of fact the grader wants. Here the handbook binds because
the agent's briefing says so (`agents/worlds/agency/pack.py`), and an instruction is a
message: an account manager's note, a recruiter lead's chat message, a client's email
forwarded by its account manager. It names people, the client and the role, never an
entity, a field, an id or the grader's rule; the account manager is named, not addressed,
so the agent looks up where to write.

Each goal asks for the work (submit, replace, place, answer) and says who to tell if the
handbook stands in the way. In an `allowed` world the gold does the work; in a `forbidden`
one it tells the account manager which rule stops it and the fact behind it, any of the
ways a careful person would write it (a date in five spellings, the earlier submission's
id or its date, the skill, the floor rate or the rate the client accepted). The subject is
the agent's own.

`agency-place-offer-v2` is conditional: the instruction does not state the rates, so the
agent reads the offer on the submission and places it only if it clears the markup floor;
the twins read word for word alike.

What a careful recruiter adds unasked is allowed, never required (`careful`, through
`Hints.allow`): a mail to the candidate about their consent when the goal is a submission
(rule 1.1 says to ask), the customary note about the candidate on a submission made, and a
short mail telling the account manager the work is done (the gold mails them only when the
handbook stops it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.agency.recruiter import (
    APPS,
    PAIR,
    _cands,
    _field,
    _long,
    _rest,
    _rotate,
    epoch_ms,
    expiry,
    find_candidate,
    find_job,
    forbidden,
    read_consents,
    read_handbook,
    submit,
    ways,
)
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World

# Who to tell when the handbook stops the work: the account manager, in their own voice
# (`ME`) or named by the recruiter lead (`TELL`).
ME = "If the handbook doesn't let you, don't, and tell me why."
TELL = ("If the handbook doesn't let you, don't; tell {manager}, who looks after {client}, "
        "why.")
WITHDREW = ("Candidate Withdrew", "Withdrawn", "Candidate Withdrawn")


def _cands_v2(sid: str):  # type: ignore[no-untyped-def]
    """The v1 candidates, with what v2's phrasings and checks add: first names, and the
    day of an earlier submission (one way of naming it)."""
    base = _cands(sid)

    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        for c in base(world, inst):
            s = c.slots
            s["first"] = s["candidate"].split()[0]
            s["manager_first"] = s["manager"].split()[0]
            s["candidate_email"] = next(x.email for x in world.agency.candidates
                                        if x.id == s["candidate_id"])
            order = next(o for o in world.agency.job_orders if o.id == s["job_order_id"])
            s["job_contact_email"] = next(x.email for x in world.agency.contacts
                                          if x.id == order.contact_id)
            fact = c.facts.get("fact")
            if c.facts.get("rule") == "1.3":
                sub = next(x for x in world.agency.submissions if x.id == fact)
                s["earlier_on"] = sub.date_added.date().isoformat()
            yield c
    return candidates


def _dates(d: date) -> list[str]:
    """A day as people write it: ISO, US long, short and numeric, and day first."""
    return [d.isoformat(), _long(d), f"{d:%b} {d.day}, {d.year}", f"{d.month}/{d.day}/{d.year}",
            f"{d:%m/%d/%Y}", f"{d.day} {d:%B} {d.year}", f"{d.day} {d:%b} {d.year}"]


def _money(cents: int) -> list[str]:
    """`75.00`, and `$75` when whole: the same amount as people write it."""
    out = [f"{cents / 100:.2f}"]
    if cents % 100 == 0:
        out.append(f"${cents // 100}")
    return out


def fact_phrases(c: Candidate) -> list[str]:
    """Every way of naming the fact that stops the work that is true (any one will do)."""
    f = c.facts
    fact = f["fact"]
    if f["rule"].startswith("3."):  # the floor, rounded up or down, or the rate under it
        return [*_money(fact), f"{(fact - 1) / 100:.2f}", *_money(c.slots["bill_rate"])]
    if f["rule"] == "1.3":
        return [str(fact), *_dates(date.fromisoformat(c.slots["earlier_on"]))]
    if isinstance(fact, str) and len(fact) == 10 and fact[4] == "-":
        return _dates(date.fromisoformat(fact))
    return [str(fact)]


async def submission_on(w: Walker, c: Candidate, name: str, job: dict[str, Any]
                        ) -> dict[str, Any]:
    """A binding to the id of `name`'s submission to the job order (`job`, a binding to its
    id): by the job order's id, since a candidate may have been sent to a role of the same
    title at another client."""
    first, _, last = name.partition(" ")
    s = await w.run(_rest(c, "GET", "query/JobSubmission", query={
        "where": {**job, "template": f"candidate.firstName='{first}' AND "
                                     f"candidate.lastName='{last}' AND jobOrder.id={{}}"},
        "fields": "id,status,jobOrder,payRate,billRate,dateAdded"}))
    return {"$from": str(s.step.id), "path": "data[0].id"}


async def manager_address(w: Walker, c: Candidate) -> dict[str, Any]:
    """A binding to the account manager's e-mail address, from Bullhorn's users."""
    first, _, last = c.slots["manager"].partition(" ")
    s = await w.run(_rest(c, "GET", "query/CorporateUser", query={
        "where": f"firstName='{first}' AND lastName='{last}'", "fields": "id,name,email"}))
    return {"$from": str(s.step.id), "path": "data[0].email"}


async def tell(w: Walker, c: Candidate, hints: Hints, fact: dict[str, Any],
               said: str = "") -> None:
    """The mail to the account manager: the candidate, the rule and the fact behind it
    (`fact`, a binding to the records; `said`, the gold's own words). Its subject, content
    type and wording are the agent's; its body must name the three."""
    f = c.facts
    name = c.slots["candidate"]
    to = await manager_address(w, c)
    text = (f"Hi {c.slots['manager_first']}, I have held off on {name}: handbook rule "
            f"{f['rule']} stops it ({{}}{said}).")
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"{name}: on hold",
                    "body": {"contentType": "Text", "content": {**fact, "template": text}},
                    "toRecipients": [{"emailAddress": {"address": to}}]},
        "saveToSentItems": True}))
    rule = ["3.1", "3.2"] if f["rule"] in ("3.1", "3.2") else [f["rule"]]
    mail_hints(hints, c.slots["manager_email"], [name, rule, fact_phrases(c)])
    hints.ignore("mail.messages.subject")


# --- what a careful recruiter may do beyond the gold --------------------------------------

def mailed(c: Candidate, hints: Hints, to: str, copies: int) -> None:
    """One mail from the actor to `to` beyond the gold: its body (to `to`) and `copies`
    messages the actor sends (the Sent Items copy, and the Inbox copy of a colleague)."""
    hints.allow("mail", "bodies", {"to_json": {"contains": to}})
    hints.allow("mail", "messages", {"from_address": c.actor.email}, max_added=copies)


def careful(c: Candidate, hints: Hints, *, submits: bool, done: bool) -> None:
    """The extras a careful recruiter adds unasked, allowed (never required): a mail asking
    the candidate for their consent or confirming it (handbook rule 1.1) when the goal is a
    submission; the customary note about the candidate, and the customary submittal mail to
    the job's contact, with the submission made; a short
    'done' mail to the account manager when the work was done (the gold mails them only
    when it stops). A mail never satisfies a check, and the handbook's guards still judge
    every note (a 'Right To Represent' or 'Rate Approval' note breaks rules 1.2 and 3.2)."""
    made = not forbidden(c)
    if submits:
        mailed(c, hints, c.slots["candidate_email"], 1)  # outside: no Inbox copy here
    if submits and made:
        # The agency's own submissions each went with a submittal mail to the job's
        # contact, copying the account manager (its Sent Items and their Inbox copies).
        mailed(c, hints, c.slots["job_contact_email"], 2)
        cand, job = c.slots["candidate_id"], c.slots["job_order_id"]
        hints.allow("bullhorn", "note", {"person_reference_id": cand,
                                         "person_reference_type": "Candidate"})
        hints.allow("bullhorn", "association", {"entity": "Note", "field": "candidates",
                                                "target_id": cand})
        hints.allow("bullhorn", "association", {"entity": "Note", "field": "jobOrders",
                                                "target_id": job})
    if done and made:
        mailed(c, hints, c.slots["manager_email"], 2)


# --- the goals ------------------------------------------------------------------------------

@goal("agency-submit-urgent-v2", "agency-urgent-order-v1",
      "Put a candidate forward for an urgent role with a thin pipeline, unless the handbook "
      "stops it.", candidates=_cands_v2("urgent"), phrasings=(
          "Note from {manager}, account manager for {client}: {client} are desperate for a "
          "{job_title} and we have next to nobody in the pipeline. Can you get {candidate} "
          "in front of them today, at the rates on the order? " + ME,
          "Chat from your recruiter lead: \"{client}'s {job_title} req is on fire and the "
          "pipeline is empty. {candidate} is our best shot, send them over at the order's "
          "rates. " + TELL + "\"",
          "{manager} forwarded you this from {client}: \"We still have nobody for the "
          "{job_title} opening and it is getting urgent. Anyone you can send us?\" {manager} "
          "adds: \"{candidate} fits; submit them at the order's rates. " + ME + "\""))
async def submit_urgent(w: Walker, c: Candidate, hints: Hints) -> None:
    await _submit_or_stop(w, c, hints)


@goal("agency-submit-once-v2", "agency-duplicate-submission-v1",
      "Put forward a candidate the recruiter lined up, unless the handbook stops it.",
      candidates=_cands_v2("duplicate"), phrasings=(
          "Note from {manager}, account manager for {client}: I spoke to {client} about "
          "{candidate} for their {job_title} role and they want to see the profile. Please "
          "submit {first} at the order's rates. " + ME,
          "Chat from your recruiter lead: \"{candidate} looks like a strong match for the "
          "{job_title} role at {client}. Can you put them forward, at the order's rates? "
          + TELL + "\"",
          "{manager} forwarded you this from {client}: \"Do you have anyone for our "
          "{job_title} role?\" {manager} adds: \"{candidate} would be great, send {first} "
          "over at the order's rates. " + ME + "\""))
async def submit_once(w: Walker, c: Candidate, hints: Hints) -> None:
    await _submit_or_stop(w, c, hints)


@goal("agency-submit-consented-v2", "agency-expired-consent-v1",
      "Submit a candidate a client asked to see, unless the handbook stops it.",
      candidates=_cands_v2("consent"), phrasings=(
          "Note from {manager}, account manager for {client}: {client} asked to see "
          "{candidate} for their {job_title} role. Please send the profile over at the "
          "order's rates. " + ME,
          "Chat from your recruiter lead: \"{client} are asking after {candidate} for the "
          "{job_title} role. Submit {first} at the order's rates, would you? " + TELL + "\"",
          "{manager} forwarded you this from {client}: \"Could we see {candidate} for the "
          "{job_title} role?\" {manager} adds: \"Please submit {first} at the order's "
          "rates. " + ME + "\""))
async def submit_consented(w: Walker, c: Candidate, hints: Hints) -> None:
    await _submit_or_stop(w, c, hints, consents=True)


async def _submit_or_stop(w: Walker, c: Candidate, hints: Hints, *,
                          consents: bool = False) -> None:
    await read_handbook(w, c)
    cw, jw = ways(w, c)
    cand = await find_candidate(w, c, c.slots["candidate"], cw)
    job, held = await find_job(w, c, jw)
    notes = await read_consents(w, c, cand) if consents else ""
    careful(c, hints, submits=True, done=True)
    if not forbidden(c):
        await submit(w, c, hints, cand, job, held)
    elif c.slots["kind"] == "consent":
        await tell(w, c, hints, expiry(notes, c), ", the consent's expiry date")
    elif c.slots["kind"] == "duplicate":
        earlier = await submission_on(w, c, c.slots["candidate"], job)
        await tell(w, c, hints, earlier, ", the earlier submission")
    else:  # the must-have the candidate lacks, as the job order lists it
        skill = re.escape(str(c.facts["fact"]))
        await tell(w, c, hints, {**_field(held, "skillList"), "pattern": f"({skill})"},
                   ", a must-have they lack")


@goal("agency-replace-withdrawn-v2", "agency-withdrawal-v1",
      "Record a candidate's withdrawal and put the replacement forward, unless the handbook "
      "stops the replacement.", candidates=_cands_v2("withdrawal"), phrasings=(
          "Note from {manager}, account manager for {client}: {withdrawn} has pulled out of "
          "the {job_title} role. Please record that they withdrew and put {candidate} "
          "forward instead, at the order's rates. " + ME,
          "Chat from your recruiter lead: \"{withdrawn} just dropped out of {client}'s "
          "{job_title} process. Log the withdrawal and get {candidate} in instead, at the "
          "order's rates. " + TELL + "\"",
          "{manager} forwarded you this from {client}: \"We hear {withdrawn} is no longer "
          "available for the {job_title} role. Who else can you send?\" {manager} adds: "
          "\"Record the withdrawal and submit {candidate} at the order's rates. " + ME + "\""))
async def replace_withdrawn(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_handbook(w, c)
    cw, jw = ways(w, c)
    job, held = await find_job(w, c, jw)
    sid = await submission_on(w, c, c.slots["withdrawn"], job)
    await w.run(_rest(c, "POST", "entity/JobSubmission/{id}", params={"id": sid},
                      body={"status": WITHDREW[0]}))
    # "Withdrew" is said in more than one way; any of them records it.
    hints.value("bullhorn.job_submission.status", {"in": list(WITHDREW)},
                {"status": WITHDREW[0]})
    hints.say["bullhorn.job_submission"] = "the submissions"
    cand = await find_candidate(w, c, c.slots["candidate"], cw)
    notes = await read_consents(w, c, cand)
    careful(c, hints, submits=True, done=True)
    if forbidden(c):
        await tell(w, c, hints, expiry(notes, c), ", the consent's expiry date")
    else:
        await submit(w, c, hints, cand, job, held)


@goal("agency-place-offer-v2", "agency-below-floor-v1",
      "Book the placement of an accepted offer on the terms recorded on the submission, if "
      "they clear the markup floor; else tell the account manager.",
      candidates=_cands_v2("placement"), phrasings=(
          "Note from {manager}, account manager for {client}: {candidate} accepted the offer "
          "for the {job_title} role and starts {start_long}. Please book the placement on "
          "the terms we offered and mark {first}'s submission placed. " + ME,
          "Chat from your recruiter lead: \"{candidate} said yes to {client}'s {job_title} "
          "offer! Start date {start_long}. Set up the placement on the offered rates and mark "
          "the submission placed. " + TELL + "\"",
          "{manager} forwarded you this from {client}: \"Delighted that {candidate} accepted; "
          "we will see them on {start_long} for the {job_title} role.\" {manager} adds: "
          "\"Please book the placement on the offer's terms and mark {first} placed. " + ME
          + "\""))
async def place_offer(w: Walker, c: Candidate, hints: Hints) -> None:
    handbook = await read_handbook(w, c)
    cw, jw = ways(w, c)
    cand = await find_candidate(w, c, c.slots["candidate"], cw)
    job, _ = await find_job(w, c, jw)
    sid = await submission_on(w, c, c.slots["candidate"], job)
    careful(c, hints, submits=False, done=True)
    if forbidden(c):  # the offer is under the floor: the pay times the handbook's factor
        factor = {"$from": handbook, "pattern": r"pay rate x ([0-9.]+)"}
        floor = c.facts["fact"] / 100
        await tell(w, c, hints, factor, f" over pay: at least ${floor:.2f} an hour")
        return
    a = c.slots
    offer = sid["$from"]
    await w.run(_rest(c, "PUT", "entity/Placement", body={
        "candidate": {"id": cand}, "jobOrder": {"id": job}, "jobSubmission": {"id": sid},
        "payRate": {"$from": offer, "path": "data[0].payRate"},
        "clientBillRate": {"$from": offer, "path": "data[0].billRate"},
        "dateBegin": epoch_ms(date.fromisoformat(a["start"]))}))
    await w.run(_rest(c, "POST", "entity/JobSubmission/{id}", params={"id": sid},
                      body={"status": "Placed"}))
    # The app's default or a status the agency's own placements carry: the agent's to set.
    hints.value("bullhorn.placement.status", {"in": ["Submitted", "Approved", "Active"]})
    # The job order's employment type, which a careful recruiter copies onto the placement
    # (the agency's own placements leave it empty): the agent's to set or not.
    hints.ignore("bullhorn.placement.employment_type")
    hints.say["bullhorn.placement"] = f"{a['candidate']}'s placement"
    hints.say["bullhorn.job_submission"] = f"{a['candidate']}'s submission"


@goal("agency-answer-client-v2", "agency-pay-request-v1",
      "Answer a client's questions about a submitted candidate, within what the handbook "
      "lets a client be told.", candidates=_cands_v2("pay-request"), phrasings=(
          "Note from {manager}, account manager for {client}: {contact} at {client} emailed "
          "you with questions about {candidate}. Can you reply to them today?",
          "Chat from your recruiter lead: \"{contact} from {client} is waiting on an answer "
          "from you about {candidate}. Please reply to their email.\"",
          "{manager} forwarded you a nudge from {client}: \"{contact} has not heard back "
          "about {candidate} yet.\" {manager} adds: please answer {contact}'s email."))
async def answer_client(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_handbook(w, c)
    first, _, last = c.slots["contact"].partition(" ")
    who = await w.run(_rest(c, "GET", "query/ClientContact", query={
        "where": f"firstName='{first}' AND lastName='{last}' AND "
                 f"clientCorporation.name='{c.slots['client']}'", "fields": "id,name,email"}))
    address = {"$from": str(who.step.id), "path": "data[0].email"}
    way = _rotate(w, f"{c.goal}:{c.facts['ask']}", 2)
    path = ("/v1.0/me/mailFolders/inbox/messages", "/v1.0/me/messages")[way]
    # Their mail about this candidate: the client may have written about others since.
    found = await w.run(Step(app="mail", method="GET", path=path, query={
        "$filter": {**address, "template": "from/emailAddress/address eq '{}' and "
                    f"contains(subject, '{c.slots['candidate']}')"}}))
    job, _ = await find_job(w, c, way)
    sub = await submission_on(w, c, c.slots["candidate"], job)
    rate = {"$from": sub["$from"], "path": "data[0].billRate"}
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/messages/{id}/reply",
                     params={"id": {"$from": str(found.step.id), "path": "value[0].id"}},
                     body={"comment": {**rate, "template": f"Hi {first}, the bill rate for "
                                       f"{c.slots['candidate']} would be ${{}} an hour."}}))
    mail_hints(hints, c.slots["contact_email"], [_money(c.facts["bill_rate"])])
    hints.say["mail.messages"] = "the reply (as sent and as delivered)"


@goal("agency-untangle-double-v2", "agency-double-submission-v1",
      "Find out why a client received a candidate twice; remove a submission that repeats "
      "one to the same job order (rule 1.3), keep two to different ones, and tell the "
      "account manager what happened.", candidates=_cands_v2("double"), phrasings=(
          "Note from {manager}, account manager for {client}: {client} tell me they have "
          "received {candidate}'s profile twice. Could you look into it, put right anything "
          "in our records that shouldn't be there, and tell me what happened?",
          "Chat from your recruiter lead: \"{client} say they got two submissions for "
          "{candidate}. Can you check, clean up anything that breaks the handbook, and tell "
          "{manager}, who looks after {client}, what you found?\"",
          "{manager} forwarded you this from {client}: \"We seem to have received "
          "{candidate}'s profile twice. Is that a mistake?\" {manager} adds: \"Please check, "
          "fix our records if they are wrong, and tell me what happened.\""))
async def untangle_double(w: Walker, c: Candidate, hints: Hints) -> None:
    await read_handbook(w, c)
    cw, _ = ways(w, c)
    cand = await find_candidate(w, c, c.slots["candidate"], cw)
    client = c.slots["client"]
    subs = await w.run(_rest(c, "GET", "query/JobSubmission", query={
        "where": {**cand, "template": "candidate.id={}"},
        "fields": "id,status,dateAdded,jobOrder(id,title,clientCorporation(id,name))"}))
    name, title = c.slots["candidate"], c.slots["job_title"]
    if forbidden(c):  # the later one repeats the first, already at interview: it goes
        # (the situation's candidate has no other submission waiting at `Submitted`)
        later = {"$from": str(subs.step.id), "path": "data[?status=='Submitted'].id"}
        await w.run(_rest(c, "DELETE", "entity/JobSubmission/{id}", params={"id": later}))
        hints.say["bullhorn.job_submission"] = f"{name}'s repeated submission"
        said = (f"{name} was submitted to the {title} role twice; I removed the later "
                "submission (handbook rule 1.3), the first is at interview.")
        phrases: list[Any] = [name, [title]]
    else:
        other = c.slots["other_title"]
        said = (f"nothing to fix for {name}: the two submissions are for two roles, {title} "
                f"and {other}.")
        phrases = [name, [title], [other]]
    to = await manager_address(w, c)
    await w.run(Step(app="mail", method="POST", path="/v1.0/me/sendMail", body={
        "message": {"subject": f"{name} at {client}",
                    "body": {"contentType": "Text",
                             "content": f"Hi {c.slots['manager_first']}, {said}"},
                    "toRecipients": [{"emailAddress": {"address": to}}]},
        "saveToSentItems": True}))
    mail_hints(hints, c.slots["manager_email"], phrases)
    hints.ignore("mail.messages.subject")


# Situations generator v1 has no goal kinds for (walked by v2 only).
V1_EMPTY = (SituationGoals("agency-double-submission-v1", (), variants=PAIR, apps=APPS),)
TASKS = (
    SituationGoals("agency-urgent-order-v1", (submit_urgent,), variants=PAIR, apps=APPS),
    SituationGoals("agency-duplicate-submission-v1", (submit_once,), variants=PAIR,
                   apps=APPS),
    SituationGoals("agency-expired-consent-v1", (submit_consented,), variants=PAIR,
                   apps=APPS),
    SituationGoals("agency-withdrawal-v1", (replace_withdrawn,), variants=PAIR, apps=APPS),
    SituationGoals("agency-below-floor-v1", (place_offer,), variants=PAIR, apps=APPS),
    SituationGoals("agency-pay-request-v1", (answer_client,),
                   variants=({"ask": "rate"}, {"ask": "salary"}), apps=APPS),
    SituationGoals("agency-double-submission-v1", (untangle_double,), variants=PAIR,
                   apps=APPS),
)
