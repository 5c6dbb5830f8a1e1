"""The calendar (Microsoft Graph v1.0 shape) through HTTP: events and their copies on every
attendee's calendar, calendarView over series, responses and cancellations (only the
responder's copy and the organiser's attendee list change), invitations by mail, calendars,
paging and OData options, and refusals that change nothing. Free/busy, meeting time
suggestions and rooms are in test_calendar_schedule.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.apps.calendar_world import Person, at, calendar_server, invite, people
from tests.apps.test_bad_input import Unchanged
from tests.factories import ADMIN, EpisodeHandle, new_episode


@pytest.fixture
async def ep() -> AsyncIterator[EpisodeHandle]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=calendar_server()),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield await new_episode(c)


async def test_invitation_lands_on_every_attendee_calendar(ep: EpisodeHandle) -> None:
    org, a, b, outsider = await people(ep)
    r = await org.post("/me/events", invite("Roadmap review", a, b))
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["isOrganizer"] and made["responseStatus"]["response"] == "organizer"
    assert [x["status"]["response"] for x in made["attendees"]] == ["none", "none"]
    assert made["start"] == {"dateTime": "2027-03-01T14:00:00.0000000", "timeZone": "UTC"}
    for person in (a, b):
        mine = [e for e in await person.events() if e["iCalUId"] == made["iCalUId"]]
        assert len(mine) == 1
        copy = mine[0]
        assert copy["id"] != made["id"] and not copy["isOrganizer"]
        assert copy["responseStatus"]["response"] == "notResponded"
        assert copy["organizer"]["emailAddress"]["address"] == org.email
        assert copy["subject"] == "Roadmap review"
    assert not [e for e in await outsider.events() if e["iCalUId"] == made["iCalUId"]]
    # another person's event is not readable by id, nor their calendar by path
    r = await outsider.get(f"/me/events/{made['id']}")
    assert r.status_code == 404 and r.json()["error"]["code"] == "ErrorItemNotFound"
    r = await outsider.get(f"/users/{org.email}/events")
    assert r.status_code == 403 and r.json()["error"]["code"] == "ErrorAccessDenied"
    r = await org.get(f"/users/{org.email.upper()}/events/{made['id']}")
    assert r.status_code == 200


async def test_accept_and_decline_touch_only_the_responder_and_organiser(
        ep: EpisodeHandle) -> None:
    org, a, b, _ = await people(ep)
    made = (await org.post("/me/events", invite("Budget", a, b))).json()
    copy_a = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
    copy_b = next(e for e in await b.events() if e["iCalUId"] == made["iCalUId"])
    r = await a.post(f"/me/events/{copy_a['id']}/accept",
                     {"comment": "See you", "sendResponse": True})
    assert r.status_code == 202 and r.content == b""
    r = await b.post(f"/me/events/{copy_b['id']}/decline", {"comment": "Away"})
    assert r.status_code == 202
    mine_a = (await a.get(f"/me/events/{copy_a['id']}")).json()
    mine_b = (await b.get(f"/me/events/{copy_b['id']}")).json()
    assert mine_a["responseStatus"]["response"] == "accepted"
    assert mine_b["responseStatus"]["response"] == "declined"
    # each attendee's copy keeps the attendee list as sent; the organiser's tallies
    assert [x["status"]["response"] for x in mine_a["attendees"]] == ["none", "none"]
    theirs = (await org.get(f"/me/events/{made['id']}")).json()
    status = {x["emailAddress"]["address"]: x["status"]["response"]
              for x in theirs["attendees"]}
    assert status == {a.email: "accepted", b.email: "declined"}
    changes = (await ep.changes())["calendar"]
    touched = {c["pk"][0] for c in changes if c["table"] == "events"}
    assert touched == {made["id"], copy_a["id"], copy_b["id"]}
    # the organiser cannot respond, and an attendee cannot cancel: nothing changes
    async with Unchanged(ep):
        r = await org.post(f"/me/events/{made['id']}/accept", {})
        assert r.status_code == 400 and r.json()["error"]["code"] == "ErrorInvalidRequest"
        r = await a.post(f"/me/events/{copy_a['id']}/cancel", {"comment": "no"})
        assert r.status_code == 400


async def test_cancel_marks_every_copy_and_removes_the_organisers(ep: EpisodeHandle
                                                                  ) -> None:
    org, a, b, _ = await people(ep)
    made = (await org.post("/me/events", invite("Offsite", a, b))).json()
    r = await org.post(f"/me/events/{made['id']}/cancel", {"comment": "Postponed"})
    assert r.status_code == 202
    assert (await org.get(f"/me/events/{made['id']}")).status_code == 404
    for person in (a, b):
        copy = next(e for e in await person.events() if e["iCalUId"] == made["iCalUId"])
        assert copy["isCancelled"] is True


async def test_end_before_start_and_bad_input_change_nothing(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    async with Unchanged(ep):
        r = await org.post("/me/events", invite("Backwards", a, start=15, end=14))
        assert r.status_code == 400
        assert r.json()["error"]["code"] == "ErrorPropertyValidationFailure"
        r = await org.post("/me/events", {**invite("No time", a), "start": None})
        assert r.status_code == 400
        r = await org.post("/me/events", {**invite("Typo", a), "subjekt": "x"})
        assert r.status_code == 400
        r = await org.post("/me/events", {**invite("Zone", a), "start": {
            "dateTime": "2027-03-01T09:00:00", "timeZone": "Mars/Olympus"}})
        assert r.status_code == 400 and r.json()["error"]["code"] == "ErrorInvalidTimeZone"
        r = await org.get("/me/calendarView")
        assert r.status_code == 400
        assert {k: r.json()["error"][k] for k in ("code", "message")} == {
            "code": "ErrorInvalidParameter", "message": "This request requires a time window "
            "specified by the query string parameters StartDateTime and EndDateTime."}
        inner = r.json()["error"]["innerError"]  # the episode's clock, not the machine's
        assert inner["date"].startswith("2026-03-02") and inner["request-id"]
        r = await org.get("/users/nobody@nowhere.example/events")
        assert r.status_code == 404 and r.json()["error"]["code"] == "ErrorInvalidUser"


async def test_patch_end_before_start_is_refused(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    made = (await org.post("/me/events", invite("Review", a))).json()
    async with Unchanged(ep):
        r = await org.patch(f"/me/events/{made['id']}", {"end": at(13)})
        assert r.status_code == 400
        copy = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
        r = await a.patch(f"/me/events/{copy['id']}", {"subject": "Mine now"})
        assert r.status_code == 400
    r = await org.patch(f"/me/events/{made['id']}", {"subject": "Review v2",
                                                     "start": at(16), "end": at(17)})
    assert r.status_code == 200 and r.json()["subject"] == "Review v2"
    copy = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
    assert copy["subject"] == "Review v2"
    assert copy["start"]["dateTime"].startswith("2027-03-01T16:00")


async def test_series_lists_master_and_calendar_view_expands(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    body = invite("Standup", a, start=9, end=10, recurrence={
        "pattern": {"type": "weekly", "interval": 1, "daysOfWeek": ["monday", "wednesday"]},
        "range": {"type": "endDate", "startDate": "2027-03-01", "endDate": "2027-03-12"}})
    made = (await org.post("/me/events", body)).json()
    assert made["type"] == "seriesMaster"
    listed = [e for e in await org.events() if e["iCalUId"] == made["iCalUId"]]
    assert [e["type"] for e in listed] == ["seriesMaster"]
    r = await org.get("/me/calendarView", startDateTime="2027-03-01T00:00:00Z",
                      endDateTime="2027-03-08T00:00:00Z", **{"$top": 100})
    view = [e for e in r.json()["value"] if e["iCalUId"] == made["iCalUId"]]
    assert [e["start"]["dateTime"][:10] for e in view] == ["2027-03-01", "2027-03-03"]
    assert {e["type"] for e in view} == {"occurrence"}
    assert {e["seriesMasterId"] for e in view} == {made["id"]}
    r = await org.get(f"/me/events/{made['id']}/instances",
                      startDateTime="2027-02-28T00:00:00", endDateTime="2027-03-30T00:00:00")
    assert len(r.json()["value"]) == 4
    # the attendee accepts the series: every occurrence of theirs says so
    master = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
    assert (await a.post(f"/me/events/{master['id']}/accept", {})).status_code == 202
    r = await a.get("/me/calendarView", startDateTime="2027-02-28T00:00:00",
                    endDateTime="2027-03-30T00:00:00", **{"$top": 100})
    mine = [e for e in r.json()["value"] if e["iCalUId"] == made["iCalUId"]]
    assert len(mine) == 4
    assert {e["responseStatus"]["response"] for e in mine} == {"accepted"}


async def test_a_series_keeps_its_local_time_across_daylight_saving(ep: EpisodeHandle
                                                                    ) -> None:
    """As in Graph, a series recurs at its zone's local time: a 10:00 New York standup is
    15:00 UTC before 2027-03-14 and 14:00 UTC after; an unknown zone is a 400."""
    org, a, _, _ = await people(ep)
    body = invite("NY standup", a, recurrence={
        "pattern": {"type": "weekly", "interval": 1, "daysOfWeek": ["monday"]},
        "range": {"type": "endDate", "startDate": "2027-03-08", "endDate": "2027-03-15"}})
    body["start"] = {"dateTime": "2027-03-08T10:00:00", "timeZone": "Eastern Standard Time"}
    body["end"] = {"dateTime": "2027-03-08T10:30:00", "timeZone": "Eastern Standard Time"}
    made = (await org.post("/me/events", body)).json()
    assert made["recurrence"]["range"]["recurrenceTimeZone"] == "Eastern Standard Time"
    r = await org.get(f"/me/events/{made['id']}/instances",
                      startDateTime="2027-03-01T00:00:00", endDateTime="2027-03-20T00:00:00")
    assert [e["start"]["dateTime"][:16] for e in r.json()["value"]] == [
        "2027-03-08T15:00", "2027-03-15T14:00"]
    async with Unchanged(ep):
        body["subject"], body["recurrence"]["range"]["recurrenceTimeZone"] = "x", "Mars/Olympus"
        r = await org.post("/me/events", body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "ErrorInvalidTimeZone"


async def test_paging_follows_next_link(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    for i in range(3):
        await org.post("/me/events", invite(f"P{i}", a, start=18 + i, end=19 + i))
    r = await org.get("/me/events", **{"$top": 2, "$count": "true"})
    body = r.json()
    total = body["@odata.count"]
    seen = [e["id"] for e in body["value"]]
    link = body.get("@odata.nextLink")
    while link:
        r = await org.ep.client.get(link, headers=org.h)
        seen += [e["id"] for e in r.json()["value"]]
        link = r.json().get("@odata.nextLink")
    assert len(seen) == len(set(seen)) == total >= 5


async def test_odata_filter_orderby_and_bad_options(ep: EpisodeHandle) -> None:
    org, a, b, _ = await people(ep)
    await org.post("/me/events", invite("Alpha", a, start=18, end=19))
    await org.post("/me/events", invite("Beta", b, start=19, end=20))
    window = {"startDateTime": "2027-03-01T00:00:00", "endDateTime": "2027-03-02T00:00:00"}
    r = await org.get("/me/calendarView", **window, **{
        "$filter": f"attendees/any(x: x/emailAddress/address eq '{b.email}')",
        "$orderby": "subject desc", "$count": "true"})
    assert r.status_code == 200, r.text
    assert [e["subject"] for e in r.json()["value"]] == ["Team sync", "Beta"]
    assert r.json()["@odata.count"] == 2
    r = await org.get("/me/events", **{"$filter": "subject eq 'alpha'"})
    assert [e["subject"] for e in r.json()["value"]] == ["Alpha"]
    for bad in ({"$filter": "nope eq 1"}, {"$orderby": "attendees"}, {"$select": "x"},
                {"$count": "maybe"}):
        r = await org.get("/me/events", **bad)
        assert r.status_code == 400, bad


async def inbox(p: Person) -> list[dict[str, Any]]:
    r = await p.ep.client.get("/mail/v1.0/me/mailFolders/inbox/messages",
                              params={"$top": 100}, headers=p.h)
    assert r.status_code == 200, r.text
    return list(r.json()["value"])


async def test_invitations_responses_and_cancellations_are_mailed(ep: EpisodeHandle
                                                                  ) -> None:
    org, a, b, outsider = await people(ep)
    before = {p.email: len(await inbox(p)) for p in (org, a, b, outsider)}
    made = (await org.post("/me/events", invite("Launch review", a, b))).json()
    for p in (a, b):
        got = [x for x in await inbox(p) if x["subject"] == "Launch review"]
        assert len(got) == 1 and got[0]["isRead"] is False
        assert got[0]["meetingMessageType"] == "meetingRequest"
        assert got[0]["from"]["emailAddress"]["address"] == org.email
    assert len(await inbox(outsider)) == before[outsider.email]
    copy = next(e for e in await a.events() if e["iCalUId"] == made["iCalUId"])
    r = await a.post(f"/me/events/{copy['id']}/tentativelyAccept",
                     {"comment": "Maybe late"})
    assert r.status_code == 202
    reply = [x for x in await inbox(org) if x["subject"] == "Tentative: Launch review"]
    assert len(reply) == 1
    assert reply[0]["meetingMessageType"] == "meetingTenativelyAccepted"
    assert "Maybe late" in reply[0]["body"]["content"]
    async with Unchanged(ep):  # accept takes no proposal
        r = await a.post(f"/me/events/{copy['id']}/accept", {"proposedNewTime": {
            "start": at(16), "end": at(17)}})
        assert r.status_code == 400
    r = await a.post(f"/me/events/{copy['id']}/decline", {
        "sendResponse": False, "proposedNewTime": {"start": at(16), "end": at(17)}})
    assert r.status_code == 202
    tally = (await org.get(f"/me/events/{made['id']}")).json()["attendees"]
    mine = next(x for x in tally if x["emailAddress"]["address"] == a.email)
    assert mine["status"]["response"] == "declined"
    assert mine["proposedNewTime"]["start"]["dateTime"].startswith(
        at(16)["dateTime"][:16])
    assert not [x for x in await inbox(org) if x["subject"].startswith("Declined:")]
    assert (await org.post(f"/me/events/{made['id']}/cancel",
                           {"comment": "Moved to Q3"})).status_code == 202
    # a declined before the cancellation: only b hears of it
    assert not [x for x in await inbox(a) if x["subject"].startswith("Canceled:")]
    got = [x for x in await inbox(b) if x["subject"] == "Canceled: Launch review"]
    assert len(got) == 1 and got[0]["meetingMessageType"] == "meetingCancelled"
    # an invitation refused for bad input mails nobody
    async with Unchanged(ep):
        r = await org.post("/me/events", invite("Never", a, start=12, end=11))
        assert r.status_code == 400


async def test_calendars_create_rename_delete(ep: EpisodeHandle) -> None:
    org, a, _, _ = await people(ep)
    default = (await org.get("/me/calendar")).json()
    assert default["isDefaultCalendar"] and default["owner"]["address"] == org.email
    made = await org.post("/me/calendars", {"name": "Hiring"})
    assert made.status_code == 201
    cal = made.json()
    async with Unchanged(ep):
        assert (await org.post("/me/calendars", {"name": "hiring"})).status_code == 409
        assert (await org.patch(f"/me/calendars/{cal['id']}", {"color": "plaid"})
                ).status_code == 400
        assert (await org.delete(f"/me/calendars/{default['id']}")).status_code == 400
        assert (await a.get(f"/me/calendars/{cal['id']}")).status_code == 404
    r = await org.patch(f"/me/calendars/{cal['id']}", {"name": "Interviews"})
    assert r.status_code == 200 and r.json()["name"] == "Interviews"
    ev = (await org.post(f"/me/calendars/{cal['id']}/events", invite("Loop", a))).json()
    assert [e["id"] for e in (await org.get(f"/me/calendars/{cal['id']}/events")
                              ).json()["value"]] == [ev["id"]]
    assert (await org.delete(f"/me/calendars/{cal['id']}")).status_code == 204
    assert (await org.get(f"/me/events/{ev['id']}")).status_code == 404
    copy = next(e for e in await a.events() if e["iCalUId"] == ev["iCalUId"])
    assert copy["isCancelled"] is True
    # the SDK's spelling of the room cast answers the same
    short = (await org.get("/places/graph.room")).json()["value"]
    assert short == (await org.get("/places/microsoft.graph.room")).json()["value"]


SEED_DIGEST = """
import hashlib
from sqlalchemy import create_engine
from sqlmodel import Session
from arcadia.apps.calendar import SPEC
from arcadia.world import WorldSpec, generate_world
engine = create_engine("sqlite://")
SPEC.metadata.create_all(engine)
with Session(engine) as session:
    SPEC.seed(generate_world(WorldSpec(seed=11, headcount=40)), session)
    session.commit()
digest = hashlib.sha256()
with engine.connect() as conn:  # the rows of every table, in key order
    for table in SPEC.metadata.sorted_tables:
        for row in conn.execute(table.select().order_by(*table.primary_key.columns)):
            digest.update(repr(tuple(row)).encode())
print(digest.hexdigest())
"""


def test_the_seed_writes_the_same_bytes_whatever_the_hash_seed() -> None:
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("0", "1"):  # no randomisation, and a fixed one
        done = subprocess.run([sys.executable, "-c", SEED_DIGEST], capture_output=True,
                              text=True, env={**os.environ, "PYTHONHASHSEED": hash_seed},
                              timeout=300)
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64
