"""Every reference a write route takes is validated (issue 29, item 6).

For every write route with a JSON body, each reference field its OpenAPI document
describes (`tests/apps/write_references.py`: enums, `*_id` / `*Id` fields, `id` inside a
nested object, `*_ids` lists, `x-entity` ids) is sent once with a value naming nothing
(987654321, or a value not in the enum) in an otherwise valid body: the answer is a 4xx
and nothing changes (the episode's tick and `/admin/episodes/{id}/changes`). The base
body is then sent alone and must be accepted, which shows the refusal was the field's.

    python -m tests.apps.write_references procurement ats ...

prints the figures per app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from arcadia.apps.registry import APP_NAMES
from tests.apps.bullhorn_world import agency_body
from tests.apps.restaurant_world import shift_body
from tests.apps.test_fuzz import VALID_IDS
from tests.apps.test_openapi import document
from tests.apps.write_references import Outcome, probe, write_routes
from tests.factories import MISMATCH

EPISODES: dict[str, dict[str, Any]] = {"restaurant": shift_body(), "bullhorn": agency_body()}

# Routes no base body is built for automatically, with the reason (operation id -> why).
NO_BASE: dict[str, str] = {}

# Bodies given by hand where the record read back does not make a valid one.
BODIES: dict[str, dict[str, Any]] = {}


def _fallback(http: httpx.Client, auth: dict[str, str], app: str) -> dict[str, str]:
    if app not in VALID_IDS:
        return {}
    saved = http.headers
    http.headers = httpx.Headers({**saved, **auth})
    try:
        return VALID_IDS[app](http, f"{http.base_url}{app}".rstrip("/"))
    finally:
        http.headers = saved


def _server(app: str) -> Any:
    from arcadia.apps.kernel import EpisodeStore, create_server
    from arcadia.apps.registry import load_specs
    from arcadia.grader.control import install_grading

    store = EpisodeStore(load_specs([app]))
    server = create_server(list(store.apps.values()), store)
    install_grading(server, store)
    return server


def run_app(app: str, server: Any = None) -> list[Outcome]:
    doc = document(app)
    body = EPISODES.get(app, {"seed": 7, "situations": [MISMATCH]})
    outcomes: list[Outcome] = []
    with TestClient(server or _server(app), base_url="http://arcadia.test/") as http:
        for route in write_routes(app, doc):
            if route.op_id in NO_BASE:
                continue
            outcomes += probe(http, app, doc, route, body, _fallback, BODIES)
    return outcomes


@pytest.mark.parametrize("app", APP_NAMES)
def test_every_reference_is_validated(app: str, harness_for: Callable[..., Any]) -> None:
    outcomes = run_app(app, harness_for(app).server)
    accepted = [f"{o.op_id} {o.field}: {o.status} {o.text}" for o in outcomes if o.accepted]
    changed = [f"{o.op_id} {o.field}: {o.status}" for o in outcomes
               if not o.accepted and o.changed]
    unverified = sorted({f"{o.op_id}: {o.base_status} {o.text}" for o in outcomes
                         if not (o.base_status and 200 <= o.base_status < 300)})
    assert not accepted, "unknown references accepted:\n" + "\n".join(accepted)
    assert not changed, "refused but changed state:\n" + "\n".join(changed)
    assert not unverified, "base body refused:\n" + "\n".join(unverified)
