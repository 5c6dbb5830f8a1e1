"""Events: what POST and PATCH take (with a recurrence), the meeting actions'
bodies (cancel, forward, accept / tentativelyAccept / decline), and a Graph event."""

from __future__ import annotations

from typing import Literal

from arcadia.apps.calendar.schemas.base import D, GraphIn, GraphOut
from arcadia.apps.calendar.schemas.complex_types import (
    AttendeeIn,
    DateTimeTimeZone,
    DateTimeTimeZoneIn,
    EmailAddress,
    EmailAddressIn,
    LocationOut,
    TimeSlotIn,
)
from arcadia.apps.kernel import entity


# inputs ----------------------------------------------------------------------------------
class RecipientIn(GraphIn):
    emailAddress: EmailAddressIn = D(description="The recipient.")


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


class ResponseIn(GraphIn):
    comment: str | None = D(None, max_length=10_000, description="Text sent to the "
                            "organiser with the response.")
    sendResponse: bool | None = D(True, description="Whether the organiser is told.")
    proposedNewTime: TimeSlotIn | None = D(None, description="tentativelyAccept and "
                                           "decline: another time to suggest (recorded on "
                                           "the organiser's attendee list).")


# outputs (documented shapes; the routes send the same keys) --------------------------------
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
    originalStartTimeZone: str | None = D(None, description=(
        "The zone the start was given in when the event was made (start itself is in UTC, "
        "or the Prefer: outlook.timezone zone)."))
    originalEndTimeZone: str | None = D(None, description="The zone the end was given in.")
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
