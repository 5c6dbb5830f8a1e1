"""The agents, registered by name: `noop`, `oracle` (validation only), `replay`, `llm`,
and the agents of a world of their own from its pack (`heuristic`, the restaurant shift's
rule-based manager)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import orjson

from arcadia.agents.base import Agent, AgentContext, AgentResult, ToolCall
from arcadia.agents.worlds import WORLDS
from arcadia.grader.replay import run_steps
from arcadia.world.registry import Registry


class NoopAgent:
    """Does nothing: the floor every task must score 0 on."""

    name: ClassVar[str] = "noop"
    privileged: ClassVar[bool] = False

    async def run(self, ctx: AgentContext) -> AgentResult:
        return AgentResult(final="")


class OracleAgent:
    """Replays the task's gold over the plain HTTP APIs. It reads the gold, so it measures
    the platform, not an agent: reports mark it `validation only`."""

    name: ClassVar[str] = "oracle"
    privileged: ClassVar[bool] = True

    async def run(self, ctx: AgentContext) -> AgentResult:
        assert ctx.task is not None and ctx.client is not None
        token = ctx.client.headers["authorization"].removeprefix("Bearer ")
        await run_steps(ctx.client, token, ctx.task.gold)
        return AgentResult(final="done")


class ReplayAgent:
    """Replays a recorded trajectory: a run directory's `traces/<task>/<attempt>.jsonl`
    (attempt 0, or `attempt`), or one trace file for every task.

    A recorded HTTP request is sent again as it was (same app, method, path, query, body
    and product headers); a recorded tool call without a request (the MCP path) is called
    again as a tool. Ids are deterministic, so a replay in a fresh episode of the same task
    meets the same records.
    """

    name: ClassVar[str] = "replay"
    privileged: ClassVar[bool] = False

    def __init__(self, source: str | Path, attempt: int = 0) -> None:
        self.source = Path(source)
        self.attempt = attempt
        if not self.source.exists():
            raise ValueError(f"replay: no trajectory at {self.source}")

    def entries(self, task_id: str) -> list[dict[str, Any]]:
        path = self.source
        if path.is_dir():
            path = path / "traces" / task_id / f"{self.attempt}.jsonl"
        if not path.exists():
            raise FileNotFoundError(f"replay: no recorded trajectory for {task_id} at {path}")
        return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]

    async def run(self, ctx: AgentContext) -> AgentResult:
        assert ctx.task_id is not None and ctx.client is not None
        for entry in self.entries(ctx.task_id):
            req = entry.get("request")
            if req is None:
                call = entry["call"]
                await ctx.call(ToolCall(call["name"], call["arguments"]))
                continue
            body = req.get("body")
            await ctx.client.request(
                req["method"], f"/{req['app']}{req['path']}", params=req.get("query") or None,
                headers=req.get("headers") or {},
                **({"content": body} if isinstance(body, str) else {"json": body}))
        return AgentResult(final="replayed")


def _llm(**options: Any) -> Agent:
    from arcadia.agents.llm import LlmAgent

    return LlmAgent(**options)


AGENTS: Registry[Callable[..., Agent]] = Registry("agent", (
    ("noop", NoopAgent),
    ("oracle", OracleAgent),
    ("replay", ReplayAgent),
    ("llm", _llm),
    *((name, make) for p in WORLDS.values() for name, make in p.agents.items()),
))


def make_agent(name: str, **options: Any) -> Agent:
    """The registered agent `name`, built with `options` (e.g. `source` for replay); an
    unknown name is a ValueError naming the known agents."""
    return AGENTS.get(name)(**options)
