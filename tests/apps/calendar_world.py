"""A test world for the calendar: the standard world plus two rooms, a weekly 1:1 series
and a one-off team meeting (world truth), the server with both Graph apps holding it (one
template per process: meeting mail reaches the mailboxes), and the people a test acts as."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import httpx
from fastapi import FastAPI

from arcadia.apps.kernel import EpisodeStore, create_server
from arcadia.apps.kernel.templates import world_source
from arcadia.apps.registry import load_specs
from arcadia.world import World, WorldSpec
from arcadia.world.comms import Attendee, EmailAddress, Meeting, Recurrence, Room
from tests.factories import ADMIN, EpisodeHandle

B = "/calendar/v1.0"
DAY = date(2027, 3, 1)  # a Monday a year after the world's now: no world meetings


def naive(*parts: int) -> datetime:
    """A naive-UTC time, as the world holds them."""
    y, mo, d, h, *rest = parts
    return datetime(y, mo, d, h, rest[0] if rest else 0, tzinfo=UTC).replace(tzinfo=None)


def staff(world: World) -> list[Any]:
    return sorted((p for p in world.people if p.status == "active"), key=lambda p: p.id)


def add_test_comms(world: World) -> None:
    """Two rooms, a weekly 1:1 series and a one-off team meeting (world truth)."""
    a, b, c = staff(world)[:3]
    loc = world.locations[0]
    domain = a.email.rpartition("@")[2]
    world.comms.rooms.extend([
        Room("room-test-orion", f"test-orion@{domain}", "Orion (test)", loc.id, "HQ", 2, 8),
        Room("room-test-vega", f"test-vega@{domain}", "Vega (test)", loc.id, "HQ", 3, 4)])

    def ea(p: Any) -> EmailAddress:
        return EmailAddress(f"{p.first_name} {p.last_name}", p.email.lower())

    world.comms.meetings.extend([
        Meeting("mtg-test-1on1", "1:1", "Weekly catch-up", naive(2027, 3, 2, 15),
                naive(2027, 3, 2, 15, 30), ea(a), (Attendee(ea(b), response="accepted"),),
                "one_on_one", recurrence=Recurrence("weekly", 1, ("tuesday",),
                                                    date(2027, 3, 2), date(2027, 3, 30))),
        Meeting("mtg-test-team", "Team sync", "Agenda", naive(2027, 3, 1, 10),
                naive(2027, 3, 1, 11), ea(a),
                (Attendee(ea(b)), Attendee(ea(c), response="tentativelyAccepted"),
                 Attendee(EmailAddress("Orion", f"test-orion@{domain}"), "resource", "accepted")),
                "team", room_id="room-test-orion", location="Orion")])


def with_comms(spec: WorldSpec) -> World:
    """The world of `spec` with the test rooms and meetings."""
    world = world_source(spec).world
    add_test_comms(world)
    return world


_SERVER: dict[str, FastAPI] = {}


def calendar_server() -> FastAPI:
    """The embedded server with both Graph apps, its template's world with the test rooms
    and meetings (built once per process)."""
    if "server" not in _SERVER:
        store = EpisodeStore(load_specs(("mail", "calendar")), generate=with_comms)
        _SERVER["server"] = create_server(list(store.apps.values()), store)
    return _SERVER["server"]


class Person:
    def __init__(self, ep: EpisodeHandle, info: dict[str, Any], headers: dict[str, str]
                 ) -> None:
        self.ep, self.info, self.h = ep, info, headers
        self.email = str(info["email"]).lower()

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.ep.client.get(B + path, params=params, headers=self.h)

    async def post(self, path: str, body: Any) -> httpx.Response:
        return await self.ep.client.post(B + path, json=body, headers=self.h)

    async def patch(self, path: str, body: Any) -> httpx.Response:
        return await self.ep.client.patch(B + path, json=body, headers=self.h)

    async def delete(self, path: str) -> httpx.Response:
        return await self.ep.client.delete(B + path, headers=self.h)

    async def events(self, **params: Any) -> list[dict[str, Any]]:
        r = await self.get("/me/events", **{"$top": 1000, **params})
        assert r.status_code == 200, r.text
        return list(r.json()["value"])


async def people(ep: EpisodeHandle, n: int = 4) -> list[Person]:
    r = await ep.client.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    listed = {p["id"]: p for p in r.json()["principals"]}
    world_staff = sorted(listed.values(), key=lambda p: p["id"])
    out = []
    for info in world_staff[:n]:
        out.append(Person(ep, info, await ep.auth(info["id"])))
    return out


def at(h: int, m: int = 0, day: date = DAY) -> dict[str, str]:
    return {"dateTime": naive(day.year, day.month, day.day, h, m).isoformat(),
            "timeZone": "UTC"}


def invite(subject: str, *who: Person, start: int = 14, end: int = 15, **extra: Any
           ) -> dict[str, Any]:
    return {"subject": subject, "body": {"contentType": "text", "content": "Let's meet."},
            "start": at(start), "end": at(end),
            "attendees": [{"type": "required", "emailAddress": {"address": p.email}}
                          for p in who], **extra}
