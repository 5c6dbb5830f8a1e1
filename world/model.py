"""World truth: plain dataclasses, serialisable to a canonical JSON form and hashed."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Literal, overload

import orjson

from arcadia.world.agency.model import Agency
from arcadia.world.comms import Comms
from arcadia.world.hiring import Hiring
from arcadia.world.procurement import Procurement
from arcadia.world.sheets import Sheets

if TYPE_CHECKING:
    from arcadia.world.views import (
        AppView,
        AtsView,
        CalendarView,
        HrisView,
        MailView,
        PayrollView,
        ProcurementView,
        SheetsView,
    )

STATUSES = ("active", "on_leave", "terminated")
ROLES = ("employee", "manager", "hr", "payroll", "finance", "procurement", "recruiter", "it",
         "exec")


@dataclass(frozen=True)
class SituationSpec:
    """A situation to seed into a world: a registered id and its parameters."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WorldSpec:
    """Everything `generate_world` needs; two equal specs give byte-identical worlds."""

    seed: int = 0
    headcount: int = 800
    name: str = "arcadia-robotics"
    # World time is naive UTC everywhere (SQLite stores it so); never the machine's clock.
    now: datetime = datetime(2026, 3, 2, 9, 0, 0)  # noqa: DTZ001 (a Monday morning)
    situations: tuple[SituationSpec, ...] = ()

    def key(self) -> str:
        """A stable string identity for caching templates built from this spec."""
        return orjson.dumps(to_plain(self), option=orjson.OPT_SORT_KEYS).decode()


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    city: str
    state: str
    country: str
    timezone: str


@dataclass(frozen=True)
class CostCentre:
    id: str
    name: str
    department_id: str
    annual_budget: int


@dataclass(frozen=True)
class Department:
    id: str
    name: str
    cost_centre_id: str
    head_id: int | None = None


@dataclass(frozen=True)
class CompBand:
    department_id: str
    level: str
    minimum: int
    midpoint: int
    maximum: int


@dataclass(frozen=True)
class JobRecord:
    """One row of a person's job history (BambooHR's jobInfo table)."""

    effective_date: date
    title: str
    level: str
    department_id: str
    team: str
    location_id: str
    manager_id: int | None


@dataclass(frozen=True)
class CompRecord:
    """One row of a person's compensation history."""

    effective_date: date
    pay_type: str  # "salary" | "hourly"
    rate: float  # annual USD for salary, USD per hour for hourly
    reason: str


@dataclass(frozen=True)
class BankAccount:
    routing_number: str
    account_number: str
    account_type: str  # "Checking" | "Savings"


@dataclass(frozen=True)
class Personal:
    """Personal facts BambooHR keeps (drawn by `arcadia.world.personal`)."""

    middle_name: str | None
    gender: str  # "Male" | "Female" | "Non-binary"
    marital_status: str  # "Single" | "Married" | "Domestic Partnership" | ...
    mobile_phone: str
    home_phone: str | None
    home_email: str | None
    work_phone_extension: str | None
    ssn: str  # NNN-NN-NNNN


@dataclass
class Person:
    id: int
    employee_number: str
    first_name: str
    last_name: str
    email: str
    work_phone: str
    birth_date: date
    home_street: str
    home_city: str
    home_state: str
    home_zip: str
    hire_date: date
    status: str
    termination_date: date | None
    department_id: str
    team: str
    title: str
    level: str
    manager_id: int | None
    location_id: str
    cost_centre_id: str
    pay_type: str
    rate: float
    flsa: str  # "Exempt" | "Nonexempt"
    roles: tuple[str, ...]
    bank: BankAccount
    job_history: list[JobRecord]
    comp_history: list[CompRecord]
    personal: Personal | None = None  # set by `draw_personal` once everyone is drawn

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class BenefitPlan:
    id: str
    name: str
    benefit_type: str  # "medical" | "dental" | "vision" | "401k"
    employee_deduction: float  # per pay period, USD
    company_contribution: float


@dataclass(frozen=True)
class Enrolment:
    person_id: int
    benefit_id: str


@dataclass(frozen=True)
class TimeOffRequest:
    id: int
    person_id: int
    type: str  # "Vacation" | "Sick" | "Personal"
    start: date
    end: date
    amount_days: int
    status: str  # "approved" | "requested" | "denied" | "canceled"
    note: str


@dataclass(frozen=True)
class Holding:
    """Exactly what one app holds of one person, when that is not the truth.

    A situation states it per app and person; an app without a holding for a person holds
    the truth. The person's current job and pay in that app are its newest rows here, so a
    stale side is consistent by construction (department, manager, location, title and pay
    all come from the same rows).

    `present=False` says the app does not hold the person at all (a starter the HRIS or
    payroll has not been told of yet); the other fields are then a snapshot of the truth
    and no app reads them.
    """

    app: str
    person_id: int
    status: str
    termination_date: date | None
    job_history: tuple[JobRecord, ...]
    comp_history: tuple[CompRecord, ...]
    benefits: tuple[str, ...]  # ids of the benefit plans the app has the person enrolled in
    present: bool = True


