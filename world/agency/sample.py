"""`sample_agency(seed)`: one staffing agency drawn from the population parameters, and
`agency_world(spec)`: the `World` of the agency (`generate_world` dispatches to it).

Every draw comes from an explicit stream `random.Random(f"agency:{seed}:<stream>")` or a
Faker seeded the same way; dates derive from `now`, never the machine's clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any

from faker import Faker

from arcadia.world.agency.comms import agency_comms
from arcadia.world.agency.model import (
    Agency,
    Appointment,
    ClientContact,
    CorporateUser,
    JobSubmission,
    Note,
    Policy,
)
from arcadia.world.agency.people import (
    Emails,
    Pools,
    draw_candidates,
    draw_clients,
    draw_staff,
)
from arcadia.world.agency.pipeline import (
    Pipeline,
    draw_job_orders,
    run_pipeline,
    submission_status,
)
from arcadia.world.agency.population import (
    at_work,
    load_population,
    poisson,
    weekday,
    weighted,
)
from arcadia.world.agency.sheets import agency_sheets
from arcadia.world.agency.situations import apply_agency_situations
from arcadia.world.model import (
    BankAccount,
    CompRecord,
    Department,
    JobRecord,
    Location,
    Person,
    WorldSpec,
)
from arcadia.world.personal import draw_personal
from arcadia.world.world import World

NOW = WorldSpec().now


def _stream(seed: int, name: str) -> random.Random:
    return random.Random(f"agency:{seed}:{name}")


def sample_agency(seed: int, params: Mapping[str, Any] | None = None,
                  now: datetime = NOW) -> Agency:
    """The agency of `seed`: the same seed, parameters and `now` give the same agency."""
    params = load_population() if params is None else params
    window_start = now.date() - timedelta(weeks=params["window_weeks"])
    fake = Faker("en_US")
    fake.seed_instance(f"agency:{seed}:faker")
    pools, emails = Pools(fake), Emails()
    users = draw_staff(params, _stream(seed, "staff"), pools, emails, window_start)
    managers = [u for u in users if u.role == "account_manager"]
    recruiters = [u for u in users if u.role == "recruiter"]
    status_rng = _stream(seed, "status")
    clients, contacts = draw_clients(params, _stream(seed, "clients"), pools, emails,
                                     managers, window_start)
    candidates = draw_candidates(params, _stream(seed, "candidates"), pools, emails,
                                 recruiters, window_start, now)
    orders = draw_job_orders(params, _stream(seed, "jobs"), clients, contacts, recruiters,
                             window_start, now)
    pipe = run_pipeline(params, _stream(seed, "pipeline"), orders, candidates, clients, now)
    active = {o.corporation_id for o in orders}
    clients = [c if c.id in active else replace(c, status=weighted(  # type: ignore[arg-type]
        status_rng, params["clients"]["status"])) for c in clients]
    submissions = tuple(replace(c.submission, status=submission_status(c, now))
                        for c in pipe.courses)
    notes, appointments = _activity(params, _stream(seed, "activity"), pipe, submissions,
                                    contacts, users, window_start, now)
    markup, consent = params["markup"], params["consent"]
    return Agency(
        name=params["agency"]["name"], domain=params["agency"]["domain"],
        population_version=params["version"], seed=seed, window_start=window_start,
        policy=Policy(markup["minimum"], markup["target"], consent["valid_days"],
                      params["submission_limit"]),
        users=tuple(users), clients=tuple(clients), contacts=tuple(contacts),
        job_orders=tuple(pipe.job_orders), candidates=tuple(pipe.candidates),
        consents=tuple(pipe.consents), submissions=submissions,
        placements=tuple(pipe.placements), approvals=tuple(pipe.approvals),
        notes=tuple(notes),
        appointments=tuple(appointments))


def _activity(params: Mapping[str, Any], rng: random.Random, pipe: Pipeline,
              submissions: tuple[JobSubmission, ...], contacts: list[ClientContact],
              users: list[CorporateUser], window_start: date, now: datetime
              ) -> tuple[list[Note], list[Appointment]]:
    """Notes and appointments: screenings, the pipeline's steps, and client calls."""
    spec = params["activity"]
    orders = {o.id: o for o in pipe.job_orders}
    raw: list[tuple[datetime, str, str, str, int, int, int | None]] = []
    appts: list[tuple[datetime, str, str, int, int | None, int | None, int | None, str]] = []
    for cand in pipe.candidates:
        if cand.date_added.date() >= window_start and rng.random() < spec["screening_note_share"]:
            moment = cand.date_added + timedelta(hours=rng.randint(1, 48))
            if moment <= now:
                raw.append((moment, "Screening", f"Screened {cand.first_name}: {cand.seniority} "
                            f"{cand.job_family.replace('_', ' ')}; skills "
                            f"{', '.join(cand.skills)}.", "candidate", cand.id,
                            cand.owner_id, None))
    minutes = timedelta(minutes=spec["interview_minutes"])
    for course, sub in zip(pipe.courses, submissions, strict=True):
        order = orders[sub.job_order_id]
        raw.append((sub.date_added, "Submission", f"Submitted to {order.title} "
                    f"(job order {order.id}).", "candidate", sub.candidate_id,
                    sub.sending_user_id, order.id))
        if course.interview is not None and course.scheduled is not None \
                and course.scheduled <= now:
            appts.append((course.interview, f"Interview: {order.title}", "Interview",
                          order.owner_id, sub.candidate_id, order.contact_id, order.id,
                          "Client site"))
            if course.interview + minutes <= now:
                raw.append((course.interview + minutes, "Interview Feedback",
                            rng.choice(("Strong interview; client keen.", "Mixed feedback.",
                                        "Good technical fit; culture questions remain.")),
                            "candidate", sub.candidate_id, order.owner_id, order.id))
        if course.offer is not None and course.offer <= now:
            raw.append((course.offer, "Offer", f"Offer extended for {order.title}.",
                        "candidate", sub.candidate_id, order.owner_id, order.id))
    for placement in pipe.placements:
        order = orders[placement.job_order_id]
        raw.append((placement.date_added, "Placement", f"Placed on {order.title}, starting "
                    f"{placement.date_begin.isoformat()}.", "candidate",
                    placement.candidate_id, order.owner_id, order.id))
    weeks = params["window_weeks"]
    for contact in contacts:
        for week in range(weeks):
            for _ in range(poisson(rng, spec["client_calls_per_contact_week"])):
                day = weekday(window_start + timedelta(days=7 * week + rng.randrange(5)))
                moment = at_work(rng, day)
                if moment > now:
                    continue
                raw.append((moment, "Client Call", rng.choice((
                    "Checked in on open requirements.", "Discussed upcoming hiring plans.",
                    "Reviewed feedback on recent submittals.")), "contact", contact.id,
                    contact.owner_id, None))
                if rng.random() < spec["meeting_share"]:
                    begin = at_work(rng, weekday(day + timedelta(days=rng.randint(2, 9))))
                    appts.append((begin, f"Account review with {contact.first_name} "
                                  f"{contact.last_name}", "Client Meeting", contact.owner_id,
                                  None, contact.id, None, "Client office"))
    raw.sort(key=lambda r: (r[0], r[1], r[4]))
    appts.sort(key=lambda a: (a[0], a[3], a[4] or 0, a[5] or 0))
    notes = [Note(i, action, text, kind, person, author, job,  # type: ignore[arg-type]
                  moment) for i, (moment, action, text, kind, person, author, job)
             in enumerate(raw, start=1)]
    length = {"Interview": minutes, "Client Meeting": timedelta(minutes=30)}
    return notes, [Appointment(i, subject, kind, begin, begin + length[kind],  # type: ignore[arg-type]
                               owner, cand, contact, job, where)
                   for i, (begin, subject, kind, owner, cand, contact, job, where)
                   in enumerate(appts, start=1)]


