"""Jobs and their effective-dated compensations."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, decimal_text, uuid_field
from arcadia.apps.payroll.schemas.company import LocationPublic

PaymentUnit = Literal["Hour", "Week", "Month", "Year", "Paycheck"]
# Gusto documents the code as a string without a bound; Washington's risk classes are
# four digits and a two-digit sub-class (`4904-00`), so 20 characters hold any spelling.
WC_CLASS_CODE_MAX = 20
WC_CLASS_CODE_DOC = ("WA workers' comp risk class code, e.g. `4904-00` (at most "
                     f"{WC_CLASS_CODE_MAX} characters).")
FlsaStatus = Literal["Exempt", "Salaried Nonexempt", "Nonexempt", "Owner",
                     "Commission Only Exempt", "Commission Only Nonexempt"]


class MinimumWage(BaseModel):
    uuid: str = Field(description="UUID of the minimum wage.")
    wage: str = Field(description="The minimum wage amount.")
    effective_date: str = Field(description="Date from which it applies.")


class CompensationPublic(BaseModel):
    uuid: str = uuid_field("PayrollCompensationId", "compensation")
    version: str = Field(description=VERSION_DOC)
    job_uuid: str = uuid_field("PayrollJobId", "job the compensation belongs to")
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee")
    rate: str = Field(description="Dollar amount paid per payment unit, e.g. `85000.00`.")
    payment_unit: str = Field(description="`Hour`, `Week`, `Month`, `Year` or `Paycheck`.")
    flsa_status: str = Field(description="FLSA status: `Exempt` (salaried), `Nonexempt` "
                             "(hourly), `Salaried Nonexempt`, `Owner`, ...")
    title: str | None = Field(description="The job title this compensation is for.")
    effective_date: str = Field(description="Date from which this compensation applies.")
    adjust_for_minimum_wage: bool = Field(description="Whether it may be raised to the "
                                          "minimum wage in payroll calculation.")
    minimum_wages: list[MinimumWage] = Field(description="Minimum wages applied (none: no "
                                             "compensation is adjusted to one).")


class JobPublic(BaseModel):
    uuid: str = uuid_field("PayrollJobId", "job")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee the job belongs to")
    hire_date: str = Field(description="Date the employee was hired for this job.")
    title: str | None = Field(description="The job title.")
    primary: bool = Field(description="Whether this is the employee's primary job.")
    rate: str | None = Field(description="Rate of the job's current compensation.")
    payment_unit: str | None = Field(description="Payment unit of the current compensation.")
    current_compensation_uuid: str | None = Field(
        description="UUID of the compensation in effect today.",
        json_schema_extra=entity("PayrollCompensationId"))
    location_uuid: str | None = Field(description="UUID of the job's work location.",
                                      json_schema_extra=entity("PayrollLocationId"))
    location: LocationPublic | None = Field(description="The job's work location.")
    two_percent_shareholder: bool = Field(description="Whether the employee owns >= 2%.")
    state_wc_covered: bool | None = Field(description="Washington workers' comp coverage.")
    state_wc_class_code: str | None = Field(description="Washington workers' comp class.")
    compensations: list[CompensationPublic] = Field(
        description="The current compensation only, unless `include=all_compensations`.")


class JobCreate(In):
    title: str | None = Field(None, min_length=1, max_length=200, description="The job title.")
    hire_date: date = Field(description="Date the employee was hired for this job.")
    location_uuid: str | None = Field(None, description="UUID of a company location.",
                                      json_schema_extra=entity("PayrollLocationId"))
    two_percent_shareholder: bool = Field(False, description="Owns >= 2% of the company.")
    state_wc_covered: bool | None = Field(None, description="WA workers' comp coverage.")
    state_wc_class_code: str | None = Field(None, max_length=WC_CLASS_CODE_MAX,
                                            description=WC_CLASS_CODE_DOC)


class JobUpdate(In):
    version: str = Field(description="The job's current `version` (from a GET).")
    title: str | None = Field(None, min_length=1, max_length=200, description="The job title.")
    hire_date: date | None = Field(None, description="Date the employee was hired.")
    location_uuid: str | None = Field(None, description="UUID of a company location.",
                                      json_schema_extra=entity("PayrollLocationId"))
    two_percent_shareholder: bool | None = Field(None, description="Owns >= 2%.")
    state_wc_covered: bool | None = Field(None, description="WA workers' comp coverage.")
    state_wc_class_code: str | None = Field(None, max_length=WC_CLASS_CODE_MAX,
                                            description=WC_CLASS_CODE_DOC)


class CompensationCreate(In):
    rate: str = Field(description="Dollar amount per payment unit as a decimal string, "
                      "e.g. `\"92000.00\"` a year or `\"27.50\"` an hour.")
    payment_unit: PaymentUnit = Field(description="The unit of `rate`.")
    flsa_status: FlsaStatus = Field(description="FLSA status: `Exempt` for salaried, "
                                    "`Nonexempt` for hourly.")
    effective_date: date | None = Field(None, description="Date it takes effect; defaults "
                                        "to today. Must differ from the job's other "
                                        "compensations.")
    adjust_for_minimum_wage: bool = Field(False, description="May be raised to minimum wage.")

    _rate = field_validator("rate", mode="before")(decimal_text)


class CompensationUpdate(In):
    version: str = Field(description="The compensation's current `version` (from a GET).")
    rate: str | None = Field(None, description="Dollar amount per payment unit as a "
                             "decimal string, e.g. `\"92000.00\"`.")
    payment_unit: PaymentUnit | None = Field(None, description="The unit of `rate`.")
    flsa_status: FlsaStatus | None = Field(None, description="FLSA status.")
    effective_date: date | None = Field(None, description="Date it takes effect.")
    adjust_for_minimum_wage: bool | None = Field(None, description="May be raised to "
                                                 "minimum wage.")

    _rate = field_validator("rate", mode="before")(decimal_text)
