"""What the calendar's rules share: Graph ids, Graph's date-time shapes and time zones,
who a path's user is and whether the caller may act there, and recurrence expansion."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator, Mapping
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from arcadia.apps.calendar import models as m
from arcadia.apps.kernel import ApiError, Ctx, Principal, forbidden, invalid, not_found
from arcadia.apps.kernel.odata import exchange_id

APP = "calendar"
# A series' occurrences are materialised from its start through its end, at most this many
# days (a series with no end, or a later one, has occurrences this far only).
HORIZON_DAYS = 366
MAX_OCCURRENCES = 400
_PLACE_NS = uuid.UUID("0c3d3b6e-5d2a-4f8e-9a41-2f5c8e7d1a10")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# Graph accepts Windows time zone names as well as IANA ones; the common ones, mapped.
WINDOWS_ZONES = {
    "utc": "UTC", "coordinated universal time": "UTC", "gmt standard time": "Europe/London",
    "greenwich standard time": "Atlantic/Reykjavik",
    "pacific standard time": "America/Los_Angeles",
    "mountain standard time": "America/Denver", "us mountain standard time": "America/Phoenix",
    "central standard time": "America/Chicago", "eastern standard time": "America/New_York",
    "atlantic standard time": "America/Halifax", "alaskan standard time": "America/Anchorage",
    "hawaiian standard time": "Pacific/Honolulu", "w. europe standard time": "Europe/Berlin",
    "romance standard time": "Europe/Paris", "central europe standard time": "Europe/Budapest",
    "central european standard time": "Europe/Warsaw", "e. europe standard time":
    "Europe/Chisinau", "gtb standard time": "Europe/Bucharest",
    "fle standard time": "Europe/Kiev", "india standard time": "Asia/Kolkata",
    "china standard time": "Asia/Shanghai", "singapore standard time": "Asia/Singapore",
    "tokyo standard time": "Asia/Tokyo", "korea standard time": "Asia/Seoul",
    "aus eastern standard time": "Australia/Sydney",
    "new zealand standard time": "Pacific/Auckland",
    "e. south america standard time": "America/Sao_Paulo",
    "israel standard time": "Asia/Jerusalem", "arabian standard time": "Asia/Dubai",
}


def graph_err(status: int, code: str, message: str, *, field: str | None = None
              ) -> ApiError:
    """An error in Graph's words: `code` is the Graph code the body names."""
    kernel = {400: "invalid", 403: "forbidden", 404: "not_found",
              409: "conflict"}.get(status, "invalid")
    return ApiError(status, message, code=kernel, field=field, meta={"graph_code": code})


# ids -------------------------------------------------------------------------------------
def graph_id(kind: str, key: str) -> str:
    """An opaque, deterministic Graph id (Exchange ids start `AAMkA`): 30 bytes after it."""
    return exchange_id(APP, kind, key, prefix="AAMkA", size=30)


def ical_uid(key: str) -> str:
    """The iCalendar UID every copy of one meeting shares (Exchange's hex form)."""
    return "040000008200E00074C5B7101A82E00800000000" + hashlib.sha256(
        f"{APP}:ical:{key}".encode()).hexdigest().upper()[:48]


def place_id(key: str) -> str:
    return str(uuid.uuid5(_PLACE_NS, key))


# times -----------------------------------------------------------------------------------
def zone(name: str, field: str) -> ZoneInfo:
    """A time zone by IANA or (common) Windows name; `invalid` when unknown."""
    iana = WINDOWS_ZONES.get(name.strip().lower(), name.strip())
    try:
        if not iana or len(iana) > 64 or ".." in iana or iana.startswith("/"):
            raise ValueError(iana)
        return ZoneInfo(iana)
    except (ZoneInfoNotFoundError, ValueError):
        raise graph_err(400, "ErrorInvalidTimeZone", f"{field}: the time zone {name!r} is "
                        "not supported; send an IANA name (Europe/Berlin) or a Windows one "
                        "(Pacific Standard Time).", field=field) from None


def fmt(value: datetime) -> str:
    """Graph's dateTime text: seven fractional digits, no offset."""
    return value.strftime("%Y-%m-%dT%H:%M:%S") + ".0000000"


def fmt_offset(value: datetime) -> str:
    """A DateTimeOffset in UTC (createdDateTime, responseStatus.time)."""
    return value.strftime("%Y-%m-%dT%H:%M:%S") + "Z"


def dtz(value: datetime, tz: str | None) -> dict[str, str]:
    """A naive-UTC time as Graph's dateTimeTimeZone, in `tz` when the client asked."""
    if tz is None or tz == "UTC":
        return {"dateTime": fmt(value), "timeZone": "UTC"}
    local = value.replace(tzinfo=ZoneInfo("UTC")).astimezone(zone(tz, "Prefer"))
    return {"dateTime": fmt(local.replace(tzinfo=None)), "timeZone": tz}


