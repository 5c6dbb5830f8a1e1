"""Registered situations: deterministic changes to world truth and to apps' views of it.

A situation is registered under a versioned id (`hr-mismatch-v1`). Applying it to a
world mutates the truth and states, per app and person, exactly what that app holds
when it is not the truth (`Holding`: status, job rows, pay rows, benefits). It appends a
`SituationInstance` with those holdings, the anchors a user would know and the hidden
facts a task must make the agent discover (derived from the holdings, never written
separately).
"""

from __future__ import annotations

import base64
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.comms import Attendee, EmailAddress, Mail, Meeting
from arcadia.world.model import CompRecord, Holding, JobRecord, SituationInstance, SituationSpec
from arcadia.world.robotics.catalog import DEPARTMENTS, DepartmentShape
from arcadia.world.sheets import Cell, Spreadsheet, SpreadsheetKind, Tab
from arcadia.world.views import differences, holding_of, person_record

if TYPE_CHECKING:
    from arcadia.world.model import Person, World


@dataclass(frozen=True)
class Situation:
    id: str
    description: str
    params: type[BaseModel]
    apply: Callable[[World, Any, random.Random], SituationInstance]


SITUATIONS: dict[str, Situation] = {}


def situation(id: str, description: str, params: type[BaseModel]
              ) -> Callable[[Callable[..., SituationInstance]], Callable[..., SituationInstance]]:
    """Register a situation under a versioned id."""
    def register(fn: Callable[..., SituationInstance]) -> Callable[..., SituationInstance]:
        if id in SITUATIONS:
            raise ValueError(f"situation {id!r} is registered twice")
        SITUATIONS[id] = Situation(id, description, params, fn)
        return fn
    return register


def apply_situation(world: World, spec: SituationSpec,
                    registry: Mapping[str, Situation] | None = None) -> SituationInstance:
    """Validate `spec.params` and apply the situation to `world` in place.

    `registry` is the world's own (the restaurant's, `restaurant_situations()`); by default
    Arcadia Robotics' `SITUATIONS`.
    """
    known = SITUATIONS if registry is None else registry
    if spec.id not in known:
        raise ValueError(f"unknown situation {spec.id!r}; known: {sorted(known)}")
    sit = known[spec.id]
    params = sit.params.model_validate(spec.params)
    # A string seed goes through SHA-512 in `random`, never through `hash()`.
    rng = random.Random(f"{world.spec.seed}:{spec.id}:{len(world.situations)}")
    instance = sit.apply(world, params, rng)
    world.situations.append(instance)
    return instance


MismatchKind = Literal["salary", "title", "department", "status"]
MISMATCH_KINDS: list[MismatchKind] = ["salary", "title", "department", "status"]


class HrMismatchParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    count: int = Field(4, ge=1, le=50, description="How many employees disagree.")
    kinds: list[MismatchKind] = Field(
        default_factory=lambda: list(MISMATCH_KINDS),
        min_length=1,
        description="Which fields may disagree; assigned round-robin over the employees.",
    )


@situation(
    "hr-mismatch-v1",
    "Employees whose HRIS record (the truth) and payroll record disagree: a raise, a "
    "promotion, a transfer or a termination that payroll never heard about.",
    HrMismatchParams,
)
def hr_mismatch(world: World, params: HrMismatchParams, rng: random.Random) -> SituationInstance:
    """Change the truth for each chosen person; payroll holds them as they were before.

    The HRIS holds the truth. Payroll's `Holding` is a snapshot taken before the change, so
    whatever the change touched (rows, department, manager, location, title, pay, status,
    benefits), payroll holds none of it and its stale side is one consistent past.
    """
    taken = {h.person_id for inst in world.situations for h in inst.holdings}
    kinds = [params.kinds[i % len(params.kinds)] for i in range(params.count)]
    rng.shuffle(kinds)
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    holdings: list[Holding] = []
    changed: list[tuple[str, Person, Holding]] = []
    centres = {d.id: d.cost_centre_id for d in world.departments}
    for kind in kinds:
        reports = _reports(world)
        pool = [p for p in world.people
                if p.id not in taken and _eligible(world, p, kind, reports)]
        if not pool:
            raise ValueError(f"hr-mismatch-v1 needs {params.count} eligible employees; the "
                             f"world has too few for a {kind!r} mismatch")
        person = rng.choice(pool)
        taken.add(person.id)
        held = holding_of(world, "payroll", person)
        _MISMATCHES[kind](world, person, rng)
        holdings.append(held)
        changed.append((kind, person, held))
        truth = person_record(person, None, centres)
        stale = person_record(person, held, centres)
        anchors.append({"person_id": person.id, "name": person.name, "email": person.email,
                        "kind": kind})
        hidden.append({"person_id": person.id, "kind": kind,
                       "fields": [{"field": f, "hris": t, "payroll": s}
                                  for f, t, s in differences(stale, truth)]})
    _hr_traces(Traces(world, "hr-mismatch-v1", rng), changed)
    return SituationInstance("hr-mismatch-v1", params.model_dump(), anchors, hidden, holdings)


