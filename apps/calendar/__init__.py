"""Calendar: Arcadia Robotics' calendars, modelled on Microsoft Graph v1.0's calendar API
(`/v1.0/me/events`, `/calendarView`, `/calendar/getSchedule`, `/findMeetingTimes`,
`/places`).

Graph's JSON names and shapes (`dateTimeTimeZone`, `attendees[].status`, `@odata.nextLink`),
opaque string ids (each person's copy of a meeting has its own; `iCalUId` ties them), OData
`$top`/`$skip`/`$select`/`$orderby`/`$count`, `Prefer: outlook.timezone`, and Graph's error
body `{"error": {"code", "message"}}` with 400 for invalid input. Invitations, responses and
cancellations are mailed through the mail app.
"""

from arcadia.apps.calendar.errors import (
    GRAPH_ERROR_HEADERS,
    STATUSES,
    GraphError,
    render_error,
)
from arcadia.apps.calendar.models import CalendarModel
from arcadia.apps.calendar.routes import router
from arcadia.apps.calendar.seed import seed
from arcadia.apps.kernel import AppSpec

SPEC = AppSpec(
    name="calendar",
    title="Calendar API (Microsoft Graph v1.0 calendar shape)",
    description=(
        "Arcadia Robotics' calendars: each person's calendar and events, recurring series "
        "and their occurrences, invitations and responses (accept, tentativelyAccept, "
        "decline), cancellations, free/busy (getSchedule), meeting time suggestions "
        "(findMeetingTimes) and meeting rooms (/places). Follows Microsoft Graph v1.0: the "
        "base URL is this server's `/calendar/v1.0` (use it where Graph's "
        "`https://graph.microsoft.com/v1.0` would go), `Authorization: Bearer <token>`, "
        "`/me/...` or `/users/{id | userPrincipalName}/...` (your own calendar only; "
        "free/busy and rooms for anyone). Times are `{dateTime, timeZone}` in UTC unless "
        "`Prefer: outlook.timezone=\"...\"`. Lists page with `$top`/`$skip` and "
        "`@odata.nextLink`. Errors are `{\"error\": {\"code\": ..., \"message\": ...}}`: "
        "400 for invalid input and refused actions, 403 for another person's calendar, "
        "404 for unknown ids."
    ),
    metadata=CalendarModel.metadata,
    routers=(router,),
    seed=seed,
    render_error=render_error,
    validation_status=400,
    statuses=STATUSES,
    error_model=GraphError,
    error_headers=GRAPH_ERROR_HEADERS,
    # Row timestamps are bookkeeping set from the episode clock; the zones an event's times
    # were given in only show them (its start and end, the instants, are judged).
    ignored_fields={"events": ("created_at", "updated_at", "response_time",
                               "start_time_zone", "end_time_zone")},
    # Arcadia Robotics and the staffing agency (its staff, clients and candidates).
    worlds=("arcadia-robotics", "agency"),
)

__all__ = ["SPEC"]
