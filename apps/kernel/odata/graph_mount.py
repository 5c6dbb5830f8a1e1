"""One base URL for every Graph-shaped app: `/graph/v1.0`, as `graph.microsoft.com/v1.0`.

Microsoft Graph serves mail, calendars and the rest under one base URL, so a Graph client
(`msgraph-sdk`'s `GraphServiceClient`) takes one. Here each workload is its own app under
its own prefix (`/mail/v1.0`, `/calendar/v1.0`); `GraphMount`, mounted at `/graph`, hands
each request to the app whose routes match its path (mail: `/me/messages`,
`/me/mailFolders`, `/me/sendMail`...; calendar: `/me/events`, `/me/calendarView`,
`/me/calendar/getSchedule`, `/places`...). The request is then that app's request, with
everything the app's own mount gives it: its database, the episode's turn and clock, its
error style. A path no app's routes match is Graph's 404 body.

An app is Graph-shaped when it renders its errors with the kernel's Graph renderer
(`is_graph`). Embedded (`create_server`), every such app is a local target. With one app
per process (`serve --multi`), a Graph app's process serves `/graph` too: its own routes
locally, the other Graph apps' routes forwarded to their processes (`ARCADIA_PEERS`), at
their own `/graph` with the request's `Host`, so the answer (and any `@odata.nextLink`) is
what the same request gets embedded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import httpx
from starlette.routing import BaseRoute, Match, Router, get_route_path
from starlette.types import ASGIApp, Receive, Scope, Send

from arcadia.apps.kernel.dispatch import RouteIndex
from arcadia.apps.kernel.errors import HTTP_ERROR, UNAVAILABLE, ApiError
from arcadia.apps.kernel.odata.graph_errors import graph_error
from arcadia.apps.kernel.spec import AppSpec

GRAPH_PREFIX = "/graph"
# Headers that belong to one connection, not to the request or response being forwarded.
_HOP = frozenset({b"connection", b"keep-alive", b"transfer-encoding", b"upgrade", b"te",
                  b"trailer", b"proxy-connection"})
# A forwarded request may run as long as the app takes; a dead peer fails fast.
_TIMEOUT = httpx.Timeout(120.0, connect=5.0)


def is_graph(spec: AppSpec) -> bool:
    """Whether `spec` is one of Graph's workloads (it answers in Graph's error style)."""
    return spec.render_error is graph_error


@dataclass
class _Target:
    name: str
    index: RouteIndex  # over the app's own routes (not its admin or docs routes)
    app: ASGIApp | None = None  # served here
    url: str | None = None  # served by another process


class GraphMount:
    """ASGI app for `/graph`: each request goes to the Graph app whose routes match it.

    Args:
        local: App name -> (its `AppSpec`, the ASGI app serving its routes here).
        remote: App name -> (its `AppSpec`, the base URL of the process serving it).
    """

    def __init__(self, local: Mapping[str, tuple[AppSpec, ASGIApp]],
                 remote: Mapping[str, tuple[AppSpec, str]] | None = None) -> None:
        def index(spec: AppSpec) -> RouteIndex:
            routes: list[BaseRoute] = [r for router in spec.routers for r in router.routes]
            return RouteIndex(Router(routes=routes))

        self.targets = [_Target(n, index(s), app=a) for n, (s, a) in local.items()]
        self.targets += [_Target(n, index(s), url=u.rstrip("/"))
                         for n, (s, u) in (remote or {}).items()]
        self._client: httpx.AsyncClient | None = None

    @property
    def names(self) -> list[str]:
        return [t.name for t in self.targets]

    def route(self, scope: Scope) -> _Target | None:
        """The app a request goes to: the first whose routes match it fully, else the first
        that has its path for another method (which answers its own 405)."""
        path = get_route_path(scope)
        partial = None
        for target in self.targets:
            for route in target.index.candidates(path):
                match, _ = route.matches(scope)
                if match is Match.FULL:
                    return target
                if match is Match.PARTIAL and partial is None:
                    partial = target
        return partial

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        target = self.route(scope) if get_route_path(scope).startswith("/") else None
        if target is None:
            apps = " or ".join(sorted(self.names))
            err = ApiError(404, f"No route of {apps} matches this path; see each app's "
                           "OpenAPI document for its paths (they are the same under this "
                           "base URL).", code=HTTP_ERROR)
            await graph_error(err)(scope, receive, send)
        elif target.app is not None:
            await target.app(scope, receive, send)
        else:
            await self._forward(target, scope, receive, send)

    async def _forward(self, target: _Target, scope: Scope, receive: Receive,
                       send: Send) -> None:
        """The request to the peer's own `/graph`, with its `Host` (links come back here)."""
        body = bytearray()
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        query = scope.get("query_string", b"").decode("latin-1")
        url = f"{target.url}{GRAPH_PREFIX}{get_route_path(scope)}" + (f"?{query}" if query
                                                                      else "")
        # httpx sets the body's length itself.
        headers = [(k, v) for k, v in scope["headers"]
                   if k.lower() not in _HOP and k.lower() != b"content-length"]
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=_TIMEOUT, trust_env=False)
        request = self._client.build_request(scope["method"], url, headers=headers,
                                             content=bytes(body))
        try:
            response = await self._client.send(request, stream=True)
        except httpx.TransportError as e:
            err = ApiError(503, f"The {target.name} process ({target.url}) did not answer "
                           f"({type(e).__name__}); try again.", code=UNAVAILABLE)
            await graph_error(err)(scope, receive, send)
            return
        try:
            await send({"type": "http.response.start", "status": response.status_code,
                        "headers": [(k, v) for k, v in response.headers.raw
                                    if k.lower() not in _HOP]})
            async for chunk in response.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            await response.aclose()


def local_graph(apps: Sequence[tuple[AppSpec, ASGIApp]]) -> GraphMount | None:
    """The mount over the Graph apps among `apps` (each with its ASGI app), if any."""
    local = {spec.name: (spec, app) for spec, app in apps if is_graph(spec)}
    return GraphMount(local) if local else None
