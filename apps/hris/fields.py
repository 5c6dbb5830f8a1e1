"""BambooHR employee fields: names, ids, types, where each lives, and value parsing.

One registry serves `GET /meta/fields`, `GET /employees/{id}?fields=` and the field
validation of employee writes, so the three never disagree about a field name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from types import CodeType, FunctionType
from typing import Any

from arcadia.apps.hris.models import Employee
from arcadia.apps.kernel import invalid, iso, money

JOB_INFO, COMPENSATION, EMPLOYMENT_STATUS = "jobInfo", "compensation", "employmentStatus"
TABLES = (JOB_INFO, COMPENSATION, EMPLOYMENT_STATUS)

PAY_TYPES = ("Salary", "Hourly")
PAY_PERS = ("Year", "Month", "Week", "Day", "Hour")
EXEMPT = ("Exempt", "Non-exempt")
STATUSES = ("Active", "Inactive")
EMPLOYMENT_STATUSES = ("Full-Time", "Part-Time", "Contractor", "Intern", "Leave of Absence",
                       "Terminated")
TERMINATED = "Terminated"
CURRENCY = "USD"
GENDERS = ("Male", "Female", "Non-binary")
MARITAL_STATUSES = ("Single", "Married", "Domestic Partnership", "Divorced", "Separated",
                    "Widowed")
PAY_FREQUENCIES = ("Weekly", "Every other week", "Twice a month", "Monthly", "Quarterly",
                   "Twice a year", "Yearly")
# Arcadia runs payroll twice a month (the payroll's pay schedule); every employee's
# payFrequency starts there.
PAY_FREQUENCY = "Twice a month"
# BambooHR's placeholder photo, served for employees without an uploaded photo.
PHOTO_PLACEHOLDER = "https://resources.bamboohr.com/images/photo_person_150x150.png"


@dataclass(frozen=True)
class FieldDef:
    """One employee field as BambooHR names it.

    Attributes:
        id: Numeric field id (accepted in `fields=` like the alias).
        alias: API field name.
        name: Human-readable name.
        type: BambooHR field type.
        table: History table holding the field's values, if any.
        sensitive: Visible only to HR, payroll and the employee themself.
        writable: Accepted by the create/update employee routes.
    """

    id: int
    alias: str
    name: str
    type: str
    table: str | None = None
    sensitive: bool = False
    writable: bool = True


FIELDS: tuple[FieldDef, ...] = (
    FieldDef(0, "id", "Employee ID", "int", writable=False),
    FieldDef(1, "firstName", "First Name", "text"),
    FieldDef(2, "lastName", "Last Name", "text"),
    FieldDef(1358, "preferredName", "Preferred Name", "text"),
    FieldDef(1359, "displayName", "Display Name", "text", writable=False),
    FieldDef(3, "employeeNumber", "Employee #", "text"),
    FieldDef(15, "workEmail", "Work Email", "email"),
    FieldDef(16, "workPhone", "Work Phone", "phone"),
    FieldDef(17, "jobTitle", "Job Title", "list", JOB_INFO),
    FieldDef(4, "department", "Department", "list", JOB_INFO),
    FieldDef(1355, "division", "Division", "list", JOB_INFO),
    FieldDef(18, "location", "Location", "list", JOB_INFO),
    FieldDef(1360, "supervisor", "Supervisor", "employee", JOB_INFO, writable=False),
    FieldDef(1361, "supervisorEId", "Supervisor EID", "employee", JOB_INFO),
    FieldDef(1362, "supervisorId", "Supervisor ID", "text", JOB_INFO, writable=False),
    FieldDef(1363, "supervisorEmail", "Supervisor Email", "email", JOB_INFO, writable=False),
    FieldDef(6, "hireDate", "Hire Date", "date"),
    FieldDef(7, "terminationDate", "Termination Date", "date", EMPLOYMENT_STATUS,
             writable=False),
    FieldDef(1364, "status", "Status", "status"),
    FieldDef(1365, "employmentHistoryStatus", "Employment Status", "list", EMPLOYMENT_STATUS),
    FieldDef(9, "dateOfBirth", "Birth Date", "date", sensitive=True),
    FieldDef(10, "address1", "Address Line 1", "text", sensitive=True),
    FieldDef(11, "address2", "Address Line 2", "text", sensitive=True),
    FieldDef(12, "city", "City", "text", sensitive=True),
    FieldDef(13, "state", "State", "state", sensitive=True),
    FieldDef(14, "zipcode", "Zip Code", "text", sensitive=True),
    FieldDef(1366, "country", "Country", "country", sensitive=True),
    FieldDef(19, "payRate", "Pay Rate", "currency", COMPENSATION, sensitive=True),
    FieldDef(156, "payType", "Pay Type", "pay_type", COMPENSATION, sensitive=True),
    FieldDef(1367, "payPer", "Pay Per", "list", COMPENSATION, sensitive=True),
    FieldDef(1368, "exempt", "FLSA Code", "exempt", COMPENSATION, sensitive=True),
    FieldDef(1369, "payRateEffectiveDate", "Compensation: Date", "date", COMPENSATION,
             sensitive=True, writable=False),
    FieldDef(1370, "payChangeReason", "Compensation Change Reason", "list", COMPENSATION,
             sensitive=True),
    FieldDef(1371, "lastChanged", "Last Changed", "timestamp", writable=False),
    FieldDef(1372, "middleName", "Middle Name", "text"),
    FieldDef(1373, "gender", "Gender", "gender"),
    FieldDef(1374, "maritalStatus", "Marital Status", "marital_status"),
    FieldDef(1375, "mobilePhone", "Mobile Phone", "phone"),
    FieldDef(1376, "homePhone", "Home Phone", "phone", sensitive=True),
    FieldDef(1377, "homeEmail", "Home Email", "email", sensitive=True),
    FieldDef(1378, "workPhoneExtension", "Work Ext.", "text"),
    FieldDef(1379, "photoUrl", "Photo URL", "url", writable=False),
    FieldDef(1380, "originalHireDate", "Original Hire Date", "date"),
    FieldDef(1381, "payFrequency", "Pay Frequency", "list", sensitive=True),
    FieldDef(1382, "ssn", "SSN", "ssn", sensitive=True),
    FieldDef(1383, "departmentId", "Department ID", "int", JOB_INFO, writable=False),
    FieldDef(1384, "divisionId", "Division ID", "int", JOB_INFO, writable=False),
    FieldDef(1385, "locationId", "Location ID", "int", JOB_INFO, writable=False),
    FieldDef(1386, "jobTitleId", "Job Title ID", "int", JOB_INFO, writable=False),
    FieldDef(1387, "employmentStatusId", "Employment Status ID", "int", EMPLOYMENT_STATUS,
             writable=False),
    # Social profiles: writable text, empty unless someone fills them in.
    FieldDef(1388, "linkedinUrl", "LinkedIn URL", "text"),
    FieldDef(1389, "facebookUrl", "Facebook URL", "text"),
    FieldDef(1390, "twitterUrl", "Twitter URL", "text"),
    FieldDef(1391, "instagramUrl", "Instagram URL", "text"),
    FieldDef(1392, "pinterestUrl", "Pinterest URL", "text"),
    FieldDef(1393, "skypeUsername", "Skype Username", "text"),
    # The names BambooHR's current Get Employee documents for values kept above.
    FieldDef(1394, "bestEmail", "Best Email", "email", writable=False),
    FieldDef(1395, "birthDate", "Birth Date", "date", sensitive=True, writable=False),
    FieldDef(1396, "marital", "Marital Status", "marital_status", writable=False),
    FieldDef(1397, "jobTitleName", "Job Title Name", "list", JOB_INFO, writable=False),
    FieldDef(1398, "reportsToName", "Reports To", "employee", JOB_INFO, writable=False),
    FieldDef(1399, "reportsToId", "Reports To ID", "int", JOB_INFO, writable=False),
    FieldDef(1400, "employmentStatus", "Employment Status Name", "list", EMPLOYMENT_STATUS,
             writable=False),
    FieldDef(1401, "payPeriod", "Pay Period", "list", COMPENSATION, sensitive=True,
             writable=False),
    FieldDef(1402, "canUploadPhoto", "Can Upload Photo", "bool", writable=False),
)
BY_ALIAS: dict[str, FieldDef] = {f.alias: f for f in FIELDS}
BY_ID: dict[str, FieldDef] = {str(f.id): f for f in FIELDS}
# List fields whose options live in `list_option` (GET /meta/lists); jobTitle's options are
# the titles in use when the world was seeded (a title written since may have none).
LIST_FIELDS = ("department", "division", "location", "employmentHistoryStatus", "jobTitle")
# Id fields: the `list_option` id of the current value of a list field.
ID_FIELDS = {"departmentId": "department", "divisionId": "division",
             "locationId": "location", "jobTitleId": "jobTitle",
             "employmentStatusId": "employmentHistoryStatus"}
# Employee-row columns written directly by the update route (alias -> column).
DIRECT_COLUMNS = {
    "firstName": "first_name", "lastName": "last_name", "preferredName": "preferred_name",
    "employeeNumber": "employee_number", "workEmail": "work_email", "workPhone": "work_phone",
    "hireDate": "hire_date", "status": "status", "dateOfBirth": "date_of_birth",
    "address1": "address1", "address2": "address2", "city": "city", "state": "state",
    "zipcode": "zipcode", "country": "country", "middleName": "middle_name",
    "gender": "gender", "maritalStatus": "marital_status", "mobilePhone": "mobile_phone",
    "homePhone": "home_phone", "homeEmail": "home_email",
    "workPhoneExtension": "work_phone_extension", "originalHireDate": "original_hire_date",
    "payFrequency": "pay_frequency", "ssn": "ssn", "linkedinUrl": "linkedin_url",
    "facebookUrl": "facebook_url", "twitterUrl": "twitter_url",
    "instagramUrl": "instagram_url", "pinterestUrl": "pinterest_url",
    "skypeUsername": "skype_username",
}
# Read-only names of BambooHR's current Get Employee for fields kept under another name.
ALIASES = {"birthDate": "dateOfBirth", "marital": "maritalStatus", "jobTitleName": "jobTitle",
           "reportsToName": "supervisor", "reportsToId": "supervisorEId",
           "employmentStatus": "employmentHistoryStatus", "payPeriod": "payPer"}
# Fields read from the supervisor's own record (only those need it loaded).
SUPERVISOR_FIELDS = frozenset({"supervisor", "supervisorId", "supervisorEmail",
                               "reportsToName"})


def display_name(emp: Employee) -> str:
    return name_of(emp.first_name, emp.last_name, emp.preferred_name)


def name_of(first: str, last: str, preferred: str | None) -> str:
    """BambooHR's display name: the preferred name, else the first name, then the last."""
    return f"{preferred or first} {last}"


