"""Rows to Gusto's wire shapes, and Gusto-style versions derived from updatable attributes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from arcadia.apps.kernel import content_version, in_effect, iso, seed_uuid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s

CONTENT_VERSION_FIELDS: dict[str, tuple[str, ...]] = {
    "employee": ("first_name", "middle_initial", "last_name", "preferred_first_name", "email",
                 "work_email", "date_of_birth", "has_ssn", "two_percent_shareholder"),
    "job": ("title", "hire_date", "location_uuid", "two_percent_shareholder",
            "state_wc_covered", "state_wc_class_code"),
    "compensation": ("rate", "payment_unit", "flsa_status", "effective_date",
                     "adjust_for_minimum_wage", "title"),
    "termination": ("effective_date", "run_termination_payroll"),
    "work_address": ("location_uuid", "effective_date"),
    "home_address": ("street_1", "street_2", "city", "state", "zip", "country",
                     "effective_date", "courtesy_withholding"),
    "contractor": ("type", "wage_type", "first_name", "last_name", "middle_initial",
                   "business_name", "ein", "email", "has_ssn", "start_date", "hourly_rate",
                   "file_new_hire_report", "work_state", "is_active", "onboarding_status",
                   "payment_method", "department_uuid"),
    "location": ("phone_number", "street_1", "street_2", "city", "state", "zip", "country",
                 "mailing_address", "filing_address", "active"),
    "pay_schedule": ("frequency", "anchor_pay_date", "anchor_end_of_pay_period", "day_1",
                     "day_2", "custom_name", "auto_pilot"),
    "company_benefit": ("description", "active"),
    "employee_benefit": ("active", "employee_deduction", "company_contribution",
                         "deduct_as_percentage", "contribute_as_percentage", "effective_date",
                         "expiration_date"),
}


# The earning types every Gusto company can pay (Gusto's built-in set).
HOURLY_EARNINGS = (("Overtime", 1.5), ("Double overtime", 2.0), ("Regular", 1.0),
                   ("Outstanding vacation", 1.0), ("Holiday", 1.0))
FIXED_EARNINGS = ("Bonus", "Commission", "Paycheck Tips", "Cash Tips", "Correction Payment",
                  "Severance", "Minimum Wage Adjustment")
PTO_EARNINGS = ("Vacation Hours", "Sick Hours")


def version_of(kind: str, row: Any, extra: Any = None) -> str:
    """Gusto's `version`: a hash of the resource's updatable attributes (32 hex chars)."""
    return content_version(kind, row.uuid, row, CONTENT_VERSION_FIELDS.get(kind, ()), extra)


def department_version(dept: m.Department, member_uuids: Sequence[str],
                       contractor_uuids: Sequence[str] = ()) -> str:
    extra: dict[str, Any] = {"title": dept.title, "employees": sorted(member_uuids)}
    if contractor_uuids:
        extra["contractors"] = sorted(contractor_uuids)
    return version_of("department", dept, extra)


def location(row: m.Location) -> s.LocationPublic:
    return s.LocationPublic(
        uuid=row.uuid, version=version_of("location", row), company_uuid=row.company_uuid,
        phone_number=row.phone_number, street_1=row.street_1, street_2=row.street_2,
        city=row.city, state=row.state, zip=row.zip, country=row.country,
        mailing_address=row.mailing_address, filing_address=row.filing_address,
        created_at=row.created_at.isoformat(), updated_at=row.updated_at.isoformat(),
        active=row.active, inactive=not row.active)


def company_compensations() -> s.CompanyCompensations:
    def key(name: str) -> str:
        return seed_uuid("payroll", "earning_type", name)
    return s.CompanyCompensations(
        hourly=[s.HourlyRate(uuid=key(n), name=n, multiple=x) for n, x in HOURLY_EARNINGS],
        fixed=[s.NamedEarning(uuid=key(n), name=n) for n in FIXED_EARNINGS]
        + [s.NamedEarning(uuid=None, name="Reimbursement")],
        paid_time_off=[s.NamedEarning(uuid=key(n), name=n) for n in PTO_EARNINGS]
        + [s.NamedEarning(uuid=None, name="Holiday Hours")])


def company(row: m.Company, locations: list[m.Location], *,
            admin: m.Employee | None, signatory: m.Employee | None,
            signatory_home: m.HomeAddress | None) -> s.CompanyPublic:
    return s.CompanyPublic(
        uuid=row.uuid, name=row.name, trade_name=row.trade_name, slug=row.slug, ein=row.ein,
        entity_type=row.entity_type, tier=row.tier, is_suspended=False,
        company_status=row.company_status, is_partner_managed=False,
        pay_schedule_type=row.pay_schedule_type, join_date=row.join_date.isoformat(),
        funding_type=row.funding_type, contractor_only=row.contractor_only,
        is_high_risk_business=False, is_marijuana_business=False,
        locations=[location(loc) for loc in locations],
        compensations=company_compensations(),
        primary_signatory=None if signatory is None or row.signatory_uuid is None
        else s.PrimarySignatory(
            uuid=row.signatory_uuid, first_name=signatory.first_name,
            middle_initial=signatory.middle_initial, last_name=signatory.last_name,
            phone=signatory.phone, email=signatory.work_email or signatory.email,
            home_address=None if signatory_home is None else s.SignatoryAddress(
                street_1=signatory_home.street_1, street_2=signatory_home.street_2,
                city=signatory_home.city, state=signatory_home.state,
                zip=signatory_home.zip, country=signatory_home.country)),
        primary_payroll_admin=None if admin is None else s.PrimaryPayrollAdmin(
            first_name=admin.first_name, last_name=admin.last_name, phone=admin.phone,
            email=admin.work_email or admin.email))


def department(row: m.Department, member_uuids: list[str], contractor_uuids: list[str]
               ) -> s.DepartmentPublic:
    return s.DepartmentPublic(
        uuid=row.uuid, version=department_version(row, member_uuids, contractor_uuids),
        company_uuid=row.company_uuid, title=row.title,
        employees=[s.DepartmentMember(uuid=u) for u in member_uuids],
        contractors=[s.DepartmentContractor(uuid=u) for u in contractor_uuids])


def compensation(row: m.Compensation) -> s.CompensationPublic:
    return s.CompensationPublic(
        uuid=row.uuid, version=version_of("compensation", row), job_uuid=row.job_uuid,
        employee_uuid=row.employee_uuid, rate=row.rate, payment_unit=row.payment_unit,
        flsa_status=row.flsa_status, title=row.title,
        effective_date=row.effective_date.isoformat(),
        adjust_for_minimum_wage=row.adjust_for_minimum_wage, minimum_wages=[])


def _comp_order(c: m.Compensation) -> tuple[date, datetime, str]:
    return (c.effective_date, c.created_at, c.uuid)


def current_compensation(comps: Sequence[m.Compensation], today: date
                         ) -> m.Compensation | None:
    """The compensation in effect `today` (the earliest one if none has started yet)."""
    return in_effect(comps, today, dated=lambda c: c.effective_date, order=_comp_order)


def job(row: m.Job, comps: Sequence[m.Compensation], today: date, *,
        all_compensations: bool, place: m.Location | None) -> s.JobPublic:
    current = current_compensation(comps, today)
    ordered = sorted(comps, key=_comp_order)
    shown = ordered if all_compensations else ([current] if current else [])
    return s.JobPublic(
        uuid=row.uuid, version=version_of("job", row), employee_uuid=row.employee_uuid,
        hire_date=row.hire_date.isoformat(), title=row.title, primary=row.primary,
        rate=current.rate if current else None,
        payment_unit=current.payment_unit if current else None,
        current_compensation_uuid=current.uuid if current else None,
        location_uuid=row.location_uuid, location=None if place is None else location(place),
        two_percent_shareholder=row.two_percent_shareholder,
        state_wc_covered=row.state_wc_covered, state_wc_class_code=row.state_wc_class_code,
        compensations=[compensation(c) for c in shown])


def termination(row: m.Termination, today: date) -> s.TerminationPublic:
    return s.TerminationPublic(
        uuid=row.uuid, version=version_of("termination", row), employee_uuid=row.employee_uuid,
        active=row.effective_date <= today,
        cancelable=not row.run_termination_payroll and row.effective_date > today,
        effective_date=row.effective_date.isoformat(),
        run_termination_payroll=row.run_termination_payroll)


def employee(row: m.Employee, *, department_title: str | None, jobs: list[s.JobPublic],
             terminations: list[m.Termination], today: date) -> s.EmployeePublic:
    primary = next((j for j in jobs if j.primary), jobs[0] if jobs else None)
    current = None
    if primary is not None and primary.current_compensation_uuid:
        current = next((c for c in primary.compensations
                        if c.uuid == primary.current_compensation_uuid), None)
    return s.EmployeePublic(
        uuid=row.uuid, first_name=row.first_name, middle_initial=row.middle_initial,
        last_name=row.last_name, preferred_first_name=row.preferred_first_name,
        email=row.email, work_email=row.work_email, employee_code=row.employee_code,
        company_uuid=row.company_uuid, manager_uuid=row.manager_uuid,
        version=version_of("employee", row), department=department_title,
        department_uuid=row.department_uuid,
        terminated=any(t.effective_date <= today for t in terminations),
        two_percent_shareholder=row.two_percent_shareholder, onboarded=row.onboarded,
        onboarding_status=row.onboarding_status, historical=False,
        title=(primary.title or "") if primary else "",
        hired_at=primary.hire_date if primary else None,
        flsa_status=current.flsa_status if current else None, custom_fields=[], jobs=jobs,
        eligible_paid_time_off=[], terminations=[termination(t, today) for t in terminations],
        garnishments=[],
        onboarding_documents_config=s.OnboardingDocumentsConfig(uuid=None, i9_document=False),
        date_of_birth=iso(row.date_of_birth), has_ssn=row.has_ssn, ssn="",
        phone=row.phone, payment_method=row.payment_method,
        current_employment_status=row.current_employment_status)


def pay_schedule(row: m.PaySchedule, blockers: list[s.AutoPayrollBlocker]
                 ) -> s.PaySchedulePublic:
    return s.PaySchedulePublic(
        uuid=row.uuid, version=version_of("pay_schedule", row), frequency=row.frequency,
        anchor_pay_date=row.anchor_pay_date.isoformat(),
        anchor_end_of_pay_period=row.anchor_end_of_pay_period.isoformat(), day_1=row.day_1,
        day_2=row.day_2, name=row.name, custom_name=row.custom_name,
        auto_pilot=row.auto_pilot, auto_payroll=row.auto_pilot, active=row.active,
        auto_payroll_enablement_blockers=[] if row.auto_pilot else blockers)


def home_address(row: m.HomeAddress, active: bool) -> s.HomeAddressPublic:
    return s.HomeAddressPublic(
        uuid=row.uuid, version=version_of("home_address", row),
        employee_uuid=row.employee_uuid, street_1=row.street_1, street_2=row.street_2,
        city=row.city, state=row.state, zip=row.zip, country=row.country, active=active,
        effective_date=row.effective_date.isoformat(),
        courtesy_withholding=row.courtesy_withholding)


def work_address(row: m.WorkAddress, place: m.Location, active: bool) -> s.WorkAddressPublic:
    return s.WorkAddressPublic(
        uuid=row.uuid, version=version_of("work_address", row),
        employee_uuid=row.employee_uuid, location_uuid=row.location_uuid,
        effective_date=row.effective_date.isoformat(), active=active,
        street_1=place.street_1, street_2=place.street_2, city=place.city, state=place.state,
        zip=place.zip, country=place.country)


def current_work(rows: Sequence[m.WorkAddress], today: date) -> m.WorkAddress | None:
    """The work address in effect `today` (the first one if none has started yet)."""
    return in_effect(rows, today, dated=lambda a: a.effective_date,
                     order=lambda a: (a.effective_date, a.uuid))


def current_home(rows: Sequence[m.HomeAddress], today: date) -> m.HomeAddress | None:
    """The home address in effect `today` (the first one if none has started yet)."""
    return in_effect(rows, today, dated=lambda a: a.effective_date,
                     order=lambda a: (a.effective_date, a.uuid))


def payment_method(emp: m.Employee, accounts: Sequence[m.BankAccount]) -> s.PaymentMethodPublic:
    """The employee's payment method; its `version` covers the type and every split."""
    split = sorted((a for a in accounts if a.priority is not None),
                   key=lambda a: (a.priority or 0, a.uuid))
    deposit = emp.payment_method == "Direct Deposit"
    version = content_version("payment_method", emp.uuid, emp,
                              ("payment_method", "payment_split_by"),
                              [[a.uuid, a.priority, a.split_amount] for a in split])
    return s.PaymentMethodPublic(
        version=version, type=emp.payment_method,
        split_by=emp.payment_split_by if deposit else None,
        splits=[s.PaymentSplit(uuid=a.uuid, name=a.name,
                               hidden_account_number=mask(a.account_number),
                               priority=a.priority or 0, split_amount=a.split_amount)
                for a in split] if deposit else None)


