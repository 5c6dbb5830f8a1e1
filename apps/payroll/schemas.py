"""Wire schemas: Gusto's field names, every field described, identities marked `x-entity`.

Identity names: Gusto's UUIDs are not interchangeable with other apps' ids, so they carry
`Payroll...` entity names; the identities an agent can use to match a payroll employee
to another system's record are `Email` (work email), `EmployeeNumber` (`employee_code`)
and `DepartmentName` (a department's `title`).
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arcadia.apps.kernel import entity

PaymentUnit = Literal["Hour", "Week", "Month", "Year", "Paycheck"]
FlsaStatus = Literal["Exempt", "Salaried Nonexempt", "Nonexempt", "Owner",
                     "Commission Only Exempt", "Commission Only Nonexempt"]
AccountType = Literal["Checking", "Savings"]
PaymentMethodType = Literal["Direct Deposit", "Check"]
SplitBy = Literal["Percentage", "Amount"]
ContractorType = Literal["Individual", "Business"]
WageType = Literal["Fixed", "Hourly"]

VERSION_DOC = ("The current version of the object, derived from its updatable attributes; "
               "send it back unchanged when updating (a stale version gets 409).")


def _uuid(name: str, what: str) -> Any:
    return Field(description=f"The UUID of the {what}.", json_schema_extra=entity(name))


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- company, locations, departments ---------------------------------------------


class TokenResource(BaseModel):
    type: str = Field(description="Kind of resource the token acts on (`Company`).")
    uuid: str = Field(description="UUID of that resource.", json_schema_extra=entity(
        "PayrollCompanyId"))


class TokenOwner(BaseModel):
    type: str = Field(description="Kind of owner of the token: `CompanyAdmin` for a payroll "
                      "admin, `Employee` for anyone else.")
    uuid: str = Field(description="UUID of the signed-in user (a Gusto user, not an "
                      "employee record).", json_schema_extra=entity("PayrollUserId"))


class TokenInfo(BaseModel):
    scope: str = Field(description="Space-separated scopes the token carries.")
    resource: TokenResource = Field(description="The company this token can act on.")
    resource_owner: TokenOwner = Field(description="Who the token belongs to.")


class LocationPublic(BaseModel):
    uuid: str = _uuid("PayrollLocationId", "location")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = _uuid("PayrollCompanyId", "company the location belongs to")
    phone_number: str = Field(description="The phone number for the location.")
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    mailing_address: bool = Field(description="Whether this is the company's mailing address.")
    filing_address: bool = Field(description="Whether this is the company's filing address.")
    created_at: str = Field(description="When the location was created (ISO 8601).")
    updated_at: str = Field(description="When the location was last updated (ISO 8601).")
    active: bool = Field(description="Whether the location is in use.")
    inactive: bool = Field(description="The negation of `active`.")


class CompanyPublic(BaseModel):
    uuid: str = _uuid("PayrollCompanyId", "company")
    name: str = Field(description="The legal name of the company.")
    trade_name: str | None = Field(description="The trade name of the company.")
    slug: str = Field(description="The slug of the company name.")
    ein: str = Field(description="The Federal Employer Identification Number.")
    entity_type: str = Field(description="The tax payer type of the company.")
    tier: str = Field(description="The Gusto product tier of the company.")
    is_suspended: bool = Field(description="Whether the company is suspended.")
    company_status: str = Field(description="`Approved`, `Not Approved` or `Suspended`.")
    is_partner_managed: bool = Field(description="Whether a partner manages it via the API.")
    pay_schedule_type: str = Field(description="The pay schedule assignment type (`single`).")
    join_date: str = Field(description="The company's first invoiceable date.")
    funding_type: str = Field(description="The company's default funding type.")
    contractor_only: bool = Field(description="Whether the company pays only contractors.")
    is_high_risk_business: bool = Field(description="Whether the company is flagged as a "
                                        "high-risk business.")
    is_marijuana_business: bool = Field(description="Whether the company is a marijuana "
                                        "business.")
    locations: list[LocationPublic] = Field(description="The company's locations.")
    compensations: CompanyCompensations = Field(description="The earning types the company "
                                                "can pay: hourly (with multiples), fixed and "
                                                "paid time off.")
    primary_signatory: PrimarySignatory | None = Field(description="Who signs the company's "
                                                       "tax forms.")
    primary_payroll_admin: PrimaryPayrollAdmin | None = Field(
        description="The company's primary payroll admin.")


class HourlyRate(BaseModel):
    uuid: str | None = Field(description="UUID of the hourly earning type.")
    name: str = Field(description="Name, e.g. `Overtime`.")
    multiple: float = Field(description="Multiplier applied to the job's base rate.")


class NamedEarning(BaseModel):
    uuid: str | None = Field(description="UUID of the earning type (null for built-ins "
                             "that cannot be customised).")
    name: str = Field(description="Name, e.g. `Bonus` or `Vacation Hours`.")


class CompanyCompensations(BaseModel):
    hourly: list[HourlyRate] = Field(description="Hourly earning types.")
    fixed: list[NamedEarning] = Field(description="Fixed earning types (bonus, commission, "
                                      "...).")
    paid_time_off: list[NamedEarning] = Field(description="Paid time off types.")


class SignatoryAddress(BaseModel):
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class PrimarySignatory(BaseModel):
    uuid: str = Field(description="UUID of the signatory.",
                      json_schema_extra=entity("PayrollSignatoryId"))
    first_name: str = Field(description="First name.")
    middle_initial: str | None = Field(description="Middle initial.")
    last_name: str = Field(description="Last name.")
    phone: str | None = Field(description="Phone number.")
    email: str | None = Field(description="Email address.", json_schema_extra=entity("Email"))
    home_address: SignatoryAddress | None = Field(description="The signatory's current home "
                                                  "address.")


class PrimaryPayrollAdmin(BaseModel):
    first_name: str = Field(description="First name.")
    last_name: str = Field(description="Last name.")
    phone: str | None = Field(description="Phone number.")
    email: str | None = Field(description="Email address.", json_schema_extra=entity("Email"))


class DepartmentMember(BaseModel):
    uuid: str = _uuid("PayrollEmployeeId", "employee in the department")


class DepartmentContractor(BaseModel):
    uuid: str = _uuid("PayrollContractorId", "contractor in the department")


class DepartmentPublic(BaseModel):
    uuid: str = _uuid("PayrollDepartmentId", "department")
    version: str = Field(description=VERSION_DOC + " Changes whenever members change.")
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    title: str = Field(description="Name of the department.",
                       json_schema_extra=entity("DepartmentName"))
    employees: list[DepartmentMember] = Field(description="Employees assigned to it.")
    contractors: list[DepartmentContractor] = Field(description="Contractors assigned to "
                                                    "it.")


class PersonRef(_In):
    uuid: str = Field(description="UUID of the employee.",
                      json_schema_extra=entity("PayrollEmployeeId"))


class ContractorRef(_In):
    uuid: str = Field(description="UUID of the contractor.",
                      json_schema_extra=entity("PayrollContractorId"))


class DepartmentPeople(_In):
    version: str = Field(description="The department's current `version` (from a GET).")
    employees: list[PersonRef] = Field(default_factory=list,
                                       description="Employees to add or remove.")
    contractors: list[ContractorRef] = Field(default_factory=list,
                                         description="Contractors to add or remove.")


class DepartmentCreate(_In):
    title: str = Field(min_length=1, max_length=200, description="Name of the department; "
                       "unique within the company.")


class DepartmentUpdate(_In):
    version: str = Field(description="The department's current `version` (from a GET).")
    title: str | None = Field(None, min_length=1, max_length=200,
                              description="New name of the department.")


class LocationCreate(_In):
    phone_number: str = Field(description="Phone number: 10 digits.")
    street_1: str = Field(min_length=1, max_length=200, description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str = Field(min_length=1, max_length=100, description="City.")
    state: str = Field(description="Two-letter state code, e.g. `PA`.")
    zip: str = Field(description="ZIP code: 5 digits, or ZIP+4.")
    country: str = Field("USA", description="Country code; only `USA` is supported.")
    mailing_address: bool | None = Field(None, description="Make this the company's mailing "
                                         "address.")
    filing_address: bool | None = Field(None, description="Make this the company's filing "
                                        "address.")


class LocationUpdate(_In):
    version: str = Field(description="The location's current `version` (from a GET).")
    phone_number: str | None = Field(None, description="Phone number: 10 digits.")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")
    country: str | None = Field(None, description="Country code; only `USA` is supported.")
    mailing_address: bool | None = Field(None, description="Make this the company's mailing "
                                         "address.")
    filing_address: bool | None = Field(None, description="Make this the company's filing "
                                        "address.")


# --- employees, jobs, compensations, terminations --------------------------------


class MinimumWage(BaseModel):
    uuid: str = Field(description="UUID of the minimum wage.")
    wage: str = Field(description="The minimum wage amount.")
    effective_date: str = Field(description="Date from which it applies.")


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
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee")
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


class CompensationPublic(BaseModel):
    uuid: str = _uuid("PayrollCompensationId", "compensation")
    version: str = Field(description=VERSION_DOC)
    job_uuid: str = _uuid("PayrollJobId", "job the compensation belongs to")
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee")
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
    uuid: str = _uuid("PayrollJobId", "job")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee the job belongs to")
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


class TerminationPublic(BaseModel):
    uuid: str = _uuid("PayrollTerminationId", "termination")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = _uuid("PayrollEmployeeId", "terminated employee")
    active: bool = Field(description="Whether the termination has gone into effect.")
    cancelable: bool = Field(description="True if `run_termination_payroll` is false and "
                             "the effective date is in the future.")
    effective_date: str = Field(description="The employee's last day of work.")
    run_termination_payroll: bool = Field(description="Whether final wages go out in an "
                                          "off-cycle payroll.")


class EmployeePublic(BaseModel):
    uuid: str = _uuid("PayrollEmployeeId", "employee")
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
    company_uuid: str = _uuid("PayrollCompanyId", "employer")
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


class EmployeeCreate(_In):
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


class EmployeeUpdate(_In):
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


class JobCreate(_In):
    title: str | None = Field(None, min_length=1, max_length=200, description="The job title.")
    hire_date: date = Field(description="Date the employee was hired for this job.")
    location_uuid: str | None = Field(None, description="UUID of a company location.",
                                      json_schema_extra=entity("PayrollLocationId"))
    two_percent_shareholder: bool = Field(False, description="Owns >= 2% of the company.")
    state_wc_covered: bool | None = Field(None, description="WA workers' comp coverage.")
    state_wc_class_code: str | None = Field(None, description="WA workers' comp class code.")


class JobUpdate(_In):
    version: str = Field(description="The job's current `version` (from a GET).")
    title: str | None = Field(None, min_length=1, max_length=200, description="The job title.")
    hire_date: date | None = Field(None, description="Date the employee was hired.")
    location_uuid: str | None = Field(None, description="UUID of a company location.",
                                      json_schema_extra=entity("PayrollLocationId"))
    two_percent_shareholder: bool | None = Field(None, description="Owns >= 2%.")
    state_wc_covered: bool | None = Field(None, description="WA workers' comp coverage.")
    state_wc_class_code: str | None = Field(None, description="WA workers' comp class code.")


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


def _decimal_text(value: Any) -> Any:
    """Accept `85000`, `85000.5` or `"85000.50"`; the service checks the amount itself."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return str(value)
    return value


