"""Employees on the wire: the fields written and read by BambooHR name, the directory
and the custom report.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import EMPLOYEE, Body
from arcadia.apps.kernel import Amount, Id, entity


class EmployeeUpdate(Body):
    """Employee fields to write, by BambooHR field name; values are strings as in BambooHR.

    Fields kept in a history table (jobTitle, department, division, location,
    supervisorEId; payRate, payType, payPer, exempt, payChangeReason;
    employmentHistoryStatus) are written by adding a new row dated today to that table
    (jobInfo, compensation, employmentStatus), carrying the other columns forward.
    Unknown and read-only names are rejected by the service with a 400 naming them.
    """

    model_config = ConfigDict(extra="allow")

    firstName: str | None = WireField(None, description="Legal first name.")
    lastName: str | None = WireField(None, description="Legal last name.")
    preferredName: str | None = WireField(None, description="Preferred first name.")
    employeeNumber: str | None = WireField(
        None, description="Company employee number (unique), e.g. `AR0042`.",
        json_schema_extra=entity("EmployeeNumber"))
    workEmail: str | None = WireField(None, description="Work email (unique).",
                                      json_schema_extra=entity("Email"))
    workPhone: str | None = WireField(None, description="Work phone number.")
    hireDate: str | None = WireField(None, description="Hire date, YYYY-MM-DD.")
    status: str | None = WireField(
        None, description="`Active` or `Inactive`: whether the employee is active.")
    dateOfBirth: str | None = WireField(None, description="Date of birth, YYYY-MM-DD.")
    address1: str | None = WireField(None, description="Home address, first line.")
    address2: str | None = WireField(None, description="Home address, second line.")
    city: str | None = WireField(None, description="Home city.")
    state: str | None = WireField(None, description="Home state, e.g. `PA`.")
    zipcode: str | None = WireField(None, description="Home ZIP code.")
    country: str | None = WireField(None, description="Home country.")
    jobTitle: str | None = WireField(None, description="Job title (jobInfo table).")
    department: str | None = WireField(
        None, description="Department name, one of the `department` list options.",
        json_schema_extra=entity("DepartmentName"))
    division: str | None = WireField(
        None, description="Division (team) name, one of the `division` list options.",
        json_schema_extra=entity("TeamName"))
    location: str | None = WireField(
        None, description="Location name, one of the `location` list options.",
        json_schema_extra=entity("LocationName"))
    supervisorEId: str | Id | None = WireField(
        None, description="Employee id of the new supervisor (jobInfo `reportsTo`).",
        json_schema_extra=EMPLOYEE)
    employmentHistoryStatus: str | None = WireField(
        None, description="Employment status, e.g. `Full-Time`, `Leave of Absence`, "
                          "`Terminated` (employmentStatus table).")
    payRate: Amount | str | None = WireField(
        None, description="Pay rate, e.g. `85000` or `85000.00 USD` (compensation table).")
    payType: str | None = WireField(None, description="`Salary` or `Hourly`.")
    payPer: str | None = WireField(
        None, description="Pay period of the rate: `Year`, `Month`, `Week`, `Day` or `Hour`.")
    exempt: str | None = WireField(None, description="FLSA status: `Exempt` or `Non-exempt`.")
    payChangeReason: str | None = WireField(
        None, description="Reason recorded on the new compensation row.")
    middleName: str | None = WireField(None, description="Middle name.")
    gender: str | None = WireField(
        None, description="`Male`, `Female` or `Non-binary` (BambooHR's `gender` type).")
    maritalStatus: str | None = WireField(
        None, description="`Single`, `Married`, `Domestic Partnership`, `Divorced`, "
                          "`Separated` or `Widowed`.")
    mobilePhone: str | None = WireField(None, description="Mobile phone number.")
    homePhone: str | None = WireField(None, description="Home phone number.")
    homeEmail: str | None = WireField(None, description="Personal (home) email address.")
    workPhoneExtension: str | None = WireField(None, description="Work phone extension.")
    originalHireDate: str | None = WireField(
        None, description="Original hire date (before any rehire), YYYY-MM-DD.")
    payFrequency: str | None = WireField(
        None, description="How often the employee is paid: `Weekly`, `Every other week`, "
                          "`Twice a month`, `Monthly`, `Quarterly`, `Twice a year` or "
                          "`Yearly`.")
    ssn: str | None = WireField(
        None, description="US social security number, `123-45-6789` (sensitive; unique).")
    linkedinUrl: str | None = WireField(None, description="LinkedIn profile URL (https://...).")
    facebookUrl: str | None = WireField(None, description="Facebook profile URL.")
    twitterUrl: str | None = WireField(None, description="Twitter/X profile URL.")
    instagramUrl: str | None = WireField(None, description="Instagram profile URL.")
    pinterestUrl: str | None = WireField(None, description="Pinterest profile URL.")
    skypeUsername: str | None = WireField(None, description="Skype user name.")


class EmployeeCreate(EmployeeUpdate):
    """A new employee: firstName and lastName are required, every other field optional."""

    firstName: str = WireField(description="Legal first name.", min_length=1)  # type: ignore[assignment]
    lastName: str = WireField(description="Legal last name.", min_length=1)  # type: ignore[assignment]


class EmployeeCreated(BaseModel):
    id: str = WireField(description="Id of the new employee (also in the Location header).",
                        json_schema_extra=EMPLOYEE)


def _opt(description: str, **extra: Any) -> Any:
    """An employee field present only when asked for in `fields=`."""
    return WireField(None, description=description,
                     json_schema_extra=extra or None)  # type: ignore[arg-type]


class EmployeeFields(BaseModel):
    """One employee: `id` plus each field named in `fields=` (and only those).

    Every standard field is declared; a key is present only when it was requested (by
    alias, or under its numeric id when asked by id) and the caller may see it. Values are
    strings, null when empty, as BambooHR sends them.
    """

    # Fields asked for by numeric id (`fields=17`) come back under that id.
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, str | bool | None]
    id: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    firstName: str | None = _opt("Legal first name.")
    lastName: str | None = _opt("Legal last name.")
    middleName: str | None = _opt("Middle name.")
    preferredName: str | None = _opt("Preferred first name.")
    displayName: str | None = _opt("Preferred (else first) name, then last name.")
    employeeNumber: str | None = _opt("Company employee number, e.g. `AR0042`.",
                                      **entity("EmployeeNumber"))
    status: str | None = _opt("`Active` or `Inactive`.")
    workEmail: str | None = _opt("Work email.", **entity("Email"))
    homeEmail: str | None = _opt("Personal (home) email.")
    workPhone: str | None = _opt("Work phone.")
    workPhoneExtension: str | None = _opt("Work phone extension.")
    mobilePhone: str | None = _opt("Mobile phone.")
    homePhone: str | None = _opt("Home phone.")
    photoUrl: str | None = _opt("URL of the employee's photo (BambooHR's placeholder when "
                                "none was uploaded).")
    gender: str | None = _opt("`Male`, `Female` or `Non-binary`.")
    maritalStatus: str | None = _opt("`Single`, `Married`, `Domestic Partnership`, ...")
    hireDate: str | None = _opt("Hire date, YYYY-MM-DD.")
    originalHireDate: str | None = _opt("Original hire date (before any rehire), YYYY-MM-DD.")
    terminationDate: str | None = _opt("Termination date, YYYY-MM-DD (from the newest "
                                       "`Terminated` employmentStatus row).")
    jobTitle: str | None = _opt("Current job title (jobInfo).")
    jobTitleId: str | None = _opt("Id of the current job title among the `jobTitle` options "
                                  "of GET /meta/lists; null for a title not in that list.")
    department: str | None = _opt("Current department (jobInfo).",
                                  **entity("DepartmentName"))
    departmentId: str | None = _opt("Id of the current department among the `department` "
                                    "options of GET /meta/lists.")
    division: str | None = _opt("Current division (team) (jobInfo).", **entity("TeamName"))
    divisionId: str | None = _opt("Id of the current division among the `division` options "
                                  "of GET /meta/lists.")
    location: str | None = _opt("Current location (jobInfo).", **entity("LocationName"))
    locationId: str | None = _opt("Id of the current location among the `location` options "
                                  "of GET /meta/lists.")
    supervisor: str | None = _opt("Display name of the current supervisor.")
    supervisorEId: str | None = _opt("Employee id of the current supervisor.", **EMPLOYEE)
    supervisorId: str | None = _opt("Employee number of the current supervisor.")
    supervisorEmail: str | None = _opt("Work email of the current supervisor.")
    employmentHistoryStatus: str | None = _opt("Current employment status, e.g. `Full-Time` "
                                               "(employmentStatus table).")
    employmentStatusId: str | None = _opt("Id of the current employment status among the "
                                          "`employmentHistoryStatus` options of GET "
                                          "/meta/lists.")
    dateOfBirth: str | None = _opt("Date of birth, YYYY-MM-DD (sensitive).")
    ssn: str | None = _opt("US social security number, 123-45-6789 (sensitive).")
    address1: str | None = _opt("Home address, first line (sensitive).")
    address2: str | None = _opt("Home address, second line (sensitive).")
    city: str | None = _opt("Home city (sensitive).")
    state: str | None = _opt("Home state, e.g. `PA` (sensitive).")
    zipcode: str | None = _opt("Home ZIP code (sensitive).")
    country: str | None = _opt("Home country (sensitive).")
    payRate: str | None = _opt("Current pay rate with currency, e.g. `85000.00 USD` "
                               "(sensitive; compensation).")
    payType: str | None = _opt("`Salary` or `Hourly` (sensitive).")
    payPer: str | None = _opt("`Year`, `Month`, `Week`, `Day` or `Hour` (sensitive).")
    payFrequency: str | None = _opt("How often the employee is paid, e.g. `Twice a month` "
                                    "(sensitive).")
    exempt: str | None = _opt("FLSA status: `Exempt` or `Non-exempt` (sensitive).")
    payRateEffectiveDate: str | None = _opt("Start date of the current compensation row "
                                            "(sensitive).")
    payChangeReason: str | None = _opt("Reason of the current compensation row "
                                       "(sensitive).")
    lastChanged: str | None = _opt("When the employee record last changed (ISO timestamp).")
    linkedinUrl: str | None = _opt("LinkedIn profile URL.")
    facebookUrl: str | None = _opt("Facebook profile URL.")
    twitterUrl: str | None = _opt("Twitter/X profile URL.")
    instagramUrl: str | None = _opt("Instagram profile URL.")
    pinterestUrl: str | None = _opt("Pinterest profile URL.")
    skypeUsername: str | None = _opt("Skype user name.")
    bestEmail: str | None = _opt("The work email if set, else the home email.")
    birthDate: str | None = _opt("Date of birth, YYYY-MM-DD (dateOfBirth; sensitive).")
    marital: str | None = _opt("Marital status (maritalStatus).")
    jobTitleName: str | None = _opt("Current job title (jobTitle).")
    reportsToName: str | None = _opt("Display name of the current supervisor (supervisor).")
    reportsToId: str | None = _opt("Employee id of the current supervisor (supervisorEId).",
                                   **EMPLOYEE)
    employmentStatus: str | None = _opt("Current employment status name "
                                        "(employmentHistoryStatus).")
    payPeriod: str | None = _opt("Period of the pay rate, e.g. `Year` (payPer; sensitive).")
    canUploadPhoto: bool | None = _opt("Whether the caller may upload this employee's photo "
                                       "(their own, or HR).")


class DirectoryField(BaseModel):
    id: str = WireField(description="Field name used as key in each employee.")
    type: str = WireField(description="BambooHR field type.")
    name: str = WireField(description="Human-readable field name.")


class DirectoryEmployee(BaseModel):
    id: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
    displayName: str = WireField(description="Preferred or first name, then last name.")
    firstName: str = WireField(description="First name.")
    lastName: str = WireField(description="Last name.")
    preferredName: str | None = WireField(description="Preferred name.")
    jobTitle: str | None = WireField(description="Current job title.")
    workPhone: str | None = WireField(description="Work phone.")
    mobilePhone: str | None = WireField(description="Mobile phone (not kept here).")
    workEmail: str | None = WireField(description="Work email.", json_schema_extra=entity("Email"))
    department: str | None = WireField(description="Current department.",
                                       json_schema_extra=entity("DepartmentName"))
    location: str | None = WireField(description="Current location.",
                                     json_schema_extra=entity("LocationName"))
    division: str | None = WireField(description="Current division (team).",
                                     json_schema_extra=entity("TeamName"))
    linkedIn: str | None = WireField(description="LinkedIn URL (not kept here).")
    workPhoneExtension: str | None = WireField(description="Work phone extension.")
    supervisor: str | None = WireField(description="Display name of the current supervisor.")
    photoUploaded: bool = WireField(description="Whether a photo was uploaded.")
    photoUrl: str | None = WireField(description="Photo URL.")
    canUploadPhoto: int = WireField(description="1 if the caller may upload a photo.")


class CustomReportRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str | None = WireField(None, max_length=200, description="Report title.")
    fields: list[str] = WireField(description="Field names or ids to report, e.g. "
                                  "[\"firstName\", \"workEmail\", \"status\"].")


class CustomReport(BaseModel):
    title: str = WireField(description="Report title.")
    fields: list[DirectoryField] = WireField(description="The reported fields.")
    employees: list[EmployeeFields] = WireField(description="Every employee, terminated "
                                                "ones included: `id` plus the fields.")


class Directory(BaseModel):
    fields: list[DirectoryField] = WireField(description="The directory's fieldset.")
    employees: list[DirectoryEmployee] = WireField(description="Current employees.")