def contractor(row: m.Contractor, department_title: str | None) -> s.ContractorPublic:
    has_address = row.street_1 is not None
    return s.ContractorPublic(
        uuid=row.uuid, version=version_of("contractor", row), company_uuid=row.company_uuid,
        type=row.type, wage_type=row.wage_type, is_active=row.is_active,
        first_name=row.first_name, last_name=row.last_name,
        middle_initial=row.middle_initial, business_name=row.business_name,
        ein=None if row.ein is None else "XX-XXX" + row.ein[-4:], has_ein=row.ein is not None,
        email=row.email, start_date=row.start_date.isoformat(),
        address=s.ContractorAddress(street_1=row.street_1, street_2=row.street_2,
                                    city=row.city, state=row.state, zip=row.zip,
                                    country="USA") if has_address else None,
        hourly_rate=row.hourly_rate, file_new_hire_report=row.file_new_hire_report,
        work_state=row.work_state, onboarded=row.onboarded,
        onboarding_status=row.onboarding_status, payment_method=row.payment_method,
        has_ssn=row.has_ssn, department_uuid=row.department_uuid,
        department=department_title, department_title=department_title,
        dismissal_date=None, upcoming_employment=None, dismissal_cancellation_eligible=False,
        rehire_cancellation_eligible=False)


