"""Events: list, calendarView, instances, get, create, delete and cancel (the meeting
rules they share are in `meetings.py`; updates in `update_service.py`, responses and
forwards in `response_service.py`). Every rule validates before the first write.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import col, select

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import (
    graph_err,
    ical_uid,
    no_item,
    normalise_recurrence,
    occurrences,
    owner,
    parse_dtz,
    users_by_email,
    window,
    zone_of,
)
from arcadia.apps.calendar.meetings import (
    attendee_list,
    check_span,
    copies_of,
    invite,
    norm_attendees,
    organiser_lists,
    own_event,
    rooms_by_address,
    rows_for,
    with_occurrences,
)
from arcadia.apps.calendar.schemas import EventIn
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx, invalid, json_text

LISTED = ("singleInstance", "seriesMaster")
EXPANDED = ("singleInstance", "occurrence", "exception")


# reads -----------------------------------------------------------------------------------
def _calendar_of(ctx: Ctx, user: Any, calendar: str | None) -> str | None:
    """The calendar a path names: None (every calendar), "" (the default) or an id."""
    if calendar is None:
        return None
    if calendar == "":
        return calendar_id(user.person_id)
    row = ctx.snapshot(m.Calendar, calendar)
    if row is None or row.owner_id != user.person_id:
        raise no_item()
    return str(row.id)


def list_events(ctx: Ctx, *, user: str | None, calendar: str | None,
                view: tuple[str, str] | None) -> list[Any]:
    """`/events` (single instances and series masters) or, with `view` (start, end),
    `/calendarView` (single instances, occurrences and exceptions in the window), by start.
    """
    who = owner(ctx, user)
    cal = _calendar_of(ctx, who, calendar)
    stmt = select(m.Event).where(m.Event.owner_id == who.person_id)
    if cal is not None:
        stmt = stmt.where(m.Event.calendar_id == cal)
    if view is None:
        stmt = stmt.where(col(m.Event.type).in_(LISTED))
    else:
        lo, hi = window(*view)
        stmt = stmt.where(col(m.Event.type).in_(EXPANDED), m.Event.start < hi,
                          m.Event.end > lo)
    return list(ctx.session.exec(stmt.order_by(m.Event.start, m.Event.id)).all())


def get_event(ctx: Ctx, *, user: str | None, event_id: str) -> Any:
    return own_event(ctx, owner(ctx, user), event_id)


def instances(ctx: Ctx, *, user: str | None, event_id: str, start: str | None,
              end: str | None) -> list[Any]:
    who = owner(ctx, user)
    master = own_event(ctx, who, event_id)
    lo, hi = window(start, end)
    if master.type != "seriesMaster":
        raise graph_err(400, "ErrorInvalidRequest", "instances are listed for a series "
                        "master (an event with a recurrence) only.")
    stmt = (select(m.Event).where(m.Event.series_master_id == master.id,
                                  m.Event.start < hi, m.Event.end > lo)
            .order_by(m.Event.start, m.Event.id))
    return list(ctx.session.exec(stmt).all())


def render(ctx: Ctx, rows: list[Any], tz: str | None) -> list[dict[str, Any]]:
    """Rows as Graph events, each attendee copy with the organiser's attendee list."""
    lists = organiser_lists(ctx, rows)
    rooms = {r.email: r for r in ctx.snapshots(m.Room)} if any(
        r.location_email for r in rows) else {}
    return [v.event(r, tz, None if r.attendees is not None else
                    lists.get((r.ical_uid, r.original_start), lists.get((r.ical_uid, None))),
                    rooms)
            for r in rows]


# creation --------------------------------------------------------------------------------
def _times(body: EventIn) -> tuple[datetime, datetime]:
    if body.start is None or body.end is None:
        raise graph_err(400, "ErrorPropertyValidationFailure", "An event needs start and "
                        "end.", field="start" if body.start is None else "end")
    start = parse_dtz(body.start.model_dump(), "start")
    end = parse_dtz(body.end.model_dump(), "end")
    check_span(start, end, bool(body.isAllDay))
    return start, end


