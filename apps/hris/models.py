"""HRIS tables (own SQLModel registry); the BambooHR-shaped wire models are in schemas/

Tables hold both the history rows (jobInfo, compensation, employmentStatus) and, on
the employee row, the current values BambooHR derives from the newest effective row of
each history table; the service keeps the two consistent on every write.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class HrisModel(SQLModel, registry=registry()):
    pass


# -- tables ------------------------------------------------------------------------------


class Employee(HrisModel, table=True):
    __tablename__ = "employee"

    id: int = Field(primary_key=True, description="BambooHR employee id.")
    employee_number: str | None = Field(default=None, index=True)
    first_name: str
    last_name: str
    preferred_name: str | None = None
    work_email: str | None = Field(default=None, index=True)
    work_phone: str | None = None
    hire_date: date | None = None
    status: str = "Active"  # Active | Inactive (whether the employee is active in BambooHR)
    # Current values, derived from the newest effective history rows.
    job_title: str | None = None
    department: str | None = None
    division: str | None = None
    location: str | None = None
    supervisor_eid: int | None = Field(default=None, index=True)
    employment_status: str | None = None
    termination_date: date | None = None
    pay_rate: float | None = None
    pay_currency: str | None = None
    pay_type: str | None = None
    pay_per: str | None = None
    exempt: str | None = None
    pay_rate_effective_date: date | None = None
    pay_change_reason: str | None = None
    # Sensitive personal fields.
    date_of_birth: date | None = None
    address1: str | None = None
    address2: str | None = None
    city: str | None = None
    state: str | None = None
    zipcode: str | None = None
    country: str | None = None
    ssn: str | None = None
    pay_frequency: str | None = None
    # Personal and contact fields.
    middle_name: str | None = None
    gender: str | None = None
    marital_status: str | None = None
    mobile_phone: str | None = None
    home_phone: str | None = None
    home_email: str | None = None
    work_phone_extension: str | None = None
    original_hire_date: date | None = None
    linkedin_url: str | None = None
    facebook_url: str | None = None
    twitter_url: str | None = None
    instagram_url: str | None = None
    pinterest_url: str | None = None
    skype_username: str | None = None
    last_changed: str = ""  # bookkeeping timestamp (ISO, world time); ignored by the grader
    created: str = ""  # when the HRIS record was created (ISO, world time); ignored likewise


class JobInfo(HrisModel, table=True):
    __tablename__ = "job_info"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    location: str | None = None
    department: str | None = None
    division: str | None = None
    job_title: str | None = None
    reports_to_id: int | None = None


class Compensation(HrisModel, table=True):
    __tablename__ = "compensation"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    start_date: date
    rate: float
    currency: str = "USD"
    type: str  # Salary | Hourly
    paid_per: str  # Year | Hour | ...
    exempt: str | None = None  # Exempt | Non-exempt
    reason: str | None = None
    comment: str | None = None


class EmploymentStatus(HrisModel, table=True):
    __tablename__ = "employment_status"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    employment_status: str
    comment: str | None = None


class ListOption(HrisModel, table=True):
    """Options of BambooHR list fields (department, division, location, ...)."""

    __tablename__ = "list_option"

    field_alias: str = Field(primary_key=True)
    id: int = Field(primary_key=True)
    name: str
    archived: bool = False


class TimeOffType(HrisModel, table=True):
    __tablename__ = "time_off_type"

    id: int = Field(primary_key=True)
    name: str
    units: str = "days"
    icon: str | None = None


class TimeOffRequest(HrisModel, table=True):
    __tablename__ = "time_off_request"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    type_id: int
    start: date
    end: date
    amount: float
    unit: str = "days"
    dates: str = "{}"  # JSON object: YYYY-MM-DD -> amount that day
    status: str  # requested | approved | denied | canceled | superseded
    created: date  # bookkeeping; ignored by the grader
    status_last_changed: date  # bookkeeping; ignored by the grader
    status_changed_by: int | None = None  # employee id of whoever set the status
    employee_note: str | None = None
    manager_note: str | None = None
    previous_request_id: int | None = None


# -- the other standard tables (rows only; they derive no current values) ----------------------


class EmergencyContact(HrisModel, table=True):
    """BambooHR's `emergencyContacts` table (also served as `contacts`)."""

    __tablename__ = "emergency_contact"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    name: str
    relationship: str | None = None
    home_phone: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    zipcode: str | None = None
    city: str | None = None
    state: str | None = None
    country: str | None = None
    email: str | None = None
    mobile_phone: str | None = None
    work_phone: str | None = None
    work_phone_extension: str | None = None
    primary_contact: bool = False


