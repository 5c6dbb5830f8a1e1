"""What a situation leaves in mail, calendar and sheets (`Traces`).

Applying a situation appends its traces to `world.comms` and edits `world.sheets` (which
worldgen fills first): the mail someone would write about it, the meetings it implies,
the rows a shared spreadsheet holds (or lacks) because of it. Keys carry the situation and
its index in the world, so they never collide with worldgen's or another situation's.
"""

from __future__ import annotations

import base64
import hashlib
import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from arcadia.world.comms import Attendee, EmailAddress, Mail, Meeting
from arcadia.world.sheets import Cell, Spreadsheet, SpreadsheetKind, Tab

if TYPE_CHECKING:
    from arcadia.world.world import World

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
