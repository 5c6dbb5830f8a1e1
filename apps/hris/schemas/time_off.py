"""Time off on the wire: types, requests and their status changes, who's out, balances."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import EMPLOYEE, Body, IdText
from arcadia.apps.kernel import Amount, entity


class TimeOffTypeOut(BaseModel):
    id: str = WireField(description="Time off type id.", json_schema_extra=entity("TimeOffTypeId"))
    name: str = WireField(description="e.g. `Vacation`.")
    units: str = WireField(description="`days` or `hours`.")
    color: str | None = WireField(description="Display colour.")
    icon: str | None = WireField(description="Icon name.")


class DefaultHours(BaseModel):
    name: str = WireField(description="Day of the week.")
    amount: str = WireField(description="Working hours that day.")


class TimeOffTypes(BaseModel):
    timeOffTypes: list[TimeOffTypeOut] = WireField(description="Time off types.")
    defaultHours: list[DefaultHours] = WireField(description="Default working hours.")


class TimeOffStatusOut(BaseModel):
    lastChanged: str = WireField(description="Date the status last changed.")
    lastChangedByUserId: str | None = WireField(
        description="Employee id of whoever changed it.", json_schema_extra=EMPLOYEE)
    status: str = WireField(description="requested, approved, denied, canceled or superseded.")


class TimeOffTypeRef(BaseModel):
    id: str = WireField(description="Time off type id.", json_schema_extra=entity("TimeOffTypeId"))
    name: str = WireField(description="Type name.")
    icon: str | None = WireField(description="Icon name.")


class TimeOffAmount(BaseModel):
    unit: str = WireField(description="`days`.")
    amount: str = WireField(description="Amount of time off.")


class TimeOffActions(BaseModel):
    view: bool = WireField(description="Caller may view it.")
    edit: bool = WireField(description="Caller may edit it.")
    cancel: bool = WireField(description="Caller may cancel it now.")
    approve: bool = WireField(description="Caller may approve it now.")
    deny: bool = WireField(description="Caller may deny it now.")
    bypass: bool = WireField(description="Caller may bypass the approval chain.")


class TimeOffRequestOut(BaseModel):
    id: str = WireField(description="Request id.", json_schema_extra=entity("TimeOffRequestId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    status: TimeOffStatusOut = WireField(description="Current status.")
    name: str = WireField(description="Employee display name.")
    start: str = WireField(description="First day, YYYY-MM-DD.")
    end: str = WireField(description="Last day, YYYY-MM-DD.")
    created: str = WireField(description="Date the request was made.")
    type: TimeOffTypeRef = WireField(description="Time off type.")
    amount: TimeOffAmount = WireField(description="Total amount.")
    actions: TimeOffActions = WireField(description="What the caller may do with it.")
    dates: dict[str, str] = WireField(description="Amount per day, keyed by YYYY-MM-DD.")
    notes: dict[str, str] = WireField(description="Notes by author: `employee`, `manager`.")


class TimeOffNoteIn(Body):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: str = WireField("employee", alias="from", description="`employee` or `manager`.")
    note: str = WireField(description="The note.", max_length=1024)


class TimeOffDateIn(Body):
    ymd: str = WireField(description="Day, YYYY-MM-DD.")
    amount: Amount = WireField(description="Amount of time off that day.")


class TimeOffRequestCreate(Body):
    status: str = WireField("requested", description="`requested` (default), or `approved` / "
                            "`denied` when the caller may approve the employee's requests.")
    start: str = WireField(description="First day, YYYY-MM-DD.")
    end: str = WireField(description="Last day, YYYY-MM-DD.")
    timeOffTypeId: IdText = WireField(
        description="Time off type id (see GET /meta/time_off/types).",
        json_schema_extra=entity("TimeOffTypeId"))
    amount: Amount | None = WireField(
        None, description="Total days; defaults to the sum of `dates`, else the weekdays "
                          "between start and end.")
    notes: list[TimeOffNoteIn] = WireField(default_factory=list, description="Notes.")
    dates: list[TimeOffDateIn] = WireField(default_factory=list, description="Amount per day.")
    previousRequest: IdText | None = WireField(
        None, description="Id of a request this one replaces (it becomes `superseded`).",
        json_schema_extra=entity("TimeOffRequestId"))


class TimeOffStatusChange(Body):
    status: str = WireField(description="`approved`, `denied` (or `declined`) or `canceled`.")
    note: str | None = WireField(None, description="Note recorded with the change.",
                                 max_length=1024)


class WhosOutEntry(BaseModel):
    id: int = WireField(description="The time off request id, or the holiday id.")
    type: str = WireField(description="`timeOff` or `holiday`.")
    employeeId: int | None = WireField(None, description="The employee out; only on "
                                       "timeOff entries.", json_schema_extra=EMPLOYEE)
    name: str = WireField(description="The employee's name, or the holiday's.")
    start: str = WireField(description="First day, YYYY-MM-DD.")
    end: str = WireField(description="Last day, YYYY-MM-DD.")


class TimeOffBalance(BaseModel):
    timeOffType: str = WireField(description="Time off type id.",
                                 json_schema_extra=entity("TimeOffTypeId"))
    name: str = WireField(description="Time off type name.")
    units: str = WireField(description="`days` or `hours`.")
    balance: str = WireField(description="Balance as of `end`: granted this year to date "
                             "minus used, rounded to `precision` decimals.")
    end: str = WireField(description="The date the balance is as of, YYYY-MM-DD.")
    policyType: str = WireField(description="`accruing`, `manual` or `discretionary`.")
    usedYearToDate: str = WireField(description="Approved time off taken this year up to "
                                    "`end`.")
