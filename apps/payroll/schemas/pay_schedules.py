"""The company's pay schedule and what keeps automatic payroll off."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from arcadia.apps.payroll.schemas.base import VERSION_DOC, uuid_field


class AutoPayrollBlocker(BaseModel):
    key: str = Field(description="The blocker, e.g. `employees_not_on_direct_deposit` or "
                     "`employees_not_salaried`.")
    metadata: dict[str, Any] = Field(description="Details, e.g. the `employee_uuids` "
                                     "concerned.")


class PaySchedulePublic(BaseModel):
    uuid: str = uuid_field("PayrollPayScheduleId", "pay schedule")
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
