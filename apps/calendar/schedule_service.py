"""Free/busy (`getSchedule`), meeting time suggestions (`findMeetingTimes`) and rooms
(`/places`). Anyone in the company may read anyone's free/busy and every room."""

from __future__ import annotations

import bisect
import re
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import (
    dtz,
    graph_err,
    no_item,
    owner,
    parse_dtz,
    users_by_email,
    zone,
)
from arcadia.apps.calendar.schemas import FindMeetingTimesIn, ScheduleIn
from arcadia.apps.kernel import Ctx, odata_body
from arcadia.apps.kernel.odata import check_top_skip, odata_slice

MAX_WINDOW = timedelta(days=62)
DIGITS = {"free": "0", "tentative": "1", "busy": "2", "oof": "3", "workingElsewhere": "4",
          "unknown": "2"}
# Which status shows when several events overlap one interval.
RANK = {"free": 0, "workingElsewhere": 1, "tentative": 2, "busy": 3, "unknown": 3, "oof": 4}
WORK_START, WORK_END = time(8, 0), time(17, 0)  # Monday to Friday, in the person's zone
STEP = timedelta(minutes=30)
_DURATION = re.compile(r"^P(?:(\d{1,3})D)?(?:T(?:(\d{1,4})H)?(?:(\d{1,5})M)?(?:(\d{1,6})S)?)?$")


def _busy_rows(ctx: Ctx, who: Any | None, room: str | None, lo: datetime, hi: datetime
               ) -> list[Any]:
    """The events that make a person (or a room) busy between `lo` and `hi`."""
    if who is not None:
        sql = ("SELECT id FROM events WHERE owner_id = ? AND type != 'seriesMaster' "
               "AND is_cancelled = 0 AND response != 'declined' AND start < ? AND \"end\" > ? "
               "ORDER BY start, id")
        ids = ctx.rows(sql, (who.person_id, hi, lo))
    else:
        sql = ("SELECT id FROM events WHERE location_email = ? AND is_organizer = 1 AND "
               "type != 'seriesMaster' AND is_cancelled = 0 AND start < ? AND \"end\" > ? "
               "ORDER BY start, id")
        ids = ctx.rows(sql, (room, hi, lo))
    return [ctx.snapshot(m.Event, i) for (i,) in ids]


def _room(ctx: Ctx, address: str) -> Any | None:
    rows = ctx.rows("SELECT id FROM rooms WHERE email = ?", (address,))
    return ctx.snapshot(m.Room, rows[0][0]) if rows else None


def _status(row: Any) -> str:
    if row.response == "notResponded" and row.show_as == "busy":
        return "tentative"
    return str(row.show_as)


