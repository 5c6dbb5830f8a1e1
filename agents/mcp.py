"""The apps' tools over MCP: a server for any MCP client, and a caller for the runner.

The server lists every `Tool` with its function schema's name, description and
parameters (as `inputSchema`), and answers a call by sending it through `execute`, with the
`Authorization` header the client sent on its connection (streamable HTTP) or the token it
was started with (stdio). A result's text is `Observation.text()`, at most
`OBSERVATION_CHARS` characters (a longer answer cut to valid JSON that says how to get the
rest, `arcadia.agents.truncate`); its structured content carries the status, the whole
body and its paging so that `McpCaller` gives back the same `Observation` as the direct
path. An environment failure travels as an error result that the caller raises again as
`AppFailure`. The server's instructions (the client reads them when it connects) state the
cut, and, for one episode's server, the agent's briefing (`arcadia.agents.briefing`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import orjson
from mcp import ClientSession, types
from mcp.server.lowlevel import Server

from arcadia.agents.base import OBSERVATION_CHARS, Observation, ToolCall
from arcadia.agents.tools import AppFailure, Toolset, execute
from arcadia.agents.truncate import Paging
from arcadia.apps.kernel.control import EnvironmentFailure

__all__ = ["McpCaller", "mcp_asgi", "mcp_server", "run_stdio",
           "session_caller"]

# Sends a call with the caller's Authorization header (None: the transport's own).
Send = Callable[[ToolCall, str | None], Awaitable[Observation]]
FAILURE = "environment failure: "
# What every server's instructions say, whatever episode it serves.
INSTRUCTIONS = (
    "Each tool is one call to an app's API; its result is the app's HTTP status line and "
    f"its JSON body. A body over {OBSERVATION_CHARS:,} characters comes back cut to its "
    "first whole items, as valid JSON with a `truncated` note (`shown`, `total`, "
    "`how_to_get_the_rest`: the product's own paging); the structured content keeps the "
    "whole body.")


def instructions(briefing: str | None = None) -> str:
    """The server's instructions: the agent's briefing, if the server serves one episode,
    then what every server says."""
    return f"{briefing}\n\n{INSTRUCTIONS}" if briefing else INSTRUCTIONS


def _mcp_tools(tools: Toolset) -> list[types.Tool]:
    cached: list[types.Tool] | None = getattr(tools, "_mcp_tools", None)
    if cached is None:
        cached = [types.Tool(name=t.name, description=t.description, inputSchema=t.parameters)
                  for t in tools.tools.values()]
        tools._mcp_tools = cached  # type: ignore[attr-defined]
    return cached


def _result(obs: Observation) -> types.CallToolResult:
    paging = None if obs.paging is None else {
        "hint": obs.paging.hint, "narrow": obs.paging.narrow, "start": obs.paging.start}
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=obs.text())],
        structuredContent={"status": obs.status, "body": obs.body, "error": obs.error,
                           "paging": paging},
        isError=obs.error is not None or obs.status >= 400)


def mcp_server(tools: Toolset, send: Send, briefing: str | None = None) -> Server[Any, Any]:
    """A low-level MCP server over `tools`, each call sent with `send`; its instructions
    carry `briefing` (one episode's server) and the observation cut."""
    server: Server[Any, Any] = Server("arcadia", instructions=instructions(briefing))

    @server.list_tools()
    async def list_tools() -> list[types.Tool]:
        return _mcp_tools(tools)

    # Our own refusals (ToolError) say more than a JSON-schema validator would.
    @server.call_tool(validate_input=False)
    async def call_tool(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        request = server.request_context.request
        auth = None
        if request is not None and hasattr(request, "headers"):
            auth = request.headers.get("authorization")
        try:
            obs = await send(ToolCall(name, arguments or {}), auth)
        except EnvironmentFailure as e:
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=FAILURE + str(e))],
                structuredContent={"failure": {"app": e.app, "url": e.url,
                                               "message": str(e)}},
                isError=True)
        return _result(obs)

    return server


def _sender(tools: Toolset, client: httpx.AsyncClient, token: str | None = None) -> Send:
    async def send(call: ToolCall, auth: str | None) -> Observation:
        auth = auth or (f"Bearer {token}" if token else None)
        return await execute(client, {"Authorization": auth} if auth else {}, tools, call)

    return send


