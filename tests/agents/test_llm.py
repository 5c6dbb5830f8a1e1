"""The `llm` agent against a scripted fake OpenAI-compatible server on 127.0.0.1.

These drive the agent's loop with a stub `ctx.call` (no apps); the end-to-end tests at the
bottom solve a corpus task through the runner, over HTTP tools and over MCP.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest

from arcadia.agents.adapters import step_call
from arcadia.agents.base import (
    AgentContext,
    Budget,
    BudgetExceeded,
    MalformedOutput,
    Observation,
    ProviderOutage,
    ToolCall,
)
from arcadia.agents.llm import MAX_MALFORMED, SYSTEM_PROMPT, LlmAgent, LlmSettings
from arcadia.agents.registry import make_agent
from arcadia.agents.runner import EvalConfig, run_eval
from arcadia.agents.session import task_tools
from arcadia.agents.tools import Toolset
from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader import load_task
from arcadia.grader.replay import StepResult, resolve
from arcadia.grader.runtime import EmbeddedEnvironment
from arcadia.grader.task import Step, Task
from tests.agents.fake_openai import FakeOpenAI, call, calls, fail, reply

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "hris_get_employee",
            "description": "Get one employee.",
            "parameters": {
                "type": "object",
                "properties": {"id": {"type": "string"}},
                "required": ["id"],
            },
        },
    }
]


class Stub:
    """A `ctx.call` that records calls and answers from a table (or raises)."""

    def __init__(self, answers: dict[str, Observation] | None = None,
                 raises: Exception | None = None) -> None:
        self.answers = answers or {}
        self.raises = raises
        self.calls: list[ToolCall] = []

    async def __call__(self, tc: ToolCall) -> Observation:
        self.calls.append(tc)
        if self.raises is not None:
            raise self.raises
        return self.answers.get(tc.name, Observation(200, {"ok": True}))


def agent(fake: FakeOpenAI, **kw: Any) -> LlmAgent:
    return LlmAgent(base_url=fake.base_url, api_key="test", model="fake-model", **kw)


def context(stub: Stub, briefing: str | None = None, **budget: Any) -> AgentContext:
    return AgentContext(instruction="Find employee 7.", tools=TOOLS, call=stub,
                        budget=Budget(**budget), briefing=briefing)


async def test_tool_call_round_trip_and_final() -> None:
    stub = Stub({"hris_get_employee": Observation(200, {"id": "7", "name": "Ada"})})
    script = [call("hris_get_employee", {"id": "7"}, id="c1"), reply("Employee 7 is Ada.")]
    with FakeOpenAI(script) as fake:
        ctx = context(stub)
        result = await agent(fake, price_in=1.0, price_out=2.0).run(ctx)
    assert result.final == "Employee 7 is Ada."
    assert stub.calls == [ToolCall("hris_get_employee", {"id": "7"}, "c1")]
    first, second = fake.requests
    assert first["model"] == "fake-model"
    assert first["tools"] == TOOLS  # the tools were offered
    assert [m["role"] for m in first["messages"]] == ["system", "user"]
    assert first["messages"][0]["content"] == SYSTEM_PROMPT  # no briefing in this context
    assert first["messages"][1]["content"] == "Find employee 7."
    assistant, tool = second["messages"][2:]
    assert assistant["tool_calls"][0]["function"]["name"] == "hris_get_employee"
    assert tool == {"role": "tool", "tool_call_id": "c1",
                    "content": 'HTTP 200\n{"id":"7","name":"Ada"}'}
    usage = ctx.usage
    assert usage.turns == 2 and usage.input_tokens and usage.output_tokens
    assert usage.cost == pytest.approx(
        (usage.input_tokens * 1.0 + usage.output_tokens * 2.0) / 1e6
    )


async def test_4xx_goes_back_to_the_model_as_the_tool_message() -> None:
    error = Observation(404, {"detail": "No employee 9; list employees to find the id."})
    stub = Stub({"hris_get_employee": error})
    script = [call("hris_get_employee", {"id": "9"}), reply("There is no employee 9.")]
    with FakeOpenAI(script) as fake:
        result = await agent(fake).run(context(stub))
    assert result.final == "There is no employee 9."
    (tool,) = fake.tool_messages()
    assert tool["content"] == error.text() and tool["content"].startswith("HTTP 404")


async def test_parallel_calls_each_answered_in_order() -> None:
    stub = Stub()
    script = [calls(call("hris_get_employee", {"id": "1"}, id="a"),
                    call("hris_get_employee", {"id": "2"}, id="b")), reply("done")]
    with FakeOpenAI(script) as fake:
        await agent(fake).run(context(stub))
    assert [c.arguments for c in stub.calls] == [{"id": "1"}, {"id": "2"}]
    assert [m["tool_call_id"] for m in fake.tool_messages()] == ["a", "b"]


async def test_max_turns_raises_budget_exceeded() -> None:
    stub = Stub()
    with FakeOpenAI(lambda body: call("hris_get_employee", {"id": "7"})) as fake:
        ctx = context(stub, max_turns=3)
        with pytest.raises(BudgetExceeded, match="3 turns"):
            await agent(fake).run(ctx)
    assert len(fake.requests) == 3 and ctx.usage.turns == 3
    # The last turns' results say how many are left, on their status line.
    heads = [m["content"].partition("\n")[0] for m in fake.tool_messages()]
    assert heads == ["HTTP 200 [2 of 3 turns left: finish, and give your final message "
                     "before they run out]",
                     "HTTP 200 [1 of 3 turns left: finish, and give your final message "
                     "before they run out]"]


async def test_the_briefing_follows_the_system_prompt() -> None:
    briefing = "You are Ada Lovelace (ada@example.com).\nYour budget: 30 turns."
    with FakeOpenAI([reply("ok")]) as fake:
        await agent(fake).run(context(Stub(), briefing=briefing))
    system, user = fake.requests[0]["messages"]
    assert system["content"] == f"{SYSTEM_PROMPT}\n\n{briefing}"
    assert user == {"role": "user", "content": "Find employee 7."}


def test_the_system_prompt_names_no_world() -> None:
    """The same prompt serves every world (the robotics company, the staffing agency, the
    restaurant): who the agent works for and in which apps is the briefing's to say."""
    for name in ("Arcadia", "Robotics", "Kitchen", "agency", "payroll", "restaurant"):
        assert name.lower() not in SYSTEM_PROMPT.lower(), name
    assert "briefing" in SYSTEM_PROMPT


