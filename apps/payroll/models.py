"""Payroll's tables (Gusto's resources), in their own SQLModel registry.

Money is stored as decimal strings ("85000.00"), the way Gusto sends it, so that no
float ever rounds a salary. `version` is not stored: like Gusto's it is derived from a
resource's updatable attributes (see `service.version_of`).
"""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class PayrollModel(SQLModel, registry=registry()):
    pass


class Company(PayrollModel, table=True):
    __tablename__ = "companies"

    uuid: str = Field(primary_key=True)
    name: str
    trade_name: str | None = None
    slug: str
    ein: str
    entity_type: str = "C-Corporation"
    tier: str = "complete"
    company_status: str = "Approved"
    pay_schedule_type: str = "single"
    funding_type: str = "ach"
    join_date: date
    world_key: str  # the world's company name key; never on the wire


class Location(PayrollModel, table=True):
    __tablename__ = "locations"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    world_id: str  # world location id (LOC-PIT); for loaders and graders, never on the wire
    phone_number: str
    street_1: str
    street_2: str | None = None
    city: str
    state: str
    zip: str
    country: str = "USA"
    mailing_address: bool = False
    filing_address: bool = False
    active: bool = True
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Department(PayrollModel, table=True):
    __tablename__ = "departments"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    title: str
    world_id: str | None = None  # world department id (ENG); never on the wire


class Employee(PayrollModel, table=True):
    __tablename__ = "employees"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    person_id: int | None = Field(default=None, index=True)  # world person id; never on wire
    employee_code: str
    first_name: str
    middle_initial: str | None = None
    last_name: str
    preferred_first_name: str | None = None
    email: str | None = Field(default=None, index=True)
    work_email: str | None = Field(default=None, index=True)
    phone: str | None = None
    date_of_birth: date | None = None
    has_ssn: bool = False
    department_uuid: str | None = Field(default=None, index=True)
    manager_uuid: str | None = None
    two_percent_shareholder: bool = False
    onboarded: bool = True
    onboarding_status: str = "onboarding_completed"
    payment_method: str = "Direct Deposit"
    current_employment_status: str | None = "full_time"
    created_at: NaiveDatetime


class Job(PayrollModel, table=True):
    __tablename__ = "jobs"

    uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(index=True)
    title: str | None = None
    hire_date: date
    primary: bool = True
    location_uuid: str | None = None
    two_percent_shareholder: bool = False
    state_wc_covered: bool | None = None
    state_wc_class_code: str | None = None
    created_at: NaiveDatetime


class Compensation(PayrollModel, table=True):
    __tablename__ = "compensations"

    uuid: str = Field(primary_key=True)
    job_uuid: str = Field(index=True)
    employee_uuid: str = Field(index=True)
    rate: str
    payment_unit: str
    flsa_status: str
    effective_date: date
    adjust_for_minimum_wage: bool = False
    created_at: NaiveDatetime


class Termination(PayrollModel, table=True):
    __tablename__ = "terminations"

    uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(index=True)
    effective_date: date
    run_termination_payroll: bool = False
    created_at: NaiveDatetime


class PaySchedule(PayrollModel, table=True):
    __tablename__ = "pay_schedules"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    frequency: str
    anchor_pay_date: date
    anchor_end_of_pay_period: date
    day_1: int | None = None
    day_2: int | None = None
    name: str | None = None
    custom_name: str
    auto_pilot: bool = False
    active: bool = True


class Payroll(PayrollModel, table=True):
    __tablename__ = "payrolls"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    pay_schedule_uuid: str | None = None
    start_date: date
    end_date: date
    check_date: date
    payroll_deadline: NaiveDatetime
    processed: bool = True
    processed_date: date | None = None
    calculated_at: NaiveDatetime | None = None
    off_cycle: bool = False
    external: bool = False
    created_at: NaiveDatetime
    # Off-cycle payrolls only (null on regular ones), as Gusto shows them.
    off_cycle_reason: str | None = None
    withholding_pay_period: str | None = None
    skip_regular_deductions: bool | None = None
    fixed_withholding_rate: bool | None = None
    final_termination_payroll: bool = False


class PayrollEmployeeCompensation(PayrollModel, table=True):
    """One employee's pay in one payroll (Gusto's `employee_compensations` entry)."""

    __tablename__ = "payroll_employee_compensations"

    payroll_uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(primary_key=True, index=True)
    job_uuid: str
    flsa_status: str
    hours: str  # regular hours paid in the period
    gross_pay: str
    employee_taxes: str
    employer_taxes: str
    benefit_deductions: str
    company_contributions: str
    net_pay: str
    check_amount: str
    payment_method: str = "Direct Deposit"
    excluded: bool = False
    memo: str | None = None
    # Days of the period's salary this payroll pays (0 on off-cycle payrolls); hourly pay
    # comes from the hours in `payroll_compensation_lines`.
    salary_days: int = 0
    reimbursements: str = "0.00"
    tax_state: str | None = None  # the work state withheld for, set when calculated


class BankAccount(PayrollModel, table=True):
    __tablename__ = "bank_accounts"

    uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(index=True)
    name: str
    routing_number: str
    account_number: str  # stored whole; the wire only ever shows `hidden_account_number`
    account_type: str
    created_at: NaiveDatetime


class CompanyBenefit(PayrollModel, table=True):
    __tablename__ = "company_benefits"

    uuid: str = Field(primary_key=True)
    company_uuid: str = Field(index=True)
    world_id: str | None = None  # world benefit plan id (BEN-DEN); never on the wire
    benefit_type: int
    description: str
    active: bool = True
    source: str = "external"
    supports_percentage_amounts: bool = True
    deletable: bool = False


class EmployeeBenefit(PayrollModel, table=True):
    __tablename__ = "employee_benefits"

    uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(index=True)
    company_benefit_uuid: str = Field(index=True)
    active: bool = True
    employee_deduction: str
    company_contribution: str
    deduct_as_percentage: bool = False
    contribute_as_percentage: bool = False
    elective: bool = False
    catch_up: bool = False
    effective_date: date
    expiration_date: date | None = None


class PayrollCompensationLine(PayrollModel, table=True):
    """One earning of one employee in one payroll: hours (`Regular Hours`, `Overtime`),
    a fixed amount (`Bonus`) or paid time off (`Vacation Hours`). Only lines with a value
    are stored; an unprocessed payroll shows every eligible one, at zero when absent."""

    __tablename__ = "payroll_compensation_lines"

    payroll_uuid: str = Field(primary_key=True)
    employee_uuid: str = Field(primary_key=True, index=True)
    kind: str = Field(primary_key=True)  # hourly | fixed | paid_time_off
    name: str = Field(primary_key=True)
    job_uuid: str
    hours: str | None = None  # hourly and paid time off, to the thousandth
    amount: str | None = None  # fixed: as entered; hourly/pto: set when calculated
