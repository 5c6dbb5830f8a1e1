"""Free/busy (getSchedule) and meeting time suggestions (findMeetingTimes): what they
take and what they answer."""

from __future__ import annotations

from typing import Literal

from arcadia.apps.calendar.schemas.base import D, GraphIn, GraphOut
from arcadia.apps.calendar.schemas.complex_types import (
    AttendeeIn,
    DateTimeTimeZone,
    DateTimeTimeZoneIn,
    EmailAddress,
    LocationOut,
    TimeSlotIn,
)
from arcadia.apps.kernel import entity


# inputs ----------------------------------------------------------------------------------
class ScheduleIn(GraphIn):
    schedules: list[str] = D(min_length=1, max_length=100, description="SMTP addresses of "
                             "people or rooms, answered in this order.",
                             json_schema_extra=entity("Email"))
    startTime: DateTimeTimeZoneIn = D(description="Window start.")
    endTime: DateTimeTimeZoneIn = D(description="Window end (at most 62 days later).")
    availabilityViewInterval: int | None = D(30, ge=5, le=1440, description="Minutes per "
                                             "availabilityView character (5-1440).")


class TimeConstraintIn(GraphIn):
    activityDomain: Literal["work", "personal", "unrestricted", "unknown"] | None = D(
        "work", description="work: within everyone's working hours.")
    timeSlots: list[TimeSlotIn] | None = D(None, max_length=20, description="Windows to "
                                           "search (each at most 62 days).")


class LocationConstraintItemIn(GraphIn):
    displayName: str | None = D(None, max_length=255, description="A room's name.",
                                json_schema_extra=entity("RoomName"))
    locationEmailAddress: str | None = D(None, max_length=320, description="A room's "
                                         "address.", json_schema_extra=entity("RoomEmail"))
    resolveAvailability: bool | None = D(None, description="Check the room is free.")


class LocationConstraintIn(GraphIn):
    isRequired: bool | None = D(None, description="A room is required.")
    suggestLocation: bool | None = D(None, description="Suggest a free room.")
    locations: list[LocationConstraintItemIn] | None = D(None, max_length=50,
                                                         description="Candidate rooms.")


class FindMeetingTimesIn(GraphIn):
    attendees: list[AttendeeIn] | None = D(None, max_length=100, description="Attendees.")
    locationConstraint: LocationConstraintIn | None = D(None, description="Rooms.")
    timeConstraint: TimeConstraintIn | None = D(None, description="Where to search.")
    meetingDuration: str | None = D("PT30M", max_length=32, description="ISO 8601 duration "
                                    "(PT1H).")
    maxCandidates: int | None = D(None, ge=1, le=100, description="At most this many.")
    isOrganizerOptional: bool | None = D(False, description="The organiser need not "
                                         "attend.")
    returnSuggestionReasons: bool | None = D(False, description="Explain each suggestion.")
    minimumAttendeePercentage: float | None = D(None, ge=0, le=100, description="Lowest "
                                                "confidence returned (default 50).")


# outputs (documented shapes; the routes send the same keys) --------------------------------
class ScheduleItem(GraphOut):
    isPrivate: bool = D(description="Private or confidential: subject and location hidden.")
    status: str = D(description="free, tentative, busy, oof, workingElsewhere.")
    subject: str = D(description="The event's subject.")
    location: str = D(description="The event's location.")
    isMeeting: bool = D(description="Has attendees.")
    isRecurring: bool = D(description="Part of a series.")
    isException: bool = D(description="A changed occurrence.")
    isReminderSet: bool = D(description="Reminder on.")
    start: DateTimeTimeZone = D(description="Start.")
    end: DateTimeTimeZone = D(description="End.")


class TimeZoneBase(GraphOut):
    name: str = D(description="IANA zone name.")


class WorkingHours(GraphOut):
    daysOfWeek: list[str] = D(description="Working days.")
    startTime: str = D(description="Start of the working day (local).")
    endTime: str = D(description="End of the working day (local).")
    timeZone: TimeZoneBase = D(description="The person's zone.")


class FreeBusyError(GraphOut):
    message: str = D(description="Why this schedule could not be read.")
    responseCode: str = D(description="ErrorMailRecipientNotFound.")


class ScheduleInformation(GraphOut):
    scheduleId: str = D(description="The address asked for.",
                        json_schema_extra=entity("Email"))
    availabilityView: str | None = D(None, description="One digit per interval: 0 free, 1 "
                                     "tentative, 2 busy, 3 oof, 4 workingElsewhere.")
    scheduleItems: list[ScheduleItem] | None = D(None, description="Events in the window.")
    workingHours: WorkingHours | None = D(None, description="Mon-Fri 08:00-17:00 local.")
    error: FreeBusyError | None = D(None, description="Set when the address is unknown.")


class ScheduleList(GraphOut):
    value: list[ScheduleInformation] = D(description="One per schedule, in request order.")


class AttendeeBase(GraphOut):
    type: str = D(description="required, optional.")
    emailAddress: EmailAddress = D(description="Who.")


class AttendeeAvailability(GraphOut):
    attendee: AttendeeBase = D(description="The attendee.")
    availability: str = D(description="free, tentative, busy, oof, workingElsewhere, "
                          "unknown.")


class SuggestedLocation(LocationOut):
    """A suggested room (Graph's location)."""


class TimeSlot(GraphOut):
    start: DateTimeTimeZone = D(description="Start.")
    end: DateTimeTimeZone = D(description="End.")


class MeetingTimeSuggestion(GraphOut):
    confidence: float = D(description="Share of attendees (and organiser) free, 0-100.")
    organizerAvailability: str = D(description="The organiser's availability.")
    attendeeAvailability: list[AttendeeAvailability] = D(description="Per attendee.")
    locations: list[SuggestedLocation] = D(description="A free room, when asked for.")
    meetingTimeSlot: TimeSlot = D(description="The suggested time.")
    order: int = D(description="Rank, 1 first.")
    suggestionReason: str = D(description="Why (with returnSuggestionReasons).")


class MeetingTimeSuggestionsResult(GraphOut):
    meetingTimeSuggestions: list[MeetingTimeSuggestion] = D(description="Suggestions, best "
                                                            "first.")
    emptySuggestionsReason: str | None = D(None, description="Why there are none: "
                                           "attendeesUnavailable, organizerUnavailable, "
                                           "locationsUnavailable, unknown.")
