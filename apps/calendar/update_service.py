"""Changing an event: the holder's own properties (categories, showAs, reminders) on any
copy; the meeting's (subject, times, attendees, recurrence...) by the organiser only, on
every holder's copy, with new attendees invited and removed ones told of the cancellation.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar.common import (
    graph_err,
    graph_id,
    normalise_recurrence,
    occurrences,
    owner,
    parse_dtz,
    users_by_email,
    zone_of,
)
from arcadia.apps.calendar.meetings import (
    attendee_list,
    check_span,
    copies_of,
    invite,
    norm_attendees,
    own_event,
    rooms_by_address,
    rows_for,
    with_occurrences,
)
from arcadia.apps.calendar.schemas import EventIn
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx, invalid, json_text, json_value

SHARED = ("subject", "body", "start", "end", "location", "attendees", "isAllDay",
          "isOnlineMeeting", "recurrence", "sensitivity", "importance", "responseRequested",
          "allowNewTimeProposals", "hideAttendees", "onlineMeetingProvider")


def update_event(ctx: Ctx, *, user: str | None, event_id: str, body: EventIn) -> Any:
    who = owner(ctx, user)
    row = own_event(ctx, who, event_id)
    data = body.model_dump(exclude_unset=True)
    shared = [k for k in data if k in SHARED]
    if shared and not row.is_organizer:
        raise graph_err(400, "ErrorInvalidRequest", f"Only the organizer can change "
                        f"{', '.join(shared)}; an attendee changes their own copy's "
                        "categories, showAs and reminders only.", field=shared[0])
    if "recurrence" in data and row.type != "seriesMaster" and data["recurrence"] is not None:
        raise graph_err(400, "ErrorInvalidRequest", "recurrence can be set on a series master "
                        "or when creating an event.", field="recurrence")
    start = parse_dtz(data["start"], "start") if data.get("start") else row.start
    end = parse_dtz(data["end"], "end") if data.get("end") else row.end
    all_day = data["isAllDay"] if data.get("isAllDay") is not None else row.is_all_day
    check_span(start, end, all_day)
    for name in ("subject", "body", "start", "end", "location", "attendees"):
        if name in data and data[name] is None:
            raise invalid(f"{name} cannot be null.", name)
    rec = json_value(row.recurrence)
    if data.get("recurrence") is not None:
        was = (rec or {}).get("range", {}).get("recurrenceTimeZone")
        rec = normalise_recurrence(body.recurrence.model_dump(exclude_none=True)
                                   if body.recurrence else {}, start,
                                   default_zone=(body.start.timeZone if body.start else None)
                                   or was or "UTC")
    personal = {"categories": ("categories", json_text(data.get("categories") or [])),
                "showAs": ("show_as", data.get("showAs")),
                "isReminderOn": ("is_reminder_on", data.get("isReminderOn")),
                "reminderMinutesBeforeStart": ("reminder_minutes",
                                               data.get("reminderMinutesBeforeStart"))}
    for name, (column, value) in personal.items():
        if name in data and value is not None:
            setattr(row, column, value)
    row.updated_at = ctx.now
    if not shared:
        ctx.commit()
        return row
    _update_meeting(ctx, who, row, body, data, start, end, all_day, rec)
    ctx.commit()
    return ctx.session.get(m.Event, event_id)


def _update_meeting(ctx: Ctx, who: Any, row: Any, body: EventIn, data: dict[str, Any],
                    start: datetime, end: datetime, all_day: bool,
                    rec: dict[str, Any] | None) -> None:
    old = attendee_list(ctx, row)
    people = norm_attendees(ctx, body, who) if "attendees" in data else \
        [dict(a) for a in old]
    before = {a["address"]: a for a in old}
    for a in people:  # an attendee kept keeps their response
        if a["address"] in before:
            a["response"], a["time"] = before[a["address"]]["response"], \
                before[a["address"]]["time"]
    moved = start != row.start or end != row.end or data.get("recurrence") is not None
    if moved:
        for a in people:
            if a["type"] != "resource":
                a["response"], a["time"] = "none", None
    rooms = rooms_by_address(ctx, [a["address"] for a in people])
    for a in people:
        if a["address"] in rooms:
            a["type"] = "resource"
    changes: dict[str, Any] = {"attendees": json_text(people), "start": start, "end": end,
                               "is_all_day": all_day, "updated_at": ctx.now}
    for name in ("start", "end"):  # a new time keeps the zone it was given in
        if data.get(name):
            changes[f"{name}_time_zone"] = zone_of(data[name])
    if "subject" in data:
        changes["subject"] = data["subject"]
    if "body" in data:
        changes["body"], changes["body_type"] = data["body"]["content"], \
            data["body"]["contentType"].lower()
    if "location" in data:
        changes["location"] = data["location"].get("displayName") or ""
    for key, column in (("isOnlineMeeting", "is_online"), ("sensitivity", "sensitivity"),
                        ("importance", "importance"),
                        ("responseRequested", "response_requested"),
                        ("allowNewTimeProposals", "allow_new_time_proposals")):
        if data.get(key) is not None:
            changes[column] = data[key]
    room = next((a["address"] for a in people if a["type"] == "resource"), None)
    changes["location_email"] = room
    if room and not changes.get("location", row.location):
        changes["location"] = rooms[room].display_name
    internal = users_by_email(ctx, [a["address"] for a in people])
    copies = copies_of(ctx, row)
    held = {c.owner_id: c for c in copies}
    keep = {u.person_id for a in people if a["type"] != "resource"
            for u in [internal.get(a["address"])] if u is not None} | {who.person_id}
    removed = [a for a in old if a["address"] not in {p["address"] for p in people}
               and a["type"] != "resource"]
    for copy in with_occurrences(ctx, [c for c in copies if c.owner_id not in keep]):
        ctx.session.delete(copy)
    if row.type == "seriesMaster" and (moved or data.get("recurrence") is not None):
        for occ in with_occurrences(ctx, copies)[len(copies):]:
            ctx.session.delete(occ)
    ctx.session.flush()
    for pid in sorted(keep):
        copy = held.get(pid)
        if copy is None:  # a new attendee: a copy of their own
            user = next(u for u in internal.values() if u.person_id == pid)
            own = {c.name: getattr(row, c.name) for c in m.Event.__table__.columns}
            own.update(changes, owner_id=pid, calendar_id=calendar_id(pid),
                       is_organizer=False, response="notResponded", show_as="tentative",
                       categories="[]", response_time=None, created_at=ctx.now,
                       attendees=None)
            key = f"upd:{ctx.new_uuid('event')}:{user.person_id}"
            for r in rows_for(own, key, rec if row.type == "seriesMaster" else None,
                              start, end):
                if row.type in ("occurrence", "exception"):
                    r.update(type="exception", series_master_id=None,
                             original_start=row.original_start)
                ctx.session.add(m.Event(**r))
            continue
        for column, value in changes.items():
            if column != "attendees" or copy.attendees is not None:
                setattr(copy, column, value)
        if row.type == "occurrence":
            copy.type = "exception"
        if moved and not copy.is_organizer:
            copy.response, copy.response_time = "notResponded", None
        if row.type == "seriesMaster":
            copy.recurrence = json_text(rec)
            if moved or data.get("recurrence") is not None:
                own = {c.name: getattr(copy, c.name) for c in m.Event.__table__.columns}
                for r in series_occurrences(own, copy.id, rec, start, end):
                    ctx.session.add(m.Event(**r))
    ctx.session.flush()
    fresh = ctx.session.get(m.Event, row.id)
    staying = [a for a in people if a["type"] != "resource"]
    if staying:
        invite(ctx, fresh, staying, "meetingRequest", fresh.subject, fresh.body)
    if removed:
        invite(ctx, fresh, removed, "meetingCancelled", f"Canceled: {fresh.subject}",
               fresh.body)


def series_occurrences(own: dict[str, Any], master: str, rec: dict[str, Any] | None,
                       start: datetime, end: datetime) -> list[dict[str, Any]]:
    if rec is None:
        return []
    return [{**own, "id": graph_id("event", f"{master}:{at.isoformat()}"),
             "type": "occurrence", "series_master_id": master, "original_start": at,
             "start": at, "end": until, "recurrence": None}
            for at, until in occurrences(rec, start, end)]
