"""Calendars: a person's default calendar, their list, and new calendars."""

from __future__ import annotations

from typing import Any

from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import graph_err, graph_id, no_item, owner
from arcadia.apps.calendar.schemas import CalendarIn
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx

COLORS = ("auto", "lightBlue", "lightGreen", "lightOrange", "lightGray", "lightYellow",
          "lightTeal", "lightPink", "lightBrown", "lightRed", "maxColor")


def list_calendars(ctx: Ctx, *, user: str | None) -> list[dict[str, Any]]:
    who = owner(ctx, user)
    ids = ctx.rows("SELECT id FROM calendars WHERE owner_id = ? ORDER BY is_default DESC, "
                   "name, id", (who.person_id,))
    return [v.calendar(ctx.snapshot(m.Calendar, i), who) for (i,) in ids]


def get_calendar(ctx: Ctx, *, user: str | None, calendar: str | None) -> dict[str, Any]:
    who = owner(ctx, user)
    row = ctx.snapshot(m.Calendar, calendar or calendar_id(who.person_id))
    if row is None or row.owner_id != who.person_id:
        raise no_item()
    return v.calendar(row, who)


def create_calendar(ctx: Ctx, *, user: str | None, body: CalendarIn) -> dict[str, Any]:
    who = owner(ctx, user)
    name = body.name.strip()
    taken = ctx.rows("SELECT 1 FROM calendars WHERE owner_id = ? AND lower(name) = ?",
                     (who.person_id, name.lower()))
    if not name or taken:
        raise graph_err(409 if taken else 400, "ErrorFolderExists" if taken else
                        "ErrorInvalidRequest", f"A calendar named {name!r} already exists."
                        if taken else "name must not be blank.", field="name")
    color = body.color or "auto"
    if color not in COLORS:
        raise graph_err(400, "ErrorInvalidRequest", f"color is one of {', '.join(COLORS)}.",
                        field="color")
    row = m.Calendar(id=graph_id("calendar", ctx.new_uuid("calendar")),
                     owner_id=who.person_id, name=name, color=color,
                     hex_color=body.hexColor or "", is_default=False)
    ctx.session.add(row)
    ctx.commit()
    return v.calendar(row, who)