@dataclass
class SituationInstance:
    """A situation as seeded: what a user would know (anchors) and what must be found."""

    id: str
    params: dict[str, Any]
    anchors: list[dict[str, Any]]
    hidden: list[dict[str, Any]]
    holdings: list[Holding] = field(default_factory=list)


@dataclass
class World:
    spec: WorldSpec
    company_name: str
    domain: str
    locations: list[Location]
    departments: list[Department]
    cost_centres: list[CostCentre]
    bands: list[CompBand]
    people: list[Person]
    benefits: list[BenefitPlan]
    enrolments: list[Enrolment]
    time_off: list[TimeOffRequest]
    situations: list[SituationInstance] = field(default_factory=list)
    hiring: Hiring = field(default_factory=Hiring)  # the ATS's truth (`world.hiring`)
    # What the procurement system holds (`arcadia.world.procurement`); empty when unset.
    procurement: Procurement = field(default_factory=Procurement)
    # What the mail and calendar servers hold (`arcadia.world.comms`); empty when unset.
    comms: Comms = field(default_factory=Comms)
    # What the sheets server holds (`arcadia.world.sheets`); empty when unset.
    sheets: Sheets = field(default_factory=Sheets)
    # The staffing agency's truth (`arcadia.world.agency`); empty outside the agency world.
    agency: Agency = field(default_factory=Agency)

    @property
    def now(self) -> datetime:
        return self.spec.now

    def person(self, person_id: int) -> Person:
        return self._people_by_id()[person_id]

    def person_by_email(self, email: str) -> Person | None:
        wanted = email.strip().lower()
        return next((p for p in self.people if p.email == wanted), None)

    def department(self, department_id: str) -> Department:
        return next(d for d in self.departments if d.id == department_id)

    def location(self, location_id: str) -> Location:
        return next(loc for loc in self.locations if loc.id == location_id)

    def holdings(self, app: str) -> dict[int, Holding]:
        """What the situations say `app` holds, by person id (absent: the truth)."""
        return {h.person_id: h for inst in self.situations for h in inst.holdings
                if h.app == app}

    @overload
    def view_for(self, app: Literal["hris"]) -> HrisView: ...
    @overload
    def view_for(self, app: Literal["payroll"]) -> PayrollView: ...
    @overload
    def view_for(self, app: Literal["ats"]) -> AtsView: ...
    @overload
    def view_for(self, app: Literal["procurement"]) -> ProcurementView: ...
    @overload
    def view_for(self, app: Literal["mail"]) -> MailView: ...
    @overload
    def view_for(self, app: Literal["calendar"]) -> CalendarView: ...
    @overload
    def view_for(self, app: Literal["sheets"]) -> SheetsView: ...
    @overload
    def view_for(self, app: str) -> AppView: ...

    def view_for(self, app: str) -> AppView:
        """The world as `app` holds it: a frozen, typed view (see `arcadia.world.views`)."""
        from arcadia.world.views import build_view  # views import this module

        return build_view(self, app)

    def _people_by_id(self) -> dict[int, Person]:
        # Not cached on purpose: situations mutate people while generating.
        return {p.id: p for p in self.people}

    def canonical_json(self) -> bytes:
        """The world as JSON with sorted keys: `to_plain`'s builtins, serialized by orjson
        with each dataclass handed over as a dict of its fields (a fifth of the time of
        building the plain tree in Python; the bytes are the same)."""
        return orjson.dumps(self, default=_fields, option=orjson.OPT_SORT_KEYS
                            | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS)

    def content_hash(self) -> str:
        return hashlib.sha256(self.canonical_json()).hexdigest()


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool, type(None), date, datetime)


def _fields(obj: Any) -> dict[str, Any]:
    """A dataclass as the dict of its fields, for orjson (`World.canonical_json`)."""
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError(f"{cls.__name__} is not JSON serializable")
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(obj))
    out = {name: getattr(obj, name) for name in names}
    if cls is World and not obj.agency.users:
        # Outside the agency world the field is left out, so every world hash pinned
        # before the agency existed (the committed corpora) still holds.
        del out["agency"]
    return out


def to_plain(obj: Any) -> Any:
    """Dataclasses to JSON-ready builtins; dates become ISO strings via orjson."""
    cls = type(obj)
    if cls in _SCALARS:
        return obj
    names = _FIELD_NAMES.get(cls)
    if names is None and dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        # Field names per class, looked up once: the procurement year has ~30,000 records.
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(obj))
    if names is not None:
        return {name: to_plain(getattr(obj, name)) for name in names}
    if isinstance(obj, list | tuple):
        return [to_plain(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_plain(v) for k, v in obj.items()}
    return obj
