"""Rows -> Graph's wire shapes (events, calendars, places)."""

from __future__ import annotations

import base64
import hashlib
from datetime import datetime
from typing import Any

from arcadia.apps.calendar.common import dtz, fmt_offset
from arcadia.apps.kernel import json_value

NEVER = "0001-01-01T00:00:00Z"


def change_key(row: Any) -> str:
    raw = "|".join(str(getattr(row, k)) for k in (
        "id", "updated_at", "response", "response_time", "attendees", "start", "end",
        "subject", "is_cancelled", "categories", "show_as"))
    return base64.b64encode(hashlib.sha256(raw.encode()).digest()[:16]).decode()


def _address(name: str | None, address: str) -> dict[str, Any]:
    return {"name": name or address, "address": address}


def location(row: Any, rooms: dict[str, Any] | None = None) -> dict[str, Any]:
    """Graph's location: a room's with its address; coordinates are unknown ({})."""
    room = (rooms or {}).get(row.location_email or "")
    address = {"street": "", "city": room.city, "state": room.state,
               "countryOrRegion": room.country, "postalCode": ""} if room else {}
    if row.location_email:
        return {"displayName": row.location, "locationType": "conferenceRoom",
                "locationUri": row.location_email, "locationEmailAddress": row.location_email,
                "uniqueId": row.location_email, "uniqueIdType": "directory",
                "address": address, "coordinates": {}}
    if row.location:
        return {"displayName": row.location, "locationType": "default",
                "uniqueId": row.location, "uniqueIdType": "private", "address": {},
                "coordinates": {}}
    return {"displayName": "", "locationType": "default", "uniqueIdType": "unknown",
            "address": {}, "coordinates": {}}


def attendees(row: Any, shared: list[dict[str, Any]] | None, tz: str | None = None
              ) -> list[dict[str, Any]]:
    """The copy's own list (the organiser's tally, with any new time an attendee proposed),
    or the organiser's list as an attendee's copy shows it: every status none."""
    if row.attendees is not None:
        out = []
        for a in json_value(row.attendees) or []:
            item = {"type": a["type"], "status": {"response": a["response"],
                                                  "time": a["time"] or NEVER},
                    "emailAddress": _address(a["name"], a["address"])}
            if a.get("proposed"):
                item["proposedNewTime"] = {
                    "start": dtz(datetime.fromisoformat(a["proposed"]["start"]), tz),
                    "end": dtz(datetime.fromisoformat(a["proposed"]["end"]), tz)}
            out.append(item)
        return out
    return [{"type": a["type"], "status": {"response": "none", "time": NEVER},
             "emailAddress": _address(a["name"], a["address"])} for a in shared or []]


def event(row: Any, tz: str | None, shared: list[dict[str, Any]] | None = None,
          rooms: dict[str, Any] | None = None) -> dict[str, Any]:
    """One person's copy of an event, as Graph's `event` (`shared`: the organiser's
    attendee list, for an attendee's copy)."""
    key = change_key(row)
    loc = location(row, rooms)
    preview = " ".join(row.body.split())[:255]
    return {
        "@odata.etag": f'W/"{key}"', "id": row.id,
        "createdDateTime": fmt_offset(row.created_at),
        "lastModifiedDateTime": fmt_offset(row.updated_at), "changeKey": key,
        "categories": json_value(row.categories) or [], "transactionId": None,
        # The zones it was created in; `tz` (Prefer: outlook.timezone) only shows the times.
        "originalStartTimeZone": row.start_time_zone,
        "originalEndTimeZone": row.end_time_zone,
        "iCalUId": row.ical_uid, "uid": row.ical_uid,
        "reminderMinutesBeforeStart": row.reminder_minutes,
        "isReminderOn": row.is_reminder_on, "hasAttachments": False,
        "subject": row.subject, "bodyPreview": preview, "importance": row.importance,
        "sensitivity": row.sensitivity, "isAllDay": row.is_all_day,
        "isCancelled": row.is_cancelled, "isOrganizer": row.is_organizer,
        "responseRequested": row.response_requested, "seriesMasterId": row.series_master_id,
        "showAs": row.show_as, "type": row.type,
        "webLink": "https://outlook.office365.com/owa/?itemid="
                   f"{row.id}&exvsurl=1&path=/calendar/item",
        "onlineMeetingUrl": None, "isOnlineMeeting": row.is_online,
        "onlineMeetingProvider": "teamsForBusiness" if row.is_online else "unknown",
        "allowNewTimeProposals": row.allow_new_time_proposals,
        "occurrenceId": None, "isDraft": False, "hideAttendees": False,
        **({"originalStart": fmt_offset(row.original_start)}
           if row.original_start is not None else {}),
        "responseStatus": {"response": row.response,
                           "time": fmt_offset(row.response_time) if row.response_time
                           else NEVER},
        "body": {"contentType": row.body_type, "content": row.body},
        "start": dtz(row.start, tz), "end": dtz(row.end, tz),
        "location": loc, "locations": [loc] if loc["displayName"] else [],
        "recurrence": json_value(row.recurrence),
        "attendees": attendees(row, shared, tz),
        "organizer": {"emailAddress": _address(row.organizer_name, row.organizer_address)},
        "onlineMeeting": {"joinUrl": "https://teams.microsoft.com/l/meetup-join/"
                          + row.ical_uid[-24:]} if row.is_online else None,
    }


def calendar(row: Any, user: Any) -> dict[str, Any]:
    key = base64.b64encode(hashlib.sha256(
        f"{row.id}|{row.name}|{row.color}".encode()).digest()[:16]).decode()
    return {
        "id": row.id, "name": row.name, "color": row.color, "hexColor": row.hex_color,
        "groupClassId": "0006f0b7-0000-0000-c000-000000000046", "isDefaultCalendar":
        row.is_default, "changeKey": key, "canShare": True, "canViewPrivateItems": True,
        "canEdit": True, "allowedOnlineMeetingProviders": ["teamsForBusiness"],
        "defaultOnlineMeetingProvider": "teamsForBusiness", "isTallyingResponses": True,
        "isRemovable": not row.is_default,
        "owner": {"name": user.display_name, "address": user.email}}


def room(row: Any) -> dict[str, Any]:
    return {
        "@odata.type": "#microsoft.graph.room", "id": row.id,
        "displayName": row.display_name, "geoCoordinates": None, "phone": "",
        "address": {"street": "", "city": row.city, "state": row.state,
                    "countryOrRegion": row.country, "postalCode": ""},
        "nickname": row.display_name, "emailAddress": row.email, "building": row.building,
        "floorNumber": row.floor, "floorLabel": str(row.floor), "label": "",
        "capacity": row.capacity, "bookingType": "standard",
        "audioDeviceName": "Conference phone" if row.av else None,
        "videoDeviceName": "Camera" if row.av else None,
        "displayDeviceName": "Screen" if row.av else None,
        "isWheelChairAccessible": True, "tags": []}


def room_list(address: str, name: str, sample: Any) -> dict[str, Any]:
    return {
        "@odata.type": "#microsoft.graph.roomList", "id": address, "displayName": name,
        "geoCoordinates": None, "phone": "",
        "address": {"street": "", "city": sample.city, "state": sample.state,
                    "countryOrRegion": sample.country, "postalCode": ""},
        "emailAddress": address}
