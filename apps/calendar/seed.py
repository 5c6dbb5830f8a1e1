"""The calendar's view of the world -> its tables (reads only `world.view_for("calendar")`).

Users are the company's people still employed, each with a default calendar ("Calendar")
and working hours in their work location's time zone. Every meeting is copied onto the
organiser's calendar and each internal attendee's, with the attendees' responses as the
world has them; a series becomes a master plus its occurrences (`common.occurrences`).
Rooms are places, grouped in one room list per location. Core bulk inserts throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar.common import (
    graph_id,
    ical_uid,
    normalise_recurrence,
    occurrences,
    place_id,
)
from arcadia.apps.kernel import json_text
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.world import World
from arcadia.world.comms import Meeting, graph_user_id

# How an attendee's copy shows in free/busy by their response (Outlook's own rule).
SHOWN = {"declined": "free", "tentativelyAccepted": "tentative", "notResponded": "tentative"}


def _bulk(session: Session, model: Any, rows: Sequence[dict[str, Any]]) -> None:
    # Core's semantics (None as NULL), one executemany per table.
    insert_rows(session, model, rows, none="null")


def calendar_id(person_id: int) -> str:
    return graph_id("calendar", f"person:{person_id}:default")


def room_list_address(location_id: str, domain: str) -> str:
    return f"rooms-{location_id.lower()}@{domain}"


def seed(world: World, session: Session) -> None:
    """Write the world as the calendar holds it. Does not commit."""
    view = world.view_for("calendar")
    zones = {loc.id: loc.timezone for loc in view.locations}
    people = sorted((p for p in view.people if p.status != "terminated"), key=lambda p: p.id)
    _bulk(session, m.User, [{
        "person_id": p.id, "graph_id": graph_user_id(p.id), "email": p.email.lower(),
        "display_name": f"{p.first_name} {p.last_name}",
        "time_zone": zones.get(p.location_id, "UTC")} for p in people])
    _bulk(session, m.Calendar, [{
        "id": calendar_id(p.id), "owner_id": p.id, "name": "Calendar", "color": "auto",
        "hex_color": "", "is_default": True} for p in people])
    locations = {loc.id: loc for loc in view.locations}
    _bulk(session, m.Room, [{
        "id": place_id(r.id), "world_key": r.id, "email": r.email.lower(),
        "display_name": r.name, "building": r.building, "floor": r.floor,
        "capacity": r.capacity, "av": r.av, "location_id": r.location_id,
        "city": locations[r.location_id].city if r.location_id in locations else "",
        "state": locations[r.location_id].state if r.location_id in locations else "",
        "country": locations[r.location_id].country if r.location_id in locations else "",
        "room_list": room_list_address(r.location_id, view.domain),
        "room_list_name": f"{locations[r.location_id].name} rooms"
        if r.location_id in locations else f"{r.location_id} rooms"}
        for r in sorted(view.rooms, key=lambda r: r.id)])
    ids = {p.email.lower(): p.id for p in people}
    rooms = {r.id: r.email.lower() for r in view.rooms}
    rows: list[dict[str, Any]] = []
    for meeting in sorted(view.meetings, key=lambda x: x.id):
        rows.extend(meeting_rows(meeting, ids, rooms.get(meeting.room_id or "")))
    for i in range(0, len(rows), 5000):
        _bulk(session, m.Event, rows[i:i + 5000])


def meeting_rows(meeting: Meeting, ids: dict[str, int], room: str | None
                 ) -> list[dict[str, Any]]:
    """Every copy (and occurrence) of one world meeting."""
    booked = meeting.created_at or (meeting.start - timedelta(days=7))
    attendees = [{"type": a.type, "name": a.email.name, "address": a.email.address.lower(),
                  "response": a.response, "time": None} for a in meeting.attendees]
    holders: list[tuple[int, str]] = []
    org = ids.get(meeting.organizer.address.lower())
    if org is not None:
        holders.append((org, "organizer"))
    for a in meeting.attendees:
        pid = ids.get(a.email.address.lower())
        if a.type != "resource" and pid is not None and pid != org:
            holders.append((pid, "notResponded" if a.response == "none" else a.response))
    ical = ical_uid(f"world:{meeting.id}")
    base = {
        "ical_uid": ical, "subject": meeting.subject, "body": meeting.body,
        "body_type": "text", "is_all_day": meeting.is_all_day,
        "is_cancelled": meeting.is_cancelled, "is_online": meeting.is_online,
        "show_as": meeting.show_as, "sensitivity": meeting.sensitivity,
        "importance": meeting.importance, "categories": json_text(list(meeting.categories)),
        "location": meeting.location, "location_email": room,
        "organizer_name": meeting.organizer.name,
        "organizer_address": meeting.organizer.address.lower(),
        "start_time_zone": meeting.time_zone, "end_time_zone": meeting.time_zone,
        "attendees": json_text(attendees), "created_at": booked, "updated_at": booked,
        "response_requested": True, "allow_new_time_proposals": True,
        "is_reminder_on": True, "reminder_minutes": 15, "response_time": None}
    rec = None
    if meeting.recurrence is not None:
        r = meeting.recurrence
        rec = normalise_recurrence({
            "pattern": {"type": r.pattern, "interval": r.interval,
                        "daysOfWeek": list(r.days_of_week)},
            "range": {"type": "endDate", "startDate": r.start.isoformat(),
                      "endDate": r.end.isoformat(),
                      "recurrenceTimeZone": meeting.time_zone}}, meeting.start)
    # One series' occurrences are the same for every holder's copy: worked out once.
    times = None if rec is None else list(occurrences(rec, meeting.start, meeting.end))
    out = []
    for pid, response in holders:
        key = f"world:{meeting.id}:{pid}"
        own = {**base, "owner_id": pid, "calendar_id": calendar_id(pid),
               "is_organizer": response == "organizer", "response": response,
               "attendees": base["attendees"] if org is None or pid == org else None,
               "show_as": SHOWN.get(response, meeting.show_as)}
        if rec is None:
            out.append({**own, "id": graph_id("event", key), "type": "singleInstance",
                        "series_master_id": None, "original_start": None,
                        "start": meeting.start, "end": meeting.end, "recurrence": None})
            continue
        out.extend(series_rows(own, key, rec, meeting.start, meeting.end, times))
    return out


def series_rows(own: dict[str, Any], key: str, rec: dict[str, Any], start: datetime,
                end: datetime, times: list[tuple[datetime, datetime]] | None = None
                ) -> list[dict[str, Any]]:
    """A series master and its occurrences for one holder (`own`: the shared columns;
    `times`: the occurrences of `rec` from `start`, if already worked out)."""
    master = graph_id("event", key)
    if times is None:
        times = list(occurrences(rec, start, end))
    first = times[0] if times else (start, end)
    rows = [{**own, "id": master, "type": "seriesMaster", "series_master_id": None,
             "original_start": None, "start": first[0], "end": first[1],
             "recurrence": json_text(rec)}]
    for at, until in times:
        rows.append({**own, "id": graph_id("event", f"{key}:{at.isoformat()}"),
                     "type": "occurrence", "series_master_id": master,
                     "original_start": at, "start": at, "end": until, "recurrence": None})
    return rows
