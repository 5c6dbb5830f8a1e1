"""Mail and calendar truth (`world/robotics/comms/`): deterministic, on its own stream, within
its volumes, every address a person of the world, threads consistent, interviews as the
ATS has them, 1:1s and team meetings as the org chart has them, rooms never double-booked."""

from __future__ import annotations

import collections
import dataclasses
import functools
import hashlib
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import orjson
import pytest

from arcadia.world import WorldSpec, generate_world, to_plain
from arcadia.world.comms import WELL_KNOWN_FOLDERS, Comms, Meeting
from arcadia.world.robotics import generate as generate_module
from arcadia.world.robotics.comms.draw import MAIL_DAYS, MEETING_DAYS, WEEKDAYS
from arcadia.world.sheets import Sheets
from arcadia.world.world import World
from tests.world.cached import world_of

SPEC = WorldSpec(seed=11, headcount=800)


@pytest.fixture(scope="module")
def world() -> World:
    return world_of(SPEC)


@functools.cache
def small_world(headcount: int) -> World:
    return generate_world(WorldSpec(seed=headcount, headcount=headcount))


@pytest.fixture(scope="module", params=[40, 120])
def small(request: pytest.FixtureRequest) -> World:
    return small_world(request.param)


def _digest(value: object) -> str:
    return hashlib.sha256(orjson.dumps(to_plain(value), option=orjson.OPT_SORT_KEYS)).hexdigest()


def _domain(world: World) -> str:
    return f"@{world.domain}"


def _occurrences(m: Meeting, until: datetime) -> list[tuple[datetime, datetime]]:
    """A meeting's occurrences in naive UTC; a series recurs at its local time."""
    if m.recurrence is None:
        return [(m.start, m.end)]
    zone = ZoneInfo(m.time_zone)
    local = m.start.replace(tzinfo=UTC).astimezone(zone)
    out, day = [], m.recurrence.start
    length = m.end - m.start
    while day <= m.recurrence.end:
        if WEEKDAYS[day.weekday()] in m.recurrence.days_of_week:
            start = datetime.combine(day, local.time(), tzinfo=zone).astimezone(UTC)
            start = start.replace(tzinfo=None)
            if start > until:
                break
            out.append((start, start + length))
        day += timedelta(days=1)
    return out


# --- determinism and isolation --------------------------------------------------------------

