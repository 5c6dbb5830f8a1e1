"""The tools over MCP agree with the function schemas and answer as the direct path does."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from arcadia.agents.base import ToolCall
from arcadia.agents.mcp import McpCaller, in_memory, mcp_asgi
from arcadia.agents.tools import AppFailure, execute, toolset
from arcadia.grader import EmbeddedEnvironment, load_task
from tests.factories import free_ports

TASK = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch" / "hr-mismatch-title.json"
EMAIL = "wendy.moon@arcadia-robotics.com"


@pytest.fixture(scope="module")
def tools():
    return toolset()


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


async def test_every_tool_agrees_with_its_function_schema(tools):
    async with httpx.AsyncClient(base_url="http://unused") as client:
        async with in_memory(tools, client) as caller:
            listed = await caller.tools()
    assert listed == tools.schemas()


@pytest.fixture(scope="module")
def served(env) -> Iterator[str]:
    """The MCP server on a real socket (uvicorn on 127.0.0.1, its own thread)."""
    port = free_ports(1)
    config = uvicorn.Config(mcp_asgi(toolset(["hris", "payroll"]), env.client),
                            host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        threading.Event().wait(0.02)
    yield f"http://127.0.0.1:{port}/mcp"
    server.should_exit = True
    thread.join(10)


async def _fix_title(call, title: str):
    """Read the token, find the employee, retitle the job: the observations in order."""
    out = [await call(ToolCall("payroll_get_token_info", {}))]
    company = out[0].body["resource"]["uuid"]
    out.append(await call(ToolCall("payroll_list_employees", {
        "company_id": company, "search_term": EMAIL})))
    job = out[1].body[0]["jobs"][0]
    out.append(await call(ToolCall("payroll_update_job", {
        "job_id": job["uuid"], "version": "stale", "title": title})))  # a 4xx
    out.append(await call(ToolCall("payroll_update_job", {
        "job_id": job["uuid"], "version": job["version"], "title": title})))
    out.append(await call(ToolCall("payroll_update_jobb", {"job_id": job["uuid"]})))
    return out


def _same(a, b) -> None:
    assert [(o.status, o.error) for o in a] == [(o.status, o.error) for o in b]
    for x, y in zip(a, b, strict=True):
        if isinstance(x.body, dict):  # a version and timestamps move with each write
            assert set(x.body) == set(y.body)
        elif isinstance(x.body, list):
            assert len(x.body) == len(y.body)
        else:
            assert x.body == y.body


async def _episode_run(env, runner):
    ep = await env.start(load_task(TASK))
    try:
        obs = await runner(ep)
        diff = await env.diff(ep)
        return obs, sorted(diff.changed_tables())
    finally:
        await env.stop(ep)


async def test_direct_and_mcp_calls_answer_and_change_the_same(env, tools, served):
    async def direct(ep):
        headers = {"Authorization": f"Bearer {ep.token}"}
        async with env.client() as client:
            return await _fix_title(lambda c: execute(client, headers, tools, c), "Chief")

    async def over_http(ep):
        async with McpCaller(served, token=ep.token) as caller:
            return await _fix_title(caller, "Chief")

    async def in_process(ep):
        async with env.client() as client:
            client.headers["Authorization"] = f"Bearer {ep.token}"
            async with in_memory(tools, client) as caller:
                return await _fix_title(caller, "Chief")

    d_obs, d_diff = await _episode_run(env, direct)
    assert [o.status for o in d_obs] == [200, 200, d_obs[2].status, 200, 0]
    assert 400 <= d_obs[2].status < 500 and d_obs[3].body["title"] == "Chief"
    assert d_diff
    for runner in (over_http, in_process):
        obs, diff = await _episode_run(env, runner)
        _same(d_obs, obs)
        assert diff == d_diff
    assert "did you mean 'payroll_update_job'" in d_obs[4].error


async def test_an_unauthenticated_mcp_call_is_a_4xx(served):
    async with McpCaller(served) as caller:
        obs = await caller.call(ToolCall("payroll_get_token_info", {}))
    assert obs.status == 401 and obs.error is None


async def test_an_app_failure_crosses_mcp(tools):
    def fail(request: httpx.Request) -> httpx.Response:
        return httpx.Response(502, text="bad gateway")

    async with httpx.AsyncClient(transport=httpx.MockTransport(fail), base_url="http://x") as c:
        async with in_memory(tools, c) as caller:
            with pytest.raises(AppFailure, match="payroll answered 502"):
                await caller(ToolCall("payroll_get_token_info", {}))
    await asyncio.sleep(0)