def payroll_lead(world: World) -> Person:
    """Who payroll questions go to: the first-line manager of the payroll team (else anyone
    active who administers payroll)."""
    admins = [p for p in world.people if p.status == "active" and "payroll" in p.roles]
    if not admins:
        raise ValueError("hr-mismatch-v1 needs someone who administers payroll")
    return next((p for p in admins if p.level == "M1" and "manager" in p.roles), admins[0])


def _effective(kind: str, p: Person) -> date:
    if kind == "status":
        assert p.termination_date is not None
        return p.termination_date
    return (p.comp_history if kind == "salary" else p.job_history)[-1].effective_date


def _when(d: date) -> str:
    return f"{d:%A, %B} {d.day}"


def _hr_traces(tr: Traces, changed: list[tuple[str, Person, Holding]]) -> None:
    """Each change payroll missed leaves a mail to the payroll lead: the employee asking
    about their raise, the manager about a promotion, the new manager about a transfer,
    the former manager about a leaver still on the payroll preview; and one HR ticket
    for the cases HR knows of. An already-answered pay question from someone whose
    records agree sits among them."""
    world, rng = tr.world, tr.rng
    lead = payroll_lead(world)
    people = {p.id: p for p in world.people}
    for kind, p, held in changed:
        on = _effective(kind, p)
        at = tr.sent_at(on + timedelta(days=2))
        old_job = held.job_history[-1]
        manager = people.get(p.manager_id or 0)
        old_manager = people.get(old_job.manager_id or 0)
        hi = f"Hi {lead.first_name},"
        if kind == "salary":
            subject = rng.choice(("My raise isn't on my pay stub",
                                  "Question about my last paycheck",
                                  "Merit increase not showing in payroll"))
            tr.mail(p, [lead], subject,
                    f"{hi}\n\nMy merit increase took effect on {_when(on)} and I can see it "
                    f"in the HRIS, but my latest pay stub still shows my old rate. Could "
                    f"payroll take a look before the next run?\n\nThanks,\n{p.first_name}",
                    at, cc=[manager] if manager else ())
        elif kind == "title" and manager is not None:
            tr.mail(manager, [lead], f"{p.name}: promotion not in payroll",
                    f"{hi}\n\n{p.first_name}'s promotion to {p.title} was effective "
                    f"{_when(on)} and HR has it in the HRIS, but payroll still lists "
                    f"{p.first_name} as {old_job.title}. Can you update payroll?\n\n"
                    f"Thanks,\n{manager.first_name}", at)
        elif kind == "department" and manager is not None:
            old_dept = world.department(old_job.department_id).name
            new_dept = world.department(p.department_id).name
            tr.mail(manager, [lead], f"Transfer: {p.name} joined {new_dept}",
                    f"{hi}\n\n{p.name} moved from {old_dept} to my team in {new_dept} on "
                    f"{_when(on)} (the HRIS has the new job). The payroll register I was "
                    f"sent still shows {p.first_name} under {old_dept}. Could you move "
                    f"{p.first_name} over?\n\nBest,\n{manager.first_name}", at,
                    cc=[old_manager] if old_manager and old_manager != manager else ())
        elif kind == "status" and old_manager is not None:
            tr.mail(old_manager, [lead], f"{p.name} still on the payroll preview",
                    f"{hi}\n\n{p.name}'s last day with us was {_when(on)}; HR processed "
                    f"the termination in the HRIS. {p.first_name} still shows as active on "
                    f"the preview for the upcoming payroll. Please make sure "
                    f"{p.first_name} is not paid past the last day.\n\n"
                    f"Thanks,\n{old_manager.first_name}", at, importance="high")
    hr = [q for q in world.people if q.status == "active" and "hr" in q.roles
          and q.level.startswith("IC") and q.team == "People Operations"]
    known = [(k, p) for k, p, _ in changed if k in ("title", "department", "status")]
    if hr and known:
        sender = rng.choice(hr)
        lines = "\n".join(f"- {p.name} ({p.employee_number}): "
                          f"{_TICKET[k]} effective {_effective(k, p).isoformat()}"
                          for k, p in known)
        last = max(_effective(k, p) for k, p in known)
        tr.mail(sender, [lead],
                f"[HR-{rng.randint(4100, 4899)}] Changes to sync to payroll",
                f"{hi}\n\nThese changes are entered in the HRIS and need to reach payroll "
                f"before the next run:\n\n{lines}\n\nThe HRIS record is the source of "
                f"truth for each.\n\n{sender.first_name}\nPeople Operations",
                tr.sent_at(last + timedelta(days=1)))
    _answered_question(tr, lead, {p.id for _, p, _ in changed})


