"""`llm`: a function-calling loop for any OpenAI-compatible chat-completions endpoint.

The model gets a system prompt followed by the agent's briefing (who it is, the world's
date and time, its budget: `arcadia.agents.briefing`), the task's instruction and the
tools' function schemas (for more than `max_tools`, OpenAI's 128, `find_tools` and
`call_tool` in their place: `arcadia.agents.tool_search`). Each of its tool calls is
executed through `ctx.call` and the observation (a 4xx included) goes back as the tool
message, whose status line says how many turns are left once `WARN_AT` or fewer are; its
first message without tool calls is its final answer.

Errors, as the runner classifies them:

- the provider unreachable, timing out, answering 5xx or 429 after the SDK's own retries:
  `ProviderOutage` (an environment error, retried by the runner);
- any other provider status (400, 401, 404, ...): re-raised as it is, a crash (agent error);
- arguments that are not a JSON object: the parse error goes back as the tool message; three
  answers in a row with such a call raise `MalformedOutput`;
- turns, tokens or cost past the budget: `BudgetExceeded`;
- `EnvironmentFailure` from `ctx.call` (an app's 5xx) propagates untouched.
"""

from __future__ import annotations

import json
import os
from typing import Any, ClassVar

import openai
from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from arcadia.agents.base import (
    OBSERVATION_CHARS,
    AgentContext,
    AgentResult,
    BudgetExceeded,
    MalformedOutput,
    ProviderOutage,
    ToolCall,
    Usage,
)
from arcadia.agents.briefing import noted, turns_note
from arcadia.agents.tool_search import MAX_TOOLS, ToolIndex

SYSTEM_PROMPT = """\
You work at the organisation your briefing below names, in its apps, through the \
tools you are given: each tool is one call to an app's API, and its result is the app's \
HTTP status and response body. Read what you need before you change anything, change \
only what the task asks for, and correct a call the app rejected (a 4xx says why). When \
the task is done, or you find that it cannot or should not be done, answer with a final \
message, without tool calls, that says what you did."""

# Answers in a row whose tool calls could not be parsed, after which the agent gives up.
MAX_MALFORMED = 3

# Provider failures the agent cannot have caused (after the SDK's retries).
OUTAGES = (openai.APIConnectionError, openai.InternalServerError, openai.RateLimitError)


class LlmSettings(BaseSettings):
    """The endpoint and model, from `ARCADIA_LLM_*` (the key falls back to OPENAI_API_KEY)."""

    model_config = SettingsConfigDict(
        env_prefix="ARCADIA_LLM_", extra="ignore", populate_by_name=True
    )

    base_url: str | None = None  # None: the SDK's default (OPENAI_BASE_URL or OpenAI's)
    model: str = "gpt-4o-mini"
    api_key: str | None = Field(
        default=None, validation_alias=AliasChoices("ARCADIA_LLM_API_KEY", "OPENAI_API_KEY")
    )
    price_in: float | None = None  # per million input tokens, for the cost
    price_out: float | None = None  # per million output tokens
    temperature: float | None = None
    max_retries: int = 2
    timeout: float = 120.0  # seconds per request
    # What the model reads of one tool result at most (characters; the trace keeps it whole).
    observation_chars: int = OBSERVATION_CHARS
    # Functions one request may carry (OpenAI's limit); a task offering more is given
    # `find_tools` and `call_tool` instead (agents/tool_search.py). 0: no limit.
    max_tools: int = MAX_TOOLS


