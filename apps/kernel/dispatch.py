"""Finding a request's route by its path segments instead of trying every route in turn.

Starlette (and FastAPI after it) matches a request by running each route's regular
expression in order until one matches. With an app's 30 to 80 operations, their hidden
trailing-slash aliases and the embedded server's mounts, that scan was the biggest single
cost of a by-id GET after the app's own work. `index_routes(router)` replaces the router's
dispatch with a segment trie that yields, for a path, only the routes whose literal
segments it has, in their original order; each is then asked `route.matches(scope)` as
before. The set it yields contains every route that could match, so the first full match
(or the first partial one, for 405) is the one the scan would have found. A path no
candidate matches goes to the router's own dispatch (trailing-slash redirects, 404).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from starlette.routing import BaseRoute, Match, Mount, Route, Router, get_route_path
from starlette.types import Receive, Scope, Send

_PARAM = re.compile(r"^\{[A-Za-z_][A-Za-z0-9_]*(:[A-Za-z_]+)?\}$")
_SUFFIXED = re.compile(r"^\{[A-Za-z_][A-Za-z0-9_]*\}([^{}]+)$")  # `{id}:batchUpdate`


@dataclass
class _Node:
    literal: dict[str, _Node] = field(default_factory=dict)
    param: _Node | None = None
    suffixed: dict[str, _Node] = field(default_factory=dict)  # `{x}:verb` by its suffix
    end: list[int] = field(default_factory=list)  # routes whose path ends here
    rest: list[int] = field(default_factory=list)  # routes taking any remainder (mounts)


class RouteIndex:
    """A router's routes by path segment; rebuilt when the router's route list changes."""

    def __init__(self, router: Router) -> None:
        self.router = router
        self._built_for: tuple[int, int] = (0, -1)
        self._root = _Node()
        self._always: list[int] = []

    def candidates(self, path: str) -> list[BaseRoute]:
        routes = self.router.routes
        if self._built_for != (id(routes), len(routes)):
            self._build(routes)
        found: set[int] = set(self._always)
        self._collect(self._root, path.split("/")[1:], 0, found)
        return [routes[i] for i in sorted(found)]

    def _build(self, routes: list[BaseRoute]) -> None:
        self._root, self._always = _Node(), []
        for index, route in enumerate(routes):
            if isinstance(route, Mount) and "{" not in route.path:
                node = self._walk([s for s in route.path.split("/")[1:] if s])
                node.rest.append(index)
                continue
            segments = route.path.split("/")[1:] if isinstance(route, Route) else None
            if segments is None or any("{" in s and not (_PARAM.match(s) or _SUFFIXED.match(s))
                                       for s in segments) \
                    or any(s.endswith(":path}") for s in segments):
                self._always.append(index)  # not a plain segment pattern: always tried
                continue
            self._walk(segments).end.append(index)
        self._built_for = (id(routes), len(routes))

    def _walk(self, segments: list[str]) -> _Node:
        node = self._root
        for segment in segments:
            suffixed = _SUFFIXED.match(segment)
            if _PARAM.match(segment):
                node.param = node.param or _Node()
                node = node.param
            elif suffixed:
                node = node.suffixed.setdefault(suffixed.group(1), _Node())
            else:
                node = node.literal.setdefault(segment, _Node())
        return node

    def _collect(self, node: _Node, segments: list[str], at: int, found: set[int]) -> None:
        found.update(node.rest)
        if at == len(segments):
            found.update(node.end)
            return
        child = node.literal.get(segments[at])
        if child is not None:
            self._collect(child, segments, at + 1, found)
        if node.param is not None:
            self._collect(node.param, segments, at + 1, found)
        for suffix, sub in node.suffixed.items():
            if len(segments[at]) > len(suffix) and segments[at].endswith(suffix):
                self._collect(sub, segments, at + 1, found)


def index_routes(router: Router) -> None:
    """Dispatch `router`'s HTTP requests through a `RouteIndex` (see the module docstring).

    Only a router without router-level middleware or form limits is indexed (its
    `middleware_stack` is its own `app`); anything else keeps the framework's scan.
    """
    if router.middleware_stack != router.app or getattr(router, "form_limits", None):
        return
    index = RouteIndex(router)
    scan = router.app

    async def dispatch(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await scan(scope, receive, send)
            return
        partial: tuple[BaseRoute, Scope] | None = None
        for route in index.candidates(get_route_path(scope)):
            match, child_scope = route.matches(scope)
            if match is Match.FULL:
                scope.setdefault("router", router)
                scope.update(child_scope)
                await route.handle(scope, receive, send)
                return
            if match is Match.PARTIAL and partial is None:
                partial = (route, child_scope)
        if partial is not None:
            route, child_scope = partial
            scope.setdefault("router", router)
            scope.update(child_scope)
            await route.handle(scope, receive, send)
            return
        await scan(scope, receive, send)

    router.middleware_stack = dispatch
