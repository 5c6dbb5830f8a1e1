"""The heuristic shift manager: the world's rule-based policy over the manager's API.

It observes the floor (`GET /restaurant/shift`), submits what
`world.restaurant.policies.heuristic` decides (`POST /restaurant/actions`) and advances the
clock (`POST /restaurant/advance`) until a disruption or a walkout, or by as many ticks as
its turns left allow (the budget spread evenly over the ticks left); after the last tick it
files the report from the final observation's running figures (`POST /restaurant/report`).
The decision rules are the policy's; only the cadence is the budget's. Over the plain HTTP
form when the context has a client, else through the tool calls of the same operations.
It reads nothing of the task beyond what any manager sees: it is not privileged. It runs
under the budget any agent gets: each request is a turn, and one past `max_turns` raises
`BudgetExceeded`. An action the floor refuses (422, naming its index) is dropped and the
rest resubmitted.
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
# What stops the clock early: the floor changed in a way the rules react to.
WAKE = ["equipment_failed", "stock_out", "walked_out"]


def _operations() -> dict[tuple[str, str], Tool]:
    """The app's operations by (method, the last segment of their path)."""
    return {
        (t.method, "/" + t.path.rsplit("/", 1)[-1]): t
        for t in toolset([APP]).tools.values()
        if "{" not in t.path
    }


class _Api:
    """The four operations the manager needs, over HTTP or tool calls."""

    def __init__(self, ctx: AgentContext) -> None:
        self.ctx = ctx
        self.ops = _operations()

    @property
    def left(self) -> int:
        return self.ctx.budget.turns - self.ctx.usage.turns

    async def send(self, method: str, end: str, body: Any = None, *, refused: bool = False) -> Any:
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
        if refused and status == 422:
            return None if not isinstance(data, dict) else data.get("error") or {}
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
            while actions and api.left > 2:  # keep a turn to advance and one to report
                error = await api.send("POST", ACTIONS, {"actions": actions}, refused=True)
                if error is None or "index" not in error:
                    break
                actions = [a for i, a in enumerate(actions) if i != error["index"]]
            decisions = max(1, (api.left - 1) // 2)
            step = min(obs["ticks_left"], -(-obs["ticks_left"] // decisions))
            if api.left <= 2:
                step = obs["ticks_left"]
            obs = await api.send("POST", ADVANCE, {"ticks": step, "until": {"events": WAKE}})
        figures = obs.get("figures")
        if not isinstance(figures, dict):
            raise MalformedOutput("the final observation has no running figures to report")
        await api.send("POST", REPORT, {f: figures[f] for f in REPORT_FIELDS})
        return AgentResult(final=f"shift run to tick {obs['tick']}; report filed")
