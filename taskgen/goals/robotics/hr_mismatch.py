"""Goal kinds of `hr-mismatch-v1`: payroll set right from the HRIS, the source of truth."""

from __future__ import annotations

from collections.abc import Iterator

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.robotics.common import HRIS, first_name, hris_field, person_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.hr_mismatch import payroll_lead

SITUATION = "hr-mismatch-v1"
ADDONS = ("notify-manager", "follow-up-meeting", "reply-to-report")


def _mismatches(kind: str):  # type: ignore[no-untyped-def]
    """One candidate per person of that mismatch kind; the actor is the payroll lead, to
    whom the situation mailed the reports."""
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        lead = payroll_lead(world)
        for a in inst.anchors:
            if a["kind"] != kind:
                continue
            person = world.person(a["person_id"])
            hidden = next(h for h in inst.hidden if h["person_id"] == person.id)
            yield Candidate(f"{kind}", person.name, lead,
                            {"name": person.name, "email": person.email,
                             "first": first_name(person), "kind": kind},
                            person_subject(person), facts=hidden)
    return candidates


@goal("payroll-raise-v1", SITUATION,
      "A raise recorded in the HRIS never reached payroll: add the compensation.",
      candidates=_mismatches("salary"), addons=ADDONS, phrasings=(
          "{name} ({email}) got a raise that the HRIS has and payroll does not. Add a "
          "compensation to {first}'s job in payroll at the rate of the newest compensation "
          "row in the HRIS, effective on that row's start date, keeping the payment unit "
          "and FLSA status of the current payroll compensation.",
          "Payroll is still paying {name} ({email}) the old rate. Bring payroll in line with "
          "the newest HRIS compensation row for {first}: a new compensation on the job with "
          "that rate and effective date; payment unit and FLSA status stay as payroll has "
          "them now.",
          "Can you fix {first}'s pay in payroll? {name} ({email}) has a newer compensation "
          "row in the HRIS than payroll knows about; add its rate and start date to the "
          "payroll job as a new compensation (same payment unit and FLSA status as today)."))
async def payroll_raise(w: Walker, c: Candidate, hints: Hints) -> None:
    emp = await w.need(c.subject, "EmployeeId")
    job = await w.need(c.subject, "PayrollJobId")
    current = await w.need(c.subject, "PayrollCompensationId")
    now = await w.run(Step(app="payroll", method="GET", path="/v1/compensations/{id}",
                           params={"id": current}))
    rows = await w.run(Step(app="hris", method="GET",
                            path=f"{HRIS}/employees/{{id}}/tables/compensation",
                            params={"domain": w.ambient.said["CompanyDomain"], "id": emp}))
    sid, cid = str(rows.step.id), str(now.step.id)
    await w.run(Step(app="payroll", method="POST", path="/v1/jobs/{job}/compensations",
                     params={"job": job},
                     body={"rate": {"$from": sid, "path": "[-1].rate.value"},
                           "payment_unit": {"$from": cid, "path": "payment_unit"},
                           "flsa_status": {"$from": cid, "path": "flsa_status"},
                           "effective_date": {"$from": sid, "path": "[-1].startDate"}}))
    hints.say["payroll.compensations"] = f"{c.slots['name']}'s new payroll compensation"


@goal("payroll-title-v1", SITUATION,
      "A promotion's new title is in the HRIS but not on the payroll job: update it.",
      candidates=_mismatches("title"), addons=ADDONS, phrasings=(
          "{name} ({email}) was promoted: the HRIS has the new job title, payroll still has "
          "the old one. Update the title of {first}'s job in payroll to the HRIS title.",
          "Payroll shows an out-of-date title for {name} ({email}). Set the payroll job's "
          "title to what the HRIS says {first}'s job title is.",
          "Please sync {first}'s job title into payroll: {name} ({email}) has a new title in "
          "the HRIS that payroll never got."))
async def payroll_title(w: Walker, c: Candidate, hints: Hints) -> None:
    title = await hris_field(w, c, "jobTitle")
    job = await w.need(c.subject, "PayrollJobId")
    version = await w.sibling(c.subject, "PayrollJobId", "version")
    await w.run(Step(app="payroll", method="PUT", path="/v1/jobs/{job}", params={"job": job},
                     body={"version": version, "title": title}))
    hints.say["payroll.jobs"] = f"{c.slots['name']}'s payroll job"