async def test_max_tokens_and_cost_raise_budget_exceeded() -> None:
    forever = lambda body: calls(call("hris_get_employee", {"id": "7"}), usage=(600, 100))  # noqa: E731
    with FakeOpenAI(forever) as fake:
        ctx = context(Stub(), max_tokens=1000)
        with pytest.raises(BudgetExceeded, match="tokens"):
            await agent(fake).run(ctx)
        assert ctx.usage.turns == 2 and ctx.usage.input_tokens == 1200
        ctx = context(Stub(), max_cost=0.01)
        with pytest.raises(BudgetExceeded, match="cost"):
            await agent(fake, price_in=5.0, price_out=10.0).run(ctx)  # 0.004 a turn
        assert ctx.usage.turns == 3


@pytest.mark.parametrize("status", [500, 429])
async def test_outage_raises_provider_outage(status: int) -> None:
    with FakeOpenAI(lambda body: fail(status)) as fake:
        with pytest.raises(ProviderOutage) as caught:
            await agent(fake).run(context(Stub()))
    assert len(fake.requests) == 3  # the first try and the SDK's 2 retries
    assert isinstance(caught.value.__cause__, openai.APIStatusError)


async def test_unreachable_provider_is_an_outage() -> None:
    with FakeOpenAI([]) as fake:
        url = fake.base_url  # the server is stopped on leaving: nothing listens there now
    with pytest.raises(ProviderOutage):
        await LlmAgent(base_url=url, api_key="t", max_retries=0).run(context(Stub()))


