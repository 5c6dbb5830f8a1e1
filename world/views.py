"""Typed, frozen views of the world per app: what each application server holds.

The HRIS holds the truth. Any other app holds the truth except where a situation states a
`Holding` for a person in that app; then the app holds exactly those rows, and the
person's current job and pay in that app are the newest of them, or, when the holding is
not `present`, the app does not hold the person at all (nor their enrolments or time off).
Seeds read only their app's view, never `World.people`; `World.view_for` builds one
(`arcadia.world.world.build_view`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from arcadia.world.comms import Mail, MailFolderTruth, Meeting, Room
from arcadia.world.hiring import Hiring
from arcadia.world.model import (
    BankAccount,
    BenefitPlan,
    CompRecord,
    CostCentre,
    Department,
    Enrolment,
    Holding,
    JobRecord,
    Location,
    Person,
    Personal,
    TimeOffRequest,
    WorldSpec,
)
from arcadia.world.procurement import (
    Account,
    Approval,
    Approver,
    BudgetLine,
    Invoice,
    LookupValue,
    PaymentTerm,
    PurchaseOrder,
    Receipt,
    Requisition,
    Supplier,
    User,
    approval_chain,
)
from arcadia.world.sheets import Spreadsheet

FLSA = {"salary": "Exempt", "hourly": "Nonexempt"}

# The fields of a person that situations may make two apps disagree on.
COMPARED = ("status", "termination_date", "department_id", "team", "manager_id",
            "location_id", "cost_centre_id", "title", "level", "pay_type", "rate", "flsa")


@dataclass(frozen=True)
class PersonRecord:
    """A person as one app holds them; current job and pay are the newest history rows."""

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
    flsa: str
    bank: BankAccount
    job_history: tuple[JobRecord, ...]
    comp_history: tuple[CompRecord, ...]
    personal: Personal

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class AppView:
    """What every app holds: the company, its sites and departments, and its people."""

    APP: ClassVar[str] = ""

    spec: WorldSpec
    company_name: str
    domain: str
    locations: tuple[Location, ...]
    departments: tuple[Department, ...]
    people: tuple[PersonRecord, ...]

    @property
    def app(self) -> str:
        return self.APP

    @property
    def today(self) -> date:
        """The world's date ("now" is a naive-UTC datetime on the spec)."""
        return self.spec.now.date()

    def person(self, person_id: int) -> PersonRecord:
        return next(p for p in self.people if p.id == person_id)


@dataclass(frozen=True)
class HrisView(AppView):
    """BambooHR's records: the truth, with time off."""

    APP: ClassVar[str] = "hris"

    time_off: tuple[TimeOffRequest, ...]


@dataclass(frozen=True)
class PayrollView(AppView):
    """Gusto's records: people as payroll last heard of them, and benefit enrolments."""

    APP: ClassVar[str] = "payroll"

    benefits: tuple[BenefitPlan, ...]
    enrolments: tuple[Enrolment, ...]


@dataclass(frozen=True)
class AtsView(AppView):
    """Greenhouse's records: hiring (jobs, candidates, applications, interviews, scorecards,
    offers), and the people of the org chart who use it (its users)."""

    APP: ClassVar[str] = "ats"

    hiring: Hiring



@dataclass(frozen=True)
class ProcurementView(AppView):
    """Coupa's records: suppliers, accounts and budgets, users with their approval limits,
    and a year of requisitions, orders, receipts, invoices and approvals (the truth, with
    whatever anomalies situations planted in it)."""

    APP: ClassVar[str] = "procurement"

    cost_centres: tuple[CostCentre, ...]
    payment_terms: tuple[PaymentTerm, ...]
    suppliers: tuple[Supplier, ...]
    accounts: tuple[Account, ...]
    budget_lines: tuple[BudgetLine, ...]
    users: tuple[User, ...]
    requisitions: tuple[Requisition, ...]
    purchase_orders: tuple[PurchaseOrder, ...]
    receipts: tuple[Receipt, ...]
    invoices: tuple[Invoice, ...]
    approvals: tuple[Approval, ...]
    lookup_values: tuple[LookupValue, ...]
    cost_centre_owners: tuple[tuple[str, int], ...]  # (cost centre id, owner's person id)
    finance_approver_id: int | None

    def owner(self, cost_centre_id: str) -> int | None:
        """The cost centre's owner: the head of its department."""
        return dict(self.cost_centre_owners).get(cost_centre_id)

    def chain(self, amount: float, requester_id: int, cost_centre_id: str) -> tuple[int, ...]:
        """`approval_chain` over this view's users."""
        users = {u.id: u for u in self.users}

        def lookup(person_id: int) -> Approver | None:
            user = users.get(person_id)
            return None if user is None else user.approver()

        return approval_chain(amount, requester_id, self.owner(cost_centre_id),
                              self.finance_approver_id, lookup=lookup)


@dataclass(frozen=True)
class MailView(AppView):
    """Microsoft Graph mail: a mailbox per person (`PersonRecord.email`), every message as
    sent (each internal address on it holds a copy), and people's custom folders."""

    APP: ClassVar[str] = "mail"

    mail: tuple[Mail, ...]
    folders: tuple[MailFolderTruth, ...]


@dataclass(frozen=True)
class CalendarView(AppView):
    """Microsoft Graph calendar: a calendar per person, the meetings on them, and rooms."""

    APP: ClassVar[str] = "calendar"

    meetings: tuple[Meeting, ...]
    rooms: tuple[Room, ...]


@dataclass(frozen=True)
class SheetsView(AppView):
    """Google Sheets: the company's shared spreadsheets, with who may edit and read them."""

    APP: ClassVar[str] = "sheets"

    spreadsheets: tuple[Spreadsheet, ...]


VIEWS: dict[str, type[AppView]] = {v.APP: v for v in (
    HrisView, PayrollView, AtsView, ProcurementView, MailView, CalendarView, SheetsView)}


def person_record(person: Person, holding: Holding | None, cost_centres: dict[str, str]
                  ) -> PersonRecord:
    """`person` as an app holds them: the truth, or exactly the rows of `holding`."""
    jobs = tuple(person.job_history) if holding is None else holding.job_history
    comps = tuple(person.comp_history) if holding is None else holding.comp_history
    job, pay = jobs[-1], comps[-1]
    return PersonRecord(
        id=person.id, employee_number=person.employee_number,
        first_name=person.first_name, last_name=person.last_name, email=person.email,
        work_phone=person.work_phone, birth_date=person.birth_date,
        home_street=person.home_street, home_city=person.home_city,
        home_state=person.home_state, home_zip=person.home_zip, hire_date=person.hire_date,
        status=person.status if holding is None else holding.status,
        termination_date=(person.termination_date if holding is None
                          else holding.termination_date),
        department_id=job.department_id, team=job.team, title=job.title, level=job.level,
        manager_id=job.manager_id, location_id=job.location_id,
        cost_centre_id=cost_centres[job.department_id], pay_type=pay.pay_type,
        rate=pay.rate, flsa=FLSA[pay.pay_type], bank=person.bank, job_history=jobs,
        comp_history=comps, personal=_personal(person))


def _personal(person: Person) -> Personal:
    if person.personal is None:
        raise ValueError(f"person {person.id} has no personal facts; build worlds with "
                         "generate_world")
    return person.personal


def differences(before: PersonRecord, after: PersonRecord) -> list[tuple[str, object, object]]:
    """(field, after, before) for each compared field on which two records disagree."""
    return [(f, getattr(after, f), getattr(before, f)) for f in COMPARED
            if getattr(after, f) != getattr(before, f)]
