"""The agency's generator-v2 goal kinds (`taskgen/goals/agency/intent.py`): instructions a
colleague or a client would write, the handbook bound by the briefing, and mails that accept
every true way of naming why a step is stopped.

- every phrasing is a message from someone (an account manager's note, a recruiter lead's
  chat, a client's mail forwarded), in three voices per goal kind, and none names the
  restUrl, an entity or field of Bullhorn, the grader's rule or an id;
- the briefing of an agency task says that the handbook binds and where it is, and lists
  nothing a grader looks at;
- a placement stopped by the markup floor: the mail to the account manager passes citing
  the floor (`84.07`, or `84.06` rounded down) or the rate the client accepted, and fails
  citing neither (the v1 goal kind wanted the floor only).
"""

from __future__ import annotations

import asyncio
import json
import re
import string

import pytest

from arcadia.agents.base import Budget
from arcadia.agents.briefing import briefing
from arcadia.agents.worlds.agency.pack import HANDBOOK_NOTE
from arcadia.grader import EmbeddedEnvironment, score_steps
from arcadia.grader.task import Task
from arcadia.taskgen.generate import Generator
from arcadia.taskgen.goals.agency import intent
from arcadia.taskgen.worlds import WORLDS

GOALS = [g for s in intent.TASKS for g in s.goals]
VOICES = ("Note from {manager}", "Chat from your recruiter lead", "{manager} forwarded you")
# What an instruction stated as intent never says: the API's nouns, the grader's rule, ids.
BANNED = re.compile(r"restUrl|rest url|JobSubmission|JobOrder|ClientCorporation|Candidate\b|"
                    r"payRate|billRate|clientBillRate|customText|customInt|skillList|"
                    r"nothing else|no other|\bid\b|\d", re.IGNORECASE)


def _render(text: str) -> str:
    slots = {f: "Slot" for _, f, _, _ in string.Formatter().parse(text) if f}
    return text.format(**slots)


def test_v2_is_the_agency_packs_second_generation() -> None:
    pack = WORLDS.get("agency")
    assert pack.generation("v2") == intent.TASKS
    assert {s.situation for s in pack.v2} == {s.situation for s in pack.situations}
    assert all(g.id.endswith("-v2") for g in GOALS)


@pytest.mark.parametrize("g", GOALS, ids=[g.id for g in GOALS])
def test_each_goal_speaks_in_three_voices_and_never_as_the_api(g) -> None:  # type: ignore[no-untyped-def]
    assert len(g.phrasings) >= 3
    assert [v for v in VOICES if any(p.startswith(v) for p in g.phrasings)] == list(VOICES)
    for p in g.phrasings:
        text = _render(p)
        assert not BANNED.search(text), (g.id, BANNED.search(text), text)
        assert "handbook" in text or g.id in ("agency-answer-client-v2",
                                              "agency-untangle-double-v2")
        # the account manager asks in the first person; only the lead names them
        if p.startswith(("Note from", "{manager} forwarded")):
            assert "tell {manager}" not in p, p


def test_the_briefing_says_the_handbook_binds_and_where_it_is() -> None:
    assert "handbook" in HANDBOOK_NOTE and "restUrl" in HANDBOOK_NOTE
    assert not re.search(r"\d|date|skill|rate|submission", HANDBOOK_NOTE)


@pytest.fixture(scope="module")
def env() -> EmbeddedEnvironment:
    return EmbeddedEnvironment()


@pytest.fixture(scope="module")
def placements() -> list[Task]:
    gen = Generator(seeds=[41], situations=["agency-below-floor-v1"],
                    goals=["agency-place-offer-v2"], generation="v2")
    return asyncio.run(gen.run())


def _cites(task: Task, text: str) -> Task:
    """`task`'s gold with its mail's body written out as `text`."""
    mail = task.gold[-1]
    body = json.loads(json.dumps(mail.body))
    body["message"]["body"]["content"] = text
    return [*task.gold[:-1], mail.model_copy(update={"body": body})]  # type: ignore[return-value]


async def test_a_placement_stop_may_cite_the_floor_or_the_accepted_rate(
        placements: list[Task], env: EmbeddedEnvironment) -> None:
    ok = next(t for t in placements if t.situation.params["variant"] == "allowed")  # type: ignore[union-attr]
    bad = next(t for t in placements if t.situation.params["variant"] == "forbidden")  # type: ignore[union-attr]
    assert _render(ok.instruction) == _render(bad.instruction)  # twins word for word
    assert (await score_steps(ok, env, ok.gold)).score == 1.0
    assert (await score_steps(bad, env, bad.gold)).score == 1.0
    world = await env.world(bad)
    anchor, hidden = world.situations[0].anchors[0], world.situations[0].hidden[0]
    name, floor, bill = anchor["candidate"], hidden["fact"], anchor["bill_rate"]
    head = f"Hi, I have not placed {name}: handbook rule 3.1 stops it,"
    for fact in (f"the floor is ${floor / 100:.2f} an hour",
                 f"the floor rounds to ${(floor - 1) / 100:.2f}",
                 f"the offer bills ${bill / 100:.2f} an hour, under the floor",
                 f"the offer bills ${bill // 100} an hour, under the floor"):
        got = await score_steps(bad, env, _cites(bad, f"{head} {fact}."))
        assert got.score == 1.0, (fact, [c.reason for c in got.checks if not c.passed])
    vague = await score_steps(bad, env, _cites(bad, f"{head} the rates are too low."))
    assert vague.score < 1
    # the instruction states no rate: the agent reads the offer to know what to do
    assert f"{bill / 100:.2f}" not in bad.instruction and str(bill // 100) not in bad.instruction
    assert "handbook" in briefing(bad, None, Budget()).text()
