"""Wire models in Microsoft Graph's own names (camelCase): what the calendar takes and
what its documented responses hold. Inputs ignore Graph's `@odata.*` annotations (the
SDKs send `@odata.type`) and refuse any other unknown property."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

D = Field  # every field below carries a description


class GraphIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _drop_annotations(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items()
                    if not (isinstance(k, str) and k.startswith("@odata."))}
        return data


class GraphOut(BaseModel):
    model_config = ConfigDict(extra="allow")


# inputs ----------------------------------------------------------------------------------
class EmailAddressIn(GraphIn):
    address: str = D(min_length=3, max_length=320, description="The e-mail address.")
    name: str | None = D(None, max_length=255, description="The display name.")


class AttendeeIn(GraphIn):
    emailAddress: EmailAddressIn = D(description="Who is invited.")
    type: Literal["required", "optional", "resource"] = D(
        "required", description="required, optional, or resource (a room).")


class RecipientIn(GraphIn):
    emailAddress: EmailAddressIn = D(description="The recipient.")


class DateTimeTimeZoneIn(GraphIn):
    dateTime: str = D(max_length=40, description="Local date-time, e.g. 2026-03-02T09:00:00.")
    timeZone: str | None = D("UTC", max_length=64, description="IANA or Windows zone name "
                             "the dateTime is in (default UTC).")


class ItemBodyIn(GraphIn):
    contentType: Literal["text", "html", "Text", "HTML"] = D(
        "text", description="text or html.")
    content: str = D("", max_length=100_000, description="The body.")


class LocationIn(GraphIn):
    displayName: str | None = D(None, max_length=255, description="Where it takes place.")
    locationEmailAddress: str | None = D(None, max_length=320, description="A room's "
                                         "address: books the room as a resource attendee.")
    locationType: str | None = D(None, max_length=64, description="Graph's locationType "
                                 "(informational).")
    uniqueId: str | None = D(None, max_length=320, description="Informational.")
    uniqueIdType: str | None = D(None, max_length=64, description="Informational.")


class PatternIn(GraphIn):
    type: str = D(max_length=32, description="daily or weekly (served here).")
    interval: int = D(1, ge=1, le=99, description="Every n days/weeks.")
    daysOfWeek: list[str] | None = D(None, max_length=7, description="For weekly: day names.")
    firstDayOfWeek: str | None = D(None, max_length=16, description="Week start (sunday).")
    month: int | None = D(None, ge=0, le=12, description="Unused by daily/weekly.")
    dayOfMonth: int | None = D(None, ge=0, le=31, description="Unused by daily/weekly.")
    index: str | None = D(None, max_length=16, description="Unused by daily/weekly.")


class RangeIn(GraphIn):
    type: str = D("endDate", max_length=16, description="endDate, noEnd or numbered.")
    startDate: str | None = D(None, max_length=10, description="First day (YYYY-MM-DD).")
    endDate: str | None = D(None, max_length=10, description="Last day, for endDate.")
    numberOfOccurrences: int | None = D(None, ge=0, le=1000, description="For numbered.")
    recurrenceTimeZone: str | None = D(None, max_length=64, description="Informational.")


class RecurrenceIn(GraphIn):
    pattern: PatternIn = D(description="How often.")
    range: RangeIn = D(description="From when until when.")


class EventIn(GraphIn):
    """An event to create (POST) or the properties to change (PATCH)."""

    subject: str | None = D(None, max_length=255, description="The subject.")
    body: ItemBodyIn | None = D(None, description="The body.")
    start: DateTimeTimeZoneIn | None = D(None, description="When it starts (required to "
                                         "create).")
    end: DateTimeTimeZoneIn | None = D(None, description="When it ends (required to "
                                       "create); not before start.")
    location: LocationIn | None = D(None, description="Where.")
    attendees: list[AttendeeIn] | None = D(None, max_length=500, description="Who is "
                                           "invited; each internal attendee gets a copy on "
                                           "their calendar and an invitation.")
    isAllDay: bool | None = D(None, description="All day (start and end at midnight).")
    showAs: Literal["free", "tentative", "busy", "oof", "workingElsewhere", "unknown"] | None \
        = D(None, description="How the time shows in free/busy.")
    sensitivity: Literal["normal", "personal", "private", "confidential"] | None = D(
        None, description="Sensitivity.")
    importance: Literal["low", "normal", "high"] | None = D(None, description="Importance.")
    categories: list[str] | None = D(None, max_length=50, description="Category names.")
    isOnlineMeeting: bool | None = D(None, description="A Teams meeting.")
    onlineMeetingProvider: str | None = D(None, max_length=64, description="Informational.")
    responseRequested: bool | None = D(None, description="Whether responses are asked for.")
    allowNewTimeProposals: bool | None = D(None, description="Whether invitees may propose "
                                           "another time.")
    isReminderOn: bool | None = D(None, description="Reminder on.")
    reminderMinutesBeforeStart: int | None = D(None, ge=0, le=40_320, description="Minutes.")
    recurrence: RecurrenceIn | None = D(None, description="Makes it a series (daily or "
                                        "weekly).")
    transactionId: str | None = D(None, max_length=128, description="Client's idempotency "
                                  "key (informational).")
    hideAttendees: bool | None = D(None, description="Informational.")


class ResponseIn(GraphIn):
    comment: str | None = D(None, max_length=10_000, description="Text sent to the "
                            "organiser with the response.")
    sendResponse: bool | None = D(True, description="Whether the organiser is told.")
    proposedNewTime: dict[str, Any] | None = D(None, description="Accepted, not acted on.")


class CancelIn(GraphIn):
    comment: str | None = D(None, max_length=10_000, description="Text sent to attendees.")


class ForwardIn(GraphIn):
    ToRecipients: list[RecipientIn] = D(min_length=1, max_length=100, description="Whom to "
                                        "forward the invitation to.")
    Comment: str | None = D(None, max_length=10_000, description="A note.")


class CalendarIn(GraphIn):
    name: str = D(min_length=1, max_length=255, description="The calendar's name.")
    color: str | None = D(None, max_length=32, description="Graph's calendarColor name.")
    hexColor: str | None = D(None, max_length=7, description="#rrggbb.")


class ScheduleIn(GraphIn):
    schedules: list[str] = D(min_length=1, max_length=100, description="SMTP addresses of "
                             "people or rooms, answered in this order.")
    startTime: DateTimeTimeZoneIn = D(description="Window start.")
    endTime: DateTimeTimeZoneIn = D(description="Window end (at most 62 days later).")
    availabilityViewInterval: int | None = D(30, ge=5, le=1440, description="Minutes per "
                                             "availabilityView character (5-1440).")


class TimeSlotIn(GraphIn):
    start: DateTimeTimeZoneIn = D(description="Slot start.")
    end: DateTimeTimeZoneIn = D(description="Slot end.")


class TimeConstraintIn(GraphIn):
    activityDomain: Literal["work", "personal", "unrestricted", "unknown"] | None = D(
        "work", description="work: within everyone's working hours.")
    timeSlots: list[TimeSlotIn] | None = D(None, max_length=20, description="Windows to "
                                           "search (each at most 62 days).")


class LocationConstraintItemIn(GraphIn):
    displayName: str | None = D(None, max_length=255, description="A room's name.")
    locationEmailAddress: str | None = D(None, max_length=320, description="A room's "
                                         "address.")
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
class EmailAddress(GraphOut):
    name: str | None = D(None, description="Display name.")
    address: str | None = D(None, description="SMTP address.")


class DateTimeTimeZone(GraphOut):
    dateTime: str = D(description="Local date-time with seven fractional digits.")
    timeZone: str = D(description="UTC, or the Prefer: outlook.timezone zone.")


class ResponseStatus(GraphOut):
    response: str = D(description="none, organizer, tentativelyAccepted, accepted, "
                      "declined, notResponded.")
    time: str | None = D(None, description="When it was given (UTC).")


class AttendeeOut(GraphOut):
    type: str = D(description="required, optional, resource.")
    status: ResponseStatus = D(description="The attendee's response.")
    emailAddress: EmailAddress = D(description="Who.")


class Organizer(GraphOut):
    emailAddress: EmailAddress = D(description="Who organised it.")


class EventOut(GraphOut):
    """A Graph event (one person's copy)."""

    id: str = D(description="This copy's id.")
    subject: str | None = D(None, description="Subject.")
    start: DateTimeTimeZone | None = D(None, description="Start.")
    end: DateTimeTimeZone | None = D(None, description="End.")
    iCalUId: str | None = D(None, description="Shared by every copy of the meeting.")
    type: str | None = D(None, description="singleInstance, occurrence, exception, "
                         "seriesMaster.")
    seriesMasterId: str | None = D(None, description="The series master, for occurrences.")
    attendees: list[AttendeeOut] | None = D(None, description="Attendees and responses.")
    organizer: Organizer | None = D(None, description="The organiser.")
    responseStatus: ResponseStatus | None = D(None, description="This copy's owner's "
                                              "response.")
    isCancelled: bool | None = D(None, description="Cancelled by the organiser.")
    isOrganizer: bool | None = D(None, description="Whether the owner organised it.")


class EventList(GraphOut):
    value: list[EventOut] = D(description="Events.")


class CalendarOut(GraphOut):
    id: str = D(description="The calendar's id.")
    name: str | None = D(None, description="Its name.")
    isDefaultCalendar: bool | None = D(None, description="The user's default calendar.")
    owner: EmailAddress | None = D(None, description="Whose it is.")


class CalendarList(GraphOut):
    value: list[CalendarOut] = D(description="Calendars.")


class ScheduleItem(GraphOut):
    status: str = D(description="free, tentative, busy, oof, workingElsewhere.")
    start: DateTimeTimeZone = D(description="Start.")
    end: DateTimeTimeZone = D(description="End.")


class ScheduleInformation(GraphOut):
    scheduleId: str = D(description="The address asked for.")
    availabilityView: str | None = D(None, description="One digit per interval: 0 free, 1 "
                                     "tentative, 2 busy, 3 oof, 4 workingElsewhere.")
    scheduleItems: list[ScheduleItem] | None = D(None, description="Events in the window.")


class ScheduleList(GraphOut):
    value: list[ScheduleInformation] = D(description="One per schedule, in request order.")


class MeetingTimeSuggestionsResult(GraphOut):
    meetingTimeSuggestions: list[dict[str, Any]] = D(description="Suggestions, best "
                                                     "first.")
    emptySuggestionsReason: str | None = D(None, description="Why there are none.")


class PlaceOut(GraphOut):
    id: str = D(description="The place's id.")
    displayName: str | None = D(None, description="Its name.")
    emailAddress: str | None = D(None, description="Its address (book it as a resource).")


class PlaceList(GraphOut):
    value: list[PlaceOut] = D(description="Places.")
