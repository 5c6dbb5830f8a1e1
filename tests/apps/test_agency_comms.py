"""Mail, calendar and sheets in the staffing agency's world: an agency episode's staff read
their mailboxes, calendars and the rate cards, and a calendar invitation reaches a colleague
through the kernel's outbox (an external client contact holds no mailbox)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from urllib.parse import quote

import httpx
import pytest

from arcadia.world import World
from arcadia.world.agency.sheets import agency_sheet_id
from tests.apps.bullhorn_world import agency_episode, agency_spec
from tests.factories import EpisodeHandle, Harness

APPS = ("bullhorn", "mail", "calendar", "sheets")
SEED = 1


@pytest.fixture
async def agency(harness_for: Callable[..., Harness]
                 ) -> AsyncIterator[tuple[EpisodeHandle, World]]:
    harness = harness_for(*APPS)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=harness.server),
                                 base_url="http://arcadia.test") as http:
        ep = await agency_episode(http, SEED)
        yield ep, harness.store.template(agency_spec(SEED)).world


async def test_an_account_manager_reads_client_mail(agency: tuple[EpisodeHandle, World]
                                                    ) -> None:
    ep, world = agency
    am = next(u for u in world.agency.users if u.role == "account_manager")
    h = await ep.auth(am.id)
    r = await ep.client.get("/mail/v1.0/me/messages", headers=h,
                            params={"$top": "10", "$count": "true"})
    assert r.status_code == 200, r.text
    body = r.json()
    mine = [m for m in world.comms.mail
            if am.email in {a.address for a in (m.sender, *m.to, *m.cc)}]
    assert body["@odata.count"] == len(mine) > 300 and "@odata.nextLink" in body
    client = next(c for c in world.agency.clients if c.owner_id == am.id)
    r = await ep.client.get("/mail/v1.0/me/mailFolders", headers=h)
    clients_folder = next(f for f in r.json()["value"] if f["displayName"] == "Inbox")
    r = await ep.client.get(f"/mail/v1.0/me/mailFolders/{clients_folder['id']}/childFolders",
                            headers=h)
    assert [f["displayName"] for f in r.json()["value"]] == ["Clients"]
    r = await ep.client.get("/mail/v1.0/me/messages", headers=h,
                            params={"$search": '"New requirement"', "$top": "50"})
    assert r.status_code == 200, r.text
    found = r.json()["value"]
    assert found and all("requirement" in (m["subject"] + m["bodyPreview"]).lower()
                         for m in found)
    contacts = {c.email for c in world.agency.contacts if c.corporation_id == client.id}
    assert any(m["from"]["emailAddress"]["address"] in contacts for m in found)


async def test_a_recruiters_calendar_holds_their_interviews(
        agency: tuple[EpisodeHandle, World]) -> None:
    ep, world = agency
    a = next(x for x in world.agency.appointments if x.type == "Interview")
    h = await ep.auth(a.owner_id)
    r = await ep.client.get("/calendar/v1.0/me/calendarView", headers=h, params={
        "startDateTime": (a.begin - timedelta(hours=1)).isoformat(),
        "endDateTime": (a.end + timedelta(hours=1)).isoformat()})
    assert r.status_code == 200, r.text
    got = [e for e in r.json()["value"] if e["subject"] == a.subject]
    assert len(got) == 1 and got[0]["start"]["dateTime"].startswith(a.begin.isoformat())
    r = await ep.client.get("/calendar/v1.0/places/microsoft.graph.room", headers=h)
    assert r.status_code == 200, r.text
    assert sorted(p["displayName"] for p in r.json()["value"]) == ["Allegheny", "Ohio"]


async def test_the_rate_card_answers_values_get(agency: tuple[EpisodeHandle, World]) -> None:
    ep, world = agency
    client = world.agency.clients[3]
    recruiter = next(u for u in world.agency.users if u.role == "recruiter")
    h = await ep.auth(recruiter.id)
    sid = agency_sheet_id(world.agency, "rate_cards")
    rng = quote(f"'{client.name.replace(chr(39), chr(39) * 2)}'!A1:D20", safe="")
    r = await ep.client.get(f"/sheets/v4/spreadsheets/{sid}/values/{rng}", headers=h,
                            params={"valueRenderOption": "UNFORMATTED_VALUE"})
    assert r.status_code == 200, r.text
    rows = r.json()["values"]
    assert rows[0][:3] == ["Job family", "Bill rate low", "Bill rate high"]
    assert [(x[0], round(x[1] * 100), round(x[2] * 100)) for x in rows[1:]] == [
        (line.job_family, line.bill_rate_low, line.bill_rate_high) for line in client.rate_card]
    floor = world.agency.policy.min_markup_bp  # type: ignore[union-attr]
    assert all(x[3] * (10_000 + floor) <= x[2] * 10_000 + 0.01 * (10_000 + floor)
               for x in rows[1:])  # the formula evaluates: at most bill / (1 + floor)
    # recruiters read the rate cards but only account managers edit them
    r = await ep.client.put(f"/sheets/v4/spreadsheets/{sid}/values/{rng}", headers=h,
                            params={"valueInputOption": "RAW"}, json={"values": [["x"]]})
    assert r.status_code == 403, r.text


async def test_an_invitation_reaches_a_colleague_not_the_client(
        agency: tuple[EpisodeHandle, World]) -> None:
    ep, world = agency
    am = next(u for u in world.agency.users if u.role == "account_manager")
    rec = next(u for u in world.agency.users if u.role == "recruiter")
    contact = next(c for c in world.agency.contacts if c.owner_id == am.id)
    h = await ep.auth(am.id)
    start = world.now + timedelta(days=2)
    r = await ep.client.post("/calendar/v1.0/me/events", headers=h, json={
        "subject": "Account planning", "start": {"dateTime": start.isoformat(),
                                                 "timeZone": "UTC"},
        "end": {"dateTime": (start + timedelta(hours=1)).isoformat(), "timeZone": "UTC"},
        "attendees": [{"type": "required", "emailAddress": {"address": rec.email}},
                      {"type": "required", "emailAddress": {"address": contact.email}}]})
    assert r.status_code == 201, r.text
    r = await ep.client.get("/mail/v1.0/me/mailFolders/inbox/messages",
                            headers=await ep.auth(rec.id),
                            params={"$filter": "subject eq 'Account planning'"})
    assert r.status_code == 200, r.text
    got = r.json()["value"]
    assert len(got) == 1 and got[0]["meetingMessageType"] == "meetingRequest"
    assert got[0]["from"]["emailAddress"]["address"] == am.email
    changes = await ep.changes()
    assert changes["mail"] and changes["calendar"]
