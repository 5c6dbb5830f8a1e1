"""Wire models in Microsoft Graph's own names (camelCase): what the calendar takes and
what its documented responses hold. Inputs ignore Graph's `@odata.*` annotations (the
SDKs send `@odata.type`) and refuse any other unknown property."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from arcadia.apps.kernel import entity

D = Field  # every field below carries a description


class GraphIn(BaseModel):
    """Graph reads property names without regard to case (its SDKs send action parameters
    as `Comment`, `SendResponse`) and ignores `@odata.*` annotations."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _graph_names(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        names = {n.lower(): n for n in cls.model_fields}
        out: dict[Any, Any] = {}
        for k, v in data.items():
            if isinstance(k, str) and k.startswith("@odata."):
                continue
            out[names.get(k.lower(), k) if isinstance(k, str) else k] = v
        return out


class GraphOut(BaseModel):
    model_config = ConfigDict(extra="allow")


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
                                         "address: books the room as a resource attendee.",
                                         json_schema_extra=entity("RoomEmail"))
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


class CalendarUpdate(GraphIn):
    name: str | None = D(None, min_length=1, max_length=255, description="A new name.")
    color: str | None = D(None, max_length=32, description="Graph's calendarColor name.")
    hexColor: str | None = D(None, max_length=7, description="#rrggbb.")


class ScheduleIn(GraphIn):
    schedules: list[str] = D(min_length=1, max_length=100, description="SMTP addresses of "
                             "people or rooms, answered in this order.",
                             json_schema_extra=entity("Email"))
    startTime: DateTimeTimeZoneIn = D(description="Window start.")
    endTime: DateTimeTimeZoneIn = D(description="Window end (at most 62 days later).")
    availabilityViewInterval: int | None = D(30, ge=5, le=1440, description="Minutes per "
                                             "availabilityView character (5-1440).")


class TimeSlotIn(GraphIn):
    start: DateTimeTimeZoneIn = D(description="Slot start.")
    end: DateTimeTimeZoneIn = D(description="Slot end.")


class ResponseIn(GraphIn):
    comment: str | None = D(None, max_length=10_000, description="Text sent to the "
                            "organiser with the response.")
    sendResponse: bool | None = D(True, description="Whether the organiser is told.")
    proposedNewTime: TimeSlotIn | None = D(None, description="tentativelyAccept and "
                                           "decline: another time to suggest (recorded on "
                                           "the organiser's attendee list).")


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
class EmailAddress(GraphOut):
    name: str | None = D(None, description="Display name.",
                         json_schema_extra=entity("PersonName"))
    address: str | None = D(None, description="SMTP address.",
                            json_schema_extra=entity("Email"))


class DateTimeTimeZone(GraphOut):
    dateTime: str = D(description="Local date-time with seven fractional digits.")
    timeZone: str = D(description="UTC, or the Prefer: outlook.timezone zone.")


class ResponseStatus(GraphOut):
    response: str = D(description="none, organizer, tentativelyAccepted, accepted, "
                      "declined, notResponded.")
    time: str | None = D(None, description="When it was given (UTC; 0001-01-01 when never).")


class ProposedTime(GraphOut):
    start: DateTimeTimeZone = D(description="Proposed start.")
    end: DateTimeTimeZone = D(description="Proposed end.")


class AttendeeOut(GraphOut):
    type: str = D(description="required, optional, resource.")
    status: ResponseStatus = D(description="The attendee's response.")
    emailAddress: EmailAddress = D(description="Who.")
    proposedNewTime: ProposedTime | None = D(None, description="On the organiser's copy: "
                                             "the time this attendee proposed, if any.")


class Recipient(GraphOut):
    emailAddress: EmailAddress = D(description="Who.")


class ItemBody(GraphOut):
    contentType: str = D(description="text or html.")
    content: str = D(description="The body.")


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


class PatternOut(GraphOut):
    type: str = D(description="daily or weekly.")
    interval: int = D(description="Every n days or weeks.")
    month: int = D(description="0 (unused).")
    dayOfMonth: int = D(description="0 (unused).")
    daysOfWeek: list[str] = D(description="Weekly: the days.")
    firstDayOfWeek: str = D(description="Week start.")
    index: str = D(description="first (unused).")


class RangeOut(GraphOut):
    type: str = D(description="endDate, noEnd or numbered.")
    startDate: str = D(description="First day.")
    endDate: str = D(description="Last day (0001-01-01 unless endDate).")
    recurrenceTimeZone: str = D(description="The zone the pattern was given in.")
    numberOfOccurrences: int = D(description="For numbered; else 0.")


class RecurrenceOut(GraphOut):
    pattern: PatternOut = D(description="How often.")
    range: RangeOut = D(description="From when until when.")


class OnlineMeeting(GraphOut):
    joinUrl: str | None = D(None, description="The Teams join link.")