# Option ids by list field alias and option name (the `*Id` fields read them).
ListIds = Mapping[str, Mapping[str, int]]
_Reader = Callable[[Employee, "Employee | None"], Any]
_READERS: dict[str, _Reader] = {
    "id": lambda e, s: str(e.id),
    "firstName": lambda e, s: e.first_name,
    "lastName": lambda e, s: e.last_name,
    "preferredName": lambda e, s: e.preferred_name,
    "displayName": lambda e, s: display_name(e),
    "employeeNumber": lambda e, s: e.employee_number,
    "workEmail": lambda e, s: e.work_email,
    "workPhone": lambda e, s: e.work_phone,
    "jobTitle": lambda e, s: e.job_title,
    "department": lambda e, s: e.department,
    "division": lambda e, s: e.division,
    "location": lambda e, s: e.location,
    "supervisor": lambda e, s: display_name(s) if s else None,
    "supervisorEId": lambda e, s: (str(e.supervisor_eid) if e.supervisor_eid is not None
                                   else None),
    "supervisorId": lambda e, s: s.employee_number if s else None,
    "supervisorEmail": lambda e, s: s.work_email if s else None,
    "hireDate": lambda e, s: iso(e.hire_date),
    "terminationDate": lambda e, s: iso(e.termination_date),
    "status": lambda e, s: e.status,
    "employmentHistoryStatus": lambda e, s: e.employment_status,
    "dateOfBirth": lambda e, s: iso(e.date_of_birth),
    "address1": lambda e, s: e.address1,
    "address2": lambda e, s: e.address2,
    "city": lambda e, s: e.city,
    "state": lambda e, s: e.state,
    "zipcode": lambda e, s: e.zipcode,
    "country": lambda e, s: e.country,
    "payRate": lambda e, s: (f"{money(e.pay_rate)} {e.pay_currency or CURRENCY}"
                             if e.pay_rate is not None else None),
    "payType": lambda e, s: e.pay_type,
    "payPer": lambda e, s: e.pay_per,
    "exempt": lambda e, s: e.exempt,
    "payRateEffectiveDate": lambda e, s: iso(e.pay_rate_effective_date),
    "payChangeReason": lambda e, s: e.pay_change_reason,
    "lastChanged": lambda e, s: e.last_changed or None,
    "middleName": lambda e, s: e.middle_name,
    "gender": lambda e, s: e.gender,
    "maritalStatus": lambda e, s: e.marital_status,
    "mobilePhone": lambda e, s: e.mobile_phone,
    "homePhone": lambda e, s: e.home_phone,
    "homeEmail": lambda e, s: e.home_email,
    "workPhoneExtension": lambda e, s: e.work_phone_extension,
    "photoUrl": lambda e, s: PHOTO_PLACEHOLDER,
    "originalHireDate": lambda e, s: iso(e.original_hire_date),
    "payFrequency": lambda e, s: e.pay_frequency,
    "ssn": lambda e, s: e.ssn,
    "linkedinUrl": lambda e, s: e.linkedin_url,
    "facebookUrl": lambda e, s: e.facebook_url,
    "twitterUrl": lambda e, s: e.twitter_url,
    "instagramUrl": lambda e, s: e.instagram_url,
    "pinterestUrl": lambda e, s: e.pinterest_url,
    "skypeUsername": lambda e, s: e.skype_username,
    "bestEmail": lambda e, s: e.work_email or e.home_email,
}
_NAMES = {"department": "department", "division": "division", "location": "location",
          "jobTitle": "job_title", "employmentHistoryStatus": "employment_status"}


