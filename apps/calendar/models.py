"""The calendar's tables (Microsoft Graph's users, calendars, events and rooms), in their
own SQLModel registry.

Every person holds their own copy of a meeting (`Event`, one row per copy and per
occurrence); the shared `ical_uid` ties the copies together. A series is a `seriesMaster`
row plus one `occurrence` row per occurrence (materialised when the series is seeded or
created, within `common.HORIZON_DAYS`); an occurrence someone changed becomes an
`exception`. Attendee lists, categories and recurrence patterns are JSON text on the row.
"""

from __future__ import annotations

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class CalendarModel(SQLModel, registry=registry()):
    pass


class User(CalendarModel, table=True):
    """A person of the company, as Graph's directory knows them."""

    __tablename__ = "users"

    person_id: int = Field(primary_key=True)
    graph_id: str = Field(index=True, unique=True)
    email: str = Field(index=True, unique=True)  # lower-case; the userPrincipalName
    display_name: str
    time_zone: str = "UTC"  # IANA, from their work location: their working hours


class Calendar(CalendarModel, table=True):
    __tablename__ = "calendars"

    id: str = Field(primary_key=True)
    owner_id: int = Field(index=True)
    name: str
    color: str = "auto"
    hex_color: str = ""
    is_default: bool = False


class Event(CalendarModel, table=True):
    """One person's copy of an event (or of one occurrence of a series)."""

    __tablename__ = "events"

    id: str = Field(primary_key=True)
    owner_id: int = Field(index=True)
    calendar_id: str = Field(index=True)
    ical_uid: str = Field(index=True)
    type: str  # singleInstance | seriesMaster | occurrence | exception
    series_master_id: str | None = Field(default=None, index=True)
    original_start: NaiveDatetime | None = None
    subject: str
    body: str
    body_type: str = "text"
    start: NaiveDatetime = Field(index=True)
    end: NaiveDatetime
    # The zones start and end were given in (Graph's originalStartTimeZone/EndTimeZone).
    start_time_zone: str = "UTC"
    end_time_zone: str = "UTC"
    is_all_day: bool = False
    is_cancelled: bool = False
    is_organizer: bool = False
    is_online: bool = False
    response_requested: bool = True
    allow_new_time_proposals: bool = True
    is_reminder_on: bool = True
    reminder_minutes: int = 15
    show_as: str = "busy"
    sensitivity: str = "normal"
    importance: str = "normal"
    categories: str = "[]"  # JSON list of str
    location: str = ""
    location_email: str | None = Field(default=None, index=True)  # a room's address
    organizer_name: str
    organizer_address: str = Field(index=True)
    # JSON list of {type, name, address, response, time}: the organiser's copy holds the
    # list and its tally; an attendee's copy holds None and shows the organiser's list (every
    # status none), unless the organiser is outside the company (then each copy holds it).
    attendees: str | None = None
    response: str = "none"  # this copy owner's responseStatus.response
    response_time: NaiveDatetime | None = None
    recurrence: str | None = None  # JSON, Graph's patternedRecurrence (masters only)
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Room(CalendarModel, table=True):
    """A meeting room: a place (`microsoft.graph.room`) and a resource attendees book."""

    __tablename__ = "rooms"

    id: str = Field(primary_key=True)  # the place id (a GUID)
    world_key: str
    email: str = Field(index=True, unique=True)
    display_name: str
    building: str
    floor: int
    capacity: int
    av: bool = True
    location_id: str
    city: str = ""
    state: str = ""
    country: str = ""
    room_list: str  # the room list's address (one list per location)
    room_list_name: str
