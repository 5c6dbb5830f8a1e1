"""What a careful employee of Arcadia Robotics may add unasked to a v2 task: a word back to
whoever raised it, by mail, allowed and never required (the briefing tells the agent that
what a colleague should hear goes through the apps).

`asker(world, actor, subject_starts)` finds the mail in the actor's inbox that raised the
work (the recruiter's "Starters for Monday", AP's mail about an invoice); `allow_reply`
lets one mail to its sender beyond the gold: its body (to the sender, to all of the thread
as well) and a copy for the actor's Sent Items and for each internal address it reaches.
A mail never satisfies a check, and a mail to anyone the thread did not have stays
collateral.
"""

from __future__ import annotations

from typing import Any

from arcadia.taskgen.derive import Hints
from arcadia.world import Person, World

__all__ = ["allow_reply", "asker"]


def asker(world: World, actor: Person, starts: str = "", has: str = "") -> dict[str, Any] | None:
    """The sender and the thread's internal addresses of the newest mail to `actor` whose
    subject starts with `starts` and contains `has`; None if there is none."""
    mails = [m for m in world.comms.mail if m.subject.startswith(starts) and has in m.subject
             and any(t.address == actor.email for t in m.to)]
    if not mails:
        return None
    m = max(mails, key=lambda m: (m.sent_at, m.id))
    domain = actor.email.split("@")[1]
    thread = sorted({a.address for a in (m.sender, *m.to, *m.cc)
                     if a.address != actor.email and a.address.endswith("@" + domain)})
    return {"to": m.sender.address, "thread": thread}


def allow_reply(hints: Hints, actor: Person, asked: dict[str, Any] | None) -> None:
    """One reply (or reply-all) to the mail that raised the work, beyond the gold."""
    if asked is None:
        return
    hints.allow("mail", "bodies", {"to_json": {"contains": asked["to"]}})
    hints.allow("mail", "messages", {"from_address": actor.email},
                max_added=1 + len(asked["thread"]))
