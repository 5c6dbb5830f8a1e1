"""`Draw`: the mail and calendars of one world as they are being drawn.

It holds the stream (`random.Random` and `Faker` seeded with `f"{seed}:comms"`), the pools of
outside people and companies, who works with whom, the drafts so far (`add`, `thread`) and
the rooms' bookings (`free_room`, `meeting`); the functions of the modules beside it draw
each kind of mail and meeting with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from faker import Faker

from arcadia.world.comms import (
    Attendee,
    EmailAddress,
    MailAttachment,
    MailKind,
    Meeting,
    Room,
)
from arcadia.world.robotics.comms.topics import ATTACH_TYPES, PDF, PROJECTS

if TYPE_CHECKING:
    from arcadia.world.model import Person
    from arcadia.world.world import World

MAIL_DAYS = 91  # about three months of mail up to `now`
MEETING_DAYS = 28  # meetings from four weeks before `now` to four weeks after
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
TEAMS_MEETING = "Microsoft Teams Meeting"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
# Local hours mail is sent at, weighted by repetition (mornings and early afternoons).
WORK_HOURS = (8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 13, 13, 13, 14, 14, 14, 14, 15, 15,
              15, 16, 16, 17)
# Office closures (month, day) nobody sends routine mail or books meetings on.
HOLIDAYS = ((1, 1), (1, 2), (5, 25), (7, 3), (7, 4), (9, 7), (11, 26), (11, 27), (12, 24),
            (12, 25), (12, 31))

# Notification senders, as the products send them.
BAMBOOHR = EmailAddress("BambooHR", "notifications@app.bamboohr.com")
GUSTO = EmailAddress("Gusto", "no-reply@gusto.com")
GREENHOUSE = EmailAddress("Greenhouse", "no-reply@greenhouse.io")

# Rooms: location id -> (building, [(floor, name, capacity, av)]).
ROOMS: dict[str, tuple[str, tuple[tuple[int, str, int, bool], ...]]] = {
    "LOC-PIT": ("Smallman Building", (
        (1, "Allegheny", 40, True), (1, "Monongahela", 12, True), (2, "Ohio", 10, True),
        (2, "Duquesne", 6, True), (2, "Strip District", 4, False), (3, "Carnegie", 16, True),
        (3, "Mellon", 8, True), (3, "Polish Hill", 4, False), (4, "Unimate", 8, True),
        (4, "Shakey", 6, True), (4, "Boardroom", 20, True), (5, "Lawrenceville", 10, True),
    )),
    "LOC-COL": ("Plant 1", (
        (1, "Scioto", 24, True), (1, "Olentangy", 10, True), (1, "Line-Side Huddle", 8, False),
        (2, "Buckeye", 12, True), (2, "Short North", 6, True), (2, "Quality Lab Conf", 6, True),
        (2, "German Village", 4, False), (3, "Training Room", 30, True),
    )),
    "LOC-AUS": ("Domain Tower", (
        (7, "Colorado", 14, True), (7, "Pecan", 6, True), (7, "Zilker", 8, True),
        (8, "Bluebonnet", 4, False), (8, "Barton Springs", 10, True), (8, "Congress", 18, True),
    )),
    "LOC-RNO": ("Warehouse A", (
        (1, "Truckee", 12, True), (1, "Sierra", 6, True), (1, "Dock Office", 4, False),
        (2, "Tahoe", 16, True),
    )),
}

@dataclass
class Draft:
    """A message before it is sent: `Draw.add` keeps it, `finish_mail` gives it its id and
    its copies' state."""

    conversation: str
    sent_at: datetime
    sender: EmailAddress
    to: tuple[EmailAddress, ...]
    subject: str
    body: str
    kind: MailKind
    cc: tuple[EmailAddress, ...] = ()
    importance: str = "normal"
    categories: tuple[str, ...] = ()
    attachments: tuple[MailAttachment, ...] = ()
    reply_to: int | None = None  # index of the draft this answers
    filed_kind: str = ""  # what a custom folder would file it under


