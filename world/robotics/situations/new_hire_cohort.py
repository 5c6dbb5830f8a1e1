"""`new-hire-cohort-v1`: next Monday's starters, part-way through onboarding.

Each starter is an accepted offer in the ATS (a hired application on an open requisition,
the opening now filled) to start on the Monday after the world's `now`, and a `Person` of
the truth with that hire date, the job's title, level, department, office and hiring
manager, and the accepted offer's pay. Where they are in onboarding is what the apps hold:

- `hris-missing`: the HRIS has no record yet, and so neither has payroll;
- `payroll-missing`: the HRIS has them (the truth), payroll does not;
- `salary`: exactly one starter, whose offer was revised before it was accepted: the HRIS
  holds the first offer's rate, and payroll does not have them yet;
- `onboarded`: the HRIS and payroll both hold them.

The ATS does not hold starters as users (they are candidates until they start).

One person of People Operations leads onboarding: they hold `hr` and, as the company's
onboarding lead, are also a payroll administrator (the `payroll` role), so one person can
carry a starter from the ATS through the HRIS into payroll.

Anchors are what the person asking knows: the cohort's names, jobs and start date, and who
leads onboarding. Hidden facts are who is missing where, and the salary disagreement.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.hiring import Job
from arcadia.world.model import (
    BankAccount,
    CompRecord,
    Holding,
    JobRecord,
    Person,
    Personal,
    SituationInstance,
)
from arcadia.world.robotics.catalog import DEPARTMENTS
from arcadia.world.robotics.hiring.funnel import Funnel
from arcadia.world.robotics.situations.traces import Traces
from arcadia.world.situations import Situation, holding_of

if TYPE_CHECKING:
    from arcadia.world.world import World

SITUATION_ID = "new-hire-cohort-v1"
Stage = Literal["hris-missing", "payroll-missing", "salary", "onboarded"]
# The first three stages are always present; further starters cycle through these.
_MORE: tuple[Stage, ...] = ("onboarded", "payroll-missing", "hris-missing")
_AREA_CODES = {"LOC-PIT": ("412", "724"), "LOC-COL": ("614", "380"),
               "LOC-AUS": ("512", "737"), "LOC-RNO": ("775",)}


class NewHireCohortParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    count: int = Field(5, ge=3, le=20, description="How many people start next Monday.")


def start_monday(now: datetime) -> date:
    """The Monday of the week after `now`."""
    today = now.date()
    return today + timedelta(days=7 - today.weekday())


def stages_for(count: int, rng: random.Random) -> list[Stage]:
    stages: list[Stage] = ["hris-missing", "payroll-missing", "salary"]
    stages += [_MORE[i % len(_MORE)] for i in range(count - 3)]
    rng.shuffle(stages)
    return stages


def new_hire_cohort(world: World, params: NewHireCohortParams, rng: random.Random
                    ) -> SituationInstance:
    gen = Funnel(world, label=f"{SITUATION_ID}:{len(world.situations)}:people")
    start = start_monday(world.now)
    slots = [(job, i) for job in world.hiring.jobs if job.status == "open"
             for i, o in enumerate(job.openings) if o.status == "open"]
    if len(slots) < params.count:
        raise ValueError(f"{SITUATION_ID} needs {params.count} open openings; the world has "
                         f"{len(slots)}")
    chosen = sorted(rng.sample(range(len(slots)), params.count))
    stages = stages_for(params.count, rng)
    jobs: dict[int, Job] = {}
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    holdings: list[Holding] = []
    cohort: list[tuple[Person, Stage, int, Job]] = []
    emails = {p.email for p in world.people}
    ssns = {p.personal.ssn for p in world.people if p.personal is not None}
    for pick, stage in zip(chosen, stages, strict=True):
        job, index = slots[pick]
        job = jobs.get(job.id, job)
        rate = _offer_rate(job, rng)
        person = _starter(world, gen, job, start, rate, rng, emails, ssns)
        world.people.append(person)
        accepted = datetime.combine(world.now.date() - timedelta(days=rng.randint(9, 20)),
                                    time(15, 0))
        held_rate = _first_offer(rate, job.pay_type) if stage == "salary" else None
        app_id = gen.hire(job, job.openings[index].opened_at, person, accepted,
                          revised_from=held_rate)
        openings = list(job.openings)
        openings[index] = replace(openings[index], status="closed", closed_at=accepted,
                                  application_id=app_id)
        still_open = any(o.status == "open" for o in openings)
        jobs[job.id] = replace(job, openings=tuple(openings),
                               status="open" if still_open else "closed",
                               closed_at=None if still_open else accepted)
        candidate = gen.candidates[-1]
        cohort.append((person, stage, app_id, job))
        snapshot = holding_of(world, "hris", person)
        holdings.append(replace(snapshot, app="ats", present=False))
        if stage == "hris-missing":
            holdings.append(replace(snapshot, present=False))
        if stage == "salary":
            assert held_rate is not None
            holdings.append(replace(snapshot, comp_history=(
                CompRecord(start, person.pay_type, held_rate, "Hire"),)))
        if stage != "onboarded":
            holdings.append(replace(snapshot, app="payroll", present=False))
        anchors.append({"kind": "starter", "person_id": person.id, "name": person.name,
                        "title": person.title, "start_date": start.isoformat()})
        fact: dict[str, Any] = {
            "person_id": person.id, "stage": stage, "candidate_id": candidate.id,
            "application_id": app_id, "job_id": job.id, "in_hris": stage != "hris-missing",
            "in_payroll": stage == "onboarded", "offer_rate": rate}
        if stage == "salary":
            fact["hris_rate"] = held_rate
        hidden.append(fact)
    world.hiring = gen.extended(list(jobs.values()))
    lead = _onboarding_lead(world, rng)
    anchors.append({"kind": "onboarding-lead", "person_id": lead.id, "name": lead.name,
                    "email": lead.email})
    _cohort_traces(Traces(world, SITUATION_ID, rng), cohort, lead, start)
    return SituationInstance(SITUATION_ID, params.model_dump(), anchors, hidden, holdings)



NEW_HIRE_COHORT = Situation(
    SITUATION_ID,
    "Accepted offers starting next Monday, part-way through onboarding: some starters are "
    "not in the HRIS yet, payroll is not set up for some, and one starter's HRIS salary is "
    "not the one on their accepted offer.",
    NewHireCohortParams, new_hire_cohort)


def _onboarding_lead(world: World, rng: random.Random) -> Person:
    """An HR generalist of People Operations (else anyone in HR but its head), made a
    payroll administrator too."""
    active = [p for p in world.people if p.status == "active" and "hr" in p.roles
              and p.level != "E1"]
    ops = [p for p in active if p.team == "People Operations" and p.level.startswith("IC")
           and p.level != "IC1"]
    pool = ops or active
    if not pool:
        raise ValueError(f"{SITUATION_ID} needs someone in HR to lead onboarding")
    lead = rng.choice(pool)
    if "payroll" not in lead.roles:
        lead.roles = (*lead.roles, "payroll")
    return lead


def _offer_rate(job: Job, rng: random.Random) -> float:
    value = job.pay_min + (job.pay_max - job.pay_min) * rng.uniform(0.35, 0.65)
    return round(value * 4) / 4 if job.pay_type == "hourly" else float(round(value / 500) * 500)


def _first_offer(rate: float, pay_type: str) -> float:
    """The offer before its revision: about 4% lower (a step of 500, or of $0.25 an hour)."""
    if pay_type == "hourly":
        return round(rate / 1.04 * 4) / 4
    return float(round(rate / 1.04 / 500) * 500)


def _starter(world: World, gen: Funnel, job: Job, start: date, rate: float,
             rng: random.Random, emails: set[str], ssns: set[str]) -> Person:
    """A new person for `job`, starting on `start` at `rate`."""
    shape = next(d for d in DEPARTMENTS if d.id == job.department_id)
    manager_id = job.team.hiring_managers[0] if job.team.hiring_managers else \
        world.department(job.department_id).head_id
    manager = world.person(manager_id) if manager_id is not None else None
    if manager is None or manager.level == "E1":  # a head sits in no operational team
        team = shape.teams[0]
    else:
        team = manager.team
    while True:
        first = rng.choices(gen.first_names, cum_weights=gen.first_weights)[0]
        last = rng.choices(gen.last_names, cum_weights=gen.last_weights)[0]
        email = re.sub(r"[^a-z.]", "", f"{first}.{last}".lower()) + f"@{world.domain}"
        if email not in emails:
            emails.add(email)
            break
    street, city, state, zip_code = rng.choice(gen.homes)
    numbers = [int(p.employee_number[2:]) for p in world.people]
    birth = start - timedelta(days=365 * rng.randint(22, 45) + rng.randint(0, 364))
    areas = _AREA_CODES.get(job.location_id, ("412",))
    ssn = _ssn(rng)
    while ssn in ssns:
        ssn = _ssn(rng)
    ssns.add(ssn)
    gender = rng.choice(("Female", "Male")) if rng.random() > 0.01 else "Non-binary"
    roles = ("employee", *shape.roles,
             *(role for t, role in shape.team_roles if t == team))
    job_row = JobRecord(start, job.name, job.level, job.department_id, team, job.location_id,
                        manager_id)
    return Person(
        id=max(p.id for p in world.people) + 1,
        employee_number=f"AR{max(numbers) + 1:04d}",
        first_name=first, last_name=last, email=email,
        work_phone=f"412-555-{rng.randint(0, 9999):04d}", birth_date=birth,
        home_street=street, home_city=city, home_state=state, home_zip=zip_code,
        hire_date=start, status="active", termination_date=None,
        department_id=job.department_id, team=team, title=job.name, level=job.level,
        manager_id=manager_id, location_id=job.location_id,
        cost_centre_id=world.department(job.department_id).cost_centre_id,
        pay_type=job.pay_type, rate=rate,
        flsa="Nonexempt" if job.pay_type == "hourly" else "Exempt", roles=roles,
        bank=BankAccount(routing_number=gen.fake.aba(),
                         account_number="".join(str(rng.randint(0, 9))
                                                for _ in range(rng.randint(9, 12))),
                         account_type="Checking" if rng.random() < 0.85 else "Savings"),
        job_history=[job_row], comp_history=[CompRecord(start, job.pay_type, rate, "Hire")],
        personal=Personal(
            middle_name=None if rng.random() < 0.4 else
            rng.choices(gen.first_names, cum_weights=gen.first_weights)[0],
            gender=gender, marital_status=rng.choice(("Single", "Single", "Married")),
            mobile_phone=f"{rng.choice(areas)}-{rng.randint(201, 989)}-"
                         f"{rng.randint(0, 9999):04d}",
            home_phone=None,
            home_email=f"{first.lower()}{rng.randint(1, 99)}@"
                       f"{rng.choice(('gmail.com', 'outlook.com', 'yahoo.com'))}",
            work_phone_extension=None, ssn=ssn))


def _ssn(rng: random.Random) -> str:
    area = rng.randint(1, 898)
    area = area + 1 if area >= 666 else area
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


# --- traces ---------------------------------------------------------------------------


def _cohort_traces(tr: Traces, cohort: list[tuple[Person, Stage, int, Job]], lead: Person,
                   start: date) -> None:
    """What the cohort leaves in mail, calendar and sheets.

    - The recruiter's mail to the onboarding lead listing the starters with their true
      start date, title, office, hiring manager and personal email; an earlier such mail
      about the previous starters (people already on the org chart) sits before it.
    - For the starter whose offer was revised, the recruiter's note that the accepted
      (revised) offer in the ATS is the one to use.
    - The onboarding tracker has a row for every starter but those the HRIS does not
      have yet (`hris-missing`): the rows someone would add once the HRIS has them.
    - Each starter's interview loop (their application's interviews) on the calendars of
      the coordinator who organised it and the interviewers.
    """
    world, rng = tr.world, tr.rng
    people = {p.id: p for p in world.people}
    hiring = world.hiring
    apps = {a.id: a for a in hiring.applications}
    cands = {c.id: c for c in hiring.candidates}

    def personal(app_id: int) -> str:
        cand = cands[apps[app_id].candidate_id]
        return next((e.value for e in cand.emails if e.type == "personal"),
                    cand.emails[0].value if cand.emails else "")

    def manager(p: Person) -> Person | None:
        return people.get(p.manager_id or 0)

    recruiters = [people[r] for _, _, _, job in cohort for r in job.team.recruiters
                  if r in people and people[r].status == "active"]
    sender = recruiters[0] if recruiters else lead
    boss = manager(sender)
    lines = []
    for p, _, app_id, job in sorted(cohort, key=lambda c: c[0].last_name):
        m = manager(p)
        lines.append(f"- {p.name} ({personal(app_id)}): {job.name}, "
                     f"{world.department(p.department_id).name}, "
                     f"{world.location(p.location_id).name}; hiring manager "
                     f"{m.name if m else 'n/a'}; starts {start:%A} {start.isoformat()}")
    # The previous cohort, already on the org chart: a mail with the same shape before it.
    earlier = sorted((p for p in world.people if p.status == "active"
                      and world.now.date() - timedelta(days=60) <= p.hire_date
                      < world.now.date()), key=lambda p: (p.hire_date, p.id))[-3:]
    if earlier:
        first_day = earlier[0].hire_date
        tr.mail(sender, [lead], f"Starters: {first_day:%B} {first_day.day}",
                f"Hi {lead.first_name},\n\nHere are the recent starters so you can get "
                f"onboarding going:\n\n"
                + "\n".join(f"- {p.name}: {p.title}, starts {p.hire_date.isoformat()}"
                             for p in earlier)
                + f"\n\nThanks!\n{sender.first_name}",
                tr.sent_at(first_day - timedelta(days=12), first_day - timedelta(days=5)),
                read=True)
    tr.mail(sender, [lead], f"Starters for Monday {start:%B} {start.day}",
            f"Hi {lead.first_name},\n\nAll offers for next week's cohort are signed. "
            f"Everyone below starts on Monday, {start:%B} {start.day} ({start.isoformat()}):"
            f"\n\n" + "\n".join(lines) + "\n\nThe accepted offers are in Greenhouse. Let "
            f"me know if anything is missing for day one.\n\n"
            f"Thanks,\n{sender.first_name}",
            tr.sent_at(world.now.date() - timedelta(days=6)),
            cc=[boss] if boss is not None and boss != lead else ())
    for p, stage, _, job in cohort:
        if stage != "salary":
            continue
        tr.mail(sender, [lead], f"Revised offer: {p.name}",
                f"Hi {lead.first_name},\n\n{p.first_name}'s offer for {job.name} was "
                f"revised before {p.first_name} accepted it. Please make sure the HRIS "
                f"has the salary of the accepted (revised) offer in Greenhouse, not the "
                f"first one.\n\nThanks,\n{sender.first_name}",
                tr.sent_at(world.now.date() - timedelta(days=5)), importance="high")
    sheet = tr.ensure_sheet("onboarding_tracker", "Onboarding tracker", lead.id,
                            ("hr",), ("Name", "Work email", "Title", "Department",
                                      "Location", "Manager", "Start date", "Status"))
    tr.append_rows(sheet, [
        {"name": p.name, "email": p.email, "title": p.title,
         "department": world.department(p.department_id).name,
         "location": world.location(p.location_id).name,
         "manager": (manager(p).name if manager(p) else None),  # type: ignore[union-attr]
         "start_date": start.isoformat(), "laptop": "Shipped", "accounts": True,
         "payroll": stage == "onboarded", "benefits": False,
         "status": "Ready" if stage == "onboarded" else "In progress"}
        for p, stage, _, _ in cohort if stage != "hris-missing"])
    for _, _, app_id, job in cohort:
        cand = cands[apps[app_id].candidate_id]
        for iv in hiring.interviews:
            if iv.application_id != app_id:
                continue
            who = [people[i] for i in iv.interviewers if i in people]
            org = people.get(iv.organizer_id)
            if org is None or not who:
                continue
            online = iv.location == "Video call"
            tr.meeting(f"Interview: {cand.name} ({job.name}) - {iv.interview}",
                       f"{iv.interview} with {cand.name} for {job.name} "
                       f"({job.requisition_id}). Scorecard in Greenhouse.",
                       iv.start, iv.end, org, who, kind="interview",
                       location="" if online else iv.location, is_online=online)
    del rng
