"""An event keeps the zone it was made in (issue 29): Graph answers start/end in UTC unless
`Prefer: outlook.timezone` asks otherwise, and keeps the given zones as
originalStartTimeZone/originalEndTimeZone whatever the reader prefers."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.apps.calendar_world import B, calendar_server, invite, people
from tests.factories import ADMIN, EpisodeHandle, new_episode

NEW_YORK = 'outlook.timezone="America/New_York"'


@pytest.fixture
async def ep() -> AsyncIterator[EpisodeHandle]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=calendar_server()),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield await new_episode(c)


async def test_an_event_made_in_new_york_keeps_its_zone(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    body = invite("Breakfast briefing", a)
    body["start"] = {"dateTime": "2027-03-01T09:00:00", "timeZone": "America/New_York"}
    body["end"] = {"dateTime": "2027-03-01T09:30:00", "timeZone": "America/New_York"}
    r = await org.post("/me/events", body)
    assert r.status_code == 201, r.text
    made = r.json()
    # The instant: 09:00 EST is 14:00 UTC, answered in UTC without a Prefer header.
    assert made["start"] == {"dateTime": "2027-03-01T14:00:00.0000000", "timeZone": "UTC"}
    assert made["end"] == {"dateTime": "2027-03-01T14:30:00.0000000", "timeZone": "UTC"}
    assert (made["originalStartTimeZone"], made["originalEndTimeZone"]) == (
        "America/New_York", "America/New_York")
    plain = (await org.get(f"/me/events/{made['id']}")).json()
    assert plain["originalStartTimeZone"] == "America/New_York"
    assert plain["start"]["timeZone"] == "UTC"
    r = await ep.client.get(f"{B}/me/events/{made['id']}",
                            headers={**org.h, "Prefer": NEW_YORK})
    local = r.json()
    assert local["start"] == {"dateTime": "2027-03-01T09:00:00.0000000",
                              "timeZone": "America/New_York"}
    assert local["end"]["dateTime"] == "2027-03-01T09:30:00.0000000"
    assert local["originalStartTimeZone"] == "America/New_York"
    # A reader preferring another zone sees the times there; the original zone stays.
    r = await ep.client.get(f"{B}/me/events/{made['id']}",
                            headers={**org.h, "Prefer": 'outlook.timezone="Europe/Berlin"'})
    assert r.json()["start"]["dateTime"] == "2027-03-01T15:00:00.0000000"
    assert r.json()["originalStartTimeZone"] == "America/New_York"
    # The attendee's copy was made in the same zone.
    theirs = [e for e in await a.events() if e["iCalUId"] == made["iCalUId"]]
    assert [e["originalStartTimeZone"] for e in theirs] == ["America/New_York"]
    # Moving it in another zone keeps that zone.
    r = await org.patch(f"/me/events/{made['id']}", {
        "start": {"dateTime": "2027-03-01T08:00:00", "timeZone": "Pacific Standard Time"},
        "end": {"dateTime": "2027-03-01T08:30:00", "timeZone": "Pacific Standard Time"}})
    assert r.status_code == 200, r.text
    moved = (await org.get(f"/me/events/{made['id']}")).json()
    assert moved["start"]["dateTime"] == "2027-03-01T16:00:00.0000000"
    assert moved["originalStartTimeZone"] == "Pacific Standard Time"
    assert moved["originalEndTimeZone"] == "Pacific Standard Time"


async def test_an_event_made_in_utc_says_utc(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    made = (await org.post("/me/events", invite("UTC sync", a))).json()
    r = await ep.client.get(f"{B}/me/events/{made['id']}",
                            headers={**org.h, "Prefer": NEW_YORK})
    assert r.json()["originalStartTimeZone"] == "UTC"
    assert r.json()["start"]["timeZone"] == "America/New_York"