@goal("payroll-transfer-v1", SITUATION,
      "A transfer the HRIS knows and payroll does not: move the payroll department.",
      candidates=_mismatches("department"), addons=ADDONS, phrasings=(
          "{name} ({email}) moved to another department; the HRIS knows, payroll does not. "
          "Put {first} in the same department in payroll as in the HRIS.",
          "Payroll still files {name} ({email}) under the old department. Move {first} in "
          "payroll to the department the HRIS shows.",
          "{first} transferred. Please make payroll's department for {name} ({email}) match "
          "the HRIS."))
async def payroll_transfer(w: Walker, c: Candidate, hints: Hints) -> None:
    department = await hris_field(w, c, "department")
    company = await w.need(c.subject, "PayrollCompanyId")
    emp = await w.need(c.subject, "PayrollEmployeeId")
    depts = await w.run(Step(app="payroll", method="GET",
                             path="/v1/companies/{company}/departments",
                             params={"company": company}))
    did = str(depts.step.id)
    dept = {"dept": department}
    await w.run(Step(app="payroll", method="PUT", path="/v1/departments/{dept}/add",
                     params={"dept": {"$from": did, "path": "[?title=='{dept}'].uuid",
                                      "bind": dept}},
                     body={"version": {"$from": did, "path": "[?title=='{dept}'].version",
                                       "bind": dept},
                           "employees": [{"uuid": emp}]}))
    hints.say["payroll.employees"] = f"{c.slots['name']}'s payroll record"


@goal("payroll-termination-v1", SITUATION,
      "A leaver the HRIS knows and payroll still pays: record the termination.",
      candidates=_mismatches("status"), addons=ADDONS, phrasings=(
          "{name} ({email}) has left according to the HRIS, but payroll still pays {first}. "
          "Record the termination in payroll, effective on the HRIS termination date, "
          "without running a termination payroll.",
          "Payroll never heard that {name} ({email}) left. Terminate {first} in payroll on "
          "the date the HRIS gives; no termination payroll.",
          "Please close out {first} in payroll: {name} ({email}) is terminated in the HRIS. "
          "Use the HRIS termination date and don't run a final payroll."))
async def payroll_termination(w: Walker, c: Candidate, hints: Hints) -> None:
    # The directory lists active people only: a leaver is found through a custom report.
    report = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                              params={"domain": w.ambient.said["CompanyDomain"]},
                              query={"format": "JSON"},
                              body={"title": "Leavers",
                                    "fields": ["workEmail", "status", "terminationDate"]}))
    emp = await w.need(c.subject, "PayrollEmployeeId")
    date = {"$from": str(report.step.id),
            "path": f"employees[?workEmail=='{c.slots['email']}'].terminationDate"}
    await w.run(Step(app="payroll", method="POST", path="/v1/employees/{emp}/terminations",
                     params={"emp": emp},
                     body={"effective_date": date, "run_termination_payroll": False}))
    hints.say["payroll.terminations"] = f"{c.slots['name']}'s termination in payroll"


@goal("payroll-rate-fix-v1", SITUATION,
      "The raise belongs on the current payroll compensation: correct its rate in place.",
      candidates=_mismatches("salary"), addons=ADDONS, phrasings=(
          "{name} ({email}) is paid the old rate: payroll's current compensation for "
          "{first} should carry the rate of the newest HRIS compensation row. Correct the "
          "rate on that current compensation; do not add a new one.",
          "Please correct the rate on {first}'s current payroll compensation so that it "
          "matches the newest compensation row in the HRIS for {name} ({email}). Edit the "
          "existing compensation rather than adding one.",
      ))
async def payroll_rate_fix(w: Walker, c: Candidate, hints: Hints) -> None:
    emp = await w.need(c.subject, "EmployeeId")
    current = await w.need(c.subject, "PayrollCompensationId")
    now = await w.run(Step(app="payroll", method="GET", path="/v1/compensations/{id}",
                           params={"id": current}))
    rows = await w.run(Step(app="hris", method="GET",
                            path=f"{HRIS}/employees/{{id}}/tables/compensation",
                            params={"domain": w.ambient.said["CompanyDomain"], "id": emp}))
    await w.run(Step(app="payroll", method="PUT", path="/v1/compensations/{id}",
                     params={"id": current},
                     body={"version": {"$from": str(now.step.id), "path": "version"},
                           "rate": {"$from": str(rows.step.id), "path": "[-1].rate.value"}}))
    hints.say["payroll.compensations"] = f"{c.slots['name']}'s current payroll compensation"


# The corpus seeds more mismatches per world than the situation's default.
TASKS = SituationGoals(SITUATION, (payroll_raise, payroll_title, payroll_transfer,
                                   payroll_termination, payroll_rate_fix), params={"count": 8},
                       apps=("calendar", "hris", "mail", "payroll"))
