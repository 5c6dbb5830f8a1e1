"""HRIS tables (own SQLModel registry); the BambooHR-shaped wire models are in schemas.py.

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
