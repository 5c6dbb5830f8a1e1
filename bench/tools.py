"""Per-call latency of a tool call: direct HTTP against the same call through MCP.

The apps are served by uvicorn on a socket; `direct` sends each call with `execute` to
them; `mcp` sends it to the MCP server (uvicorn, streamable HTTP) with the apps in its
process (how `arcadia mcp --transport http` serves); `mcp_relay` to an MCP server in front
of the apps' socket (two sockets a call). Client and servers share one process (and GIL).
The in-process pair does the same without sockets (ASGI client, the SDK's memory
transport). A call is one read (payroll's token info) or one search by email (a list
of employees); figures are medians in milliseconds and MCP's median over direct's (target
<= 2).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import statistics
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from _common import bench_parser, figure

from arcadia.agents.base import Observation, ToolCall
from arcadia.agents.mcp import McpCaller, in_memory, mcp_asgi
from arcadia.agents.tools import execute, toolset
from arcadia.grader import EmbeddedEnvironment, load_task
from arcadia.grader.replay import actor_headers
from arcadia.grader.runtime import JSON_ACCEPT

TASK = Path(__file__).resolve().parents[1] / "corpus" / "hr-mismatch" / "hr-mismatch-title.json"
EMAIL = "wendy.moon@arcadia-robotics.com"


def serve(app: Any) -> tuple[Callable[[], None], str]:
    """Serve `app` on a free port in a thread; the stop function and the base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)

    def stop() -> None:
        server.should_exit = True
        thread.join(10)

    return stop, f"http://127.0.0.1:{port}"


async def median_call_ms(call: Callable[[ToolCall], Awaitable[Observation]],
                         calls: list[ToolCall], runs: int) -> float:
    for c in calls:  # warm up
        assert (await call(c)).ok
    times = []
    for _ in range(runs):
        for c in calls:
            start = time.perf_counter()
            await call(c)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def measure(runs: int) -> None:
    env = EmbeddedEnvironment()
    tools = toolset(["hris", "payroll"])
    ep = await env.start(load_task(TASK))
    apps, apps_url = serve(env.server)

    def apps_client() -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=apps_url, headers=JSON_ACCEPT)

    # As `arcadia mcp --transport http` serves by default: the apps in the MCP server's
    # process, so a call crosses one socket as a direct one does.
    mcp, mcp_url = serve(mcp_asgi(tools, env.client))
    # And in front of the apps' own server: two sockets per call.
    relay, relay_url = serve(mcp_asgi(tools, apps_client))
    headers = actor_headers(ep.token)
    try:
        async with apps_client() as client:
            token = await execute(client, headers, tools, ToolCall("payroll_get_token_info", {}))
            calls = [ToolCall("payroll_get_token_info", {}),
                     ToolCall("payroll_list_employees", {
                         "company_id": token.body["resource"]["uuid"], "search_term": EMAIL})]
            direct = await median_call_ms(lambda c: execute(client, headers, tools, c),
                                          calls, runs)
        async with McpCaller(f"{mcp_url}/mcp", token=ep.token) as caller:
            over_mcp = await median_call_ms(caller, calls, runs)
        async with McpCaller(f"{relay_url}/mcp", token=ep.token) as caller:
            relayed = await median_call_ms(caller, calls, runs)
        async with env.client() as client:
            asgi = await median_call_ms(lambda c: execute(client, headers, tools, c),
                                        calls, runs)
            client.headers.update(headers)
            async with in_memory(tools, client) as caller:
                memory = await median_call_ms(caller, calls, runs)
    finally:
        await asyncio.to_thread(mcp)
        await asyncio.to_thread(relay)
        await asyncio.to_thread(apps)
        await env.stop(ep)
    figure("tool_calls", runs * len(calls), "calls")
    figure("direct_call_ms", direct, "ms")
    figure("mcp_call_ms", over_mcp, "ms")
    figure("mcp_over_direct", over_mcp / direct, "x")
    figure("mcp_relay_call_ms", relayed, "ms")
    figure("mcp_relay_over_direct", relayed / direct, "x")
    figure("direct_asgi_call_ms", asgi, "ms")
    figure("mcp_memory_call_ms", memory, "ms")
    figure("mcp_memory_over_direct_asgi", memory / asgi, "x")


def main(argv: list[str] | None = None) -> None:
    # A server shut down under a client's open event stream logs it; nothing is wrong.
    logging.getLogger("mcp.server.streamable_http").setLevel(logging.CRITICAL)
    quick = bench_parser(__doc__).parse_args(argv).quick
    asyncio.run(measure(2 if quick else 100))


if __name__ == "__main__":
    main()
