"""What `leave-requests-v1`'s goal kinds share: the situation, its apps, the words each
reason is told in, and the walk's steps (the policy read, a decision, a mail that holds
what was read)."""

from __future__ import annotations

from datetime import date
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.goals import Candidate
from arcadia.taskgen.goals.robotics.common import HRIS
from arcadia.taskgen.walk import Walker
from arcadia.world.robotics.situations.leave_requests import (
    POLICY_SUBJECT,
    SITUATION_ID,
)

SITUATION = SITUATION_ID
APPS = ("hris", "mail")
# The words a careful manager uses for each reason (any one will do).
REASON_WORDS: dict[str, list[str]] = {
    "short": [
        "balance",
        "not enough",
        "enough days",
        "days left",
        "insufficient",
        "accrued",
        "short",
    ],
    "window": [
        "blackout",
        "black-out",
        "release week",
        "quarter-end close",
        "customer acceptance tests",
        "line changeover",
        "freeze",
    ],
    "crowded": [
        "cover",
        "already out",
        "already off",
        "at once",
        "same time",
        "same day",
        "two people",
        "2 people",
        "two of",
        "away at the same",
        "out that",
    ],
}


def _mail(c: Candidate, hints: Hints, to: str) -> None:
    """One mail from the actor to `to` beyond the gold: its body and its two copies."""
    hints.allow("mail", "bodies", {"to_json": {"contains": to}})
    hints.allow("mail", "messages", {"from_address": c.actor.email}, max_added=2)


def _span(a: str, b: str) -> str:
    x, y = date.fromisoformat(a), date.fromisoformat(b)
    return f"{x:%B} {x.day}" if x == y else f"{x:%B} {x.day} to {y:%B} {y.day}"


async def _domain(w: Walker) -> dict[str, Any]:
    return {"domain": w.ambient.said["CompanyDomain"]}


async def _read_policy(w: Walker) -> str:
    found = await w.run(
        Step(
            app="mail",
            method="GET",
            path="/v1.0/me/messages",
            query={"$filter": f"subject eq '{POLICY_SUBJECT}'"},
        )
    )
    return str(found.step.id)


async def _decide(w: Walker, req: dict[str, Any], status: str) -> None:
    await w.run(
        Step(
            app="hris",
            method="PUT",
            path=f"{HRIS}/time_off/requests/{{requestId}}/status",
            params={**await _domain(w), "requestId": req},
            body={"status": status},
        )
    )


async def _send(w: Walker, to: Any, subject: str, text: str, fact: dict[str, Any]) -> None:
    """A mail to `to` whose text holds what was read (`fact`, at its `{}`)."""
    content = {**fact, "template": text}
    await w.run(
        Step(
            app="mail",
            method="POST",
            path="/v1.0/me/sendMail",
            body={
                "message": {
                    "subject": subject,
                    "body": {"contentType": "Text", "content": content},
                    "toRecipients": [{"emailAddress": {"address": to}}],
                },
                "saveToSentItems": True,
            },
        )
    )


def _why(c: Candidate) -> str:
    f = c.facts
    if f["outcome"] == "short":
        return "your vacation balance would not cover it (it would be {} days)"
    if f["outcome"] == "window":
        return "it falls in the team's blackout window ({})"
    return "two of the team ({} and another) are already out then, at most two at once"
