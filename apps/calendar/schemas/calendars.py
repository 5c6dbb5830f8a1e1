"""Calendars: create, rename, and the calendar resource."""

from __future__ import annotations

from arcadia.apps.calendar.schemas.base import D, GraphIn, GraphOut
from arcadia.apps.calendar.schemas.complex_types import EmailAddress
from arcadia.apps.kernel import entity


# inputs ----------------------------------------------------------------------------------
class CalendarIn(GraphIn):
    name: str = D(min_length=1, max_length=255, description="The calendar's name.")
    color: str | None = D(None, max_length=32, description="Graph's calendarColor name.")
    hexColor: str | None = D(None, max_length=7, description="#rrggbb.")


class CalendarUpdate(GraphIn):
    name: str | None = D(None, min_length=1, max_length=255, description="A new name.")
    color: str | None = D(None, max_length=32, description="Graph's calendarColor name.")
    hexColor: str | None = D(None, max_length=7, description="#rrggbb.")


# outputs (documented shapes; the routes send the same keys) --------------------------------
class CalendarOut(GraphOut):
    id: str = D(description="The calendar's id.", json_schema_extra=entity("CalendarId"))
    name: str | None = D(None, description="Its name.",
                         json_schema_extra=entity("CalendarName"))
    color: str | None = D(None, description="calendarColor name.")
    hexColor: str | None = D(None, description="#rrggbb, or empty.")
    groupClassId: str | None = D(None, description="The calendar group class.")
    isDefaultCalendar: bool | None = D(None, description="The user's default calendar.")
    changeKey: str | None = D(None, description="Changes whenever the calendar changes.")
    canShare: bool | None = D(None, description="Always true.")
    canViewPrivateItems: bool | None = D(None, description="Always true.")
    canEdit: bool | None = D(None, description="Always true (own calendars only).")
    allowedOnlineMeetingProviders: list[str] | None = D(None, description="teamsForBusiness.")
    defaultOnlineMeetingProvider: str | None = D(None, description="teamsForBusiness.")
    isTallyingResponses: bool | None = D(None, description="Always true.")
    isRemovable: bool | None = D(None, description="False for the default calendar.")
    owner: EmailAddress | None = D(None, description="Whose it is.")


class CalendarList(GraphOut):
    value: list[CalendarOut] = D(description="Calendars.")
