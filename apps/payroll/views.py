"""Rows to Gusto's wire shapes, and Gusto-style versions derived from updatable attributes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from arcadia.apps.kernel import content_version, in_effect, iso
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s

CONTENT_VERSION_FIELDS: dict[str, tuple[str, ...]] = {
    "employee": ("first_name", "middle_initial", "last_name", "preferred_first_name", "email",
                 "work_email", "date_of_birth", "has_ssn", "two_percent_shareholder"),
    "job": ("title", "hire_date", "location_uuid", "two_percent_shareholder",
            "state_wc_covered", "state_wc_class_code"),
    "compensation": ("rate", "payment_unit", "flsa_status", "effective_date",
                     "adjust_for_minimum_wage"),
    "termination": ("effective_date", "run_termination_payroll"),
    "location": ("phone_number", "street_1", "street_2", "city", "state", "zip", "country",
                 "mailing_address", "filing_address", "active"),
    "pay_schedule": ("frequency", "anchor_pay_date", "anchor_end_of_pay_period", "day_1",
                     "day_2", "custom_name", "auto_pilot"),
    "company_benefit": ("description", "active"),
    "employee_benefit": ("active", "employee_deduction", "company_contribution",
                         "deduct_as_percentage", "contribute_as_percentage", "effective_date",
                         "expiration_date"),
}


def version_of(kind: str, row: Any, extra: Any = None) -> str:
    """Gusto's `version`: a hash of the resource's updatable attributes (32 hex chars)."""
    return content_version(kind, row.uuid, row, CONTENT_VERSION_FIELDS.get(kind, ()), extra)


def department_version(dept: m.Department, member_uuids: Sequence[str]) -> str:
    return version_of("department", dept, {"title": dept.title,
                                           "employees": sorted(member_uuids)})


def location(row: m.Location) -> s.LocationPublic:
    return s.LocationPublic(
        uuid=row.uuid, version=version_of("location", row), company_uuid=row.company_uuid,
        phone_number=row.phone_number, street_1=row.street_1, street_2=row.street_2,
        city=row.city, state=row.state, zip=row.zip, country=row.country,
        mailing_address=row.mailing_address, filing_address=row.filing_address,
        created_at=row.created_at.isoformat(), updated_at=row.updated_at.isoformat(),
        active=row.active, inactive=not row.active)


def company(row: m.Company, locations: list[m.Location]) -> s.CompanyPublic:
    return s.CompanyPublic(
        uuid=row.uuid, name=row.name, trade_name=row.trade_name, slug=row.slug, ein=row.ein,
        entity_type=row.entity_type, tier=row.tier, is_suspended=False,
        company_status=row.company_status, is_partner_managed=False,
        pay_schedule_type=row.pay_schedule_type, join_date=row.join_date.isoformat(),
        funding_type=row.funding_type, locations=[location(loc) for loc in locations])


def department(row: m.Department, member_uuids: list[str]) -> s.DepartmentPublic:
    return s.DepartmentPublic(
        uuid=row.uuid, version=department_version(row, member_uuids),
        company_uuid=row.company_uuid, title=row.title,
        employees=[s.DepartmentMember(uuid=u) for u in member_uuids], contractors=[])


def compensation(row: m.Compensation) -> s.CompensationPublic:
    return s.CompensationPublic(
        uuid=row.uuid, version=version_of("compensation", row), job_uuid=row.job_uuid,
        employee_uuid=row.employee_uuid, rate=row.rate, payment_unit=row.payment_unit,
        flsa_status=row.flsa_status, effective_date=row.effective_date.isoformat(),
        adjust_for_minimum_wage=row.adjust_for_minimum_wage, minimum_wages=[])


def _comp_order(c: m.Compensation) -> tuple[date, datetime, str]:
    return (c.effective_date, c.created_at, c.uuid)


def current_compensation(comps: Sequence[m.Compensation], today: date
                         ) -> m.Compensation | None:
    """The compensation in effect `today` (the earliest one if none has started yet)."""
    return in_effect(comps, today, dated=lambda c: c.effective_date, order=_comp_order)


def job(row: m.Job, comps: Sequence[m.Compensation], today: date, *,
        all_compensations: bool) -> s.JobPublic:
    current = current_compensation(comps, today)
    ordered = sorted(comps, key=_comp_order)
    shown = ordered if all_compensations else ([current] if current else [])
    return s.JobPublic(
        uuid=row.uuid, version=version_of("job", row), employee_uuid=row.employee_uuid,
        hire_date=row.hire_date.isoformat(), title=row.title, primary=row.primary,
        rate=current.rate if current else None,
        payment_unit=current.payment_unit if current else None,
        current_compensation_uuid=current.uuid if current else None,
        location_uuid=row.location_uuid, two_percent_shareholder=row.two_percent_shareholder,
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
    return s.EmployeePublic(
        uuid=row.uuid, first_name=row.first_name, middle_initial=row.middle_initial,
        last_name=row.last_name, preferred_first_name=row.preferred_first_name,
        email=row.email, work_email=row.work_email, employee_code=row.employee_code,
        company_uuid=row.company_uuid, manager_uuid=row.manager_uuid,
        version=version_of("employee", row), department=department_title,
        department_uuid=row.department_uuid,
        terminated=any(t.effective_date <= today for t in terminations),
        two_percent_shareholder=row.two_percent_shareholder, onboarded=row.onboarded,
        onboarding_status=row.onboarding_status, historical=False, jobs=jobs,
        eligible_paid_time_off=[], terminations=[termination(t, today) for t in terminations],
        garnishments=[], date_of_birth=iso(row.date_of_birth), has_ssn=row.has_ssn, ssn="",
        phone=row.phone, payment_method=row.payment_method,
        current_employment_status=row.current_employment_status)


def pay_schedule(row: m.PaySchedule) -> s.PaySchedulePublic:
    return s.PaySchedulePublic(
        uuid=row.uuid, version=version_of("pay_schedule", row), frequency=row.frequency,
        anchor_pay_date=row.anchor_pay_date.isoformat(),
        anchor_end_of_pay_period=row.anchor_end_of_pay_period.isoformat(), day_1=row.day_1,
        day_2=row.day_2, name=row.name, custom_name=row.custom_name,
        auto_pilot=row.auto_pilot, active=row.active)


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
