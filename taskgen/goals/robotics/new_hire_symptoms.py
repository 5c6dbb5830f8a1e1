"""Generator v2's cohort goal kinds of `new-hire-cohort-v1`: the agent is told the cohort,
not the people, and finds who still needs doing.

- `payroll-cohort-v2`: "everyone in Monday's cohort who is in the HRIS must be in payroll
  before the first run": the starters the HRIS has and payroll does not (v1's
  `payroll-missing` ones, and the one whose offer was revised), each added with a job
  titled and dated as in the HRIS. The cohort is the recruiter's "Starters for Monday"
  mail; of its starters, those already onboarded are in payroll (nothing to do), and those
  the HRIS does not have yet are not this ticket's (People Ops adds them first).
- `hris-cohort-pay-v2`: "check that the HRIS has each of Monday's starters on the pay of
  the offer they accepted": the starter whose offer was revised before acceptance (the
  HRIS has the first offer's salary) gets the accepted offer's; the others' pay is right.

The gold reads what the agent would (the recruiter's mail, the HRIS's report of the
starters) and knows each starter only through that report (name, work e-mail, title and
hire date), so no value reaches a request unread. A word back to the recruiter, in reply
to their mail, is allowed (`courtesy`), never asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.robotics import new_hire_cohort as nh
from arcadia.taskgen.goals.robotics.common import HRIS, first_name
from arcadia.taskgen.goals.robotics.courtesy import allow_reply, asker
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import SituationInstance, World

# Starters the HRIS has and payroll does not: the stages this ticket covers.
NOT_IN_PAYROLL = ("payroll-missing", "salary")
FIELDS = ("displayName", "firstName", "lastName", "workEmail", "jobTitle", "hireDate")


def _cohort(stages: tuple[str, ...], goal: str):  # type: ignore[no-untyped-def]
    """One candidate per cohort: its starters at `stages` are the members."""
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        yield from _members(world, inst, stages, goal)
    return candidates


def _members(world: World, inst: SituationInstance, stages: tuple[str, ...], goal: str
             ) -> Iterator[Candidate]:
    lead = nh._lead(world, inst)
    starts = {a["person_id"]: a["start_date"] for a in inst.anchors if a["kind"] == "starter"}
    hidden = {h["person_id"]: h for h in inst.hidden}
    members = [pid for pid in sorted(hidden) if hidden[pid]["stage"] in stages]
    names = [world.person(pid).name for pid in members]
    if not members or len(set(starts.values())) != 1 or any(
            sum(p.name == n for p in world.people) != 1 for n in names):
        return  # a starter is found in the HRIS by the name the recruiter's mail gives
    start = next(iter(starts.values()))
    subject = nh._day(start)
    people = {pid: {"name": world.person(pid).name, "first": first_name(world.person(pid)),
                    "last": world.person(pid).name.split(" ", 1)[1],
                    "email": world.person(pid).email} for pid in members}
    yield Candidate(goal, start, lead,
                    {"start_day": subject, "lead": lead.name},
                    Subject(f"cohort:{start}", "cohort"),
                    facts={"members": members, "people": people, "start_date": start,
                           "asked": asker(world, lead, "Starters for Monday")})


async def _add(w: Walker, c: Candidate, hints: Hints, report: str, p: dict[str, Any]) -> None:
    """One starter into payroll, every value from the HRIS report's row for them (found by
    the name the recruiter's mail gives)."""
    at = f"employees[?displayName=='{p['name']}']"

    def row(field: str) -> dict[str, Any]:
        return {"$from": report, "path": f"{at}.{field}"}

    company = await w.need(w.ambient, "PayrollCompanyId")
    made = await w.run(Step(app="payroll", method="POST",
                            path="/v1/companies/{company_id}/employees",
                            params={"company_id": company},
                            body={"first_name": row("firstName"), "last_name": row("lastName"),
                                  "email": row("workEmail"), "work_email": row("workEmail")}))
    await w.run(Step(app="payroll", method="POST", path="/v1/employees/{employee_id}/jobs",
                     params={"employee_id": {"$from": str(made.step.id), "path": "uuid"}},
                     body={"title": row("jobTitle"), "hire_date": row("hireDate")}))
    # As `payroll-add-starter-v2`: e-mail in `work_email` alone is as good; the onboarding
    # the starter or People Ops completes; the job's work location is the agent's to set.
    hints.value("payroll.employees.email", {"in": [p["email"], None]},
                {"work_email": p["email"]})


