"""Contractors (individuals and businesses) and their addresses."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, decimal_text, uuid_field

ContractorType = Literal["Individual", "Business"]
WageType = Literal["Fixed", "Hourly"]


class ContractorAddress(BaseModel):
    street_1: str | None = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str | None = Field(description="City.")
    state: str | None = Field(description="Two-letter state code.")
    zip: str | None = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class ContractorPublic(BaseModel):
    uuid: str = uuid_field("PayrollContractorId", "contractor")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
    type: str = Field(description="`Individual` or `Business`.")
    wage_type: str = Field(description="`Fixed` or `Hourly`.")
    is_active: bool = Field(description="Whether the contractor currently works for the "
                            "company.")
    first_name: str | None = Field(description="First name (Individual).")
    last_name: str | None = Field(description="Last name (Individual).")
    middle_initial: str | None = Field(description="Middle initial (Individual).")
    business_name: str | None = Field(description="Business name (Business).")
    ein: str | None = Field(description="The business's EIN, masked but the last four.")
    has_ein: bool = Field(description="Whether an EIN is on file.")
    email: str | None = Field(description="Email address.")
    start_date: str = Field(description="Date the contractor started working.")
    address: ContractorAddress | None = Field(description="The contractor's address.")
    hourly_rate: str = Field(description="Hourly rate (`0.00` for Fixed contractors).")
    file_new_hire_report: bool = Field(description="Whether a new hire report is filed.")
    work_state: str | None = Field(description="State where the contractor works.")
    onboarded: bool = Field(description="Whether onboarding is complete.")
    onboarding_status: str = Field(description="The onboarding status.")
    payment_method: str | None = Field(description="`Direct Deposit` or `Check`.")
    has_ssn: bool = Field(description="Whether an SSN is on file (Individual).")
    department_uuid: str | None = Field(description="UUID of the contractor's department.",
                                        json_schema_extra=entity("PayrollDepartmentId"))
    department: str | None = Field(description="Title of the contractor's department.",
                                   json_schema_extra=entity("DepartmentName"))
    department_title: str | None = Field(description="Same as `department`.")
    dismissal_date: str | None = Field(description="Last day of work of a dismissed "
                                       "contractor.")
    upcoming_employment: dict[str, Any] | None = Field(description="A scheduled rehire "
                                                       "(`start_date`, `setup_status`).")
    dismissal_cancellation_eligible: bool = Field(description="Whether a scheduled "
                                                  "dismissal can still be cancelled.")
    rehire_cancellation_eligible: bool = Field(description="Whether a scheduled rehire can "
                                               "still be cancelled.")


class ContractorCreate(In):
    type: ContractorType = Field("Individual", description="`Individual` or `Business`.")
    wage_type: WageType = Field(description="`Fixed` or `Hourly`.")
    start_date: date = Field(description="Date the contractor starts working.")
    hourly_rate: str | None = Field(None, description="Hourly rate; required for Hourly.")
    self_onboarding: bool = Field(False, description="Whether the contractor onboards "
                                  "themselves.")
    email: str | None = Field(None, max_length=254, description="Email address; required "
                              "for self onboarding.")
    first_name: str | None = Field(None, max_length=100, description="First name; required "
                                   "for Individual.")
    last_name: str | None = Field(None, max_length=100, description="Last name; required "
                                  "for Individual.")
    middle_initial: str | None = Field(None, max_length=1, description="Middle initial.")
    file_new_hire_report: bool = Field(False, description="File a new hire report.")
    work_state: str | None = Field(None, description="Two-letter state where they work.")
    ssn: str | None = Field(None, pattern=r"^[0-9]{3}-?[0-9]{2}-?[0-9]{4}$",
                            description="Social Security number (Individual).")
    business_name: str | None = Field(None, max_length=200, description="Business name; "
                                      "required for Business.")
    ein: str | None = Field(None, pattern=r"^[0-9]{2}-?[0-9]{7}$",
                            description="EIN (Business): 9 digits.")
    is_active: bool = Field(True, description="Whether the contractor is active.")

    _rate = field_validator("hourly_rate", mode="before")(decimal_text)


class ContractorUpdate(In):
    version: str = Field(description="The contractor's current `version` (from a GET).")
    type: ContractorType | None = Field(None, description="`Individual` or `Business`.")
    wage_type: WageType | None = Field(None, description="`Fixed` or `Hourly`.")
    start_date: date | None = Field(None, description="Date the contractor started.")
    hourly_rate: str | None = Field(None, description="Hourly rate.")
    self_onboarding: bool | None = Field(None, description="Whether the contractor onboards "
                                         "themselves (only before onboarding completes).")
    email: str | None = Field(None, max_length=254, description="Email address.")
    first_name: str | None = Field(None, max_length=100, description="First name.")
    last_name: str | None = Field(None, max_length=100, description="Last name.")
    middle_initial: str | None = Field(None, max_length=1, description="Middle initial.")
    file_new_hire_report: bool | None = Field(None, description="File a new hire report.")
    work_state: str | None = Field(None, description="Two-letter state where they work.")
    ssn: str | None = Field(None, pattern=r"^[0-9]{3}-?[0-9]{2}-?[0-9]{4}$",
                            description="Social Security number.")
    business_name: str | None = Field(None, max_length=200, description="Business name.")
    ein: str | None = Field(None, pattern=r"^[0-9]{2}-?[0-9]{7}$", description="EIN: 9 digits.")
    is_active: bool | None = Field(None, description="Whether the contractor is active.")

    _rate = field_validator("hourly_rate", mode="before")(decimal_text)


class ContractorAddressPublic(BaseModel):
    version: str = Field(description=VERSION_DOC)
    contractor_uuid: str = uuid_field("PayrollContractorId", "contractor")
    street_1: str | None = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str | None = Field(description="City.")
    state: str | None = Field(description="Two-letter state code.")
    zip: str | None = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    active: bool = Field(description="Whether this is the contractor's current address.")


class ContractorAddressUpdate(In):
    version: str = Field(description="The address's current `version` (from a GET).")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")