class LlmAgent:
    """The function-calling loop; settings from the environment, overridable by keyword."""

    name: ClassVar[str] = "llm"
    privileged: ClassVar[bool] = False

    def __init__(self, *, client: openai.AsyncOpenAI | None = None, **overrides: Any) -> None:
        """Args:
        client: an SDK client to use instead of one built from the settings.
        **overrides: any `LlmSettings` field (`model=`, `base_url=`, `price_in=`, ...).
        """
        given = {k: v for k, v in overrides.items() if v is not None}
        self.settings = LlmSettings(**given)
        self._client = client
        s = self.settings
        if client is None and not s.api_key and not (s.base_url or os.environ.get(
                "OPENAI_BASE_URL")):
            # Said once, up front, rather than as a crash in every attempt.
            raise ValueError("the llm agent needs ARCADIA_LLM_API_KEY (or OPENAI_API_KEY), "
                             "or ARCADIA_LLM_BASE_URL for an endpoint that takes no key")

    @property
    def model(self) -> str:
        return self.settings.model

    def _new_client(self) -> openai.AsyncOpenAI:
        s = self.settings
        return openai.AsyncOpenAI(
            base_url=s.base_url,
            # Local endpoints (vLLM, llama.cpp, Ollama) take any key; the SDK insists on one.
            api_key=s.api_key or ("unused" if s.base_url else None),
            max_retries=s.max_retries,
            timeout=s.timeout,
        )

    async def run(self, ctx: AgentContext) -> AgentResult:
        if self._client is not None:
            return await self._loop(self._client, ctx)
        async with self._new_client() as client:
            return await self._loop(client, ctx)

    async def _loop(self, client: openai.AsyncOpenAI, ctx: AgentContext) -> AgentResult:
        system = SYSTEM_PROMPT + (f"\n\n{ctx.briefing}" if ctx.briefing else "")
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system},
            {"role": "user", "content": ctx.instruction},
        ]
        malformed = 0
        limit = ctx.budget.turns
        cap = self.settings.max_tools
        index = ToolIndex(ctx.tools) if cap and len(ctx.tools) > cap else None
        offered = index.offered() if index is not None else ctx.tools
        while True:
            if ctx.usage.turns >= limit:
                raise BudgetExceeded(f"the model used its {limit} turns")
            completion = await self._complete(client, messages, offered)
            self._account(ctx, completion)
            message = completion.choices[0].message if completion.choices else None
            if message is None or (not message.tool_calls and not message.content):
                malformed += 1
                if malformed >= MAX_MALFORMED:
                    raise MalformedOutput(
                        f"{malformed} answers in a row had neither a tool call nor a message"
                    )
                messages.append({
                    "role": "user",
                    "content": "Answer with a tool call, or with a final message if you are done.",
                })
                continue
            if not message.tool_calls:
                return AgentResult(final=message.content)
            messages.append(_assistant(message))
            bad: list[str] = []
            for tc in message.tool_calls:
                if tc.type != "function":  # left out of the conversation: none is offered
                    bad.append(f"a {tc.type} tool call (only functions are offered)")
                    continue
                arguments, error = _arguments(tc.function.arguments)
                if error is not None:
                    bad.append(f"{tc.function.name}: {error}")
                    messages.append(_tool(tc.id, f"error: {error}"))
                    continue
                routed = (index.route(tc.function.name, arguments) if index is not None
                          else (tc.function.name, arguments))
                if isinstance(routed, str):  # a search's answer, or an error
                    if routed.startswith("error:"):
                        bad.append(f"{tc.function.name}: {routed}")
                    messages.append(_tool(tc.id, routed))
                    continue
                name, arguments = routed
                observation = await ctx.call(ToolCall(name, arguments, tc.id))
                messages.append(_tool(tc.id, noted(
                    observation.text(self.settings.observation_chars),
                    turns_note(ctx.usage.turns, limit))))
            malformed = malformed + 1 if bad else 0
            if malformed >= MAX_MALFORMED:
                raise MalformedOutput(
                    f"{malformed} answers in a row had unparseable tool calls; last: "
                    + "; ".join(bad)
                )

    async def _complete(
        self, client: openai.AsyncOpenAI, messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
    ) -> Any:
        kwargs: dict[str, Any] = {"model": self.settings.model, "messages": messages}
        if tools:  # an empty list is rejected by some endpoints
            kwargs["tools"] = tools
        if self.settings.temperature is not None:
            kwargs["temperature"] = self.settings.temperature
        try:
            return await client.chat.completions.create(**kwargs)
        except OUTAGES as exc:
            raise ProviderOutage(f"model provider: {type(exc).__name__}: {exc}") from exc

    def _account(self, ctx: AgentContext, completion: Any) -> None:
        """Counts the turn, its tokens and cost into ctx.usage; raises past the budget."""
        usage: Usage = ctx.usage
        usage.turns += 1
        spent = completion.usage
        if spent is not None:
            usage.input_tokens = (usage.input_tokens or 0) + (spent.prompt_tokens or 0)
            usage.output_tokens = (usage.output_tokens or 0) + (spent.completion_tokens or 0)
            s = self.settings
            if s.price_in is not None or s.price_out is not None:
                usage.cost = (usage.cost or 0.0) + (
                    (spent.prompt_tokens or 0) * (s.price_in or 0.0)
                    + (spent.completion_tokens or 0) * (s.price_out or 0.0)
                ) / 1e6
        budget = ctx.budget
        tokens = (usage.input_tokens or 0) + (usage.output_tokens or 0)
        if budget.max_tokens is not None and tokens > budget.max_tokens:
            raise BudgetExceeded(f"the model used {tokens} tokens of {budget.max_tokens}")
        if budget.max_cost is not None and usage.cost is not None and usage.cost > budget.max_cost:
            raise BudgetExceeded(f"the model cost {usage.cost:.4f} of {budget.max_cost}")


def _arguments(raw: str | None) -> tuple[dict[str, Any], str | None]:
    """The call's arguments as an object, or why they are not one."""
    if raw is None or not raw.strip():
        return {}, None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        return {}, f"the arguments are not valid JSON ({exc}); send one JSON object"
    if not isinstance(value, dict):
        return {}, f"the arguments must be a JSON object, not {type(value).__name__}"
    return value, None


def _assistant(message: Any) -> dict[str, Any]:
    """The model's answer as it goes back into the conversation."""
    out: dict[str, Any] = {"role": "assistant", "content": message.content}
    calls = [
        {
            "id": tc.id,
            "type": "function",
            "function": {"name": tc.function.name, "arguments": tc.function.arguments},
        }
        for tc in message.tool_calls
        if tc.type == "function"
    ]
    if calls:
        out["tool_calls"] = calls
    return out


def _tool(call_id: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content}
