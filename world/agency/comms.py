"""The agency's mail and calendars (`World.comms` of the agency world), from its Bullhorn truth.

`agency_comms(world)` is drawn from its own stream, `random.Random(f"agency:{seed}:comms")`,
after every other agency draw, so it changes no value of `world.agency`. Every message and
meeting derives from a record of the truth: a job order opens with its client contact's
"New requirement" mail to the account manager (the reply, the internal brief to the
recruiter and Bullhorn's assignment notice follow); a submission is the consent request to
the candidate and their answer, the submittal to the contact, Bullhorn's notice to the
account manager, and the client's feedback as the submission's status has it (a pass, an
interview request and its confirmations, an offer, a withdrawal); a placement is the offer
to the candidate, the start confirmation to the client and the team's announcement. Around
them: rate questions, follow-ups of client calls, account reviews, job-board and newsletter
mail, weekly numbers and office mail. Appointments are meetings on their owners' calendars;
screenings, the Monday team meeting, pipeline reviews and 1:1s fill the rest.

What goes to a client never carries a candidate's pay or personal contact details, nor
another client's name (handbook rules 2.1-2.3); internal mail and mail to the candidate
themself may carry pay.

The background mail is `arcadia.world.agency.mail`'s, the calendars
`arcadia.world.agency.meetings`'. Situations add to this truth with `add_mail`,
`add_meeting` (below) and the address helpers of `arcadia.world.agency.directory`
(`user_address`, `contact_address`, `candidate_address`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import datetime

from arcadia.world.agency.directory import MAIL_PREFIX, MEETING_PREFIX, ZONE, rooms
from arcadia.world.agency.mail import background_mail
from arcadia.world.agency.meetings import agency_meetings
from arcadia.world.comms import (
    Attendee,
    Comms,
    EmailAddress,
    Mail,
    MailAttachment,
    MailKind,
    Meeting,
    MeetingKind,
)
from arcadia.world.world import World


def _next_id(keys: Iterable[str], prefix: str) -> str:
    top = max((int(k[len(prefix):]) for k in keys if k.startswith(prefix)
               and k[len(prefix):].isdigit()), default=0)
    return f"{prefix}{top + 1:05d}"


def add_mail(world: World, *, sender: EmailAddress, to: tuple[EmailAddress, ...],
             subject: str, body: str, sent_at: datetime, kind: MailKind = "situation",
             cc: tuple[EmailAddress, ...] = (), conversation_id: str | None = None,
             in_reply_to: str | None = None, unread: bool = True,
             attachments: tuple[MailAttachment, ...] = ()) -> Mail:
    """Append one message to `world.comms` (its next `agy-mail-` id) and return it.

    Internal recipients (the agency's domain) get a copy, unread when `unread`; a reply
    (`in_reply_to`, a `Mail.id`) joins that message's conversation unless one is given.
    """
    mail_id = _next_id((m.id for m in world.comms.mail), MAIL_PREFIX)
    if conversation_id is None:
        parent = next((m for m in world.comms.mail if m.id == in_reply_to), None)
        conversation_id = parent.conversation_id if parent else f"agy-conv-{mail_id}"
    domain = "@" + world.domain.lower()
    unread_by = tuple(a.address for a in (*to, *cc)
                      if unread and a.address.endswith(domain))
    mail = Mail(mail_id, conversation_id, sent_at, sender, to, subject, body, kind, cc=cc,
                in_reply_to=in_reply_to, unread_by=unread_by, attachments=attachments)
    world.comms.mail.append(mail)
    return mail


def add_meeting(world: World, *, organizer: EmailAddress, attendees: tuple[Attendee, ...],
                subject: str, body: str, start: datetime, end: datetime,
                kind: MeetingKind = "situation", room_id: str | None = None,
                location: str = "", is_online: bool = False) -> Meeting:
    """Append one meeting to `world.comms` (its next `agy-mtg-` id) and return it; a room
    given by `room_id` joins as a resource attendee."""
    room = next((r for r in world.comms.rooms if r.id == room_id), None)
    if room_id is not None and room is None:
        raise ValueError(f"no room {room_id!r}; rooms: {[r.id for r in world.comms.rooms]}")
    if room is not None:
        attendees = (*attendees, Attendee(EmailAddress(room.name, room.email), "resource",
                                          "accepted"))
        location = location or room.name
    meeting = Meeting(_next_id((m.id for m in world.comms.meetings), MEETING_PREFIX), subject,
                      body, start, end, organizer, attendees, kind, room_id=room_id,
                      location=location, is_online=is_online, time_zone=ZONE)
    world.comms.meetings.append(meeting)
    return meeting


def agency_comms(world: World) -> Comms:
    """The mail and calendars of the agency world (see the module's docstring)."""
    ag = world.agency
    rng = random.Random(f"agency:{ag.seed}:comms")
    mail, folders = background_mail(ag, rng, world.now)
    room_list = rooms(ag)
    return Comms(mail=mail, folders=folders, rooms=room_list,
                 meetings=agency_meetings(ag, rng, world.now, room_list))