def parse_local(text: str, field: str) -> datetime:
    """`2026-03-02T09:00:00(.0000000)` (or with an offset, which is honoured) -> naive."""
    raw = text.strip()
    head, dot, frac = raw.partition(".")
    if dot:
        digits = "".join(c for c in frac if c.isascii() and c.isdigit())
        rest = frac[len(digits):]
        raw = f"{head}.{digits[:6]}{rest}" if digits else head + rest
    try:
        if len(raw) > 40:
            raise ValueError(raw)
        value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise graph_err(400, "ErrorInvalidRequest", f"{field}: {text!r} is not an ISO 8601 "
                        "date-time (e.g. 2026-03-02T09:00:00).", field=field) from None
    if value.tzinfo is not None:
        value = value.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    if not 1900 <= value.year <= 2200:
        raise graph_err(400, "ErrorInvalidRequest", f"{field}: {text!r} is out of range "
                        "(years 1900-2200).", field=field)
    return value


def zone_of(obj: Mapping[str, Any]) -> str:
    """The zone a dateTimeTimeZone was given in, as given (Graph keeps it on the event as
    originalStartTimeZone/originalEndTimeZone); UTC when absent. `parse_dtz` checks it."""
    return str(obj.get("timeZone") or "UTC").strip() or "UTC"


def parse_dtz(obj: Mapping[str, Any], field: str) -> datetime:
    """Graph's dateTimeTimeZone -> naive UTC."""
    text, tz = obj.get("dateTime"), obj.get("timeZone") or "UTC"
    if not isinstance(text, str):
        raise graph_err(400, "ErrorInvalidRequest", f"{field}.dateTime is required.",
                        field=field)
    value = parse_local(text, f"{field}.dateTime")
    zone_ = zone(str(tz), f"{field}.timeZone")
    if str(zone_) == "UTC":
        return value
    return value.replace(tzinfo=zone_).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)


def prefer_tz(prefer: str | None) -> str | None:
    """The zone of `Prefer: outlook.timezone="..."`, validated; None for UTC."""
    if not prefer:
        return None
    for part in prefer.split(","):
        name, _, value = part.strip().partition("=")
        if name.strip().lower() == "outlook.timezone":
            tz = value.strip().strip('"')
            zone(tz, "Prefer")
            return tz
    return None