def mcp_asgi(tools: Toolset, client_factory: Callable[[], httpx.AsyncClient]) -> Any:
    """A Starlette app serving the tools over streamable HTTP at `/mcp`, each call made on
    one client from `client_factory` (made at startup) with the caller's Authorization."""
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.routing import Route

    state: dict[str, httpx.AsyncClient] = {}

    async def send(call: ToolCall, auth: str | None) -> Observation:
        return await execute(state["client"], {"Authorization": auth} if auth else {},
                             tools, call)

    manager = StreamableHTTPSessionManager(app=mcp_server(tools, send), json_response=True)

    class Endpoint:
        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await manager.handle_request(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with client_factory() as client, manager.run():
            state["client"] = client
            yield

    return Starlette(routes=[Route("/mcp", endpoint=Endpoint(), methods=["GET", "POST",
                                                                          "DELETE"])],
                     lifespan=lifespan)


async def run_stdio(tools: Toolset, base_url: str | None, token: str | None,
                    client: httpx.AsyncClient | None = None) -> None:
    """Serve the tools on stdin/stdout, calls made as `token`'s principal on the apps at
    `base_url` (`/<app>/...` under it) or on `client`."""
    from mcp.server.stdio import stdio_server

    if client is None:
        client = httpx.AsyncClient(base_url=base_url or "", timeout=60.0,
                                   headers={"Accept": "application/json"})
    server = mcp_server(tools, _sender(tools, client, token))
    async with client, stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _observation(result: types.CallToolResult) -> Observation:
    """The observation a result carries: its structured content, else its text."""
    s = result.structuredContent
    if isinstance(s, dict) and "failure" in s:
        f = s["failure"]
        raise AppFailure(f.get("app", "?"), f.get("url", "?"), f.get("message", ""))
    if isinstance(s, dict) and "status" in s:
        p = s.get("paging")
        paging = Paging(p["hint"], p["narrow"], int(p["start"])) if isinstance(p, dict) \
            else None
        return Observation(status=int(s["status"]), body=s.get("body"), error=s.get("error"),
                           paging=paging)
    text = "".join(c.text for c in result.content if isinstance(c, types.TextContent))
    if text.startswith(FAILURE):
        raise AppFailure("?", "?", text[len(FAILURE):])
    if text.startswith("error: "):
        return Observation(status=0, error=text[len("error: "):])
    head, _, rest = text.partition("\n")
    if head.startswith("HTTP ") and head[5:].isdigit():
        try:
            body: Any = orjson.loads(rest) if rest else None
        except orjson.JSONDecodeError:
            body = rest
        return Observation(status=int(head[5:]), body=body)
    return Observation(status=0, error=text or "the MCP server answered nothing")


class McpCaller:
    """A client of an MCP tool server: `tools()` as function schemas, `call()` (or the
    caller itself) as an `Observation`. Streamable HTTP to `url` with `token` as bearer,
    or `session` for one already open (the in-memory transport). Open and close it in one
    task (the SDK's transports hold anyio cancel scopes)."""

    def __init__(self, url: str | None = None, token: str | None = None, *,
                 session: ClientSession | None = None) -> None:
        self.url, self.token = url, token
        self.session = session
        self.instructions: str | None = None  # the server's, read when connecting
        self._stack = contextlib.AsyncExitStack()

    async def __aenter__(self) -> McpCaller:
        if self.session is None:
            from mcp.client.streamable_http import streamable_http_client
            from mcp.shared._httpx_utils import create_mcp_http_client

            headers = {"Authorization": f"Bearer {self.token}"} if self.token else None
            try:
                http = await self._stack.enter_async_context(create_mcp_http_client(headers))
                read, write, _ = await self._stack.enter_async_context(
                    streamable_http_client(str(self.url), http_client=http))
                session = await self._stack.enter_async_context(ClientSession(read, write))
                self.instructions = (await session.initialize()).instructions
            except BaseException:
                await self._stack.aclose()
                raise
            self.session = session
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._stack.aclose()

    async def tools(self) -> list[dict[str, Any]]:
        assert self.session is not None, "open the caller first (async with)"
        out, cursor = [], None
        while True:
            page = await self.session.list_tools(cursor=cursor) if cursor else \
                await self.session.list_tools()
            out += [{"type": "function", "function": {
                "name": t.name, "description": t.description or "",
                "parameters": t.inputSchema}} for t in page.tools]
            cursor = page.nextCursor
            if not cursor:
                return out

    async def call(self, call: ToolCall) -> Observation:
        assert self.session is not None, "open the caller first (async with)"
        return _observation(await self.session.call_tool(call.name, dict(call.arguments)))

    async def __call__(self, call: ToolCall) -> Observation:
        return await self.call(call)


@contextlib.asynccontextmanager
async def _connected(server: Server[Any, Any]) -> AsyncIterator[tuple[ClientSession, str | None]]:
    """A client session of `server` on the SDK's memory streams, and the instructions it
    read when it connected (the SDK's own helper keeps them to itself)."""
    import anyio
    from mcp.shared.memory import create_client_server_memory_streams

    async with create_client_server_memory_streams() as (client_streams, server_streams):
        async with anyio.create_task_group() as tg:
            tg.start_soon(lambda: server.run(*server_streams,
                                             server.create_initialization_options()))
            try:
                async with ClientSession(*client_streams) as session:
                    yield session, (await session.initialize()).instructions
            finally:
                tg.cancel_scope.cancel()


class _InMemory(McpCaller):
    """An in-process server on the SDK's memory streams, calls sent with `send`."""

    def __init__(self, tools: Toolset, send: Send, briefing: str | None = None) -> None:
        super().__init__()
        self._server = mcp_server(tools, send, briefing)

    async def __aenter__(self) -> McpCaller:
        self.session, self.instructions = await self._stack.enter_async_context(
            _connected(self._server))
        return self


def in_memory(tools: Toolset, client: httpx.AsyncClient,
              headers: dict[str, str] | None = None, *,
              briefing: str | None = None) -> McpCaller:
    """An unopened caller of an in-process MCP server whose calls go out on `client`;
    the server's instructions carry `briefing`."""
    async def send(call: ToolCall, auth: str | None) -> Observation:
        return await execute(client, headers or {}, tools, call)

    return _InMemory(tools, send, briefing)


def session_caller(url: str | None = None) -> Callable[[Any], Awaitable[McpCaller]]:
    """For the runner: `make(session)` opens a caller for one episode's session. No `url`:
    an in-process server over `session.tools` calling on `session.client` (already
    authenticated), its instructions the session's briefing; a `url`: that server, with
    the episode's token as bearer."""
    async def make(session: Any) -> McpCaller:
        if url is None:
            briefing = session.briefing.text() if session.briefing is not None else None
            caller = in_memory(session.tools, session.client, briefing=briefing)
        else:
            caller = McpCaller(url, token=session.episode.token)
        return await caller.__aenter__()

    return make
