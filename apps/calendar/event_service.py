"""Events: list, calendarView, instances, get, create, update, delete, and the meeting
actions (accept, tentativelyAccept, decline, cancel, forward).

A meeting is one row per holder (organiser and each internal attendee), tied by iCalUId.
Creating one puts a copy with a pending response on each attendee's calendar and sends each
an invitation through the mail app (`ctx.emit("mail", "deliver", ...)`); responses go to the
organiser, cancellations to the attendees. Every rule validates before the first write.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from sqlmodel import col, select

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import (
    dumps,
    graph_err,
    graph_id,
    ical_uid,
    loads,
    no_item,
    normalise_recurrence,
    occurrences,
    owner,
    parse_dtz,
    users_by_email,
    window,
)
from arcadia.apps.calendar.schemas import EventIn, ForwardIn, ResponseIn
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx, invalid

LISTED = ("singleInstance", "seriesMaster")
EXPANDED = ("singleInstance", "occurrence", "exception")
SHARED = ("subject", "body", "start", "end", "location", "attendees", "isAllDay",
          "isOnlineMeeting", "recurrence", "sensitivity", "importance", "responseRequested",
          "allowNewTimeProposals", "hideAttendees", "onlineMeetingProvider")
RESPONSES = {"accept": ("accepted", "meetingAccepted", "Accepted"),
             "tentativelyAccept": ("tentativelyAccepted", "meetingTenativelyAccepted",
                                   "Tentative"),
             "decline": ("declined", "meetingDeclined", "Declined")}
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


def _own_event(ctx: Ctx, who: Any, event_id: str) -> Any:
    row = ctx.session.get(m.Event, event_id)
    if row is None or row.owner_id != who.person_id:
        raise no_item()
    return row


def get_event(ctx: Ctx, *, user: str | None, event_id: str) -> Any:
    return _own_event(ctx, owner(ctx, user), event_id)


def instances(ctx: Ctx, *, user: str | None, event_id: str, start: str | None,
              end: str | None) -> list[Any]:
    who = owner(ctx, user)
    master = _own_event(ctx, who, event_id)
    lo, hi = window(start, end)
    if master.type != "seriesMaster":
        raise graph_err(400, "ErrorInvalidRequest", "instances are listed for a series "
                        "master (an event with a recurrence) only.")
    stmt = (select(m.Event).where(m.Event.series_master_id == master.id,
                                  m.Event.start < hi, m.Event.end > lo)
            .order_by(m.Event.start, m.Event.id))
    return list(ctx.session.exec(stmt).all())


# creation --------------------------------------------------------------------------------
def _norm_attendees(ctx: Ctx, body: EventIn, organizer: Any) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for a in body.attendees or []:
        address = a.emailAddress.address.strip().lower()
        if "@" not in address or " " in address:
            raise graph_err(400, "ErrorInvalidRecipients", f"attendees: {address!r} is not "
                            "an e-mail address.", field="attendees")
        if address == organizer.email or address in seen:
            continue
        seen[address] = {"type": a.type, "name": a.emailAddress.name or "",
                         "address": address, "response": "none", "time": None}
    return list(seen.values())


def _rooms(ctx: Ctx, addresses: list[str]) -> dict[str, Any]:
    out = {}
    for address in addresses:
        rows = ctx.rows("SELECT id FROM rooms WHERE email = ?", (address,))
        if rows:
            out[address] = ctx.snapshot(m.Room, rows[0][0])
    return out


def _times(body: EventIn) -> tuple[datetime, datetime]:
    if body.start is None or body.end is None:
        raise graph_err(400, "ErrorPropertyValidationFailure", "An event needs start and "
                        "end.", field="start" if body.start is None else "end")
    start = parse_dtz(body.start.model_dump(), "start")
    end = parse_dtz(body.end.model_dump(), "end")
    _check_span(start, end, bool(body.isAllDay))
    return start, end


def _check_span(start: datetime, end: datetime, all_day: bool) -> None:
    if end < start:
        raise graph_err(400, "ErrorPropertyValidationFailure", "At least one property failed "
                        "validation: the event's end is before its start.", field="end")
    if end - start > timedelta(days=1825):
        raise graph_err(400, "ErrorPropertyValidationFailure", "An event may last at most "
                        "five years.", field="end")
    if all_day and (start.time() != time(0) or end.time() != time(0) or end == start):
        raise graph_err(400, "ErrorPropertyValidationFailure", "An all-day event starts and "
                        "ends at midnight, at least a day apart.", field="isAllDay")


def create_event(ctx: Ctx, *, user: str | None, calendar: str | None, body: EventIn) -> Any:
    who = owner(ctx, user)
    cal = _calendar_of(ctx, who, "" if calendar is None else calendar) or \
        calendar_id(who.person_id)
    start, end = _times(body)
    people = _norm_attendees(ctx, body, who)
    rec = None
    if body.recurrence is not None:
        rec = normalise_recurrence(body.recurrence.model_dump(exclude_none=True), start,
                                   default_zone=(body.start.timeZone if body.start else None)
                                   or "UTC")
        if not list(occurrences(rec, start, end)):
            raise invalid("The recurrence has no occurrence.", "recurrence")
    rooms = _rooms(ctx, sorted({a["address"] for a in people}
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
        "response_requested": body.responseRequested is not False,
        "allow_new_time_proposals": body.allowNewTimeProposals is not False,
        "created_at": ctx.now, "updated_at": ctx.now, "response_time": None}
    if room is not None:
        busy = _room_busy(ctx, room, _spans(rec, start, end))
        for a in people:
            if a["address"] == room:
                a["response"], a["time"] = ("declined" if busy else "accepted"), \
                    v.fmt_offset(ctx.now)
    listed = dumps(people)
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
               "categories": dumps(body.categories or []) if mine else "[]",
               "is_reminder_on": body.isReminderOn is not False,
               "reminder_minutes": body.reminderMinutesBeforeStart
               if body.reminderMinutesBeforeStart is not None else 15}
        rows = _rows_for(own, f"new:{key}:{person.person_id}", rec, start, end)
        for row in rows:
            ctx.session.add(m.Event(**row))
        if mine:
            made = rows[0]["id"]
    ctx.session.flush()
    result = ctx.session.get(m.Event, made)
    _invite(ctx, result, [a for a in people if a["type"] != "resource"], "meetingRequest",
            result.subject, result.body)
    ctx.commit()
    return result


def _rows_for(own: dict[str, Any], key: str, rec: dict[str, Any] | None, start: datetime,
              end: datetime) -> list[dict[str, Any]]:
    from arcadia.apps.calendar.seed import series_rows  # one place builds series rows

    if rec is None:
        return [{**own, "id": graph_id("event", key), "type": "singleInstance",
                 "series_master_id": None, "original_start": None, "start": start,
                 "end": end, "recurrence": None}]
    return series_rows(own, key, rec, start, end)


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


# mail ------------------------------------------------------------------------------------
def mail_reachable(ctx: Ctx) -> bool:
    """Whether a mail app hosts this episode's mailboxes (else nobody gets mail)."""
    spec = ctx.store.apps.get("mail")
    return "deliver" in spec.handlers if spec is not None else "mail" in ctx.store.peers