class CompensationCreate(_In):
    rate: str = Field(description="Dollar amount per payment unit as a decimal string, "
                      "e.g. `\"92000.00\"` a year or `\"27.50\"` an hour.")
    payment_unit: PaymentUnit = Field(description="The unit of `rate`.")
    flsa_status: FlsaStatus = Field(description="FLSA status: `Exempt` for salaried, "
                                    "`Nonexempt` for hourly.")
    effective_date: date | None = Field(None, description="Date it takes effect; defaults "
                                        "to today. Must differ from the job's other "
                                        "compensations.")
    adjust_for_minimum_wage: bool = Field(False, description="May be raised to minimum wage.")

    _rate = field_validator("rate", mode="before")(_decimal_text)


class CompensationUpdate(_In):
    version: str = Field(description="The compensation's current `version` (from a GET).")
    rate: str | None = Field(None, description="Dollar amount per payment unit as a "
                             "decimal string, e.g. `\"92000.00\"`.")
    payment_unit: PaymentUnit | None = Field(None, description="The unit of `rate`.")
    flsa_status: FlsaStatus | None = Field(None, description="FLSA status.")
    effective_date: date | None = Field(None, description="Date it takes effect.")
    adjust_for_minimum_wage: bool | None = Field(None, description="May be raised to "
                                                 "minimum wage.")

    _rate = field_validator("rate", mode="before")(_decimal_text)