@goal("payroll-cohort-v2", nh.SITUATION,
      "Monday's cohort: whoever the HRIS has and payroll does not, add to payroll.",
      candidates=_cohort(NOT_IN_PAYROLL, "payroll-cohort"), phrasings=(
          "Monday's starters need to be in payroll before the first pay run. "
          "The recruiter's 'Starters for Monday' mail has the cohort. Anyone the HRIS "
          "already has but payroll doesn't, please add, with a job titled and dated as in "
          "the HRIS. Pay and personal details come in through onboarding; starters who "
          "aren't in the HRIS yet wait for People Ops.",
          "Can you make sure payroll has everyone from next week's cohort (the "
          "recruiter's 'Starters for Monday' email) who's already in the HRIS? Whoever is "
          "missing gets a payroll record with a job matching the HRIS title and hire date; "
          "they fill in the rest during onboarding. Anyone not yet in the HRIS is People "
          "Ops' to add first.",
      ))
async def payroll_cohort(w: Walker, c: Candidate, hints: Hints) -> None:
    _, report = await _read_cohort(w)
    for pid in c.facts["members"]:
        await _add(w, c, hints, report, c.facts["people"][pid])
    hints.value("payroll.employees.onboarding_status",
                {"in": ["admin_onboarding_incomplete", "self_onboarding_pending_invite"]})
    hints.ignore("payroll.jobs.location_uuid")
    hints.allow("payroll", "work_addresses", max_added=len(c.facts["members"]))
    allow_reply(hints, c.actor, c.facts["asked"])
    hints.say["payroll.employees"] = "a starter's payroll record"
    hints.say["payroll.jobs"] = "a starter's payroll job"


@goal("hris-cohort-pay-v2", nh.SITUATION,
      "Monday's cohort: whoever the HRIS pays the first offer, correct to the accepted one.",
      candidates=_cohort(("salary",), "hris-cohort-pay"), phrasings=(
          "Before Monday, can you check that the HRIS has each of next week's starters (the "
          "recruiter's 'Starters for Monday' mail) on the pay of the offer they actually "
          "accepted in Greenhouse? Offers sometimes change before acceptance; correct "
          "anyone whose HRIS pay is still the first offer's. Starters not in the HRIS yet "
          "are People Ops' to add.",
          "Payroll starts from the HRIS, so the pay there has to be the accepted offer's for "
          "everyone in Monday's cohort (see the recruiter's 'Starters for Monday' email). "
          "Please compare against Greenhouse and fix whoever doesn't match; anyone the HRIS "
          "doesn't have yet is being added by People Ops.",
      ))
async def hris_cohort_pay(w: Walker, c: Candidate, hints: Hints) -> None:
    mail, report = await _read_cohort(w)
    for pid in c.facts["members"]:
        p = dict(c.facts["people"][pid])
        # The recruiter's list gives each starter's personal e-mail beside their name: the
        # ATS candidate is looked up by it.
        p["personal"] = {"$from": mail, "path": "value[0].body.content",
                         "pattern": re.escape(p["name"]) + r" \(([^)\s]+)\)"}
        at = f"employees[?displayName=='{p['name']}']"
        sub = Subject(f"person:{pid}", "person",
                      bound={"Email": {"$from": report, "path": f"{at}.workEmail"}},
                      values={"Email": p["email"]})
        one = Candidate("salary", p["name"], c.actor, p, sub, facts={"person_id": pid})
        await nh.hris_offer_salary.act(w, one, hints)
        hints.say["hris.compensation"] = f"{p['name']}'s HRIS pay (compensation table)"
        hints.say["hris.employee"] = f"{p['name']}'s HRIS pay (employee record)"
    allow_reply(hints, c.actor, c.facts["asked"])


async def _read_cohort(w: Walker) -> tuple[str, str]:
    """The recruiter's mail (the cohort: names, personal e-mails, start day) and the HRIS's
    report of everyone (name, work e-mail, title, hire date): what the agent would read."""
    found = await w.run(Step(app="mail", method="GET", path="/v1.0/me/messages",
                             query={"$filter": "startswith(subject, 'Starters for Monday')"}))
    report = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                              params={"domain": w.ambient.said["CompanyDomain"]},
                              query={"format": "JSON"},
                              body={"title": "Starters", "fields": list(FIELDS)}))
    return str(found.step.id), str(report.step.id)


GOALS = (payroll_cohort, hris_cohort_pay)