@dataclass
class _Booking:
    """Room occupancy in 30-minute slots: one-off by date, recurring by weekday."""

    once: set[tuple[str, date, int]] = field(default_factory=set)
    weekly: set[tuple[str, int, int]] = field(default_factory=set)


def _slug(name: str) -> str:
    slug = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    return slug


def rooms_for(world: World) -> list[Room]:
    """The meeting rooms of every location (addresses `conf-<site>-<name>@` the domain)."""
    rooms = []
    for loc in world.locations:
        building, entries = ROOMS.get(loc.id, ("Main Building", ()))
        site = loc.id[4:].lower()
        for floor, name, capacity, av in entries:
            rooms.append(Room(f"room-{site}-{floor}-{_slug(name)}",
                              f"conf-{site}-{_slug(name)}@{world.domain}", name, loc.id,
                              building, floor, capacity, av))
    return rooms


class Draw:
    """The state of one world's comms draw (see the module's docstring)."""

    def __init__(self, world: World) -> None:
        seed = world.spec.seed
        self.world = world
        self.rng = random.Random(f"{seed}:comms")
        self.fake = Faker("en_US")
        self.fake.seed_instance(f"{seed}:comms")
        # Outside people and companies are drawn from pools Faker fills once (drawing each
        # from Faker's weighted lists is what costs).
        self.first_names = [self.fake.first_name() for _ in range(80)]
        self.last_names = [self.fake.last_name() for _ in range(80)]
        self.companies = sorted({self.fake.company() for _ in range(60)})
        self.now = world.now
        self.today = world.now.date()
        self.mail_start = self.today - timedelta(days=MAIL_DAYS)
        self.people = [p for p in world.people if p.status != "terminated"]
        self.by_id = {p.id: p for p in world.people}
        self.active_ids = {p.id for p in self.people}
        self.addr = {p.id: EmailAddress(p.name, p.email) for p in world.people}
        self.reports: dict[int, list[Person]] = {}
        for p in self.people:
            if p.manager_id is not None and p.manager_id in self.active_ids:
                self.reports.setdefault(p.manager_id, []).append(p)
        self.zones = {loc.id: ZoneInfo(loc.timezone) for loc in world.locations}
        self.offsets: dict[tuple[str, date], timedelta] = {}
        self.drafts: list[Draft] = []
        self.ctx: dict[str, str] = {}
        # When each employed person joined (addresses of leavers hold no mailbox: far future).
        self.hired = {p.email: p.hire_date if p.status != "terminated" else date.max
                      for p in world.people}
        self.location_of = {p.email: p.location_id for p in world.people}
        self.conversations = 0
        self.meetings: list[tuple[Meeting, int]] = []
        self.booking = _Booking()
        self.rooms = rooms_for(world)
        self.coupa = EmailAddress(
            "Coupa", f"do_not_reply@{world.company_name.lower().split()[0]}.coupahost.com")
        # The calendars' window: `MEETING_DAYS` either side of `now`.
        self.cal_start = self.today - timedelta(days=MEETING_DAYS)
        self.cal_end = self.today + timedelta(days=MEETING_DAYS)

    # --- helpers ---------------------------------------------------------------------------

    def team_of(self, dept: str, team: str | None = None) -> list[Person]:
        return [p for p in self.people if p.department_id == dept
                and (team is None or p.team == team)]

    def local(self, location_id: str, day: date, hour: int, minute: int = 0) -> datetime:
        """`hour:minute` local time at the location on `day`, as naive UTC."""
        key = (location_id, day)
        offset = self.offsets.get(key)
        if offset is None:
            moment = datetime.combine(day, time(12), tzinfo=self.zones[location_id])
            offset = self.offsets[key] = moment.utcoffset() or timedelta(0)
        return datetime.combine(day, time(hour, minute)) - offset

    def workday(self, first: date, last: date) -> date | None:
        """A random working day in [first, last], None when none was found."""
        if last < first:
            return None
        for _ in range(8):
            day = first + timedelta(days=self.rint(0, (last - first).days))
            if day.weekday() < 5 and (day.month, day.day) not in HOLIDAYS:
                return day
        return None

    def mail_day(self, *people: Person, last: date | None = None) -> date | None:
        first = max([self.mail_start, *(p.hire_date + timedelta(days=1) for p in people)])
        return self.workday(first, last or self.today)

    def work_time(self, person: Person, day: date) -> datetime:
        roll = self.rng.random()
        hour = WORK_HOURS[int(roll * len(WORK_HOURS))]
        return self.local(person.location_id, day, hour, int(roll * 6007) % 60)

    def rint(self, low: int, high: int) -> int:
        """A number in [low, high] (`randint`'s range, from one `random()` draw)."""
        return low + int(self.rng.random() * (high - low + 1))

    def outsider(self) -> tuple[str, str]:
        return self.rng.choice(self.first_names), self.rng.choice(self.last_names)

    def conversation(self) -> str:
        self.conversations += 1
        return f"conv-{self.conversations:06d}"

    def topic(self, dept: str, day: date) -> None:
        """Draw the fill-ins of one thread sent on `day`: a project, a day, a month."""
        rng = self.rng
        later = day + timedelta(days=self.rint(1, 6))
        while later.weekday() >= 5:
            later += timedelta(days=1)
        month = (day + timedelta(days=self.rint(0, 35))).month
        self.ctx = {"p": rng.choice(PROJECTS.get(dept, PROJECTS["EXE"])),
                    "d": WEEKDAYS[later.weekday()].capitalize(), "m": MONTHS[month - 1]}

    def fill(self, text: str, dept: str, **extra: str) -> str:
        """`text` with the current thread's fill-ins (see `topic`) and `extra`."""
        return text.format(**self.ctx, **extra)

    @staticmethod
    def sign(body: str, person: Person | EmailAddress) -> str:
        first = person.first_name if not isinstance(person, EmailAddress) \
            else person.name.split()[0]
        return f"{body}\n\n{first}"

    def attachment(self, stem: str, ext: str = "", kind: str = "") -> MailAttachment:
        if not ext:
            ext, kind = self.rng.choice(ATTACH_TYPES)
        return MailAttachment(f"{stem}.{ext}", kind or PDF,
                              self.rint(18_000, 2_400_000))

    def add(self, draft: Draft) -> int | None:
        """Keep `draft` (its index), unless it is not sent by `now` or someone on it had not
        joined yet: then a recipient who had not joined is left off, and a message from
        someone who had not, or with nobody left, is not sent (None). A person's mail goes out
        in their office hours (`office_hours`); nothing is sent on a weekend."""
        location = self.location_of.get(draft.sender.address)
        if location is not None or draft.sent_at.weekday() >= 5:
            draft.sent_at = self.office_hours(draft.sent_at, location or "LOC-PIT")
        day = draft.sent_at.date()
        if draft.sent_at > self.now or self.hired.get(draft.sender.address, date.min) >= day:
            return None
        if any(self.hired.get(a.address, date.min) >= day for a in (*draft.to, *draft.cc)):
            draft.to = tuple(a for a in draft.to if self.hired.get(a.address, date.min) < day)
            draft.cc = tuple(a for a in draft.cc if self.hired.get(a.address, date.min) < day)
            if not draft.to:
                return None
        self.drafts.append(draft)
        return len(self.drafts) - 1

    def office_hours(self, at: datetime, location_id: str) -> datetime:
        """`at`, or the next moment within office hours (08:00-18:00 local on a working day)
        at the location, that is also a weekday in UTC."""
        for _ in range(10):
            offset = self.local(location_id, at.date(), 12) - datetime.combine(at.date(),
                                                                              time(12))
            local = at - offset
            day = local.date()
            if day.weekday() >= 5 or (day.month, day.day) in HOLIDAYS or local.hour >= 18:
                day += timedelta(days=1)
                while day.weekday() >= 5 or (day.month, day.day) in HOLIDAYS:
                    day += timedelta(days=1)
                at = self.local(location_id, day, 8, self.rint(0, 50))
            elif local.hour < 8:
                at = self.local(location_id, day, 8, self.rint(0, 50))
            if at.weekday() < 5:
                return at
            at += timedelta(hours=12)  # a late Friday in UTC: the next working morning
        return at

    def thread(self, kind: MailKind, sender: EmailAddress, to: list[EmailAddress],
               subject: str, body: str, replies: list[tuple[EmailAddress, str]],
               at: datetime, cc: tuple[EmailAddress, ...] = (), filed_kind: str = "",
               attachments: tuple[MailAttachment, ...] = (), importance: str = "normal",
               gap: tuple[int, int] = (12, 600)) -> None:
        """A first message and its replies (each answering the one before, reply-all)."""
        if at > self.now:
            return
        conversation = self.conversation()
        index = self.add(Draft(conversation, at, sender, tuple(to), subject, body, kind, cc,
                                importance, (), attachments, None, filed_kind))
        if index is None:
            return
        previous = self.drafts[index]
        everyone = [previous.sender, *previous.to, *previous.cc]
        for who, text in replies:
            at = previous.sent_at + timedelta(minutes=self.rint(*gap))
            if at > self.now or who not in everyone:
                break
            rest = tuple(a for a in everyone if a != who and a != previous.sender)
            index = self.add(Draft(conversation, at, who, (previous.sender,),
                                    f"RE: {subject}", text, kind, rest, "normal", (), (),
                                    index, filed_kind))
            if index is None:
                break
            previous = self.drafts[index]

    def meeting(self, m: Meeting) -> None:
        self.meetings.append((m, len(self.meetings)))

    def slots(self, start: datetime, end: datetime) -> list[int]:
        first = (start.hour * 60 + start.minute) // 30
        last = max(first + 1, -(-(end.hour * 60 + end.minute) // 30))
        return list(range(first, last))

    def free_room(self, location_id: str, start: datetime, end: datetime, size: int,
                  weekly: bool) -> Room | None:
        """The smallest free room at the location that seats `size`, booked if found.

        Booked in local time: a series recurs at the same local time (`Meeting.time_zone`),
        and every room of a location shares its zone."""
        offset = self.local(location_id, start.date(), 12) - datetime.combine(start.date(),
                                                                               time(12))
        start, end = start - offset, end - offset
        slots = self.slots(start, end)
        day = start.date()
        days = [day + timedelta(weeks=k) for k in range(-6, 7)] if weekly else [day]
        for room in sorted((r for r in self.rooms if r.location_id == location_id
                            and r.capacity >= size), key=lambda r: (r.capacity, r.id)):
            if any((room.id, day.weekday(), s) in self.booking.weekly for s in slots):
                continue
            if any((room.id, d, s) in self.booking.once for d in days for s in slots):
                continue
            for s in slots:
                if weekly:
                    self.booking.weekly.add((room.id, day.weekday(), s))
                else:
                    self.booking.once.add((room.id, day, s))
            return room
        return None

    def responses(self, people: list[Person], start: datetime) -> tuple[Attendee, ...]:
        rng = self.rng
        out = []
        for p in people:
            roll = rng.random()
            if roll < 0.06:
                response = "declined"
            elif roll < 0.14:
                response = "tentativelyAccepted"
            elif roll < (0.3 if start > self.now else 0.2):
                response = "none"
            else:
                response = "accepted"
            out.append(Attendee(self.addr[p.id], "required", response))  # type: ignore[arg-type]
        return tuple(out)

    def series_day(self, person: Person, weekday: int) -> tuple[date, int]:
        """The first `weekday` of the calendar window (after the person's hire), an hour."""
        first = max(self.cal_start, person.hire_date + timedelta(days=3))
        day = first + timedelta(days=(weekday - first.weekday()) % 7)
        return day, self.rng.choice((9, 10, 11, 13, 14, 15, 16))