class TerminationCreate(_In):
    effective_date: date = Field(description="The employee's last day of work (YYYY-MM-DD).")
    run_termination_payroll: bool = Field(False, description="Pay final wages in an "
                                          "off-cycle payroll instead of the regular one.")


class EmploymentPublic(BaseModel):
    hire_date: str = Field(description="First day of work of this employment.")
    termination_date: str | None = Field(description="Last day of work of this employment "
                                         "(null while it lasts).")
    file_new_hire_report: bool = Field(description="Whether Gusto files a new hire report.")
    two_percent_shareholder: bool = Field(description="Whether the employee owns >= 2%.")
    employment_status: str = Field(description="`full_time`, `part_time`, `variable`, "
                                   "`seasonal` or `not_set`.")


class TerminationUpdate(_In):
    version: str = Field(description="The termination's current `version` (from a GET).")
    effective_date: date = Field(description="The employee's last day of work (YYYY-MM-DD).")
    run_termination_payroll: bool | None = Field(None, description="Pay final wages in an "
                                                 "off-cycle payroll.")


class HomeAddressPublic(BaseModel):
    uuid: str = _uuid("PayrollHomeAddressId", "home address")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee")
    street_1: str = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    active: bool = Field(description="Whether this is the address in effect today.")
    effective_date: str = Field(description="Date from which the employee lives here.")
    courtesy_withholding: bool = Field(description="Whether the employer withholds the home "
                                       "state's taxes as a courtesy.")


