"""Terminations and the employment history they end."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from arcadia.apps.payroll.schemas.base import VERSION_DOC, In, uuid_field


class TerminationPublic(BaseModel):
    uuid: str = uuid_field("PayrollTerminationId", "termination")
    version: str = Field(description=VERSION_DOC)
    employee_uuid: str = uuid_field("PayrollEmployeeId", "terminated employee")
    active: bool = Field(description="Whether the termination has gone into effect.")
    cancelable: bool = Field(description="True if `run_termination_payroll` is false and "
                             "the effective date is in the future.")
    effective_date: str = Field(description="The employee's last day of work.")
    run_termination_payroll: bool = Field(description="Whether final wages go out in an "
                                          "off-cycle payroll.")


class TerminationCreate(In):
    effective_date: date = Field(description="The employee's last day of work (YYYY-MM-DD).")
    run_termination_payroll: bool = Field(False, description="Pay final wages in an "
                                          "off-cycle payroll instead of the regular one.")


class TerminationUpdate(In):
    version: str = Field(description="The termination's current `version` (from a GET).")
    effective_date: date = Field(description="The employee's last day of work (YYYY-MM-DD).")
    run_termination_payroll: bool | None = Field(None, description="Pay final wages in an "
                                                 "off-cycle payroll.")


class EmploymentPublic(BaseModel):
    hire_date: str = Field(description="First day of work of this employment.")
    termination_date: str | None = Field(description="Last day of work of this employment "
                                         "(null while it lasts).")
    file_new_hire_report: bool = Field(description="Whether Gusto files a new hire report.")
    two_percent_shareholder: bool = Field(description="Whether the employee owns >= 2%.")
    employment_status: str = Field(description="`full_time`, `part_time`, `variable`, "
                                   "`seasonal` or `not_set`.")
