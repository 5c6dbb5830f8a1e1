"""The standard tables' rows (jobInfo, compensation, employmentStatus and the tables
that only hold rows), the row written, and the tables' fields (`GET /meta/tables`).
"""

from __future__ import annotations

from typing import TypeAlias

from pydantic import BaseModel, ConfigDict
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import EMPLOYEE, Body, IdText
from arcadia.apps.kernel import Amount, entity


class JobInfoRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    date: str = WireField(description="Effective date, YYYY-MM-DD.")
    location: str | None = WireField(description="Location name.",
                                     json_schema_extra=entity("LocationName"))
    department: str | None = WireField(description="Department name.",
                                       json_schema_extra=entity("DepartmentName"))
    division: str | None = WireField(description="Division (team).",
                                     json_schema_extra=entity("TeamName"))
    jobTitle: str | None = WireField(description="Job title.")
    reportsTo: str | None = WireField(description="Display name of the supervisor.")


class Rate(BaseModel):
    value: str = WireField(description="Amount with two decimals, e.g. `85000.00`.")
    currency: str = WireField(description="ISO currency code, e.g. `USD`.")


class RateIn(Body):
    value: Amount | str = WireField(description="Amount, e.g. `85000` or `42.50`.")
    currency: str = WireField("USD", description="ISO currency code; `USD`.")


class CompensationRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    startDate: str = WireField(description="Effective date, YYYY-MM-DD.")
    rate: Rate = WireField(description="Pay rate per `paidPer`.")
    type: str = WireField(description="`Salary` or `Hourly`.")
    exempt: str | None = WireField(description="`Exempt` or `Non-exempt`.")
    reason: str | None = WireField(description="Reason for the change, e.g. `Merit increase`.")
    comment: str | None = WireField(description="Comment.")
    paidPer: str = WireField(description="`Year`, `Month`, `Week`, `Day` or `Hour`.")


class EmploymentStatusRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    date: str = WireField(description="Effective date, YYYY-MM-DD.")
    employmentStatus: str = WireField(description="e.g. `Full-Time`, `Terminated`.")
    comment: str | None = WireField(description="Comment.")


_Money: TypeAlias = RateIn | Amount | str  # noqa: UP040 (pydantic reads the alias)


class TableRowIn(BaseModel):
    """A row to add or the columns of a row to change, by the table's field names (GET
    /meta/tables lists each table's fields). A name that is not a field of the table in the
    path is a 400 naming the table's fields. Dates are YYYY-MM-DD; list fields take one of
    their options; amounts take `{"value", "currency"}`, `"1500.00 USD"` or a number."""

    model_config = ConfigDict(extra="allow")

    date: str | None = WireField(None, description="Effective date, YYYY-MM-DD (jobInfo, "
                                 "employmentStatus, bonus, commission, earnings).")
    location: str | None = WireField(None, description="jobInfo: location (list option).",
                                     json_schema_extra=entity("LocationName"))
    department: str | None = WireField(None, description="jobInfo: department (list option).",
                                       json_schema_extra=entity("DepartmentName"))
    division: str | None = WireField(None, description="jobInfo: division/team (list option).",
                                     json_schema_extra=entity("TeamName"))
    jobTitle: str | None = WireField(None, description="jobInfo: job title.")
    reportsTo: IdText | None = WireField(
        None, description="jobInfo: the supervisor's employee id (or a display name matching "
                          "exactly one employee); empty for none.", json_schema_extra=EMPLOYEE)
    employmentStatus: str | None = WireField(
        None, description="employmentStatus: one of the `employmentHistoryStatus` options.")
    startDate: str | None = WireField(None, description="compensation: effective date.")
    rate: _Money | None = WireField(None, description="compensation: pay rate per paidPer.")
    type: str | None = WireField(None, description="compensation: `Salary` or `Hourly`.")
    exempt: str | None = WireField(None, description="compensation: `Exempt` or `Non-exempt`.")
    paidPer: str | None = WireField(None, description="compensation: `Year`, `Month`, "
                                    "`Week`, `Day` or `Hour` (`Hour` for Hourly).")
    reason: str | None = WireField(None, description="compensation or bonus: the reason.")
    comment: str | None = WireField(None, description="Comment (jobInfo excepted).")
    name: str | None = WireField(None, description="emergencyContacts: the contact's name.")
    relationship: str | None = WireField(
        None, description="emergencyContacts or dependents: relationship to the employee.")
    homePhone: str | None = WireField(None, description="Contact or dependent: home phone.")
    mobilePhone: str | None = WireField(None, description="Contact: mobile phone.")
    workPhone: str | None = WireField(None, description="Contact: work phone.")
    workPhoneExtension: str | None = WireField(None, description="Contact: work extension.")
    email: str | None = WireField(None, description="Contact: email address.")
    primaryContact: str | bool | None = WireField(
        None, description="Contact: `yes` if this is the primary emergency contact.")
    addressLine1: str | None = WireField(None, description="Contact or dependent: address.")
    addressLine2: str | None = WireField(None, description="Address, second line.")
    city: str | None = WireField(None, description="City.")
    state: str | None = WireField(None, description="State, e.g. `PA`.")
    zipcode: str | None = WireField(None, description="ZIP code.")
    country: str | None = WireField(None, description="Country.")
    firstName: str | None = WireField(None, description="dependents: first name.")
    middleName: str | None = WireField(None, description="dependents: middle name.")
    lastName: str | None = WireField(None, description="dependents: last name.")
    gender: str | None = WireField(None, description="dependents: `Female`, `Male` or "
                                   "`Nonbinary`.")
    ssn: str | None = WireField(None, description="dependents: SSN, 123-45-6789 (shown "
                                "masked).")
    dateOfBirth: str | None = WireField(None, description="dependents: birth date.")
    amount: _Money | None = WireField(None, description="bonus or commission: the amount.")
    priorYear: _Money | None = WireField(None, description="earnings: the year's earnings.")
    category: str | None = WireField(None, description="employeeAssets: the asset category.")
    description: str | None = WireField(None, description="employeeAssets: description.")
    serialNumber: str | None = WireField(None, description="employeeAssets: serial number.")
    dateLoaned: str | None = WireField(None, description="employeeAssets: date loaned.")
    dateReturned: str | None = WireField(None, description="employeeAssets: date returned.")
    cost: _Money | None = WireField(None, description="employeeAssets: the asset's cost.")
    notes: str | None = WireField(None, description="employeeAssets or certifications: notes.")
    title: str | None = WireField(None, description="employeeCertifications: the title.")
    completionDate: str | None = WireField(None, description="Certification completed on.")
    certificationNumber: str | None = WireField(None, description="Certification number.")
    expirationDate: str | None = WireField(None, description="Certification expires on.")


