"""Graph's calendar routes: one `op(...)` and one service call each. Mounted under
`/calendar`; every path is under `/v1.0`, for `/me` and for `/users/{id | userPrincipalName}`
alike (`both` registers the pair)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response

from arcadia.apps.calendar import calendar_service as cs
from arcadia.apps.calendar import event_service as es
from arcadia.apps.calendar import response_service as rs
from arcadia.apps.calendar import schedule_service as ss
from arcadia.apps.calendar import schemas as s
from arcadia.apps.calendar import update_service as us
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import prefer_tz
from arcadia.apps.calendar.query import events_body, select_fields
from arcadia.apps.kernel import CtxDep, entity, json_response, odata_base_url, op
from arcadia.apps.kernel.odata import Top, graph_request, me_and_user, odata_query, project

# `graph_request`: Graph's innerError (date, request-id) from the episode, never the machine.
router = APIRouter(dependencies=[graph_request])
V = "/v1.0"
CONTEXT = "https://graph.microsoft.com/v1.0/$metadata"

UserId = Annotated[str, Path(description=(
    "The user's Graph id (a GUID) or userPrincipalName (their e-mail address); only your "
    "own calendar may be read or changed (another's is 403)."),
    json_schema_extra=entity("GraphUserId"))]
EventId = Annotated[str, Path(description="The event's id "
                              "(this copy's; every attendee's copy has its own).",
                              json_schema_extra=entity("CalendarEventId"))]
CalId = Annotated[str, Path(description="The calendar's id.",
                            json_schema_extra=entity("CalendarId"))]
PlaceId = Annotated[str, Path(description="A room's id or "
                              "address, or a room list's address.",
                              json_schema_extra=entity("PlaceId"))]
Prefer = Annotated[str | None, Header(max_length=300, description=(
    'outlook.timezone="<IANA or Windows zone>": times come back in that zone (default '
    "UTC)."))]
# $select and $skip are bounded as the calendar always bounded them.
Skip = Annotated[int | None, odata_query("skip", "Items to skip.", le=1_000_000)]
Filter = Annotated[str | None, odata_query("filter", (
    "An OData filter on the event's properties (eq, ne, gt, ge, lt, le, and, or, not, in, "
    "startswith, contains, any/all over attendees and categories), e.g. "
    "`subject eq 'Budget'` or `attendees/any(a: a/emailAddress/address eq 'x@y.com')`."))]
Select = Annotated[str | None, odata_query("select", (
    "Comma-separated properties to return (id is always returned)."), max_length=1000)]
OrderBy = Annotated[str | None, odata_query("orderby", (
    "Property paths (start/dateTime, subject, createdDateTime...), each optionally followed "
    "by asc or desc (default: by start)."))]
Count = Annotated[str | None, odata_query("count", (
    "true: include @odata.count (the number of events matching, over all pages)."))]
StartDT = Annotated[str | None, Query(alias="startDateTime", max_length=40, description=(
    "Window start, ISO 8601 (an offset or Z is honoured; none means UTC). Required."))]
EndDT = Annotated[str | None, Query(alias="endDateTime", max_length=40, description=(
    "Window end, ISO 8601. Required."))]

# Every /me and /users route may refuse input (400): a bad Prefer time zone, OData option,
# window or body.
E404 = (400, 403, 404)


def both(method: str, path: str, verb: str, noun: str, summary: str, description: str, *,
         write: bool, errors: tuple[int, ...] = (), status_code: int | None = None,
         response_model: Any = None) -> Callable[[Any], Any]:
    """Register `fn` at `/v1.0/me<path>` and `/v1.0/users/{user_id}<path>`."""

    def register(fn: Any) -> Any:
        extra: dict[str, Any] = ({"response_model": response_model}
                                 if response_model is not None else {})
        if status_code in (202, 204):
            # Graph answers these with no body: the document says so (no content), rather
            # than the framework's default of an empty JSON schema.
            extra["response_class"] = Response
        return me_and_user(
            router, method.upper(), f"{V}/me{path}", f"{V}/users/{{user_id}}{path}", fn,
            **extra, me=op(f"calendar_{verb}_{noun}", summary, description, write=write,
                           errors=tuple(sorted({*errors, 400})), status_code=status_code),
            user=op(f"calendar_{verb}_user_{noun}", f"{summary} (by user)", f"{description} "
                    "The user is named by Graph id or userPrincipalName.", write=write,
                    errors=tuple(sorted({*errors, 400, 403, 404})), status_code=status_code))

    return register


def json(body: Any, status: int = 200, tz: str | None = None) -> Response:
    headers = {"Preference-Applied": f'outlook.timezone="{tz}"'} if tz else None
    return json_response(body, status, headers=headers)


def base(request: Request) -> str:
    return odata_base_url(request)


# calendars -------------------------------------------------------------------------------
@both("get", "/calendar", "get", "calendar", "Get the default calendar",
      "The user's default calendar.", write=False, errors=E404,
      response_model=s.CalendarOut)
async def get_default_calendar(ctx: CtxDep, user_id: UserId) -> Response:
    return json(cs.get_calendar(ctx=ctx, user=user_id, calendar=None))


@both("patch", "/calendar", "update", "default_calendar", "Update the default calendar",
      "Rename or recolour the user's default calendar.", write=True, errors=(404, 409),
      response_model=s.CalendarOut)
async def update_default_calendar(ctx: CtxDep, user_id: UserId, body: s.CalendarUpdate
                                  ) -> Response:
    return json(cs.update_calendar(ctx=ctx, user=user_id, calendar=None, body=body))


@both("get", "/calendars", "list", "calendars", "List calendars",
      "The user's calendars, the default first.", write=False, errors=E404,
      response_model=s.CalendarList)
async def list_calendars(ctx: CtxDep, user_id: UserId) -> Response:
    return json({"@odata.context": f"{CONTEXT}#calendars",
                 "value": cs.list_calendars(ctx=ctx, user=user_id)})


@both("post", "/calendars", "create", "calendar", "Create a calendar",
      "A new calendar (a name not already used by the user's calendars).", write=True,
      errors=(409,), status_code=201, response_model=s.CalendarOut)
async def create_calendar(ctx: CtxDep, user_id: UserId, body: s.CalendarIn) -> Response:
    return json(cs.create_calendar(ctx=ctx, user=user_id, body=body), 201)


@both("get", "/calendars/{calendar_id}", "get", "calendar_by_id", "Get a calendar",
      "One of the user's calendars.", write=False, errors=E404, response_model=s.CalendarOut)
async def get_calendar(ctx: CtxDep, user_id: UserId, calendar_id: CalId) -> Response:
    return json(cs.get_calendar(ctx=ctx, user=user_id, calendar=calendar_id))


@both("patch", "/calendars/{calendar_id}", "update", "calendar", "Update a calendar",
      "Rename or recolour one of the user's calendars (a name another of theirs has is "
      "409).", write=True, errors=(404, 409), response_model=s.CalendarOut)
async def update_calendar(ctx: CtxDep, user_id: UserId, calendar_id: CalId,
                          body: s.CalendarUpdate) -> Response:
    return json(cs.update_calendar(ctx=ctx, user=user_id, calendar=calendar_id, body=body))


@both("delete", "/calendars/{calendar_id}", "delete", "calendar", "Delete a calendar",
      "Delete one of the user's calendars and its events (the default calendar cannot be "
      "deleted: 400). Meetings the user organised on it are cancelled for their attendees.",
      write=True, errors=(404,), status_code=204)
async def delete_calendar(ctx: CtxDep, user_id: UserId, calendar_id: CalId) -> Response:
    cs.delete_calendar(ctx=ctx, user=user_id, calendar=calendar_id)
    return Response(status_code=204)


# events ----------------------------------------------------------------------------------
LIST_DOC = ("Single-instance events and series masters (a series' occurrences are listed by "
            "calendarView or instances), by start; $top (default 10), $skip, $orderby, "
            "$select, $count; @odata.nextLink holds the next page.")
VIEW_DOC = ("Every event, occurrence and exception overlapping the window "
            "[startDateTime, endDateTime) (both required), by start; $top (default 10), "
            "$skip, $orderby, $select, $count.")


def _register_lists(prefix: str, noun: str, calendar: str | None, what: str) -> None:
    cal_param = "{calendar_id}" in prefix

    async def list_events(ctx: CtxDep, request: Request, user_id: UserId,
                          calendar_id: CalId = "", top: Top = None, skip: Skip = None,
                          filter_: Filter = None, select: Select = None,
                          orderby: OrderBy = None, count: Count = None,
                          prefer: Prefer = None) -> Response:
        tz = prefer_tz(prefer)
        rows = es.list_events(ctx, user=user_id, calendar=calendar_id if cal_param
                              else calendar, view=None)
        return json({"@odata.context": f"{CONTEXT}#{what}", **events_body(
            es.render(ctx, rows, tz), base_url=base(request), top=top, skip=skip, filter_=filter_,
            orderby=orderby, select=select, count=count)}, tz=tz)

    async def calendar_view(ctx: CtxDep, request: Request, user_id: UserId,
                            calendar_id: CalId = "", start: StartDT = None,
                            end: EndDT = None, top: Top = None, skip: Skip = None,
                            filter_: Filter = None, select: Select = None,
                            orderby: OrderBy = None, count: Count = None,
                            prefer: Prefer = None) -> Response:
        tz = prefer_tz(prefer)
        rows = es.list_events(ctx, user=user_id, calendar=calendar_id if cal_param
                              else calendar, view=(start or "", end or ""))
        return json({"@odata.context": f"{CONTEXT}#{what}", **events_body(
            es.render(ctx, rows, tz), base_url=base(request), top=top, skip=skip, filter_=filter_,
            orderby=orderby, select=select, count=count)}, tz=tz)

    async def create_event(ctx: CtxDep, user_id: UserId, body: s.EventIn,
                           calendar_id: CalId = "", prefer: Prefer = None) -> Response:
        tz = prefer_tz(prefer)
        row = es.create_event(ctx, user=user_id, calendar=calendar_id if cal_param
                              else calendar, body=body)
        return json(es.render(ctx, [row], tz)[0], 201, tz)

    for fn in (list_events, calendar_view, create_event):
        _fix_calendar_param(fn, cal_param)
    where = {"events": "the user's calendars", "calendar_events": "the default calendar",
             "calendars_events": "the calendar"}[noun]
    both("get", f"{prefix}/events", "list", noun, f"List events ({where})",
         f"{LIST_DOC} From {where}.", write=False, errors=E404,
         response_model=s.EventList)(list_events)
    both("get", f"{prefix}/calendarView", "list", noun.replace("events", "view"),
         f"Calendar view ({where})", f"{VIEW_DOC} From {where}.", write=False, errors=E404,
         response_model=s.EventList)(calendar_view)
    both("post", f"{prefix}/events", "create", noun.removesuffix("s"),
         f"Create an event ({where})",
         "A new event organised by the user. Each internal attendee gets a copy on their "
         "calendar with response notResponded and an invitation in their Inbox; a room "
         "named as a resource attendee (or in location.locationEmailAddress) accepts if "
         "free, else declines. A series (recurrence: daily or weekly) gets its occurrences "
         "for at most a year. An end before the start is refused (400) and changes nothing.",
         write=True, errors=E404, status_code=201, response_model=s.EventOut)(create_event)


def _fix_calendar_param(fn: Any, keep: bool) -> None:
    sig = inspect.signature(fn)
    params = []
    for p in sig.parameters.values():
        if p.name == "calendar_id":
            if not keep:
                continue
            p = p.replace(default=inspect.Parameter.empty)
        params.append(p)
    required = [p for p in params if p.default is inspect.Parameter.empty]
    optional = [p for p in params if p.default is not inspect.Parameter.empty]
    fn.__signature__ = sig.replace(parameters=required + optional)


_register_lists("", "events", None, "events")
_register_lists("/calendar", "calendar_events", "", "events")
_register_lists("/calendars/{calendar_id}", "calendars_events", None, "events")


@both("get", "/events/{event_id}", "get", "event", "Get an event",
      "One of the user's events (any type, an occurrence too).", write=False, errors=E404,
      response_model=s.EventOut)
async def get_event(ctx: CtxDep, user_id: UserId, event_id: EventId, select: Select = None,
                    prefer: Prefer = None) -> Response:
    tz = prefer_tz(prefer)
    names = select_fields(select)
    row = es.get_event(ctx, user=user_id, event_id=event_id)
    return json(project(es.render(ctx, [row], tz)[0], names), tz=tz)


@both("patch", "/events/{event_id}", "update", "event", "Update an event",
      "Change an event. The organiser's change of subject, body, time, location or "
      "attendees reaches every attendee's copy (an attendee added gets a copy and an "
      "invitation, one removed a cancellation; a new time resets responses). An attendee "
      "may change only their copy's categories, showAs and reminders.", write=True,
      errors=E404, response_model=s.EventOut)
async def update_event(ctx: CtxDep, user_id: UserId, event_id: EventId, body: s.EventIn,
                       prefer: Prefer = None) -> Response:
    tz = prefer_tz(prefer)
    row = us.update_event(ctx, user=user_id, event_id=event_id, body=body)
    return json(es.render(ctx, [row], tz)[0], tz=tz)


@both("delete", "/events/{event_id}", "delete", "event", "Delete an event",
      "Remove the event from the user's calendar. The organiser's delete cancels the "
      "meeting: attendees' copies are marked cancelled and they are told.", write=True,
      errors=E404, status_code=204)
async def delete_event(ctx: CtxDep, user_id: UserId, event_id: EventId) -> Response:
    es.delete_event(ctx, user=user_id, event_id=event_id)
    return Response(status_code=204)


@both("get", "/events/{event_id}/instances", "list", "instances", "List a series' instances",
      "The occurrences and exceptions of a series master within [startDateTime, "
      "endDateTime) (both required).", write=False, errors=E404, response_model=s.EventList)
async def list_instances(ctx: CtxDep, request: Request, user_id: UserId, event_id: EventId,
                         start: StartDT = None, end: EndDT = None, top: Top = None,
                         skip: Skip = None, filter_: Filter = None, select: Select = None,
                         orderby: OrderBy = None, prefer: Prefer = None) -> Response:
    tz = prefer_tz(prefer)
    rows = es.instances(ctx, user=user_id, event_id=event_id, start=start, end=end)
    return json({"@odata.context": f"{CONTEXT}#events", **events_body(
        es.render(ctx, rows, tz), base_url=base(request), top=top, skip=skip, filter_=filter_,
        orderby=orderby, select=select)}, tz=tz)


def _response_route(action: str, noun: str, summary: str) -> None:
    async def respond(ctx: CtxDep, user_id: UserId, event_id: EventId, body: s.ResponseIn
                      ) -> Response:
        rs.respond(ctx, user=user_id, event_id=event_id, action=action, body=body)
        return Response(status_code=202)

    both("post", f"/events/{{event_id}}/{action}", "respond", noun, summary,
         f"{summary} the invitation on the user's copy (a series master: the whole series). "
         "The organiser's copy records the response; with sendResponse (default true) the "
         "organiser gets it by mail, with the comment. The organiser cannot respond (400).",
         write=True, errors=E404, status_code=202)(respond)


_response_route("accept", "accept", "Accept")
_response_route("tentativelyAccept", "tentatively_accept", "Tentatively accept")
_response_route("decline", "decline", "Decline")


@both("post", "/events/{event_id}/cancel", "cancel", "event", "Cancel a meeting",
      "The organiser cancels: the event leaves their calendar, every attendee's copy is "
      "marked cancelled and each gets the cancellation with the comment. Only the "
      "organiser (400 otherwise).", write=True, errors=E404, status_code=202)
async def cancel_event(ctx: CtxDep, user_id: UserId, event_id: EventId, body: s.CancelIn
                       ) -> Response:
    es.cancel_event(ctx, user=user_id, event_id=event_id, comment=body.comment)
    return Response(status_code=202)


@both("post", "/events/{event_id}/forward", "forward", "event", "Forward a meeting",
      "Send the invitation to more people: they are added as attendees (each internal one "
      "gets a copy) and get the invitation with the comment.", write=True, errors=E404,
      status_code=202)
async def forward_event(ctx: CtxDep, user_id: UserId, event_id: EventId, body: s.ForwardIn
                        ) -> Response:
    rs.forward_event(ctx, user=user_id, event_id=event_id, body=body)
    return Response(status_code=202)


# free/busy -------------------------------------------------------------------------------
@both("post", "/calendar/getSchedule", "get", "schedule", "Get free/busy schedules",
      "Free/busy of people and rooms (anyone in the company) between startTime and endTime "
      "(at most 62 days): per schedule, in request order, an availabilityView (one digit "
      "per availabilityViewInterval minutes: 0 free, 1 tentative, 2 busy, 3 oof, 4 "
      "workingElsewhere), the scheduleItems and working hours. An unknown address gets an "
      "error entry.", write=False, response_model=s.ScheduleList)
async def get_schedule(ctx: CtxDep, user_id: UserId, body: s.ScheduleIn, prefer: Prefer = None
                       ) -> Response:
    tz = prefer_tz(prefer)
    return json({"@odata.context": f"{CONTEXT}#Collection(microsoft.graph.scheduleInformation)",
                 "value": ss.get_schedule(ctx, user=user_id, body=body, tz=tz)}, tz=tz)


@both("post", "/findMeetingTimes", "find", "meeting_times", "Find meeting times",
      "Suggest times when the organiser and attendees are free (and a room, from "
      "locationConstraint): candidates every 30 minutes in timeConstraint.timeSlots "
      "(default: the next two days), within the organiser's working hours (Mon-Fri "
      "08:00-17:00 in their zone) unless activityDomain is unrestricted or personal; "
      "confidence is the share of attendees free; best first, then earliest.",
      write=False, response_model=s.MeetingTimeSuggestionsResult)
async def find_meeting_times(ctx: CtxDep, user_id: UserId, body: s.FindMeetingTimesIn,
                             prefer: Prefer = None) -> Response:
    tz = prefer_tz(prefer)
    return json(ss.find_meeting_times(ctx, user=user_id, body=body, tz=tz), tz=tz)


# places ----------------------------------------------------------------------------------
def _cast_alias(path: str) -> Callable[[Any], Any]:
    """Graph takes a type cast as `microsoft.graph.room` or `graph.room` (the SDK's
    spelling), in any case: the short spellings are served too, hidden from the document."""

    def register(fn: Any) -> Any:
        for spelling in (path.replace("microsoft.graph.", "graph."),
                         path.replace("microsoft.graph.roomlist", "graph.roomList")
                         .replace("microsoft.graph.", "graph.")):
            router.add_api_route(spelling, fn, methods=["GET"], include_in_schema=False,
                                 operation_id=f"{fn.__name__}_{len(router.routes)}")
        return fn

    return register


@_cast_alias(f"{V}/places/microsoft.graph.room")
@router.get(f"{V}/places/microsoft.graph.room", response_model=s.PlaceList,
            **op("calendar_list_rooms", "List rooms", "Every meeting room (a place you book "
                 "as a resource attendee), by name; $top (default 100), $skip.", write=False))
async def list_rooms(ctx: CtxDep, request: Request, top: Annotated[int, Query(
        alias="$top", ge=1, le=1000, description="Page size (default 100).")] = 100,
        skip: Skip = None) -> Response:
    return json({"@odata.context": f"{CONTEXT}#places/microsoft.graph.room",
                 **ss.list_rooms(ctx, top=top, skip=skip, base_url=base(request))})


@_cast_alias(f"{V}/places/microsoft.graph.roomlist")
@router.get(f"{V}/places/microsoft.graph.roomlist", response_model=s.PlaceList,
            **op("calendar_list_room_lists", "List room lists", "One room list per office "
                 "location.", write=False))
async def list_room_lists(ctx: CtxDep) -> Response:
    return json({"@odata.context": f"{CONTEXT}#places/microsoft.graph.roomList",
                 "value": ss.room_lists(ctx)})


@_cast_alias(f"{V}/places/{{place_id}}/microsoft.graph.roomlist/rooms")
@router.get(f"{V}/places/{{place_id}}/microsoft.graph.roomlist/rooms",
            response_model=s.PlaceList,
            **op("calendar_list_rooms_in_list", "List a room list's rooms", "The rooms of "
                 "one room list (its address).", write=False, errors=(404,)))
async def list_rooms_in_list(ctx: CtxDep, place_id: PlaceId) -> Response:
    return json({"@odata.context": f"{CONTEXT}#places/microsoft.graph.room",
                 "value": [v.room(r) for r in ss.rooms_in_list(ctx, place_id)]})


@router.get(f"{V}/places/{{place_id}}", response_model=s.PlaceOut,
            **op("calendar_get_place", "Get a place", "A room (by id or address) or a room "
                 "list (by address).", write=False, errors=(404,)))
async def get_place(ctx: CtxDep, place_id: PlaceId) -> Response:
    return json(ss.place(ctx, place_id))
