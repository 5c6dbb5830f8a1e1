"""The briefing at reset (who the agent is, the world's date and time, its budget), the
same through the environment API over HTTP, MCP in memory and the `llm` agent; the turns
left said in the last observations; a task's default turn budget."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from arcadia.agents.base import Budget, Observation, ToolCall
from arcadia.agents.briefing import WARN_AT, brief, task_budget, task_turns
from arcadia.agents.env import ArcadiaEnv, env_server
from arcadia.agents.mcp import session_caller
from arcadia.agents.session import Session
from arcadia.agents.worlds.robotics.pack import POLICY_NOTE
from arcadia.grader import EmbeddedEnvironment, load_task

TASKS = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"
TASK = "hr-mismatch-title"
COMPANY_INFO = {"name": "hris_get_company_information",
                "arguments": {"companyDomain": "arcadia"}}


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


@pytest.fixture(scope="module")
def task():
    return load_task(TASKS / f"{TASK}.json")


async def truth(env, task) -> list[str]:
    """What the briefing must say of the actor, from the world's truth."""
    source = await env.source(task)
    person = next(p for p in source.part("people") if p.email == task.actor)
    department = next(d for d in source.part("departments") if d.id == person.department_id)
    return [person.name, person.email, person.title, f"{department.name} department",
            ", ".join(person.roles), source.part("company_name")]


async def test_the_env_api_briefs_at_reset(env, task) -> None:
    api = env_server(TASKS, env)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api),
                                 base_url="http://env") as c:
        r = (await c.post("/sessions", json={"task_id": TASK})).json()
        await c.delete(f"/sessions/{r['session_id']}")
    text = r["observation"]["briefing"]
    for fact in await truth(env, task):
        assert fact in text, (fact, text)
    assert "It is Monday 2 March 2026, 09:00 UTC in the world" in text
    assert "Your budget: 30 turns" in text and "seconds" not in text  # no clock enforced
    assert "16,000 characters" in text
    # The final message is nobody's inbox: who should hear something is told in the apps.
    assert "Your final message reaches no one" in text and "through the apps" in text
    assert r["info"]["max_turns"] == 30
    assert r["observation"]["instruction"] == task.instruction
    # Arcadia Robotics' policies bind, and the briefing says where they are, never which
    # one a task is about or any of its figures.
    assert POLICY_NOTE in text and "by mail" in POLICY_NOTE
    assert not re.search(r"\d|limit|balance|bank|blackout", POLICY_NOTE)


async def test_the_last_observations_say_how_many_turns_are_left(env) -> None:
    arcadia = ArcadiaEnv(TASKS, env, max_turns=WARN_AT + 1)
    obs, info = await arcadia.reset(TASK)
    assert info["max_turns"] == WARN_AT + 1 and f"{WARN_AT + 1} turns" in obs["briefing"]
    heads = []
    for _ in range(WARN_AT + 1):
        text, reward, term, trunc, info = await arcadia.step(COMPANY_INFO)
        head, _, body = text.partition("\n")
        assert body.startswith("{")  # the body after the status line is untouched
        heads.append(head)
    await arcadia.close()
    assert heads == ["HTTP 200 [3 of 4 turns left: finish, and give your final message "
                     "before they run out]",
                     "HTTP 200 [2 of 4 turns left: finish, and give your final message "
                     "before they run out]",
                     "HTTP 200 [1 of 4 turns left: finish, and give your final message "
                     "before they run out]",
                     "HTTP 200 [0 of 4 turns left: the episode has ended]"]
    assert trunc and not term and info["grade"]["outcome"] == "fail"


async def test_mcp_gives_the_briefing_as_its_instructions(env, task) -> None:
    session = Session(env, task)
    try:
        await session.start()
        assert session.briefing is not None
        caller = await session_caller(None)(session)
        try:
            assert caller.instructions is not None
            assert caller.instructions.startswith(session.briefing.text())
            obs = await caller(ToolCall(COMPANY_INFO["name"], COMPANY_INFO["arguments"]))
            assert obs.ok
        finally:
            await caller.aclose()
    finally:
        await session.close()
    for fact in await truth(env, task):
        assert fact in caller.instructions


async def test_the_runner_briefs_with_its_time_limit(env, task) -> None:
    b = await brief(env, task, Budget(max_seconds=120, max_tokens=50_000))
    assert (b.turns, b.seconds, b.tokens) == (30, 120, 50_000)
    assert "Your budget: 30 turns" in b.text() and "120 seconds, 50,000 tokens" in b.text()
    assert b.as_dict()["budget"] == {"turns": 30, "seconds": 120, "tokens": 50_000,
                                     "cost": None}


def test_a_task_budget_is_the_tasks_unless_given(task) -> None:
    assert task_turns(task) == 30 and task_budget(task).max_turns == 30
    assert task_budget(task, Budget(max_turns=7)).max_turns == 7
    assert Budget().turns == 30 and Budget(max_turns=5).turns == 5


def test_observation_text_is_not_noted_when_turns_are_plenty() -> None:
    from arcadia.agents.briefing import noted, turns_note

    text = Observation(200, {"a": 1}).text()
    assert noted(text, turns_note(1, 30)) == text
    assert noted("error: x", turns_note(29, 30)).startswith("error: x [1 of 30 turns left")