class Dependent(HrisModel, table=True):
    """BambooHR's `dependents` table."""

    __tablename__ = "dependent"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    first_name: str
    middle_name: str | None = None
    last_name: str
    relationship: str | None = None
    gender: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    ssn: str | None = None
    date_of_birth: date | None = None
    city: str | None = None
    state: str | None = None
    home_phone: str | None = None
    country: str | None = None
    zipcode: str | None = None


class Bonus(HrisModel, table=True):
    __tablename__ = "bonus"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    amount: float
    currency: str = "USD"
    reason: str | None = None
    comment: str | None = None


class Commission(HrisModel, table=True):
    __tablename__ = "commission"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    amount: float
    currency: str = "USD"
    comment: str | None = None


class Earnings(HrisModel, table=True):
    """Annual earnings for tax forms (BambooHR's `earnings`: date, priorYear)."""

    __tablename__ = "earnings"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    prior_year: float
    currency: str = "USD"


class EmployeeAsset(HrisModel, table=True):
    __tablename__ = "employee_asset"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    category: str
    description: str | None = None
    serial_number: str | None = None
    date_loaned: date | None = None
    date_returned: date | None = None
    cost: float | None = None
    currency: str = "USD"
    notes: str | None = None


class EmployeeCertification(HrisModel, table=True):
    __tablename__ = "employee_certification"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    title: str
    completion_date: date | None = None
    certification_number: str | None = None
    expiration_date: date | None = None
    notes: str | None = None


# -- time off policies, balance adjustments and history (policies.py) --


class TimeOffPolicy(HrisModel, table=True):
    """How a time off type's balance grows: `accruing` (days per year, earned monthly),
    `manual` (a yearly grant on 1 January) or `discretionary` (no balance kept)."""

    __tablename__ = "time_off_policy"

    id: int = Field(primary_key=True)
    name: str
    type_id: int = Field(index=True)
    policy_type: str  # accruing | manual | discretionary
    days_per_year: float = 0.0


class Holiday(HrisModel, table=True):
    """A company holiday (shown in Who's Out)."""

    __tablename__ = "holiday"

    id: int = Field(primary_key=True)
    name: str
    start: date
    end: date


class EmployeeTimeOffPolicy(HrisModel, table=True):
    """A policy assigned to an employee: one per time off type, accruing from a date."""

    __tablename__ = "employee_time_off_policy"

    employee_id: int = Field(primary_key=True)
    policy_id: int = Field(primary_key=True)
    type_id: int = Field(index=True)  # the policy's type: at most one policy per type
    accrual_start_date: date


class TimeOffHistory(HrisModel, table=True):
    """A time off history item: `used` (an approved request's days, recorded in history)
    or `override` (a balance adjustment of `amount`, positive adds to the balance)."""

    __tablename__ = "time_off_history"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    date: date
    event_type: str  # used | override
    type_id: int
    request_id: int | None = Field(default=None, index=True)
    amount: float
    note: str | None = None


class HrisUser(HrisModel, table=True):
    """A BambooHR user (a login) linked to an employee record; names and email are read
    from the employee."""

    __tablename__ = "hris_user"

    id: int = Field(primary_key=True)
    employee_id: int = Field(index=True)
    email: str  # the account's email (shown when the employee has no work email)
    status: str  # enabled | disabled
    last_login: str | None = None  # ISO 8601 (world time); None: never logged in


class CompanyInformation(HrisModel, table=True):
    """The company's profile (one row)."""

    __tablename__ = "company_information"

    id: int = Field(primary_key=True)
    legal_name: str
    display_name: str
    line1: str
    line2: str = ""
    city: str
    state: str
    zip: str
    phone: str