def window(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """calendarView's (and instances') required window, as Graph checks it."""
    if not start or not end:
        raise graph_err(400, "ErrorInvalidParameter", "This request requires a time window "
                        "specified by the query string parameters StartDateTime and "
                        "EndDateTime.", field="startDateTime" if not start else "endDateTime")
    lo, hi = parse_local(start, "startDateTime"), parse_local(end, "endDateTime")
    if hi < lo:
        raise graph_err(400, "ErrorInvalidParameter", "endDateTime must not be before "
                        "startDateTime.", field="endDateTime")
    if hi - lo > timedelta(days=1830):
        raise graph_err(400, "ErrorInvalidParameter", "The time window may span at most "
                        "five years (1,830 days).", field="endDateTime")
    return lo, hi


# people ----------------------------------------------------------------------------------
def find_user(ctx: Ctx, ident: str) -> Any | None:
    """A user by Graph id or userPrincipalName (e-mail, case-insensitive), or None."""
    key = ident.strip()
    rows = ctx.rows("SELECT person_id FROM users WHERE graph_id = ? OR email = ?",
                    (key, key.lower()))
    return ctx.snapshot(m.User, rows[0][0]) if rows else None


def _no_user(principal: Principal) -> ApiError:
    return graph_err(404, "ErrorInvalidUser", f"The requested user '{principal.email}' is "
                     "invalid.")


def owner(ctx: Ctx, user: str | None) -> Any:
    """The user a path names (`/me` when None) whose calendar the caller acts on: only
    their own (delegated access); another person's calendar is 403."""
    if user is None:
        return ctx.me(m.User, _no_user, snapshot=True)
    found = find_user(ctx, user)
    if found is None:
        raise graph_err(404, "ErrorInvalidUser", f"The requested user '{user}' is invalid.")
    if found.person_id != ctx.principal.id:
        raise forbidden("Access is denied. Check credentials and try again.")
    return found


def users_by_email(ctx: Ctx, emails: list[str]) -> dict[str, Any]:
    wanted = sorted({e.lower() for e in emails})
    out: dict[str, Any] = {}
    for i in range(0, len(wanted), 500):
        part = wanted[i:i + 500]
        marks = ",".join("?" * len(part))
        for (pid,) in ctx.rows(f"SELECT person_id FROM users WHERE email IN ({marks})", part):
            u = ctx.snapshot(m.User, pid)
            out[u.email] = u
    return out


def no_item() -> ApiError:
    return not_found("The specified object was not found in the store.")


# recurrence ------------------------------------------------------------------------------
def normalise_recurrence(raw: Mapping[str, Any], start: datetime, default_zone: str = "UTC"
                         ) -> dict[str, Any]:
    """Graph's patternedRecurrence, checked; daily and weekly patterns are served."""
    pattern, rng = raw.get("pattern"), raw.get("range")
    if not isinstance(pattern, Mapping) or not isinstance(rng, Mapping):
        raise invalid("recurrence needs a pattern and a range.", "recurrence")
    kind = pattern.get("type")
    if kind not in ("daily", "weekly"):
        raise graph_err(400, "ErrorInvalidRequest", f"recurrence.pattern.type {kind!r} is "
                        "not supported here; send daily or weekly.", field="recurrence")
    interval = pattern.get("interval", 1)
    if not isinstance(interval, int) or isinstance(interval, bool) or not 1 <= interval <= 99:
        raise invalid("recurrence.pattern.interval must be an integer from 1 to 99.",
                      "recurrence.pattern.interval")
    days = pattern.get("daysOfWeek") or []
    if not isinstance(days, list) or any(d not in WEEKDAYS for d in days):
        raise invalid("recurrence.pattern.daysOfWeek lists day names (monday...sunday).",
                      "recurrence.pattern.daysOfWeek")
    if kind == "weekly" and not days:
        raise invalid("A weekly recurrence needs recurrence.pattern.daysOfWeek.",
                      "recurrence.pattern.daysOfWeek")
    first = pattern.get("firstDayOfWeek") or "sunday"
    if first not in WEEKDAYS:
        raise invalid("recurrence.pattern.firstDayOfWeek is a day name.",
                      "recurrence.pattern.firstDayOfWeek")
    rtype = rng.get("type", "endDate")
    if rtype not in ("endDate", "noEnd", "numbered"):
        raise invalid("recurrence.range.type is endDate, noEnd or numbered.",
                      "recurrence.range.type")
    begin = _date(rng.get("startDate"), "recurrence.range.startDate") \
        if rng.get("startDate") else start.date()
    end = _date(rng.get("endDate"), "recurrence.range.endDate") if rtype == "endDate" \
        else None
    if rtype == "endDate" and (end is None or end < begin):
        raise invalid("recurrence.range.endDate must be on or after its startDate.",
                      "recurrence.range.endDate")
    count = rng.get("numberOfOccurrences", 0)
    if rtype == "numbered" and (not isinstance(count, int) or isinstance(count, bool)
                                or not 1 <= count <= MAX_OCCURRENCES):
        raise invalid(f"recurrence.range.numberOfOccurrences must be 1 to {MAX_OCCURRENCES}.",
                      "recurrence.range.numberOfOccurrences")
    zone_name = str(rng.get("recurrenceTimeZone") or default_zone)
    zone(zone_name, "recurrence.range.recurrenceTimeZone")  # known, or a 400
    return {
        "pattern": {"type": kind, "interval": interval, "month": 0, "dayOfMonth": 0,
                    "daysOfWeek": [d for d in WEEKDAYS if d in days] if kind == "weekly"
                    else [], "firstDayOfWeek": first, "index": "first"},
        "range": {"type": rtype, "startDate": begin.isoformat(),
                  "endDate": end.isoformat() if end else "0001-01-01",
                  "recurrenceTimeZone": zone_name,
                  "numberOfOccurrences": count if rtype == "numbered" else 0}}


def _date(value: Any, field: str) -> date:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise invalid(f"{field} is a date (YYYY-MM-DD).", field) from None


def occurrences(rec: Mapping[str, Any], start: datetime, end: datetime
                ) -> Iterator[tuple[datetime, datetime]]:
    """Each occurrence (start, end) of a series whose first instance is `start`-`end`:
    the pattern's days from the range's start, through its end (or count), at most
    `HORIZON_DAYS` days and `MAX_OCCURRENCES` occurrences. Days, dates and the time of day
    are those of the range's `recurrenceTimeZone`, as in Graph: a 10:00 New York series
    stays at 10:00 local across a daylight-saving change (its UTC time moves)."""
    pattern, rng = rec["pattern"], rec["range"]
    begin = date.fromisoformat(rng["startDate"])
    last = begin + timedelta(days=HORIZON_DAYS - 1)
    if rng["type"] == "endDate":
        last = min(last, date.fromisoformat(rng["endDate"]))
    limit = rng["numberOfOccurrences"] if rng["type"] == "numbered" else MAX_OCCURRENCES
    local = zone(rng.get("recurrenceTimeZone") or "UTC", "recurrence.range.recurrenceTimeZone")
    utc = ZoneInfo("UTC")
    length = end - start
    clock = start.replace(tzinfo=utc).astimezone(local).time()
    interval, made, day = pattern["interval"], 0, begin
    if pattern["type"] == "weekly":
        first = WEEKDAYS.index(pattern["firstDayOfWeek"])
        week0 = begin - timedelta(days=(begin.weekday() - first) % 7)
        wanted = {WEEKDAYS.index(d) for d in pattern["daysOfWeek"]}
    while day <= last and made < limit:
        if pattern["type"] == "daily":
            hit = (day - begin).days % interval == 0
        else:
            hit = day.weekday() in wanted and ((day - week0).days // 7) % interval == 0
        if hit:
            at = datetime.combine(day, clock, tzinfo=local).astimezone(utc).replace(tzinfo=None)
            yield at, at + length
            made += 1
        day += timedelta(days=1)