def bank_account(row: m.BankAccount) -> s.BankAccountPublic:
    return s.BankAccountPublic(
        uuid=row.uuid, employee_uuid=row.employee_uuid, name=row.name,
        routing_number=row.routing_number, hidden_account_number=mask(row.account_number),
        account_type=row.account_type)


def mask(account_number: str) -> str:
    """Gusto shows only the last four digits: `XXXX1207`."""
    return "XXXX" + account_number[-4:]


def company_benefit(row: m.CompanyBenefit, enrollment_count: int | None
                    ) -> s.CompanyBenefitPublic:
    return s.CompanyBenefitPublic(
        uuid=row.uuid, version=version_of("company_benefit", row),
        company_uuid=row.company_uuid, benefit_type=row.benefit_type, active=row.active,
        description=row.description, source=row.source, partner_name=None,
        deletable=row.deletable, supports_percentage_amounts=row.supports_percentage_amounts,
        catch_up_type="elective" if row.benefit_type == 105 else None,
        enrollment_count=enrollment_count)


def employee_benefit(row: m.EmployeeBenefit) -> s.EmployeeBenefitPublic:
    return s.EmployeeBenefitPublic(
        uuid=row.uuid, version=version_of("employee_benefit", row),
        employee_uuid=row.employee_uuid, company_benefit_uuid=row.company_benefit_uuid,
        active=row.active, employee_deduction=row.employee_deduction,
        company_contribution=row.company_contribution,
        employee_deduction_annual_maximum=None, company_contribution_annual_maximum=None,
        limit_option=None, deduct_as_percentage=row.deduct_as_percentage,
        contribute_as_percentage=row.contribute_as_percentage, catch_up=row.catch_up,
        coverage_amount=None,
        contribution=s.Contribution(type="amount", value=row.company_contribution),
        elective=row.elective, effective_date=row.effective_date.isoformat(),
        expiration_date=iso(row.expiration_date))