_TICKET = {"title": "promotion", "department": "transfer", "status": "termination",
           "salary": "merit increase"}


def _answered_question(tr: Traces, lead: Person, skip: set[int]) -> None:
    """A distractor: someone else asked about their pay stub and payroll answered; their
    records agree."""
    world, rng = tr.world, tr.rng
    pool = [p for p in world.people if p.status == "active" and p.id not in skip
            and p.level.startswith("IC") and p.department_id != "EXE"
            and not any(h.person_id == p.id for inst in world.situations
                        for h in inst.holdings)]
    if not pool:
        return
    who = rng.choice(pool)
    asked = tr.sent_at(world.now.date() - timedelta(days=20),
                       world.now.date() - timedelta(days=10))
    q = tr.mail(who, [lead], "Question about my pay stub",
                f"Hi {lead.first_name},\n\nMy last pay stub shows a different net amount "
                f"than usual. Is something off with my pay?\n\nThanks,\n{who.first_name}",
                asked, read=True)
    tr.mail(lead, [who], "RE: Question about my pay stub",
            f"Hi {who.first_name},\n\nNothing is wrong with your pay: your rate in payroll "
            f"matches the HRIS. The difference is this year's benefit deductions, which "
            f"changed in January.\n\nBest,\n{lead.first_name}",
            asked + timedelta(hours=3), reply_to=q, read=True)


def _reports(world: World) -> dict[int, int]:
    """Current (not terminated) direct reports per manager id."""
    counts: dict[int, int] = {}
    for p in world.people:
        if p.manager_id is not None and p.status != "terminated":
            counts[p.manager_id] = counts.get(p.manager_id, 0) + 1
    return counts


def _eligible(world: World, p: Person, kind: str, reports: dict[int, int]) -> bool:
    if not (p.status == "active" and p.level.startswith("IC") and p.department_id != "EXE"
            and (world.now.date() - p.hire_date).days > 90 and p.id not in reports):
        return False
    if kind in ("department", "status"):
        # Leaving a team must not leave its manager with fewer than two reports.
        if reports.get(p.manager_id or 0, 0) < 3:
            return False
    if kind == "department":
        return p.pay_type == "salary"  # hourly pay exists only in manufacturing
    return True


def _on(world: World, p: Person, rng: random.Random) -> date:
    """A recent effective date, after every row the person already has."""
    recent = world.now.date() - timedelta(days=rng.randint(8, 40))
    latest = max([r.effective_date for r in p.job_history]
                 + [r.effective_date for r in p.comp_history])
    return min(max(recent, latest + timedelta(days=1)), world.now.date())


