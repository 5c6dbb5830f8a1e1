"""Time off policies, their assignment, time off history and balance adjustments
(policies.py).
"""

from __future__ import annotations

from pydantic import BaseModel
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import Body
from arcadia.apps.kernel import Amount, Id, entity


class TimeOffPolicyOut(BaseModel):
    id: int = WireField(description="Policy id (the `timeOffPolicyId` to assign).",
                        json_schema_extra=entity("TimeOffPolicyId"))
    timeOffTypeId: int = WireField(description="The time off type the policy is for.",
                                   json_schema_extra=entity("TimeOffTypeId"))
    name: str = WireField(description="Policy name.")
    effectiveDate: str | None = WireField(description="Deprecated; always null.")
    type: str = WireField(description="`accruing` (earns days per year, monthly), `manual` "
                          "(a yearly grant) or `discretionary` (unlimited: no balance kept).")


class EmployeeTimeOffPolicy(BaseModel):
    timeOffPolicyId: int = WireField(description="The assigned policy's id.",
                                     json_schema_extra=entity("TimeOffPolicyId"))
    timeOffTypeId: int = WireField(description="The time off type of the policy.",
                                   json_schema_extra=entity("TimeOffTypeId"))
    accrualStartDate: str = WireField(description="When accruals started, YYYY-MM-DD.")


class EmployeeTimeOffPolicyV1_1(BaseModel):  # noqa: N801 (BambooHR's version in the name)
    timeOffPolicyId: int = WireField(description="The assigned policy's id.",
                                     json_schema_extra=entity("TimeOffPolicyId"))
    timeOffTypeId: int = WireField(description="The time off type of the policy.",
                                   json_schema_extra=entity("TimeOffTypeId"))
    accrualStartDate: str | None = WireField(
        description="When accruals started, YYYY-MM-DD; null for manual and discretionary "
                    "(unlimited) policies, which do not accrue.")


class TimeOffPolicyAssignment(Body):
    timeOffPolicyId: Id = WireField(description="The policy to assign (GET "
                                    "/meta/time_off/policies).",
                                    json_schema_extra=entity("TimeOffPolicyId"))
    accrualStartDate: str | None = WireField(
        description="The date accruals start, YYYY-MM-DD; null removes the employee's "
                    "assignment of this policy.")


class TimeOffHistoryIn(Body):
    date: str = WireField(description="The date of the history item, YYYY-MM-DD.")
    eventType: str | None = WireField(
        None, description="`used` (default: an approved request's time off, recorded in "
                          "history) or `override` (a balance adjustment).")
    timeOffRequestId: Id | None = WireField(
        None, description="The approved request of the employee whose time off was used. "
                          "Required when eventType is `used`.",
        json_schema_extra=entity("TimeOffRequestId"))
    timeOffTypeId: Id | None = WireField(
        None, description="The time off type to adjust. Required when eventType is "
                          "`override`.", json_schema_extra=entity("TimeOffTypeId"))
    amount: Amount | None = WireField(
        None, description="Days (or hours) to add to the balance (negative to take away). "
                          "Required when eventType is `override`; for `used` it is the "
                          "request's amount.")
    note: str | None = WireField(None, description="A note to show in history.",
                                 max_length=1024)


class TimeOffBalanceAdjustmentIn(Body):
    date: str = WireField(description="The date the adjustment is added in history, "
                          "YYYY-MM-DD.")
    timeOffTypeId: Id = WireField(description="The time off type whose balance to adjust.",
                                  json_schema_extra=entity("TimeOffTypeId"))
    amount: Amount = WireField(description="Days (or hours) to adjust the balance by: "
                               "positive adds, negative takes away.")
    note: str | None = WireField(None, description="A note to show in history.",
                                 max_length=1024)


class TimeOffHistoryOut(BaseModel):
    id: int = WireField(description="History item id.")
    employeeId: int = WireField(description="The employee.",
                                json_schema_extra=entity("EmployeeId"))
    date: str = WireField(description="The date of the item, YYYY-MM-DD.")
    eventType: str = WireField(description="`used` or `override`.")
    timeOffTypeId: int = WireField(description="The time off type.",
                                   json_schema_extra=entity("TimeOffTypeId"))
    timeOffRequestId: int | None = WireField(
        description="The request whose time off was used (`used` items); null otherwise.",
        json_schema_extra=entity("TimeOffRequestId"))
    amount: str = WireField(description="The amount: days used (`used`), or the adjustment, "
                            "positive adding to the balance (`override`).")
    note: str | None = WireField(description="The note shown in history.")