def create_event(ctx: Ctx, *, user: str | None, calendar: str | None, body: EventIn) -> Any:
    who = owner(ctx, user)
    cal = _calendar_of(ctx, who, "" if calendar is None else calendar) or \
        calendar_id(who.person_id)
    start, end = _times(body)
    people = norm_attendees(ctx, body, who)
    rec = None
    if body.recurrence is not None:
        rec = normalise_recurrence(body.recurrence.model_dump(exclude_none=True), start,
                                   default_zone=(body.start.timeZone if body.start else None)
                                   or "UTC")
        if not list(occurrences(rec, start, end)):
            raise invalid("The recurrence has no occurrence.", "recurrence")
    rooms = rooms_by_address(ctx, sorted({a["address"] for a in people}
                               | ({body.location.locationEmailAddress.lower()}
                                  if body.location and body.location.locationEmailAddress
                                  else set())))
    if body.location and body.location.locationEmailAddress:
        address = body.location.locationEmailAddress.lower()
        if address not in rooms:
            raise graph_err(400, "ErrorInvalidRequest", f"location.locationEmailAddress "
                            f"{address!r} is not a room; list them at "
                            "/places/microsoft.graph.room.", field="location")
        if address not in {a["address"] for a in people}:
            people.append({"type": "resource", "name": rooms[address].display_name,
                           "address": address, "response": "none", "time": None})
    for a in people:
        if a["address"] in rooms:
            a["type"], a["name"] = "resource", a["name"] or rooms[a["address"]].display_name
    room = next((a["address"] for a in people if a["type"] == "resource"), None)
    place = body.location.displayName if body.location and body.location.displayName \
        else (rooms[room].display_name if room else "")
    internal = users_by_email(ctx, [a["address"] for a in people])
    for a in people:
        if a["address"] in internal and not a["name"]:
            a["name"] = internal[a["address"]].display_name
    key = ctx.new_uuid("event")
    shared = {
        "ical_uid": ical_uid(f"new:{key}"), "subject": body.subject or "",
        "body": body.body.content if body.body else "",
        "body_type": (body.body.contentType.lower() if body.body else "text"),
        "is_all_day": bool(body.isAllDay), "is_cancelled": False,
        "is_online": bool(body.isOnlineMeeting),
        "sensitivity": body.sensitivity or "normal", "importance": body.importance or "normal",
        "location": place or "", "location_email": room,
        "organizer_name": who.display_name, "organizer_address": who.email,
        "start_time_zone": zone_of(body.start.model_dump()) if body.start else "UTC",
        "end_time_zone": zone_of(body.end.model_dump()) if body.end else "UTC",
        "response_requested": body.responseRequested is not False,
        "allow_new_time_proposals": body.allowNewTimeProposals is not False,
        "created_at": ctx.now, "updated_at": ctx.now, "response_time": None}
    if room is not None:
        busy = _room_busy(ctx, room, _spans(rec, start, end))
        for a in people:
            if a["address"] == room:
                a["response"], a["time"] = ("declined" if busy else "accepted"), \
                    v.fmt_offset(ctx.now)
    listed = json_text(people)
    holders: list[tuple[Any, str]] = [(who, "organizer")]
    holders += [(internal[a["address"]], "notResponded") for a in people
                if a["type"] != "resource" and a["address"] in internal]
    made = None
    for person, response in holders:
        mine = person.person_id == who.person_id
        own = {**shared, "owner_id": person.person_id,
               "calendar_id": cal if mine else calendar_id(person.person_id),
               "is_organizer": mine, "response": response,
               "attendees": listed if mine else None,
               "show_as": (body.showAs or "busy") if mine else "tentative",
               "categories": json_text(body.categories or []) if mine else "[]",
               "is_reminder_on": body.isReminderOn is not False,
               "reminder_minutes": body.reminderMinutesBeforeStart
               if body.reminderMinutesBeforeStart is not None else 15}
        rows = rows_for(own, f"new:{key}:{person.person_id}", rec, start, end)
        for row in rows:
            ctx.session.add(m.Event(**row))
        if mine:
            made = rows[0]["id"]
    ctx.session.flush()
    result = ctx.session.get(m.Event, made)
    invite(ctx, result, [a for a in people if a["type"] != "resource"], "meetingRequest",
           result.subject, result.body)
    ctx.commit()
    return result


def _spans(rec: dict[str, Any] | None, start: datetime, end: datetime
           ) -> list[tuple[datetime, datetime]]:
    return [(start, end)] if rec is None else list(occurrences(rec, start, end))


def _room_busy(ctx: Ctx, room: str, spans: list[tuple[datetime, datetime]],
               ignore: str | None = None) -> bool:
    for lo, hi in spans:
        hit = ctx.rows("SELECT 1 FROM events WHERE location_email = ? AND is_organizer = 1 "
                       "AND is_cancelled = 0 AND type != 'seriesMaster' AND start < ? "
                       "AND \"end\" > ? AND ical_uid != ? LIMIT 1",
                       (room, hi, lo, ignore or ""))
        if hit:
            return True
    return False


# delete and cancel -------------------------------------------------------------------------
def delete_event(ctx: Ctx, *, user: str | None, event_id: str) -> None:
    who = owner(ctx, user)
    row = own_event(ctx, who, event_id)
    if row.is_organizer:
        _cancel(ctx, row, None)
    else:
        for r in with_occurrences(ctx, [row]):
            ctx.session.delete(r)
    ctx.commit()


def cancel_event(ctx: Ctx, *, user: str | None, event_id: str, comment: str | None) -> None:
    who = owner(ctx, user)
    row = own_event(ctx, who, event_id)
    if not row.is_organizer:
        raise graph_err(400, "ErrorAccessDenied", "Your request can't be completed. You need "
                        "to be an organizer to cancel a meeting.")
    _cancel(ctx, row, comment)
    ctx.commit()


def _cancel(ctx: Ctx, row: Any, comment: str | None) -> None:
    """The organiser's copy goes; every attendee's copy is marked cancelled; attendees who
    had not declined hear of it."""
    copies = copies_of(ctx, row)
    people = [a for a in attendee_list(ctx, row) if a["type"] != "resource"]
    for copy in with_occurrences(ctx, copies):
        if copy.is_organizer:
            ctx.session.delete(copy)
        else:
            copy.is_cancelled, copy.updated_at = True, ctx.now
    ctx.session.flush()
    told = [a for a in people if a["response"] != "declined"]
    if told and not row.is_cancelled:
        invite(ctx, row, told, "meetingCancelled", f"Canceled: {row.subject}",
               comment if comment is not None else row.body)


def drop_calendar_events(ctx: Ctx, who: Any, calendar: str) -> None:
    """A deleted calendar's events go: meetings the owner organised are cancelled for
    their attendees (as the organiser's delete does), the rest only leave this calendar."""
    rows = ctx.session.exec(select(m.Event).where(
        m.Event.owner_id == who.person_id, m.Event.calendar_id == calendar,
        col(m.Event.type).in_(LISTED)).order_by(m.Event.id)).all()
    for row in rows:
        if ctx.session.get(m.Event, row.id) is None:
            continue
        if row.is_organizer:
            _cancel(ctx, row, None)
        else:
            for r in with_occurrences(ctx, [row]):
                ctx.session.delete(r)
    ctx.session.flush()