def _invite(ctx: Ctx, row: Any, people: list[dict[str, Any]], kind: str, subject: str,
            text: str, *, sender: tuple[str, str] | None = None) -> None:
    # Rooms are resources, not mailboxes; everyone else is mailed (mail records outside
    # addresses on the message and bounces a colleague's address that has no mailbox).
    to = [{"name": p["name"] or p["address"], "address": p["address"]} for p in people
          if p.get("type") != "resource"]
    if not to or not mail_reachable(ctx):
        return
    name, address = sender or (row.organizer_name, row.organizer_address)
    ctx.emit("mail", "deliver", {
        "from": {"name": name, "address": address}, "to": to, "cc": [],
        "subject": subject, "body": text, "bodyType": "html" if row.body_type == "html"
        else "text", "importance": row.importance, "saveToSentItems": True,
        "messageType": "eventMessage", "meetingMessageType": kind,
        "startDateTime": row.start.isoformat(), "endDateTime": row.end.isoformat(),
        "location": row.location, "isAllDay": row.is_all_day, "iCalUId": row.ical_uid})


# copies ----------------------------------------------------------------------------------
def _copies(ctx: Ctx, row: Any) -> list[Any]:
    """Every holder's copy of the same item (the same occurrence, for an occurrence)."""
    stmt = select(m.Event).where(m.Event.ical_uid == row.ical_uid)
    if row.type in ("occurrence", "exception"):
        stmt = stmt.where(m.Event.original_start == row.original_start,
                          col(m.Event.type).in_(("occurrence", "exception")))
    else:
        stmt = stmt.where(m.Event.type == row.type)
    return list(ctx.session.exec(stmt.order_by(m.Event.owner_id, m.Event.id)).all())