class EventOut(GraphOut):
    """A Graph event (one person's copy)."""

    id: str = D(description="This copy's id.", json_schema_extra=entity("CalendarEventId"))
    createdDateTime: str | None = D(None, description="When it was booked (UTC).")
    lastModifiedDateTime: str | None = D(None, description="Last change (UTC).")
    changeKey: str | None = D(None, description="Changes whenever this copy changes.")
    categories: list[str] | None = D(None, description="The owner's categories.")
    transactionId: str | None = D(None, description="Always null here.")
    originalStartTimeZone: str | None = D(None, description="The zone times are shown in.")
    originalEndTimeZone: str | None = D(None, description="The zone times are shown in.")
    iCalUId: str | None = D(None, description="Shared by every copy of the meeting.")
    uid: str | None = D(None, description="Same as iCalUId.")
    reminderMinutesBeforeStart: int | None = D(None, description="Reminder lead time.")
    isReminderOn: bool | None = D(None, description="Reminder on.")
    hasAttachments: bool | None = D(None, description="Always false here.")
    subject: str | None = D(None, description="Subject.")
    bodyPreview: str | None = D(None, description="The body's first 255 characters.")
    importance: str | None = D(None, description="low, normal, high.")
    sensitivity: str | None = D(None, description="normal, personal, private, "
                                "confidential.")
    isAllDay: bool | None = D(None, description="All day.")
    isCancelled: bool | None = D(None, description="Cancelled by the organiser.")
    isOrganizer: bool | None = D(None, description="Whether the owner organised it.")
    responseRequested: bool | None = D(None, description="Responses asked for.")
    seriesMasterId: str | None = D(None, description="The series master, for occurrences.",
                                   json_schema_extra=entity("CalendarEventId"))
    showAs: str | None = D(None, description="free, tentative, busy, oof, "
                           "workingElsewhere.")
    type: str | None = D(None, description="singleInstance, occurrence, exception, "
                         "seriesMaster.")
    webLink: str | None = D(None, description="Outlook on the web link.")
    onlineMeetingUrl: str | None = D(None, description="Always null (see onlineMeeting).")
    isOnlineMeeting: bool | None = D(None, description="A Teams meeting.")
    onlineMeetingProvider: str | None = D(None, description="teamsForBusiness or unknown.")
    allowNewTimeProposals: bool | None = D(None, description="Invitees may propose times.")
    occurrenceId: str | None = D(None, description="Always null here.")
    isDraft: bool | None = D(None, description="Always false.")
    hideAttendees: bool | None = D(None, description="Always false.")
    originalStart: str | None = D(None, description="An occurrence's scheduled start.")
    responseStatus: ResponseStatus | None = D(None, description="This copy's owner's "
                                              "response.")
    body: ItemBody | None = D(None, description="The body.")
    start: DateTimeTimeZone | None = D(None, description="Start.")
    end: DateTimeTimeZone | None = D(None, description="End.")
    location: LocationOut | None = D(None, description="Where.")
    locations: list[LocationOut] | None = D(None, description="Where (the same, as a list).")
    recurrence: RecurrenceOut | None = D(None, description="A series master's pattern.")
    attendees: list[AttendeeOut] | None = D(None, description="Attendees and responses.")
    organizer: Recipient | None = D(None, description="The organiser.")
    onlineMeeting: OnlineMeeting | None = D(None, description="Teams details.")


class EventList(GraphOut):
    value: list[EventOut] = D(description="Events.")
    odata_next_link: str | None = D(None, alias="@odata.nextLink", description="The next "
                                    "page's URL (absent on the last page).")
    odata_count: int | None = D(None, alias="@odata.count", description="With $count=true: "
                                "the number of events matching, over all pages.")


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


class PhysicalAddress(GraphOut):
    street: str = D(description="Street.")
    city: str = D(description="City.")
    state: str = D(description="State.")
    countryOrRegion: str = D(description="Country.")
    postalCode: str = D(description="Postal code.")


class PlaceOut(GraphOut):
    id: str = D(description="The place's id (a room list's is its address).",
                json_schema_extra=entity("PlaceId"))
    displayName: str | None = D(None, description="Its name.",
                                json_schema_extra=entity("RoomName"))
    emailAddress: str | None = D(None, description="Its address (book a room as a "
                                 "resource attendee).", json_schema_extra=entity("RoomEmail"))
    address: PhysicalAddress | None = D(None, description="Where.")
    geoCoordinates: dict[str, Any] | None = D(None, description="Always null here.")
    phone: str | None = D(None, description="Empty here.")
    nickname: str | None = D(None, description="Rooms: the name.")
    building: str | None = D(None, description="Rooms: the building.")
    floorNumber: int | None = D(None, description="Rooms: the floor.")
    floorLabel: str | None = D(None, description="Rooms: the floor, as text.")
    label: str | None = D(None, description="Rooms: empty.")
    capacity: int | None = D(None, description="Rooms: seats.")
    bookingType: str | None = D(None, description="Rooms: standard.")
    audioDeviceName: str | None = D(None, description="Rooms: the phone, if any.")
    videoDeviceName: str | None = D(None, description="Rooms: the camera, if any.")
    displayDeviceName: str | None = D(None, description="Rooms: the screen, if any.")
    isWheelChairAccessible: bool | None = D(None, description="Rooms: accessible.")
    tags: list[str] | None = D(None, description="Rooms: tags (none).")


class PlaceList(GraphOut):
    value: list[PlaceOut] = D(description="Places.")
    odata_next_link: str | None = D(None, alias="@odata.nextLink", description="The next "
                                    "page's URL (rooms; absent on the last page).")
