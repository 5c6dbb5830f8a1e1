"""`inbox-calendar-v1`'s mail goal kinds (see `inbox_calendar`): supplier invoices for
accounts payable, one supplier's mail (an invoice for AP, or a delivery note to flag: the
same words), and the mailbox-migration mail that is phishing or IT's own notice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate, goal
from arcadia.taskgen.goals.mail import mail_hints
from arcadia.taskgen.goals.robotics.inbox_common import (
    SITUATION,
    base,
    cand,
    from_policy,
    read_policy,
)
from arcadia.taskgen.walk import Walker, literal_safe
from arcadia.world import SituationInstance, World
from arcadia.world.robotics.situations.inbox_calendar import MIGRATION_SUBJECT, POLICY


def _inboxes(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, a, h in base(world, inst):
        if all(literal_safe(s) for s in a["invoices"]):
            yield cand(
                "invoices",
                f"{a['actor']}: invoices",
                actor,
                {},
                {
                    "invoices": a["invoices"],
                    "ap": h["ap"],
                    "week": h["week"],
                    "friday": h["friday"],
                },
            )


@goal(
    "inbox-invoices-ap-v2",
    SITUATION,
    "Supplier invoices in the actor's inbox: forwarded to accounts payable and filed in a "
    "new 'Invoices' folder, as the mail policy says; other supplier mail stays.",
    candidates=_inboxes,
    phrasings=(
        "Suppliers keep sending their invoices straight to me. Could you deal with the "
        "ones in my inbox the way our mail policy says?",
        "There are supplier invoices sitting in my inbox. Please handle them as the "
        "company's meeting and mail policy asks.",
    ),
)
async def invoices_ap(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await read_policy(w)
    found = []
    for subject in c.facts["invoices"]:
        step = await w.run(
            Step(
                app="mail",
                method="GET",
                path="/v1.0/me/mailFolders/inbox/messages",
                query={"$filter": f"subject eq '{subject}'"},
            )
        )
        found.append({"$from": str(step.step.id), "path": "value[0].id"})
    await _to_ap(w, hints, policy, c.facts["ap"], found)


async def _to_ap(
    w: Walker, hints: Hints, policy: str, ap_email: str, messages: list[dict[str, Any]]
) -> None:
    """Forward each message to AP (its address read from the policy mail) and file it in a
    new Invoices folder."""
    ap = from_policy(policy, r"forward any that reach you to [^(]+\(([^)]+)\)")
    if w.rng.random() < 0.5:
        made = await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/mailFolders",
                body={"displayName": POLICY["folder"]},
            )
        )
    else:  # under the Inbox, found by its name
        inbox = await w.run(
            Step(
                app="mail",
                method="GET",
                path="/v1.0/me/mailFolders",
                query={"$filter": "displayName eq 'Inbox'"},
            )
        )
        made = await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/mailFolders/{folder_id}/childFolders",
                params={"folder_id": {"$from": str(inbox.step.id), "path": "value[0].id"}},
                body={"displayName": POLICY["folder"]},
            )
        )
    folder = {"$from": str(made.step.id), "path": "id"}
    for msg in messages:
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/forward",
                params={"id": msg},
                body={"toRecipients": [{"emailAddress": {"address": ap}}]},
            )
        )
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/move",
                params={"id": msg},
                body={"destinationId": folder},
            )
        )
    mail_hints(hints, ap_email, [])
    hints.ignore("mail.bodies.content", {"to_json": {"contains": ap_email}})
    # Under the Inbox or at the top of the mailbox: either is a folder called Invoices.
    hints.ignore("mail.folders.parent_id")
    hints.say["mail.folders"] = "the Invoices folder"
    hints.say["mail.messages"] = "the invoices (forwarded and filed)"


def _from_suppliers(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    """Each supplier mail of the actor's (two invoices and a delivery note), where it is
    the only mail from or about that supplier in the actor's mailbox."""
    for actor, a, h in base(world, inst):
        for subject in [*a["invoices"], a["supplier_note"]]:
            mail = next(
                m
                for m in world.comms.mail
                if m.subject == subject and any(t.address == actor.email for t in m.to)
            )
            supplier = (
                subject.split(" from ", 1)[1]
                if subject.startswith("Invoice ")
                else subject.split(":", 1)[0]
            )
            alike = [
                m
                for m in world.comms.mail
                if any(t.address == actor.email for t in m.to)
                and (supplier in m.subject or m.sender.address == mail.sender.address)
            ]
            if len(alike) != 1 or not literal_safe(supplier):
                continue
            yield cand(
                "supplier",
                f"{a['actor']}: mail from {supplier}",
                actor,
                {"supplier": supplier},
                {"invoice": subject != a["supplier_note"], "ap": h["ap"]},
            )


