"""verifiers: `load_environment()` over a split, driven by verifiers' own rollout API with
a fake OpenAI-compatible model: the gold's calls score 1, answering at once scores 0, and an
ungradeable grade is the rollout's error with no reward."""

from __future__ import annotations

import pytest

vf = pytest.importorskip("verifiers", reason="the `verifiers` extra is not installed")

from openai import AsyncOpenAI  # noqa: E402

from arcadia.agents.adapters import gold_calls  # noqa: E402
from arcadia.agents.adapters.verifiers import UngradeableRollout, load_environment  # noqa: E402
from arcadia.grader import load_task  # noqa: E402
from tests.adapters.conftest import TASKS, ungradeable_task  # noqa: E402
from tests.agents.fake_openai import FakeOpenAI, call, reply  # noqa: E402


async def rollout(env, row: int, fake: FakeOpenAI):
    rows = env.get_dataset().to_list()
    async with AsyncOpenAI(base_url=fake.base_url, api_key="test", max_retries=0) as oai:
        return await env.run_rollout(rows[row], vf.OpenAIChatCompletionsClient(oai),
                                     "fake-model", {})


def test_load_environment_is_a_tool_env_over_the_split(env, tasks_dir):
    loaded = load_environment(tasks_dir, "dev", environment=env)
    assert isinstance(loaded, vf.ToolEnv) and isinstance(loaded.rubric, vf.Rubric)
    rows = loaded.get_dataset().to_list()
    assert sorted(r["info"]["task_id"] for r in rows) == sorted(TASKS)
    assert all(r["info"]["tool_defs"] and "gold" not in str(r) for r in rows)
    # Each row opens with the task's briefing, stating verifiers' own turn budget.
    assert all(r["prompt"][0]["role"] == "system" and
               r["prompt"][0]["content"].startswith("You are ") and
               "Your budget: 30 turns" in r["prompt"][0]["content"] for r in rows)


async def test_gold_scores_one_and_noop_zero(env, tasks_dir):
    loaded = load_environment(tasks_dir, "dev", environment=env)
    first = next(i for i, r in enumerate(loaded.get_dataset().to_list())
                 if r["info"]["task_id"] == TASKS[0])
    calls = await gold_calls(load_task(tasks_dir / f"{TASKS[0]}.json"), env)
    with FakeOpenAI([*(call(c.name, c.arguments) for c in calls), reply("done")]) as fake:
        out = await rollout(loaded, first, fake)
    assert not fake.errors, fake.errors
    assert (out["reward"], out["error"]) == (1.0, None), out["error"]
    assert out["info"]["arcadia_adapter"] == "verifiers"  # the rollout names who ran it
    assert len(fake.tool_messages()) == len(calls)
    with FakeOpenAI([reply("nothing to do")]) as fake:
        out = await rollout(loaded, first, fake)
    assert (out["reward"], out["error"]) == (0.0, None)


async def test_more_tools_than_the_limit_are_found_and_called(env, tasks_dir):
    """Past `max_tools` (10 here; the task offers 112) the rows offer `find_tools` and
    `call_tool`; a search, then the gold through `call_tool`, scores 1."""
    loaded = load_environment(tasks_dir, "dev", environment=env, max_tools=10)
    rows = loaded.get_dataset().to_list()
    first = next(i for i, r in enumerate(rows) if r["info"]["task_id"] == TASKS[0])
    assert [d["name"] for d in rows[first]["info"]["tool_defs"]] == ["find_tools",
                                                                     "call_tool"]
    calls = await gold_calls(load_task(tasks_dir / f"{TASKS[0]}.json"), env)
    script = [call("find_tools", {"query": "employee"}),
              *(call("call_tool", {"name": c.name, "arguments": c.arguments}) for c in calls),
              call("call_tool", {"name": "nope"}), reply("done")]
    with FakeOpenAI(script) as fake:
        out = await rollout(loaded, first, fake)
    assert not fake.errors, fake.errors
    assert (out["reward"], out["error"]) == (1.0, None), out["error"]
    answers = [m["content"] for m in fake.tool_messages()]
    assert '"matched"' in answers[0] and all(a.startswith("HTTP 2") for a in answers[1:-1])
    assert answers[-1].startswith("error: no tool is named 'nope'")


async def test_ungradeable_is_an_error_never_a_reward(env, tasks_dir):
    loaded = load_environment(ungradeable_task(tasks_dir), None, environment=env)
    with FakeOpenAI([reply("done")]) as fake:
        out = await rollout(loaded, 0, fake)
    assert out["reward"] is None
    assert "ungradeable" in str(out["error"]) and "unknown guard kind" in str(out["error"])
    assert UngradeableRollout.__mro__[1] is vf.InfraError
