"""Hiring truth: what a Greenhouse-shaped applicant tracking system (the ATS) holds.

`World.hiring` is one frozen `Hiring`:

- `sources` (where candidates come from, each with a Greenhouse source type) and
  `rejection_reasons` (each "We rejected them", "They rejected us" or "None specified");
- `jobs`: requisitions with a requisition id, title, department, office (a world
  location), level, status `open`/`closed`/`draft`, opened/closed dates, the interview
  plan (`stages`, in order, each with its interviews), the hiring team (hiring managers,
  recruiters, coordinators and interviewers, all person ids of the org chart; recruiters
  and coordinators from People -> Talent Acquisition), the pay range of the level's band,
  and its `openings` (each open or closed; a closed one names the hired application);
- `candidates`: names, personal emails, phones, home addresses, tags, attachment metadata
  (file name, type, upload time), who recruits and coordinates them, and, once hired and
  started, the `person_id` they became;
- `applications`: a candidate on a job (or a prospect on none), with the current stage,
  status `active`/`rejected`/`hired`, applied/rejected/hired times, the rejection reason,
  last activity, source and who it is credited to, and the stages it moved through;
- `interviews` (scheduled interviews: stage, interview, start/end, interviewers, status
  `scheduled`/`awaiting_feedback`/`complete`), `scorecards` (one per interviewer of a
  completed interview, with an overall recommendation and rated attributes) and `offers`
  (versioned; status `unresolved`/`accepted`/`rejected`/`deprecated`, salary, currency,
  pay type, start date, created/sent/resolved times).

Ids are Greenhouse-style integers, unique per kind. Times are naive UTC datetimes, dates are
dates; every one derives from the world's `now`, never the machine's clock. The stream is
its own (`random.Random(f"{seed}:hiring")`), so adding hiring changed no other world value.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Literal

from faker import Faker

if TYPE_CHECKING:
    from arcadia.world.model import Person, World

JobStatus = Literal["open", "closed", "draft"]
ApplicationStatus = Literal["active", "rejected", "hired"]
InterviewStatus = Literal["scheduled", "awaiting_feedback", "complete"]
OfferStatus = Literal["unresolved", "accepted", "rejected", "deprecated"]
Recommendation = Literal["definitely_not", "no", "yes", "strong_yes", "no_decision"]


@dataclass(frozen=True)
class Source:
    id: int
    name: str
    type: str  # Greenhouse's source type name, e.g. "Referral", "Job Board"


@dataclass(frozen=True)
class RejectionReason:
    id: int
    name: str
    type: str  # "We rejected them" | "They rejected us" | "None specified"


@dataclass(frozen=True)
class Stage:
    """One step of a job's interview plan (Greenhouse's job stage)."""

    id: int
    name: str
    priority: int  # 0 first
    interviews: tuple[str, ...]  # interview names held at this stage (may be empty)


@dataclass(frozen=True)
class HiringTeam:
    """Person ids of the org chart; the first recruiter and coordinator are the primary."""

    hiring_managers: tuple[int, ...]
    recruiters: tuple[int, ...]
    coordinators: tuple[int, ...]
    interviewers: tuple[int, ...]

    def members(self) -> tuple[int, ...]:
        """Everyone on the team, in role order, each once."""
        seen: list[int] = []
        for pid in (*self.hiring_managers, *self.recruiters, *self.coordinators,
                    *self.interviewers):
            if pid not in seen:
                seen.append(pid)
        return tuple(seen)


@dataclass(frozen=True)
class Opening:
    id: int
    opening_id: str  # the customer-facing id, e.g. "ENG-0042-2"
    status: Literal["open", "closed"]
    opened_at: datetime
    closed_at: datetime | None = None
    close_reason: str | None = None  # "Hire - New Headcount" | "Hire - Backfill" | ...
    application_id: int | None = None  # the hired application that filled it


@dataclass(frozen=True)
class Job:
    id: int
    requisition_id: str  # e.g. "REQ-ENG-0042"
    name: str  # the job title
    department_id: str
    location_id: str  # the office (a world location)
    level: str
    status: JobStatus
    created_at: datetime
    opened_at: datetime | None
    closed_at: datetime | None
    stages: tuple[Stage, ...]
    team: HiringTeam
    openings: tuple[Opening, ...]
    employment_type: str  # "Full-time"
    pay_type: str  # "salary" | "hourly"
    pay_min: float  # band minimum (annual USD, or USD per hour for hourly jobs)
    pay_max: float
    confidential: bool = False
    notes: str = ""

    def stage(self, stage_id: int) -> Stage:
        return next(s for s in self.stages if s.id == stage_id)


@dataclass(frozen=True)
class ContactValue:
    value: str
    type: str  # emails: "personal" | "work" | "other"; phones: "mobile" | "home" | ...


@dataclass(frozen=True)
class Address:
    value: str  # one line, as Greenhouse keeps it
    type: str  # "home" | "work" | "other"


@dataclass(frozen=True)
class Attachment:
    filename: str
    type: str  # "resume" | "cover_letter" | "offer_letter" | "other"
    created_at: datetime


@dataclass(frozen=True)
class Candidate:
    id: int
    first_name: str
    last_name: str
    company: str | None  # current employer
    title: str | None  # current title
    emails: tuple[ContactValue, ...]
    phones: tuple[ContactValue, ...]
    addresses: tuple[Address, ...]
    tags: tuple[str, ...]
    attachments: tuple[Attachment, ...]
    created_at: datetime
    updated_at: datetime
    last_activity: datetime
    recruiter_id: int | None
    coordinator_id: int | None
    person_id: int | None = None  # the org chart person the candidate became (a hire)
    is_private: bool = False

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class StageMove:
    """An application entering a stage (its history)."""

    stage_id: int
    entered_at: datetime


@dataclass(frozen=True)
class Application:
    id: int
    candidate_id: int
    job_id: int | None  # None for a prospect on no job
    prospect: bool
    status: ApplicationStatus
    current_stage_id: int | None  # the stage it is in (or was in when rejected or hired)
    applied_at: datetime
    rejected_at: datetime | None
    hired_at: datetime | None
    rejection_reason_id: int | None
    last_activity_at: datetime
    source_id: int
    credited_to: int | None  # the person id credited with the application
    history: tuple[StageMove, ...] = field(default=())


@dataclass(frozen=True)
class ScheduledInterview:
    id: int
    application_id: int
    stage_id: int
    interview: str  # the interview's name in the stage
    start: datetime
    end: datetime
    location: str
    organizer_id: int
    interviewers: tuple[int, ...]
    status: InterviewStatus


@dataclass(frozen=True)
class Rating:
    name: str  # the attribute rated
    type: str  # Greenhouse's rating: "definitely_not" | "no" | "mixed" | "yes" | "strong_yes"


@dataclass(frozen=True)
class Scorecard:
    id: int
    application_id: int
    interview_id: int
    interviewer_id: int
    submitted_by: int
    interview: str
    interviewed_at: datetime
    submitted_at: datetime
    overall_recommendation: Recommendation
    attributes: tuple[Rating, ...]


@dataclass(frozen=True)
class Offer:
    id: int
    application_id: int
    version: int  # 1, then 2... when an offer is revised (the earlier one is deprecated)
    status: OfferStatus
    created_at: datetime
    sent_at: date | None
    resolved_at: datetime | None
    starts_at: date
    salary: float  # annual USD for a salaried offer, USD per hour for an hourly one
    pay_type: str  # "salary" | "hourly"
    currency: str = "USD"
    employment_type: str = "Full-time"


@dataclass(frozen=True)
class Hiring:
    """Everything the ATS holds of hiring (empty in a world built without it)."""

    sources: tuple[Source, ...] = ()
    rejection_reasons: tuple[RejectionReason, ...] = ()
    jobs: tuple[Job, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    applications: tuple[Application, ...] = ()
    interviews: tuple[ScheduledInterview, ...] = ()
    scorecards: tuple[Scorecard, ...] = ()
    offers: tuple[Offer, ...] = ()

    def job(self, job_id: int) -> Job:
        return next(j for j in self.jobs if j.id == job_id)

    def candidate(self, candidate_id: int) -> Candidate:
        return next(c for c in self.candidates if c.id == candidate_id)

    def application(self, application_id: int) -> Application:
        return next(a for a in self.applications if a.id == application_id)


# --- generation ---------------------------------------------------------------------------
#
# The headcount plan: each department (but the executive office) grows by PLAN_GROWTH of its
# current headcount over the next two quarters (at least one opening), and every leaver of
# the last LOOKBACK_BACKFILL days is backfilled. Plan openings are grouped into jobs by
# (department, title, office); a job may hold several openings. Everyone hired in the last
# year is the hired application of a closed opening (a link: `Candidate.person_id`).

PLAN_GROWTH = 0.09
LOOKBACK_HIRES = 365  # days: past hires that get an ATS history
LOOKBACK_BACKFILL = 120
# Stage plan (Greenhouse's default interview plan) and the chance of moving on from each
# stage to the next; the offer stage's figure is the acceptance rate of resolved offers.
STAGE_PLAN: tuple[tuple[str, tuple[str, ...], float, tuple[int, int]], ...] = (
    ("Application Review", (), 0.35, (2, 6)),
    ("Preliminary Phone Screen", ("Recruiter Screen",), 0.6, (3, 7)),
    ("Phone Interview", ("Hiring Manager Interview",), 0.5, (4, 8)),
    ("Face to Face", ("Technical Interview", "Team Fit Interview", "Values Interview"), 0.45,
     (5, 10)),
    ("Reference Check", (), 0.85, (3, 6)),
    ("Offer", (), 0.8, (3, 7)),
)
OFFER_STAGE = len(STAGE_PLAN) - 1
APPLICANTS_PER_OPENING = (10, 24)
REJECTED_PER_PAST_HIRE = (2, 5)

SOURCES = (
    (1, "LinkedIn (Prospecting)", "Prospecting", 0.14),
    (2, "Referral", "Referral", 0.18),
    (3, "LinkedIn (Ad Posting)", "Job Board", 0.2),
    (4, "Indeed", "Job Board", 0.18),
    (5, "Jobs page on your website", "Company Marketing", 0.16),
    (6, "Glassdoor", "Job Board", 0.06),
    (7, "Agency", "Agencies", 0.04),
    (8, "Career fair", "Attend Events", 0.04),
)
WE = "We rejected them"
THEY = "They rejected us"
REJECTION_REASONS = (
    (1, "Lacking skill(s)/qualification(s)", WE),
    (2, "Not a fit for the role", WE),
    (3, "Underqualified", WE),
    (4, "Position filled", WE),
    (5, "Location", WE),
    (6, "Accepted another offer", THEY),
    (7, "Compensation", THEY),
    (8, "Withdrew", THEY),
    (9, "Other (add notes below)", "None specified"),
)
_REJECT_WEIGHTS = {1: 0.35, 2: 0.25, 3: 0.15, 5: 0.05, 8: 0.12, 9: 0.08}
_DECLINE_WEIGHTS = {6: 0.6, 7: 0.3, 8: 0.1}
_TAGS = ("Silver medalist", "Relocation", "Veteran", "Diversity event", "Boomerang",
         "Internal mobility", "Needs sponsorship", "Top school")
_ATTRIBUTES = ("Communication", "Problem solving", "Domain knowledge", "Collaboration",
               "Ownership", "Craft")
_MAIL_HOSTS = ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me")
_IDS = {"stage": 1_000_000, "job": 4_000_000, "opening": 5_000_000, "candidate": 10_000_000,
        "application": 20_000_000, "interview": 30_000_000, "scorecard": 40_000_000,
        "offer": 50_000_000}


def monday_on_or_after(day: date) -> date:
    return day + timedelta(days=(7 - day.weekday()) % 7)


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute))


class _Ids:
    """The next id of each kind, after every one `hiring` already holds."""

    def __init__(self, hiring: Hiring) -> None:
        rows: dict[str, Sequence[Any]] = {
            "stage": [s for j in hiring.jobs for s in j.stages], "job": hiring.jobs,
            "opening": [o for j in hiring.jobs for o in j.openings],
            "candidate": hiring.candidates, "application": hiring.applications,
            "interview": hiring.interviews, "scorecard": hiring.scorecards,
            "offer": hiring.offers}
        self.last = {kind: max([base, *(r.id for r in rows[kind])])
                     for kind, base in _IDS.items()}

    def __call__(self, kind: str) -> int:
        self.last[kind] += 1
        return self.last[kind]


@dataclass
class _Seat:
    """An opening before it belongs to a job: what it is for, and when it opened."""

    department_id: str
    title: str
    level: str
    location_id: str
    team: str
    manager_id: int | None
    opened: datetime
    reason: str  # "Hire - New Headcount" | "Hire - Backfill"
    hire: Person | None = None  # a past hire fills it
    left: int | None = None  # the leaver a backfill replaces


@dataclass
class _Draft:
    """Rows of one application as the simulation makes them (mutable until frozen)."""

    app: Application
    interviews: list[ScheduledInterview] = field(default_factory=list)
    scorecards: list[Scorecard] = field(default_factory=list)
    offers: list[Offer] = field(default_factory=list)


class HiringGenerator:
    """Draws `Hiring` for a world whose people (and their personal facts) are drawn."""

    def __init__(self, world: World, label: str = "hiring") -> None:
        """`label` names the stream (`f"{seed}:{label}"`); ids continue after the ones
        `world.hiring` holds, so a situation can add to it with a stream of its own."""
        self.world = world
        self.now = world.now
        self.today = world.now.date()
        self.rng = random.Random(f"{world.spec.seed}:{label}")
        self.fake = Faker("en_US")
        self.fake.seed_instance(f"{world.spec.seed}:{label}")
        self.ids = _Ids(world.hiring)
        self._pools()
        self.active = [p for p in world.people if p.status != "terminated"]
        self.recruiters, self.coordinators = self._talent_acquisition()
        self.candidates: list[Candidate] = list(world.hiring.candidates)
        self.drafts: list[_Draft] = []
        self.sources = tuple(Source(i, n, t) for i, n, t, _ in SOURCES)
        self.reasons = tuple(RejectionReason(*r) for r in REJECTION_REASONS)

    def _pools(self) -> None:
        """Names, employers and addresses to draw candidates from: Faker's weighted name
        lists (cumulative weights, so a draw is one bisect) and a few hundred Faker-made
        employers and addresses, drawn once (a Faker call per candidate cost ~0.5 ms)."""
        names = self.fake.provider("faker.providers.person")
        firsts = dict(getattr(names, "first_names", {}))
        lasts = dict(getattr(names, "last_names", {}))
        self.first_names, self.first_weights = list(firsts), list(
            itertools.accumulate(firsts.values()))
        self.last_names, self.last_weights = list(lasts), list(
            itertools.accumulate(lasts.values()))
        self.companies = [self.fake.company() for _ in range(120)]
        self.homes = [(self.fake.street_address(), self.fake.city(),
                       self.fake.state_abbr(include_territories=False), self.fake.zipcode())
                      for _ in range(250)]
        self.addresses = [f"{street}, {city}, {state} {zip_code}"
                          for street, city, state, zip_code in self.homes]

    # -- people ----------------------------------------------------------------------------

    def _talent_acquisition(self) -> tuple[list[Person], list[Person]]:
        """Recruiters (IC2+ of Talent Acquisition) and coordinators (its IC1s), with
        fallbacks for a small world: anyone in TA, then the People department."""
        ta = [p for p in self.active if "recruiter" in p.roles]
        people = [p for p in self.active if p.department_id == "HR" and p.level != "E1"]
        pool = ta or people or [p for p in self.active if "hr" in p.roles]
        recruiters = [p for p in pool if p.level != "IC1"] or pool
        coordinators = [p for p in pool if p.level == "IC1"] or \
            [p for p in pool if p not in recruiters[:1]] or pool
        return recruiters, coordinators

    def _team(self, seat: _Seat, index: int) -> HiringTeam:
        managers = [seat.manager_id] if seat.manager_id is not None else []
        recruiter = self.recruiters[index % len(self.recruiters)]
        coordinator = self.coordinators[index % len(self.coordinators)]
        peers = [p for p in self.active if p.department_id == seat.department_id
                 and p.team == seat.team and p.level in ("IC2", "IC3", "IC4", "IC5", "M1")
                 and p.id not in managers and p.hire_date < seat.opened.date()]
        if len(peers) < 3:
            peers += [p for p in self.active if p.department_id == seat.department_id
                      and p.level in ("IC3", "IC4", "IC5", "M1") and p not in peers
                      and p.id not in managers and p.hire_date < seat.opened.date()]
        chosen = self.rng.sample(peers, min(len(peers), self.rng.randint(3, 5)))
        interviewers = sorted(p.id for p in chosen) or managers
        return HiringTeam(tuple(managers), (recruiter.id,), (coordinator.id,),
                          tuple(interviewers))

    # -- seats and jobs --------------------------------------------------------------------

    def _seats(self) -> list[_Seat]:
        seats: list[_Seat] = []
        world, rng, today = self.world, self.rng, self.today
        hires = sorted((p for p in world.people if p.level != "E1"
                        and 0 <= (today - p.hire_date).days <= LOOKBACK_HIRES),
                       key=lambda p: (p.hire_date, p.id))
        for p in hires:
            job = p.job_history[0]
            opened = p.hire_date - timedelta(days=rng.randint(50, 110))
            seats.append(_Seat(job.department_id, job.title, job.level, job.location_id,
                               job.team, job.manager_id, _at(opened, 9), "Hire - New Headcount"
                               if rng.random() < 0.7 else "Hire - Backfill", hire=p))
        leavers = sorted((p for p in world.people if p.status == "terminated"
                          and p.termination_date is not None
                          and (today - p.termination_date).days <= LOOKBACK_BACKFILL),
                         key=lambda p: (p.termination_date, p.id))
        for p in leavers:
            assert p.termination_date is not None
            opened = min(p.termination_date + timedelta(days=rng.randint(0, 10)), today)
            seats.append(_Seat(p.department_id, p.title, p.level, p.location_id, p.team,
                               p.manager_id, _at(opened, 9), "Hire - Backfill", left=p.id))
        for dept in world.departments:
            if dept.id == "EXE":
                continue
            members = [p for p in self.active if p.department_id == dept.id
                       and p.level.startswith("IC")]
            if not members:
                continue
            for _ in range(max(1, round(len(members) * PLAN_GROWTH))):
                like = rng.choice(members)  # a seat like an existing one: title, team, site
                opened = today - timedelta(days=rng.randint(3, 120))
                seats.append(_Seat(dept.id, like.title, like.level, like.location_id,
                                   like.team, like.manager_id, _at(opened, 9),
                                   "Hire - New Headcount"))
        return seats

    def _band(self, department_id: str, level: str, hourly: bool) -> tuple[float, float]:
        band = next(b for b in self.world.bands if (b.department_id, b.level)
                    == (department_id, level))
        if hourly:
            return round(band.minimum / 2080 * 4) / 4, round(band.maximum / 2080 * 4) / 4
        return float(band.minimum), float(band.maximum)

    def generate(self) -> Hiring:
        seats = self._seats()
        groups: dict[tuple[str, str, str], list[_Seat]] = {}
        for seat in sorted(seats, key=lambda s: (s.opened, s.department_id, s.title)):
            groups.setdefault((seat.department_id, seat.title, seat.location_id), []).append(seat)
        jobs: list[Job] = []
        per_dept: dict[str, int] = {}
        for (dept, title, location), group in groups.items():
            per_dept[dept] = per_dept.get(dept, 0) + 1
            jobs.append(self._job(dept, title, location, group, per_dept[dept], len(jobs)))
        jobs += self._drafts(per_dept, len(jobs))
        self._prospects(jobs)
        applications = tuple(d.app for d in self.drafts)
        return Hiring(
            sources=self.sources, rejection_reasons=self.reasons, jobs=tuple(jobs),
            candidates=tuple(self.candidates), applications=applications,
            interviews=tuple(i for d in self.drafts for i in d.interviews),
            scorecards=tuple(s for d in self.drafts for s in d.scorecards),
            offers=tuple(o for d in self.drafts for o in d.offers))

    def _job(self, dept: str, title: str, location: str, seats: list[_Seat], number: int,
             index: int) -> Job:
        job_id = self.ids("job")
        first = seats[0]
        hourly = any(p.pay_type == "hourly" for p in self.world.people
                     if p.department_id == dept and p.title == title)
        pay_min, pay_max = self._band(dept, first.level, hourly)
        stages = tuple(Stage(self.ids("stage"), name, n, interviews)
                       for n, (name, interviews, _, _) in enumerate(STAGE_PLAN))
        team = self._team(first, index)
        job = Job(job_id, f"REQ-{dept}-{number:04d}", title, dept, location, first.level,
                  "open", _at(first.opened.date() - timedelta(days=2), 9), first.opened, None,
                  stages, team, (), "Full-time", "hourly" if hourly else "salary", pay_min,
                  pay_max)
        openings: list[Opening] = []
        open_slots: list[int] = []  # indexes of openings still open, filled in order
        for k, seat in enumerate(seats, 1):
            opening = Opening(self.ids("opening"), f"{dept}-{number:04d}-{k}", "open",
                              seat.opened, None, seat.reason)
            if seat.hire is not None:
                accepted = _at(seat.hire.hire_date - timedelta(days=self.rng.randint(14, 28)),
                               15)
                app_id = self.hire(job, seat.opened, seat.hire, accepted)
                hired_at = self.drafts[-1].app.hired_at
                opening = replace(opening, status="closed", closed_at=hired_at,
                                  application_id=app_id)
                for _ in range(self.rng.randint(*REJECTED_PER_PAST_HIRE)):
                    self._applicant(job, seat.opened, hired_at or self.now, fill=False)
            else:
                open_slots.append(len(openings))
            openings.append(opening)
        if open_slots:
            since = min(openings[i].opened_at for i in open_slots)
            n = sum(self.rng.randint(*APPLICANTS_PER_OPENING) for _ in open_slots)
            for _ in range(n):
                hired = self._applicant(job, since, self.now, fill=bool(open_slots))
                if hired is not None:
                    slot = open_slots.pop(0)
                    openings[slot] = replace(openings[slot], status="closed",
                                             closed_at=hired.hired_at,
                                             application_id=hired.id)
        closed = [o.closed_at for o in openings if o.closed_at is not None]
        status: JobStatus = "open" if any(o.status == "open" for o in openings) else "closed"
        return replace(job, openings=tuple(openings), status=status,
                       closed_at=max(closed) if status == "closed" and closed else None)

    def _drafts(self, per_dept: dict[str, int], index: int) -> list[Job]:
        """Next quarter's requisitions, drafted but not yet approved: one per department
        of 40 people or more, with no applications."""
        out: list[Job] = []
        for dept in self.world.departments:
            members = [p for p in self.active if p.department_id == dept.id
                       and p.level.startswith("IC")]
            if dept.id == "EXE" or len(members) < 40:
                continue
            like = self.rng.choice(members)
            per_dept[dept.id] = per_dept.get(dept.id, 0) + 1
            number = per_dept[dept.id]
            created = _at(self.today - timedelta(days=self.rng.randint(1, 20)), 11)
            seat = _Seat(dept.id, like.title, like.level, like.location_id, like.team,
                         like.manager_id, created, "Hire - New Headcount")
            pay_min, pay_max = self._band(dept.id, like.level, like.pay_type == "hourly")
            stages = tuple(Stage(self.ids("stage"), name, n, interviews)
                           for n, (name, interviews, _, _) in enumerate(STAGE_PLAN))
            job_id = self.ids("job")
            out.append(Job(job_id, f"REQ-{dept.id}-{number:04d}", like.title, dept.id,
                           like.location_id, like.level, "draft", created, None, None, stages,
                           self._team(seat, index + len(out)),
                           (Opening(self.ids("opening"), f"{dept.id}-{number:04d}-1", "open",
                                    created, None, seat.reason),),
                           "Full-time", like.pay_type, pay_min, pay_max,
                           notes="Pending headcount approval for next quarter."))
        return out

    # -- candidates and applications -------------------------------------------------------

    def _source(self) -> Source:
        weights = [w for *_, w in SOURCES]
        return self.rng.choices(self.sources, weights=weights)[0]

    def _credited(self, job: Job, source: Source) -> int | None:
        if source.type == "Referral":
            staff = [p.id for p in self.active if p.department_id == job.department_id]
            return self.rng.choice(staff) if staff else job.team.recruiters[0]
        return job.team.recruiters[0]

    def _candidate(self, job: Job, created: datetime, person: Person | None = None
                   ) -> Candidate:
        rng = self.rng
        if person is not None:
            first, last = person.first_name, person.last_name
            personal = person.personal
            email = personal.home_email if personal and personal.home_email else \
                f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}@{rng.choice(_MAIL_HOSTS)}"
            phone = personal.mobile_phone if personal else f"412-555-{rng.randint(0, 9999):04d}"
            address = f"{person.home_street}, {person.home_city}, {person.home_state} " \
                      f"{person.home_zip}"
        else:
            first = rng.choices(self.first_names, cum_weights=self.first_weights)[0]
            last = rng.choices(self.last_names, cum_weights=self.last_weights)[0]
            handle = re.sub(r"[^a-z.]", "", f"{first}.{last}".lower())
            email = f"{handle}{rng.randint(1, 999)}@{rng.choice(_MAIL_HOSTS)}"
            phone = f"{rng.randint(201, 989)}-{rng.randint(201, 989)}-{rng.randint(0, 9999):04d}"
            address = rng.choice(self.addresses)
        tags = tuple(sorted(rng.sample(_TAGS, rng.choice((1, 1, 2))))) \
            if rng.random() < 0.25 else ()
        attachments = [Attachment(f"{first}_{last}_Resume.pdf", "resume", created)]
        if rng.random() < 0.3:
            attachments.append(Attachment(f"{first}_{last}_Cover_Letter.pdf", "cover_letter",
                                          created))
        employer = rng.choice(self.companies) if rng.random() < 0.8 else None
        return Candidate(self.ids("candidate"), first, last, employer,
                         None if employer is None else job.name, (ContactValue(email, "personal"),),
                         (ContactValue(phone, "mobile"),), (Address(address, "home"),), tags,
                         tuple(attachments), created, created, created,
                         job.team.recruiters[0], job.team.coordinators[0],
                         person.id if person is not None else None)

    def _applicant(self, job: Job, since: datetime, until: datetime, fill: bool
                   ) -> Application | None:
        """One applicant to `job`, applying between `since` and `until`, moved through the
        stages by the funnel's rates. Returns the application when it was hired (only when
        `fill`: an opening is free); without `fill` an offer-bound one loses to the hire."""
        rng = self.rng
        span = max(int((until - since).total_seconds() // 3600), 1)
        applied = since + timedelta(hours=rng.randrange(span))
        reuse = [c for c in self.candidates[-200:] if c.person_id is None]
        candidate = rng.choice(reuse) if reuse and rng.random() < 0.04 else None
        if candidate is None:
            candidate = self._candidate(job, applied)
            self.candidates.append(candidate)
        source = self._source()
        moves = [StageMove(job.stages[0].id, applied)]
        at, stage = applied, 0
        draft = _Draft(Application(self.ids("application"), candidate.id, job.id, False,
                                   "active", job.stages[0].id, applied, None, None, None,
                                   applied, source.id, self._credited(job, source)))
        self.drafts.append(draft)
        while True:
            name, _, chance, (lo, hi) = STAGE_PLAN[stage]
            leave = at + timedelta(days=rng.randint(lo, hi), hours=rng.randint(0, 6))
            moving = rng.random() < chance
            if stage == OFFER_STAGE:
                return self._offer_outcome(draft, job, at, leave, moving, fill, until, moves)
            if leave > until:  # still here
                self._interviews(draft, job, stage, at, None, moving)
                return self._finish(draft, moves, "active", min(at + timedelta(hours=3),
                                                                self.now))
            self._interviews(draft, job, stage, at, leave, moving)
            if not moving:
                reason = rng.choices(list(_REJECT_WEIGHTS), list(_REJECT_WEIGHTS.values()))[0]
                return self._finish(draft, moves, "rejected", leave, reason=reason)
            if stage + 1 == OFFER_STAGE and not fill:
                return self._finish(draft, moves, "rejected", leave, reason=4)
            stage += 1
            at = leave
            moves.append(StageMove(job.stages[stage].id, at))

    def _offer_outcome(self, draft: _Draft, job: Job, at: datetime, resolve: datetime,
                       accepted: bool, fill: bool, until: datetime, moves: list[StageMove]
                       ) -> Application | None:
        rng = self.rng
        salary = self._salary(job)
        version = 1
        created = min(at + timedelta(hours=2), self.now)
        if rng.random() < 0.15 and resolve - created > timedelta(days=2) \
                and created + timedelta(days=2) <= self.now:
            # a first offer, revised upward two days later
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, 1, "deprecated",
                                      created, created.date(), None,
                                      self._start(created.date()), salary, job.pay_type))
            created += timedelta(days=2)
            salary = self._raise(salary, job.pay_type)
            version = 2
        sent = min(created.date() + timedelta(days=1), self.today)
        letter = min(max(_at(sent, 10), created), self.now)
        self._attach(draft, "offer_letter", letter)
        if resolve > until or resolve > self.now:
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "unresolved",
                                      created, sent, None,
                                      self._start(max(sent, self.today)), salary, job.pay_type))
            self._finish(draft, moves, "active", letter)
            return None
        if accepted and fill and self._may_start(resolve.date()):
            start = self._start(resolve.date())
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "accepted",
                                      created, sent, resolve, start, salary, job.pay_type))
            return self._finish(draft, moves, "hired", resolve)
        draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "rejected",
                                  created, sent, resolve, self._start(sent), salary,
                                  job.pay_type))
        reason = rng.choices(list(_DECLINE_WEIGHTS), list(_DECLINE_WEIGHTS.values()))[0]
        self._finish(draft, moves, "rejected", resolve, reason=reason)
        return None

    @staticmethod
    def _start(accepted: date) -> date:
        """A start date: the first Monday two weeks or more after `accepted`."""
        return monday_on_or_after(accepted + timedelta(days=14))

    def _may_start(self, accepted: date) -> bool:
        """Whether a hire accepted on `accepted` may exist without a person: their start is
        after next week (the world holds everyone who has started, and the week after
        `now` is left to situations' cohorts)."""
        return self._start(accepted) > self.today + timedelta(days=7)

    def _salary(self, job: Job) -> float:
        span = job.pay_max - job.pay_min
        value = job.pay_min + span * self.rng.uniform(0.3, 0.7)
        return round(value * 4) / 4 if job.pay_type == "hourly" \
            else float(round(value / 500) * 500)

    @staticmethod
    def _raise(salary: float, pay_type: str) -> float:
        return round(salary * 1.04 * 4) / 4 if pay_type == "hourly" \
            else float(round(salary * 1.04 / 500) * 500)

    def _attach(self, draft: _Draft, kind: str, at: datetime) -> None:
        index = next(i for i, c in enumerate(self.candidates[::-1])
                     if c.id == draft.app.candidate_id)
        index = len(self.candidates) - 1 - index
        c = self.candidates[index]
        name = f"{c.first_name}_{c.last_name}_Offer_Letter.pdf"
        self.candidates[index] = replace(c, attachments=(*c.attachments,
                                                         Attachment(name, kind, at)))

    def _finish(self, draft: _Draft, moves: list[StageMove], status: ApplicationStatus,
                at: datetime,
                reason: int | None = None) -> Application | None:
        app = replace(draft.app, status=status, current_stage_id=moves[-1].stage_id,
                      rejected_at=at if status == "rejected" else None,
                      hired_at=at if status == "hired" else None, rejection_reason_id=reason,
                      last_activity_at=at, history=tuple(moves))
        draft.app = app
        self._touch(app.candidate_id, at)
        return app if status == "hired" else None

    def _touch(self, candidate_id: int, at: datetime) -> None:
        for i in range(len(self.candidates) - 1, -1, -1):
            c = self.candidates[i]
            if c.id == candidate_id:
                if at > c.last_activity:
                    self.candidates[i] = replace(c, updated_at=at, last_activity=at)
                return

    def _interviews(self, draft: _Draft, job: Job, stage: int, entered: datetime,
                    left: datetime | None, passed: bool) -> None:
        """The stage's interviews, a day or more after entering it: complete with scorecards
        when held (before the application left the stage), scheduled when still to come."""
        names = STAGE_PLAN[stage][1]
        if not names:
            return
        rng = self.rng
        day = entered.date() + timedelta(days=rng.randint(1, 2))
        team = job.team
        used: list[int] = []
        for n, name in enumerate(names):
            if stage == 1:
                who = [team.recruiters[0]]
            elif stage == 2:
                who = [team.hiring_managers[0] if team.hiring_managers else team.recruiters[0]]
            else:
                free = [p for p in team.interviewers if p not in used] or list(team.interviewers)
                who = [rng.choice(free)]
            used += who
            start = _at(day, 10 + 2 * n, rng.choice((0, 30)))
            end = start + timedelta(minutes=45 if stage == 3 else 30)
            if left is not None and start >= left:
                start, end = left - timedelta(hours=3), left - timedelta(hours=2)
            if left is None and start > self.now + timedelta(days=10):
                continue
            held = end <= self.now
            status: InterviewStatus
            if not held:
                status = "scheduled"
            elif left is None and (self.now - end) < timedelta(days=2) and rng.random() < 0.5:
                status = "awaiting_feedback"
            else:
                status = "complete"
            interview = ScheduledInterview(
                self.ids("interview"), draft.app.id, job.stages[stage].id, name, start, end,
                "Video call" if stage < 3 else self.world.location(job.location_id).name,
                team.coordinators[0], tuple(who), status)
            draft.interviews.append(interview)
            if status == "complete":
                for person in who:
                    draft.scorecards.append(self._scorecard(draft, interview, person, passed))

    def _scorecard(self, draft: _Draft, interview: ScheduledInterview, person: int,
                   passed: bool) -> Scorecard:
        rng = self.rng
        overall: Recommendation
        if passed:
            overall = rng.choices(("strong_yes", "yes", "no"), (0.35, 0.55, 0.1))[0]
        else:
            overall = rng.choices(("definitely_not", "no", "yes"), (0.3, 0.55, 0.15))[0]
        ratings = {"strong_yes": ("strong_yes", "yes"), "yes": ("yes", "mixed", "strong_yes"),
                   "no": ("no", "mixed"), "definitely_not": ("definitely_not", "no")}[overall]
        attrs = tuple(Rating(a, rng.choice(ratings))
                      for a in rng.sample(_ATTRIBUTES, 3))
        submitted = min(interview.end + timedelta(hours=rng.randint(1, 30)), self.now)
        return Scorecard(self.ids("scorecard"), draft.app.id, interview.id, person, person,
                         interview.interview, interview.start, submitted, overall, attrs)

    def hire(self, job: Job, opened: datetime, person: Person, accepted: datetime,
             revised_from: float | None = None) -> int:
        """The application that hired `person` (returns its id): every stage passed, the
        offer accepted at `accepted` at their starting pay to start on their hire date,
        hired on acceptance. With `revised_from`, a first offer at that salary was
        revised (deprecated) before the accepted one."""
        rng = self.rng
        offer_at = accepted - timedelta(days=rng.randint(3, 6))
        applied = max(opened + timedelta(days=rng.randint(1, 10)),
                      offer_at - timedelta(days=60))
        candidate = self._candidate(job, applied, person)
        self.candidates.append(candidate)
        source = self._source()
        draft = _Draft(Application(self.ids("application"), candidate.id, job.id, False,
                                   "active", job.stages[0].id, applied, None, None, None,
                                   applied, source.id, self._credited(job, source)))
        self.drafts.append(draft)
        step = (offer_at - applied) / OFFER_STAGE
        moves = []
        for n in range(OFFER_STAGE + 1):
            at = applied + step * n
            moves.append(StageMove(job.stages[n].id, at))
            if n < OFFER_STAGE:
                self._interviews(draft, job, n, at, applied + step * (n + 1), True)
        first = person.comp_history[0]
        sent = offer_at.date() + timedelta(days=1)
        version = 1
        if revised_from is not None:
            draft.offers.append(Offer(self.ids("offer"), draft.app.id, 1, "deprecated",
                                      offer_at - timedelta(days=2), offer_at.date()
                                      - timedelta(days=1), None, person.hire_date,
                                      revised_from, first.pay_type))
            version = 2
        draft.offers.append(Offer(self.ids("offer"), draft.app.id, version, "accepted",
                                  offer_at + timedelta(hours=2), sent, accepted,
                                  person.hire_date, first.rate, first.pay_type))
        self._attach(draft, "offer_letter", _at(sent, 10))
        self._finish(draft, moves, "hired", accepted)
        return draft.app.id

    def _prospects(self, jobs: list[Job]) -> None:
        """A few sourced prospects, on an open job or on none, not yet in any stage."""
        open_jobs = [j for j in jobs if j.status == "open"]
        if not open_jobs:
            return
        for _ in range(max(2, len(open_jobs) // 4)):
            job = self.rng.choice(open_jobs)
            at = self.now - timedelta(days=self.rng.randint(1, 45), hours=self.rng.randint(0, 8))
            candidate = self._candidate(job, at)
            self.candidates.append(candidate)
            on_job = self.rng.random() < 0.6
            self.drafts.append(_Draft(Application(
                self.ids("application"), candidate.id, job.id if on_job else None, True,
                "active", None, at, None, None, None, at, 1, job.team.recruiters[0])))


    def extended(self, jobs: Sequence[Job]) -> Hiring:
        """`world.hiring` with `jobs` replacing theirs (by id) and this generator's
        candidates and applications (with their interviews, scorecards and offers) added."""
        h = self.world.hiring
        by_id = {j.id: j for j in jobs}
        return replace(
            h, jobs=tuple(by_id.get(j.id, j) for j in h.jobs),
            candidates=tuple(self.candidates),
            applications=(*h.applications, *(d.app for d in self.drafts)),
            interviews=(*h.interviews, *(i for d in self.drafts for i in d.interviews)),
            scorecards=(*h.scorecards, *(s for d in self.drafts for s in d.scorecards)),
            offers=(*h.offers, *(o for d in self.drafts for o in d.offers)))


def generate_hiring(world: World) -> Hiring:
    """The ATS's truth for `world` (people and personal facts drawn), from its own stream."""
    return HiringGenerator(world).generate()