def _with_occurrences(ctx: Ctx, rows: list[Any]) -> list[Any]:
    """`rows` and, for series masters, every occurrence and exception of theirs."""
    masters = [r.id for r in rows if r.type == "seriesMaster"]
    if not masters:
        return rows
    more = ctx.session.exec(select(m.Event).where(col(m.Event.series_master_id).in_(masters))
                            .order_by(m.Event.id)).all()
    return [*rows, *more]


# update ----------------------------------------------------------------------------------
def update_event(ctx: Ctx, *, user: str | None, event_id: str, body: EventIn) -> Any:
    who = owner(ctx, user)
    row = _own_event(ctx, who, event_id)
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
    _check_span(start, end, all_day)
    for name in ("subject", "body", "start", "end", "location", "attendees"):
        if name in data and data[name] is None:
            raise invalid(f"{name} cannot be null.", name)
    rec = loads(row.recurrence)
    if data.get("recurrence") is not None:
        was = (rec or {}).get("range", {}).get("recurrenceTimeZone")
        rec = normalise_recurrence(body.recurrence.model_dump(exclude_none=True)
                                   if body.recurrence else {}, start,
                                   default_zone=(body.start.timeZone if body.start else None)
                                   or was or "UTC")
    personal = {"categories": ("categories", dumps(data.get("categories") or [])),
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
    people = _norm_attendees(ctx, body, who) if "attendees" in data else \
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
    rooms = _rooms(ctx, [a["address"] for a in people])
    for a in people:
        if a["address"] in rooms:
            a["type"] = "resource"
    changes: dict[str, Any] = {"attendees": dumps(people), "start": start, "end": end,
                               "is_all_day": all_day, "updated_at": ctx.now}
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
    copies = _copies(ctx, row)
    held = {c.owner_id: c for c in copies}
    keep = {u.person_id for a in people if a["type"] != "resource"
            for u in [internal.get(a["address"])] if u is not None} | {who.person_id}
    removed = [a for a in old if a["address"] not in {p["address"] for p in people}
               and a["type"] != "resource"]
    for copy in _with_occurrences(ctx, [c for c in copies if c.owner_id not in keep]):
        ctx.session.delete(copy)
    if row.type == "seriesMaster" and (moved or data.get("recurrence") is not None):
        for occ in _with_occurrences(ctx, copies)[len(copies):]:
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
            for r in _rows_for(own, key, rec if row.type == "seriesMaster" else None,
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
            copy.recurrence = dumps(rec)
            if moved or data.get("recurrence") is not None:
                own = {c.name: getattr(copy, c.name) for c in m.Event.__table__.columns}
                for r in series_occurrences(own, copy.id, rec, start, end):
                    ctx.session.add(m.Event(**r))
    ctx.session.flush()
    fresh = ctx.session.get(m.Event, row.id)
    staying = [a for a in people if a["type"] != "resource"]
    if staying:
        _invite(ctx, fresh, staying, "meetingRequest", fresh.subject, fresh.body)
    if removed:
        _invite(ctx, fresh, removed, "meetingCancelled", f"Canceled: {fresh.subject}",
                fresh.body)


def series_occurrences(own: dict[str, Any], master: str, rec: dict[str, Any] | None,
                       start: datetime, end: datetime) -> list[dict[str, Any]]:
    if rec is None:
        return []
    return [{**own, "id": graph_id("event", f"{master}:{at.isoformat()}"),
             "type": "occurrence", "series_master_id": master, "original_start": at,
             "start": at, "end": until, "recurrence": None}
            for at, until in occurrences(rec, start, end)]


# delete and cancel -------------------------------------------------------------------------
def delete_event(ctx: Ctx, *, user: str | None, event_id: str) -> None:
    who = owner(ctx, user)
    row = _own_event(ctx, who, event_id)
    if row.is_organizer:
        _cancel(ctx, row, None)
    else:
        for r in _with_occurrences(ctx, [row]):
            ctx.session.delete(r)
    ctx.commit()


def cancel_event(ctx: Ctx, *, user: str | None, event_id: str, comment: str | None) -> None:
    who = owner(ctx, user)
    row = _own_event(ctx, who, event_id)
    if not row.is_organizer:
        raise graph_err(400, "ErrorAccessDenied", "Your request can't be completed. You need "
                        "to be an organizer to cancel a meeting.")
    _cancel(ctx, row, comment)
    ctx.commit()


def _cancel(ctx: Ctx, row: Any, comment: str | None) -> None:
    """The organiser's copy goes; every attendee's copy is marked cancelled; attendees who
    had not declined hear of it."""
    copies = _copies(ctx, row)
    people = [a for a in attendee_list(ctx, row) if a["type"] != "resource"]
    for copy in _with_occurrences(ctx, copies):
        if copy.is_organizer:
            ctx.session.delete(copy)
        else:
            copy.is_cancelled, copy.updated_at = True, ctx.now
    ctx.session.flush()
    told = [a for a in people if a["response"] != "declined"]
    if told and not row.is_cancelled:
        _invite(ctx, row, told, "meetingCancelled", f"Canceled: {row.subject}",
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
            for r in _with_occurrences(ctx, [row]):
                ctx.session.delete(r)
    ctx.session.flush()


# responses -------------------------------------------------------------------------------
def respond(ctx: Ctx, *, user: str | None, event_id: str, action: str, body: ResponseIn
            ) -> None:
    who = owner(ctx, user)
    row = _own_event(ctx, who, event_id)
    response, message_kind, prefix = RESPONSES[action]
    if row.is_organizer:
        raise graph_err(400, "ErrorInvalidRequest", "Your request can't be completed. You "
                        "can't respond to a meeting you organized.")
    if row.is_cancelled:
        raise graph_err(400, "ErrorInvalidRequest", "Your request can't be completed. The "
                        "meeting was cancelled.")
    proposed = None
    if body.proposedNewTime is not None:
        if action == "accept":
            raise invalid("proposedNewTime goes with tentativelyAccept or decline, not "
                          "accept.", "proposedNewTime")
        if not row.allow_new_time_proposals:
            raise graph_err(400, "ErrorInvalidRequest", "The organizer does not allow new "
                            "time proposals for this meeting.", field="proposedNewTime")
        lo = parse_dtz(body.proposedNewTime.start.model_dump(), "proposedNewTime.start")
        hi = parse_dtz(body.proposedNewTime.end.model_dump(), "proposedNewTime.end")
        _check_span(lo, hi, False)
        proposed = {"start": lo.isoformat(), "end": hi.isoformat()}
    mine = _with_occurrences(ctx, [row])
    for r in mine:
        r.response, r.response_time, r.updated_at = response, ctx.now, ctx.now
        r.show_as = {"accepted": "busy", "tentativelyAccepted": "tentative",
                     "declined": "free"}[response]
    organiser = [c for c in _with_occurrences(ctx, _copies(ctx, row)) if c.is_organizer]
    for r in organiser:
        _set_status(r, who.email, response, ctx.now, proposed)
    ctx.session.flush()
    if body.sendResponse is not False:
        _invite(ctx, row, [{"name": row.organizer_name, "address": row.organizer_address}],
                message_kind, f"{prefix}: {row.subject}", body.comment or "",
                sender=(who.display_name, who.email))
    ctx.commit()


def _set_status(row: Any, address: str, response: str, now: datetime,
                proposed: dict[str, str] | None = None) -> None:
    people = loads(row.attendees) or []
    for a in people:
        if a["address"] == address:
            a["response"], a["time"] = response, v.fmt_offset(now)
            a.pop("proposed", None)
            if proposed is not None:
                a["proposed"] = proposed
    row.attendees, row.updated_at = dumps(people), now


def forward_event(ctx: Ctx, *, user: str | None, event_id: str, body: ForwardIn) -> None:
    """Send the invitation on to more people; the organiser's forward adds them as
    attendees (each internal one gets a copy), an attendee's only tells the organiser's
    copy nothing (Graph notifies the organiser; here the recipients are invited)."""
    who = owner(ctx, user)
    row = _own_event(ctx, who, event_id)
    fake = EventIn.model_validate({"attendees": [
        {"emailAddress": r.emailAddress.model_dump(), "type": "required"}
        for r in body.ToRecipients]})
    extra = _norm_attendees(ctx, fake, who)
    listed = {a["address"] for a in attendee_list(ctx, row)}
    new = [a for a in extra if a["address"] not in listed
           and a["address"] != row.organizer_address]
    internal = users_by_email(ctx, [a["address"] for a in new])
    copies = _copies(ctx, row)
    for copy in _with_occurrences(ctx, copies):
        if copy.attendees is not None:
            copy.attendees = dumps((loads(copy.attendees) or []) + new)
    template = {c.name: getattr(row, c.name) for c in m.Event.__table__.columns}
    held = {c.owner_id for c in copies}
    rec = loads(row.recurrence)
    for a in new:
        u = internal.get(a["address"])
        if u is None or u.person_id in held:
            continue
        own = {**template, "attendees": None,
               "owner_id": u.person_id, "calendar_id": calendar_id(u.person_id),
               "is_organizer": False, "response": "notResponded", "show_as": "tentative",
               "categories": "[]", "response_time": None, "created_at": ctx.now,
               "updated_at": ctx.now}
        key = f"fwd:{ctx.new_uuid('event')}:{u.person_id}"
        for r in _rows_for(own, key, rec if row.type == "seriesMaster" else None,
                           row.start, row.end):
            ctx.session.add(m.Event(**r))
    ctx.session.flush()
    text = body.Comment or row.body
    _invite(ctx, row, extra, "meetingRequest", row.subject, text,
            sender=(who.display_name, who.email))
    ctx.commit()


# attendee lists ------------------------------------------------------------------------------
def _organiser_lists(ctx: Ctx, rows: list[Any]) -> dict[tuple[str, Any], list[dict[str, Any]]]:
    """The organisers' attendee lists for the attendee copies among `rows`, by (iCalUId,
    originalStart); a series' occurrences fall back to its master's."""
    wanted = sorted({r.ical_uid for r in rows if r.attendees is None})
    out: dict[tuple[str, Any], list[dict[str, Any]]] = {}
    for i in range(0, len(wanted), 500):
        part = wanted[i:i + 500]
        found = ctx.session.exec(select(m.Event.ical_uid, m.Event.original_start,
                                        m.Event.attendees)
                                 .where(col(m.Event.ical_uid).in_(part),
                                        m.Event.is_organizer == True)).all()  # noqa: E712
        for ical, original, listed in found:
            out[(ical, original)] = loads(listed) or []
    return out


def attendee_list(ctx: Ctx, row: Any) -> list[dict[str, Any]]:
    """A copy's attendees: its own list, else the organiser's (empty once the organiser's
    copy is gone)."""
    if row.attendees is not None:
        return list(loads(row.attendees) or [])
    lists = _organiser_lists(ctx, [row])
    return lists.get((row.ical_uid, row.original_start), lists.get((row.ical_uid, None), []))


def render(ctx: Ctx, rows: list[Any], tz: str | None) -> list[dict[str, Any]]:
    """Rows as Graph events, each attendee copy with the organiser's attendee list."""
    lists = _organiser_lists(ctx, rows)
    rooms = {r.email: r for r in ctx.snapshots(m.Room)} if any(
        r.location_email for r in rows) else {}
    return [v.event(r, tz, None if r.attendees is not None else
                    lists.get((r.ical_uid, r.original_start), lists.get((r.ical_uid, None))),
                    rooms)
            for r in rows]
