"""`generate_comms(world) -> Comms`: Arcadia's mail and calendars, drawn from the world.

Drawn from `random.Random` and `Faker` seeded with `f"{seed}:comms"`, after the people,
hiring and procurement exist and before any situation is applied, so adding it changed no
other world value. Everything derives from the world: who works with whom (teams, managers,
departments), the ATS (applications, interviews, offers), procurement (suppliers, orders,
invoices, approvals, contracts) and the HRIS (time off, anniversaries).

Mail covers the `MAIL_DAYS` days up to `now`: threads inside teams, manager/report mail,
cross-team mail, vendor mail to buyers and Accounts Payable quoting real order and invoice
numbers, recruiting mail between recruiters, hiring managers and candidates, the product
notifications of BambooHR, Gusto, Greenhouse and Coupa, and outside senders. Some copies are
unread or flagged, some people keep custom folders and file mail there.

Calendars cover `MEETING_DAYS` days either side of `now`: weekly 1:1s of every manager with
every report and weekly team meetings (recurring series), the ATS's scheduled interviews
(candidate in the subject, interviewers as attendees, a room at the job's office when on
site), company and department all-hands, reviews, customer and supplier meetings, focus
time; a few responses are tentative or declined and a few meetings cancelled. Rooms are
never double-booked. Only people who work here (not terminated) hold mail or meetings, and
never before their hire date.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from faker import Faker

from arcadia.world.comms import (
    Attendee,
    Comms,
    EmailAddress,
    Mail,
    MailAttachment,
    MailFolderTruth,
    MailKind,
    Meeting,
    Recurrence,
    Room,
)

if TYPE_CHECKING:
    from arcadia.world.model import Person, World

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

PROJECTS = {
    "ENG": ("Gen3 gripper", "ARC-7 arm", "firmware 4.2 release", "vision stack refresh",
            "motion planner rewrite", "safety PLC integration", "CI pipeline"),
    "MFG": ("Line 2 changeover", "ARC-7 pilot build", "cycle-time reduction", "5S audit",
            "torque-tool calibration", "night-shift staffing"),
    "SCM": ("Q2 demand plan", "servo motor sourcing", "Reno cycle count", "freight RFQ",
            "safety stock review", "dual-sourcing harnesses"),
    "QA": ("supplier audit schedule", "ISO 9001 surveillance audit", "CAPA backlog",
           "incoming inspection plan", "MTBF report"),
    "SAL": ("Q1 pipeline", "Midwest distributor deal", "EMEA pricing", "trade-show leads",
            "renewals forecast", "demo unit pool"),
    "FIN": ("month-end close", "Q1 forecast", "audit PBC list", "expense policy update",
            "sales tax filing", "cash forecast"),
    "HR": ("open enrolment follow-up", "performance review calibration", "onboarding revamp",
           "handbook update", "engagement survey", "comp review cycle"),
    "IT": ("laptop refresh", "MFA rollout", "Wi-Fi upgrade at Columbus", "ticket backlog",
           "SSO migration", "backup restore test"),
    "LEG": ("MSA redlines", "NDA template refresh", "export classification",
            "patent filing", "privacy policy update"),
    "EXE": ("board deck", "offsite planning", "investor update", "OKR review"),
}

# Team threads: (subject, opening, replies). {p} a project, {d} a day, {m} a month.
TEAM_TOPICS = (
    ("{p} - status this week", "Quick status on {p}: we're mostly on track, two open items "
     "I'd like to close before {d}. Can you send me your updates by end of day?",
     ("Mine are in the tracker now. One blocker on my side, details in the notes.",
      "Updated. I can pick up the second open item if nobody has it.",
      "Thanks both, that covers it. I'll summarise for the team meeting.")),
    ("Coverage while I'm out {d}", "Heads up that I'm out on {d}. Could someone cover my "
     "items on {p}? Everything is documented in the shared folder.",
     ("I can cover. Anything urgent I should know about?",
      "Nothing urgent, just keep an eye on the open tickets. Thank you!",
      "Happy to back up as well if needed.")),
    ("Notes from today's sync", "Notes from today: 1) {p} review moved to {d}; 2) please "
     "log hours against the right project code; 3) team lunch next week.",
     ("Thanks for sending. Small correction: the review is in the afternoon.",
      "Got it, updated the calendar invite.")),
    ("Question on {p}", "Do we have a decision on the approach for {p}? I want to start on "
     "my part but don't want to redo it.",
     ("Not final yet, but go with option B for now. I'll confirm by {d}.",
      "Option B works for me too.",
      "Great, starting on it today.")),
    ("{p}: draft for review", "Attached is the first draft for {p}. Comments welcome by {d}.",
     ("Looks good overall. A few comments inline.", "Addressed your comments, new version "
      "in the same folder.", "Thanks, approved from my side.")),
    ("Lunch and learn on {d}?", "Would anyone be interested in a lunch and learn on {p}? "
     "I could do 30 minutes on {d}.",
     ("Yes please!", "Count me in. Can we record it for the other site?",
      "Will do. I'll send an invite.")),
    ("Handoff: {p}", "I'm handing over {p} since my priorities changed. Summary of where "
     "things stand is attached; let's walk through it {d}.",
     ("Thanks, {d} works. I'll read through before.", "Sounds good.")),
    ("{m} priorities", "Here's how I see our priorities for {m}: {p} first, then the "
     "backlog. Shout if you see it differently.",
     ("Agree. We may need help from another team on the second item.",
      "I'll raise that with their manager.")),
)

MANAGER_TOPICS = (
    ("Agenda for our 1:1", "Hi {r}, for our 1:1 I'd like to cover your goals for {m} and "
     "how {p} is going. Anything you want to add?",
     ("Thanks {mg}. I'd also like to talk about training options.", "Sure, add it to the doc.")),
    ("Feedback on {p}", "Hi {r}, nice work on {p} this week. The write-up was clear and the "
     "team appreciated it.", ("Thank you, that's good to hear!",)),
    ("Time off in {m}", "Hi {mg}, I'm planning a few days off in {m}. I'll put the request "
     "in BambooHR. Any concerns with timing around {p}?",
     ("No concerns, go ahead. Make sure someone covers your open items.",
      "Will do, thanks.")),
    ("Your goals for next quarter", "Hi {r}, please draft your goals for next quarter before "
     "{d}; we'll refine them together.", ("Will do. I'll have a draft by then.",)),
    ("Training budget request", "Hi {mg}, there's a course relevant to {p} (about $1,200). "
     "Would the team budget cover it?",
     ("Send me the details and I'll check with Finance.", "Sent, thank you.")),
    ("Checking in", "Hi {r}, just checking in: how is the workload? I know {p} has been "
     "busy.", ("Busy but manageable. I'll flag if that changes.", "Thanks, appreciate it.")),
)

CROSS_TOPICS = (
    ("HR", "Question about my benefits", "Hi {t}, I'm trying to add my spouse to my dental "
     "plan. Is that possible outside open enrolment?",
     ("Hi {f}, yes, a qualifying life event lets you do that within 30 days. I'll send "
      "you the form.", "Thank you!")),
    ("HR", "Employment verification letter", "Hi {t}, could I get an employment verification "
     "letter for my apartment application?", ("Sure, I'll send it over by tomorrow.",)),
    ("IT", "Laptop running slow", "Hi {t}, my laptop has been very slow since the last "
     "update. Could someone take a look?",
     ("Hi {f}, I've opened a ticket. Can you bring it to the service desk tomorrow?",
      "Yes, I'll drop by in the morning.")),
    ("IT", "Access to the shared drive", "Hi {t}, I need access to the {p} folder on the "
     "shared drive. My manager approved it.", ("Done, you should see it within the hour.",
                                                "Works now, thanks!")),
    ("FIN", "Expense report question", "Hi {t}, my expense report was sent back. Which "
     "receipt is missing?", ("Hi {f}, the hotel folio for the second night. Attach it and "
                             "resubmit.", "Done, thank you.")),
    ("FIN", "Budget for {m}", "Hi {t}, can you confirm how much is left in our budget for "
     "{m}? We're planning a purchase for {p}.",
     ("Hi {f}, I'll pull the numbers from the budget tracker and get back to you.",)),
    ("SCM", "Lead time on parts for {p}", "Hi {t}, what's the current lead time on the parts "
     "for {p}? We need them by {d}.",
     ("Hi {f}, about three weeks from our usual supplier. I'll check if we can expedite.",
      "Thanks, please do.")),
    ("QA", "Inspection results", "Hi {t}, are the inspection results for last week's lot "
     "available?", ("Yes, attached. Two non-conformances, both minor.",)),
    ("ENG", "Spec clarification", "Hi {t}, the drawing for {p} and the spec disagree on "
     "the tolerance. Which one is right?",
     ("Good catch, the spec is right. I'll update the drawing.", "Thank you.")),
    ("LEG", "NDA for a new partner", "Hi {t}, we need an NDA with a prospective partner "
     "before {d}. Can you send our standard mutual NDA?",
     ("Attached. Send it back once they've signed.",)),
    ("SAL", "Customer asking about {p}", "Hi {t}, a customer asked about {p}. Is there a "
     "date we can share?", ("Not yet public. I'll let you know what we can say.",)),
)

ATTACH_TYPES = (
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    ("pdf", "application/pdf"),
)
PDF = "application/pdf"

NEWSLETTERS = (
    ("The Robot Report", "newsletter@therobotreport.com", "This week in robotics"),
    ("Automation World", "news@automationworld.com", "Automation World Daily"),
    ("SHRM", "shrm@e.shrm.org", "HR Daily: this week's top stories"),
    ("IEEE Spectrum", "spectrum@ieee.org", "Tech Alert: robotics"),
    ("Supply Chain Dive", "newsletter@supplychaindive.com", "Supply Chain Dive: Operations"),
)
DEPT_NEWSLETTERS = {"ENG": (0, 3), "MFG": (0, 1), "SCM": (4,), "HR": (2,), "QA": (1,),
                    "SAL": (0,), "IT": (3,), "FIN": (), "LEG": (), "EXE": (0,)}

CUSTOMER_TOPICS = (
    ("Quote request: {n} units", "Hi {t}, we're evaluating cobots for our packaging line. "
     "Could you send a quote for {n} units with the extended warranty?",
     "Thanks for reaching out. I'll have a quote to you by {d}."),
    ("Follow-up from our demo", "Hi {t}, thanks for the demo last week. Our engineering team "
     "has a few questions about payload and reach; can we set up a call?",
     "Happy to. I'll bring one of our solutions engineers."),
    ("Service contract renewal", "Hi {t}, our service contract expires next month. What are "
     "the renewal options?", "I'll send the renewal options and pricing this week."),
)


@dataclass
class _Draft:
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


def generate_comms(world: World) -> Comms:
    """The mail and calendar truth of `world` (see `arcadia.world.comms`)."""
    return _Gen(world).run()


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


class _Gen:
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
        self.drafts: list[_Draft] = []
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

    def add(self, draft: _Draft) -> int | None:
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
        index = self.add(_Draft(conversation, at, sender, tuple(to), subject, body, kind, cc,
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
            index = self.add(_Draft(conversation, at, who, (previous.sender,),
                                    f"RE: {subject}", text, kind, rest, "normal", (), (),
                                    index, filed_kind))
            if index is None:
                break
            previous = self.drafts[index]

    # --- mail ------------------------------------------------------------------------------

    def run(self) -> Comms:
        self.team_mail()
        self.manager_mail()
        self.cross_team_mail()
        self.vendor_mail()
        self.recruiting_mail()
        self.notifications()
        self.external_mail()
        self.company_mail()
        mail, folders = self.finish_mail()
        self.calendar()
        zone = {p.email: self.world.location(p.location_id).timezone for p in self.people}
        meetings = [m for m, _ in sorted(self.meetings, key=lambda x: (x[0].start, x[1]))]
        # Nothing is booked after `now`: a meeting "booked" later was booked a while ago.
        meetings = [replace(m, id=f"mtg-{i + 1:06d}", time_zone=zone[m.organizer.address],
                            created_at=min(m.created_at or m.start - timedelta(days=7),
                                           self.now - timedelta(minutes=30 + i * 37 % 5000)))
                    for i, m in enumerate(meetings)]
        return Comms(mail=mail, folders=folders, rooms=list(self.rooms), meetings=meetings)

    def team_mail(self) -> None:
        rng = self.rng
        for manager_id in sorted(self.reports):
            members = [self.by_id[manager_id], *self.reports[manager_id]]
            if len(members) < 2:
                continue
            dept = members[0].department_id
            if dept != members[-1].department_id:
                dept = members[-1].department_id
            for _ in range(round(len(members) * rng.uniform(1.6, 2.4))):
                group = rng.sample(members, min(len(members), self.rint(2, 4)))
                starter = group[0]
                day = self.mail_day(*group)
                if day is None:
                    continue
                subject, opening, replies = rng.choice(TEAM_TOPICS)
                self.topic(dept, day)
                subject = self.fill(subject, dept)
                answers = []
                for i, text in enumerate(replies[:self.rint(0, len(replies))]):
                    who = group[(i + 1) % len(group)]
                    answers.append((self.addr[who.id], self.sign(self.fill(text, dept), who)))
                attach = (self.attachment(subject.split(":")[0].replace(" ", "_")),) \
                    if "draft" in subject or rng.random() < 0.08 else ()
                self.thread("colleague", self.addr[starter.id],
                            [self.addr[p.id] for p in group[1:]], subject,
                            self.sign(self.fill(opening, dept), starter), answers,
                            self.work_time(starter, day), attachments=attach)

    def manager_mail(self) -> None:
        rng = self.rng
        for manager_id in sorted(self.reports):
            manager = self.by_id[manager_id]
            for report in self.reports[manager_id]:
                for _ in range(self.rint(1, 3)):
                    day = self.mail_day(manager, report)
                    if day is None:
                        continue
                    subject, opening, replies = rng.choice(MANAGER_TOPICS)
                    self.topic(report.department_id, day)
                    from_manager = not opening.startswith("Hi {mg}")
                    first, second = (manager, report) if from_manager else (report, manager)
                    names = {"r": report.first_name, "mg": manager.first_name}
                    dept = report.department_id
                    answers = []
                    for i, text in enumerate(replies):
                        who = second if i % 2 == 0 else first
                        answers.append((self.addr[who.id],
                                        self.sign(self.fill(text, dept, **names), who)))
                    self.thread("colleague", self.addr[first.id], [self.addr[second.id]],
                                self.fill(subject, dept, **names),
                                self.sign(self.fill(opening, dept, **names), first),
                                answers[:self.rint(0, len(answers))],
                                self.work_time(first, day))

    def cross_team_mail(self) -> None:
        rng = self.rng
        by_dept: dict[str, list[Person]] = {}
        for p in self.people:
            if p.level != "E1":
                by_dept.setdefault(p.department_id, []).append(p)
        for person in self.people:
            for _ in range(rng.choice((0, 1, 1, 2))):
                dept, subject, opening, replies = rng.choice(CROSS_TOPICS)
                pool = by_dept.get(dept, [])
                if not pool or dept == person.department_id:
                    continue
                other = rng.choice(pool)
                day = self.mail_day(person, other)
                if day is None:
                    continue
                names = {"t": other.first_name, "f": person.first_name}
                self.topic(person.department_id, day)
                answers = []
                for i, text in enumerate(replies[:self.rint(0, len(replies))]):
                    who = other if i % 2 == 0 else person
                    answers.append((self.addr[who.id],
                                    self.sign(self.fill(text, person.department_id, **names),
                                              who)))
                self.thread("colleague", self.addr[person.id], [self.addr[other.id]],
                            self.fill(subject, person.department_id, **names),
                            self.sign(self.fill(opening, person.department_id, **names),
                                      person),
                            answers, self.work_time(person, day))

    def vendor_mail(self) -> None:
        rng, proc = self.rng, self.world.procurement
        ap = [p for p in self.team_of("FIN", "Accounts Payable") if p.level != "E1"] \
            or self.team_of("FIN")
        buyers = [p for p in self.people if "procurement" in p.roles] or self.team_of("SCM")
        if not ap or not buyers:
            return
        suppliers = {s.id: s for s in proc.suppliers}
        orders = {o.id: o for o in proc.purchase_orders}
        start = datetime.combine(self.mail_start, time())
        for invoice in proc.invoices:
            if not start <= invoice.received_at <= self.now:
                continue
            supplier = suppliers[invoice.supplier_id]
            order = orders[invoice.order_id]
            clerk = ap[supplier.id % len(ap)]
            if clerk.hire_date >= invoice.received_at.date():
                continue
            c = supplier.primary_contact
            contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
            at = invoice.received_at - timedelta(minutes=self.rint(30, 600))
            body = (f"Hello,\n\nPlease find attached invoice {invoice.invoice_number} dated "
                    f"{invoice.invoice_date:%B %d, %Y} for purchase order {order.number}, "
                    f"amount ${invoice.total:,.2f}.\n\nPayment terms as agreed. Let us know "
                    f"if you need anything else.\n\nBest regards,\n{c.name_given} "
                    f"{c.name_family}\n{supplier.name}\n{c.phone_work}")
            attach = (self.attachment(f"Invoice_{invoice.invoice_number}", "pdf", PDF),)
            replies: list[tuple[EmailAddress, str]] = []
            if invoice.status == "disputed":
                replies = [(self.addr[clerk.id], self.sign(
                    f"Hi {c.name_given},\n\nWe can't approve invoice {invoice.invoice_number} "
                    f"as it stands: it doesn't match what we received against "
                    f"{order.number}. Could you review and send a corrected invoice or a "
                    f"credit note?", clerk)),
                    (contact, f"Hi {clerk.first_name},\n\nThanks for flagging. We're looking "
                     f"into it and will come back to you this week.\n\n{c.name_given}")]
            elif rng.random() < 0.3:
                replies = [(self.addr[clerk.id], self.sign(
                    f"Hi {c.name_given},\n\nReceived, thank you. It's in our approval "
                    f"workflow and will be paid per terms.", clerk))]
            self.thread("vendor", contact, [self.addr[clerk.id]],
                        f"Invoice {invoice.invoice_number} - {order.number}", body, replies,
                        at, attachments=attach, filed_kind="vendor", gap=(60, 1500))
        for order in proc.purchase_orders:
            if not start <= order.created_at <= self.now or rng.random() > 0.25:
                continue
            buyer = self.by_id.get(order.buyer_id)
            if buyer is None or buyer.id not in self.active_ids:
                continue
            supplier = suppliers[order.supplier_id]
            c = supplier.primary_contact
            contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
            at = order.created_at + timedelta(minutes=self.rint(90, 2000))
            ship = (order.created_at + timedelta(days=self.rint(5, 21))).date()
            body = (f"Hi {buyer.first_name},\n\nThank you for your order {order.number} "
                    f"(${order.total:,.2f}). We confirm receipt and expect to ship on or "
                    f"before {ship:%B %d}.\n\nRegards,\n{c.name_given} {c.name_family}\n"
                    f"{supplier.name}")
            self.thread("vendor", contact, [self.addr[buyer.id]],
                        f"Order acknowledgement {order.number}", body, [], at,
                        filed_kind="vendor")
        horizon = self.today + timedelta(days=100)
        for s in proc.suppliers:
            for contract in s.contracts:
                if not self.today < contract.end_date <= horizon:
                    continue
                owner = buyers[s.id % len(buyers)]
                c = s.primary_contact
                contact = EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower())
                day = self.mail_day(owner, last=self.today - timedelta(days=1))
                if day is None:
                    continue
                body = (f"Hi {owner.first_name},\n\nOur agreement {contract.number} "
                        f"({contract.name}) runs until {contract.end_date:%B %d, %Y}. We'd "
                        f"like to start the renewal discussion; are you available for a "
                        f"call in the next two weeks?\n\nKind regards,\n{c.name_given}\n"
                        f"{s.name}")
                reply = [(self.addr[owner.id], self.sign(
                    f"Hi {c.name_given},\n\nThanks for reaching out. Let's talk next week; "
                    f"I'll send an invite. Please include updated pricing.", owner))]
                self.thread("vendor", contact, [self.addr[owner.id]],
                            f"Renewal of {contract.number}", body,
                            reply if rng.random() < 0.6 else [],
                            self.local(owner.location_id, day, 10, self.rint(0, 59)),
                            filed_kind="vendor", gap=(120, 1500))

    def recruiting_mail(self) -> None:
        rng, hiring = self.rng, self.world.hiring
        jobs = {j.id: j for j in hiring.jobs}
        candidates = {c.id: c for c in hiring.candidates}
        start = datetime.combine(self.mail_start, time())
        apps = {a.id: a for a in hiring.applications}
        for app in hiring.applications:
            if app.job_id is None or not start <= app.applied_at <= self.now:
                continue
            job = jobs[app.job_id]
            cand = candidates[app.candidate_id]
            name = f"{cand.first_name} {cand.last_name}"
            for rid in job.team.recruiters[:1]:
                if rid not in self.active_ids or rng.random() > 0.5:
                    continue
                self.add(_Draft(self.conversation(), app.applied_at + timedelta(minutes=2),
                                GREENHOUSE, (self.addr[rid],),
                                f"New application: {name} for {job.name}",
                                f"{name} has applied to {job.name} ({job.requisition_id}) "
                                f"in {self.world.location(job.location_id).name}.\n\nReview "
                                f"the application in Greenhouse.", "notification",
                                filed_kind="recruiting"))
            if app.current_stage_id is None or len(app.history) < 3 or rng.random() > 0.6:
                continue
            recruiter = job.team.recruiters[0] if job.team.recruiters else None
            manager = job.team.hiring_managers[0] if job.team.hiring_managers else None
            if recruiter not in self.active_ids or manager not in self.active_ids:
                continue
            assert recruiter is not None and manager is not None
            r, m = self.by_id[recruiter], self.by_id[manager]
            at = app.history[1].entered_at + timedelta(hours=self.rint(1, 20))
            if at > self.now:
                continue
            resume = next((a.filename for a in cand.attachments if a.type == "resume"),
                          f"{cand.first_name}_{cand.last_name}_Resume.pdf")
            body = (f"Hi {m.first_name},\n\nSharing {name} for {job.name} "
                    f"({job.requisition_id}). Currently {cand.title or 'between roles'}"
                    f"{' at ' + cand.company if cand.company else ''}. Strong screen: good "
                    f"communication and relevant experience. Resume attached; can you review "
                    f"and let me know if we should move to a hiring manager interview?")
            replies = [(self.addr[m.id], self.sign(
                rng.choice(("Looks promising, let's move forward. I have time Thursday.",
                            "Yes, schedule the interview please.",
                            "Not sure about the experience level, but let's talk to them.")),
                m))]
            self.thread("recruiting", self.addr[r.id], [self.addr[m.id]],
                        f"Candidate for {job.name}: {name}", self.sign(body, r),
                        replies[:self.rint(0, 1)], at,
                        attachments=(self.attachment(resume.rsplit(".", 1)[0], "pdf", PDF),),
                        filed_kind="recruiting")
        for iv in hiring.interviews:
            if not start <= iv.start <= self.now + timedelta(days=7):
                continue
            app = apps[iv.application_id]
            cand = candidates[app.candidate_id]
            job = jobs[app.job_id] if app.job_id is not None else None
            if job is None:
                continue
            name = f"{cand.first_name} {cand.last_name}"
            if iv.status == "awaiting_feedback":
                for pid in iv.interviewers:
                    if pid in self.active_ids and iv.end + timedelta(hours=20) <= self.now:
                        self.add(_Draft(self.conversation(), iv.end + timedelta(hours=20),
                                        GREENHOUSE, (self.addr[pid],),
                                        f"Reminder: Please submit your scorecard for {name}",
                                        f"Your scorecard for {name}'s {iv.interview} for "
                                        f"{job.name} is overdue. Submit your feedback in "
                                        f"Greenhouse.", "notification",
                                        importance="high", filed_kind="recruiting"))
            coordinator = self.by_id.get(iv.organizer_id)
            email = next((e.value for e in cand.emails), None)
            sent = iv.start - timedelta(days=self.rint(2, 5), hours=self.rint(0, 5))
            if coordinator is None or email is None or coordinator.id not in self.active_ids \
                    or sent > self.now or sent.date() < self.mail_start or rng.random() > 0.5:
                continue
            where = "by video call (a Teams link will follow)" if iv.location == "Video call" \
                else f"at our {iv.location}"
            at = iv.start.replace(tzinfo=UTC).astimezone(self.zones[job.location_id])
            clock = f"{at:%I:%M %p %Z}".lstrip("0")
            panel = [self.by_id[i] for i in iv.interviewers if i in self.active_ids]
            who = ", ".join(f"{p.name} ({p.title})" for p in panel) or "the hiring team"
            body = (f"Hi {cand.first_name},\n\nThank you for your interest in the {job.name} "
                    f"role. I'm happy to confirm your {iv.interview} on "
                    f"{at:%A, %B} {at.day} at {clock}, {where}. You'll meet {who}.\n\n"
                    f"Let me know if you have any questions.")
            reply = (EmailAddress(name, email.lower()),
                     f"Hi {coordinator.first_name},\n\nThank you, confirmed. Looking "
                     f"forward to it.\n\n{cand.first_name}")
            self.thread("recruiting", self.addr[coordinator.id],
                        [EmailAddress(name, email.lower())], f"Interview confirmation: "
                        f"{job.name} at {self.world.company_name}",
                        self.sign(body, coordinator), [reply] if rng.random() < 0.7 else [],
                        sent, filed_kind="recruiting", gap=(30, 900))
        for offer in hiring.offers:
            if offer.status not in ("accepted", "rejected") or offer.resolved_at is None:
                continue
            if not start <= offer.resolved_at <= self.now:
                continue
            app = apps[offer.application_id]
            cand = candidates[app.candidate_id]
            if app.job_id is None:
                continue
            job = jobs[app.job_id]
            name = f"{cand.first_name} {cand.last_name}"
            verb = "accepted" if offer.status == "accepted" else "declined"
            to = tuple(self.addr[p] for p in (*job.team.recruiters[:1],
                                              *job.team.hiring_managers[:1])
                       if p in self.active_ids)
            if to:
                self.add(_Draft(self.conversation(), offer.resolved_at + timedelta(minutes=3),
                                GREENHOUSE, to, f"{name} has {verb} the offer for {job.name}",
                                f"{name} has {verb} the offer for {job.name} "
                                f"({job.requisition_id}). Start date: "
                                f"{offer.starts_at:%B %d, %Y}.", "notification",
                                filed_kind="recruiting"))

    def notifications(self) -> None:
        world = self.world
        start = self.mail_start
        for req in world.time_off:
            person = self.by_id[req.person_id]
            if person.id not in self.active_ids or person.manager_id not in self.active_ids:
                continue
            asked = req.start - timedelta(days=self.rint(3, 20))
            if not start <= asked <= self.today or asked <= person.hire_date:
                continue
            assert person.manager_id is not None
            at = self.work_time(person, asked)
            if at > self.now:
                continue
            days = f"{req.amount_days} day{'s' if req.amount_days != 1 else ''}"
            span = f"{req.start:%b %d}" + ("" if req.end == req.start else f" - {req.end:%b %d}")
            self.add(_Draft(self.conversation(), at, BAMBOOHR, (self.addr[person.manager_id],),
                            f"Time off request from {person.name}",
                            f"{person.name} has requested {days} of {req.type} ({span}).\n\n"
                            f"Note: {req.note or '(none)'}\n\nApprove or deny this request in "
                            f"BambooHR.", "notification", filed_kind="notification"))
            if req.status in ("approved", "denied"):
                decided = at + timedelta(hours=self.rint(1, 30))
                if decided <= self.now:
                    self.add(_Draft(self.conversation(), decided, BAMBOOHR,
                                    (self.addr[person.id],),
                                    f"Your time off request has been {req.status}",
                                    f"Your request for {days} of {req.type} ({span}) was "
                                    f"{req.status} by "
                                    f"{self.by_id[person.manager_id].name}.", "notification",
                                    filed_kind="notification"))
        # Work anniversaries, to the manager, a week ahead.
        for person in self.people:
            if person.manager_id not in self.active_ids:
                continue
            assert person.manager_id is not None
            for year in (self.today.year - 1, self.today.year):
                try:
                    day = person.hire_date.replace(year=year)
                except ValueError:
                    continue
                years = year - person.hire_date.year
                notice = day - timedelta(days=7)
                if years < 1 or not start <= notice <= self.today:
                    continue
                self.add(_Draft(self.conversation(), self.local("LOC-PIT", notice, 7),
                                BAMBOOHR, (self.addr[person.manager_id],),
                                f"Upcoming work anniversary: {person.name}",
                                f"{person.name} will celebrate {years} year"
                                f"{'s' if years > 1 else ''} at {world.company_name} on "
                                f"{day:%B %d}.", "notification", filed_kind="notification"))
        # Gusto: pay stubs semi-monthly to everyone, payroll processed to the payroll team.
        payroll = [p for p in self.people if "payroll" in p.roles]
        pay_day = start.replace(day=15) if start.day <= 15 else _month_end(start)
        while pay_day <= self.today:
            paid = pay_day
            while paid.weekday() >= 5:
                paid -= timedelta(days=1)
            at = self.local("LOC-PIT", paid - timedelta(days=2), 6, 12)
            for p in self.people:
                if p.hire_date < paid - timedelta(days=3):
                    self.add(_Draft(self.conversation(), at, GUSTO, (self.addr[p.id],),
                                    f"Your {world.company_name} paystub is ready",
                                    f"Hi {p.first_name}, your paystub for the pay date "
                                    f"{paid:%m/%d/%Y} is ready to view in Gusto.",
                                    "notification", filed_kind="notification"))
            if payroll:
                self.add(_Draft(self.conversation(), at - timedelta(hours=20), GUSTO,
                                tuple(self.addr[p.id] for p in payroll),
                                f"Payroll processed for pay date {paid:%m/%d/%Y}",
                                f"Your payroll for {world.company_name} with pay date "
                                f"{paid:%m/%d/%Y} has been processed. Funds will be debited "
                                f"from your account two business days before the pay date.",
                                "notification", filed_kind="notification"))
            pay_day = _month_end(pay_day) if pay_day.day == 15 \
                else (pay_day + timedelta(days=1)).replace(day=15)
        self.coupa_mail()

    def coupa_mail(self) -> None:
        proc = self.world.procurement
        reqs = {r.id: r for r in proc.requisitions}
        start = datetime.combine(self.mail_start, time())
        for ap in proc.approvals:
            if ap.approver_id not in self.active_ids or ap.approvable_type != \
                    "RequisitionHeader" or ap.status == "waiting":
                continue
            if not start <= ap.created_at <= self.now:
                continue
            req = reqs.get(ap.approvable_id)
            if req is None:
                continue
            requester = self.by_id[req.requester_id]
            self.add(_Draft(self.conversation(), ap.created_at + timedelta(minutes=1),
                            self.coupa, (self.addr[ap.approver_id],),
                            f"Requisition #{req.id} requires your approval",
                            f"Requisition #{req.id} from {requester.name} for "
                            f"${req.total:,.2f} ({req.lines[0].description}) is awaiting your "
                            f"approval.\n\nJustification: {req.justification}\n\nApprove or "
                            f"reject it in Coupa.", "notification",
                            filed_kind="notification"))
        for req in proc.requisitions:
            if req.approved_at is None or not start <= req.approved_at <= self.now \
                    or req.requester_id not in self.active_ids:
                continue
            self.add(_Draft(self.conversation(), req.approved_at + timedelta(minutes=1),
                            self.coupa, (self.addr[req.requester_id],),
                            f"Requisition #{req.id} has been approved",
                            f"Your requisition #{req.id} for ${req.total:,.2f} has been fully "
                            f"approved and will be sent to the supplier as a purchase order.",
                            "notification", filed_kind="notification"))

    def external_mail(self) -> None:
        rng = self.rng
        for person in self.people:
            subs = DEPT_NEWSLETTERS.get(person.department_id, ())
            if not subs or rng.random() > 0.5:
                continue
            name, address, subject = NEWSLETTERS[rng.choice(subs)]
            sender = EmailAddress(name, address)
            day = self.workday(max(self.mail_start, person.hire_date), self.today)
            while day is not None and day <= self.today:
                at = self.local("LOC-PIT", day, 6, 30)
                if at <= self.now:
                    self.add(_Draft(self.conversation(), at, sender, (self.addr[person.id],),
                                    f"{subject} - {day:%b %d}",
                                    f"{subject}. Top stories this week from {name}. "
                                    f"View in browser. Unsubscribe.", "external",
                                    filed_kind="newsletter"))
                day += timedelta(days=14)
        for person in self.people:
            if person.department_id != "SAL" or person.level == "E1":
                continue
            for _ in range(self.rint(1, 3)):
                day = self.mail_day(person)
                if day is None:
                    continue
                first, last = self.outsider()
                company = rng.choice(self.companies)
                domain = "".join(c for c in company.lower().split()[0] if c.isalnum()) + ".com"
                customer = EmailAddress(f"{first} {last}", f"{first.lower()}.{last.lower()}@"
                                                           f"{domain}")
                subject, body, answer = rng.choice(CUSTOMER_TOPICS)
                self.topic("SAL", day)
                extra = {"t": person.first_name, "n": str(self.rint(2, 24))}
                self.thread("external", customer, [self.addr[person.id]],
                            self.fill(subject, "SAL", **extra),
                            f"{self.fill(body, 'SAL', **extra)}\n\n{first} {last}\n{company}",
                            [(self.addr[person.id],
                              self.sign(self.fill(answer, "SAL", **extra), person))]
                            if rng.random() < 0.8 else [],
                            self.local(person.location_id, day, self.rint(8, 16)),
                            gap=(20, 300))

    def company_mail(self) -> None:
        """A few company-wide announcements, to everyone employed at the time."""
        world = self.world
        ceo = next(p for p in self.people if p.manager_id is None)
        hr_head = self.by_id.get(world.department("HR").head_id or 0)
        it_head = self.by_id.get(world.department("IT").head_id or 0)
        notes = [
            (ceo, 62, "All-hands recap and Q1 priorities",
             "Team,\n\nThank you to everyone who joined the all-hands. The recording and slides "
             "are on the intranet. Our Q1 priorities: ship the ARC-7 pilot, bring Columbus "
             "Line 2 to rate, and keep our customers' uptime above 99%.\n\nThank you for the "
             "work you do."),
            (hr_head, 40, "Reminder: performance reviews due",
             "Hi everyone,\n\nA reminder that self-reviews for the annual cycle are due by the "
             "end of the month in BambooHR. Managers, please schedule calibration time with "
             "your HR business partner.\n\nThank you,"),
            (it_head, 18, "Action required: multi-factor authentication rollout",
             "Hello,\n\nStarting next week, multi-factor authentication is required for email "
             "and VPN. Please enrol your phone before Friday. Instructions are on the IT "
             "portal; the service desk can help.\n\nThanks,"),
        ]
        for sender, days_ago, subject, body in notes:
            if sender is None or sender.id not in self.active_ids:
                continue
            day = self.today - timedelta(days=days_ago)
            while day.weekday() >= 5:
                day -= timedelta(days=1)
            to = tuple(self.addr[p.id] for p in self.people
                       if p.id != sender.id and p.hire_date < day)
            self.add(_Draft(self.conversation(), self.local(sender.location_id, day, 9, 30),
                            self.addr[sender.id], to, subject, self.sign(body, sender),
                            "colleague", importance="high" if "Action" in subject
                            else "normal"))

    def finish_mail(self) -> tuple[list[Mail], list[MailFolderTruth]]:
        rng, domain = self.rng, f"@{self.world.domain}"
        order = sorted(range(len(self.drafts)), key=lambda i: (self.drafts[i].sent_at, i))
        new_id = {old: f"mail-{new + 1:06d}" for new, old in enumerate(order)}
        # Custom folders: about a third of people keep some, named for what they file.
        folders: list[MailFolderTruth] = []
        filing: dict[tuple[str, str], str] = {}  # (address, filed kind) -> folder key
        for p in self.people:
            if rng.random() > 0.33:
                continue
            options = [("notification", "Notifications"), ("newsletter", "Newsletters")]
            if "procurement" in p.roles or p.team == "Accounts Payable":
                options.append(("vendor", "Vendors"))
            if "recruiter" in p.roles or "manager" in p.roles:
                options.append(("recruiting", "Recruiting"))
            for kind, name in rng.sample(options, self.rint(1, len(options))):
                key = f"folder-{len(folders) + 1:05d}"
                parent = "inbox" if rng.random() < 0.7 else "archive"
                folders.append(MailFolderTruth(key, p.id, name, parent))
                filing[(p.email, kind)] = key
            if rng.random() < 0.3:
                key = f"folder-{len(folders) + 1:05d}"
                folders.append(MailFolderTruth(key, p.id, rng.choice(
                    ("Projects", "Reference", "Team", "Expenses", "Travel")), "inbox"))
        mail: list[Mail] = []
        recent = self.now - timedelta(days=3)
        rand = rng.random
        # Some people archive what is over six weeks old, by hand.
        archived = self.now - timedelta(days=42)
        archivers = {p.email for p in self.people if rand() < 0.2}
        for old in order:
            d = self.drafts[old]
            fresh = d.sent_at > recent
            if d.kind == "notification" or d.kind == "external":
                p_unread = 0.55 if fresh else 0.2
            else:
                p_unread = 0.5 if fresh else 0.03
            p_flag = 0.04 if d.kind in ("vendor", "recruiting", "colleague") else 0.0
            p_bin = 0.15 if d.filed_kind == "newsletter" else 0.0
            old_mail = d.sent_at < archived
            unread, flagged, filed = [], [], []
            for a in (*d.to, *d.cc):
                address = a.address
                if not address.endswith(domain):
                    continue
                if rand() < p_unread:
                    unread.append(address)
                if p_flag and rand() < p_flag:
                    flagged.append(address)
                folder = filing.get((address, d.filed_kind)) if not fresh else None
                if folder is not None:
                    filed.append((address, folder))
                elif p_bin and rand() < p_bin:
                    filed.append((address, "deleteditems"))
                elif old_mail and address in archivers and rand() < 0.6:
                    filed.append((address, "archive"))  # cleared the inbox a while ago
            mail.append(Mail(
                new_id[old], d.conversation, d.sent_at, d.sender, d.to, d.subject, d.body,
                d.kind, d.cc, (), d.importance,  # type: ignore[arg-type]
                d.categories, d.attachments,
                None if d.reply_to is None else new_id[d.reply_to],
                tuple(unread), tuple(flagged), tuple(filed)))
        return mail, folders

    # --- calendar --------------------------------------------------------------------------

    def calendar(self) -> None:
        self.cal_start = self.today - timedelta(days=MEETING_DAYS)
        self.cal_end = self.today + timedelta(days=MEETING_DAYS)
        self.interviews()  # first: interviews get their rooms before anything else
        self.all_hands()
        self.team_meetings()
        self.one_on_ones()
        self.reviews()
        self.external_meetings()
        self.focus_time()
        self.out_of_office()

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

    def interviews(self) -> None:
        hiring = self.world.hiring
        apps = {a.id: a for a in hiring.applications}
        jobs = {j.id: j for j in hiring.jobs}
        candidates = {c.id: c for c in hiring.candidates}
        stages = {s.id: s.name for j in hiring.jobs for s in j.stages}
        lo = datetime.combine(self.cal_start, time())
        hi = datetime.combine(self.cal_end, time())
        for iv in hiring.interviews:
            if not lo <= iv.start < hi:
                continue
            app = apps[iv.application_id]
            if app.job_id is None:
                continue
            job = jobs[app.job_id]
            cand = candidates[app.candidate_id]
            name = f"{cand.first_name} {cand.last_name}"
            organiser = self.addr[iv.organizer_id]
            who = [self.by_id[i] for i in iv.interviewers
                   if i in self.active_ids and i != iv.organizer_id]
            attendees = [Attendee(self.addr[p.id], "required",
                                  "accepted" if iv.start < self.now or self.rng.random() < 0.8
                                  else "none") for p in who]
            onsite = iv.location != "Video call"
            room = self.free_room(job.location_id, iv.start, iv.end, len(who) + 1, False) \
                if onsite else None
            if room is not None:
                attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                          "accepted"))
            body = (f"Candidate: {name}\nRole: {job.name} ({job.requisition_id})\n"
                    f"Stage: {stages.get(iv.stage_id, '')}\nInterview: {iv.interview}\n\n"
                    f"Please review the resume and interview kit in Greenhouse beforehand and "
                    f"submit your scorecard within 24 hours.")
            self.meeting(Meeting(
                "", f"Interview: {name} - {iv.interview} ({job.name})", body, iv.start, iv.end,
                organiser, tuple(attendees), "interview",
                room_id=room.id if room else None,
                location=room.name if room else (TEAMS_MEETING if not onsite
                                                 else self.world.location(job.location_id)
                                                 .name),
                is_online=not onsite, sensitivity="private" if job.confidential else "normal",
                created_at=min(iv.start - timedelta(days=3), self.now - timedelta(hours=1))
                if iv.start < self.now else iv.start - timedelta(days=3)))

    def all_hands(self) -> None:
        world = self.world
        ceo = next(p for p in self.people if p.manager_id is None)
        big = max((r for r in self.rooms if r.location_id == ceo.location_id),
                  key=lambda r: (r.capacity, r.id), default=None)
        month = self.cal_start.replace(day=1)
        while month <= self.cal_end:
            day = month + timedelta(days=(3 - month.weekday()) % 7)  # first Thursday
            if self.cal_start <= day <= self.cal_end:
                start = self.local(ceo.location_id, day, 12)
                others = [p for p in self.people if p.id != ceo.id and p.hire_date < day]
                room = self.free_room(big.location_id, start, start + timedelta(hours=1), 1,
                                      False) if big else None
                attendees = [Attendee(self.addr[p.id], "required",
                                      "accepted" if i % 3 else "none")
                             for i, p in enumerate(others)]
                if room:
                    attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                              "accepted"))
                self.meeting(Meeting(
                    "", f"{world.company_name} All-Hands - {day:%B %Y}",
                    "Monthly all-hands: company update, customer wins, Q&A. Join in "
                    f"{room.name if room else 'person'} or on Teams.", start,
                    start + timedelta(hours=1), self.addr[ceo.id], tuple(attendees),
                    "all_hands", room_id=room.id if room else None,
                    location=f"{room.name}; {TEAMS_MEETING}" if room else TEAMS_MEETING,
                    is_online=True, created_at=start - timedelta(days=21)))
            month = (month.replace(day=28) + timedelta(days=4)).replace(day=1)
        for dept in world.departments:
            head = self.by_id.get(dept.head_id or 0)
            if head is None or head.id not in self.active_ids or dept.id == "EXE":
                continue
            members = [p for p in self.people if p.department_id == dept.id and p.id != head.id]
            day = self.workday(self.cal_start + timedelta(days=7), self.cal_end - timedelta(7))
            if day is None or len(members) < 3:
                continue
            start = self.local(head.location_id, day, 14)
            self.meeting(Meeting(
                "", f"{dept.name} quarterly all-hands",
                f"{dept.name} update: results, priorities for the quarter, recognition, Q&A.",
                start, start + timedelta(minutes=60), self.addr[head.id],
                self.responses(members, start), "all_hands", location=TEAMS_MEETING,
                is_online=True, created_at=start - timedelta(days=14)))

    def team_meetings(self) -> None:
        rng = self.rng
        names = ("{t} weekly sync", "{t} team meeting", "{t} stand-up", "{t} weekly planning")
        for manager_id in sorted(self.reports):
            manager = self.by_id[manager_id]
            team = self.reports[manager_id]
            if len(team) < 2:
                continue
            day, hour = self.series_day(manager, rng.choice((0, 1, 2, 3)))
            minutes = rng.choice((30, 30, 45, 60))
            start = self.local(manager.location_id, day, hour, rng.choice((0, 30)))
            end = start + timedelta(minutes=minutes)
            room = self.free_room(manager.location_id, start, end, len(team) + 1, True)
            attendees = list(self.responses(team, start))
            if room:
                attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                          "accepted"))
            label = manager.team if manager.level != "E1" else \
                self.world.department(manager.department_id).name + " leadership"
            self.meeting(Meeting(
                "", rng.choice(names).format(t=label),
                "Weekly: updates round the table, blockers, priorities for the week.",
                start, end, self.addr[manager.id], tuple(attendees), "team",
                room_id=room.id if room else None,
                location=room.name if room else TEAMS_MEETING, is_online=room is None,
                recurrence=Recurrence("weekly", 1, (WEEKDAYS[day.weekday()],), day,
                                      self.cal_end),
                created_at=datetime.combine(day, time(9)) - timedelta(days=30)))

    def series_day(self, person: Person, weekday: int) -> tuple[date, int]:
        """The first `weekday` of the calendar window (after the person's hire), an hour."""
        first = max(self.cal_start, person.hire_date + timedelta(days=3))
        day = first + timedelta(days=(weekday - first.weekday()) % 7)
        return day, self.rng.choice((9, 10, 11, 13, 14, 15, 16))

    def one_on_ones(self) -> None:
        rng = self.rng
        for manager_id in sorted(self.reports):
            manager = self.by_id[manager_id]
            for report in self.reports[manager_id]:
                if report.status != "active":
                    continue
                newer = report if report.hire_date >= manager.hire_date else manager
                day, hour = self.series_day(newer, self.rint(0, 4))
                start = self.local(manager.location_id, day, hour, rng.choice((0, 30)))
                response = "accepted" if rng.random() < 0.9 else "tentativelyAccepted"
                self.meeting(Meeting(
                    "", f"{manager.first_name} / {report.first_name} 1:1",
                    "Weekly 1:1. Running agenda in our shared doc.", start,
                    start + timedelta(minutes=30), self.addr[manager.id],
                    (Attendee(self.addr[report.id], "required", response),),  # type: ignore[arg-type]
                    "one_on_one", location=TEAMS_MEETING, is_online=True,
                    sensitivity="private" if rng.random() < 0.3 else "normal",
                    recurrence=Recurrence("weekly", 1, (WEEKDAYS[day.weekday()],), day,
                                          self.cal_end),
                    created_at=datetime.combine(day, time(9)) - timedelta(days=10)))

    def reviews(self) -> None:
        rng, world = self.rng, self.world
        ceo = next(p for p in self.people if p.manager_id is None)
        heads = [self.by_id[d.head_id] for d in world.departments
                 if d.head_id is not None and d.head_id in self.active_ids and d.head_id != ceo.id]
        # Weekly exec staff.
        day, _ = self.series_day(ceo, 0)
        start = self.local(ceo.location_id, day, 9)
        room = self.free_room(ceo.location_id, start, start + timedelta(minutes=90),
                              len(heads) + 1, True)
        attendees = list(self.responses(heads, start))
        if room:
            attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                      "accepted"))
        self.meeting(Meeting(
            "", "Exec staff meeting", "Weekly leadership meeting: metrics, decisions, hiring.",
            start, start + timedelta(minutes=90), self.addr[ceo.id], tuple(attendees), "team",
            room_id=room.id if room else None, location=room.name if room else TEAMS_MEETING,
            sensitivity="confidential", recurrence=Recurrence(
                "weekly", 1, ("monday",), day, self.cal_end),
            created_at=datetime.combine(day, time(9)) - timedelta(days=60)))
        # Monthly budget reviews, Finance with each department head.
        fpa = [p for p in self.people if p.department_id == "FIN" and p.team == "FP&A"
               and p.level != "E1"]
        for head in heads:
            if not fpa or head.department_id == "FIN":
                continue
            analyst = fpa[head.id % len(fpa)]
            for offset in (-14, 14):
                when = self.workday(self.today + timedelta(days=offset - 4),
                                    self.today + timedelta(days=offset + 4))
                if when is None:
                    continue
                start = self.local(analyst.location_id, when, rng.choice((10, 13, 15)))
                dept = world.department(head.department_id)
                self.meeting(Meeting(
                    "", f"{dept.name} budget review ({dept.cost_centre_id})",
                    f"Monthly budget vs actuals for {dept.cost_centre_id}. Tracker: "
                    f"'Budget tracker {dept.cost_centre_id}' in Sheets.", start,
                    start + timedelta(minutes=45), self.addr[analyst.id],
                    self.responses([head], start), "review", location=TEAMS_MEETING,
                    is_online=True, is_cancelled=rng.random() < 0.08,
                    created_at=start - timedelta(days=12)))
        # Design reviews in Engineering, one per team lead in the window.
        for manager_id in sorted(self.reports):
            manager = self.by_id[manager_id]
            if manager.department_id not in ("ENG", "QA") or manager.level != "M1":
                continue
            review_day = self.workday(self.cal_start, self.cal_end)
            if review_day is None:
                continue
            guests = self.reports[manager_id][:6]
            peers = [p for p in self.reports.get(manager.manager_id or 0, [])
                     if p.id != manager.id][:2]
            start = self.local(manager.location_id, review_day, rng.choice((10, 14)))
            end = start + timedelta(hours=1)
            room = self.free_room(manager.location_id, start, end, len(guests) + len(peers) + 1,
                                  False)
            attendees = list(self.responses(guests + peers, start))
            if room:
                attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                          "accepted"))
            project = rng.choice(PROJECTS[manager.department_id])
            self.meeting(Meeting(
                "", f"Design review: {project}",
                f"Review of the {project} design. Pre-read linked in the invite; please come "
                f"with questions.", start, end, self.addr[manager.id], tuple(attendees),
                "review", room_id=room.id if room else None,
                location=room.name if room else TEAMS_MEETING, is_online=room is None,
                is_cancelled=rng.random() < 0.07, created_at=start - timedelta(days=9)))

    def external_meetings(self) -> None:
        rng, proc = self.rng, self.world.procurement
        buyers = [p for p in self.people if "procurement" in p.roles]
        contracted = [s for s in proc.suppliers if s.contracts and s.status == "active"]
        for s in contracted[:12]:
            if not buyers:
                break
            owner = buyers[s.id % len(buyers)]
            day = self.workday(self.cal_start, self.cal_end)
            if day is None:
                continue
            c = s.primary_contact
            start = self.local(owner.location_id, day, rng.choice((10, 11, 14)))
            self.meeting(Meeting(
                "", f"Quarterly business review: {s.name}",
                f"QBR with {s.name}: delivery performance, quality, open invoices, contract "
                f"{s.contracts[-1].number}.", start, start + timedelta(hours=1),
                self.addr[owner.id],
                (Attendee(EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower()),
                          "required", "accepted" if start < self.now else "none"),),
                "external", location=TEAMS_MEETING, is_online=True,
                created_at=start - timedelta(days=20)))
        for person in self.people:
            if person.department_id != "SAL" or person.level == "E1" or rng.random() > 0.7:
                continue
            day = self.workday(max(self.cal_start, person.hire_date), self.cal_end)
            if day is None:
                continue
            company = rng.choice(self.companies)
            guest = " ".join(self.outsider())
            domain = "".join(c for c in company.lower().split()[0] if c.isalnum()) + ".com"
            email = f"{guest.split()[0].lower()}.{guest.split()[1].lower()}@{domain}"
            start = self.local(person.location_id, day, self.rint(9, 16))
            self.meeting(Meeting(
                "", f"{company} <> {self.world.company_name}: "
                    f"{rng.choice(('intro call', 'demo', 'pricing review', 'renewal'))}",
                f"Agenda: introductions, requirements, next steps.\n\n{TEAMS_MEETING}",
                start, start + timedelta(minutes=rng.choice((30, 45, 60))),
                self.addr[person.id],
                (Attendee(EmailAddress(guest, email), "required",
                          "accepted" if rng.random() < 0.7 else "none"),),
                "external", location=TEAMS_MEETING, is_online=True,
                is_cancelled=rng.random() < 0.06, created_at=start - timedelta(days=6)))

    def focus_time(self) -> None:
        rng = self.rng
        for person in self.people:
            if not person.level.startswith("IC") or rng.random() > 0.12:
                continue
            day, _ = self.series_day(person, rng.choice((1, 3)))
            start = self.local(person.location_id, day, 13)
            self.meeting(Meeting(
                "", "Focus time", "", start, start + timedelta(hours=2), self.addr[person.id],
                (), "focus", show_as="busy", recurrence=Recurrence(
                    "weekly", 1, (WEEKDAYS[day.weekday()],), day, self.cal_end),
                created_at=datetime.combine(day, time(8)) - timedelta(days=7)))

    def out_of_office(self) -> None:
        """Approved time off (the HRIS's) that overlaps the window, as all-day events."""
        for req in self.world.time_off:
            person = self.by_id[req.person_id]
            if req.status != "approved" or person.id not in self.active_ids \
                    or not self.cal_start <= req.start <= self.cal_end:
                continue
            start = datetime.combine(req.start, time())
            self.meeting(Meeting(
                "", "Out of office" if req.type != "Sick" else "OOO - sick",
                f"{req.type}. {req.note}".strip(), start,
                datetime.combine(req.end + timedelta(days=1), time()), self.addr[person.id], (),
                "out_of_office", is_all_day=True, show_as="oof",
                created_at=start - timedelta(days=10)))


def _month_end(day: date) -> date:
    return (day.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