def get_schedule(ctx: Ctx, *, user: str | None, body: ScheduleIn, tz: str | None
                 ) -> list[dict[str, Any]]:
    owner(ctx, user)
    lo = parse_dtz(body.startTime.model_dump(), "startTime")
    hi = parse_dtz(body.endTime.model_dump(), "endTime")
    if hi <= lo:
        raise graph_err(400, "ErrorInvalidParameter", "endTime must be after startTime.",
                        field="endTime")
    if hi - lo > MAX_WINDOW:
        raise graph_err(400, "ErrorInvalidParameter", "The requested time window may span "
                        "at most 62 days.", field="endTime")
    step = timedelta(minutes=body.availabilityViewInterval or 30)
    slots = -(-(hi - lo) // step)
    people = users_by_email(ctx, [s.strip().lower() for s in body.schedules])
    out = []
    for asked in body.schedules:
        address = asked.strip().lower()
        who, room = people.get(address), None if address in people else _room(ctx, address)
        if who is None and room is None:
            out.append({"scheduleId": asked, "availabilityView": "", "scheduleItems": [],
                        "error": {"message": "The specified recipient is not a valid SMTP "
                                  "address or does not exist in the company.",
                                  "responseCode": "ErrorMailRecipientNotFound"}})
            continue
        rows = _busy_rows(ctx, who, room.email if room else None, lo, hi)
        view = []
        for i in range(slots):
            a, b = lo + i * step, min(lo + (i + 1) * step, hi)
            hits = [_status(r) for r in rows if r.start < b and r.end > a]
            view.append(DIGITS[max(hits, key=RANK.__getitem__)] if hits else "0")
        items = [{
            "isPrivate": r.sensitivity in ("private", "confidential"),
            "status": _status(r),
            "subject": "" if r.sensitivity in ("private", "confidential") else r.subject,
            "location": "" if r.sensitivity in ("private", "confidential") else r.location,
            "isMeeting": r.attendees != "[]", "isRecurring": r.type != "singleInstance",
            "isException": r.type == "exception", "isReminderSet": r.is_reminder_on,
            "start": dtz(r.start, tz), "end": dtz(r.end, tz)} for r in rows]
        zone_name = who.time_zone if who is not None else "UTC"
        out.append({"scheduleId": asked, "availabilityView": "".join(view),
                    "scheduleItems": items, "workingHours": {
                        "daysOfWeek": ["monday", "tuesday", "wednesday", "thursday",
                                       "friday"],
                        "startTime": "08:00:00.0000000", "endTime": "17:00:00.0000000",
                        "timeZone": {"name": zone_name}}})
    return out


def _duration(text: str | None) -> timedelta:
    match = _DURATION.match(text or "PT30M")
    if not match or not any(match.groups()):
        raise graph_err(400, "ErrorInvalidParameter", f"meetingDuration {text!r} is not an "
                        "ISO 8601 duration (PT1H, PT30M).", field="meetingDuration")
    d, h, mi, s = (int(g or 0) for g in match.groups())
    length = timedelta(days=d, hours=h, minutes=mi, seconds=s)
    if not timedelta(minutes=5) <= length <= timedelta(days=1):
        raise graph_err(400, "ErrorInvalidParameter", "meetingDuration must be from 5 "
                        "minutes to one day.", field="meetingDuration")
    return length


def _working(at: datetime, length: timedelta, tz: str) -> bool:
    local = at.replace(tzinfo=ZoneInfo("UTC")).astimezone(zone(tz, "timeZone"))
    finish = local + length
    return (local.weekday() < 5 and local.date() == finish.date()
            and local.time() >= WORK_START and finish.time() <= WORK_END)


class _Busy:
    """One person's (or room's) busy spans, for overlap tests by bisection."""

    def __init__(self, rows: list[Any]) -> None:
        self.spans = sorted((r.start, r.end, _status(r)) for r in rows)
        self.starts = [s[0] for s in self.spans]

    def status(self, a: datetime, b: datetime) -> str:
        hits = [st for s, e, st in self.spans[:bisect.bisect_left(self.starts, b)]
                if e > a and s < b]
        return max(hits, key=RANK.__getitem__) if hits else "free"


def find_meeting_times(ctx: Ctx, *, user: str | None, body: FindMeetingTimesIn,
                       tz: str | None) -> dict[str, Any]:
    organizer = owner(ctx, user)
    length = _duration(body.meetingDuration)
    constraint = body.timeConstraint
    domain = (constraint.activityDomain if constraint else None) or "work"
    if constraint and constraint.timeSlots:
        slots = [(parse_dtz(s.start.model_dump(), "timeSlots.start"),
                  parse_dtz(s.end.model_dump(), "timeSlots.end")) for s in constraint.timeSlots]
    else:  # Graph's default: the next two days from now
        begin = ctx.now.replace(second=0, microsecond=0)
        begin += timedelta(minutes=-begin.minute % 30)
        slots = [(begin, begin + timedelta(days=2))]
    if any(b <= a for a, b in slots) or sum((b - a for a, b in slots), timedelta()) > \
            MAX_WINDOW:
        raise graph_err(400, "ErrorInvalidParameter", "Each timeSlots entry must end after "
                        "it starts, and together they may span at most 62 days.",
                        field="timeConstraint")
    people = [a for a in body.attendees or [] if a.type != "resource"]
    wanted_rooms = [a.emailAddress.address.lower() for a in body.attendees or []
                    if a.type == "resource"]
    lc = body.locationConstraint
    wanted_rooms += [loc.locationEmailAddress.lower() for loc in (lc.locations or [])
                     if loc.locationEmailAddress] if lc else []
    rooms = [r for r in (_room(ctx, a) for a in dict.fromkeys(wanted_rooms)) if r is not None]
    known = users_by_email(ctx, [a.emailAddress.address for a in people])
    lo, hi = min(a for a, _ in slots), max(b for _, b in slots)
    busy = {u.email: _Busy(_busy_rows(ctx, u, None, lo, hi))
            for u in [organizer, *known.values()]}
    room_busy = {r.email: _Busy(_busy_rows(ctx, None, r.email, lo, hi)) for r in rooms}
    need_room = bool(lc and lc.isRequired and rooms)
    floor = body.minimumAttendeePercentage if body.minimumAttendeePercentage is not None \
        else 50.0
    found: list[tuple[float, datetime, dict[str, Any]]] = []
    reasons = {"organizer": 0, "attendees": 0, "rooms": 0}
    for a, b in slots:
        at = a.replace(second=0, microsecond=0)
        at += timedelta(minutes=-at.minute % 30)
        if at < a:
            at += STEP
        while at + length <= b:
            end = at + length
            if domain == "work" and not _working(at, length, organizer.time_zone):
                at += STEP
                continue
            org = busy[organizer.email].status(at, end)
            avail = []
            for p in people:
                address = p.emailAddress.address.lower()
                state = busy[address].status(at, end) if address in busy else "unknown"
                avail.append({"attendee": {"type": p.type, "emailAddress": {
                    "name": p.emailAddress.name or (known[address].display_name
                                                    if address in known else address),
                    "address": address}}, "availability": state})
            free = sum(1 for x in avail if x["availability"] == "free")
            counted = len(avail) + (0 if body.isOrganizerOptional else 1)
            free += 0 if body.isOrganizerOptional else int(org == "free")
            confidence = 100.0 * free / counted if counted else 100.0
            room = next((r for r in rooms if room_busy[r.email].status(at, end) == "free"),
                        None)
            if org != "free" and not body.isOrganizerOptional:
                reasons["organizer"] += 1
            elif confidence < floor:
                reasons["attendees"] += 1
            elif need_room and room is None:
                reasons["rooms"] += 1
            else:
                found.append((confidence, at, {
                    "confidence": confidence, "organizerAvailability": org,
                    "attendeeAvailability": avail,
                    "locations": [{
                        "displayName": room.display_name, "locationType": "conferenceRoom",
                        "locationUri": room.email, "locationEmailAddress": room.email,
                        "uniqueId": room.email, "uniqueIdType": "directory",
                        "address": {"street": "", "city": room.city, "state": room.state,
                                    "countryOrRegion": room.country, "postalCode": ""},
                        "coordinates": {}}] if room else [],
                    "meetingTimeSlot": {"start": dtz(at, tz), "end": dtz(end, tz)},
                    "suggestionReason": ("Suggested because it is one of the nearest times "
                                         "when all attendees are available."
                                         if confidence == 100.0 else
                                         "Suggested because it is one of the nearest times "
                                         "when most attendees are available.")
                    if body.returnSuggestionReasons else ""}))
            at += STEP
    found.sort(key=lambda f: (-f[0], f[1]))
    best = [dict(item, order=i + 1) for i, (_, _, item) in
            enumerate(found[:body.maxCandidates or 5])]
    why = ""
    if not best:
        why = ("organizerUnavailable" if reasons["organizer"] and not reasons["attendees"]
               else "attendeesUnavailable" if reasons["attendees"]
               else "locationsUnavailable" if reasons["rooms"] else "unknown")
    return {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#microsoft.graph."
            "meetingTimeSuggestionsResult", "emptySuggestionsReason": why,
            "meetingTimeSuggestions": best}


# places ----------------------------------------------------------------------------------
def rooms(ctx: Ctx) -> list[Any]:
    return sorted(ctx.snapshots(m.Room), key=lambda r: (r.display_name, r.id))


def list_rooms(ctx: Ctx, *, top: int | None, skip: int | None, base_url: str
               ) -> dict[str, Any]:
    page_top, page_skip = check_top_skip(top, skip, default=100)
    page = odata_slice(rooms(ctx), top=page_top, skip=page_skip, base_url=base_url)
    return odata_body([v.room(r) for r in page.items], page)


def room_lists(ctx: Ctx) -> list[dict[str, Any]]:
    lists: dict[str, dict[str, Any]] = {}
    for r in rooms(ctx):
        lists.setdefault(r.room_list, v.room_list(r.room_list, r.room_list_name, r))
    return [lists[k] for k in sorted(lists)]


def place(ctx: Ctx, place_id: str) -> dict[str, Any]:
    key = place_id.strip().lower()
    for r in rooms(ctx):
        if r.id == key or r.email == key:
            return v.room(r)
    for item in room_lists(ctx):
        if item["id"] == key:
            return item
    raise no_item()


def rooms_in_list(ctx: Ctx, list_id: str) -> list[Any]:
    key = list_id.strip().lower()
    found = [r for r in rooms(ctx) if r.room_list == key]
    if not found:
        raise no_item()
    return found
