"""The cursor-paged employee list (`GET /employees`, listing.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic import Field as WireField

from arcadia.apps.hris.schemas.common import EMPLOYEE


class ListedEmployee(BaseModel):
    """An employee in `GET /employees`: the default fields, then any asked for in `fields`
    (present only when asked for; null when the caller may not see them)."""

    model_config = ConfigDict(populate_by_name=True)

    employeeId: str = WireField(description="Employee id.", json_schema_extra=EMPLOYEE)
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
                                        json_schema_extra=EMPLOYEE)


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
