"""What goal kinds of every world share about mail the agent words itself."""

from __future__ import annotations

from typing import Any

from arcadia.taskgen.derive import Hints


def mail_hints(hints: Hints, to: str, phrases: list[Any], cc: list[str] | None = None
               ) -> None:
    """A message the agent words itself, to `to`: its body must name `phrases`, it goes to
    `to` (and `cc`) exactly, by address; the content type and reply-to are the agent's."""
    mine = {"to_json": {"contains": to}}
    hints.text("mail.bodies.content", phrases, mine)
    hints.members("mail.bodies.to_json", [to], where=mine)
    hints.members("mail.bodies.cc_json", cc or [], where=mine)
    hints.value("mail.bodies.content_type", {"in": ["text", "html"]}, mine)
    hints.ignore("mail.bodies.reply_to_json", mine)
    hints.say.setdefault("mail.messages", "the message (as sent and as delivered)")
    hints.say.setdefault("mail.bodies", "the message's body and recipients")