def agency_world(spec: WorldSpec) -> World:
    """The agency's `World`: its staff as people (principals, tokens) and `world.agency`."""
    agency = sample_agency(spec.seed, now=spec.now)
    location = Location("LOC-AGY", agency.name, "Pittsburgh", "PA", "US", "America/New_York")
    department = Department("AGY", "Staffing", "CC-AGY", head_id=agency.users[0].id)
    people = [_person(user, department, location, agency.users[0].id)
              for user in agency.users]
    world = World(spec=spec, company_name=agency.name, domain=agency.domain,
                  locations=[location], departments=[department], cost_centres=[], bands=[],
                  people=people, benefits=[], enrolments=[], time_off=[])
    world.agency = agency
    # After every draw above, each on its own stream: the agency's truth stays as it was.
    draw_personal(people, spec.seed, spec.now.date())  # the staff's personal facts
    world.comms = agency_comms(world)  # mail and calendars, `agency:{seed}:comms`
    world.sheets = agency_sheets(world)  # rate cards and reports: no draw
    apply_agency_situations(world)  # last: a situation changes what was drawn
    return world


def _person(user: CorporateUser, department: Department, location: Location,
            head: int) -> Person:
    is_head = user.id == head
    title = "Managing Director" if is_head else (
        "Account Manager" if user.role == "account_manager" else "Recruiter")
    level, manager = ("M1", None) if is_head else ("IC3", head)
    roles = ("employee", user.role, *(("manager",) if is_head else ()))
    hired = user.date_added.date()
    rate = 95_000.0 if user.role == "account_manager" else 72_000.0
    return Person(
        id=user.id, employee_number=f"AGY{user.id:04d}", first_name=user.first_name,
        last_name=user.last_name, email=user.email, work_phone=user.phone,
        birth_date=date(1975 + user.id % 20, 1 + user.id % 12, 1 + user.id % 28),
        home_street=f"{100 + user.id} Liberty Ave", home_city="Pittsburgh", home_state="PA",
        home_zip="15222", hire_date=hired, status="active", termination_date=None,
        department_id=department.id, team="Staffing", title=title, level=level,
        manager_id=manager, location_id=location.id,
        cost_centre_id=department.cost_centre_id, pay_type="salary", rate=rate,
        flsa="Exempt", roles=roles,
        bank=BankAccount("043000096", f"{7000000 + user.id}", "Checking"),
        job_history=[JobRecord(hired, title, level, department.id, "Staffing", location.id,
                               manager)],
        comp_history=[CompRecord(hired, "salary", rate, "Hire")])
