"""Goal kinds of `new-hire-cohort-v1`: next Monday's starters carried from the ATS (the
accepted offer) into the HRIS and payroll, by the onboarding lead."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, SituationGoals, goal
from arcadia.taskgen.goals.robotics.common import HRIS, first_name, person_subject
from arcadia.taskgen.walk import Walker
from arcadia.world import Person, SituationInstance, World

SITUATION = "new-hire-cohort-v1"
APT = 2  # add-ons per starter (rotating over the goal's), so starters widen differently


def _personal_email(world: World, candidate_id: int) -> str:
    cand = next(c for c in world.hiring.candidates if c.id == candidate_id)
    return next((e.value for e in cand.emails if e.type == "personal"), cand.emails[0].value)


def _day(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d:%A} {d.day} {d:%B} {d.year}"


def _lead(world: World, inst: SituationInstance) -> Person:
    a = next(a for a in inst.anchors if a["kind"] == "onboarding-lead")
    return world.person(a["person_id"])


def _starters(*stages: str, addons: tuple[str, ...] = ()
              ) -> Callable[[World, SituationInstance], Iterator[Candidate]]:
    """Candidates for the starters at `stages`; each gets two of `addons` (rotating by its
    place in the cohort, so that starters at one stage widen differently)."""
    def candidates(world: World, inst: SituationInstance) -> Iterator[Candidate]:
        lead = _lead(world, inst)
        starters = [a for a in inst.anchors if a["kind"] == "starter"]
        for n, a in enumerate(starters):
            fact = next(h for h in inst.hidden if h["person_id"] == a["person_id"])
            if fact["stage"] not in stages:
                continue
            person = world.person(a["person_id"])
            last = person.name.split(" ", 1)[1]
            turn = n + fact["candidate_id"]  # varies with the cohort and the world seed
            apt = tuple(addons[(turn + i) % len(addons)]
                        for i in range(min(APT, len(addons))))
            slots = {"name": person.name, "email": person.email, "first": first_name(person),
                     "last": last, "personal": _personal_email(world, fact["candidate_id"]),
                     "start": a["start_date"], "lead": lead.name,
                     "start_day": _day(a["start_date"])}
            yield Candidate("", person.name, lead, slots, person_subject(person),
                            facts={**fact, "apt": apt, "start_date": a["start_date"]})
    return candidates


async def ats_offer(w: Walker, c: Candidate) -> tuple[str, str, Any]:
    """The starter's candidate (by the personal email on the offer) and accepted offer in
    the ATS: the candidate step id, the offer's binding prefix step, and a binding to the
    application. Which reads find them varies (seeded), as different people would look."""
    cand = await w.run(Step(app="ats", method="GET", path="/v1/candidates",
                            query={"email": c.slots["personal"]}))
    cid = str(cand.step.id)
    c.facts["ats_candidate_step"] = cid
    app: dict[str, Any] = {"$from": cid, "path": "[0].applications[?status=='hired'].id"}
    if w.rng.random() < 0.5:
        got = await w.run(Step(app="ats", method="GET", path="/v1/candidates/{id}",
                               params={"id": {"$from": cid, "path": "[0].id"}}))
        app = {"$from": str(got.step.id), "path": "applications[?status=='hired'].id"}
    if w.rng.random() < 0.5:
        offer = await w.run(Step(app="ats", method="GET",
                                 path="/v1/applications/{id}/offers/current_offer",
                                 params={"id": app}))
        c.facts["offer_path"] = ""
    else:
        offer = await w.run(Step(app="ats", method="GET", path="/v1/applications/{id}/offers",
                                 params={"id": app}))
        c.facts["offer_path"] = "[?status=='accepted']."
    return cid, str(offer.step.id), app


async def title_ref(w: Walker, c: Candidate, offer: str, app: Any) -> None:
    """`c.facts["title_ref"]`: a binding to the offered job's title, read from the
    application or from the job (seeded: varied tool paths)."""
    if w.rng.random() < 0.5:
        got = await w.run(Step(app="ats", method="GET", path="/v1/applications/{id}",
                               params={"id": app}))
        c.facts["title_ref"] = {"$from": str(got.step.id), "path": "jobs[0].name"}
    else:
        got = await w.run(Step(app="ats", method="GET", path="/v1/jobs/{id}",
                               params={"id": _offer(c, offer, "job_id")}))
        c.facts["title_ref"] = {"$from": str(got.step.id), "path": "name"}


def _offer(c: Candidate, sid: str, path: str) -> dict[str, Any]:
    return {"$from": sid, "path": f"{c.facts['offer_path']}{path}"}


async def hris_fields(w: Walker, c: Candidate, fields: list[str]) -> dict[str, Any]:
    """Bindings to the starter's HRIS `fields`: from the employee record, or (seeded) from a
    custom report filtered by the work email."""
    if w.rng.random() < 0.5:
        emp = await w.need(c.subject, "EmployeeId")
        got = await w.run(Step(app="hris", method="GET", path=f"{HRIS}/employees/{{id}}",
                               params={"domain": w.ambient.said["CompanyDomain"], "id": emp},
                               query={"fields": ",".join(fields)}))
        return {f: {"$from": str(got.step.id), "path": f} for f in fields}
    report = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                              params={"domain": w.ambient.said["CompanyDomain"]},
                              query={"format": "JSON"},
                              body={"title": "Starters", "fields": ["workEmail", *fields]}))
    at = f"employees[?workEmail=='{c.slots['email']}']."
    return {f: {"$from": str(report.step.id), "path": at + f} for f in fields}


SALARY_ADDONS = ("archive-revised-offer", "forward-revised-offer", "ats-onboarding-note",
                 "cohort-tag", "reply-starters-mail", "tell-manager")
HRIS_ADDONS = ("tracker-row", "ats-onboarding-note", "cohort-tag", "reply-starters-mail")
PAYROLL_ADDONS = ("tracker-status", "ats-onboarding-note", "reply-starters-mail",
                  "cohort-tag", "flag-starters-mail", "reply-all-starters-mail", "tell-manager")
# A starter gets two neighbouring add-ons: the two replies to one mail are never neighbours
# (their messages would go to the same people). No tag here: the instruction states the
# start day, a number the tag's id could be.
WELCOME_ADDONS = ("reply-starters-mail", "ats-onboarding-note", "reply-all-starters-mail",
                  "flag-starters-mail")
SALARY = "keyed_custom_fields.salary.value.value"


@goal("hris-offer-salary-v1", SITUATION,
      "A starter's HRIS salary is the first offer's, not the accepted one's: correct it.",
      candidates=_starters("salary", addons=SALARY_ADDONS), addons=SALARY_ADDONS,
      phrasings=(
          "{name} ({email}) starts on Monday, but the HRIS still has the salary of the first "
          "offer. Set the rate on {first}'s current compensation row in the HRIS to the salary "
          "of the accepted offer in Greenhouse (the candidate's personal email there is "
          "{personal}).",
          "The recruiter says {first}'s offer was revised before it was accepted. Please fix "
          "the HRIS: the rate of the newest compensation row for {name} ({email}) should be "
          "the accepted offer's salary in the ATS ({first} applied as {personal}).",
          "Can you correct {name}'s pay in the HRIS? The newest compensation row for {email} "
          "has the first offer's rate; change its rate to the salary on the accepted offer "
          "in Greenhouse (candidate email {personal}). Change nothing else on the row."))
async def hris_offer_salary(w: Walker, c: Candidate, hints: Hints) -> None:
    _, offer, _ = await ats_offer(w, c)
    emp = await w.need(c.subject, "EmployeeId")
    domain = w.ambient.said["CompanyDomain"]
    rows = await w.run(Step(app="hris", method="GET",
                            path=f"{HRIS}/employees/{{id}}/tables/compensation",
                            params={"domain": domain, "id": emp}))
    await w.run(Step(app="hris", method="POST",
                     path=f"{HRIS}/employees/{{id}}/tables/{{table}}/{{rowId}}",
                     params={"domain": domain, "id": emp, "table": "compensation",
                             "rowId": {"$from": str(rows.step.id), "path": "[-1].id"}},
                     body={"rate": _offer(c, offer, SALARY)}))
    hints.say["hris.compensation_rows"] = f"{c.slots['name']}'s HRIS compensation row"


@goal("hris-add-starter-v1", SITUATION,
      "A starter with an accepted offer is not in the HRIS yet: add them from the offer.",
      candidates=_starters("hris-missing", addons=HRIS_ADDONS), addons=HRIS_ADDONS,
      phrasings=(
          "{name} starts on Monday and is not in the HRIS yet. Add {first} as a new employee: "
          "first name {first}, last name {last}, work email {email}, with the hire date, job "
          "title and pay rate of the accepted offer in Greenhouse (the candidate's personal "
          "email there is {personal}). Set nothing else.",
          "Please create the HRIS record for our new starter {name} ({email}). Take the hire "
          "date (the offer's start date), the job title (the job the offer is for) and the pay "
          "rate (the offer's salary) from the accepted offer in the ATS; {first} is the "
          "candidate with personal email {personal}. Only those fields plus the name and work "
          "email.",
          "We never added {name} to the HRIS. Could you create the employee? Name {first} "
          "{last}, work email {email}; hire date, job title and pay rate as on the accepted "
          "Greenhouse offer (look {first} up by {personal}). Nothing else on the record."))
async def hris_add_starter(w: Walker, c: Candidate, hints: Hints) -> None:
    _, offer, app = await ats_offer(w, c)
    await title_ref(w, c, offer, app)
    emp = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/employees/",
                           params={"domain": w.ambient.said["CompanyDomain"]},
                           body={"firstName": c.slots["first"], "lastName": c.slots["last"],
                                 "workEmail": c.slots["email"],
                                 "hireDate": _offer(c, offer, "starts_at"),
                                 "jobTitle": c.facts["title_ref"],
                                 "payRate": _offer(c, offer, SALARY)}))
    del emp
    hints.say["hris.employees"] = f"{c.slots['name']}'s new HRIS record"


@goal("payroll-add-starter-v1", SITUATION,
      "A starter the HRIS has and payroll does not: add them and their job to payroll.",
      candidates=_starters("payroll-missing", addons=PAYROLL_ADDONS), addons=PAYROLL_ADDONS,
      phrasings=(
          "{name} ({email}) starts on Monday; the HRIS has {first}, payroll does not. Add "
          "{first} to payroll as an employee (first name {first}, last name {last}, email "
          "{email}, nothing else) and give {first} a job with the HRIS job title and the HRIS "
          "hire date.",
          "Payroll is missing our new starter {name}. Please create the payroll employee "
          "({first} {last}, {email}) and a job for it whose title and hire date are the ones "
          "the HRIS holds for {first}. No other fields.",
          "Can you set {first} up in payroll? {name} ({email}) is in the HRIS already. Create "
          "the employee with just the name and email, then a job titled as in the HRIS, "
          "starting on the HRIS hire date."))
async def payroll_add_starter(w: Walker, c: Candidate, hints: Hints) -> None:
    hris = await hris_fields(w, c, ["jobTitle", "hireDate"])
    company = await w.need(w.ambient, "PayrollCompanyId")
    made = await w.run(Step(app="payroll", method="POST",
                            path="/v1/companies/{company_id}/employees",
                            params={"company_id": company},
                            body={"first_name": c.slots["first"],
                                  "last_name": c.slots["last"], "email": c.slots["email"]}))
    await w.run(Step(app="payroll", method="POST", path="/v1/employees/{employee_id}/jobs",
                     params={"employee_id": {"$from": str(made.step.id), "path": "uuid"}},
                     body={"title": hris["jobTitle"], "hire_date": hris["hireDate"]}))
    hints.say["payroll.employees"] = f"{c.slots['name']}'s payroll record"
    hints.say["payroll.jobs"] = f"{c.slots['name']}'s payroll job"


@goal("welcome-meeting-v1", SITUATION,
      "A welcome meeting on a starter's first day with the starter and their manager.",
      candidates=_starters("onboarded", "payroll-missing", "salary",
                           addons=WELCOME_ADDONS), addons=WELCOME_ADDONS,
      phrasings=(
          "Please put a welcome meeting in your calendar for {name} ({email}) on {first}'s "
          "first day, {start_day}, 09:30 to 10:00 New York time, titled 'Welcome, {name}', "
          "inviting {first} and {first}'s manager (the supervisor in the HRIS) and nobody "
          "else.",
          "Book 30 minutes titled 'Welcome, {name}' at 09:30 New York time on {start_day}, "
          "{first}'s start date, with {name} ({email}) and the manager the HRIS lists for "
          "{first} as the only attendees.",
          "{name} ({email}) starts on {start_day}. Set up 'Welcome, {name}' from 09:30 to "
          "10:00 (New York) that morning with {first} and {first}'s HRIS supervisor."))
async def welcome_meeting(w: Walker, c: Candidate, hints: Hints) -> None:
    boss = (await hris_fields(w, c, ["supervisorEmail"]))["supervisorEmail"]
    day = c.facts["start_date"]
    email = c.slots["email"]
    # The default calendar's events, by either of Graph's two paths to it.
    path = "/v1.0/me/events" if w.rng.random() < 0.5 else "/v1.0/me/calendar/events"
    await w.run(Step(app="calendar", method="POST", path=path, body={
        "subject": f"Welcome, {c.slots['name']}",
        "start": {"dateTime": f"{day}T09:30:00", "timeZone": "America/New_York"},
        "end": {"dateTime": f"{day}T10:00:00", "timeZone": "America/New_York"},
        "attendees": [{"emailAddress": {"address": email}, "type": "required"},
                      {"emailAddress": {"address": boss}, "type": "required"}]}))
    manager = str(w.read_value(boss))
    hints.ignore("calendar.events.body")
    hints.ignore("calendar.events.body_type")
    hints.members("calendar.events.attendees", [email, manager], where={"is_organizer": True})
    for who in (email, manager):
        invite = {"to_json": {"contains": who}}
        hints.ignore("mail.bodies.content", invite)
        hints.value("mail.bodies.content_type", {"in": ["text", "html"]}, invite)
    hints.say["calendar.events"] = "the welcome meeting (organiser's and attendees' copies)"
    hints.say.setdefault("mail.messages", "the invitations (as sent and as delivered)")


# The corpus seeds more starters per world than the situation's default.
TASKS = SituationGoals(SITUATION, (hris_offer_salary, hris_add_starter, payroll_add_starter,
                                   welcome_meeting), params={"count": 6},
                       apps=("ats", "calendar", "hris", "mail", "payroll", "sheets"))
