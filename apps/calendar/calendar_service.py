"""Calendars: a person's default calendar, their list, and new calendars."""

from __future__ import annotations

import re
from typing import Any

from arcadia.apps.calendar import event_service as es
from arcadia.apps.calendar import models as m
from arcadia.apps.calendar import views as v
from arcadia.apps.calendar.common import graph_err, graph_id, no_item, owner
from arcadia.apps.calendar.schemas import CalendarIn, CalendarUpdate
from arcadia.apps.calendar.seed import calendar_id
from arcadia.apps.kernel import Ctx

HEX = re.compile(r"^(#[0-9A-Fa-f]{6})?$")
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


def _check_name(ctx: Ctx, owner_id: int, name: str, other_than: str = "") -> None:
    taken = ctx.rows("SELECT 1 FROM calendars WHERE owner_id = ? AND lower(name) = ? "
                     "AND id != ?", (owner_id, name.lower(), other_than))
    if not name or taken:
        raise graph_err(409 if taken else 400, "ErrorFolderExists" if taken else
                        "ErrorInvalidRequest", f"A calendar named {name!r} already exists."
                        if taken else "name must not be blank.", field="name")


def _check_color(color: str) -> None:
    if color not in COLORS:
        raise graph_err(400, "ErrorInvalidRequest", f"color is one of {', '.join(COLORS)}.",
                        field="color")


def _own_calendar(ctx: Ctx, who: Any, calendar: str) -> m.Calendar:
    row = ctx.session.get(m.Calendar, calendar)
    if row is None or row.owner_id != who.person_id:
        raise no_item()
    return row


def update_calendar(ctx: Ctx, *, user: str | None, calendar: str | None,
                    body: CalendarUpdate) -> dict[str, Any]:
    """Rename or recolour a calendar (None: the default one)."""
    who = owner(ctx, user)
    row = _own_calendar(ctx, who, calendar or calendar_id(who.person_id))
    if body.name is not None:
        _check_name(ctx, who.person_id, body.name.strip(), row.id)
    if body.color is not None:
        _check_color(body.color)
    if body.hexColor is not None and not HEX.match(body.hexColor):
        raise graph_err(400, "ErrorInvalidRequest", "hexColor is #rrggbb or empty.",
                        field="hexColor")
    if body.name is not None:
        row.name = body.name.strip()
    if body.color is not None:
        row.color = body.color
    if body.hexColor is not None:
        row.hex_color = body.hexColor
    ctx.commit()
    return v.calendar(row, who)


def delete_calendar(ctx: Ctx, *, user: str | None, calendar: str) -> None:
    who = owner(ctx, user)
    row = _own_calendar(ctx, who, calendar)
    if row.is_default:
        raise graph_err(400, "ErrorInvalidRequest", "The default calendar cannot be "
                        "deleted.")
    es.drop_calendar_events(ctx, who, row.id)
    ctx.session.delete(row)
    ctx.commit()


def create_calendar(ctx: Ctx, *, user: str | None, body: CalendarIn) -> dict[str, Any]:
    who = owner(ctx, user)
    name = body.name.strip()
    _check_name(ctx, who.person_id, name)
    color = body.color or "auto"
    _check_color(color)
    if body.hexColor and not HEX.match(body.hexColor):
        raise graph_err(400, "ErrorInvalidRequest", "hexColor is #rrggbb or empty.",
                        field="hexColor")
    row = m.Calendar(id=graph_id("calendar", ctx.new_uuid("calendar")),
                     owner_id=who.person_id, name=name, color=color,
                     hex_color=body.hexColor or "", is_default=False)
    ctx.session.add(row)
    ctx.commit()
    return v.calendar(row, who)
