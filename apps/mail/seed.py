"""World truth -> mail rows (`world.view_for("mail")`), in bulk inserts.

A mailbox per person with the well-known folders under its root and the person's own
folders; each `Mail` becomes one body row and a copy per internal address on it: the
sender's in Sent Items (with Bcc), each recipient's in their Inbox (unread if the truth says
so), or wherever `filed` puts that person's copy.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from arcadia.apps.kernel import json_text
from arcadia.apps.kernel.bulk import insert_rows
from arcadia.apps.mail import models as m
from arcadia.apps.mail.common import (
    ROOT,
    WELL_KNOWN,
    attachment_id,
    conversation_id,
    folder_id,
    internet_message_id,
    message_id,
)
from arcadia.world import World
from arcadia.world.comms import EmailAddress, graph_user_id
from arcadia.world.views import MailView

APP = "mail"


def _people(addresses: tuple[EmailAddress, ...]) -> str:
    return json_text([{"name": a.name, "address": a.address} for a in addresses])


def seed(world: World, session: Session) -> None:
    """Write the world's mailboxes and mail as Exchange holds them. Does not commit."""
    view = world.view_for(APP)
    assert isinstance(view, MailView)

    def rows(model: type[m.MailModel], items: list[dict[str, Any]]) -> None:
        # Tens of thousands of copies: the kernel's driver-level executemany, Core's
        # semantics (None as NULL; a column a row leaves out takes its default).
        insert_rows(session, model, items, none="null")

    rows(m.Organization, [{"id": 1, "name": view.company_name, "domain": view.domain.lower()}])
    boxes: dict[str, str] = {}  # address -> mailbox id
    by_person: dict[int, str] = {}
    mailboxes = []
    for p in view.people:
        box = graph_user_id(p.id)
        address = p.email.lower()
        boxes[address] = box
        by_person[p.id] = box
        mailboxes.append({"id": box, "person_id": p.id, "address": address,
                          "display_name": p.name})
    rows(m.Mailbox, mailboxes)

    folders: list[dict[str, Any]] = []
    fids: dict[tuple[str, str], str] = {}  # (mailbox, well-known name or world key) -> id
    for box in by_person.values():
        root = folder_id(f"{box}:{ROOT}")
        fids[(box, ROOT)] = root
        folders.append({"id": root, "mailbox_id": box, "parent_id": "", "display_name":
                        "Top of Information Store", "well_known": ROOT, "position": 0})
        for i, (name, display) in enumerate(WELL_KNOWN.items(), start=1):
            fid = folder_id(f"{box}:{name}")
            fids[(box, name)] = fid
            folders.append({"id": fid, "mailbox_id": box, "parent_id": root,
                            "display_name": display, "well_known": name, "position": i})
    pending = [f for f in view.folders if f.owner_id in by_person]
    position = len(WELL_KNOWN) + 1
    while pending:  # parents first, whatever order the truth lists them in
        placed = []
        for f in pending:
            box = by_person[f.owner_id]
            parent = fids.get((box, f.parent))
            if parent is None:
                continue
            fid = folder_id(f"{box}:{f.key}")
            fids[(box, f.key)] = fid
            folders.append({"id": fid, "mailbox_id": box, "parent_id": parent,
                            "display_name": f.display_name, "well_known": None,
                            "position": position})
            position += 1
            placed.append(f)
        if not placed:
            raise ValueError(f"mail folders with unknown parents: {[f.key for f in pending]}")
        pending = [f for f in pending if f not in placed]
    rows(m.Folder, folders)

    domain = view.domain.lower()
    bodies, messages, attachments = [], [], []
    for mail in view.mail:
        bodies.append({"id": f"body:{mail.id}", "content_type": "text", "content": mail.body,
                       "to_json": _people(mail.to), "cc_json": _people(mail.cc),
                       "reply_to_json": "[]"})
        filed = dict(mail.filed)
        imid = internet_message_id(mail.id, domain)
        common = {
            "internet_message_id": imid,
            "conversation_id": conversation_id(mail.conversation_id),
            "subject": mail.subject, "body_id": f"body:{mail.id}",
            "from_name": mail.sender.name, "from_address": mail.sender.address,
            "created_at": mail.sent_at, "modified_at": mail.sent_at,
            "received_at": mail.sent_at, "sent_at": mail.sent_at, "is_draft": False,
            "has_attachments": bool(mail.attachments), "importance": mail.importance,
            "categories_json": json_text(list(mail.categories)),
            "flag_status": "notFlagged", "flag_due": None, "flag_start": None,
            "flag_completed": None, "inference": "focused", "delivery_receipt": False,
            "read_receipt": False,
            "in_reply_to": internet_message_id(mail.in_reply_to, domain)
            if mail.in_reply_to else None,
            "version": 1, "message_type": "message", "meeting_message_type": None,
            "event_start": None, "event_end": None, "event_location": None,
            "event_all_day": False, "ical_uid": None}
        copies: list[tuple[str, str, bool]] = []  # address, role, read
        if mail.sender.address in boxes:
            copies.append((mail.sender.address, "sentitems", True))
        seen: set[str] = set()
        for a in (*mail.to, *mail.cc, *mail.bcc):
            if a.address in boxes and a.address not in seen:
                seen.add(a.address)
                copies.append((a.address, "inbox", a.address not in mail.unread_by))
        for address, role, read in copies:
            box = boxes[address]
            where = filed.get(address)
            if where is not None and (role == "inbox" or address not in seen):
                folder = fids.get((box, where)) or fids[(box, role)]
            else:
                folder = fids[(box, role)]
            mid = message_id(f"{mail.id}:{address}:{role}")
            messages.append({**common, "id": mid, "mailbox_id": box, "folder_id": folder,
                             "bcc_json": _people(mail.bcc) if role == "sentitems" else "[]",
                             "is_read": read,
                             "flag_status": "flagged" if address in mail.flagged_by
                             else "notFlagged"})
            for i, att in enumerate(mail.attachments):
                attachments.append({
                    "id": attachment_id(f"{mail.id}:{address}:{role}:{i}"),
                    "message_id": mid, "name": att.name, "content_type": att.content_type,
                    "size": att.size, "is_inline": False, "content_bytes": None,
                    "modified_at": mail.sent_at, "position": i})
    rows(m.Body, bodies)
    rows(m.Message, messages)
    rows(m.Attachment, attachments)
