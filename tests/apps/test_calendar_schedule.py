"""The calendar's free/busy (getSchedule), meeting time suggestions (findMeetingTimes)
and rooms (the seeded ones, places, room lists, booking a room as a resource) through
HTTP in Microsoft Graph's shape."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.apps.calendar_world import B, at, calendar_server, invite, people
from tests.apps.test_bad_input import Unchanged
from tests.factories import ADMIN, EpisodeHandle, new_episode


@pytest.fixture
async def ep() -> AsyncIterator[EpisodeHandle]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=calendar_server()),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield await new_episode(c)


async def test_seeded_meetings_rooms_and_prefer_timezone(ep: EpisodeHandle) -> None:
    org, a, b, _ = await people(ep)
    r = await org.get("/me/calendarView", startDateTime="2027-03-01T00:00:00",
                      endDateTime="2027-03-03T00:00:00", **{"$top": 50})
    got = {e["subject"]: e for e in r.json()["value"]}
    assert {"1:1", "Team sync"} <= set(got)
    assert got["Team sync"]["location"]["locationEmailAddress"].startswith("test-orion@")
    assert got["1:1"]["type"] == "occurrence"
    r = await b.get("/me/calendarView", startDateTime="2027-03-01T00:00:00",
                    endDateTime="2027-03-02T00:00:00",
                    **{"$select": "subject,responseStatus"})
    team = next(e for e in r.json()["value"] if e["subject"] == "Team sync")
    assert set(team) == {"@odata.etag", "id", "subject", "responseStatus"}
    assert team["responseStatus"]["response"] == "tentativelyAccepted"
    r = await org.ep.client.get(f"{B}/me/events/{got['Team sync']['id']}", headers={
        **org.h, "Prefer": 'outlook.timezone="Pacific Standard Time"'})
    assert r.json()["start"] == {"dateTime": "2027-03-01T02:00:00.0000000",
                                 "timeZone": "Pacific Standard Time"}
    rooms = (await org.get("/places/microsoft.graph.room")).json()["value"]
    names = [x["displayName"] for x in rooms]
    assert "Orion (test)" in names and "Vega (test)" in names
    orion = next(x for x in rooms if x["displayName"] == "Orion (test)")
    assert (await org.get(f"/places/{orion['id']}")).json()["emailAddress"] == \
        orion["emailAddress"]
    lists = (await org.get("/places/microsoft.graph.roomlist")).json()["value"]
    home = next(x for x in lists if x["address"]["city"] == orion["address"]["city"])
    inside = (await org.get(f"/places/{home['emailAddress']}/microsoft.graph.roomlist/"
                            "rooms")).json()["value"]
    assert orion["emailAddress"] in {x["emailAddress"] for x in inside}
    assert {x["address"]["city"] for x in inside} == {orion["address"]["city"]}


async def test_get_schedule_matches_the_events(ep: EpisodeHandle) -> None:
    org, a, b, c = await people(ep)
    await org.post("/me/events", invite("Busy block", a, start=13, end=14))
    rooms = (await org.get("/places/microsoft.graph.room")).json()["value"]
    orion = next(x["emailAddress"] for x in rooms if x["displayName"] == "Orion (test)")
    r = await c.post("/me/calendar/getSchedule", {
        "schedules": [b.email, org.email, "ghost@nowhere.example", orion],
        "startTime": at(9), "endTime": at(15), "availabilityViewInterval": 60})
    assert r.status_code == 200, r.text
    out = r.json()["value"]
    assert [x["scheduleId"] for x in out] == [b.email, org.email, "ghost@nowhere.example",
                                             orion]
    # b (the world's third person): team sync 10-11, tentatively accepted; org: the
    # team sync and the busy block 13-14; the room: the team sync
    assert out[0]["availabilityView"] == "010000"
    assert out[1]["availabilityView"] == "020020"
    assert out[2]["error"]["responseCode"] == "ErrorMailRecipientNotFound"
    assert out[3]["availabilityView"] == "020000"
    assert [i["subject"] for i in out[1]["scheduleItems"]] == ["Team sync", "Busy block"]
    async with Unchanged(ep):
        r = await c.post("/me/calendar/getSchedule", {
            "schedules": [b.email], "startTime": at(15), "endTime": at(9)})
        assert r.status_code == 400


async def test_find_meeting_times_is_deterministic(ep: EpisodeHandle) -> None:
    org, a, b, _ = await people(ep)
    body = {"attendees": [{"type": "required", "emailAddress": {"address": a.email}},
                          {"type": "required", "emailAddress": {"address": b.email}}],
            "timeConstraint": {"activityDomain": "unrestricted", "timeSlots": [
                {"start": at(9), "end": at(12)}]},
            "meetingDuration": "PT1H", "maxCandidates": 3,
            "locationConstraint": {"isRequired": True, "suggestLocation": True,
                                   "locations": [{"locationEmailAddress": "x@nowhere.example"}]}}
    r = await org.post("/me/findMeetingTimes", body)
    assert r.status_code == 200, r.text
    got = r.json()["meetingTimeSuggestions"]
    starts = [g["meetingTimeSlot"]["start"]["dateTime"][11:16] for g in got]
    # everyone is in the team sync 10-11: the free hours come first, earliest first
    assert starts[:2] == ["09:00", "11:00"] and got[0]["confidence"] == 100.0
    assert all(g["confidence"] >= 50 for g in got)
    assert (await org.post("/me/findMeetingTimes", body)).json() == r.json()
    r = await org.post("/me/findMeetingTimes", {**body, "meetingDuration": "an hour"})
    assert r.status_code == 400


async def test_room_booking_accepts_when_free_and_declines_when_taken(ep: EpisodeHandle
                                                                      ) -> None:
    org, a, _, _ = await people(ep)
    rooms = (await org.get("/places/microsoft.graph.room")).json()["value"]
    orion = next(x["emailAddress"] for x in rooms if x["displayName"] == "Orion (test)")
    clash = invite("Clash", a, start=10, end=11,
                   location={"displayName": "Orion", "locationEmailAddress": orion})
    made = (await org.post("/me/events", clash)).json()
    status = {x["emailAddress"]["address"]: x["status"]["response"]
              for x in made["attendees"]}
    assert status[orion] == "declined"
    free = invite("Free", a, start=16, end=17,
                  location={"displayName": "Orion", "locationEmailAddress": orion})
    made = (await org.post("/me/events", free)).json()
    assert {x["emailAddress"]["address"]: x["status"]["response"]
            for x in made["attendees"]}[orion] == "accepted"
