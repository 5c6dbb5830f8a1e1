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
dates; every one derives from the world's `now`, never the machine's clock. Arcadia
Robotics draws its hiring in `arcadia.world.robotics.hiring`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

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
