"""Last change information: employees and table rows changed since a time (changes.py)."""

from __future__ import annotations

from pydantic import BaseModel
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import EMPLOYEE
from arcadia.apps.hris.schemas.tables import TableRowOut


class ChangedEmployee(BaseModel):
    id: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    action: str = WireField(description="`Inserted` (created since), `Updated` or `Deleted`.")
    lastChanged: str = WireField(description="ISO 8601 timestamp of the last change.")


class ChangedEmployees(BaseModel):
    latest: str = WireField(description="The latest lastChanged among the employees "
                            "returned (`since` when none changed).")
    employees: dict[str, ChangedEmployee] = WireField(
        description="Changed employees keyed by employee id.")


class ChangedTableEmployee(BaseModel):
    lastChanged: str = WireField(description="ISO 8601 timestamp of the employee's last "
                                 "change.")
    rows: list[TableRowOut] = WireField(description="Every row of the table for this "
                                        "employee.")


class ChangedTableData(BaseModel):
    table: str = WireField(description="The table asked for.")
    employees: dict[str, ChangedTableEmployee] = WireField(
        description="Changed employees' rows keyed by employee id.")
