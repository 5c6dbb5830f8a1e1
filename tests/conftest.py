"""Shared fixtures: a process-wide store per app set, an ASGI client, episodes via admin."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable

import httpx
import pytest

os.environ["ARCADIA_ADMIN_TOKEN"] = "test-admin-token-0123456789"

from arcadia.apps.kernel import EpisodeStore, create_server, get_settings  # noqa: E402
from arcadia.apps.registry import load_specs  # noqa: E402
from arcadia.grader.control import install_grading  # noqa: E402
from arcadia.world import World  # noqa: E402
from tests.factories import ADMIN, SPEC, Harness  # noqa: E402

get_settings.cache_clear()
_servers: dict[tuple[str, ...], Harness] = {}


# `--backend postgres` (or ARCADIA_TEST_BACKEND=postgres) runs the same tests with world
# state in PostgreSQL (ARCADIA_DATABASE_URL, default the local server of `.ci/run`).
PG_URL = "postgresql://postgres@127.0.0.1:5432/postgres"

# The tests that exercise storage (marked `storage`): the kernel's seam (templates, clones,
# the changelog and the diff, snapshots, sequences, the control plane, refused input, the
# certificate) and the apps that write SQL of their own. `.ci/run` runs them again with
# `--backend postgres -m storage`; the rest reach storage only through these.
STORAGE_TESTS = tuple(f"tests/{name}.py" for name in (
    "apps/test_kernel", "apps/test_kernel_contract", "apps/test_changelog",
    "apps/test_snapshot", "apps/test_conformance", "apps/test_lifecycle", "apps/test_control",
    "apps/test_pg_prune", "apps/test_pg_race", "apps/test_bad_input", "apps/test_outbox",
    "apps/test_dispatch",
    "apps/test_procurement_kernel", "apps/test_mail", "apps/test_restaurant",
    "apps/test_hris", "apps/test_hris_writes", "apps/test_hris_time_off", "apps/test_payroll",
    "apps/test_bullhorn", "apps/test_bullhorn_search", "apps/test_sheets",
    "grader/test_diff", "grader/test_certify"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--backend", choices=("sqlite", "postgres"),
                     default=os.environ.get("ARCADIA_TEST_BACKEND", "sqlite"),
                     help="storage backend of the kernel under test (default sqlite)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only(reason): the test is about SQLite itself "
                            "and is skipped with --backend postgres")
    config.addinivalue_line("markers", "postgres_only(reason): the test is about the "
                            "PostgreSQL backend and runs only with --backend postgres")
    config.addinivalue_line("markers", "storage: the test exercises storage and runs on "
                            "both backends in CI (tests/conftest.py STORAGE_TESTS)")
    if config.getoption("--backend") == "postgres":
        os.environ.setdefault("ARCADIA_DATABASE_URL", PG_URL)
        get_settings.cache_clear()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath
    for item in items:
        if item.path.relative_to(root).as_posix() in STORAGE_TESTS:
            item.add_marker(pytest.mark.storage)
    if config.getoption("--backend") != "postgres":
        for item in items:
            if item.get_closest_marker("postgres_only") is not None:
                item.add_marker(pytest.mark.skip(reason="PostgreSQL only: --backend postgres"))
        return
    for item in items:
        marker = item.get_closest_marker("sqlite_only")
        if marker is not None:
            why = marker.kwargs.get("reason") or (marker.args[0] if marker.args else "")
            item.add_marker(pytest.mark.skip(reason=f"SQLite only: {why}"))


@pytest.fixture(scope="session")
def harness_for() -> Callable[..., Harness]:
    """`harness_for("hris", "payroll")`: one server + store per app set, built once."""

    def make(*apps: str) -> Harness:
        key = tuple(apps) or ("hris", "payroll")
        if key not in _servers:
            store = EpisodeStore(load_specs(key))
            server = create_server(list(store.apps.values()), store)
            install_grading(server, store)
            _servers[key] = Harness(server, store)
        return _servers[key]

    return make


@pytest.fixture
async def client(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the embedded server with every app (hris and payroll)."""
    server = harness_for("hris", "payroll").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


@pytest.fixture
async def hris(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    """A client of a server hosting only the HRIS (independent of the other apps)."""
    server = harness_for("hris").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


@pytest.fixture
def world(harness_for: Callable[..., Harness]) -> World:
    """The standard test world (`tests.factories.SPEC`), as the HRIS template holds it."""
    return harness_for("hris").store.template(SPEC).world
