"""Payrolls as read: pay period, each employee's pay, taxes and totals, pay stubs and the
receipt of a processed payroll."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import uuid_field


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
    job_uuid: str = uuid_field("PayrollJobId", "job paid")
    compensation_multiplier: float = Field(description="Multiplier on the base rate "
                                           "(1.0 regular, 1.5 overtime, 2.0 double).")
    flsa_status: str = Field(description="FLSA status of the job's compensation.")


class FixedCompensation(BaseModel):
    name: str = Field(description="`Bonus`, `Commission`, `Paycheck Tips`, `Cash Tips`, "
                      "`Correction Payment`, `Severance` or `Reimbursement`.")
    amount: str = Field(description="Amount for the period (dollars, two decimals).")
    job_uuid: str = uuid_field("PayrollJobId", "job paid")


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
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee paid")
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
    uuid: str = uuid_field("PayrollId", "payroll")
    payroll_uuid: str = uuid_field("PayrollId", "payroll (same as `uuid`)")
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
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
    uuid: str = uuid_field("PayrollPayStubId", "pay stub")
    payroll_uuid: str = uuid_field("PayrollId", "payroll the stub belongs to")
    check_date: str = Field(description="Date the employee was paid.")
    pay_period: PayPeriod = Field(description="The pay period it covers.")
    gross_pay: str = Field(description="Gross pay for the period.")
    net_pay: str = Field(description="Net pay for the period.")
    check_amount: str = Field(description="Amount paid out.")
    payment_method: str = Field(description="`Direct Deposit` or `Check`.")


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
    employee_uuid: str = uuid_field("PayrollEmployeeId", "employee paid")
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
    payroll_uuid: str = uuid_field("PayrollId", "payroll")
    company_uuid: str = uuid_field("PayrollCompanyId", "company")
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
