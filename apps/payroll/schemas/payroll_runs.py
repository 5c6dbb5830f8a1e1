"""Running a payroll: update, prepare, submit, skip, off-cycle payrolls, blockers and
gross up."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from arcadia.apps.kernel import entity
from arcadia.apps.payroll.schemas.base import In, decimal_text

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

    _hours = field_validator("hours", mode="before")(decimal_text)


class FixedCompensationInput(_Echo):
    name: str = Field(max_length=100, description="`Bonus`, `Commission`, `Paycheck Tips`, "
                      "`Cash Tips`, `Correction Payment`, `Severance` or `Reimbursement`.")
    amount: str = Field(max_length=40, description="Dollars for the period, e.g. "
                        "`\"500.00\"`: 0 or more, at most 2 decimals.")
    job_uuid: str | None = Field(None, description="The job paid (defaults to the "
                                 "employee's job on the payroll).",
                                 json_schema_extra=entity("PayrollJobId"))

    _amount = field_validator("amount", mode="before")(decimal_text)


class PaidTimeOffInput(_Echo):
    name: str = Field(max_length=100, description="`Vacation Hours`, `Sick Hours` or "
                      "`Holiday Hours`.")
    hours: str = Field(max_length=40, description="Hours of time off taken in the period.")

    _hours = field_validator("hours", mode="before")(decimal_text)


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


class PayrollUpdate(In):
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


class PayrollPrepare(In):
    employee_uuids: list[str] | None = Field(None, max_length=MAX_PAYROLL_ENTRIES,
                                             description="Only return these employees' "
                                             "compensations.")


class SubmissionBlockerSelection(In):
    blocker_type: str = Field(max_length=100, description="A blocker of the payroll.")
    selected_option: str = Field(max_length=100, description="One of its unblock options.")


class PayrollSubmit(In):
    submission_blockers: list[SubmissionBlockerSelection] = Field(
        default_factory=list, max_length=20, description="An unblock option for each of the "
        "payroll's submission blockers (it has none unless GET shows some).")


class OffCyclePayrollCreate(In):
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


class GrossUpRequest(In):
    employee_uuid: str = Field(max_length=64, description="An employee on the payroll.",
                               json_schema_extra=entity("PayrollEmployeeId"))
    net_pay: str = Field(max_length=40, description="The net pay wanted, e.g. `\"1000.00\"`.")

    _net = field_validator("net_pay", mode="before")(decimal_text)


class GrossUpPay(BaseModel):
    gross_up: str = Field(description="The gross earnings that pay `net_pay` after this "
                          "payroll's taxes and deductions; set it as the fixed compensation "
                          "(e.g. `Bonus`).")


class PayrollSkip(In):
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
