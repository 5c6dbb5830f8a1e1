"""Google Sheets' reference (the sheets app): the Sheets v4 discovery document that ships
inside google-api-python-client, read by `--extract-sheets` (see faithfulness.py): the
methods of the resources we serve and their response schemas' fields."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _api_fields import google_norm, join_path

SHEETS_RESOURCES = ("spreadsheets", "spreadsheets.values", "spreadsheets.sheets")


def _discovery_fields(schemas: dict[str, Any], schema: dict[str, Any], prefix: str = "",
                      depth: int = 0) -> set[str]:
    """Field paths of a discovery schema, as `_schema_fields` reads an OpenAPI one."""
    while "$ref" in schema:
        schema = schemas[schema["$ref"]]
    out: set[str] = set()
    if depth > 3:
        return out
    if schema.get("type") == "array" and "items" in schema:
        return _discovery_fields(schemas, schema["items"], prefix + "[]", depth)
    for name, sub in (schema.get("properties") or {}).items():
        path = join_path(prefix, name)
        out.add(path)
        out |= _discovery_fields(schemas, sub, path, depth + 1)
    return out


def extract_sheets() -> dict[str, Any]:
    import googleapiclient

    source = Path(googleapiclient.__file__).parent / "discovery_cache/documents/sheets.v4.json"
    doc = json.loads(source.read_text())
    endpoints: dict[str, list[str]] = {}

    def walk(resources: dict[str, Any], prefix: str) -> None:
        for name, resource in resources.items():
            full = f"{prefix}{name}"
            if full in SHEETS_RESOURCES:
                for method in resource.get("methods", {}).values():
                    key = f"{method['httpMethod']} {google_norm('/' + method['path'])}"
                    response = method.get("response")
                    endpoints[key] = sorted(_discovery_fields(doc["schemas"], response)) \
                        if response else []
            walk(resource.get("resources", {}), f"{full}.")

    walk(doc["resources"], "")
    version = getattr(googleapiclient, "__version__", "?")
    return {"product": "Google Sheets",
            "source": f"sheets.v4.json (revision {doc.get('revision')}) in "
                      f"google-api-python-client {version}",
            "endpoints": dict(sorted(endpoints.items()))}
