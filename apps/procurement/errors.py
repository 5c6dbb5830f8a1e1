"""Coupa's JSON error style: `{"errors": {"<key>": ["message", ...]}}`.

Coupa's XML sends `<errors><error>...</error></errors>`; its JSON keys the messages by the
record (or field) at fault, e.g. `{"errors": {"account": ["Segment 1 - Cost Center can't
be blank"]}}`. Unsuccessful actions answer 400 Bad Request (Coupa's approvals reference);
unknown records 404, credentials 401, permissions 403. Errors are raised with the kernel's
factories; this module only renders them.
"""

from __future__ import annotations

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

# Coupa answers a request the record's state does not allow with 400, as it does invalid
# input (there is no 409 in its reference).
STATUSES = {"conflict": 400, "stale": 400}
_STATUS_KEYS = {401: "authentication", 403: "permission", 404: "record", 405: "request",
                413: "request"}


class CoupaErrors(BaseModel):
    """Coupa's error body."""

    errors: dict[str, list[str]] = Field(description="Messages keyed by the record or "
                                         "field at fault (`invoice`, `quantity`, ...): "
                                         "each says what was wrong and what would be "
                                         "right.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Coupa's JSON error object."""
    key = err.field or _STATUS_KEYS.get(err.status, "base")
    return JSONResponse({"errors": {key: [err.message]}}, status_code=err.status)
