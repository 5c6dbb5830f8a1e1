"""The coherence gate: what the gold does makes sense among the world's people.

Read from the records the gold adds (as the product shows them): every address a record
is sent or invited to (a JSON list column of recipients or attendees: `to_json`, `cc_json`,
`attendees`) must be
- not the actor's own: nobody mails or invites themself;
- a person still with the company, if it is a person of the world at all: nobody mails or
  meets someone who has left (status `terminated`);
and a message to one person does not speak of that person in the third person
("Raymond's record is fixed", sent to Raymond).
"""

from __future__ import annotations

import json
import re
from typing import Any

from arcadia.grader.diff import Diff
from arcadia.grader.gate import GateResult, shown
from arcadia.grader.normal import fold
from arcadia.world import World

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_SENDER = re.compile(r"^(from|sender|organizer|owner)", re.I)
_TEXT_COLUMNS = ("content", "body")


def _addresses(value: Any) -> list[str]:
    """The e-mail addresses a JSON list column holds (plain, or in `address` one level
    down, as Graph nests `{"emailAddress": {"address": ...}}`)."""
    if isinstance(value, str):
        if not value.startswith("["):
            return []
        try:
            value = json.loads(value)
        except ValueError:
            return []
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            item = item.get("address") or next(
                (v.get("address") for v in item.values() if isinstance(v, dict)), None)
        if isinstance(item, str) and _EMAIL.match(item):
            out.append(item.lower())
    return out


def coherence(actor: str, diff: Diff, world: World) -> GateResult:
    """Every addressee of every record the gold adds, against the actor and the world."""
    people = {p.email.lower(): p for p in world.people}
    me = actor.lower()
    seen = 0
    for r in diff.records:
        if r.kind != "added":
            continue
        row = shown(r)
        where = f"{r.app}.{r.table}"
        to: list[str] = []
        for col, value in row.items():
            if _SENDER.match(col):
                continue
            found = _addresses(value)
            seen += len(found)
            if col.lower().startswith("to") or col == "attendees":
                to += found
            for address in found:
                if address == me:
                    return GateResult(False, f"{where}.{col}: the actor {actor} sends or "
                                      "invites to themself")
                person = people.get(address)
                if person is not None and person.status == "terminated":
                    return GateResult(False, f"{where}.{col}: {address} has left the company"
                                      f" (terminated {person.termination_date})")
        if len(set(to)) == 1 and to[0] in people:
            person = people[to[0]]
            text = " ".join(fold(row.get(c)) for c in _TEXT_COLUMNS if isinstance(
                row.get(c), str))
            for name in (f"{person.first_name} {person.last_name}", person.first_name):
                if re.search(rf"(?<!\w){re.escape(fold(name))}['’]s\b", text):
                    return GateResult(False, f"{where}: the message to {person.email} speaks "
                                      f"of {name} in the third person ({name}'s)")
    return GateResult(True, f"{seen} addressee(s): none is the actor or has left"
                      if seen else "no record the gold adds is addressed to anyone")
