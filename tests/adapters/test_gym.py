"""Gymnasium: `arcadia/Task-v0` passes `gymnasium.utils.env_checker`; the gold, sent as JSON
tool calls, scores 1; ending at once scores 0; an ungradeable grade raises."""

from __future__ import annotations

import json

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the `gymnasium` extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from arcadia.agents.adapters import Ungradeable, gold_calls  # noqa: E402
from arcadia.agents.adapters.gym import ENV_ID, ArcadiaTaskEnv  # noqa: E402
from arcadia.grader import load_task  # noqa: E402
from tests.adapters.conftest import TASKS, ungradeable_task  # noqa: E402


def test_env_checker_passes(env, tasks_dir):
    made = gymnasium.make(ENV_ID, task=TASKS[0], tasks=tasks_dir, environment=lambda: env)
    try:
        assert isinstance(made.unwrapped, ArcadiaTaskEnv)
        check_env(made.unwrapped)
    finally:
        made.close()


def test_make_by_module_path_and_seeded_draw(env, tasks_dir):
    made = gymnasium.make(f"arcadia.agents.adapters.gym:{ENV_ID}", tasks=tasks_dir,
                          split="dev", environment=lambda: env)
    try:
        drawn = {made.reset(seed=s)[1]["task_id"] for s in range(6)}
        assert drawn <= set(TASKS) and len(drawn) == 2  # never the train task
        assert made.reset(seed=3)[1]["task_id"] == made.reset(seed=3)[1]["task_id"]
    finally:
        made.close()


async def test_gold_scores_one_and_noop_zero(env, tasks_dir):
    task = load_task(tasks_dir / f"{TASKS[0]}.json")
    calls = await gold_calls(task, env)
    made = gymnasium.make(ENV_ID, task=task, environment=lambda: env)
    try:
        obs, info = made.reset(seed=0)
        assert obs.endswith("\n\n" + task.instruction) and obs.startswith("You are ")
        assert "Your budget: 30 turns" in obs and info["max_turns"] == 30
        assert info["tools"] and info["adapter"] == "gymnasium"
        for call in calls:
            text, r, term, trunc, _ = made.step(json.dumps(
                {"name": call.name, "arguments": call.arguments}))
            assert text.startswith("HTTP 2") and (r, term, trunc) == (0.0, False, False)
        _, r, term, _, info = made.step(json.dumps({"final": "done"}))
        assert (r, term, info["grade"]["outcome"]) == (1.0, True, "pass")
        assert info["adapter"] == "gymnasium"
        made.reset(seed=0)
        _, r, term, _, info = made.step('{"final": ""}')
        assert (r, term, info["grade"]["score"]) == (0.0, True, 0.0)
    finally:
        made.close()


def test_ungradeable_raises_never_rewards(env, tasks_dir):
    made = gymnasium.make(ENV_ID, task=ungradeable_task(tasks_dir), environment=lambda: env)
    try:
        made.reset(seed=0)
        with pytest.raises(Ungradeable, match="unknown guard kind"):
            made.step('{"final": "done"}')
    finally:
        made.close()
