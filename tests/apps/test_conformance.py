"""The app contract, checked over every registered app through HTTP.

Every route has `op(...)` metadata and `x-roles`; every table has the changelog triggers;
every error (401, 403, the validation status) is real and in the product's style; a
malformed body changes nothing and does not advance the clock; the documented error
responses are the ones the kernel derives for the route, in the product's error schema;
the OpenAPI snapshot is current.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute

from arcadia.apps.kernel import AppSpec, error_statuses, takes_input
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.world import WorldSpec
from tests.apps.bullhorn_world import agency_episode, agency_spec
from tests.apps.restaurant_world import shift_episode, shift_spec
from tests.apps.test_openapi import SNAPSHOTS, document
from tests.factories import ADMIN, SPEC, EpisodeHandle, Harness, new_episode

SPECS = {spec.name: spec for spec in load_specs()}
BAD = "not-a-valid-value"


def routes(spec: AppSpec) -> list[APIRoute]:
    """The documented routes of an app (hidden aliases share their endpoint)."""
    return [r for router in spec.routers for r in router.routes
            if isinstance(r, APIRoute) and r.include_in_schema]


def route_id(route: APIRoute) -> str:
    return str(route.operation_id)


def world_of(spec: AppSpec) -> WorldSpec:
    """A world the app serves: the standard test world, a restaurant shift or an agency."""
    if spec.serves(SPEC.name):
        return SPEC
    if spec.serves("agency"):
        return agency_spec()
    return shift_spec() if spec.serves("restaurant") else SPEC


async def episode_of(spec: AppSpec, http: httpx.AsyncClient) -> EpisodeHandle:
    """A fresh episode of a world the app serves."""
    if spec.serves(SPEC.name):
        return await new_episode(http)
    if spec.serves("agency"):
        return await agency_episode(http)
    return await (shift_episode(http) if spec.serves("restaurant") else new_episode(http))


@pytest.fixture(params=APP_NAMES, ids=list(APP_NAMES))
def spec(request: pytest.FixtureRequest) -> AppSpec:
    return SPECS[request.param]


@pytest.fixture
async def http(spec: AppSpec, harness_for: Callable[..., Harness]
               ) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for(spec.name).server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


@functools.cache
def openapi(name: str) -> dict[str, Any]:
    return document(name)


def parameters(spec: AppSpec, route: APIRoute) -> list[dict[str, Any]]:
    doc = openapi(spec.name)
    method = sorted(route.methods)[0].lower()
    return list(doc["paths"][route.path_format][method].get("parameters", []))


def sample(param: dict[str, Any]) -> str:
    """A well-formed value for a parameter: its documented example, else one of its type."""
    schema = param["schema"]
    if param.get("examples") or schema.get("examples"):
        return str((param.get("examples") or schema["examples"])[0])
    kinds = {schema.get("type")} | {s.get("type") for s in schema.get("anyOf", [])}
    return "1" if "integer" in kinds else "00000000-0000-0000-0000-000000000000"


def url(spec: AppSpec, route: APIRoute, *, bad: str | None = None) -> tuple[str, dict[str, str]]:
    """The route's URL with every path parameter filled, and its required query parameters
    (`bad` names a parameter to give an ill-typed value, or to leave out if required)."""
    path, query = route.path_format, {}
    for p in parameters(spec, route):
        value = BAD if p["name"] == bad else sample(p)
        if p["in"] == "path":
            path = path.replace("{" + p["name"] + "}", value)
        elif p["in"] == "query" and p.get("required") and p["name"] != bad:
            query[p["name"]] = value
    return f"/{spec.name}{path}", query


def invalid_parameter(spec: AppSpec, route: APIRoute) -> str | None:
    """A parameter whose ill-typed (or missing) value fails validation, if there is one."""
    for p in parameters(spec, route):
        schema = p["schema"]
        kinds = {schema.get("type")} | {s.get("type") for s in schema.get("anyOf", [])}
        enum = "enum" in schema or any("enum" in s for s in schema.get("anyOf", []))
        if p.get("required") and p["in"] == "query" or kinds & {"integer", "boolean"} or \
                enum or schema.get("format") == "date" or \
                any(s.get("format") == "date" for s in schema.get("anyOf", [])):
            return str(p["name"])
    return None


def assert_product_style(spec: AppSpec, r: httpx.Response, status: int) -> None:
    assert r.status_code == status, (r.request.method, r.request.url, r.text)
    assert spec.error_model is not None, f"{spec.name} declares no error_model"
    spec.error_model.model_validate(r.json())
    for header in spec.error_headers:
        assert r.headers.get(header), f"{spec.name} errors carry {header}"
    assert "detail" not in r.json(), "FastAPI's own error body leaked"


async def principals(ep: EpisodeHandle) -> list[dict[str, Any]]:
    r = await ep.client.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    assert r.status_code == 200, r.text
    return list(r.json()["principals"])


# Keyed by the client too (held, so its identity is never reused): each app's server has
# its own store, whose episode ids (`ep-1`, ...) repeat across stores.
_tokens: dict[tuple[httpx.AsyncClient, str, tuple[str, ...], bool], dict[str, str]] = {}


async def acting(ep: EpisodeHandle, roles: list[str], *, holding: bool) -> dict[str, str]:
    """Headers of a principal holding one of `roles` (or holding none of them)."""
    key = (ep.client, ep.id, tuple(roles), holding)
    if key in _tokens:
        return _tokens[key]
    people = await principals(ep)
    if holding:
        who = next(p for p in people if not roles or set(roles) & set(p["roles"]))
    else:
        who = next(p for p in people if not set(roles) & set(p["roles"]))
    _tokens[key] = await ep.auth(who["id"])
    return _tokens[key]


async def state(ep: EpisodeHandle) -> tuple[int, dict[str, Any]]:
    r = await ep.client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)
    return int(r.json()["tick"]), await ep.changes()


# -- the document --------------------------------------------------------------------------


def test_every_route_has_op_metadata(spec: AppSpec) -> None:
    assert routes(spec)
    for route in routes(spec):
        assert route.operation_id and re.fullmatch(rf"{spec.name}_[a-z]+_[a-z_]+",
                                                   route.operation_id), route.path
        assert route.tags in (["read"], ["write"]), route_id(route)
        assert "x-roles" in (route.openapi_extra or {}), route_id(route)
        assert route.summary and route.description, route_id(route)


def test_documented_errors_are_the_routes_statuses_in_product_style(spec: AppSpec) -> None:
    doc = openapi(spec.name)
    assert spec.error_model is not None
    ref = f"#/components/schemas/{spec.error_model.__name__}"
    assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"]
    for route in routes(spec):
        method = sorted(route.methods)[0].lower()
        responses = doc["paths"][route.path_format][method]["responses"]
        documented = sorted(int(s) for s in responses if int(s) >= 400)
        assert documented == error_statuses(route, spec), route_id(route)
        assert 401 in documented
        for status in documented:
            entry = responses[str(status)]
            assert entry["content"]["application/json"]["schema"] == {"$ref": ref}
            assert set(entry.get("headers", {})) == set(spec.error_headers)


def test_openapi_snapshot_is_current(spec: AppSpec) -> None:
    path = SNAPSHOTS / f"{spec.name}.openapi.json"
    assert path.exists(), f"no snapshot for {spec.name}"
    assert json.loads(path.read_text()) == json.loads(json.dumps(document(spec.name))), \
        "rewrite it with ARCADIA_UPDATE_SNAPSHOTS=1 pytest tests/apps/test_openapi.py"


def _unbounded_numbers(doc: dict[str, Any], node: Any, where: str, seen: set[str]
                       ) -> list[str]:
    """Integer and number schemas under `node` without both bounds inside 64 bits."""
    out: list[str] = []
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref not in seen:
            seen.add(ref)
            out += _unbounded_numbers(doc, doc["components"]["schemas"][ref.rsplit("/", 1)[-1]],
                                      f"{where}->{ref.rsplit('/', 1)[-1]}", seen)
        if node.get("type") in ("integer", "number"):
            low, high = node.get("minimum"), node.get("maximum")
            if low is None or high is None or low < -(2**63) or high > 2**63 - 1:
                out.append(where)
        for key, value in node.items():
            if key in ("properties", "items", "anyOf", "oneOf", "allOf",
                       "additionalProperties", "schema"):
                children = value.items() if key == "properties" else \
                    enumerate(value) if isinstance(value, list) else [(key, value)]
                for name, child in children:
                    out += _unbounded_numbers(doc, child, f"{where}.{name}", seen)
    elif isinstance(node, list):
        for i, child in enumerate(node):
            out += _unbounded_numbers(doc, child, f"{where}[{i}]", seen)
    return out


def test_every_numeric_input_is_bounded_to_64_bits(spec: AppSpec) -> None:
    """An id or number past what a database stores is refused by validation (a 4xx), never
    an `OverflowError` deep in a query: every integer and number an operation takes (path,
    query, body) declares a minimum and a maximum within signed 64 bits (the kernel's `Id`,
    `Int64` and `Amount` stay within ±(2^53 - 1), exact in every JSON parser)."""
    doc = openapi(spec.name)
    unbounded: list[str] = []
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            where = f"{method.upper()} {path}"
            for param in operation.get("parameters", ()):
                unbounded += _unbounded_numbers(doc, param.get("schema", {}),
                                                f"{where} {param['name']}", set())
            body = operation.get("requestBody", {}).get("content", {})
            for media in body.values():
                unbounded += _unbounded_numbers(doc, media.get("schema", {}), f"{where} body",
                                                set())
    assert not unbounded, "unbounded numeric inputs:\n" + "\n".join(unbounded)


def test_every_table_has_changelog_triggers(spec: AppSpec,
                                            harness_for: Callable[..., Harness]) -> None:
    template = harness_for(spec.name).store.template(world_of(spec))
    db = template.dbs[spec.name]
    if db.dialect == "postgresql":  # one row trigger per table, on insert, update, delete
        got = db.conn.execute(
            "SELECT c.relname, t.tgname, t.tgtype FROM pg_trigger t JOIN pg_class c "
            "ON c.oid = t.tgrelid WHERE NOT t.tgisinternal").fetchall()
        triggers = {f"{name}_{kind}" for table, name, tgtype in got if name == f"_cl_{table}"
                    for kind, bit in (("i", 4), ("d", 8), ("u", 16)) if tgtype & bit}
    else:
        triggers = {row[0] for row in db.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    for table in spec.metadata.sorted_tables:
        for kind in "iud":
            assert f"_cl_{table.name}_{kind}" in triggers, (table.name, kind)


# -- the errors are real -------------------------------------------------------------------


async def test_401_403_and_validation_are_real_for_every_route(
        spec: AppSpec, http: httpx.AsyncClient) -> None:
    ep = await episode_of(spec, http)
    checked = {401: 0, 403: 0, spec.validation_status: 0}
    for route in routes(spec):
        method = sorted(route.methods)[0]
        roles = list((route.openapi_extra or {}).get("x-roles", []))
        path, query = url(spec, route)
        body = {} if route.body_field is not None else None
        r = await http.request(method, path, params=query, json=body)
        if 412 in error_statuses(route, spec):
            # No credential at all is the product's 412 (Bullhorn under its restUrl); a
            # credential that names no session is still 401.
            assert_product_style(spec, r, 412)
            r = await http.request(method, path, params=query, json=body,
                                   headers={"Authorization": "Bearer not-a-token"})
        assert_product_style(spec, r, 401)
        checked[401] += 1
        if roles:
            r = await http.request(method, path, params=query, json=body,
                                   headers=await acting(ep, roles, holding=False))
            assert_product_style(spec, r, 403)
            checked[403] += 1
        if takes_input(route):
            headers = await acting(ep, roles, holding=True)
            if route.body_field is not None:
                r = await http.request(method, path, params=query, content=b"{not json",
                                       headers={**headers,
                                                "Content-Type": "application/json"})
            else:
                bad = invalid_parameter(spec, route)
                assert bad, f"{route_id(route)} takes input but no parameter can be bad"
                path, query = url(spec, route, bad=bad)
                param = next(p for p in parameters(spec, route) if p["name"] == bad)
                if param["in"] == "query" and not param.get("required"):
                    query[bad] = BAD
                r = await http.request(method, path, params=query, headers=headers)
            assert_product_style(spec, r, spec.validation_status)
            checked[spec.validation_status] += 1
    assert checked[401] == len(routes(spec))
    assert (await state(ep))[0] == 0


async def test_malformed_bodies_change_nothing_and_keep_the_clock(
        spec: AppSpec, http: httpx.AsyncClient) -> None:
    ep = await episode_of(spec, http)
    writes = [r for r in routes(spec) if r.tags == ["write"] and r.body_field is not None]
    assert writes, f"{spec.name} has no write route with a body"
    before = await state(ep)
    for route in writes:
        method = sorted(route.methods)[0]
        headers = await acting(ep, list((route.openapi_extra or {})["x-roles"]), holding=True)
        path, query = url(spec, route)
        for content in (b'{"truncated": ', b"[1, 2, 3]", b'"a string"', b"null"):
            r = await http.request(method, path, params=query, content=content,
                                   headers={**headers, "Content-Type": "application/json"})
            assert_product_style(spec, r, spec.validation_status)
        assert await state(ep) == before, route_id(route)


# --- one layout (apps/README.md "Layout of apps/<name>/") ------------------------------

APPS_DIR = Path(__file__).resolve().parents[2] / "apps"
# What a service may not import: a service returns plain data and its route renders it.
RENDERING = {"Response", "JSONResponse", "ORJSONResponse", "PlainTextResponse",
             "HTMLResponse", "StreamingResponse", "FileResponse", "RedirectResponse"}


def _module_or_package(folder: Path, name: str) -> bool:
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


@pytest.mark.parametrize("name", APP_NAMES)
def test_every_app_has_the_one_layout(name: str) -> None:
    """Tables in `models.py`, wire models in `schemas`, routes in `routes`, rules in
    services, the loader in `seed.py`, the renderer in `errors.py`, the spec in
    `__init__.py`."""
    folder = APPS_DIR / name
    assert SPECS[name].name == name
    missing = [part for part in ("models", "schemas", "routes", "seed", "errors")
               if not _module_or_package(folder, part)]
    assert not missing, f"apps/{name} lacks {missing}"
    services = sorted(p.name for p in folder.glob("*.py")
                      if p.name == "service.py" or p.name.endswith("_service.py"))
    assert services, f"apps/{name} has no service module"


def _services() -> list[Path]:
    return sorted(p for p in APPS_DIR.glob("*/*.py")
                  if p.parent.name != "kernel"
                  and (p.name == "service.py" or p.name.endswith("_service.py")))


@pytest.mark.parametrize("path", _services(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_services_return_plain_data(path: Path) -> None:
    """No service builds an HTTP response: it returns data, and the route renders it."""
    tree = ast.parse(path.read_text())
    rendering = sorted(
        alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        and (node.module or "").split(".")[0] in ("fastapi", "starlette")
        for alias in node.names if alias.name in RENDERING)
    imported = sorted(
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
        for alias in node.names if alias.name.split(".")[0] in ("fastapi", "starlette"))
    assert not rendering and not imported, f"{path.name} imports {rendering or imported}"