def _raise(world: World, p: Person, rng: random.Random) -> None:
    """A merit increase of 4-10% that keeps pay inside the person's band when it can."""
    band = next(b for b in world.bands if (b.department_id, b.level) == (p.department_id,
                                                                           p.level))
    annual = p.rate * (2080 if p.pay_type == "hourly" else 1)
    factors = [f for f in (1.04, 1.06, 1.08, 1.1) if annual * f <= band.maximum] or [1.04]
    factor = rng.choice(factors)
    p.rate = round(p.rate * factor, 2) if p.pay_type == "hourly" \
        else float(round(p.rate * factor / 500) * 500)
    p.comp_history.append(CompRecord(_on(world, p, rng), p.pay_type, p.rate, "Merit increase"))


def _promotion(world: World, p: Person, rng: random.Random) -> None:
    shape = _shape(p.department_id)
    level = int(p.level[2])
    if level == 5:  # at the top of the ladder: a lateral retitle instead
        new_level, new_title = p.level, f"Distinguished {shape.ic_titles[4].split(' ', 1)[1]}"
    else:
        new_level, new_title = f"IC{level + 1}", shape.ic_titles[level]
    p.title, p.level = new_title, new_level
    p.job_history.append(replace(p.job_history[-1], effective_date=_on(world, p, rng),
                                 title=new_title, level=new_level))


