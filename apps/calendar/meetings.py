"""What every event rule shares about a meeting's copies.

A meeting is one row per holder (organiser and each internal attendee), tied by iCalUId.
Creating one puts a copy with a pending response on each attendee's calendar and sends each
an invitation through the mail app (`ctx.emit("mail", "deliver", ...)`); responses go to the
organiser, cancellations to the attendees. Here: finding a holder's copy and every copy,
attendee lists, rooms, the rows of a new copy (a single event or a series), and the mail.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from sqlmodel import col, select

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar.common import graph_err, graph_id, no_item
from arcadia.apps.calendar.schemas import EventIn
from arcadia.apps.kernel import Ctx, json_value


def own_event(ctx: Ctx, who: Any, event_id: str) -> Any:
    row = ctx.session.get(m.Event, event_id)
    if row is None or row.owner_id != who.person_id:
        raise no_item()
    return row


def norm_attendees(ctx: Ctx, body: EventIn, organizer: Any) -> list[dict[str, Any]]:
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


def rooms_by_address(ctx: Ctx, addresses: list[str]) -> dict[str, Any]:
    out = {}
    for address in addresses:
        rows = ctx.rows("SELECT id FROM rooms WHERE email = ?", (address,))
        if rows:
            out[address] = ctx.snapshot(m.Room, rows[0][0])
    return out


def check_span(start: datetime, end: datetime, all_day: bool) -> None:
    if end < start:
        raise graph_err(400, "ErrorPropertyValidationFailure", "At least one property failed "
                        "validation: the event's end is before its start.", field="end")
    if end - start > timedelta(days=1825):
        raise graph_err(400, "ErrorPropertyValidationFailure", "An event may last at most "
                        "five years.", field="end")
    if all_day and (start.time() != time(0) or end.time() != time(0) or end == start):
        raise graph_err(400, "ErrorPropertyValidationFailure", "An all-day event starts and "
                        "ends at midnight, at least a day apart.", field="isAllDay")


def rows_for(own: dict[str, Any], key: str, rec: dict[str, Any] | None, start: datetime,
             end: datetime) -> list[dict[str, Any]]:
    from arcadia.apps.calendar.seed import series_rows  # one place builds series rows

    if rec is None:
        return [{**own, "id": graph_id("event", key), "type": "singleInstance",
                 "series_master_id": None, "original_start": None, "start": start,
                 "end": end, "recurrence": None}]
    return series_rows(own, key, rec, start, end)


# mail ------------------------------------------------------------------------------------
def mail_reachable(ctx: Ctx) -> bool:
    """Whether a mail app hosts this episode's mailboxes (else nobody gets mail)."""
    spec = ctx.store.apps.get("mail")
    return "deliver" in spec.handlers if spec is not None else "mail" in ctx.store.peers


def invite(ctx: Ctx, row: Any, people: list[dict[str, Any]], kind: str, subject: str,
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
def copies_of(ctx: Ctx, row: Any) -> list[Any]:
    """Every holder's copy of the same item (the same occurrence, for an occurrence)."""
    stmt = select(m.Event).where(m.Event.ical_uid == row.ical_uid)
    if row.type in ("occurrence", "exception"):
        stmt = stmt.where(m.Event.original_start == row.original_start,
                          col(m.Event.type).in_(("occurrence", "exception")))
    else:
        stmt = stmt.where(m.Event.type == row.type)
    return list(ctx.session.exec(stmt.order_by(m.Event.owner_id, m.Event.id)).all())


def with_occurrences(ctx: Ctx, rows: list[Any]) -> list[Any]:
    """`rows` and, for series masters, every occurrence and exception of theirs."""
    masters = [r.id for r in rows if r.type == "seriesMaster"]
    if not masters:
        return rows
    more = ctx.session.exec(select(m.Event).where(col(m.Event.series_master_id).in_(masters))
                            .order_by(m.Event.id)).all()
    return [*rows, *more]


# attendee lists ------------------------------------------------------------------------------
def organiser_lists(ctx: Ctx, rows: list[Any]) -> dict[tuple[str, Any], list[dict[str, Any]]]:
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
            out[(ical, original)] = json_value(listed) or []
    return out


def attendee_list(ctx: Ctx, row: Any) -> list[dict[str, Any]]:
    """A copy's attendees: its own list, else the organiser's (empty once the organiser's
    copy is gone)."""
    if row.attendees is not None:
        return list(json_value(row.attendees) or [])
    lists = organiser_lists(ctx, [row])
    return lists.get((row.ical_uid, row.original_start), lists.get((row.ical_uid, None), []))
