"""BambooHR-shaped wire models of the HRIS (bodies and responses, BambooHR's field names).

BambooHR's names are kept as they are on the wire (`jobTitle`, `CompensationRowOut`), so
the document's component names stay the product's; `plain` gives what a client sent.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeAlias

from pydantic import BaseModel, BeforeValidator, ConfigDict
from pydantic import Field as WireField

from arcadia.apps.kernel import Amount, Id, entity

# -- wire schemas: employees --------------------------------------------------------------

_EMPLOYEE = entity("EmployeeId")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


# An id (or a name) as text; a JSON number is read as its digits, so the document carries
# no float bounds: the services check ids as ASCII digits within 64 bits.
_IdText: TypeAlias = Annotated[str, BeforeValidator(  # noqa: UP040
    lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v)]


class EmployeeUpdate(_Body):
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
        json_schema_extra=_EMPLOYEE)
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
                        json_schema_extra=_EMPLOYEE)


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
    id: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
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
    supervisorEId: str | None = _opt("Employee id of the current supervisor.", **_EMPLOYEE)
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
                                   **_EMPLOYEE)
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
    id: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
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


# -- wire schemas: tables ------------------------------------------------------------------


class JobInfoRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
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


class RateIn(_Body):
    value: Amount | str = WireField(description="Amount, e.g. `85000` or `42.50`.")
    currency: str = WireField("USD", description="ISO currency code; `USD`.")


class CompensationRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
    startDate: str = WireField(description="Effective date, YYYY-MM-DD.")
    rate: Rate = WireField(description="Pay rate per `paidPer`.")
    type: str = WireField(description="`Salary` or `Hourly`.")
    exempt: str | None = WireField(description="`Exempt` or `Non-exempt`.")
    reason: str | None = WireField(description="Reason for the change, e.g. `Merit increase`.")
    comment: str | None = WireField(description="Comment.")
    paidPer: str = WireField(description="`Year`, `Month`, `Week`, `Day` or `Hour`.")


class EmploymentStatusRowOut(BaseModel):
    id: str = WireField(description="Row id.", json_schema_extra=entity("TableRowId"))
    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
    date: str = WireField(description="Effective date, YYYY-MM-DD.")
    employmentStatus: str = WireField(description="e.g. `Full-Time`, `Terminated`.")
    comment: str | None = WireField(description="Comment.")


# -- wire schemas: meta ----------------------------------------------------------------------


class MetaField(BaseModel):
    id: int = WireField(description="Numeric field id (usable in `fields=`).")
    name: str = WireField(description="Human-readable name.")
    type: str = WireField(description="BambooHR field type.")
    alias: str = WireField(description="API field name.")


class ListOptionOut(BaseModel):
    id: int = WireField(description="Option id.")
    archived: str = WireField(description="`yes` or `no`.")
    name: str = WireField(description="Option value to send in writes.")


class MetaList(BaseModel):
    fieldId: int = WireField(description="Numeric id of the list field.")
    manageable: str = WireField(description="`yes` if options may be managed.")
    multiple: str = WireField(description="`yes` if several options may be chosen.")
    name: str = WireField(description="Field name.")
    alias: str = WireField(description="API field name.")
    options: list[ListOptionOut] = WireField(description="Allowed values.")


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


# -- wire schemas: time off --------------------------------------------------------------------


class TimeOffStatusOut(BaseModel):
    lastChanged: str = WireField(description="Date the status last changed.")
    lastChangedByUserId: str | None = WireField(
        description="Employee id of whoever changed it.", json_schema_extra=_EMPLOYEE)
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
    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
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


class TimeOffNoteIn(_Body):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: str = WireField("employee", alias="from", description="`employee` or `manager`.")
    note: str = WireField(description="The note.", max_length=1024)


class TimeOffDateIn(_Body):
    ymd: str = WireField(description="Day, YYYY-MM-DD.")
    amount: Amount = WireField(description="Amount of time off that day.")


class TimeOffRequestCreate(_Body):
    status: str = WireField("requested", description="`requested` (default), or `approved` / "
                            "`denied` when the caller may approve the employee's requests.")
    start: str = WireField(description="First day, YYYY-MM-DD.")
    end: str = WireField(description="Last day, YYYY-MM-DD.")
    timeOffTypeId: _IdText = WireField(
        description="Time off type id (see GET /meta/time_off/types).",
        json_schema_extra=entity("TimeOffTypeId"))
    amount: Amount | None = WireField(
        None, description="Total days; defaults to the sum of `dates`, else the weekdays "
                          "between start and end.")
    notes: list[TimeOffNoteIn] = WireField(default_factory=list, description="Notes.")
    dates: list[TimeOffDateIn] = WireField(default_factory=list, description="Amount per day.")
    previousRequest: _IdText | None = WireField(
        None, description="Id of a request this one replaces (it becomes `superseded`).",
        json_schema_extra=entity("TimeOffRequestId"))


class TimeOffStatusChange(_Body):
    status: str = WireField(description="`approved`, `denied` (or `declined`) or `canceled`.")
    note: str | None = WireField(None, description="Note recorded with the change.",
                                 max_length=1024)


def plain(model: BaseModel) -> dict[str, Any]:
    """The fields a client actually sent (explicit nulls included)."""
    return model.model_dump(exclude_unset=True, by_alias=True)


# -- wire schemas: the generic tables ----------------------------------------------------------

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
    reportsTo: _IdText | None = WireField(
        None, description="jobInfo: the supervisor's employee id (or a display name matching "
                          "exactly one employee); empty for none.", json_schema_extra=_EMPLOYEE)
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
    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)


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


# -- wire schemas: last change information ---------------------------------------------------


class ChangedEmployee(BaseModel):
    id: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
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


# -- wire schemas: time off reads ------------------------------------------------------------


class WhosOutEntry(BaseModel):
    id: int = WireField(description="The time off request id, or the holiday id.")
    type: str = WireField(description="`timeOff` or `holiday`.")
    employeeId: int | None = WireField(None, description="The employee out; only on "
                                       "timeOff entries.", json_schema_extra=_EMPLOYEE)
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


# -- wire schemas: the cursor-paged employee list ------------------------------------------------


class ListedEmployee(BaseModel):
    """An employee in `GET /employees`: the default fields, then any asked for in `fields`
    (present only when asked for; null when the caller may not see them)."""

    model_config = ConfigDict(populate_by_name=True)

    employeeId: str = WireField(description="Employee id.", json_schema_extra=_EMPLOYEE)
    firstName: str = WireField(description="First name.")
    lastName: str = WireField(description="Last name.")
    preferredName: str | None = WireField(description="Preferred name.")
    photoUrl: str | None = WireField(description="Photo URL (none are uploaded here).")
    jobTitleName: str | None = WireField(description="Current job title.")
    status: str = WireField(description="`Active` or `Inactive`.")
    restrictedFields: list[str] = WireField(
        alias="_restrictedFields", description="Requested fields the caller may not see "
        "(returned as null).")
    workEmail: str | None = WireField(None, description="Work email (if asked for).")
    homeEmail: str | None = WireField(None, description="Home email (if asked for).")
    bestEmail: str | None = WireField(None, description="Work email, else home email.")
    middleName: str | None = WireField(None, description="Middle name (if asked for).")
    workPhone: str | None = WireField(None, description="Work phone (if asked for).")
    workPhoneExtension: str | None = WireField(None, description="Work extension.")
    mobilePhone: str | None = WireField(None, description="Mobile phone (if asked for).")
    homePhone: str | None = WireField(None, description="Home phone (if asked for).")
    skypeUsername: str | None = WireField(None, description="Skype user name.")
    linkedinUrl: str | None = WireField(None, description="LinkedIn URL.")
    facebookUrl: str | None = WireField(None, description="Facebook URL.")
    instagramUrl: str | None = WireField(None, description="Instagram URL.")
    twitterUrl: str | None = WireField(None, description="Twitter/X URL.")
    pinterestUrl: str | None = WireField(None, description="Pinterest URL.")
    birthDate: str | None = WireField(None, description="Birth date (sensitive).")
    hireDate: str | None = WireField(None, description="Hire date, YYYY-MM-DD.")
    divisionName: str | None = WireField(None, description="Division (team) name.")
    divisionId: str | None = WireField(None, description="Division list option id.")
    departmentName: str | None = WireField(None, description="Department name.")
    departmentId: str | None = WireField(None, description="Department list option id.")
    locationName: str | None = WireField(None, description="Location name.")
    locationId: str | None = WireField(None, description="Location list option id.")
    jobTitleId: str | None = WireField(None, description="Job title id.")
    employmentStatusName: str | None = WireField(None, description="Employment status.")
    employmentStatusId: str | None = WireField(None, description="Employment status option "
                                               "id.")
    reportsToName: str | None = WireField(None, description="Supervisor's name.")
    reportsToId: str | None = WireField(None, description="Supervisor's employee id.",
                                        json_schema_extra=_EMPLOYEE)


class CursorPageInfo(BaseModel):
    limit: int | None = WireField(description="Page size.")
    nextCursor: str | None = WireField(description="Cursor of the next page (send as "
                                       "page[after]); null on the last page.")
    prevCursor: str | None = WireField(description="Cursor of the previous page; always "
                                       "null here (page forward only).")


class EmployeeListMeta(BaseModel):
    total: int = WireField(description="Employees matching the filters.")
    page: CursorPageInfo = WireField(description="Paging.")


class Href(BaseModel):
    href: str = WireField(description="URL.")


class EmployeeListLinks(BaseModel):
    self_: Href = WireField(alias="self", description="This page.")
    next: Href | None = WireField(None, description="The next page, when there is one.")


class EmployeeList(BaseModel):
    data: list[ListedEmployee] = WireField(description="The page's employees.")
    meta: EmployeeListMeta = WireField(description="Total and paging.")
    links: EmployeeListLinks = WireField(alias="_links", description="Navigation links.")


class TableRowDeleted(BaseModel):
    success: bool = WireField(description="Whether the row was deleted.")
    error: str | None = WireField(None, description="Why not, when success is false; absent "
                                  "when it is true.")


# -- time off policies, company information, users (policies.py, company.py) --


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


class TimeOffPolicyAssignment(_Body):
    timeOffPolicyId: Id = WireField(description="The policy to assign (GET "
                                    "/meta/time_off/policies).",
                                    json_schema_extra=entity("TimeOffPolicyId"))
    accrualStartDate: str | None = WireField(
        description="The date accruals start, YYYY-MM-DD; null removes the employee's "
                    "assignment of this policy.")


class TimeOffHistoryIn(_Body):
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


class TimeOffBalanceAdjustmentIn(_Body):
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