def read(emp: Employee, alias: str, supervisor: Employee | None,
         list_ids: ListIds | None = None) -> Any:
    """The value of field `alias` as BambooHR renders it (strings; null when empty).

    The `*Id` fields need `list_ids` (`None` renders them null)."""
    alias = ALIASES.get(alias, alias)
    if alias in ID_FIELDS:
        list_alias = ID_FIELDS[alias]
        name = getattr(emp, _NAMES[list_alias])
        found = (list_ids or {}).get(list_alias, {}).get(name) if name else None
        return str(found) if found is not None else None
    return _READERS[alias](emp, supervisor)


_EMPLOYEE_COLUMNS = frozenset(Employee.__table__.columns.keys())  # type: ignore[attr-defined]


def _attributes(code: CodeType, seen: set[CodeType]) -> set[str]:
    """The attribute (and global) names `code` reads, with those of this module's
    functions it calls and of the code nested in it."""
    seen.add(code)
    names = set(code.co_names)
    nested = [c for c in code.co_consts if isinstance(c, CodeType)]
    nested += [fn.__code__ for n in code.co_names
               if isinstance(fn := globals().get(n), FunctionType)
               and fn.__module__ == __name__]
    for inner in nested:
        if inner not in seen:
            names |= _attributes(inner, seen)
    return names