def test_same_bytes_in_another_process() -> None:
    # The process boundary is the point, not the size: the small world of 120 people that
    # `test_small_worlds` checks is built again in a process with another hash seed.
    world = small_world(120)
    code = ("import hashlib, orjson\n"
            "from arcadia.world import WorldSpec, generate_world, to_plain\n"
            "w = generate_world(WorldSpec(seed=120, headcount=120))\n"
            "for v in (w.comms, w.sheets):\n"
            "    print(hashlib.sha256(orjson.dumps(to_plain(v), "
            "option=orjson.OPT_SORT_KEYS)).hexdigest())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""}).stdout.split()
    assert out == [_digest(world.comms), _digest(world.sheets)]
    other = generate_world(WorldSpec(seed=121, headcount=120))
    assert _digest(other.comms) != out[0]


def test_comms_and_sheets_draw_from_their_own_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = WorldSpec(seed=4, headcount=120)
    full = generate_world(spec)
    monkeypatch.setattr(generate_module, "generate_comms", lambda world: Comms())
    monkeypatch.setattr(generate_module, "generate_sheets", lambda world: Sheets())
    bare = generate_world(spec)
    assert full.comms.mail and full.sheets.spreadsheets
    assert _digest(dataclasses.replace(full, comms=Comms(), sheets=Sheets())) == _digest(bare)


# --- volumes --------------------------------------------------------------------------------

def test_volumes(world: World) -> None:
    comms, now = world.comms, world.now
    employed = [p for p in world.people if p.status != "terminated"]
    copies: collections.Counter[str] = collections.Counter()
    for m in comms.mail:
        for address in {a.address for a in (m.sender, *m.to, *m.cc, *m.bcc)}:
            copies[address] += 1
    boxes = [copies[p.email] for p in employed]
    assert 20 <= sum(boxes) / len(boxes) <= 60
    assert min(boxes) >= 5  # nobody has an empty mailbox
    assert all(now - timedelta(days=MAIL_DAYS + 1) <= m.sent_at <= now for m in comms.mail)
    kinds = collections.Counter(m.kind for m in comms.mail)
    assert {"colleague", "vendor", "recruiting", "notification", "external"} <= set(kinds)
    assert 20 <= len(comms.rooms) <= 40
    assert {r.location_id for r in comms.rooms} == {loc.id for loc in world.locations}
    lo, hi = now - timedelta(days=MEETING_DAYS + 1), now + timedelta(days=MEETING_DAYS + 1)
    assert all(lo <= m.start < hi for m in comms.meetings)
    assert all(m.recurrence.end <= hi.date() for m in comms.meetings if m.recurrence)
    kinds = collections.Counter(m.kind for m in comms.meetings)
    assert {"one_on_one", "team", "interview", "all_hands", "review", "external"} <= set(kinds)
    responses = collections.Counter(a.response for m in comms.meetings for a in m.attendees)
    assert responses["declined"] and responses["tentativelyAccepted"]
    assert any(m.is_cancelled for m in comms.meetings)
    assert any(m.unread_by for m in comms.mail) and any(m.flagged_by for m in comms.mail)
    assert any(m.attachments for m in comms.mail) and comms.folders
    subjects = {m.subject.removeprefix("RE: ") for m in comms.mail}
    assert len(subjects) > len(comms.mail) / 10  # varied, not a handful of templates


# --- people and addresses -------------------------------------------------------------------

def _check_people(world: World) -> None:
    comms, domain = world.comms, _domain(world)
    people = {p.email: p for p in world.people if p.status != "terminated"}
    rooms = {r.email: r for r in comms.rooms}
    assert not set(rooms) & set(people)
    folders = {f.key: f for f in comms.folders}
    assert len(folders) == len(comms.folders)
    for f in comms.folders:
        assert f.owner_id in {p.id for p in people.values()}
        assert f.parent in WELL_KNOWN_FOLDERS or f.parent in folders
    for m in comms.mail:
        everyone = (m.sender, *m.to, *m.cc, *m.bcc)
        internal = [a for a in everyone if a.address.endswith(domain)]
        assert internal, m.id  # every message touches a mailbox of the company
        for a in everyone:
            assert a.address == a.address.lower()
        for a in internal:
            person = people[a.address]  # a real, employed person
            assert a.name == person.name
            assert m.sent_at.date() > person.hire_date, (m.id, a.address)
        received = {a.address for a in (*m.to, *m.cc, *m.bcc) if a.address.endswith(domain)}
        assert set(m.unread_by) <= received and set(m.flagged_by) <= received
        for address, folder in m.filed:
            assert address in received
            if folder not in WELL_KNOWN_FOLDERS:
                assert people[address].id == folders[folder].owner_id
    for mt in comms.meetings:
        assert mt.organizer.address in people, mt.id
        assert mt.organizer.name == people[mt.organizer.address].name
        for at in mt.attendees:
            if at.type == "resource":
                assert rooms[at.email.address].id == mt.room_id
            elif at.email.address.endswith(domain):
                assert at.email.name == people[at.email.address].name
            assert at.email.address != mt.organizer.address
        if mt.room_id is not None:
            assert mt.room_id in {r.id for r in comms.rooms}
        assert mt.start < mt.end


def test_every_internal_address_is_a_person(world: World) -> None:
    _check_people(world)


def test_small_worlds(small: World) -> None:
    _check_people(small)
    _check_threads(small)
    _check_rooms(small)
    assert small.comms.mail and small.comms.meetings and small.comms.rooms


# --- threads --------------------------------------------------------------------------------

def _check_threads(world: World) -> None:
    mail = world.comms.mail
    ids = [m.id for m in mail]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"mail-\d{6}", i) for i in ids)
    assert [m.sent_at for m in mail] == sorted(m.sent_at for m in mail)
    by_id = {m.id: m for m in mail}
    roots: collections.Counter[str] = collections.Counter()
    for m in mail:
        if m.in_reply_to is None:
            roots[m.conversation_id] += 1
            continue
        parent = by_id[m.in_reply_to]
        assert parent.conversation_id == m.conversation_id
        assert parent.sent_at < m.sent_at
        assert m.subject == f"RE: {parent.subject.removeprefix('RE: ')}"
        # The reply answers its parent's sender, from someone who was on the parent.
        assert m.to == (parent.sender,)
        assert m.sender in (*parent.to, *parent.cc)
    assert set(roots) == {m.conversation_id for m in mail}
    assert set(roots.values()) == {1}


