"""`generate_comms(world)`: the order of the draws, and each message's copies as people
keep them (read or not, flagged, filed in their folders; see `arcadia.world.robotics.comms`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

from arcadia.world.comms import (
    Comms,
    Mail,
    MailFolderTruth,
)
from arcadia.world.robotics.comms.business_mail import external_mail, recruiting_mail, vendor_mail
from arcadia.world.robotics.comms.colleague_mail import (
    company_mail,
    cross_team_mail,
    manager_mail,
    team_mail,
)
from arcadia.world.robotics.comms.draw import Draw
from arcadia.world.robotics.comms.meetings import calendar
from arcadia.world.robotics.comms.notifications import notifications

if TYPE_CHECKING:
    from arcadia.world.world import World


def generate_comms(world: World) -> Comms:
    """The mail and calendar truth of `world` (see `arcadia.world.comms`)."""
    draw = Draw(world)
    team_mail(draw)
    manager_mail(draw)
    cross_team_mail(draw)
    vendor_mail(draw)
    recruiting_mail(draw)
    notifications(draw)
    external_mail(draw)
    company_mail(draw)
    mail, folders = finish_mail(draw)
    calendar(draw)
    zone = {p.email: draw.world.location(p.location_id).timezone for p in draw.people}
    meetings = [m for m, _ in sorted(draw.meetings, key=lambda x: (x[0].start, x[1]))]
    # Nothing is booked after `now`: a meeting "booked" later was booked a while ago.
    meetings = [replace(m, id=f"mtg-{i + 1:06d}", time_zone=zone[m.organizer.address],
                        created_at=min(m.created_at or m.start - timedelta(days=7),
                                       draw.now - timedelta(minutes=30 + i * 37 % 5000)))
                for i, m in enumerate(meetings)]
    return Comms(mail=mail, folders=folders, rooms=list(draw.rooms), meetings=meetings)


def finish_mail(draw: Draw) -> tuple[list[Mail], list[MailFolderTruth]]:
    rng, domain = draw.rng, f"@{draw.world.domain}"
    order = sorted(range(len(draw.drafts)), key=lambda i: (draw.drafts[i].sent_at, i))
    new_id = {old: f"mail-{new + 1:06d}" for new, old in enumerate(order)}
    # Custom folders: about a third of people keep some, named for what they file.
    folders: list[MailFolderTruth] = []
    filing: dict[tuple[str, str], str] = {}  # (address, filed kind) -> folder key
    for p in draw.people:
        if rng.random() > 0.33:
            continue
        options = [("notification", "Notifications"), ("newsletter", "Newsletters")]
        if "procurement" in p.roles or p.team == "Accounts Payable":
            options.append(("vendor", "Vendors"))
        if "recruiter" in p.roles or "manager" in p.roles:
            options.append(("recruiting", "Recruiting"))
        for kind, name in rng.sample(options, draw.rint(1, len(options))):
            key = f"folder-{len(folders) + 1:05d}"
            parent = "inbox" if rng.random() < 0.7 else "archive"
            folders.append(MailFolderTruth(key, p.id, name, parent))
            filing[(p.email, kind)] = key
        if rng.random() < 0.3:
            key = f"folder-{len(folders) + 1:05d}"
            folders.append(MailFolderTruth(key, p.id, rng.choice(
                ("Projects", "Reference", "Team", "Expenses", "Travel")), "inbox"))
    mail: list[Mail] = []
    recent = draw.now - timedelta(days=3)
    rand = rng.random
    # Some people archive what is over six weeks old, by hand.
    archived = draw.now - timedelta(days=42)
    archivers = {p.email for p in draw.people if rand() < 0.2}
    for old in order:
        d = draw.drafts[old]
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
