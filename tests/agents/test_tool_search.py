"""The `llm` agent on a task offering more tools than one request may carry (OpenAI's 128):
`find_tools` and `call_tool` in their place, every tool reachable through them, nothing
called that the task does not offer."""

from __future__ import annotations

import json
from pathlib import Path

from arcadia.agents.base import AgentContext, Budget, Observation, ToolCall
from arcadia.agents.session import task_apps, task_tools
from arcadia.agents.tool_search import SHOWN
from arcadia.grader import load_task
from tests.agents.fake_openai import FakeOpenAI, call, reply
from tests.agents.test_llm import Stub, agent

TASK = sorted((Path(__file__).resolve().parents[2] / "corpus" / "arcadia-v1"
               / "hr-mismatch-v1").glob("*.json"))[0]


def context(stub: Stub) -> tuple[AgentContext, list[dict[str, object]]]:
    schemas = task_tools(load_task(TASK)).schemas()
    return AgentContext(instruction="Fix the record.", tools=schemas, call=stub,
                        budget=Budget()), schemas


async def test_a_task_with_more_tools_than_the_limit_offers_find_and_call() -> None:
    stub = Stub({"hris_get_employee": Observation(200, {"id": "7"})})
    script = [call("find_tools", {"app": "hris", "query": "get employee"}, id="f"),
              call("call_tool", {"name": "hris_get_employee", "arguments": {"id": "7"}},
                   id="c"),
              reply("done")]
    with FakeOpenAI(script) as fake:
        ctx, schemas = context(stub)
        assert len(schemas) > 128
        await agent(fake).run(ctx)
    first = fake.requests[0]
    assert [t["function"]["name"] for t in first["tools"]] == ["find_tools", "call_tool"]
    apps = first["tools"][0]["function"]["parameters"]["properties"]["app"]["enum"]
    assert apps == sorted(task_apps(load_task(TASK)))
    found = json.loads(fake.tool_messages()[0]["content"])
    names = [t["name"] for t in found["tools"]]
    assert "hris_get_employee" in names and names == sorted(names)
    assert all(n.startswith("hris_") for n in names) and len(names) <= SHOWN
    wanted = next(s["function"] for s in schemas if s["function"]["name"] == "hris_get_employee")
    assert next(t for t in found["tools"] if t["name"] == "hris_get_employee")[
        "parameters"] == wanted["parameters"]
    # The search reached no app; the call reached exactly the tool it named.
    assert stub.calls == [ToolCall("hris_get_employee", {"id": "7"}, "c")]


async def test_a_tool_the_task_does_not_offer_is_refused_and_nothing_is_called() -> None:
    stub = Stub()
    script = [call("call_tool", {"name": "bullhorn_search_candidates", "arguments": {}},
                   id="c"),
              call("find_tools", {"app": "greenhouse"}, id="f"), reply("gave up")]
    with FakeOpenAI(script) as fake:
        ctx, _ = context(stub)
        result = await agent(fake).run(ctx)
    assert result.final == "gave up" and stub.calls == []
    refused, bad_app = (m["content"] for m in fake.tool_messages())
    assert refused.startswith("error: no tool is named 'bullhorn_search_candidates'")
    assert bad_app.startswith("error: app must be one of ")


async def test_no_limit_offers_every_tool_itself() -> None:
    with FakeOpenAI([reply("ok")]) as fake:
        ctx, schemas = context(Stub())
        await agent(fake, max_tools=0).run(ctx)
    assert fake.requests[0]["tools"] == schemas


def test_route_calls_a_task_tool_by_either_name_and_answers_the_rest() -> None:
    from arcadia.agents.tool_search import ToolIndex

    index = ToolIndex(task_tools(load_task(TASK)).schemas())
    args = {"id": "7"}
    assert index.route("hris_get_employee", args) == ("hris_get_employee", args)
    assert index.route("call_tool", {"name": "hris_get_employee", "arguments": args}) == (
        "hris_get_employee", args)
    assert json.loads(str(index.route("find_tools", {"query": "zzz-nothing"})))[
        "matched"] == 0
    assert str(index.route("bullhorn_find", {})).startswith("error: no tool is named")
    assert str(index.route("call_tool", {"name": "hris_get_employee", "arguments": [1]})
               ) == "error: arguments must be an object"