async def test_other_4xx_from_the_provider_is_a_crash() -> None:
    with FakeOpenAI([fail(401, "bad key")]) as fake:
        with pytest.raises(openai.AuthenticationError):
            await agent(fake).run(context(Stub()))
    assert len(fake.requests) == 1


async def test_malformed_arguments_three_times_raise_malformed_output() -> None:
    stub = Stub()
    with FakeOpenAI(lambda body: call("hris_get_employee", '{"id": 7')) as fake:
        with pytest.raises(MalformedOutput, match="not valid JSON"):
            await agent(fake).run(context(stub))
    assert stub.calls == [] and len(fake.requests) == MAX_MALFORMED
    tools = fake.tool_messages()  # the parse errors went back to the model
    assert len(tools) == MAX_MALFORMED - 1
    assert all(t["content"].startswith("error: the arguments are not valid JSON") for t in tools)


async def test_one_malformed_answer_then_recovery() -> None:
    stub = Stub()
    script = [call("hris_get_employee", "[1, 2]"), call("hris_get_employee", '{"id": "7"}'),
              call("hris_get_employee", "nope"), call("hris_get_employee", "nope"),
              reply("done")]
    with FakeOpenAI(script) as fake:
        result = await agent(fake).run(context(stub))
    assert result.final == "done" and len(stub.calls) == 1
    assert "must be a JSON object" in fake.tool_messages(1)[0]["content"]


async def test_empty_answers_are_malformed() -> None:
    with FakeOpenAI(lambda body: reply("")) as fake:
        with pytest.raises(MalformedOutput, match="neither a tool call nor a message"):
            await agent(fake).run(context(Stub()))
    assert len(fake.requests) == MAX_MALFORMED


