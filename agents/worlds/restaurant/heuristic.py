"""The heuristic shift manager: the world's rule-based policy over the manager's API.

Each tick it observes the floor (`GET /restaurant/shift`), submits what
`world.restaurant.policies.heuristic` decides (`POST /restaurant/actions`) and advances
one tick (`POST /restaurant/advance`); after the last tick it files the report from the
final observation's running figures (`POST /restaurant/report`). Over the plain HTTP
form when the context has a client, else through the tool calls of the same operations.
It reads nothing of the task beyond what any manager sees: it is not privileged. It runs
under the budget any agent gets: each request is a turn, and one past `max_turns` raises
`BudgetExceeded`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from arcadia.agents.base import (
    AgentContext,
    AgentResult,
    BudgetExceeded,
    MalformedOutput,
    ToolCall,
)
from arcadia.agents.tools import Tool, toolset
from arcadia.world.restaurant import REPORT_FIELDS
from arcadia.world.restaurant.policies import heuristic

APP = "restaurant"
SHIFT, ACTIONS, ADVANCE, REPORT = "/shift", "/actions", "/advance", "/report"


def _operations() -> dict[tuple[str, str], Tool]:
    """The app's operations by (method, the last segment of their path)."""
    return {(t.method, "/" + t.path.rsplit("/", 1)[-1]): t
            for t in toolset([APP]).tools.values() if "{" not in t.path}


class _Api:
    """The four operations the manager needs, over HTTP or tool calls."""

    def __init__(self, ctx: AgentContext) -> None:
        self.ctx = ctx
        self.ops = _operations()

    async def send(self, method: str, end: str, body: Any = None) -> Any:
        op = self.ops.get((method, end))
        if op is None:
            raise RuntimeError(f"the {APP} app has no {method} .../{end.lstrip('/')}")
        usage, limit = self.ctx.usage, self.ctx.budget.turns
        if usage.turns >= limit:
            raise BudgetExceeded(f"the manager used its {limit} turns")
        usage.turns += 1
        if self.ctx.client is not None:
            r = await self.ctx.client.request(method, f"/{APP}{op.path}", json=body)
            status, data = r.status_code, r.json() if r.content else None
        else:
            obs = await self.ctx.call(ToolCall(op.name, body or {}))
            if obs.error is not None:
                raise RuntimeError(f"{op.name}: {obs.error}")
            status, data = obs.status, obs.body
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} /{APP}{op.path} answered {status}: {data}")
        return data


class HeuristicAgent:
    """Runs the whole shift with the reference heuristic, then files an accurate report."""

    name: ClassVar[str] = "heuristic"
    privileged: ClassVar[bool] = False

    async def run(self, ctx: AgentContext) -> AgentResult:
        api = _Api(ctx)
        obs = await api.send("GET", SHIFT)
        while obs["ticks_left"] > 0:
            actions = heuristic(obs)
            if actions:
                await api.send("POST", ACTIONS, {"actions": actions})
            obs = await api.send("POST", ADVANCE, {"ticks": 1})
        figures = obs.get("figures")
        if not isinstance(figures, dict):
            raise MalformedOutput("the final observation has no running figures to report")
        await api.send("POST", REPORT, {f: figures[f] for f in REPORT_FIELDS})
        return AgentResult(final=f"shift run to tick {obs['tick']}; report filed")