def test_threads_are_consistent(world: World) -> None:
    _check_threads(world)
    assert sum(1 for m in world.comms.mail if m.in_reply_to) > len(world.comms.mail) / 10


def test_mail_goes_out_in_office_hours(world: World) -> None:
    people = {p.email: p for p in world.people}
    zones = {loc.id: ZoneInfo(loc.timezone) for loc in world.locations}
    for m in world.comms.mail:
        assert m.sent_at.weekday() < 5, m.id
        sender = people.get(m.sender.address)
        if sender is not None:
            local = m.sent_at.replace(tzinfo=UTC).astimezone(zones[sender.location_id])
            assert local.weekday() < 5 and 8 <= local.hour < 18, (m.id, local)


# --- what the mail says comes from the world -------------------------------------------------

def test_vendor_mail_quotes_real_orders_and_invoices(world: World) -> None:
    proc = world.procurement
    invoices = {i.invoice_number: i for i in proc.invoices}
    orders = {o.number: o for o in proc.purchase_orders}
    contacts = {s.id: s.primary_contact.email.lower() for s in proc.suppliers}
    seen = 0
    for m in world.comms.mail:
        hit = re.fullmatch(r"Invoice (\S+) - (PO-\d+)", m.subject)
        if m.kind != "vendor" or hit is None:
            continue
        invoice, order = invoices[hit[1]], orders[hit[2]]
        assert invoice.order_id == order.id
        assert m.sender.address == contacts[invoice.supplier_id]
        assert f"${invoice.total:,.2f}" in m.body
        assert m.attachments[0].name == f"Invoice_{invoice.invoice_number}.pdf"
        seen += 1
    assert seen > 50


def test_recruiting_mail_names_real_candidates_and_jobs(world: World) -> None:
    names = {f"{c.first_name} {c.last_name}" for c in world.hiring.candidates}
    jobs = {j.name for j in world.hiring.jobs}
    seen = 0
    for m in world.comms.mail:
        hit = re.fullmatch(r"Candidate for (.+): (.+)", m.subject)
        if hit:
            assert hit[1] in jobs and hit[2] in names
            seen += 1
    assert seen > 5


# --- calendar -------------------------------------------------------------------------------

def test_interviews_match_the_ats(world: World) -> None:
    h, now = world.hiring, world.now
    apps = {a.id: a for a in h.applications}
    candidates = {c.id: c for c in h.candidates}
    jobs = {j.id: j for j in h.jobs}
    employed = {p.id for p in world.people if p.status != "terminated"}
    rooms = {r.id: r for r in world.comms.rooms}
    meetings = [m for m in world.comms.meetings if m.kind == "interview"]
    days = timedelta(days=MEETING_DAYS)
    wanted = [iv for iv in h.interviews
              if (now - days).date() <= iv.start.date() < (now + days).date()]
    assert len(meetings) == len(wanted) > 20
    by_slot = {(m.start, m.organizer.address, m.subject): m for m in meetings}
    for iv in wanted:
        app = apps[iv.application_id]
        cand, job = candidates[app.candidate_id], jobs[app.job_id or 0]
        subject = f"Interview: {cand.first_name} {cand.last_name} - {iv.interview} ({job.name})"
        m = by_slot.pop((iv.start, world.person(iv.organizer_id).email, subject))
        assert m.end == iv.end
        expected = {world.person(i).email for i in iv.interviewers
                    if i in employed and i != iv.organizer_id}
        assert {a.email.address for a in m.attendees if a.type != "resource"} == expected
        if iv.location == "Video call":
            assert m.is_online and m.room_id is None
        else:
            assert m.room_id is not None and rooms[m.room_id].location_id == job.location_id
    assert not by_slot


