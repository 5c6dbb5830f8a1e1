"""An attendee's responses (accept, tentativelyAccept, decline, with a proposed new time)
and forwarding an invitation to more people."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import graph_err, owner, parse_dtz, users_by_email
from arcadia.apps.calendar.meetings import (
    attendee_list,
    check_span,
    copies_of,
    invite,
    norm_attendees,
    own_event,
    rows_for,
    with_occurrences,
)
from arcadia.apps.calendar.schemas import EventIn, ForwardIn, ResponseIn
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx, invalid, json_text, json_value

RESPONSES = {"accept": ("accepted", "meetingAccepted", "Accepted"),
             "tentativelyAccept": ("tentativelyAccepted", "meetingTenativelyAccepted",
                                   "Tentative"),
             "decline": ("declined", "meetingDeclined", "Declined")}


def respond(ctx: Ctx, *, user: str | None, event_id: str, action: str, body: ResponseIn
            ) -> None:
    who = owner(ctx, user)
    row = own_event(ctx, who, event_id)
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
        check_span(lo, hi, False)
        proposed = {"start": lo.isoformat(), "end": hi.isoformat()}
    mine = with_occurrences(ctx, [row])
    for r in mine:
        r.response, r.response_time, r.updated_at = response, ctx.now, ctx.now
        r.show_as = {"accepted": "busy", "tentativelyAccepted": "tentative",
                     "declined": "free"}[response]
    organiser = [c for c in with_occurrences(ctx, copies_of(ctx, row)) if c.is_organizer]
    for r in organiser:
        _set_status(r, who.email, response, ctx.now, proposed)
    ctx.session.flush()
    if body.sendResponse is not False:
        invite(ctx, row, [{"name": row.organizer_name, "address": row.organizer_address}],
               message_kind, f"{prefix}: {row.subject}", body.comment or "",
               sender=(who.display_name, who.email))
    ctx.commit()


def _set_status(row: Any, address: str, response: str, now: datetime,
                proposed: dict[str, str] | None = None) -> None:
    people = json_value(row.attendees) or []
    for a in people:
        if a["address"] == address:
            a["response"], a["time"] = response, v.fmt_offset(now)
            a.pop("proposed", None)
            if proposed is not None:
                a["proposed"] = proposed
    row.attendees, row.updated_at = json_text(people), now


def forward_event(ctx: Ctx, *, user: str | None, event_id: str, body: ForwardIn) -> None:
    """Send the invitation on to more people; the organiser's forward adds them as
    attendees (each internal one gets a copy), an attendee's only tells the organiser's
    copy nothing (Graph notifies the organiser; here the recipients are invited)."""
    who = owner(ctx, user)
    row = own_event(ctx, who, event_id)
    fake = EventIn.model_validate({"attendees": [
        {"emailAddress": r.emailAddress.model_dump(), "type": "required"}
        for r in body.ToRecipients]})
    extra = norm_attendees(ctx, fake, who)
    listed = {a["address"] for a in attendee_list(ctx, row)}
    new = [a for a in extra if a["address"] not in listed
           and a["address"] != row.organizer_address]
    internal = users_by_email(ctx, [a["address"] for a in new])
    copies = copies_of(ctx, row)
    for copy in with_occurrences(ctx, copies):
        if copy.attendees is not None:
            copy.attendees = json_text((json_value(copy.attendees) or []) + new)
    template = {c.name: getattr(row, c.name) for c in m.Event.__table__.columns}
    held = {c.owner_id for c in copies}
    rec = json_value(row.recurrence)
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
        for r in rows_for(own, key, rec if row.type == "seriesMaster" else None,
                          row.start, row.end):
            ctx.session.add(m.Event(**r))
    ctx.session.flush()
    text = body.Comment or row.body
    invite(ctx, row, extra, "meetingRequest", row.subject, text,
           sender=(who.display_name, who.email))
    ctx.commit()
