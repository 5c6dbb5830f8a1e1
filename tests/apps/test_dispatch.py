"""The kernel's route index picks exactly the route Starlette's in-order scan would pick."""

from __future__ import annotations

import re

import pytest
from starlette.routing import Match

from arcadia.apps.kernel import create_app, create_server
from arcadia.apps.kernel.dispatch import RouteIndex
from arcadia.apps.registry import APP_NAMES, load_specs

VALUES = ("123", "abc", "0", "a.b", "%20", "x y")


def _paths(template: str) -> list[str]:
    """Concrete paths for a route template: each parameter filled several ways, with and
    without a trailing slash, plus a near miss in the last segment."""
    out = []
    for value in VALUES:
        path = re.sub(r"\{[^}]+\}", value, template)
        out += [path, path.rstrip("/") or "/", path.rstrip("/") + "/", path + "x"]
    return out


def _scan(routes, scope):
    partial = None
    for route in routes:
        match, _ = route.matches(scope)
        if match is Match.FULL:
            return route
        if match is Match.PARTIAL and partial is None:
            partial = route
    return partial


def _indexed(index: RouteIndex, scope):
    return _scan(index.candidates(scope["path"]), scope)


def _scope(method: str, path: str) -> dict:
    return {"type": "http", "method": method, "path": path, "root_path": "",
            "headers": [], "query_string": b""}


@pytest.mark.parametrize("name", APP_NAMES)
def test_index_agrees_with_the_scan_on_every_route_of_every_app(harness_for, name):
    store = harness_for(*APP_NAMES).store
    (spec,) = load_specs((name,))
    router = create_app(spec, store).router
    index = RouteIndex(router)
    checked = 0
    for route in list(router.routes):
        template = getattr(route, "path", None)
        if not template:
            continue
        for path in _paths(template):
            for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
                scope = _scope(method, path)
                assert _indexed(index, scope) is _scan(router.routes, scope), (method, path)
                checked += 1
    assert checked > 500


def test_server_index_reaches_mounts_admin_and_unknown_paths(harness_for):
    store = harness_for(*APP_NAMES).store
    server = create_server(list(store.apps.values()), store)
    index = RouteIndex(server.router)
    for path in ["/", "/admin/episodes", "/admin/episodes/ep-1/changes", "/nowhere",
                 *[f"/{n}" for n in APP_NAMES], *[f"/{n}/v1/anything/9" for n in APP_NAMES]]:
        for method in ("GET", "POST"):
            scope = _scope(method, path)
            assert _indexed(index, scope) is _scan(server.router.routes, scope), (method, path)


def test_index_follows_routes_added_after_it_was_built(harness_for):
    store = harness_for("hris").store
    (spec,) = load_specs(("hris",))
    app = create_app(spec, store)
    index = RouteIndex(app.router)
    assert index.candidates("/late/route") == []

    @app.get("/late/route")
    async def late() -> dict[str, str]:
        return {}

    assert [r.path for r in index.candidates("/late/route")] == ["/late/route"]


def test_a_parameter_with_a_literal_suffix_is_indexed_by_its_suffix(harness_for):
    """Google's `{spreadsheetId}:batchUpdate` and `values/{range}:append` segments: only
    the routes whose suffix the segment ends with are candidates, and the scan agrees."""
    store = harness_for("sheets").store
    (spec,) = load_specs(("sheets",))
    router = create_app(spec, store).router
    index = RouteIndex(router)
    assert not index._always  # every sheets route is in the trie, none always tried
    base = "/v4/spreadsheets/abc"
    picked = {p: {r.path for r in index.candidates(p)} for p in (
        f"{base}:batchUpdate", f"{base}/values/A1:C:append", f"{base}/values/A1:B2",
        f"{base}/values/Sheet1!A1:clear", f"{base}/values:batchGet", ":batchUpdate")}
    assert picked[f"{base}:batchUpdate"] == {"/v4/spreadsheets/{spreadsheetId}:batchUpdate",
                                             "/v4/spreadsheets/{spreadsheetId}"}
    assert "/v4/spreadsheets/{spreadsheetId}/values/{range}:append" in \
        picked[f"{base}/values/A1:C:append"]
    assert "/v4/spreadsheets/{spreadsheetId}/values/{range}:append" not in \
        picked[f"{base}/values/A1:B2"]
    assert picked[f"{base}/values:batchGet"] >= {
        "/v4/spreadsheets/{spreadsheetId}/values:batchGet"}
    for path in picked:
        for method in ("GET", "POST", "PUT"):
            scope = _scope(method, path)
            assert _indexed(index, scope) is _scan(router.routes, scope), (method, path)