def columns_read(alias: str) -> frozenset[str]:
    """The employee columns `read` reads for field `alias` (found in its reader's code, so
    the two cannot disagree; a column missed would fail loudly on a narrowed snapshot)."""
    alias = ALIASES.get(alias, alias)
    if alias in ID_FIELDS:
        return frozenset({_NAMES[ID_FIELDS[alias]]})
    reader = _READERS.get(alias)
    if reader is None:  # canUploadPhoto: the caller's rights, not the row's
        return frozenset()
    return frozenset(_attributes(reader.__code__, set()) & _EMPLOYEE_COLUMNS)


def resolve_field(token: str) -> FieldDef | None:
    """A field named by its alias or its numeric id."""
    return BY_ALIAS.get(token) or BY_ID.get(token)


# -- value parsing (raise 400 with a sentence the agent can act on) ----------------------------

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_RATE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]{3})?\s*$")


def parse_date(value: Any, field: str) -> date:
    if isinstance(value, str) and _DATE.match(value.strip()):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise invalid(f"{field} must be a date in YYYY-MM-DD form (e.g. 2026-03-16); "
                  f"got {value!r}.", field)


def parse_text(value: Any, field: str, *, required: bool = False, limit: int = 255) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise invalid(f"{field} cannot be empty.", field)
        return None
    if not isinstance(value, str):
        raise invalid(f"{field} must be a string; got {value!r}.", field)
    if len(value) > limit:
        raise invalid(f"{field} is longer than {limit} characters.", field)
    return value.strip()


