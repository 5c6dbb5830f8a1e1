"""OpenEnv: the Arcadia server driven by OpenEnv's own `MCPToolClient` over its WebSocket
protocol, on 127.0.0.1: the gold scores 1, submitting at once 0, two concurrent sessions
have two episodes, and an ungradeable grade is a tool error, never a reward."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

pytest.importorskip("openenv", reason="the `openenv` extra is not installed")

import uvicorn  # noqa: E402
from openenv.core.env_server.mcp_types import CallToolAction  # noqa: E402
from openenv.core.mcp_client import MCPToolClient  # noqa: E402

from arcadia.agents.adapters import gold_calls  # noqa: E402
from arcadia.agents.adapters.openenv import ArcadiaEnvClient, openenv_app  # noqa: E402
from arcadia.grader import load_task  # noqa: E402
from tests.adapters.conftest import TASKS, ungradeable_task  # noqa: E402
from tests.factories import free_ports  # noqa: E402


class Served:
    def __init__(self, app) -> None:
        self.port = free_ports()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", ws="websockets-sansio"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


async def test_gold_one_noop_zero_and_concurrent_sessions(env, tasks_dir):
    calls = await gold_calls(load_task(tasks_dir / f"{TASKS[0]}.json"), env)
    with Served(openenv_app(tasks_dir, "dev", environment=env)) as url:
        async with ArcadiaEnvClient(base_url=url) as a, ArcadiaEnvClient(base_url=url) as b:
            assert isinstance(a, MCPToolClient)
            ra, rb = await asyncio.gather(a.reset(task_id=TASKS[0]),
                                          b.reset(task_id=TASKS[0]))
            assert ra.observation.instruction.startswith("Wendy Moon")
            assert ra.observation.briefing.startswith("You are ")
            assert "Your budget: 30 turns" in ra.observation.briefing
            assert ra.observation.episode_id != rb.observation.episode_id
            # The task's id is never in what the agent observes before the grade.
            assert "task_id" not in type(ra.observation).model_fields
            assert TASKS[0] not in ra.observation.model_dump_json()
            names = {t.name for t in await a.list_tools()}
            assert {c.name for c in calls} <= names and "submit" in names
            for call in calls:  # a does the work; b does nothing
                text = await a.call_tool(call.name, **call.arguments)
                assert str(text).startswith("HTTP 2")
            ended_a = await a.step(CallToolAction(tool_name="submit",
                                                  arguments={"message": "done"}))
            ended_b = await b.step(CallToolAction(tool_name="submit", arguments={}))
            assert (ended_a.done, ended_a.reward) == (True, 1.0)
            assert ended_a.observation.grade["outcome"] == "pass"
            assert ended_a.observation.grade["task_id"] == TASKS[0]  # the harness's, at the end
            assert ended_a.observation.adapter == "openenv"
            assert (ended_b.done, ended_b.reward) == (True, 0.0)  # not a's episode
            state = await a.state()
            assert state.step_count == len(calls) + 1


async def test_ungradeable_is_a_tool_error_never_a_reward(env, tasks_dir):
    with Served(openenv_app(ungradeable_task(tasks_dir), environment=env)) as url:
        async with MCPToolClient(base_url=url) as client:
            await client.reset()
            with pytest.raises(RuntimeError, match="ungradeable.*unknown guard kind"):
                await client.call_tool("submit", message="done")