class HomeAddressCreate(_In):
    street_1: str = Field(min_length=1, max_length=200, description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str = Field(min_length=1, max_length=100, description="City.")
    state: str = Field(description="Two-letter state code, e.g. `PA`.")
    zip: str = Field(description="ZIP code: 5 digits, or ZIP+4.")
    effective_date: date | None = Field(None, description="Date the employee moved in; "
                                        "defaults to today. One address per date.")
    courtesy_withholding: bool = Field(False, description="Withhold the home state's taxes "
                                       "as a courtesy.")


class HomeAddressUpdate(_In):
    version: str = Field(description="The address's current `version` (from a GET).")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")
    effective_date: date | None = Field(None, description="Date the employee moved in.")
    courtesy_withholding: bool | None = Field(None, description="Withhold the home state's "
                                              "taxes as a courtesy.")


class PaymentSplit(BaseModel):
    uuid: str = _uuid("PayrollBankAccountId", "bank account")
    name: str = Field(description="Name of the bank account.")
    hidden_account_number: str = Field(description="Masked account number (`XXXX1234`).")
    priority: int = Field(description="Order in which the accounts are paid (1 first).")
    split_amount: int | None = Field(description="Percent of net pay (split_by Percentage) "
                                     "or cents (split_by Amount); null for the account that "
                                     "takes the remainder of an Amount split.")


class PaymentMethodPublic(BaseModel):
    version: str = Field(description=VERSION_DOC)
    type: str = Field(description="`Direct Deposit` or `Check`.")
    split_by: str | None = Field(description="`Percentage` or `Amount` (null for Check).")
    splits: list[PaymentSplit] | None = Field(description="How net pay is split over the "
                                              "bank accounts (null for Check).")


class SplitIn(_In):
    uuid: str = Field(description="UUID of one of the employee's bank accounts.",
                      json_schema_extra=entity("PayrollBankAccountId"))
    name: str | None = Field(None, description="Name of the account (ignored; the account's "
                             "own name is kept).")
    priority: int = Field(ge=1, le=100, description="Order of payment (1 first); unique.")
    split_amount: int | None = Field(None, ge=0, le=100_000_000, description="Percent "
                                     "(Percentage) or cents (Amount); null for the last "
                                     "account of an Amount split, which takes the remainder.")


class PaymentMethodUpdate(_In):
    version: str = Field(description="The payment method's current `version` (from a GET).")
    type: PaymentMethodType = Field(description="`Direct Deposit` or `Check`.")
    split_by: SplitBy | None = Field(None, description="Required for Direct Deposit.")
    splits: list[SplitIn] | None = Field(None, max_length=20, description="Required for "
                                         "Direct Deposit: the accounts and their shares. "
                                         "Percentages add up to 100.")


class ContractorAddress(BaseModel):
    street_1: str | None = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str | None = Field(description="City.")
    state: str | None = Field(description="Two-letter state code.")
    zip: str | None = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class ContractorPublic(BaseModel):
    uuid: str = _uuid("PayrollContractorId", "contractor")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = _uuid("PayrollCompanyId", "company")
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


class ContractorCreate(_In):
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

    _rate = field_validator("hourly_rate", mode="before")(_decimal_text)


class ContractorUpdate(_In):
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

    _rate = field_validator("hourly_rate", mode="before")(_decimal_text)


# A plain amount: ASCII digits (at most ten before the point), at most two decimals; no
# exponent, no NaN/Infinity, no other script's digits (Decimal would accept all of those).
_MONEY = re.compile(r"[0-9]{1,10}(\.[0-9]{1,2})?")


def parse_money(text: str) -> Decimal | None:
    """A positive amount with at most two decimals, or None when `text` is not one."""
    if not isinstance(text, str) or not _MONEY.fullmatch(text.strip()):
        return None
    value = Decimal(text.strip())
    return value if value > 0 else None


# --- pay schedules and payrolls -----------------------------------------------------


class WorkAddressPublic(BaseModel):
    uuid: str = _uuid("PayrollWorkAddressId", "work address")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee")
    location_uuid: str = _uuid("PayrollLocationId", "company location worked at")
    effective_date: str = Field(description="Date from which the employee works there.")
    active: bool = Field(description="Whether this is the work address in effect today.")
    street_1: str = Field(description="First line of the location's street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str = Field(description="City.")
    state: str = Field(description="Two-letter state code.")
    zip: str = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")


class WorkAddressCreate(_In):
    location_uuid: str = Field(description="UUID of one of the company's locations.",
                               json_schema_extra=entity("PayrollLocationId"))
    effective_date: date | None = Field(None, description="First day at this location; "
                                        "defaults to today. One work address per date.")


class WorkAddressUpdate(_In):
    version: str = Field(description="The work address's current `version` (from a GET).")
    location_uuid: str | None = Field(None, description="UUID of one of the company's "
                                      "locations.", json_schema_extra=entity(
                                          "PayrollLocationId"))
    effective_date: date | None = Field(None, description="First day at this location.")


class ContractorAddressPublic(BaseModel):
    version: str = Field(description=VERSION_DOC)
    contractor_uuid: str = _uuid("PayrollContractorId", "contractor")
    street_1: str | None = Field(description="First line of the street address.")
    street_2: str | None = Field(description="Second line of the street address.")
    city: str | None = Field(description="City.")
    state: str | None = Field(description="Two-letter state code.")
    zip: str | None = Field(description="ZIP code.")
    country: str = Field(description="Country code (`USA`).")
    active: bool = Field(description="Whether this is the contractor's current address.")


class ContractorAddressUpdate(_In):
    version: str = Field(description="The address's current `version` (from a GET).")
    street_1: str | None = Field(None, min_length=1, max_length=200,
                                 description="First address line.")
    street_2: str | None = Field(None, max_length=200, description="Second address line.")
    city: str | None = Field(None, min_length=1, max_length=100, description="City.")
    state: str | None = Field(None, description="Two-letter state code.")
    zip: str | None = Field(None, description="ZIP code: 5 digits, or ZIP+4.")


class BenefitEnrollment(BaseModel):
    uuid: str = _uuid("PayrollEmployeeBenefitId", "employee benefit")
    employee_uuid: str = _uuid("PayrollEmployeeId", "enrolled employee")
    company_benefit_uuid: str = _uuid("PayrollCompanyBenefitId", "company benefit")
    active: bool = Field(description="Whether the enrolment is active.")
    deduct_as_percentage: bool = Field(description="Whether the deduction is a percent.")
    employee_deduction: str = Field(description="Deducted from pay each period.")
    company_contribution: str = Field(description="Paid by the company each period.")
    contribution: dict[str, str] = Field(description="Company contribution scheme "
                                         "(`type`, `value`).")


class CompanyBenefitDetail(BaseModel):
    uuid: str = _uuid("PayrollCompanyBenefitId", "company benefit")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    benefit_type: int = Field(description="Gusto benefit type (1 medical, 2 dental, "
                              "3 vision, 105 401(k)).")
    active: bool = Field(description="Whether employees can participate.")
    description: str = Field(description="The plan's name, e.g. `Aetna Choice PPO`.")
    source: str = Field(description="`internal`, `external` or `partnered`.")
    partner_name: str | None = Field(description="Partner that created it, if any.")
    deletable: bool = Field(description="Whether it can be deleted.")
    supports_percentage_amounts: bool = Field(description="Whether amounts may be percents.")
    catch_up_type: str | None = Field(description="Catch-up contribution type (401(k)).")
    responsible_for_employer_taxes: bool = Field(description="Third-party sick pay only: "
                                                 "whether the employer pays employer taxes.")
    responsible_for_employee_w2: bool = Field(description="Third-party sick pay only: "
                                              "whether the employer files the W-2.")
    employee_benefits: list[BenefitEnrollment] | None = Field(
        description="The enrolments (only with `with_employee_benefits=true`).")


class CompanyUpdate(_In):
    contractor_only: bool = Field(description="Whether the company pays contractors only "
                                  "(true is refused while it employs anyone).")


class BankAccountUpdate(_In):
    name: str = Field(min_length=1, max_length=100, description="Name of the account.")
    routing_number: str = Field(description="9-digit ABA routing number with a valid "
                                "check digit.")
    account_number: str = Field(description="Account number: 4 to 17 digits.")
    account_type: AccountType = Field(description="`Checking` or `Savings`.")


class CompanyCustomFieldList(BaseModel):
    custom_fields: list[dict[str, Any]] = Field(description="The company's custom fields "
                                                "(it defines none).")


class AutoPayrollBlocker(BaseModel):
    key: str = Field(description="The blocker, e.g. `employees_not_on_direct_deposit` or "
                     "`employees_not_salaried`.")
    metadata: dict[str, Any] = Field(description="Details, e.g. the `employee_uuids` "
                                     "concerned.")


class PaySchedulePublic(BaseModel):
    uuid: str = _uuid("PayrollPayScheduleId", "pay schedule")
    version: str = Field(description=VERSION_DOC)
    frequency: str = Field(description="How often employees are paid (`Twice per month`).")
    anchor_pay_date: str = Field(description="First pay date of the schedule.")
    anchor_end_of_pay_period: str = Field(description="Last day of the first pay period.")
    day_1: int | None = Field(description="First pay day of the month.")
    day_2: int | None = Field(description="Second pay day of the month (31 = month end).")
    name: str | None = Field(description="`hourly`/`salaried`/department, null for all.")
    custom_name: str = Field(description="Description of the schedule.")
    auto_pilot: bool = Field(description="Whether payroll runs automatically (the older "
                             "name of `auto_payroll`).")
    auto_payroll: bool = Field(description="Whether payroll runs automatically one day "
                               "before each payroll deadline.")
    active: bool = Field(description="Whether employees are assigned to it.")
    auto_payroll_enablement_blockers: list[AutoPayrollBlocker] = Field(
        description="What keeps automatic payroll from being turned on (empty if nothing).")


class PayPeriod(BaseModel):
    start_date: str = Field(description="First day of the pay period (inclusive).")
    end_date: str = Field(description="Last day of the pay period (inclusive).")
    pay_schedule_uuid: str | None = Field(None, description="UUID of the pay schedule (left "
                                          "out for off-cycle payrolls).",
                                          json_schema_extra=entity("PayrollPayScheduleId"))


class PayrollTotals(BaseModel):
    company_debit: str = Field(description="Total debited from the company.")
    net_pay_debit: str = Field(description="Total net pay debited.")
    tax_debit: str = Field(description="Total taxes debited (employee + employer).")
    reimbursement_debit: str = Field(description="Total reimbursements debited.")
    child_support_debit: str = Field(description="Total child support debited.")
    reimbursements: str = Field(description="Total reimbursements.")
    net_pay: str = Field(description="Total net pay.")
    gross_pay: str = Field(description="Total gross pay.")
    employee_bonuses: str = Field(description="Total bonuses.")
    employee_commissions: str = Field(description="Total commissions.")
    employee_cash_tips: str = Field(description="Total cash tips.")
    employee_paycheck_tips: str = Field(description="Total paycheck tips.")
    additional_earnings: str = Field(description="Total additional earnings.")
    owners_draw: str = Field(description="Total owner's draw.")
    check_amount: str = Field(description="Total check amount.")
    employer_taxes: str = Field(description="Total employer-paid taxes.")
    employee_taxes: str = Field(description="Total employee-paid taxes.")
    benefits: str = Field(description="Total company benefit contributions.")
    employee_benefits_deductions: str = Field(description="Total employee benefit deductions.")
    imputed_pay: str = Field(description="Total imputed pay.")
    deferred_payroll_taxes: str = Field(description="Total deferred payroll taxes.")
    other_deductions: str = Field(description="Total other deductions.")


class HourlyCompensation(BaseModel):
    name: str = Field(description="Kind of hours: `Regular Hours`, `Overtime` or "
                      "`Double overtime`; the name identifies the compensation in an update.")
    hours: str = Field(description="Hours paid in the period, to the thousandth.")
    amount: str | None = Field(None, description="Amount paid for those hours; only once "
                               "the payroll is calculated (it cannot be set in an update).")
    job_uuid: str = _uuid("PayrollJobId", "job paid")
    compensation_multiplier: float = Field(description="Multiplier on the base rate "
                                           "(1.0 regular, 1.5 overtime, 2.0 double).")
    flsa_status: str = Field(description="FLSA status of the job's compensation.")


class FixedCompensation(BaseModel):
    name: str = Field(description="`Bonus`, `Commission`, `Paycheck Tips`, `Cash Tips`, "
                      "`Correction Payment`, `Severance` or `Reimbursement`.")
    amount: str = Field(description="Amount for the period (dollars, two decimals).")
    job_uuid: str = _uuid("PayrollJobId", "job paid")


class PayrollPaidTimeOff(BaseModel):
    name: str = Field(description="`Vacation Hours`, `Sick Hours` or `Holiday Hours`.")
    hours: str = Field(description="Hours of this time off taken in the period.")
    final_payout_unused_hours_input: str | None = Field(
        None, description="Unused hours paid out on termination (termination payrolls).")


class Deduction(BaseModel):
    name: str = Field(description="The benefit the deduction pays for.")
    amount: float = Field(description="Amount deducted in the period.")
    amount_type: str | None = Field(None, description="`fixed` or `percent`.")
    uuid: str | None = Field(None, description="UUID of the employee benefit deducted.",
                             json_schema_extra=entity("PayrollEmployeeBenefitId"))
    updatable_via_payroll: bool | None = Field(None, description="Whether the deduction "
                                               "can be changed through a payroll update "
                                               "(benefit deductions cannot).")


class PayrollBenefit(BaseModel):
    name: str = Field(description="The benefit plan.")
    employee_deduction: float = Field(description="Deducted from the employee's pay.")
    company_contribution: float = Field(description="Paid by the company.")
    imputed: bool = Field(description="Whether the benefit is imputed income.")


class PayrollTax(BaseModel):
    name: str = Field(description="The tax, e.g. `Federal Income Tax`, `Social Security`.")
    employer: bool = Field(description="true for an employer tax, false for an employee "
                           "tax withheld from pay.")
    amount: float = Field(description="The amount of this tax.")


class CompanyTax(BaseModel):
    name: str = Field(description="The tax name.")
    employer: bool = Field(description="Whether this is an employer tax.")
    amount: str = Field(description="The amount of this tax for the payroll.")


class EmployeeCompensation(BaseModel):
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee paid")
    version: str | None = Field(None, description="The current version of this employee "
                                "compensation (unprocessed payrolls only); send it back in "
                                "an update (a stale one gets 409).")
    excluded: bool = Field(description="Whether the employee is skipped (not paid).")
    first_name: str | None = Field(None, description="Employee's first name.")
    preferred_first_name: str | None = Field(None, description="Employee's preferred first "
                                             "name (left out when there is none).")
    last_name: str | None = Field(None, description="Employee's last name.")
    gross_pay: float | None = Field(None, description="Gross pay: wages, bonuses, tips and "
                                    "other earnings (calculated or processed payrolls only).")
    net_pay: float | None = Field(None, description="Net pay: gross - employee taxes - "
                                  "deductions - cash tips (calculated or processed only).")
    check_amount: float | None = Field(None, description="Amount paid out: net pay + "
                                       "reimbursements (calculated or processed only).")
    payment_method: str | None = Field(None, description="`Direct Deposit` or `Check`.")
    memo: str | None = Field(None, description="Note printed on the pay stub (left out "
                             "when there is none).")
    fixed_compensations: list[FixedCompensation] = Field(description="Bonuses, commissions, "
                                                         "tips, reimbursements ...")
    hourly_compensations: list[HourlyCompensation] = Field(description="Hours and their "
                                                           "pay.")
    paid_time_off: list[PayrollPaidTimeOff] = Field(description="Paid time off taken.")
    deductions: list[Deduction] = Field(description="Benefit deductions in the period.")
    reimbursements: list[dict[str, Any]] = Field(description="Named reimbursements (none; "
                                                 "use the `Reimbursement` fixed "
                                                 "compensation).")
    benefits: list[PayrollBenefit] | None = Field(None, description="Benefits (with "
                                                  "`include=benefits`).")
    taxes: list[PayrollTax] | None = Field(None, description="Employee and employer taxes "
                                           "(calculated or processed payrolls, with "
                                           "`include=taxes`).")


class PayrollStatusMeta(BaseModel):
    cancellable: bool = Field(description="Whether the payroll may be cancelled now.")
    expected_check_date: str = Field(description="The date employees are paid if the "
                                     "payroll is submitted now.")
    initial_check_date: str = Field(description="The normal check date of the pay period.")
    expected_debit_time: str = Field(description="When the company is debited if submitted "
                                     "now.")
    payroll_late: bool = Field(description="expected_check_date > initial_check_date.")
    initial_debit_cutoff_time: str = Field(description="Submit by then to pay on time.")


class UnblockOption(BaseModel):
    unblock_type: str = Field(description="The option's type.")
    check_date: str = Field(description="The check date with this option.")
    metadata: dict[str, Any] = Field(description="Data of the option.")


class SubmissionBlocker(BaseModel):
    blocker_type: str = Field(description="What blocks submission.")
    blocker_name: str = Field(description="The blocker's name.")
    unblock_options: list[UnblockOption] = Field(description="Ways to unblock it.")
    selected_option: str | None = Field(None, description="The option chosen.")
    status: str = Field(description="`unresolved` or `resolved`.")


class ProcessingRequest(BaseModel):
    status: str = Field(description="`calculate_success` or `submit_success`.")
    errors: list[dict[str, Any]] = Field(description="Errors of the last run (none).")


class FixedCompensationType(BaseModel):
    name: str = Field(description="A kind of fixed compensation the payroll accepts.")


class PayrollPublic(BaseModel):
    uuid: str = _uuid("PayrollId", "payroll")
    payroll_uuid: str = _uuid("PayrollId", "payroll (same as `uuid`)")
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    processed: bool = Field(description="Whether the payroll has been processed (processed "
                            "payrolls cannot be updated).")
    processed_date: str | None = Field(None, description="Date it was processed (left out "
                                       "while unprocessed).")
    calculated_at: str | None = Field(None, description="When it was last calculated (left "
                                      "out when there is no valid calculation).")
    check_date: str = Field(description="Date employees are paid.")
    payroll_deadline: str = Field(description="Deadline to run it for on-time pay.")
    off_cycle: bool = Field(description="Whether it is an off-cycle payroll.")
    off_cycle_reason: str | None = Field(None, description="Why it was run off cycle "
                                         "(off-cycle payrolls only): `Bonus`, `Correction` "
                                         "...")
    final_termination_payroll: bool | None = Field(None, description="Whether it pays a "
                                                   "dismissed employee's final wages "
                                                   "(off-cycle only).")
    withholding_pay_period: str | None = Field(None, description="Pay schedule the tax "
                                               "withholding assumes (off-cycle only).")
    skip_regular_deductions: bool | None = Field(None, description="Whether benefit "
                                                 "deductions are skipped (off-cycle only).")
    fixed_withholding_rate: bool | None = Field(None, description="Whether federal tax is "
                                                "withheld at the flat 22% supplemental rate "
                                                "(off-cycle only).")
    external: bool = Field(description="Whether it was run outside Gusto.")
    auto_pilot: bool = Field(description="Whether it ran automatically.")
    pay_period: PayPeriod = Field(description="The pay period it covers.")
    created_at: str = Field(description="When it was created.")
    payroll_status_meta: PayrollStatusMeta | None = Field(
        None, description="Status and expected dates (with `include=payroll_status_meta`).")
    totals: PayrollTotals | None = Field(None, description="Subtotals (calculated or "
                                         "processed payrolls; on a list only with "
                                         "`include=totals`).")
    employee_compensations: list[EmployeeCompensation] | None = Field(
        None, description="Each employee's pay (single payroll only).")
    company_taxes: list[CompanyTax] | None = Field(
        None, description="Taxes owed on the payroll besides those in "
        "`employee_compensations` (calculated or processed, with `include=taxes`).")
    payroll_taxes: list[PayrollTax] | None = Field(
        None, description="Each tax totalled over the payroll (calculated or processed, "
        "with `include=payroll_taxes`).")
    submission_blockers: list[SubmissionBlocker] | None = Field(
        None, description="What blocks submitting it (calculated or processed payrolls; on "
        "a list with `include=risk_blockers`).")
    credit_blockers: list[SubmissionBlocker] | None = Field(
        None, description="What blocks paying it out (processed payrolls).")
    processing_request: ProcessingRequest | None = Field(
        None, description="The last calculate or submit (left out when there was none).")
    fixed_compensation_types: list[FixedCompensationType] | None = Field(
        None, description="Kinds of fixed compensation it accepts (prepared payrolls).")


class PayStub(BaseModel):
    uuid: str = _uuid("PayrollPayStubId", "pay stub")
    payroll_uuid: str = _uuid("PayrollId", "payroll the stub belongs to")
    check_date: str = Field(description="Date the employee was paid.")
    pay_period: PayPeriod = Field(description="The pay period it covers.")
    gross_pay: str = Field(description="Gross pay for the period.")
    net_pay: str = Field(description="Net pay for the period.")
    check_amount: str = Field(description="Amount paid out.")
    payment_method: str = Field(description="`Direct Deposit` or `Check`.")


# --- bank accounts and benefits ------------------------------------------------------


class BankAccountPublic(BaseModel):
    uuid: str = _uuid("PayrollBankAccountId", "bank account")
    employee_uuid: str = _uuid("PayrollEmployeeId", "account holder")
    name: str = Field(description="Name of the account.")
    routing_number: str = Field(description="ABA routing number.")
    hidden_account_number: str = Field(description="Masked account number (`XXXX1234`).")
    account_type: str = Field(description="`Checking` or `Savings`.")


class BankAccountCreate(_In):
    name: str = Field(min_length=1, max_length=100, description="Name of the account.")
    routing_number: str = Field(description="9-digit ABA routing number with a valid "
                                "check digit.")
    account_number: str = Field(description="Account number: 4 to 17 digits.")
    account_type: AccountType = Field(description="`Checking` or `Savings`.")


class CompanyBenefitPublic(BaseModel):
    uuid: str = _uuid("PayrollCompanyBenefitId", "company benefit")
    version: str = Field(description=VERSION_DOC)
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    benefit_type: int = Field(description="Gusto benefit type (1 medical, 2 dental, "
                              "3 vision, 105 401(k)).")
    active: bool = Field(description="Whether employees can participate.")
    description: str = Field(description="The plan's name, e.g. `Aetna Choice PPO`.")
    source: str = Field(description="`internal`, `external` or `partnered`.")
    partner_name: str | None = Field(description="Partner that created it, if any.")
    deletable: bool = Field(description="Whether it can be deleted.")
    supports_percentage_amounts: bool = Field(description="Whether amounts may be percents.")
    catch_up_type: str | None = Field(description="Catch-up contribution type (401(k)).")
    enrollment_count: int | None = Field(None, description="Employees actively enrolled "
                                         "(only with `enrollment_count=true`).")


class Contribution(BaseModel):
    type: str = Field(description="Company contribution scheme (`amount`).")
    value: str = Field(description="Contribution amount per pay period.")


class EmployeeBenefitPublic(BaseModel):
    uuid: str = _uuid("PayrollEmployeeBenefitId", "employee benefit")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = _uuid("PayrollEmployeeId", "enrolled employee")
    company_benefit_uuid: str = _uuid("PayrollCompanyBenefitId", "company benefit")
    active: bool = Field(description="Whether the enrolment is active.")
    employee_deduction: str = Field(description="Deducted from pay each period.")
    company_contribution: str = Field(description="Paid by the company each period.")
    employee_deduction_annual_maximum: str | None = Field(description="Yearly cap, if any.")
    company_contribution_annual_maximum: str | None = Field(description="Yearly cap, if any.")
    limit_option: str | None = Field(description="HSA/FSA limit option.")
    deduct_as_percentage: bool = Field(description="Whether the deduction is a percent.")
    contribute_as_percentage: bool = Field(description="Whether the contribution is a "
                                           "percent.")
    catch_up: bool = Field(description="Whether catch-up rates apply.")
    coverage_amount: str | None = Field(description="Insured amount (life insurance).")
    contribution: Contribution = Field(description="Company contribution scheme.")
    elective: bool = Field(description="Whether the contribution is matching.")
    effective_date: str = Field(description="Date the enrolment started.")
    expiration_date: str | None = Field(description="Date it ends; null if open-ended.")


# --- running payrolls: update, prepare, submit, off-cycle ---------------------------

OffCycleReason = Literal["Bonus", "Correction", "Dismissed employee",
                         "Transition from old pay schedule"]
WithholdingPayPeriod = Literal["Every week", "Every other week", "Twice per month", "Monthly",
                               "Quarterly", "Semiannually", "Annually"]
PaymentMethod = Literal["Direct Deposit", "Check"]
MAX_PAYROLL_ENTRIES = 100


class _Echo(BaseModel):
    # Gusto ignores attributes it does not update (an agent may send back what a GET
    # returned: `amount`, `compensation_multiplier`, `first_name` ...).
    model_config = ConfigDict(extra="ignore")


class HourlyCompensationInput(_Echo):
    name: str = Field(max_length=100, description="`Regular Hours`, `Overtime` or "
                      "`Double overtime` (Nonexempt employees; Exempt ones have only "
                      "`Regular Hours`, paid as salary).")
    hours: str = Field(max_length=40, description="Hours for the period, e.g. `\"86.667\"`: "
                       "0 or more, at most 3 decimals, at most 24 hours a day of the period.")
    job_uuid: str | None = Field(None, description="The job paid (defaults to the "
                                 "employee's job on the payroll).",
                                 json_schema_extra=entity("PayrollJobId"))

    _hours = field_validator("hours", mode="before")(_decimal_text)


class FixedCompensationInput(_Echo):
    name: str = Field(max_length=100, description="`Bonus`, `Commission`, `Paycheck Tips`, "
                      "`Cash Tips`, `Correction Payment`, `Severance` or `Reimbursement`.")
    amount: str = Field(max_length=40, description="Dollars for the period, e.g. "
                        "`\"500.00\"`: 0 or more, at most 2 decimals.")
    job_uuid: str | None = Field(None, description="The job paid (defaults to the "
                                 "employee's job on the payroll).",
                                 json_schema_extra=entity("PayrollJobId"))

    _amount = field_validator("amount", mode="before")(_decimal_text)


class PaidTimeOffInput(_Echo):
    name: str = Field(max_length=100, description="`Vacation Hours`, `Sick Hours` or "
                      "`Holiday Hours`.")
    hours: str = Field(max_length=40, description="Hours of time off taken in the period.")

    _hours = field_validator("hours", mode="before")(_decimal_text)


class EmployeeCompensationUpdate(_Echo):
    employee_uuid: str = Field(description="The employee (must be on the payroll).",
                               json_schema_extra=entity("PayrollEmployeeId"))
    version: str = Field(max_length=64, description="The entry's current `version` from "
                         "GET or prepare; a stale one gets 409.")
    excluded: bool | None = Field(None, description="true to skip the employee (not paid "
                                  "in this payroll).")
    payment_method: PaymentMethod | None = Field(None, description="`Direct Deposit` or "
                                                 "`Check`.")
    memo: str | None = Field(None, max_length=500, description="Note printed on the pay "
                             "stub.")
    fixed_compensations: list[FixedCompensationInput] | None = Field(
        None, max_length=20, description="Fixed amounts to set, by name (others stay).")
    hourly_compensations: list[HourlyCompensationInput] | None = Field(
        None, max_length=20, description="Hours to set, by name (others stay).")
    paid_time_off: list[PaidTimeOffInput] | None = Field(
        None, max_length=20, description="Time off hours to set, by name (others stay).")


class PayrollUpdate(_In):
    employee_compensations: list[EmployeeCompensationUpdate] = Field(
        max_length=MAX_PAYROLL_ENTRIES, description="The employees to change (at most 100); "
        "employees and compensations left out stay as they are.")
    withholding_pay_period: WithholdingPayPeriod | None = Field(
        None, description="Pay schedule the withholding assumes (off-cycle payrolls only).")
    skip_regular_deductions: bool | None = Field(None, description="Skip benefit "
                                                 "deductions (off-cycle payrolls only).")
    fixed_withholding_rate: bool | None = Field(None, description="Withhold federal tax at "
                                                "the flat 22% supplemental rate (off-cycle "
                                                "payrolls only).")


class PayrollPrepare(_In):
    employee_uuids: list[str] | None = Field(None, max_length=MAX_PAYROLL_ENTRIES,
                                             description="Only return these employees' "
                                             "compensations.")


class SubmissionBlockerSelection(_In):
    blocker_type: str = Field(max_length=100, description="A blocker of the payroll.")
    selected_option: str = Field(max_length=100, description="One of its unblock options.")


class PayrollSubmit(_In):
    submission_blockers: list[SubmissionBlockerSelection] = Field(
        default_factory=list, max_length=20, description="An unblock option for each of the "
        "payroll's submission blockers (it has none unless GET shows some).")


class OffCyclePayrollCreate(_In):
    off_cycle: bool = Field(description="Must be true: only off-cycle payrolls are created "
                            "(regular ones come from the pay schedule).")
    off_cycle_reason: OffCycleReason = Field(description="Why the payroll is run: `Bonus`, "
                                             "`Correction`, `Dismissed employee` ...")
    start_date: date = Field(description="First day of the pay period it covers.")
    end_date: date = Field(description="Last day of the pay period it covers.")
    pay_schedule_uuid: str | None = Field(None, description="Only for a transition payroll.",
                                          json_schema_extra=entity("PayrollPayScheduleId"))
    employee_uuids: list[str] | None = Field(None, max_length=1000, description="The "
                                             "employees to pay (default: everyone employed "
                                             "in the period).")
    check_date: date | None = Field(None, description="Payday; at least two business days "
                                    "away (the default is the earliest such day).")
    withholding_pay_period: WithholdingPayPeriod | None = Field(
        None, description="Pay schedule the withholding assumes (default `Twice per "
        "month`).")
    skip_regular_deductions: bool | None = Field(None, description="Skip benefit deductions "
                                                 "(default: true for `Bonus`).")
    fixed_withholding_rate: bool | None = Field(None, description="Withhold federal tax at "
                                                "the flat 22% supplemental rate (default: "
                                                "true for `Bonus`).")


class PayrollBlocker(BaseModel):
    key: str = Field(description="What blocks payroll, e.g. `suspended`.")
    message: str = Field(description="What is wrong and how to resolve it.")


class GrossUpRequest(_In):
    employee_uuid: str = Field(max_length=64, description="An employee on the payroll.",
                               json_schema_extra=entity("PayrollEmployeeId"))
    net_pay: str = Field(max_length=40, description="The net pay wanted, e.g. `\"1000.00\"`.")

    _net = field_validator("net_pay", mode="before")(_decimal_text)


class GrossUpPay(BaseModel):
    gross_up: str = Field(description="The gross earnings that pay `net_pay` after this "
                          "payroll's taxes and deductions; set it as the fixed compensation "
                          "(e.g. `Bonus`).")


class ReceiptTotals(BaseModel):
    company_debit: str = Field(description="Total debited from the company.")
    net_pay_debit: str = Field(description="Total net pay debited.")
    child_support_debit: str = Field(description="Total child support debited.")
    reimbursement_debit: str = Field(description="Total reimbursements debited.")
    tax_debit: str = Field(description="Total taxes debited.")


class ReceiptTax(BaseModel):
    name: str = Field(description="The tax.")
    amount: str = Field(description="Employer and employee amounts of the tax together.")


class ReceiptEmployeeCompensation(BaseModel):
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee paid")
    employee_first_name: str = Field(description="The employee's first name.")
    employee_last_name: str = Field(description="The employee's last name.")
    payment_method: str = Field(description="`Direct Deposit` or `Check`.")
    net_pay: str = Field(description="The employee's net pay.")
    total_tax: str = Field(description="Employee and employer taxes on the employee's pay.")
    total_garnishments: str = Field(description="Garnishments (none).")
    child_support_garnishment: str = Field(description="Child support garnished (none).")
    total_reimbursement: str = Field(description="Reimbursements paid.")


class Licensee(BaseModel):
    name: str = Field(description="The licensed payroll processor.")
    address: str = Field(description="Its street address.")
    city: str = Field(description="Its city.")
    state: str = Field(description="Its state.")
    postal_code: str = Field(description="Its ZIP code.")
    phone_number: str = Field(description="Its phone number.")


class PayrollReceipt(BaseModel):
    payroll_uuid: str = _uuid("PayrollId", "payroll")
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    name_of_sender: str = Field(description="The company that paid the payroll.")
    name_of_recipient: str = Field(description="Who was paid (`Payroll Recipients`).")
    recipient_notice: str = Field(description="Who the recipients are.")
    debit_date: str = Field(description="The day the company is debited.")
    license: str = Field(description="The processor's license statement.")
    license_uri: str = Field(description="Where the processor's licenses are listed.")
    right_to_refund: str = Field(description="Where the right to a refund is explained.")
    liability_of_licensee: str = Field(description="Where the processor's liability is "
                                       "explained.")
    totals: ReceiptTotals = Field(description="The payroll's debits.")
    taxes: list[ReceiptTax] = Field(description="Each tax, employer and employee together.")
    employee_compensations: list[ReceiptEmployeeCompensation] = Field(
        description="What each employee paid was sent and withheld.")
    licensee: Licensee = Field(description="The licensed payroll processor.")


class PayrollSkip(_In):
    payroll_type: Literal["Regular", "Hired employee", "Dismissed employee",
                          "Transition from old pay schedule"] = Field(
        description="The kind of payroll to skip (`Regular`: a pay period's payroll).")
    start_date: date | None = Field(None, description="First day of the pay period.")
    end_date: date | None = Field(None, description="Last day of the pay period (default "
                                  "today: the period containing it).")
    pay_schedule_uuid: str | None = Field(None, max_length=64, description="The pay "
                                          "schedule (the company has one).",
                                          json_schema_extra=entity("PayrollPayScheduleId"))
    employee_uuids: list[str] | None = Field(None, max_length=100, description="Only for new "
                                             "hire and termination payrolls.")
