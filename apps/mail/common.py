"""What every mail rule shares: Graph ids, the mailbox a request names, folders, recipients."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from typing import Any

from sqlmodel import select

from arcadia.apps.kernel import ApiError, Ctx, Principal, forbidden, invalid, not_found
from arcadia.apps.kernel.odata import exchange_id
from arcadia.apps.mail import models as m

# Well-known folder name -> display name, in the order Outlook lists them.
WELL_KNOWN = {"inbox": "Inbox", "drafts": "Drafts", "sentitems": "Sent Items",
              "deleteditems": "Deleted Items", "archive": "Archive",
              "junkemail": "Junk Email", "outbox": "Outbox"}
ROOT = "msgfolderroot"
ENTITY = "microsoft.graph.message"
_ID_CHARS = re.compile(r"^[A-Za-z0-9_=-]{8,200}$")
ADDRESS = re.compile(r"^[^@\s<>(),;:\"\[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
MAX_RECIPIENTS = 500


# Exchange-style ids (`AAMkAD...`) for world or new keys: 44 bytes after the prefix.
def message_id(key: str) -> str:
    return exchange_id("mail", "message", key, prefix="AAMkAD", size=44)


def folder_id(key: str) -> str:
    return exchange_id("mail", "folder", key, prefix="AQMkAD", size=44)


def attachment_id(key: str) -> str:
    return exchange_id("mail", "attachment", key, prefix="AAMkAD", size=44)


def new_key(ctx: Ctx, kind: str) -> str:
    """A key for a new record of this episode (deterministic: the episode's sequence)."""
    return f"new:{ctx.next_seq(f'mail-{kind}')}"


def internet_message_id(key: str, domain: str) -> str:
    digest = hashlib.sha256(f"imid:{key}".encode()).hexdigest()
    return f"<{digest[:24].upper()}@{domain}>"


def conversation_id(key: str) -> str:
    return exchange_id("mail", "conversation", key, prefix="AAQkAD", size=44)


def check_id(value: str, what: str) -> None:
    """Graph refuses an id that cannot be one (400 `ErrorInvalidIdMalformed`)."""
    if not _ID_CHARS.match(value):
        raise invalid(f"Id is malformed: {what} '{value[:80]}' is not a Graph id.",
                      what, meta={"graph_code": "ErrorInvalidIdMalformed"})


def item_not_found() -> ApiError:
    return not_found("The specified object was not found in the store.",
                     meta={"graph_code": "ErrorItemNotFound"})


# --------------------------------------------------------------------------- mailboxes
def mailbox_for(ctx: Ctx, user: str | None) -> m.Mailbox:
    """The mailbox a request names (`/me` when `user` is None, else a Graph user id or a
    userPrincipalName); only the principal's own is accessible (delegated permissions)."""
    if user is None:
        return ctx.me(m.Mailbox, _no_mailbox, by="person_id")
    key = user.strip().lower()
    box = ctx.session.get(m.Mailbox, key) or ctx.session.exec(_by_address(key)).first()
    if box is None:
        raise not_found(f"The requested user '{user[:200]}' is invalid.",
                        meta={"graph_code": "ErrorInvalidUser"})
    if box.person_id != ctx.principal.id:
        raise forbidden("Access is denied. Check credentials and try again.")
    return box


def _no_mailbox(principal: Principal) -> ApiError:
    return not_found(f"The mailbox of {principal.email} is either inactive, soft-deleted, or "
                     "is hosted on-premise.", meta={"graph_code": "MailboxNotEnabledForRESTAPI"})


def _by_address(address: str) -> Any:
    return select(m.Mailbox).where(m.Mailbox.address == address)


def organization(ctx: Ctx) -> m.Organization:
    org = ctx.session.get(m.Organization, 1)
    assert org is not None, "the mail seed writes the organization"
    return org


# --------------------------------------------------------------------------- folders
def folders_of(ctx: Ctx, mailbox_id: str) -> list[m.Folder]:
    return list(ctx.session.exec(select(m.Folder).where(m.Folder.mailbox_id == mailbox_id)
                                 .order_by(m.Folder.position)).all())  # type: ignore[arg-type]


def folder_for(ctx: Ctx, box: m.Mailbox, ref: str) -> m.Folder:
    """A folder of `box` by id or well-known name (`inbox`, `sentitems`, ...)."""
    name = ref.strip().lower()
    if name in WELL_KNOWN or name == ROOT:
        row = ctx.session.exec(select(m.Folder).where(
            m.Folder.mailbox_id == box.id, m.Folder.well_known == name)).first()
    else:
        check_id(ref, "folder id")
        row = ctx.session.get(m.Folder, ref)
        if row is not None and row.mailbox_id != box.id:
            row = None
    if row is None:
        raise item_not_found()
    return row


def well_known(ctx: Ctx, box: m.Mailbox, name: str) -> m.Folder:
    return folder_for(ctx, box, name)


def folder_in(ctx: Ctx, box: m.Mailbox, folder: str, child: str | None) -> m.Folder:
    """`folder` of `box`, or its child folder `child` (not found unless it is one)."""
    row = folder_for(ctx, box, folder)
    if child is not None:
        c = folder_for(ctx, box, child)
        if c.parent_id != row.id:
            raise item_not_found()
        row = c
    return row


def message_for(ctx: Ctx, box: m.Mailbox, ref: str) -> m.Message:
    """A message of `box` (another mailbox's message is not found, as in Graph)."""
    check_id(ref, "message id")
    row = ctx.session.get(m.Message, ref)
    if row is None or row.mailbox_id != box.id:
        raise item_not_found()
    return row


# --------------------------------------------------------------------------- recipients
def people(recipients: Iterable[Any]) -> list[dict[str, str]]:
    """Wire recipients (`{emailAddress: {name, address}}`) -> stored `{name, address}`."""
    out = []
    for r in recipients:
        addr = r.emailAddress
        out.append({"name": (addr.name or "").strip(),
                    "address": (addr.address or "").strip()})
    return out


def check_addresses(stored: Sequence[dict[str, str]], field: str) -> None:
    """Every address is one Exchange could route (else `ErrorInvalidRecipients`)."""
    if len(stored) > MAX_RECIPIENTS:
        raise invalid(f"A message has at most {MAX_RECIPIENTS} recipients in {field}.", field,
                      meta={"graph_code": "ErrorInvalidRecipients"})
    for r in stored:
        if not ADDRESS.match(r["address"]):
            raise invalid(f"At least one recipient is not valid., Recipient "
                          f"'{r['address'][:120]}' is not resolved. All recipients must be "
                          "resolved before a message can be submitted.", field,
                          meta={"graph_code": "ErrorInvalidRecipients"})
