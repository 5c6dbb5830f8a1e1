"""What an agent is given and what it gives back: tool calls, observations, the budget.

An agent gets everything in one `AgentContext` (the instruction, the tool schemas, a
`call` that executes a tool call in its episode, the budget, the usage it reports) and
returns an `AgentResult`. It never sees gold, checks, guards or a situation's hidden facts:
only the oracle (`privileged`, for validation, marked so in reports) gets the task.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import orjson

if TYPE_CHECKING:
    import httpx

    from arcadia.grader.task import Task

# What a model reads of a response body at most; the trace keeps it whole.
OBSERVATION_CHARS = 16_000


@dataclass(frozen=True)
class ToolCall:
    """A function call by name, with its arguments as the function schema names them."""

    name: str
    arguments: dict[str, Any]
    id: str | None = None


@dataclass
class Observation:
    """The answer to a tool call: the app's status and body, or why the call was refused
    before it reached an app (`error`: an unknown tool, arguments its schema rejects)."""

    status: int
    body: Any = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and 200 <= self.status < 300

    def text(self, limit: int = OBSERVATION_CHARS) -> str:
        """What goes back to a model: status and compact JSON, cut at `limit` characters."""
        if self.error is not None:
            return f"error: {self.error}"
        body = self.body if isinstance(self.body, str) else orjson.dumps(self.body).decode()
        out = f"HTTP {self.status}\n{body}"
        return out if len(out) <= limit else out[:limit] + f"\n[... {len(out) - limit} more]"


class BudgetExceeded(RuntimeError):
    """The agent used up its turns, tokens or cost: an agent error."""


class MalformedOutput(RuntimeError):
    """The agent (its model) answered something that is neither a tool call nor a final
    message: an agent error."""


class ProviderOutage(RuntimeError):
    """The model provider failed in a way the agent could not cause (unreachable, 5xx,
    rate limited after retries): an environment error, retried by the runner."""


@dataclass(frozen=True)
class Budget:
    """Limits per attempt. `max_seconds` is enforced by the runner; turns, tokens and
    cost by the agent, which raises `BudgetExceeded`."""

    max_turns: int = 30
    max_seconds: float = 300.0
    max_tokens: int | None = None
    max_cost: float | None = None


@dataclass
class Usage:
    """What the agent spent, reported by the agent (None where not known)."""

    turns: int = 0
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost: float | None = None


@dataclass
class AgentContext:
    instruction: str
    tools: list[dict[str, Any]]
    call: Callable[[ToolCall], Awaitable[Observation]]
    budget: Budget = field(default_factory=Budget)
    usage: Usage = field(default_factory=Usage)
    # The plain HTTP form of the tools: an authenticated client on which `/<app>/...`
    # reaches each app (the replay agent resends recorded requests on it).
    client: httpx.AsyncClient | None = None
    task_id: str | None = None
    # Only for privileged agents (the oracle): the task itself, gold included.
    task: Task | None = None


@dataclass
class AgentResult:
    final: str | None = None  # the agent's last message, if it gave one


class Agent(Protocol):
    name: ClassVar[str]
    privileged: ClassVar[bool]  # sees the task (the oracle): validation only

    async def run(self, ctx: AgentContext) -> AgentResult: ...