async def test_environment_failure_propagates_untouched() -> None:
    failure = EnvironmentFailure("hris", "http://127.0.0.1:9", "hris answered 503")
    with FakeOpenAI([call("hris_get_employee", {"id": "7"})]) as fake:
        with pytest.raises(EnvironmentFailure) as caught:
            await agent(fake).run(context(Stub(raises=failure)))
    assert caught.value is failure


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARCADIA_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("ARCADIA_LLM_MODEL", "m1")
    monkeypatch.setenv("ARCADIA_LLM_PRICE_IN", "0.5")
    monkeypatch.setenv("ARCADIA_LLM_TEMPERATURE", "0")
    monkeypatch.delenv("ARCADIA_LLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "from-openai")
    s = LlmSettings()
    assert (s.base_url, s.model, s.price_in, s.temperature, s.api_key) == (
        "http://127.0.0.1:9/v1", "m1", 0.5, 0.0, "from-openai")
    monkeypatch.setenv("ARCADIA_LLM_API_KEY", "own")
    assert LlmSettings().api_key == "own"
    overridden = LlmAgent(model="m2", api_key="k").settings
    assert (overridden.model, overridden.api_key, overridden.price_in) == ("m2", "k", 0.5)
    assert LlmAgent.name == "llm" and LlmAgent.privileged is False
    for name in ("ARCADIA_LLM_API_KEY", "OPENAI_API_KEY", "ARCADIA_LLM_BASE_URL",
                 "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ValueError, match="ARCADIA_LLM_API_KEY"):
        make_agent("llm")


async def test_temperature_is_sent_when_set() -> None:
    with FakeOpenAI([reply("ok")]) as fake:
        await agent(fake, temperature=0.0).run(context(Stub()))
    assert fake.requests[0]["temperature"] == 0.0
    assert json.dumps(fake.requests[0])  # a plain JSON body


# --- end to end: the fake model solves a corpus task through the runner ------------------

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
# HRIS -> payroll, bindings across steps; its world is the shared test store's (hris, payroll).
E2E_TASK = "hr-mismatch/hr-mismatch-title.json"


def as_tool_call(step: Step, results: dict[str, StepResult], tools: Toolset
                 ) -> tuple[str, dict[str, Any]]:
    """A gold step, its bindings resolved, as the function call that sends that request
    (the adapters' oracles' `step_call`), checked against the request it makes."""
    call = step_call(step, results, tools)
    sent = tools.request(call)
    params = {k: resolve(v, results) for k, v in step.params.items()}
    assert urllib.parse.unquote(sent.path) == step.path.format(**params), (call.name, sent)
    assert sent.body == resolve(step.body, results), (call.name, sent)
    return call.name, call.arguments


def gold_model(task: Task, tools: Toolset) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A scripted model that reads the tool results it got so far and makes the gold's next
    request as a tool call, then says it is done."""

    def answer(request: dict[str, Any]) -> dict[str, Any]:
        results: dict[str, StepResult] = {}
        seen = [m["content"] for m in request["messages"] if m["role"] == "tool"]
        for step, text in zip(task.gold, seen, strict=False):
            head, _, body = text.partition("\n")
            assert head.startswith("HTTP 2"), f"step {step.id} failed: {text[:300]}"
            results[str(step.id)] = StepResult(step, int(head.split()[1]),
                                               json.loads(body) if body else None,
                                               httpx.Headers())
        if len(seen) == len(task.gold):
            return reply("Done: " + task.instruction[:40])
        return call(*as_tool_call(task.gold[len(seen)], results, tools))

    return answer


@pytest.mark.parametrize("transport", ["http", "mcp"])
async def test_fake_model_solves_a_corpus_task(transport: str, tmp_path: Path,
                                               harness_for: Callable[..., Any]) -> None:
    path = CORPUS / E2E_TASK
    task = load_task(path)
    tools = task_tools(task)
    caller = None
    if transport == "mcp":
        mcp = pytest.importorskip("arcadia.agents.mcp", reason="agents/mcp.py not merged yet")
        caller = mcp.session_caller(None)
    with FakeOpenAI(gold_model(task, tools)) as fake:
        cfg = EvalConfig(agent="llm", tasks=path, out=tmp_path / "run", k=1, concurrency=1,
                         transport=transport, model="fake-model")
        # The scripted model reads every result whole (the directory is longer than the
        # default cut) to take the values the gold binds to.
        agent = make_agent("llm", base_url=fake.base_url, api_key="test", model="fake-model",
                           observation_chars=10_000_000)
        env = EmbeddedEnvironment(harness_for("hris", "payroll").store)
        rows = await run_eval(cfg, env, agent, caller=caller)
    assert not fake.errors, fake.errors
    (row,) = rows
    assert (row["class"], row["score"]) == ("completed", 1.0), row
    assert row["turns"] == len(task.gold) + 1 and row["input_tokens"] > 0
    offered = {t["function"]["name"] for t in fake.requests[0]["tools"]}
    assert offered == set(tools.tools)  # every tool of the task's apps, as functions
    system = fake.requests[0]["messages"][0]["content"]  # briefed: who, when, the budget
    assert f"({task.actor})" in system and "It is Monday 2 March 2026, 09:00 UTC" in system
    assert "Your budget: 30 turns" in system and "300 seconds" in system
    assert len(fake.tool_messages()) == len(task.gold)  # each result went back to the model
    asked = [c["function"]["name"] for m in fake.requests[-1]["messages"]
             if m["role"] == "assistant" for c in m["tool_calls"]]
    trace = sorted((tmp_path / "run" / "traces").rglob("*.jsonl"))
    lines = [json.loads(x) for f in trace for x in f.read_text().splitlines()]
    assert [x["call"]["name"] for x in lines if x.get("call")] == asked  # in the trace, in order
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert (manifest["tool_transport"], manifest["model"]) == (transport, "fake-model")
