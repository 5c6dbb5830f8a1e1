"""Rows -> Graph's wire shapes (events, calendars, places)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from typing import Any

from arcadia.apps.calendar.common import dtz, fmt_offset, loads

NEVER = "0001-01-01T00:00:00Z"


def change_key(row: Any) -> str:
    raw = "|".join(str(getattr(row, k)) for k in (
        "id", "updated_at", "response", "response_time", "attendees", "start", "end",
        "subject", "is_cancelled", "categories", "show_as"))
    return base64.b64encode(hashlib.sha256(raw.encode()).digest()[:16]).decode()


def _address(name: str | None, address: str) -> dict[str, Any]:
    return {"name": name or address, "address": address}


def location(row: Any) -> dict[str, Any]:
    if row.location_email:
        return {"displayName": row.location, "locationType": "conferenceRoom",
                "locationEmailAddress": row.location_email, "uniqueId": row.location_email,
                "uniqueIdType": "directory"}
    if row.location:
        return {"displayName": row.location, "locationType": "default",
                "uniqueId": row.location, "uniqueIdType": "private"}
    return {"displayName": "", "locationType": "default", "uniqueIdType": "unknown"}


def attendees(row: Any) -> list[dict[str, Any]]:
    return [{"type": a["type"], "status": {"response": a["response"],
                                           "time": a["time"] or NEVER},
             "emailAddress": _address(a["name"], a["address"])}
            for a in loads(row.attendees) or []]


def event(row: Any, tz: str | None) -> dict[str, Any]:
    """One person's copy of an event, as Graph's `event`."""
    key = change_key(row)
    loc = location(row)
    preview = " ".join(row.body.split())[:255]
    return {
        "@odata.etag": f'W/"{key}"', "id": row.id,
        "createdDateTime": fmt_offset(row.created_at),
        "lastModifiedDateTime": fmt_offset(row.updated_at), "changeKey": key,
        "categories": loads(row.categories) or [], "transactionId": None,
        "originalStartTimeZone": tz or "UTC", "originalEndTimeZone": tz or "UTC",
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
        "recurrence": loads(row.recurrence),
        "attendees": attendees(row),
        "organizer": {"emailAddress": _address(row.organizer_name, row.organizer_address)},
        "onlineMeeting": {"joinUrl": "https://teams.microsoft.com/l/meetup-join/"
                          + row.ical_uid[-24:]} if row.is_online else None,
    }


def select(item: dict[str, Any], fields: Iterable[str] | None) -> dict[str, Any]:
    """`$select`: only the named properties (and the id and etag, as Graph keeps)."""
    if fields is None:
        return item
    keep = {"id", "@odata.etag", *fields}
    return {k: v for k, v in item.items() if k in keep}


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
