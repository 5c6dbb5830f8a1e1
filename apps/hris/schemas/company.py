"""Company information and the users (logins) of the HRIS (company.py)."""

from __future__ import annotations

from pydantic import BaseModel
from pydantic import Field as WireField

from arcadia.apps.kernel import entity


class CompanyAddress(BaseModel):
    line1: str = WireField(description="The first line of the address.")
    line2: str = WireField(description="The second line of the address; may be empty.")
    city: str = WireField(description="The city.")
    state: str = WireField(description="The state abbreviation.")
    zip: str = WireField(description="The ZIP code.")


class CompanyInformationOut(BaseModel):
    legalName: str = WireField(description="The legal name of the company.")
    displayName: str = WireField(description="The display name of the company.")
    address: CompanyAddress = WireField(description="The company's primary address (its "
                                        "headquarters).")
    phone: str = WireField(description="The company's main phone number.")


class UserOut(BaseModel):
    id: int = WireField(description="The user id (not the employee id).")
    employeeId: int = WireField(description="The employee record of the user; 0 when none.",
                                json_schema_extra=entity("EmployeeId"))
    firstName: str = WireField(description="First name.")
    lastName: str = WireField(description="Last name.")
    email: str = WireField(description="The user's email: work email, else the account's.")
    status: str = WireField(description="`enabled` or `disabled` (a terminated employee's "
                            "login is disabled).")
    lastLogin: str | None = WireField(
        None, description="ISO 8601 time of the last login; omitted when the user has never "
                          "logged in.")