def _transfer(world: World, p: Person, rng: random.Random) -> None:
    """A lateral move: the new department's ladder, roles, manager, team, site and band."""
    # Manufacturing ICs are paid by the hour; a salaried transfer goes elsewhere.
    others = [d for d in DEPARTMENTS if d.id not in (p.department_id, "EXE", "MFG")]
    target = rng.choice(others)
    reports = _reports(world)
    managers = [m for m in world.people if m.department_id == target.id
                and m.level == "M1" and m.status == "active" and 0 < reports.get(m.id, 0) < 10]
    manager = rng.choice(managers) if managers else world.person(
        world.department(target.id).head_id or 0)
    on = _on(world, p, rng)
    p.department_id = target.id
    p.team = manager.team
    p.manager_id = manager.id
    p.location_id = manager.location_id
    p.cost_centre_id = world.department(target.id).cost_centre_id
    p.title = target.ic_titles[int(p.level[2]) - 1]
    p.roles = ("employee", *target.roles,
               *(role for team, role in target.team_roles if team == p.team))
    p.job_history.append(JobRecord(on, p.title, p.level, target.id, p.team, p.location_id,
                                   manager.id))
    band = next(b for b in world.bands if b.department_id == target.id and b.level == p.level)
    if p.rate < band.minimum or p.rate > band.maximum:  # into the new band, in steps of 500
        p.rate = float(-(-band.minimum // 500) * 500 if p.rate < band.minimum
                       else band.maximum // 500 * 500)
        p.comp_history.append(CompRecord(on, p.pay_type, p.rate, "Transfer"))


def _termination(world: World, p: Person, rng: random.Random) -> None:
    """The person leaves: no benefits and no time off after their last day."""
    p.status = "terminated"
    p.termination_date = last = _on(world, p, rng)
    world.enrolments[:] = [e for e in world.enrolments if e.person_id != p.id]
    world.time_off[:] = [t for t in world.time_off if t.person_id != p.id or t.end <= last]


def _shape(department_id: str) -> DepartmentShape:
    return next(d for d in DEPARTMENTS if d.id == department_id)


_MISMATCHES: dict[str, Callable[[World, Person, random.Random], None]] = {
    "salary": _raise,
    "title": _promotion,
    "department": _transfer,
    "status": _termination,
}


# --- traces: what a situation leaves in mail, calendar and sheets ------------------------
#
# Applying a situation appends its traces to `world.comms` and edits `world.sheets` (which
# worldgen fills first): the mail someone would write about it, the meetings it implies,
# the rows a shared spreadsheet holds (or lacks) because of it. Keys carry the situation and
# its index in the world, so they never collide with worldgen's or another situation's.

Who = Any  # a `Person` or an `EmailAddress`

# A spreadsheet column's meaning, recognised from its header: first rule that matches wins.
_COLUMNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("laptop", ("laptop", "equipment")),
    ("accounts", ("accounts",)),
    ("payroll", ("payroll",)),
    ("benefits", ("benefit",)),
    ("area", ("area",)),
    ("email", ("email", "e-mail")),
    ("manager", ("manager", "reports to", "supervisor")),
    ("start_date", ("start", "hire date", "first day")),
    ("department", ("department", "dept")),
    ("title", ("title", "role", "position", "job")),
    ("location", ("location", "office", "site")),
    ("contract_end", ("contract end", "end date", "expires", "expiry")),
    ("contract", ("contract",)),
    ("invoice", ("invoice", "reference", "po number", "order")),
    ("amount", ("amount", "total", "value")),
    ("supplier", ("supplier", "vendor")),
    ("issue", ("issue", "exception", "description", "type")),
    ("owner", ("owner", "raised by", "logged by", "assigned")),
    ("status", ("status", "state")),
    ("notes", ("note", "comment")),
    ("date", ("date", "logged", "raised")),
    ("name", ("name", "starter", "employee", "person")),
)


def column_key(header: Cell) -> str | None:
    """What a spreadsheet column holds, from its header text (None: not recognised)."""
    text = " ".join(str(header or "").lower().replace("_", " ").split())
    return next((key for key, words in _COLUMNS if any(w in text for w in words)), None)


def spreadsheet_id(key: str) -> str:
    """A Google-shaped spreadsheet id (44 characters of [A-Za-z0-9_-]) from a world key."""
    digest = hashlib.sha512(key.encode()).digest()[:33]
    return base64.urlsafe_b64encode(digest).decode()


def working_time(day: date, rng: random.Random) -> datetime:
    """A moment of the working day (13:00-21:59 UTC: morning to afternoon in the US)."""
    return datetime.combine(day, time(rng.randint(13, 21), rng.randrange(0, 60, 1)))


def weekday_before(day: date) -> date:
    """`day`, or the Friday before it when it falls on a weekend."""
    return day - timedelta(days=max(0, day.weekday() - 4))


class Traces:
    """Writes one applied situation's traces into `world.comms` and `world.sheets`."""

    def __init__(self, world: World, situation_id: str, rng: random.Random) -> None:
        self.world, self.rng = world, rng
        self.prefix = f"{situation_id.removesuffix('-v1')}-{len(world.situations)}"
        self.seq: dict[str, int] = {}

    def key(self, kind: str) -> str:
        self.seq[kind] = self.seq.get(kind, 0) + 1
        return f"{kind}-{self.prefix}-{self.seq[kind]:02d}"

    def address(self, who: Who) -> EmailAddress:
        if isinstance(who, EmailAddress):
            return who
        return EmailAddress(who.name, who.email.lower())

    def internal(self, a: EmailAddress) -> bool:
        return a.address.endswith("@" + self.world.domain)

    def sent_at(self, earliest: date, latest: date | None = None) -> datetime:
        """A working moment between `earliest` and `latest` (default: yesterday), before
        the world's `now`."""
        now = self.world.now
        last = latest or (now.date() - timedelta(days=1))
        first = min(earliest, last)
        day = weekday_before(first + timedelta(days=self.rng.randint(0, (last - first).days)))
        return min(working_time(day, self.rng), now - timedelta(hours=1))

    def mail(self, sender: Who, to: Sequence[Who], subject: str, body: str, sent_at: datetime,
             *, cc: Sequence[Who] = (), reply_to: Mail | None = None,
             importance: str = "normal", read: bool = False,
             kind: str = "situation") -> Mail:
        """Append one message; every internal recipient's copy is unread unless `read`."""
        frm, tos, ccs = self.address(sender), [self.address(w) for w in to], \
            [self.address(w) for w in cc]
        unread = () if read else tuple(dict.fromkeys(
            a.address for a in [*tos, *ccs] if self.internal(a) and a != frm))
        mail = Mail(id=self.key("mail"),
                    conversation_id=reply_to.conversation_id if reply_to else self.key("conv"),
                    sent_at=sent_at, sender=frm, to=tuple(tos), cc=tuple(ccs),
                    subject=subject, body=body, kind=kind,  # type: ignore[arg-type]
                    importance=importance,  # type: ignore[arg-type]
                    in_reply_to=reply_to.id if reply_to else None, unread_by=unread)
        self.world.comms.mail.append(mail)
        return mail

    def meeting(self, subject: str, body: str, start: datetime, end: datetime,
                organizer: Who, attendees: Sequence[Who], *, kind: str = "situation",
                location: str = "", is_online: bool = False) -> Meeting:
        org = self.address(organizer)
        invited = [a for a in dict.fromkeys(self.address(w) for w in attendees) if a != org]
        meeting = Meeting(
            id=self.key("mtg"), subject=subject, body=body, start=start, end=end,
            organizer=org, kind=kind,  # type: ignore[arg-type]
            attendees=tuple(Attendee(a, "required", "accepted") for a in invited),
            location=location or ("Microsoft Teams Meeting" if is_online else ""),
            is_online=is_online, created_at=start - timedelta(days=7))
        self.world.comms.meetings.append(meeting)
        return meeting

    # --- sheets -------------------------------------------------------------------------

    def sheet(self, kind: SpreadsheetKind) -> Spreadsheet | None:
        return next((s for s in self.world.sheets.spreadsheets if s.kind == kind), None)

    def ensure_sheet(self, kind: SpreadsheetKind, title: str, owner_id: int,
                     editors: tuple[str, ...], header: Sequence[str]) -> Spreadsheet:
        """The world's sheet of `kind`; a minimal one when the world has none (a world
        built without spreadsheets)."""
        found = self.sheet(kind)
        if found is not None:
            return found
        sheet = Spreadsheet(id=spreadsheet_id(f"{self.world.spec.seed}:{self.prefix}:{kind}"),
                            title=title, kind=kind, owner_id=owner_id, editors=editors,
                            readers=("employee",), tabs=(Tab("Sheet1", (tuple(header),)),))
        self.world.sheets.spreadsheets.append(sheet)
        return sheet

    def _put(self, old: Spreadsheet, tab: Tab) -> None:
        new = replace(old, tabs=(tab, *old.tabs[1:]))
        sheets = self.world.sheets.spreadsheets
        sheets[sheets.index(old)] = new

    def row(self, sheet: Spreadsheet, values: dict[str, Cell]) -> tuple[Cell, ...]:
        """A row of `sheet`'s first tab with `values` (by column meaning) in their columns."""
        header = sheet.tabs[0].rows[0]
        return tuple(values.get(column_key(h) or "", None) for h in header)

    def append_rows(self, sheet: Spreadsheet, rows: Sequence[dict[str, Cell]]) -> None:
        tab = sheet.tabs[0]
        self._put(sheet, replace(tab, rows=(*tab.rows, *(self.row(sheet, r) for r in rows))))

    def edit_rows(self, sheet: Spreadsheet, where: tuple[str, Cell],
                  values: dict[str, Cell]) -> int:
        """Set `values` (by column meaning) in every row whose `where` column holds the
        value; returns how many rows changed."""
        tab = sheet.tabs[0]
        keys = [column_key(h) for h in tab.rows[0]]
        col, wanted = where
        if col not in keys:
            return 0
        at = keys.index(col)
        rows, hits = list(tab.rows), 0
        for i, row in enumerate(rows[1:], start=1):
            if at < len(row) and row[at] == wanted:
                rows[i] = tuple(values[k] if k in values else (row[j] if j < len(row) else None)
                                for j, k in enumerate(keys))
                hits += 1
        if hits:
            self._put(sheet, replace(tab, rows=tuple(rows)))
        return hits


# Situations defined in their own modules register themselves on import (they use
# `situation` above).
from arcadia.world.robotics.situations import (  # noqa: E402, F401
    new_hire_cohort,
    spend_anomaly,
)
