"""Generator v2's symptom goal kinds of `hr-mismatch-v1`: the agent is told the symptom,
not the people, and finds who needs fixing.

- `payroll-dept-titles-v2`: "some of {department}'s titles in payroll are out of date":
  every promotion in that department the HRIS has and payroll does not, and only those
  (a transfer into or out of it would make another title look wrong: such a department is
  not asked about).
- `payroll-dept-audit-v2`: "payroll and the HRIS disagree for some of {department}: fix
  payroll": every mismatch of that department's people (a promotion, a raise, a leaver),
  of at least two kinds, for the agent to find by comparing the two systems; the standing
  rules say what each kind of change means in payroll, not who has which.
- `payroll-sync-ticket-v2`: People Operations' ticket in the payroll lead's inbox lists the
  promotions, transfers and leavers to carry into payroll; the agent reads it and makes
  each change as the instruction's standing rules say.

The gold reads what the agent would (the HRIS's report of the department, the ticket) and
makes each person's change with v1's walk of that change; a person is known to the walk
only through what it read (`Subject.bound`), so no value reaches a request unread.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.robotics import hr_mismatch as hm
from arcadia.taskgen.goals.robotics.common import HRIS, first_name
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.hr_mismatch import payroll_lead

ACTS = {"title": hm.payroll_title.act, "department": hm.payroll_transfer.act,
        "status": hm.payroll_termination.act, "salary": hm.payroll_raise.act}
TICKET = "Changes to sync to payroll"


def _hidden(inst: SituationInstance) -> list[dict[str, Any]]:
    return sorted(inst.hidden, key=lambda h: h["person_id"])


def _departments_moved(inst: SituationInstance) -> set[str]:
    """Departments a transfer left or joined (either side of its department change)."""
    out: set[str] = set()
    for h in inst.hidden:
        for f in h["fields"]:
            if f["field"] == "department_id":
                out |= {f["hris"], f["payroll"]}
    return out


def _by_department(world: World, inst: SituationInstance, kinds: tuple[str, ...]
                   ) -> Iterator[tuple[str, str, list[tuple[int, str]]]]:
    """(department id, name, its people's mismatches of `kinds`) for each department no
    transfer left or joined (a transfer would make another of its records look wrong)."""
    moved = _departments_moved(inst)
    by_dept: dict[str, list[tuple[int, str]]] = {}
    for h in _hidden(inst):
        if h["kind"] in kinds:
            by_dept.setdefault(world.person(h["person_id"]).department_id, []).append(
                (h["person_id"], h["kind"]))
    for dept_id, members in sorted(by_dept.items()):
        if dept_id not in moved:
            yield dept_id, world.department(dept_id).name, members


def _dept_titles(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    lead = payroll_lead(world)
    for dept_id, name, members in _by_department(world, inst, ("title",)):
        yield Candidate("dept-titles", name, lead, {"department": name},
                        Subject(f"department:{dept_id}", "department"),
                        facts={"members": members})


def _dept_audit(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    lead = payroll_lead(world)
    for dept_id, name, members in _by_department(world, inst, ("title", "salary", "status")):
        if len({kind for _, kind in members}) < 2:
            continue  # one kind of change is the titles' goal (or a single person's)
        yield Candidate("dept-audit", name, lead, {"department": name},
                        Subject(f"department:{dept_id}", "department"),
                        facts={"members": members})


def _ticket(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    lead = payroll_lead(world)
    mails = [m for m in world.comms.mail if TICKET in m.subject
             and any(t.address == lead.email for t in m.to)]
    if len(mails) != 1:
        return
    listed = [(h["person_id"], h["kind"]) for h in _hidden(inst)
              if h["kind"] in ACTS and world.person(h["person_id"]).employee_number
              in mails[0].body]
    if listed:
        yield Candidate("sync-ticket", mails[0].subject, lead, {"ticket": mails[0].subject},
                        Subject(f"mail:{mails[0].subject}", "message"),
                        facts={"members": listed, "ticket_subject": mails[0].subject})


async def _fix_each(w: Walker, c: Candidate, hints: Hints, report: str) -> None:
    """v1's change for each member, the member known through the HRIS report `report`
    (work e-mails by employee number). A table that more than one member's change writes
    is described by all their names: its checks are per record, the words per table."""
    world_people = c.facts["people"]
    whose: dict[str, list[str]] = {}
    for pid, kind in c.facts["members"]:
        p = world_people[pid]
        at = f"employees[?employeeNumber=='{p['number']}']"
        sub = Subject(f"person:{pid}", "person",
                      bound={"Email": {"$from": report, "path": f"{at}.workEmail"}},
                      values={"Email": p["email"]})
        slots = {"name": p["name"], "email": p["email"], "first": p["first"], "kind": kind}
        one = Candidate(kind, p["name"], c.actor, slots, sub,
                        facts={"person_id": pid, "kind": kind})
        before = dict(hints.say)
        await ACTS[kind](w, one, hints)
        for key in hints.say:
            if hints.say[key] != before.get(key):
                whose.setdefault(key, []).append(p["name"])
                hints.say[key] = hints.say[key].replace(p["name"], "{who}")
    for key, names in whose.items():
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        hints.say[key] = hints.say[key].replace("{who}", who)


async def _report(w: Walker, title: str) -> str:
    step = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                            params={"domain": w.ambient.said["CompanyDomain"]},
                            query={"format": "JSON"},
                            body={"title": title, "fields": [
                                "employeeNumber", "workEmail", "department", "jobTitle",
                                "status"]}))
    return str(step.step.id)


def _people(world: World, c: Candidate) -> None:
    c.facts["people"] = {pid: {"name": world.person(pid).name, "email": world.person(pid).email,
                               "first": first_name(world.person(pid)),
                               "number": world.person(pid).employee_number}
                         for pid, _ in c.facts["members"]}


def _with_people(candidates):  # type: ignore[no-untyped-def]
    def run(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        for c in candidates(world, inst):
            _people(world, c)
            yield c
    return run


@goal("payroll-dept-titles-v2", hm.SITUATION,
      "Some of a department's payroll titles lag its promotions: find and fix them.",
      candidates=_with_people(_dept_titles), phrasings=(
          "Managers in {department} tell me at least one of their people has an "
          "out-of-date job title in payroll: a promotion the HRIS has that payroll never "
          "got. Can you find whose and bring payroll's titles in line?",
          "One or more of {department}'s payroll job titles are stale: the HRIS has the "
          "promotions, payroll still has the old titles. Please find who and fix payroll.",
          "From the {department} lead: 'someone on my team, maybe more than one, still has "
          "their pre-promotion title on the payroll register.' The HRIS is right; please "
          "sort payroll out for {department}.",
      ))
async def dept_titles(w: Walker, c: Candidate, hints: Hints) -> None:
    await _fix_each(w, c, hints, await _report(w, f"{c.slots['department']} titles"))


@goal("payroll-dept-audit-v2", hm.SITUATION,
      "Payroll and the HRIS disagree for some of a department: find who, fix payroll.",
      candidates=_with_people(_dept_audit), phrasings=(
          "Payroll and the HRIS disagree for some of {department}, and the HRIS is right. "
          "Can you find who and fix payroll before the next run? A promotion means the "
          "new title; a raise goes in as a new pay rate from the date it took effect, on "
          "the same terms as the current one; someone who has left is terminated as of "
          "their last day, without a termination payroll (final pay is settled "
          "separately).",
          "A manager in {department} says the payroll register doesn't match the HRIS for a "
          "few of their people (current staff and anyone who left). Please go through "
          "{department}, find the differences and bring payroll in line: new titles for "
          "promotions, raises from their effective date (same pay basis and FLSA status "
          "as now), and leavers terminated on their last day with no termination payroll.",
      ))
async def dept_audit(w: Walker, c: Candidate, hints: Hints) -> None:
    await _fix_each(w, c, hints, await _report(w, f"{c.slots['department']} audit"))


@goal("payroll-sync-ticket-v2", hm.SITUATION,
      "People Operations' ticket of HRIS changes: carry each into payroll.",
      candidates=_with_people(_ticket), phrasings=(
          "People Ops sent you a ticket, '{ticket}', with HRIS changes that still have to "
          "reach payroll before the next run. Please work through it: promotions get their "
          "new title and transfers their new department (pay and title changes from a "
          "transfer wait for the compensation review); leavers are terminated on their "
          "last day, with no termination payroll, as final pay is settled separately.",
          "Could you clear HR's '{ticket}' ticket in your inbox? Each change on it is in "
          "the HRIS and not yet in payroll. A promotion means the new title, a transfer "
          "means the new department only (the rest of a transfer goes through the "
          "compensation review), and a leaver is terminated as of their last day without "
          "a termination payroll.",
      ))
async def sync_ticket(w: Walker, c: Candidate, hints: Hints) -> None:
    found = await w.run(Step(app="mail", method="GET", path="/v1.0/me/messages",
                             query={"$filter": f"subject eq '{c.facts['ticket_subject']}'"}))
    del found  # the ticket: who, by employee number, and which change
    await _fix_each(w, c, hints, await _report(w, "Payroll sync"))


GOALS = (dept_titles, dept_audit, sync_ticket)
