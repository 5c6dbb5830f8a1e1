"""`World`: everything one world holds, its canonical JSON and content hash, and each app's
view of it (`view_for`).

Every world (Arcadia Robotics, the staffing agency, the restaurant) is one `World`: the
company's records (`arcadia.world.model`) and what each app's server holds of them (hiring,
procurement, mail and calendars, spreadsheets, the agency's Bullhorn). Its fields and their
order are what the content hash pinned by every task is computed from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, overload

import orjson

from arcadia.world.agency.model import Agency
from arcadia.world.comms import Comms
from arcadia.world.hiring import Hiring
from arcadia.world.model import (
    BenefitPlan,
    CompBand,
    CostCentre,
    Department,
    Enrolment,
    Holding,
    Location,
    Person,
    SituationInstance,
    TimeOffRequest,
    WorldSpec,
    json_fields,
)
from arcadia.world.procurement import Procurement
from arcadia.world.sheets import Sheets
from arcadia.world.views import (
    VIEWS,
    AppView,
    AtsView,
    CalendarView,
    HrisView,
    MailView,
    PayrollView,
    PersonRecord,
    ProcurementView,
    SheetsView,
    person_record,
)


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
        return build_view(self, app)

    def _people_by_id(self) -> dict[int, Person]:
        # Not cached on purpose: situations mutate people while generating.
        return {p.id: p for p in self.people}

    def canonical_json(self) -> bytes:
        """The world as JSON with sorted keys: `to_plain`'s builtins, serialized by orjson
        with each dataclass handed over as a dict of its fields (a fifth of the time of
        building the plain tree in Python; the bytes are the same)."""
        fields = json_fields(self)
        if not self.agency.users:
            # Outside the agency world the field is left out, so every world hash pinned
            # before the agency existed (the committed corpora) still holds.
            del fields["agency"]
        return orjson.dumps(fields, default=json_fields, option=orjson.OPT_SORT_KEYS
                            | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS)

    def content_hash(self) -> str:
        return hashlib.sha256(self.canonical_json()).hexdigest()


def build_view(world: World, app: str) -> AppView:
    """The world as `app` holds it."""
    if app not in VIEWS:
        raise ValueError(f"no view for app {app!r}; known: {sorted(VIEWS)}")
    held = world.holdings(app)
    absent = {pid for pid, h in held.items() if not h.present}
    centres = {d.id: d.cost_centre_id for d in world.departments}
    people = tuple(person_record(p, held.get(p.id), centres) for p in world.people
                   if p.id not in absent)
    locations, departments = tuple(world.locations), tuple(world.departments)
    if app == ProcurementView.APP:
        return _procurement_view(world, people)
    if app == HrisView.APP:
        return HrisView(spec=world.spec, company_name=world.company_name, domain=world.domain,
                        locations=locations, departments=departments, people=people,
                        time_off=tuple(t for t in world.time_off if t.person_id not in absent))
    common = {"spec": world.spec, "company_name": world.company_name, "domain": world.domain,
              "locations": locations, "departments": departments, "people": people}
    if app == AtsView.APP:
        return AtsView(**common, hiring=world.hiring)
    if app == MailView.APP:
        return MailView(**common, mail=tuple(world.comms.mail),
                        folders=tuple(world.comms.folders))
    if app == CalendarView.APP:
        return CalendarView(**common, meetings=tuple(world.comms.meetings),
                            rooms=tuple(world.comms.rooms))
    if app == SheetsView.APP:
        return SheetsView(**common, spreadsheets=tuple(world.sheets.spreadsheets))
    enrolments = [e for e in world.enrolments if e.person_id not in held]
    enrolments += [Enrolment(h.person_id, b) for h in held.values() if h.present
                   for b in h.benefits]
    order = {p.id: i for i, p in enumerate(world.people)}
    enrolments.sort(key=lambda e: order[e.person_id])  # stable: plan order within a person
    return PayrollView(spec=world.spec, company_name=world.company_name, domain=world.domain,
                       locations=locations, departments=departments, people=people,
                       benefits=tuple(world.benefits), enrolments=tuple(enrolments))


def _procurement_view(world: World, people: tuple[PersonRecord, ...]) -> ProcurementView:
    proc: Procurement = world.procurement
    return ProcurementView(
        spec=world.spec, company_name=world.company_name, domain=world.domain,
        locations=tuple(world.locations), departments=tuple(world.departments), people=people,
        cost_centres=tuple(world.cost_centres), payment_terms=tuple(proc.payment_terms),
        suppliers=tuple(proc.suppliers), accounts=tuple(proc.accounts),
        budget_lines=tuple(proc.budget_lines), users=tuple(proc.users),
        requisitions=tuple(proc.requisitions), purchase_orders=tuple(proc.purchase_orders),
        receipts=tuple(proc.receipts), invoices=tuple(proc.invoices),
        approvals=tuple(proc.approvals), lookup_values=tuple(proc.lookup_values),
        cost_centre_owners=tuple(sorted(proc.cost_centre_owners.items())),
        finance_approver_id=proc.finance_approver_id)