class _RowOut(BaseModel):
    id: str = WireField(description="Row id (use it to update the row).",
                        json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)


class EmergencyContactRowOut(_RowOut):
    name: str = WireField(description="The contact's name.")
    relationship: str | None = WireField(description="Relationship to the employee.")
    homePhone: str | None = WireField(description="Home phone.")
    addressLine1: str | None = WireField(description="Address, first line.")
    addressLine2: str | None = WireField(description="Address, second line.")
    zipcode: str | None = WireField(description="ZIP code.")
    city: str | None = WireField(description="City.")
    state: str | None = WireField(description="State.")
    country: str | None = WireField(description="Country.")
    email: str | None = WireField(description="Email address.")
    mobilePhone: str | None = WireField(description="Mobile phone.")
    workPhone: str | None = WireField(description="Work phone.")
    workPhoneExtension: str | None = WireField(description="Work extension.")
    primaryContact: str = WireField(description="`yes` for the primary contact, else `no`.")


class DependentRowOut(_RowOut):
    firstName: str = WireField(description="First name.")
    middleName: str | None = WireField(description="Middle name.")
    lastName: str = WireField(description="Last name.")
    relationship: str | None = WireField(description="Relationship to the employee.")
    gender: str | None = WireField(description="Gender.")
    addressLine1: str | None = WireField(description="Address, first line.")
    addressLine2: str | None = WireField(description="Address, second line.")
    ssn: str | None = WireField(description="SSN, masked: `xxx-xx-1234`.")
    dateOfBirth: str | None = WireField(description="Birth date, YYYY-MM-DD.")
    city: str | None = WireField(description="City.")
    state: str | None = WireField(description="State.")
    homePhone: str | None = WireField(description="Home phone.")
    country: str | None = WireField(description="Country.")
    zipcode: str | None = WireField(description="ZIP code.")


class BonusRowOut(_RowOut):
    date: str = WireField(description="Date of the bonus, YYYY-MM-DD.")
    amount: Rate = WireField(description="The amount.")
    reason: str | None = WireField(description="Reason, e.g. `Performance`.")
    comment: str | None = WireField(description="Comment.")


class CommissionRowOut(_RowOut):
    date: str = WireField(description="Date of the commission, YYYY-MM-DD.")
    amount: Rate = WireField(description="The amount.")
    comment: str | None = WireField(description="Comment.")


class EarningsRowOut(_RowOut):
    date: str = WireField(description="Date of the record, YYYY-MM-DD.")
    priorYear: Rate = WireField(description="The prior year's earnings.")


class EmployeeAssetRowOut(_RowOut):
    category: str = WireField(description="Asset category, e.g. `Computer`.")
    description: str | None = WireField(description="Description.")
    serialNumber: str | None = WireField(description="Serial number.")
    dateLoaned: str | None = WireField(description="Date loaned, YYYY-MM-DD.")
    dateReturned: str | None = WireField(description="Date returned, YYYY-MM-DD.")
    cost: Rate | None = WireField(description="Cost of the asset.")
    notes: str | None = WireField(description="Notes.")


class EmployeeCertificationRowOut(_RowOut):
    title: str = WireField(description="Certification title.")
    completionDate: str | None = WireField(description="Completed on, YYYY-MM-DD.")
    certificationNumber: str | None = WireField(description="Certification number.")
    expirationDate: str | None = WireField(description="Expires on, YYYY-MM-DD.")
    notes: str | None = WireField(description="Notes.")


TableRowOut = (JobInfoRowOut | CompensationRowOut | EmploymentStatusRowOut
               | EmergencyContactRowOut | DependentRowOut | BonusRowOut | CommissionRowOut
               | EarningsRowOut | EmployeeAssetRowOut | EmployeeCertificationRowOut)


class TabularFieldColumn(BaseModel):
    id: int = WireField(description="Field id.")
    name: str = WireField(description="Display name of the field.")
    alias: str = WireField(description="API name of the field within its table.")
    type: str = WireField(description="Field type: date, text, textarea, list, currency, "
                          "employee, email, phone, checkbox or ssn.")


class TabularField(BaseModel):
    alias: str = WireField(description="The table's API name, used in the table routes.")
    fields: list[TabularFieldColumn] = WireField(description="The table's fields.")


class TableRowDeleted(BaseModel):
    success: bool = WireField(description="Whether the row was deleted.")
    error: str | None = WireField(None, description="Why not, when success is false; absent "
                                  "when it is true.")
