"""`arcadia mcp`: the apps' tools over MCP (`agents/mcp.py`), served from the command line.

A command of its own so that the CLI's start does not import the MCP SDK (about 1.5 s);
only this command and the runner's `--via mcp` need it.
"""

from __future__ import annotations

import os
from typing import Annotated

import httpx
import typer


def _client(urls: list[str]) -> httpx.AsyncClient:
    if not urls:
        from arcadia.grader.runtime import EmbeddedEnvironment

        return EmbeddedEnvironment().client()
    from arcadia.grader.runtime import RemoteEnvironment

    pairs = dict(u.split("=", 1) for u in urls)
    return RemoteEnvironment(pairs, admin_token="").client()


def add_commands(app: typer.Typer) -> None:
    """Register `arcadia mcp`."""

    @app.command("mcp")
    def mcp_command(
        transport: Annotated[str, typer.Option(
            help="stdio or http (streamable HTTP).")] = "stdio",
        port: Annotated[int, typer.Option(help="The port for --transport http.")] = 8765,
        host: Annotated[str, typer.Option(help="The host for --transport http.")] = "127.0.0.1",
        url: Annotated[list[str] | None, typer.Option(
            "--url", help="APP=URL of an app's process; default: every app embedded in "
            "this process.")] = None,
    ) -> None:
        """Serve the apps' tools over MCP (calls authenticated as the client's bearer token
        over HTTP, as $ARCADIA_TOKEN over stdio)."""
        import anyio

        from arcadia.agents.mcp import mcp_asgi, run_stdio
        from arcadia.agents.tools import toolset

        url = url or []
        apps = sorted(u.split("=", 1)[0] for u in url) or None
        tools = toolset(apps)
        if transport == "stdio":
            token = os.environ.get("ARCADIA_TOKEN")
            anyio.run(lambda: run_stdio(tools, None, token, client=_client(url)))
        elif transport == "http":
            import uvicorn

            uvicorn.run(mcp_asgi(tools, lambda: _client(url)), host=host, port=port,
                        log_level="warning")
        else:
            raise typer.BadParameter("--transport is stdio or http")
