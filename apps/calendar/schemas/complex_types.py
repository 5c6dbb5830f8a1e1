"""Graph's complex types that more than one resource carries: e-mail addresses,
attendees, date-times in a zone, time slots and locations."""

from __future__ import annotations

from typing import Literal

from arcadia.apps.calendar.schemas.base import D, GraphIn, GraphOut
from arcadia.apps.kernel import entity


# inputs ----------------------------------------------------------------------------------
class EmailAddressIn(GraphIn):
    address: str = D(min_length=3, max_length=320, description="The e-mail address.",
                     json_schema_extra=entity("Email"))
    name: str | None = D(None, max_length=255, description="The display name.",
                         json_schema_extra=entity("PersonName"))


class AttendeeIn(GraphIn):
    emailAddress: EmailAddressIn = D(description="Who is invited.")
    type: Literal["required", "optional", "resource"] = D(
        "required", description="required, optional, or resource (a room).")


class DateTimeTimeZoneIn(GraphIn):
    dateTime: str = D(max_length=40, description="Local date-time, e.g. 2026-03-02T09:00:00.")
    timeZone: str | None = D("UTC", max_length=64, description="IANA or Windows zone name "
                             "the dateTime is in (default UTC).")


class TimeSlotIn(GraphIn):
    start: DateTimeTimeZoneIn = D(description="Slot start.")
    end: DateTimeTimeZoneIn = D(description="Slot end.")


# outputs (documented shapes; the routes send the same keys) --------------------------------
class EmailAddress(GraphOut):
    name: str | None = D(None, description="Display name.",
                         json_schema_extra=entity("PersonName"))
    address: str | None = D(None, description="SMTP address.",
                            json_schema_extra=entity("Email"))


class DateTimeTimeZone(GraphOut):
    dateTime: str = D(description="Local date-time with seven fractional digits.")
    timeZone: str = D(description="UTC, or the Prefer: outlook.timezone zone.")


class OutlookGeoCoordinates(GraphOut):
    latitude: float | None = D(None, description="Unknown here (the object is empty).")
    longitude: float | None = D(None, description="Unknown here.")
    altitude: float | None = D(None, description="Unknown here.")
    accuracy: float | None = D(None, description="Unknown here.")
    altitudeAccuracy: float | None = D(None, description="Unknown here.")


class LocationAddress(GraphOut):
    street: str | None = D(None, description="Street (empty here).")
    city: str | None = D(None, description="A room's city.")
    state: str | None = D(None, description="A room's state.")
    countryOrRegion: str | None = D(None, description="A room's country.")
    postalCode: str | None = D(None, description="Postal code (empty here).")


class LocationOut(GraphOut):
    displayName: str | None = D(None, description="Where.")
    locationUri: str | None = D(None, description="A room's address.",
                                json_schema_extra=entity("RoomEmail"))
    address: LocationAddress | None = D(None, description="A room's address; empty "
                                        "otherwise.")
    coordinates: OutlookGeoCoordinates | None = D(None, description="Always empty here.")
    locationType: str | None = D(None, description="default or conferenceRoom.")
    locationEmailAddress: str | None = D(None, description="A room's address.",
                                         json_schema_extra=entity("RoomEmail"))
    uniqueId: str | None = D(None, description="The room's address or the display name.")
    uniqueIdType: str | None = D(None, description="directory (a room), private, unknown.")
