"""OpenEnv: an Arcadia environment server (reset / step / state, MCP tool actions,
concurrent sessions) for OpenEnv's clients, TRL and SkyRL.

    python -m arcadia.agents.adapters.openenv --tasks corpus/arcadia-v1 --split train

Each WebSocket session of OpenEnv's server gets its own `ArcadiaOpenEnv`, hence its own
episode. `reset(task_id=..., seed=...)` opens a task's episode; actions are OpenEnv's MCP
actions (RFC 003): `ListToolsAction` lists the task's tools, `CallToolAction` calls one
(`MCPToolClient.list_tools()` / `.call_tool()`; `ArcadiaEnvClient`, an `MCPToolClient`,
also reads the briefing, the instruction and the grade), and the tool `submit` (its
`message`) ends the episode and grades it: the observation is `done` with the grade's
score as its reward. An ungradeable grade is never a reward: the observation carries a `ToolError`
(`call_tool` raises it) and a None reward.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openenv.core.client_types import StepResult
from openenv.core.env_server.http_server import create_app
from openenv.core.env_server.interfaces import Environment as OpenEnvEnvironment
from openenv.core.env_server.mcp_types import (
    CallToolAction,
    CallToolObservation,
    ListToolsAction,
    ListToolsObservation,
    Tool,
    ToolError,
    ToolErrorType,
)
from openenv.core.env_server.types import Action, Observation, State
from openenv.core.mcp_client import MCPToolClient

from arcadia.agents.adapters._common import LoopThread, split_tasks
from arcadia.agents.env import ArcadiaEnv
from arcadia.grader import EmbeddedEnvironment, Environment, Task


class ArcadiaObservation(Observation):
    """What `reset` answers: the briefing, the instruction and the episode (OpenEnv sends
    an observation's fields, never its metadata). Not the task's id, which can name what
    tells twins apart (`...-allowed`, `...-forbidden`): the grade names it at the end."""

    briefing: str = ""
    instruction: str = ""
    episode_id: str = ""


class ArcadiaCallObservation(CallToolObservation):
    """A tool's answer; at the end, the grade (every check's and guard's verdict)."""

    grade: dict[str, Any] | None = None
    adapter: str | None = None  # at the end: the adapter that ran the episode ("openenv")


SUBMIT = Tool(name="submit", description="End the task with your last message; the "
              "episode is then graded.", input_schema={
                  "type": "object", "properties": {"message": {
                      "type": "string", "description": "Your last message."}}})


class ArcadiaOpenEnv(OpenEnvEnvironment):
    """One session's environment: one Arcadia episode at a time."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, tasks: Sequence[Task], environment: Environment,
                 max_turns: int | None = None) -> None:
        super().__init__()
        self.env = ArcadiaEnv(tasks, environment, max_turns, adapter="openenv")
        self._state = State(episode_id=None, step_count=0)
        self._tools: list[Tool] = []
        self._loop: LoopThread | None = None  # only for the synchronous API

    async def reset_async(self, seed: int | None = None, episode_id: str | None = None,
                          task_id: str | None = None, **kwargs: Any) -> Observation:
        if task_id is None:
            ids = sorted(self.env.tasks)
            task_id = ids[0] if seed is None else random.Random(seed).choice(ids)
        observation, info = await self.env.reset(task_id)
        self._tools = [Tool(name=s["function"]["name"],
                            description=s["function"]["description"],
                            input_schema=s["function"]["parameters"])
                       for s in observation["tools"]] + [SUBMIT]
        self._state = State(episode_id=info["episode_id"], step_count=0,
                            task_id=info["task_id"])
        return ArcadiaObservation(briefing=observation["briefing"],
                                  instruction=observation["instruction"],
                                  episode_id=info["episode_id"])

    async def step_async(self, action: Action, timeout_s: float | None = None,
                         **kwargs: Any) -> Observation:
        if isinstance(action, ListToolsAction):
            return ListToolsObservation(tools=self._tools)
        if not isinstance(action, CallToolAction):
            return CallToolObservation(tool_name="?", error=ToolError(
                error_type=ToolErrorType.INVALID_ARGS,
                message="actions are list_tools or call_tool (call `submit` to end)"))
        self._state.step_count += 1
        if action.tool_name == SUBMIT.name:
            arcadia_action: dict[str, Any] = {"final": action.arguments.get("message", "")}
        else:
            arcadia_action = {"name": action.tool_name, "arguments": action.arguments}
        text, reward, terminated, truncated, info = await self.env.step(arcadia_action)
        done = terminated or truncated
        if not done:
            return ArcadiaCallObservation(tool_name=action.tool_name, result=text)
        grade = info["grade"]
        if grade["score"] is None:
            return ArcadiaCallObservation(
                tool_name=action.tool_name, result=text, done=True, reward=None, grade=grade,
                adapter=info["adapter"], error=ToolError(error_type=ToolErrorType.EXECUTION_ERROR,
                                message=f"ungradeable: {grade['reason']}"))
        return ArcadiaCallObservation(tool_name=action.tool_name, result=text, done=True,
                                      reward=reward, grade=grade, adapter=info["adapter"])

    # The synchronous API (OpenEnv's HTTP /reset and /step, and direct use) runs the
    # same coroutines on an event loop of the environment's own.
    def _run(self, coro: Any) -> Any:
        if self._loop is None:
            self._loop = LoopThread()
        return self._loop.run(coro)

    def reset(self, seed: int | None = None, episode_id: str | None = None,
              **kwargs: Any) -> Observation:
        return self._run(self.reset_async(seed, episode_id, **kwargs))

    def step(self, action: Action, timeout_s: float | None = None, **kwargs: Any
             ) -> Observation:
        return self._run(self.step_async(action, timeout_s, **kwargs))

    @property
    def state(self) -> State:
        return self._state

    def close(self) -> None:
        if self._loop is not None:
            self._loop.run(self.env.close())
            self._loop.stop()
            self._loop = None


class ArcadiaEnvClient(MCPToolClient):
    """OpenEnv's MCP tool client, reading Arcadia's reset observation (the instruction,
    the episode) and the grade at the end."""

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[Observation]:
        data = payload.get("observation", {})
        if "instruction" in data:
            return StepResult(observation=ArcadiaObservation(
                **data, done=payload.get("done", False), reward=payload.get("reward")),
                reward=payload.get("reward"), done=payload.get("done", False))
        result = super()._parse_result(payload)
        if "grade" in data and isinstance(result.observation, CallToolObservation):
            obs = result.observation
            result.observation = ArcadiaCallObservation(
                tool_name=obs.tool_name, result=obs.result, error=obs.error, done=obs.done,
                reward=obs.reward, grade=data["grade"], adapter=data.get("adapter"))
        return result


def openenv_app(tasks: Sequence[Task] | Path | str, split: str | None = None,
                environment: Environment | None = None, max_turns: int | None = None,
                max_concurrent_envs: int = 64) -> Any:
    """OpenEnv's FastAPI app over the tasks of a corpus split; one episode per session."""
    chosen = split_tasks(tasks, split)
    shared = environment or EmbeddedEnvironment()
    return create_app(lambda: ArcadiaOpenEnv(chosen, shared, max_turns), CallToolAction,
                      ArcadiaCallObservation, env_name="arcadia",
                      max_concurrent_envs=max_concurrent_envs)


def main() -> None:
    import argparse

    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", required=True, help="A task file or a folder of them.")
    parser.add_argument("--split", default=None, help="train, dev or test (default: all).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    uvicorn.run(openenv_app(args.tasks, args.split), host=args.host, port=args.port,
                log_level="warning")


if __name__ == "__main__":
    main()
