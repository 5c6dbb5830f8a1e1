"""Every app's OpenAPI document is a complete manual, and changes to it are visible diffs.

Set ARCADIA_UPDATE_SNAPSHOTS=1 to rewrite tests/apps/snapshots/<app>.openapi.json after an
intended change to an app's surface.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from arcadia.apps.kernel import EpisodeStore, create_app
from arcadia.apps.registry import APP_NAMES, load_specs

SNAPSHOTS = Path(__file__).parent / "snapshots"
ENTITY_LIKE = re.compile(r"(^|_)(id|uuid)$|Id$|^id$|email", re.I)


def document(name: str) -> dict:
    spec = load_specs([name])[0]
    return create_app(spec, EpisodeStore([spec])).openapi()


@pytest.mark.parametrize("name", APP_NAMES)
def test_every_operation_is_documented(name):
    doc = document(name)
    seen = set()
    for item in doc["paths"].values():
        for method, op in item.items():
            op_id = op["operationId"]
            assert re.fullmatch(rf"{name}_[a-z]+_[a-z_]+", op_id), op_id
            assert op_id not in seen
            seen.add(op_id)
            assert op["summary"] and op["description"], op_id
            assert op["tags"] in (["read"], ["write"]), op_id
            assert "x-roles" in op, op_id
            if method == "get":
                assert op["tags"] == ["read"], op_id
            for p in op.get("parameters", []):
                assert p.get("description"), (op_id, p["name"])
                if p["in"] == "path" and ENTITY_LIKE.search(p["name"]):
                    assert p["schema"].get("x-entity"), (op_id, p["name"])
    assert any(op["tags"] == ["write"] for item in doc["paths"].values() for op in item.values())
    for schema_name, schema in doc["components"]["schemas"].items():
        if schema_name in ("HTTPValidationError", "ValidationError"):
            continue
        for field, prop in schema.get("properties", {}).items():
            assert prop.get("description"), (schema_name, field)


@pytest.mark.parametrize("name", APP_NAMES)
def test_document_matches_snapshot(name):
    path = SNAPSHOTS / f"{name}.openapi.json"
    text = json.dumps(document(name), indent=2, sort_keys=True) + "\n"
    if os.environ.get("ARCADIA_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text)
    assert path.exists(), f"no snapshot {path.name}; create it with ARCADIA_UPDATE_SNAPSHOTS=1"
    assert path.read_text() == text, (
        f"{name}'s OpenAPI document changed; review the diff and rerun with "
        "ARCADIA_UPDATE_SNAPSHOTS=1 if the change is intended")