def test_one_on_ones_and_team_meetings_follow_the_org_chart(world: World) -> None:
    employed = {p.id: p for p in world.people if p.status != "terminated"}
    reports: dict[int, list[int]] = collections.defaultdict(list)
    for p in employed.values():
        if p.manager_id in employed:
            reports[p.manager_id].append(p.id)  # type: ignore[index]
    email = {p.email: p.id for p in employed.values()}
    pairs = collections.Counter()
    for m in world.comms.meetings:
        if m.kind != "one_on_one":
            continue
        assert m.recurrence is not None and m.recurrence.pattern == "weekly"
        assert len(m.attendees) == 1
        pairs[(email[m.organizer.address], email[m.attendees[0].email.address])] += 1
    expected = {(mgr, r) for mgr, rs in reports.items() for r in rs
                if employed[r].status == "active"}
    assert set(pairs) == expected and set(pairs.values()) == {1}
    teams = {}
    for m in world.comms.meetings:
        if m.kind == "team" and m.subject != "Exec staff meeting":
            assert m.recurrence is not None
            teams[email[m.organizer.address]] = {
                email[a.email.address] for a in m.attendees if a.type == "required"}
    assert teams == {mgr: set(rs) for mgr, rs in reports.items() if len(rs) >= 2}


def _check_rooms(world: World) -> None:
    until = world.now + timedelta(days=MEETING_DAYS + 1)
    booked: dict[str, list[tuple[datetime, datetime, str]]] = collections.defaultdict(list)
    for m in world.comms.meetings:
        if m.room_id is None or m.is_cancelled:
            continue
        rooms = [a for a in m.attendees if a.type == "resource"]
        assert len(rooms) == 1
        for start, end in _occurrences(m, until):
            booked[m.room_id].append((start, end, m.id))
    for slots in booked.values():
        slots.sort()
        for (_, end, a), (start, _, b) in zip(slots, slots[1:], strict=False):
            assert end <= start, (a, b)


def test_out_of_office_is_the_hris_time_off(world: World) -> None:
    lo = (world.now - timedelta(days=MEETING_DAYS)).date()
    hi = (world.now + timedelta(days=MEETING_DAYS)).date()
    employed = {p.id for p in world.people if p.status != "terminated"}
    expected = {(world.person(t.person_id).email, t.start, t.end) for t in world.time_off
                if t.status == "approved" and t.person_id in employed and lo <= t.start <= hi}
    got = {(m.organizer.address, m.start.date(), (m.end - timedelta(days=1)).date())
           for m in world.comms.meetings if m.kind == "out_of_office"}
    assert got == expected and expected
    assert all(m.is_all_day and m.show_as == "oof" and not m.attendees
               for m in world.comms.meetings if m.kind == "out_of_office")


def test_booking_times_and_zones(world: World) -> None:
    zones = {loc.timezone for loc in world.locations}
    people = {p.email: p for p in world.people}
    for m in world.comms.meetings:
        assert m.created_at is not None and m.created_at <= world.now
        assert m.time_zone in zones
        assert m.time_zone == world.location(people[m.organizer.address].location_id).timezone
        if m.recurrence is not None:  # its dates and weekdays are local to its zone
            local = m.start.replace(tzinfo=UTC).astimezone(ZoneInfo(m.time_zone))
            assert WEEKDAYS[m.recurrence.start.weekday()] in m.recurrence.days_of_week
            assert m.recurrence.start == local.date()


def test_rooms_are_never_double_booked(world: World) -> None:
    _check_rooms(world)
    capacity = {r.id: r.capacity for r in world.comms.rooms}
    for m in world.comms.meetings:
        if m.room_id is not None and m.kind != "all_hands":
            assert len(m.attendees) <= capacity[m.room_id]  # attendees + organiser - room