@goal(
    "inbox-supplier-mail-v2",
    SITUATION,
    "A supplier's mail, invoice or not: an invoice goes to accounts payable and is filed as "
    "the mail policy says; anything else is flagged for the actor to read.",
    candidates=_from_suppliers,
    phrasings=(
        "{supplier} has emailed me. If it's one for Accounts Payable, handle it the way our "
        "mail policy says; if not, just flag it so I read it later.",
        "There's a mail from {supplier} in my inbox: anything Accounts Payable should have "
        "goes as the company's mail policy says, otherwise flag it for me.",
    ),
)
async def supplier_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await read_policy(w)
    step = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/mailFolders/inbox/messages",
            query={"$filter": f"contains(subject, '{c.slots['supplier']}')"},
        )
    )
    msg = {"$from": str(step.step.id), "path": "value[0].id"}
    if c.facts["invoice"]:
        await _to_ap(w, hints, policy, c.facts["ap"], [msg])
        return
    await w.run(
        Step(
            app="mail",
            method="PATCH",
            path="/v1.0/me/messages/{id}",
            params={"id": msg},
            body={"flag": {"flagStatus": "flagged"}},
        )
    )
    hints.say["mail.messages"] = f"the mail from {c.slots['supplier']}"


def _migrations(world: World, inst: SituationInstance) -> Iterator[Candidate]:
    for actor, _a, h in base(world, inst):
        yield cand(
            "migration",
            f"{actor.name}: migration",
            actor,
            {},
            {
                "migration": h["migration"],
                "security": h["security"],
                "week": h["week"],
                "friday": h["friday"],
            },
        )


@goal(
    "inbox-migration-mail-v2",
    SITUATION,
    "The 'mailbox migration' mail: phishing (report it to IT security, delete it, never "
    "answer) or IT's genuine notice (answer it), as the mail policy says.",
    candidates=_migrations,
    phrasings=(
        "There's a mail about my mailbox migration that wants an answer. Can you take "
        "care of it, in line with our mail policy?",
        "Could you deal with the 'mailbox migration' email in my inbox the way the "
        "company's meeting and mail policy says?",
    ),
)
async def migration_mail(w: Walker, c: Candidate, hints: Hints) -> None:
    policy = await read_policy(w)
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{MIGRATION_SUBJECT}'"},
        )
    )
    msg = {"$from": str(found.step.id), "path": "value[0].id"}
    if c.facts["migration"] == "phish":
        sec = from_policy(policy, r"IT security, [^(]+\(([^)]+)\)")
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/forward",
                params={"id": msg},
                body={"toRecipients": [{"emailAddress": {"address": sec}}]},
            )
        )
        await w.run(
            Step(app="mail", method="DELETE", path="/v1.0/me/messages/{id}", params={"id": msg})
        )
        # Deleting in Outlook's way, a move to Deleted Items, is as good as the delete.
        bin_ = await w.run(Step(app="mail", method="GET", path="/v1.0/me/mailFolders/deleteditems"))
        hints.allow(
            "mail",
            "messages",
            {"folder_id": w.read_value({"$from": str(bin_.step.id), "path": "id"})},
        )
        to = c.facts["security"]
        hints.say["mail.messages"] = "the report to IT security and the deleted mail"
    else:
        await w.run(
            Step(
                app="mail",
                method="POST",
                path="/v1.0/me/messages/{id}/reply",
                params={"id": msg},
                body={"comment": "Thanks, Wednesday evening suits me."},
            )
        )
        to = str(
            w.read_value(
                {"$from": str(found.step.id), "path": "value[0].from.emailAddress.address"}
            )
        )
        hints.say["mail.messages"] = "your answer to IT"
    mail_hints(hints, to, [])
    hints.ignore("mail.bodies.content", {"to_json": {"contains": to}})


GOALS = (invoices_ap, supplier_mail, migration_mail)
