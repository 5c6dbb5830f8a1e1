"""The environment API: `reset` → briefing, instruction and tools, `step(tool call)` →
observation, `grade()` → the grade. In process (`ArcadiaEnv`) and over HTTP
(`env_server`, many concurrent sessions), shaped like Gymnasium's `reset`/`step`
(observation, reward, terminated, truncated, info) so thin adapters can follow.

An action is a tool call `{"name": ..., "arguments": {...}}` (a dict, a JSON string or a
`ToolCall`), or `{"final": "..."}`, the agent's last message, which ends the episode and
grades it: the reward is the score (0 when ungradeable; `info["grade"]` says why).

The briefing (`arcadia.agents.briefing`) says who the agent is, the world's date and time
and its turn budget: `max_turns` tool calls (None: the task's own default), after which the
episode is cut (truncated) and graded; the last `WARN_AT` observations say how many are
left. An observation is at most `OBSERVATION_CHARS` characters: a longer answer is cut to
valid JSON that says how to get the rest (`arcadia.agents.truncate`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, Field

from arcadia.agents.base import OBSERVATION_CHARS, Budget, ToolCall
from arcadia.agents.briefing import WARN_AT, noted, turns_note
from arcadia.agents.runner import load_tasks
from arcadia.agents.session import Session
from arcadia.grader import EmbeddedEnvironment, Environment, Grade, Task

StepResult = tuple[str, float, bool, bool, dict[str, Any]]


def parse_action(action: Any) -> ToolCall | str:
    """A `ToolCall`, or the final message (a `str`); raises `ValueError` if malformed."""
    if isinstance(action, ToolCall):
        return action
    if isinstance(action, str):
        try:
            action = orjson.loads(action)
        except orjson.JSONDecodeError as e:
            raise ValueError(f"the action is not JSON: {e}") from None
    if not isinstance(action, dict):
        raise ValueError("an action is an object: {\"name\", \"arguments\"} or {\"final\"}")
    if "final" in action:
        return str(action["final"])
    name, args = action.get("name"), action.get("arguments", {})
    if isinstance(args, str):
        try:
            args = orjson.loads(args or "{}")
        except orjson.JSONDecodeError as e:
            raise ValueError(f"arguments are not JSON: {e}") from None
    if not isinstance(name, str) or not isinstance(args, dict):
        raise ValueError("a tool call needs a string `name` and object `arguments`")
    return ToolCall(name, args, action.get("id"))


class ArcadiaEnv:
    """One agent's environment over a set of tasks; one episode at a time."""

    def __init__(self, tasks: Sequence[Task] | Path | str,
                 environment: Environment | None = None, max_turns: int | None = None, *,
                 adapter: str | None = None, cut: bool = True) -> None:
        """`max_turns`: the tool calls an episode may make (None: each task's default);
        `cut=False`: the framework driving this environment counts the turns and ends the
        episode itself (the briefing still states `max_turns`)."""
        tasks = load_tasks(Path(tasks)) if isinstance(tasks, str | Path) else list(tasks)
        self.tasks = {t.id: t for t in tasks}
        self.environment = environment or EmbeddedEnvironment()
        self.max_turns = max_turns
        self.cut = cut
        # The framework adapter driving this environment (`arcadia.agents.adapters`): every
        # record of an episode it hands back names it (the reset and final `info`).
        self.adapter = adapter
        self.session: Session | None = None
        self.turns = 0
        self.result: Grade | None = None

    async def reset(self, task: Task | str | None = None, *, seed: int | None = None
                    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A fresh episode of `task` (an id or a Task), or of a task drawn by `seed`."""
        await self.close()
        if isinstance(task, Task):
            chosen = task
        elif task is not None:
            if task not in self.tasks:
                raise KeyError(f"unknown task {task!r}")
            chosen = self.tasks[task]
        else:
            ids = sorted(self.tasks)
            chosen = self.tasks[random.Random(seed).choice(ids) if seed is not None
                                else ids[0]]
        self.session = Session(self.environment, chosen,
                               budget=Budget(max_turns=self.max_turns), timed=False)
        episode = await self.session.start()
        assert self.session.briefing is not None
        self.turns, self.result = 0, None
        return ({"briefing": self.session.briefing.text(), "instruction": chosen.instruction,
                 "tools": self.session.tools.schemas()},
                {"task_id": chosen.id, "episode_id": episode.id, "actor": str(chosen.actor),
                 "max_turns": self.session.budget.turns, "adapter": self.adapter})

    @property
    def turn_limit(self) -> int:
        """The running episode's turn budget."""
        assert self.session is not None, "reset() first"
        return self.session.budget.turns

    async def step(self, action: Any) -> StepResult:
        """Execute a tool call (or end with a final message). A platform failure raises
        `EnvironmentFailure`; a malformed action is an observation saying what is wrong."""
        if self.session is None or self.result is not None:
            raise RuntimeError("reset() first: no episode is running")
        try:
            parsed = parse_action(action)
        except ValueError as e:
            return f"error: {e}", 0.0, False, False, {"error": str(e)}
        if isinstance(parsed, str):
            return await self._end(parsed, truncated=False)
        obs = await self.session.step(parsed)
        self.turns += 1
        limit = self.turn_limit
        info = {"status": obs.status, "turn": self.turns}
        text = noted(obs.text(), turns_note(self.turns, limit) if self.cut else None)
        if self.cut and self.turns >= limit:
            _, reward, term, trunc, end = await self._end(None, truncated=True)
            return text, reward, term, trunc, {**info, **end}
        return text, 0.0, False, False, info

    async def _end(self, final: str | None, *, truncated: bool) -> StepResult:
        g = await self.grade()
        reward = g.score if g.score is not None else 0.0
        return ("", reward, not truncated, truncated,
                {"grade": g.model_dump(), "final": final, "adapter": self.adapter})

    async def grade(self) -> Grade:
        """Grade the episode as it stands (and remember it: the episode has ended)."""
        if self.session is None:
            raise RuntimeError("reset() first: no episode is running")
        self.result = await self.session.grade()
        return self.result

    @property
    def trace(self) -> list[dict[str, Any]]:
        return [] if self.session is None else self.session.trace

    async def close(self) -> None:
        if self.session is not None:
            session, self.session = self.session, None
            await session.close()


class ResetBody(BaseModel):
    task_id: str | None = Field(None, description="Task to run; else drawn by `seed`.")
    seed: int | None = Field(None, description="Draws a task when no `task_id` is given.")


class StepBody(BaseModel):
    action: Any = Field(description="{\"name\", \"arguments\"}, or {\"final\": text}.")


API_DESCRIPTION = f"""\
Episodes of Arcadia's tasks, for agents and the frameworks that drive them.

`POST /sessions` opens one (reset): its `observation` holds the `briefing` (who the agent
is: name, e-mail, title, department and roles from the world; the world's date and time;
its turn budget), the task's `instruction` and its `tools` (OpenAI-style function schemas).
`POST /sessions/{{id}}/step` takes one action, a tool call `{{"name", "arguments"}}` or
`{{"final": "..."}}`, which ends and grades the episode. `GET /sessions/{{id}}` gives the
reset's observation again (briefing, instruction, tools) with the turns used and left, at
no turn's cost, for an agent whose framework lost it. Each tool call is one turn: after
the budget's last one the episode is cut (`truncated`) and graded; the last {WARN_AT}
observations say on their status line how many turns are left.

An observation is the app's status line and JSON body, at most {OBSERVATION_CHARS:,}
characters. A longer body comes back cut, as valid JSON: `{{"truncated": true, "chars",
"list", "shown", "total", "how_to_get_the_rest", "body"}}` (the list that holds most of the
body cut to its first whole items; `how_to_get_the_rest` names the product's own paging
parameters for the call), or `{{"truncated": true, "chars", "shown_chars",
"how_to_get_the_rest", "prefix"}}` when no list's whole items fit. A shorter body is sent
as the app answered it.
"""


def opaque_id(task_id: str) -> str:
    """A handle for a task that says nothing of it: `task-` and 12 hex digits of the id's
    sha256 (an agency twin's id ends in `-allowed` or `-forbidden`)."""
    return "task-" + hashlib.sha256(task_id.encode()).hexdigest()[:12]


def env_server(tasks: Sequence[Task] | Path | str, environment: Environment | None = None,
               max_turns: int | None = None, *, opaque: bool = False) -> FastAPI:
    """The environment API over HTTP: one `ArcadiaEnv` per session, sessions concurrent;
    `max_turns` None: each task's own default. `opaque`: every task is known by its
    `opaque_id` only (in `/tasks`, `reset` and every `info` and grade), for an agent that
    is given this API itself."""
    tasks = load_tasks(Path(tasks)) if isinstance(tasks, str | Path) else list(tasks)
    if opaque:
        tasks = [t.model_copy(update={"id": opaque_id(t.id)}) for t in tasks]
    environment = environment or EmbeddedEnvironment()
    sessions: dict[str, ArcadiaEnv] = {}
    opened: dict[str, dict[str, Any]] = {}  # each session's reset observation
    api = FastAPI(title="Arcadia environment API", version="1", description=API_DESCRIPTION)

    def get(sid: str) -> ArcadiaEnv:
        if sid not in sessions:
            raise HTTPException(404, f"no session {sid!r}")
        return sessions[sid]

    @api.get("/tasks", operation_id="env_list_tasks")
    async def list_tasks() -> list[str]:
        return sorted(t.id for t in tasks)

    @api.post("/sessions", status_code=201, operation_id="env_reset")
    async def reset(body: ResetBody) -> dict[str, Any]:
        env = ArcadiaEnv(tasks, environment, max_turns)
        try:
            observation, info = await env.reset(body.task_id, seed=body.seed)
        except KeyError as e:
            raise HTTPException(404, str(e.args[0])) from None
        sid = secrets.token_hex(8)
        sessions[sid], opened[sid] = env, observation
        return {"session_id": sid, "observation": observation, "info": info}

    @api.get("/sessions/{sid}", operation_id="env_session")
    async def session(sid: str) -> dict[str, Any]:
        env = get(sid)
        limit = env.turn_limit if env.session is not None else None
        return {"session_id": sid, "observation": opened[sid],
                "info": {"turn": env.turns, "max_turns": limit,
                         "turns_left": None if limit is None else max(0, limit - env.turns),
                         "ended": env.result is not None}}

    @api.post("/sessions/{sid}/step", operation_id="env_step")
    async def step(sid: str, body: StepBody) -> dict[str, Any]:
        env = get(sid)
        if env.result is not None:
            raise HTTPException(409, "the episode has ended; DELETE the session")
        obs, reward, terminated, truncated, info = await env.step(body.action)
        return {"observation": obs, "reward": reward, "terminated": terminated,
                "truncated": truncated, "info": info}

    @api.post("/sessions/{sid}/grade", operation_id="env_grade")
    async def grade(sid: str) -> dict[str, Any]:
        return (await get(sid).grade()).model_dump()

    @api.delete("/sessions/{sid}", status_code=204, operation_id="env_close")
    async def close(sid: str) -> None:
        env = get(sid)
        del sessions[sid], opened[sid]
        await env.close()

    return api
