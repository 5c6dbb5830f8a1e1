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

from arcadia.agents.truncate import Paging, cut

if TYPE_CHECKING:
    import httpx

    from arcadia.grader.task import Task

# What a model reads of an answer at most (status line included); the trace keeps it whole.
# A longer body is cut to whole items, as JSON, with a note on how to get the rest
# (`arcadia.agents.truncate`).
OBSERVATION_CHARS = 16_000
# The default turn budget of a task whose world declares none (`arcadia.agents.briefing`).
DEFAULT_TURNS = 30


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
    # How the call that got this answer reads the rest of it, should it be cut.
    paging: Paging | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and 200 <= self.status < 300

    def text(self, limit: int = OBSERVATION_CHARS) -> str:
        """What goes back to a model: the status line and the body's compact JSON (a text
        body as it is), at most `limit` characters: a longer body is cut to valid JSON that
        says how to get the rest (`truncate.cut`)."""
        if self.error is not None:
            return f"error: {self.error}"
        head = f"HTTP {self.status}\n"
        return head + cut(self.body, limit - len(head), self.paging)


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
    cost by the agent, which raises `BudgetExceeded`. `max_turns=None` is the task's own
    default (`briefing.task_budget` fills it in: 30, or what the task's world declares)."""

    max_turns: int | None = None
    max_seconds: float = 300.0
    max_tokens: int | None = None
    max_cost: float | None = None

    @property
    def turns(self) -> int:
        """The turn limit (`DEFAULT_TURNS` where no task has filled it in)."""
        return DEFAULT_TURNS if self.max_turns is None else self.max_turns


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
    # Who the agent is, the world's date and time, its budget (`briefing.Briefing.text()`).
    briefing: str | None = None
    # Only for privileged agents (the oracle): the task itself, gold included.
    task: Task | None = None


@dataclass
class AgentResult:
    final: str | None = None  # the agent's last message, if it gave one


class Agent(Protocol):
    name: ClassVar[str]
    privileged: ClassVar[bool]  # sees the task (the oracle): validation only

    async def run(self, ctx: AgentContext) -> AgentResult: ...
