"""Wire schemas: Gusto's field names, every field described, identities marked `x-entity`.

Identity names: Gusto's UUIDs are not interchangeable with other apps' ids, so they carry
`Payroll...` entity names; the identities an agent can use to match a payroll employee
to another system's record are `Email` (work email), `EmployeeNumber` (`employee_code`)
and `DepartmentName` (a department's `title`).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arcadia.apps.kernel import entity

PaymentUnit = Literal["Hour", "Week", "Month", "Year", "Paycheck"]
FlsaStatus = Literal["Exempt", "Salaried Nonexempt", "Nonexempt", "Owner",
                     "Commission Only Exempt", "Commission Only Nonexempt"]
AccountType = Literal["Checking", "Savings"]

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
    type: str = Field(description="Kind of owner of the token (`CompanyAdmin`).")
    uuid: str = Field(description="Work email of the signed-in principal.",
                      json_schema_extra=entity("Email"))


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
    locations: list[LocationPublic] = Field(description="The company's locations.")


class DepartmentMember(BaseModel):
    uuid: str = _uuid("PayrollEmployeeId", "employee in the department")


class DepartmentPublic(BaseModel):
    uuid: str = _uuid("PayrollDepartmentId", "department")
    version: str = Field(description=VERSION_DOC + " Changes whenever members change.")
    company_uuid: str = _uuid("PayrollCompanyId", "company")
    title: str = Field(description="Name of the department.",
                       json_schema_extra=entity("DepartmentName"))
    employees: list[DepartmentMember] = Field(description="Employees assigned to it.")
    contractors: list[DepartmentMember] = Field(description="Contractors assigned to it "
                                                "(always empty: the company has none).")


class PersonRef(_In):
    uuid: str = Field(description="UUID of the employee.",
                      json_schema_extra=entity("PayrollEmployeeId"))


class DepartmentPeople(_In):
    version: str = Field(description="The department's current `version` (from a GET).")
    employees: list[PersonRef] = Field(default_factory=list,
                                       description="Employees to add or remove.")
    contractors: list[PersonRef] = Field(default_factory=list,
                                         description="Contractors to add or remove; the "
                                         "company has none, so this must stay empty.")


# --- employees, jobs, compensations, terminations --------------------------------


class CompensationPublic(BaseModel):
    uuid: str = _uuid("PayrollCompensationId", "compensation")
    version: str = Field(description=VERSION_DOC)
    job_uuid: str = _uuid("PayrollJobId", "job the compensation belongs to")
    employee_uuid: str = _uuid("PayrollEmployeeId", "employee")
    rate: str = Field(description="Dollar amount paid per payment unit, e.g. `85000.00`.")
    payment_unit: str = Field(description="`Hour`, `Week`, `Month`, `Year` or `Paycheck`.")
    flsa_status: str = Field(description="FLSA status: `Exempt` (salaried), `Nonexempt` "
                             "(hourly), `Salaried Nonexempt`, `Owner`, ...")
    effective_date: str = Field(description="Date from which this compensation applies.")
    adjust_for_minimum_wage: bool = Field(description="Whether it may be raised to the "
                                          "minimum wage in payroll calculation.")
    minimum_wages: list[dict[str, Any]] = Field(description="Minimum wages applied (none).")


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
    jobs: list[JobPublic] = Field(description="The employee's jobs.")
    eligible_paid_time_off: list[dict[str, Any]] = Field(description="PTO policies (none).")
    terminations: list[TerminationPublic] = Field(description="The employee's terminations.")
    garnishments: list[dict[str, Any]] = Field(description="Garnishments (none).")
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


def parse_money(text: str) -> Decimal | None:
    """A positive amount with at most two decimals, or None when `text` is not one."""
    try:
        value = Decimal(text.strip())
    except (InvalidOperation, AttributeError):
        return None
    if not value.is_finite() or value <= 0 or value.as_tuple().exponent < -2:  # type: ignore[operator]
        return None
    return value


# --- pay schedules and payrolls -----------------------------------------------------


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
    auto_pilot: bool = Field(description="Whether payroll runs automatically.")
    active: bool = Field(description="Whether employees are assigned to it.")


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


class PaidTimeOff(BaseModel):
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
    paid_time_off: list[PaidTimeOff] = Field(description="Paid time off taken.")
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
