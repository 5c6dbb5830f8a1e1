"""World truth: the plain dataclasses every world is made of, and their JSON-ready form.

`arcadia.world.world.World` holds them (with every app's truth), and its canonical JSON and
content hash are built from `to_plain`'s form (`json_fields` hands orjson each dataclass).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import orjson

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


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool, type(None), date, datetime)


def json_fields(obj: Any) -> dict[str, Any]:
    """A dataclass as the dict of its fields: orjson's `default` for canonical JSON
    (`World.canonical_json`)."""
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError(f"{cls.__name__} is not JSON serializable")
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(obj))
    return {name: getattr(obj, name) for name in names}


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