def parse_email(value: Any, field: str) -> str | None:
    text = parse_text(value, field)
    if text is not None and not _EMAIL.match(text):
        raise invalid(f"{field} must be an email address like name@example.com; "
                      f"got {value!r}.", field)
    return text.lower() if text else None


_SSN = re.compile(r"^([0-9]{3})-?([0-9]{2})-?([0-9]{4})$", re.ASCII)


def parse_ssn(value: Any, field: str) -> str | None:
    """A US social security number, stored as NNN-NN-NNNN (BambooHR's `ssn` type)."""
    text = parse_text(value, field, limit=20)
    if text is None:
        return None
    match = _SSN.match(text)
    if match is None or match.group(1) in ("000", "666") or match.group(1) >= "900" \
            or match.group(2) == "00" or match.group(3) == "0000":
        raise invalid(f"{field} must be a US social security number like 123-45-6789 "
                      "(area not 000, 666 or 9xx; group not 00; serial not 0000).", field)
    return "-".join(match.groups())


def parse_choice(value: Any, options: Sequence[str], field: str, *,
                 required: bool = True) -> str | None:
    """`value` matched case-insensitively against `options`, returned in canonical case."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise invalid(f"{field} is required; use one of: {', '.join(options)}.", field)
        return None
    wanted = str(value).strip().lower()
    for option in options:
        if option.lower() == wanted:
            return option
    raise invalid(f"{field} {value!r} is not a valid value; use one of: "
                  f"{', '.join(options)}.", field)


def parse_rate(value: Any, field: str) -> tuple[float, str]:
    """A pay rate from `85000`, `"85000.00 USD"` or `{"value": ..., "currency": ...}`."""
    currency = CURRENCY
    if isinstance(value, dict):
        currency = str(value.get("currency") or CURRENCY)
        value = value.get("value")
    if isinstance(value, bool):
        value = None
    if isinstance(value, int | float | Decimal):
        amount = float(value)
    else:
        match = _RATE.match(value) if isinstance(value, str) else None
        if match is None:
            raise invalid(f"{field} must be a positive amount such as 85000, \"85000.00 "
                          f"USD\" or {{\"value\": \"85000\", \"currency\": \"USD\"}}; "
                          f"got {value!r}.", field)
        amount = float(match.group(1))
        currency = match.group(2) or currency
    currency = currency.upper()
    if currency != CURRENCY:
        raise invalid(f"{field} currency {currency} is not supported; Arcadia pays in USD.",
                      field)
    if amount <= 0:
        raise invalid(f"{field} must be greater than zero; got {amount}.", field)
    return round(amount, 2), currency
