"""One attempt's episode: the task's actor in a fresh episode, its tool calls, its trace.

A `Session` is what the runner and the environment API (`arcadia.agents.env`) share: it
starts the episode and writes the agent's briefing (`arcadia.agents.briefing`), executes
tool calls (directly over HTTP, or through an MCP client), records every request and
response in order, grades the episode and deletes it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson

from arcadia.agents.base import Budget, Observation, ToolCall
from arcadia.agents.briefing import Briefing, brief, task_budget
from arcadia.agents.pack import WorldRecord
from arcadia.agents.tools import AppFailure, Toolset, execute, toolset
from arcadia.agents.worlds import pack_of
from arcadia.grader import Environment, EpisodeRef, Grade, Task, grade_episode
from arcadia.grader.replay import actor_headers

# Request headers a trace leaves out: the credential and what httpx sets itself.
_UNTRACED = {"authorization", "accept", "content-type", "content-length", "host",
             "user-agent", "accept-encoding", "connection", "x-coupa-api-key", "cookie"}

Caller = Callable[[ToolCall], Awaitable[Observation]]


def _json_or_text(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return raw.decode(errors="replace")


def task_apps(task: Task) -> list[str]:
    """The apps a task offers: its family's (`meta.offered`), else the apps it uses
    (`meta.apps`, else the apps of its gold)."""
    return sorted(set(task.meta.offered or task.meta.apps) or {s.app for s in task.gold})


def task_tools(task: Task) -> Toolset:
    """The tools an agent is offered for a task: every operation of the task's apps
    (`task_apps`: its family's, so twins offer the same), as a product's SDK would offer them.

    All 428 operations of the seven apps are more than most models take in one request
    (OpenAI's limit is 128), so the scope is the task's apps; which of them the actor may
    call is the apps' business (a 403 is an observation like any other).
    """
    return toolset(task_apps(task))


class Session:
    """A task's episode and what happened in it."""

    def __init__(self, env: Environment, task: Task, tools: Toolset | None = None, *,
                 budget: Budget | None = None, timed: bool = True) -> None:
        """`budget`: the agent's (its turns filled in from the task where None); `timed`:
        whether its `max_seconds` is enforced (by the runner), so the briefing states it."""
        self.env = env
        self.task = task
        self.tools = tools or task_tools(task)
        self.budget = task_budget(task, budget)
        self.timed = timed
        self.briefing: Briefing | None = None  # written at start
        self.episode: EpisodeRef | None = None
        self.client: httpx.AsyncClient | None = None
        self.trace: list[dict[str, Any]] = []
        self.caller: Caller | None = None  # another way to call tools (MCP), else direct
        self._call: ToolCall | None = None
        # What the world's own grading found beyond the grade (a restaurant shift's outcome).
        self.record: WorldRecord | None = None

    async def start(self) -> EpisodeRef:
        self.episode = await self.env.start(self.task)
        self.briefing = await brief(self.env, self.task, self.budget, timed=self.timed)
        client = self.env.client()
        client.headers.update(actor_headers(self.episode.token))
        client.event_hooks["response"].append(self._record)
        self.client = client
        return self.episode

    async def _record(self, response: httpx.Response) -> None:
        await response.aread()
        request = response.request
        app, _, path = request.url.path.lstrip("/").partition("/")
        query: dict[str, Any] = {}
        for k, v in request.url.params.multi_items():
            query[k] = [*query[k], v] if isinstance(query.get(k), list) else (
                [query[k], v] if k in query else v)
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _UNTRACED}
        call, self._call = self._call, None
        entry = {
            "call": None if call is None else {"name": call.name, "arguments": call.arguments},
            "request": {"app": app, "method": request.method, "path": "/" + path,
                        "query": query, "headers": headers,
                        "body": _json_or_text(request.content)},
            "status": response.status_code,
            "response": _json_or_text(response.content),
            "error": None,
        }
        self.trace.append(entry)
        if response.status_code >= 500:  # the platform's fault, on every path to an app
            entry["error"] = f"{app} answered {response.status_code}"
            raise AppFailure(app, str(request.url), f"{request.method} /{path} answered "
                             f"{response.status_code}")

    async def step(self, call: ToolCall) -> Observation:
        """Execute one tool call; a platform failure raises `EnvironmentFailure`."""
        assert self.client is not None, "start() first"
        self._call = call
        if self.caller is not None:
            obs = await self.caller(call)
        else:
            obs = await execute(self.client, {}, self.tools, call)
        if self._call is None:  # the request went through this client: the hook recorded it
            return obs
        self._call = None
        self.trace.append({"call": {"name": call.name, "arguments": call.arguments},
                           "request": None, "status": obs.status, "response": obs.body,
                           "error": obs.error})
        return obs

    async def grade(self) -> Grade:
        assert self.episode is not None, "start() first"
        world_grade = pack_of(self.task.world.spec).grade
        if world_grade is not None:
            result, self.record = await world_grade(self.env, self.task, self.episode)
            return result
        return await grade_episode(self.env, self.task, self.episode)

    async def close(self) -> None:
        closer = getattr(self.caller, "aclose", None)
        self.caller = None
        if closer is not None:
            await closer()
        if self.client is not None:
            await self.client.aclose()
            self.client = None
        if self.episode is not None:
            episode, self.episode = self.episode, None
            await self.env.stop(episode)
