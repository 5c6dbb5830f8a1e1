"""Mail and calendar truth: what the Microsoft Graph-shaped mail and calendar servers hold.

`World.comms` is one `Comms`:

- `mail`: every message as sent (`Mail`): sender, recipients, subject, text body, sent time,
  thread (`conversation_id`), attachment metadata, importance, categories. Every internal
  address on it has its own copy: the sender's in Sent Items, each internal To/Cc/Bcc
  recipient's in their Inbox, unless `filed` puts that person's copy in another folder.
  `unread_by` lists the internal recipients whose copy is unread. External addresses (not
  of the company's domain) are recorded on the message and hold no mailbox.
- `folders`: the custom mail folders people keep (`MailFolderTruth`), under a well-known
  folder or another custom one.
- `rooms`: meeting rooms (`Room`), each with its own address, at a world location.
- `meetings`: calendar events (`Meeting`): organiser, attendees with their responses, the
  room, start/end in naive UTC, and an optional weekly/daily `Recurrence` (the meeting is
  then a series; its occurrences are the app's to expand). Every internal attendee and the
  organiser have the meeting on their own calendar; a room attendee is a resource.

Addresses are lower-case. Every time is naive UTC derived from the world's `now`, never the
machine's clock. Keys (`Mail.id`, `Meeting.id`, `Room.id`) are world keys; the apps derive
their Graph ids from them deterministically. `graph_user_id` is the one place a person's
Graph user id comes from (mail, calendar and anything that links them share it).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

# A fixed namespace: a person's Graph user id is the same in every world and every app.
_USER_NAMESPACE = uuid.UUID("6f1c1e55-7a0e-4c53-9d2b-a3c1a0de0001")

WELL_KNOWN_FOLDERS = ("inbox", "sentitems", "drafts", "deleteditems", "archive", "junkemail",
                      "outbox")

# "client" and "candidate": the staffing agency's mail with its clients' contacts and its
# candidates (`arcadia.world.agency.comms`).
MailKind = Literal["colleague", "vendor", "recruiting", "notification", "external",
                   "situation", "client", "candidate"]
MeetingKind = Literal["one_on_one", "team", "interview", "all_hands", "external", "review",
                      "focus", "situation", "out_of_office"]
Response = Literal["none", "accepted", "tentativelyAccepted", "declined", "notResponded"]


def graph_user_id(person_id: int) -> str:
    """A person's Microsoft Graph user id (a GUID), the same in mail and calendar."""
    return str(uuid.uuid5(_USER_NAMESPACE, f"person:{person_id}"))


@dataclass(frozen=True)
class EmailAddress:
    name: str
    address: str  # lower-case


@dataclass(frozen=True)
class MailAttachment:
    name: str
    content_type: str
    size: int  # bytes; metadata only, the world holds no content bytes


@dataclass(frozen=True)
class MailFolderTruth:
    """A custom folder in one person's mailbox."""

    key: str  # world key, unique per world
    owner_id: int
    display_name: str
    parent: str  # a well-known folder name or another custom folder's key


@dataclass(frozen=True)
class Mail:
    """One message as sent; every internal address on it holds its own copy."""

    id: str  # world key, e.g. "mail-000123"
    conversation_id: str  # thread key: every message of one thread shares it
    sent_at: datetime
    sender: EmailAddress
    to: tuple[EmailAddress, ...]
    subject: str
    body: str  # plain text
    kind: MailKind
    cc: tuple[EmailAddress, ...] = ()
    bcc: tuple[EmailAddress, ...] = ()
    importance: Literal["low", "normal", "high"] = "normal"
    categories: tuple[str, ...] = ()
    attachments: tuple[MailAttachment, ...] = ()
    in_reply_to: str | None = None  # the `Mail.id` this answers, in the same conversation
    unread_by: tuple[str, ...] = ()  # internal recipient addresses whose copy is unread
    flagged_by: tuple[str, ...] = ()  # internal addresses whose copy is flagged for follow-up
    # (address, folder) where that person's copy is filed instead of Inbox / Sent Items:
    # a well-known folder name or a `MailFolderTruth.key`.
    filed: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Room:
    id: str  # world key, e.g. "room-pit-2-orion"
    email: str
    name: str
    location_id: str
    building: str
    floor: int
    capacity: int
    av: bool = True  # has a screen and a conference phone


@dataclass(frozen=True)
class Attendee:
    email: EmailAddress
    type: Literal["required", "optional", "resource"] = "required"
    response: Response = "none"


@dataclass(frozen=True)
class Recurrence:
    """Graph's recurrence, limited to what the world uses: daily or weekly, until a date."""

    pattern: Literal["daily", "weekly"]
    interval: int
    days_of_week: tuple[str, ...]  # "monday", ...; empty for daily
    start: date
    end: date  # inclusive (Graph's `endDate` range)


@dataclass(frozen=True)
class Meeting:
    id: str  # world key, e.g. "mtg-000123"
    subject: str
    body: str
    start: datetime  # naive UTC
    end: datetime
    organizer: EmailAddress
    attendees: tuple[Attendee, ...]  # organiser excluded; rooms as `resource`
    kind: MeetingKind
    room_id: str | None = None
    location: str = ""  # display name: the room's name, "Microsoft Teams Meeting", an address
    is_online: bool = False
    is_all_day: bool = False
    is_cancelled: bool = False
    show_as: Literal["free", "tentative", "busy", "oof", "workingElsewhere"] = "busy"
    sensitivity: Literal["normal", "personal", "private", "confidential"] = "normal"
    importance: Literal["low", "normal", "high"] = "normal"
    categories: tuple[str, ...] = ()
    recurrence: Recurrence | None = None
    created_at: datetime | None = None  # when it was booked; None: a week before `start`
    # The IANA zone it was booked in (Graph's originalStartTimeZone): a series recurs at the
    # same local time there (its `Recurrence` dates and weekdays are local to it, as Graph's
    # are), so an occurrence after a DST change moves in UTC. An all-day event's start/end
    # are midnights of its dates.
    time_zone: str = "UTC"


@dataclass
class Comms:
    """Everything the mail and calendar servers hold (empty in a world built without it)."""

    mail: list[Mail] = field(default_factory=list)
    folders: list[MailFolderTruth] = field(default_factory=list)
    rooms: list[Room] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)
