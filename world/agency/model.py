"""The staffing agency's truth: what its Bullhorn-shaped ATS/CRM holds (`World.agency`).

One `Agency` is one staffing agency over a window of weeks ending at the world's `now`:

- `users`: the agency's staff (`CorporateUser`), recruiters and account managers; each is
  also a `World.people` person with the same id, so principals and tokens work;
- `clients` (`ClientCorporation`, each with its `rate_card`: a bill-rate range per job
  family) and their `contacts` (`ClientContact`, owned by an account manager);
- `job_orders` (`JobOrder`): the clients' requisitions, with must-have and nice-to-have
  skills, pay and bill rates and a per-job-order submission limit;
- `candidates` (`Candidate`), with their current pay and the range they expect;
- `consents` (`Consent`): a candidate's right-to-represent for one client, valid for the
  population's number of days from the day it was granted;
- the pipeline: `submissions` (`JobSubmission`), `placements` (`Placement`), `notes`
  (`Note`) and `appointments` (`Appointment`, interviews and client meetings);
- `approvals` (`RateApproval`): the client's account manager's approval of each placement
  negotiated below the markup floor;
- `policy` (`Policy`): the markup floor and target, the consent validity and the default
  submission limit, as the population states them.

Field names are Bullhorn's where Bullhorn has one, in snake case (`client_bill_rate`,
`date_added`, `is_open`, `num_openings`). Money is integer US cents per hour; markup is in
basis points (`bill = pay * (1 + markup_bp / 10_000)`). Dates and datetimes are naive UTC and
derive from the world's `now`. Ids are integers, unique per kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

UserRole = Literal["recruiter", "account_manager"]
ClientSize = Literal["small", "mid", "enterprise"]
ClientStatus = Literal["Active Account", "Passive Account", "Prospect"]
Seniority = Literal["junior", "mid", "senior", "lead"]
EmploymentType = Literal["Contract", "Contract to Hire", "Direct Hire"]
JobOrderStatus = Literal["Accepting Candidates", "Covered", "Filled", "Closed"]
CandidateStatus = Literal["New Lead", "Active", "Submitted", "Placed", "Unavailable"]
SubmissionStatus = Literal["Submitted", "Interview Scheduled", "Offer Extended", "Placed",
                           "Client Rejected", "Candidate Withdrew"]
PlacementStatus = Literal["Approved", "Active", "Completed"]
NoteAction = Literal["Outbound Call", "Screening", "Submission", "Interview Feedback",
                     "Client Call", "Offer", "Placement"]
PersonType = Literal["candidate", "contact"]
AppointmentType = Literal["Interview", "Client Meeting", "Screening Call"]

SENIORITIES: tuple[Seniority, ...] = ("junior", "mid", "senior", "lead")
EMPLOYMENT_TYPES: tuple[EmploymentType, ...] = ("Contract", "Contract to Hire", "Direct Hire")
OPEN_JOB_STATUSES: tuple[JobOrderStatus, ...] = ("Accepting Candidates", "Covered")
# A submission in one of these is still in the pipeline (it may yet move on).
LIVE_SUBMISSION_STATUSES: tuple[SubmissionStatus, ...] = (
    "Submitted", "Interview Scheduled", "Offer Extended")
BP = 10_000  # basis points in one


@dataclass(frozen=True)
class Address:
    address1: str
    city: str
    state: str
    zip: str
    country_code: str = "US"


@dataclass(frozen=True)
class Policy:
    """The agency's rate and submission policy, as the population states it."""

    min_markup_bp: int  # bill >= pay * (1 + min_markup_bp / 10_000) unless approved
    target_markup_bp: int
    consent_valid_days: int  # a consent is valid from granted_on to expires_on inclusive
    submission_limit: int  # default per-job-order submission limit


@dataclass(frozen=True)
class CorporateUser:
    """A member of the agency's staff (Bullhorn's CorporateUser)."""

    id: int  # also the person id in `World.people`
    first_name: str
    last_name: str
    email: str  # @<agency domain>
    role: UserRole
    phone: str
    date_added: datetime


@dataclass(frozen=True)
class RateCardLine:
    """The bill-rate range a client agreed for one job family (cents per hour)."""

    job_family: str
    bill_rate_low: int
    bill_rate_high: int


@dataclass(frozen=True)
class ClientCorporation:
    id: int
    name: str
    industry: str
    size: ClientSize
    status: ClientStatus
    address: Address
    phone: str
    domain: str  # the client's mail domain (its contacts' emails)
    date_added: datetime
    owner_id: int  # the account manager who owns the account
    rate_card: tuple[RateCardLine, ...]

    def rate_line(self, job_family: str) -> RateCardLine | None:
        return next((r for r in self.rate_card if r.job_family == job_family), None)


