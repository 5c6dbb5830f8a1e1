"""A body the app has already rendered, as JSON bytes on the wire.

A route that answers plain data it built itself (a page of rendered records, the
simulation's observation) keeps `response_model=` for the document, but FastAPI would
validate and serialise the data again on the way out: for big reads that costs more than
the read. `json_response` serialises it once, with orjson, as `application/json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from fastapi import Response


def json_response(body: Any, status: int = 200, *,
                  headers: Mapping[str, str] | None = None) -> Response:
    """`body` as compact JSON (orjson) with `status` and `headers`."""
    return Response(orjson.dumps(body), status_code=status, media_type="application/json",
                    headers=headers)
