"""Generator v2's goal kinds for Arcadia Robotics: v1's walks, asked as intent.

An instruction says what the actor's colleague would: the symptom or the business goal and
the person or supplier concerned, in one of several voices (a manager's note, a recruiter's
chat message, an AP clerk's ticket). It gives no procedure, no app-internal noun
("compensation row", "payment unit"), no grader rule ("set nothing else") and no bare
spreadsheet id (a link instead). Where the work has a limit a colleague would state, the
instruction gives its business reason ("People Ops fills in the rest on day one").

Two walks differ from v1's where v1 pinned an end state the world contradicts: a starter
added to the HRIS gets the offer's pay type (an hourly offer makes an hourly employee, not
the HRIS's Salary-per-year default), and a starter added to payroll gets the work e-mail
in both of Gusto's e-mail fields, as every payroll employee of the world has it.

Each world seeds more of the situations' anchors than v1's (12 mismatches, 8 starters):
v2 ships one task per core (goal kind x subject x world seed), so cores come from anchors
and seeds, not from add-on variants of one anchor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, Goal, SituationGoals
from arcadia.taskgen.goals.robotics import (
    hiring_pipeline,
    hr_symptoms,
    inbox_calendar,
    leave_requests,
    new_hire_symptoms,
    payroll_requests,
    purchase_approvals,
    spend_review,
)
from arcadia.taskgen.goals.robotics import hr_mismatch as hm
from arcadia.taskgen.goals.robotics import new_hire_cohort as nh
from arcadia.taskgen.goals.robotics import spend_anomaly as sa
from arcadia.taskgen.goals.robotics.common import HRIS, manager_of
from arcadia.taskgen.goals.robotics.v2_addons import ADDONS, sheet_link, v2_id
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World

__all__ = ["ADDONS", "TASKS"]

Candidates = Callable[[World, SituationInstance], Iterator[Candidate]]


def _linked(candidates: Candidates, *premises: Callable[[World, Candidate], bool]
            ) -> Candidates:
    """v1's candidates where every premise holds, each spreadsheet slot given its link."""
    def run(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        for c in candidates(world, inst):
            if not all(p(world, c) for p in premises):
                continue
            for key in ("log_id", "register_id", "sheet_id"):
                if key in c.slots:
                    c.slots[key.removesuffix("_id") + "_link"] = sheet_link(c.slots[key])
            yield c
    return run


def _manager_not_actor(world: World, c: Candidate) -> bool:
    boss = manager_of(world, world.person(c.facts["person_id"]))
    return boss is not None and boss.id != c.actor.id


def _v2(goal: Goal, phrasings: tuple[str, ...], *premises: Callable[[World, Candidate], bool],
        act: Any = None, addons: tuple[str, ...] | None = None) -> Goal:
    return replace(goal, id=goal.id.removesuffix("-v1") + "-v2", phrasings=phrasings,
                   candidates=_linked(goal.candidates, *premises), act=act or goal.act,
                   addons=tuple(v2_id(a) for a in (goal.addons if addons is None else addons)))


# --- new-hire-cohort: the walks v1 got wrong -------------------------------------------

_PAY = {"hourly": ("Hourly", "Hour"), "salary": ("Salary", "Year")}


async def _add_starter(w: Walker, c: Candidate, hints: Hints) -> None:
    """v1's HRIS record from the offer, with the offer's pay type (and its period)."""
    _, offer, app = await nh.ats_offer(w, c)
    kind = str(w.read_value(nh._offer(c, offer, "keyed_custom_fields.pay_type.value")))
    pay_type, per = _PAY[kind.lower()]
    await nh.title_ref(w, c, offer, app)
    await w.run(Step(app="hris", method="POST", path=f"{HRIS}/employees/",
                     params={"domain": w.ambient.said["CompanyDomain"]},
                     body={"firstName": c.slots["first"], "lastName": c.slots["last"],
                           "workEmail": c.slots["email"],
                           "hireDate": nh._offer(c, offer, "starts_at"),
                           "jobTitle": c.facts["title_ref"],
                           "payRate": nh._offer(c, offer, nh.SALARY),
                           "payType": pay_type, "payPer": per}))
    # The FLSA code is not on the offer: whatever the agent files is its call.
    for table in ("employee", "compensation"):
        hints.ignore(f"hris.{table}.exempt")
    hints.say["hris.employees"] = f"{c.slots['name']}'s new HRIS record"


async def _add_to_payroll(w: Walker, c: Candidate, hints: Hints) -> None:
    """v1's payroll employee and job, the work e-mail in both e-mail fields (the world's
    convention); `email` left empty is as good, since `work_email` holds it."""
    hris = await nh.hris_fields(w, c, ["jobTitle", "hireDate"])
    company = await w.need(w.ambient, "PayrollCompanyId")
    made = await w.run(Step(app="payroll", method="POST",
                            path="/v1/companies/{company_id}/employees",
                            params={"company_id": company},
                            body={"first_name": c.slots["first"], "last_name": c.slots["last"],
                                  "email": c.slots["email"], "work_email": c.slots["email"]}))
    await w.run(Step(app="payroll", method="POST", path="/v1/employees/{employee_id}/jobs",
                     params={"employee_id": {"$from": str(made.step.id), "path": "uuid"}},
                     body={"title": hris["jobTitle"], "hire_date": hris["hireDate"]}))
    hints.value("payroll.employees.email", {"in": [c.slots["email"], None]})
    # "{first} enters the rest during onboarding" reads as self-onboarding as well as
    # People Ops' own; the job's work location, from the HRIS, is the agent's to set (with
    # the work address payroll then records).
    hints.value("payroll.employees.onboarding_status",
                {"in": ["admin_onboarding_incomplete", "self_onboarding_pending_invite"]})
    hints.ignore("payroll.jobs.location_uuid")
    hints.allow("payroll", "work_addresses", max_added=1)
    hints.say["payroll.employees"] = f"{c.slots['name']}'s payroll record"
    hints.say["payroll.jobs"] = f"{c.slots['name']}'s payroll job"


async def _log_outside_contract(w: Walker, c: Candidate, hints: Hints) -> None:
    """v1's log row, for the paid invoice dated after the contract's end: the supplier may
    have earlier paid invoices inside the term (v1 logged the first one it listed)."""
    by = await sa._by_supplier(w, c)
    found = await w.run(Step(app="procurement", method="GET", path="/api/contracts", query=by))
    end = {"$from": str(found.step.id), "path": "[0].end-date",
           "pattern": r"^(\d{4}-\d{2}-\d{2})"}
    inv = await w.run(Step(app="procurement", method="GET", path="/api/invoices",
                           query={**by, "paid": "true", "invoice-date[gt]": end}))
    iid = str(inv.step.id)
    await sa._log_row(w, c, hints, [
        c.slots["today"], "Procurement", c.slots["supplier"],
        {"$from": iid, "path": "[0].invoice-number"},
        {"$from": iid, "path": "[0].gross-total"},
        "Invoice dated after contract end", c.slots["me"], "Open"])


HR_MISMATCH = SituationGoals(hm.SITUATION, (
    _v2(hm.payroll_raise, (
        "{name} ({email}) got a raise that's in the HRIS, but payroll is still paying "
        "{first} the old rate. Can you get payroll up to date, effective from when the raise "
        "started?",
        "Quick one from payroll ops: {first}'s raise never made it into payroll. {name}, "
        "{email}. The HRIS has the new rate and its start date; payroll should match.",
        "{first} ({email}) says the last payslip still shows the old pay, although the "
        "raise went through in the HRIS. Please put the raise into payroll from its "
        "effective date.",
    )),
    _v2(hm.payroll_title, (
        "{name} ({email}) was promoted, but payroll still shows the old job title. Please "
        "bring payroll in line with the HRIS.",
        "Payroll has an out-of-date title for {first} ({email}); the HRIS is right. Can you "
        "fix it?",
        "From {first}'s manager: '{name}'s promotion shows in the HRIS but not on the "
        "payroll side, the title there is still the old one.' ({email})",
    )),
    # A transfer changed more than the department (title, pay, location, manager): the
    # instruction says what this ticket covers and why the rest waits.
    _v2(hm.payroll_transfer, (
        "{name} ({email}) moved to another department. The HRIS knows, payroll still "
        "files {first} under the old one, so cost reports are off. Please move {first} "
        "to the right department in payroll; the title and pay that came with the move go "
        "through next month's compensation review, so leave those.",
        "Cost reports put {name} ({email}) in the wrong department, because payroll "
        "still has {first}'s old one. Can you fix the department in payroll to match the "
        "HRIS? Only the department for now: the rest of the transfer is handled in the "
        "compensation review.",
    )),
    _v2(hm.payroll_termination, (
        "{name} ({email}) has left (see the HRIS), but payroll still has {first} on the "
        "books. Please close {first} out in payroll as of the leaving date; the final pay "
        "was already settled, so no termination payroll run.",
        "Payroll is still paying {first} ({email}), who left us; the HRIS has the date. "
        "Record {name}'s termination in payroll. The last paycheck was handled "
        "separately, so don't run one.",
        "HR closed {name}'s record ({email}) but payroll never heard. Terminate {first} "
        "in payroll effective on the HRIS leaving date, without a termination payroll "
        "(final pay is done).",
    )),
    # v1's `payroll-rate-fix` is not asked in v2: its mismatch is a raise HR entered with
    # a later effective date, so correcting payroll's current entry in place would backdate
    # the raise (a careful person adds the new entry, which is `payroll-raise-v2`).
    *hr_symptoms.GOALS,
), params={"count": 12}, apps=hm.TASKS.apps)

NEW_HIRE = SituationGoals(nh.SITUATION, (
    _v2(nh.hris_offer_salary, (
        "{name} ({email}) starts on Monday. The recruiter says the offer was revised "
        "before {first} accepted, and I think the HRIS still has the first offer's "
        "salary. Can you correct it from the accepted offer? In Greenhouse {first} is "
        "under {personal}.",
        "Recruiter here: {first}'s offer changed before acceptance, please make sure the "
        "HRIS pay for {name} ({email}) is the accepted figure, not the first one. "
        "(Greenhouse has {first} as {personal}.)",
        "{name}'s salary in the HRIS ({email}) looks like the original offer, not the "
        "one {first} signed. Please correct it to the accepted offer in Greenhouse "
        "(candidate {personal}).",
    )),
    _v2(nh.hris_add_starter, (
        "{name} starts on Monday and isn't in the HRIS yet. Please add {first} {last} "
        "from the accepted Greenhouse offer (the candidate's personal email is "
        "{personal}): start date, job title and pay as offered, work email {email}. "
        "People Ops fills in the rest on day one.",
        "We never created an HRIS record for our new starter {name}. Work email will be "
        "{email}; start date, title and pay are on the accepted offer in Greenhouse "
        "({personal}). Just those for now, People Ops completes the record on day one.",
    ), act=_add_starter),
    _v2(nh.payroll_add_starter, (
        "{name} ({email}) starts on Monday: the HRIS has {first}, payroll doesn't. Please "
        "set {first} up in payroll with a job titled and dated as in the HRIS. Pay and "
        "personal details come in later through onboarding.",
        "Payroll is missing our new starter {first} {last} ({email}). Can you add "
        "{first} with a job matching the HRIS title and hire date? {first} enters the "
        "rest during onboarding.",
    ), act=_add_to_payroll),
    _v2(nh.welcome_meeting, (
        "Could you book {first}'s welcome? 'Welcome, {name}', 09:30 to 10:00 New York time "
        "on {start_day}, {first}'s first day, with {name} ({email}) and {first}'s "
        "manager.",
        "{name} ({email}) starts on {start_day}. Put 'Welcome, {name}' in your calendar "
        "that morning, 09:30-10:00 New York time, for {first} and {first}'s manager.",
    ), _manager_not_actor),
    *new_hire_symptoms.GOALS,
), params={"count": 8}, apps=nh.TASKS.apps)

_APPROVER = (
    "The {supplier} invoice that is waiting for approval {why}. Until that's cleared up, "
    "make sure it can't be approved without you: add yourself to its approvals, after "
    "the current approver.",
    "Hold on the {supplier} invoice pending approval: it {why2}. Please put yourself on "
    "its approval chain (after whoever is on it now) so nothing gets paid before you've "
    "looked.",
)

SPEND = SituationGoals(sa.SITUATION, (
    _v2(sa.dispute_duplicate, (
        "AP thinks {supplier} billed us twice this quarter: the invoice still waiting for "
        "approval looks like a copy of one we already approved. Please dispute it in "
        "Coupa with the right reason.",
        "Ticket from AP: {supplier} has billed us twice. The pending invoice repeats one "
        "approved earlier this quarter. Please dispute it.",
    )),
    _v2(sa.dispute_over_po, (
        "The {supplier} invoice awaiting approval would take them past what's left on the "
        "purchase order. Please dispute it in Coupa with the right reason.",
        "AP flagged {supplier}: the pending invoice goes over its PO. Can you dispute it?",
    )),
    _v2(sa.log_outside_contract, (
        "We paid {supplier} on an invoice dated after their contract had ended. Please log "
        "it in the Finance exceptions log ({log_link}) like the other entries: dated "
        "today, Procurement, the supplier, the invoice's number and total, 'Invoice dated "
        "after contract end', you as owner, Open.",
        "Audit found a paid {supplier} invoice dated after the contract end. It needs an "
        "entry in the Finance exceptions log ({log_link}): today, Procurement, "
        "{supplier}, the invoice number and total, 'Invoice dated after contract end', "
        "owner you, status Open.",
    ), act=_log_outside_contract),
    _v2(sa.register_contract_end, (
        "The Vendor register ({register_link}) still shows {supplier}'s contract as "
        "running. Its contract end there should be the end date Coupa has.",
        "Our Vendor register ({register_link}) has the wrong contract end for "
        "{supplier}; Coupa's contract has the real one. Can you correct the register?",
    )),
    _v2(sa.cancel_over_limit, (
        "The {supplier} order on the Finance exceptions log ({log_link}) was approved "
        "above the approver's limit and must not go ahead. Cancel it and close the log "
        "entry as resolved today.",
        "Finance says the {supplier} purchase order in the exceptions log ({log_link}) "
        "was approved over the limit: it's not to proceed. Please cancel the order and "
        "mark the entry Resolved today.",
    )),
    _v2(sa.split_escalate, (
        "{requester} ({requester_email}) seems to have split a {supplier} purchase into "
        "three requisitions to stay under their manager's approval limit. Escalate it by "
        "mail to the person {requester_first}'s manager reports to, with the three PO "
        "numbers, under 'Split purchase: {supplier}'.",
        "Looks like a split purchase: three {supplier} requisitions from {requester} "
        "({requester_email}) within days, each just under the limit. Mail the next "
        "approver up, {requester_first}'s manager's manager, with the subject 'Split "
        "purchase: {supplier}' and the three PO numbers.",
    ), addons=("review-meeting-spend",)),  # its own mail has the subject it states: no
    # second mail whose subject line is the agent's (see v2_addons.WORDED)
    replace(_v2(sa.approver_duplicate, _APPROVER), phrasings=tuple(
        p.replace("{why}", "may be a copy of one we already approved")
         .replace("{why2}", "looks like a duplicate of an invoice we already approved")
        for p in _APPROVER)),
    replace(_v2(sa.approver_over_po, _APPROVER), phrasings=tuple(
        p.replace("{why}", "goes over what is left on its purchase order")
         .replace("{why2}", "would take the supplier over the PO") for p in _APPROVER)),
    *spend_review.GOALS,
), apps=sa.TASKS.apps)

TASKS = (HR_MISMATCH, NEW_HIRE, SPEND, hiring_pipeline.TASKS, inbox_calendar.TASKS,
         leave_requests.TASKS, payroll_requests.TASKS,
         purchase_approvals.TASKS)