@dataclass(frozen=True)
class ClientContact:
    id: int
    corporation_id: int
    first_name: str
    last_name: str
    email: str
    phone: str
    occupation: str
    owner_id: int  # an account manager
    date_added: datetime


@dataclass(frozen=True)
class JobOrder:
    id: int
    corporation_id: int
    contact_id: int
    owner_id: int  # the recruiter who works it
    title: str
    job_family: str
    must_have_skills: tuple[str, ...]
    nice_to_have_skills: tuple[str, ...]
    seniority: Seniority
    employment_type: EmploymentType
    num_openings: int
    status: JobOrderStatus
    is_open: bool
    pay_rate: int  # cents per hour offered to the candidate
    client_bill_rate: int  # cents per hour billed to the client
    start_date: date
    date_added: datetime
    description: str
    submission_limit: int  # most candidates the agency may submit to this job order

    @property
    def markup_bp(self) -> int:
        return markup_bp(self.pay_rate, self.client_bill_rate)


@dataclass(frozen=True)
class Candidate:
    id: int
    first_name: str
    last_name: str
    email: str
    phone: str
    mobile: str
    address: Address
    job_family: str
    skills: tuple[str, ...]
    seniority: Seniority
    status: CandidateStatus
    owner_id: int  # the recruiter who owns the candidate
    current_pay: int  # cents per hour (confidential: never to a client)
    expected_pay_low: int  # cents per hour
    expected_pay_high: int
    date_added: datetime
    source: str


@dataclass(frozen=True)
class Consent:
    """A candidate's right-to-represent consent for one client."""

    id: int
    candidate_id: int
    corporation_id: int
    granted_on: date
    expires_on: date  # last valid day

    def valid_on(self, day: date) -> bool:
        return self.granted_on <= day <= self.expires_on


@dataclass(frozen=True)
class JobSubmission:
    id: int
    candidate_id: int
    job_order_id: int
    status: SubmissionStatus
    sending_user_id: int
    date_added: datetime
    pay_rate: int  # cents per hour proposed
    bill_rate: int  # cents per hour proposed to the client


@dataclass(frozen=True)
class Placement:
    id: int
    submission_id: int
    candidate_id: int
    job_order_id: int
    status: PlacementStatus
    date_begin: date
    pay_rate: int
    client_bill_rate: int
    date_added: datetime

    @property
    def markup_bp(self) -> int:
        return markup_bp(self.pay_rate, self.client_bill_rate)


@dataclass(frozen=True)
class RateApproval:
    """The account manager's approval of a placement's rates below the markup floor, given
    when the offer was made (Bullhorn holds it as a Note by that account manager)."""

    id: int
    placement_id: int
    candidate_id: int
    job_order_id: int
    approver_id: int  # the client's account manager (`ClientCorporation.owner_id`)
    approved_at: datetime
    pay_rate: int  # the approved rates, cents per hour
    bill_rate: int


@dataclass(frozen=True)
class Note:
    id: int
    action: NoteAction
    comments: str
    person_type: PersonType
    person_id: int  # a candidate or a client contact id, per `person_type`
    author_id: int
    job_order_id: int | None
    date_added: datetime


@dataclass(frozen=True)
class Appointment:
    id: int
    subject: str
    type: AppointmentType
    begin: datetime
    end: datetime
    owner_id: int
    candidate_id: int | None
    contact_id: int | None
    job_order_id: int | None
    location: str


@dataclass(frozen=True)
class Agency:
    """Everything the agency's system holds (empty in a world built without it)."""

    name: str = ""
    domain: str = ""
    population_version: int = 0
    seed: int = 0
    window_start: date | None = None  # the first day of the window (it ends at `now`)
    policy: Policy | None = None
    users: tuple[CorporateUser, ...] = ()
    clients: tuple[ClientCorporation, ...] = ()
    contacts: tuple[ClientContact, ...] = ()
    job_orders: tuple[JobOrder, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    consents: tuple[Consent, ...] = ()
    submissions: tuple[JobSubmission, ...] = ()
    placements: tuple[Placement, ...] = ()
    approvals: tuple[RateApproval, ...] = ()
    notes: tuple[Note, ...] = ()
    appointments: tuple[Appointment, ...] = ()


def markup_bp(pay_rate: int, bill_rate: int) -> int:
    """Markup of `bill_rate` over `pay_rate` in basis points, rounded down."""
    if pay_rate <= 0:
        raise ValueError(f"pay rate must be positive, got {pay_rate}")
    return (bill_rate - pay_rate) * BP // pay_rate


def meets_floor(pay_rate: int, bill_rate: int, min_markup_bp: int) -> bool:
    """bill >= pay * (1 + min_markup), exactly, in integers."""
    return bill_rate * BP >= pay_rate * (BP + min_markup_bp)
