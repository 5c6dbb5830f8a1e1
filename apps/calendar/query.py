"""OData query options on event lists ($filter, $orderby, $select, $count, $top, $skip),
run by the kernel's `odata` helpers on the rendered events, so a filter sees exactly what
the agent sees."""

from __future__ import annotations

from typing import Any

from arcadia.apps.kernel import odata_body
from arcadia.apps.kernel.odata import (
    check_top_skip,
    odata_slice,
    order,
    parse_count,
    parse_filter,
    parse_orderby,
    parse_select,
    project,
)

ENTITY = "microsoft.graph.event"
_ADDRESS = {"name": "string", "address": "string"}
_DTZ = {"dateTime": "string", "timeZone": "string"}
_STATUS = {"response": "string", "time": "datetime"}
_LOCATION = {"displayName": "string", "locationType": "string", "uniqueId": "string",
             "uniqueIdType": "string", "locationEmailAddress": "string"}
EVENT_SCHEMA: dict[str, Any] = {
    "id": "string", "createdDateTime": "datetime", "lastModifiedDateTime": "datetime",
    "changeKey": "string", "categories": ["string"], "transactionId": "string",
    "originalStartTimeZone": "string", "originalEndTimeZone": "string", "iCalUId": "string",
    "uid": "string", "reminderMinutesBeforeStart": "number", "isReminderOn": "bool",
    "hasAttachments": "bool", "subject": "string", "bodyPreview": "string",
    "importance": "string", "sensitivity": "string", "isAllDay": "bool",
    "isCancelled": "bool", "isOrganizer": "bool", "responseRequested": "bool",
    "seriesMasterId": "string", "showAs": "string", "type": "string", "webLink": "string",
    "onlineMeetingUrl": "string", "isOnlineMeeting": "bool",
    "onlineMeetingProvider": "string", "allowNewTimeProposals": "bool",
    "occurrenceId": "string", "isDraft": "bool", "hideAttendees": "bool",
    "originalStart": "datetime", "responseStatus": _STATUS,
    "body": {"contentType": "string", "content": "string"}, "start": _DTZ, "end": _DTZ,
    "location": _LOCATION, "locations": [_LOCATION],
    "recurrence": {"pattern": {"type": "string", "interval": "number",
                               "daysOfWeek": ["string"], "firstDayOfWeek": "string",
                               "month": "number", "dayOfMonth": "number",
                               "index": "string"},
                   "range": {"type": "string", "startDate": "string", "endDate": "string",
                             "recurrenceTimeZone": "string",
                             "numberOfOccurrences": "number"}},
    "attendees": [{"type": "string", "status": _STATUS, "emailAddress": _ADDRESS}],
    "organizer": {"emailAddress": _ADDRESS}, "onlineMeeting": {"joinUrl": "string"},
}


def select_fields(text: str | None) -> list[str] | None:
    return parse_select(text, EVENT_SCHEMA, entity=ENTITY)


def events_body(records: list[dict[str, Any]], *, base_url: str, top: int | None,
                skip: int | None, filter_: str | None = None, orderby: str | None = None,
                select: str | None = None, count: str | None = None) -> dict[str, Any]:
    """`value` (one page of the rendered, filtered, ordered events), `@odata.nextLink` and,
    with `$count=true`, `@odata.count`. Every option is checked before anything is done."""
    page_top, page_skip = check_top_skip(top, skip, default=10)
    where = parse_filter(filter_, EVENT_SCHEMA, entity=ENTITY)
    keys = parse_orderby(orderby, EVENT_SCHEMA, entity=ENTITY)
    names = select_fields(select)
    counted = parse_count(count)
    if where is not None:
        records = [r for r in records if where.matches(r)]
    records = order(records, keys)
    page = odata_slice(records, top=page_top, skip=page_skip, base_url=base_url)
    body: dict[str, Any] = {}
    if counted:
        body["@odata.count"] = len(records)
    body.update(odata_body([project(r, names) for r in page.items], page))
    return body
