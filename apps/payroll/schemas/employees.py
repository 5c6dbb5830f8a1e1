"""Employees: the record with its jobs and terminations, create, update, custom fields."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, uuid_field
from arcadia.apps.payroll.schemas.jobs import JobPublic
from arcadia.apps.payroll.schemas.terminations import TerminationPublic


class PaidTimeOff(BaseModel):
    name: str = Field(description="The paid time off type.")
    policy_name: str | None = Field(description="The time off policy's name.")
    policy_uuid: str | None = Field(description="The time off policy's UUID.")
    accrual_unit: str | None = Field(description="The unit accrued in (`Hour`).")
    accrual_rate: str | None = Field(description="Units accrued per accrual period.")
    accrual_method: str | None = Field(description="The policy's accrual method.")
    accrual_period: str | None = Field(description="How often it accrues.")
    accrual_balance: str | None = Field(description="Units accrued.")
    maximum_accrual_balance: str | None = Field(description="Most units allowed (null: no "
                                                "maximum).")
    paid_at_termination: bool = Field(description="Whether the balance is paid out on "
                                      "termination.")


class Garnishment(BaseModel):
    uuid: str = Field(description="UUID of the garnishment.")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee")
    active: bool = Field(description="Whether it is applied.")
    amount: str = Field(description="Percent or dollar amount deducted.")
    description: str = Field(description="What it is for.")
    court_ordered: bool = Field(description="Whether a court ordered it.")
    times: int | None = Field(description="How many times to apply it (unless recurring).")
    recurring: bool = Field(description="Whether it recurs indefinitely.")
    annual_maximum: str | None = Field(description="Most deducted per year.")
    total_amount: str | None = Field(description="Most deducted over its lifetime.")
    pay_period_maximum: str | None = Field(description="Most deducted per pay period.")
    deduct_as_percentage: bool = Field(description="Whether `amount` is a percent.")
    garnishment_type: str | None = Field(description="Kind of court-ordered garnishment.")
    child_support: dict[str, Any] | None = Field(description="Child support order details.")


class OnboardingDocumentsConfig(BaseModel):
    uuid: str | None = Field(description="UUID of the configuration (null: none set).")
    i9_document: bool = Field(description="Whether onboarding includes Form I-9.")


class EmployeePublic(BaseModel):
    uuid: str = uuid_field("PayrollEmployeeId", "employee")
    first_name: str = Field(description="Legal first name.")
    middle_initial: str | None = Field(description="Middle initial.")
    last_name: str = Field(description="Legal last name.")
    preferred_first_name: str | None = Field(description="Preferred first name.")
    email: str | None = Field(description="The employee's email address (the work email "
                              "for employees loaded from the HR system).",
                              json_schema_extra=entity("Email"))
    work_email: str | None = Field(description="The employee's work email address.",
                                   json_schema_extra=entity("Email"))
    employee_code: str = Field(description="The company's employee number for this person "
                               "(matches the HR system's employee number).",
                               json_schema_extra=entity("EmployeeNumber"))
    company_uuid: str = uuid_field("PayrollCompanyId", "employer")
    manager_uuid: str | None = Field(description="UUID of the employee's manager.",
                                     json_schema_extra=entity("PayrollEmployeeId"))
    version: str = Field(description=VERSION_DOC)
    department: str | None = Field(description="Title of the employee's department.",
                                   json_schema_extra=entity("DepartmentName"))
    department_uuid: str | None = Field(description="UUID of the employee's department.",
                                        json_schema_extra=entity("PayrollDepartmentId"))
    terminated: bool = Field(description="Whether a termination is in effect today.")
    two_percent_shareholder: bool = Field(description="Whether the employee owns >= 2%.")
    onboarded: bool = Field(description="Whether onboarding is complete.")
    onboarding_status: str | None = Field(description="The onboarding status.")
    historical: bool = Field(description="Whether the employee was imported as historical.")
    title: str = Field(description="Title of the employee's primary job (empty without one).")
    hired_at: str | None = Field(description="Date the employee was hired (the primary job's "
                                 "hire date; null before a job is added).")
    flsa_status: str | None = Field(description="FLSA status of the primary job's current "
                                    "compensation: `Exempt`, `Salaried Nonexempt`, "
                                    "`Nonexempt`, `Owner`, ... (null without one).")
    custom_fields: list[EmployeeCustomField] = Field(description="The employee's values of "
                                                     "the company's custom fields (the "
                                                     "company defines none).")
    jobs: list[JobPublic] = Field(description="The employee's jobs.")
    eligible_paid_time_off: list[PaidTimeOff] = Field(description="Paid time off policies "
                                                      "(none: time off lives in the HR "
                                                      "system).")
    terminations: list[TerminationPublic] = Field(description="The employee's terminations.")
    garnishments: list[Garnishment] = Field(description="Garnishments (none recorded).")
    onboarding_documents_config: OnboardingDocumentsConfig = Field(
        description="Which documents onboarding includes.")
    date_of_birth: str | None = Field(description="Date of birth (YYYY-MM-DD).")
    has_ssn: bool = Field(description="Whether an SSN is on file.")
    ssn: str = Field(description="Deprecated; always an empty string.")
    phone: str | None = Field(description="Phone number.")
    payment_method: str = Field(description="`Direct Deposit` or `Check`.")
    current_employment_status: str | None = Field(description="`full_time`, `part_time_...`, "
                                                  "`variable` or `seasonal`.")


class EmployeeCreate(In):
    first_name: str = Field(min_length=1, max_length=100, description="Legal first name.")
    last_name: str = Field(min_length=1, max_length=100, description="Legal last name.")
    middle_initial: str | None = Field(None, max_length=1, description="Middle initial.")
    preferred_first_name: str | None = Field(None, max_length=100,
                                             description="Preferred first name.")
    email: str | None = Field(None, max_length=254, description="Email address; must not "
                              "belong to another employee.", json_schema_extra=entity("Email"))
    work_email: str | None = Field(None, max_length=254, description="Work email address.",
                                   json_schema_extra=entity("Email"))
    date_of_birth: date | None = Field(None, description="Date of birth (YYYY-MM-DD).")
    ssn: str | None = Field(None, pattern=r"^\d{3}-?\d{2}-?\d{4}$",
                            description="Social Security number (9 digits).")
    self_onboarding: bool = Field(False, description="Whether the employee onboards "
                                  "themselves (else an admin completes onboarding).")


class EmployeeUpdate(In):
    version: str = Field(description="The employee's current `version` (from a GET).")
    first_name: str | None = Field(None, min_length=1, max_length=100,
                                   description="Legal first name.")
    middle_initial: str | None = Field(None, max_length=1, description="Middle initial.")
    last_name: str | None = Field(None, min_length=1, max_length=100,
                                  description="Legal last name.")
    preferred_first_name: str | None = Field(None, max_length=100,
                                             description="Preferred first name.")
    email: str | None = Field(None, max_length=254, description="Email address.",
                              json_schema_extra=entity("Email"))
    work_email: str | None = Field(None, max_length=254, description="Work email address.",
                                   json_schema_extra=entity("Email"))
    date_of_birth: date | None = Field(None, description="Date of birth (YYYY-MM-DD).")
    ssn: str | None = Field(None, pattern=r"^\d{3}-?\d{2}-?\d{4}$",
                            description="Social Security number (9 digits).")
    two_percent_shareholder: bool | None = Field(None, description="Owns >= 2% (S-Corp).")


class EmployeeCustomField(BaseModel):
    id: str = Field(description="UUID of the value.")
    company_custom_field_id: str = Field(description="UUID of the company's custom field.")
    name: str = Field(description="Name of the field.")
    type: str = Field(description="`text`, `currency`, `number`, `date` or `radio`.")
    description: str | None = Field(description="Description of the field.")
    value: str = Field(description="The employee's value.")
    selection_options: list[str] | None = Field(description="Choices of a `radio` field.")


class EmployeeCustomFieldList(BaseModel):
    custom_fields: list[EmployeeCustomField] = Field(description="The employee's custom "
                                                     "field values.")
