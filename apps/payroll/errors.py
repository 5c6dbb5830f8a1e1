"""Gusto's error style: `{"errors": [{"error_key", "category", "message", "metadata"?}]}`.

Categories follow Gusto's published list: `invalid_token` (401), `missing_permissions`
(403), `not_found` (404), `invalid_resource_version` (409), `invalid_attribute_value` and
`invalid_operation` (422). Errors are raised with the kernel's factories; this module
only renders them (kernel code -> Gusto category).
"""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

# Gusto answers a well-formed request the resource's state does not allow with 422.
STATUSES = {"conflict": 422}
# Kernel codes mapped onto Gusto's categories.
_CATEGORIES = {
    "unauthorized": "invalid_token",
    "forbidden": "missing_permissions",
    "not_found": "not_found",
    "invalid": "invalid_attribute_value",
    "conflict": "invalid_operation",
    "stale": "invalid_resource_version",
}
_STATUS_CATEGORIES = {
    401: "invalid_token",
    403: "missing_permissions",
    404: "not_found",
    405: "invalid_operation",
    409: "invalid_resource_version",
    422: "invalid_attribute_value",
}
# Codes whose metadata (the entity concerned) Gusto includes.
_WITH_METADATA = ("not_found", "stale")


class GustoError(BaseModel):
    error_key: str = Field(description="The attribute at fault, `base` for the resource as a "
                           "whole, or `request` for the request itself.")
    category: str = Field(description="invalid_token, missing_permissions, not_found, "
                          "invalid_resource_version, invalid_attribute_value or "
                          "invalid_operation.")
    message: str = Field(description="What was wrong and what would be right.")
    metadata: dict[str, Any] | None = Field(None, description="The entity concerned "
                                            "(entity_type, entity_uuid), when there is one.")


class GustoErrors(BaseModel):
    """Gusto's error body."""

    errors: list[GustoError] = Field(description="The errors (one per problem).")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Gusto's error object."""
    category = _CATEGORIES.get(err.code or "") or _STATUS_CATEGORIES.get(
        err.status, "invalid_operation")
    if err.field and err.field != "request":
        error_key = err.field
    elif err.status in (401, 403, 404, 405):
        error_key = "request"
    else:
        error_key = "base"
    item: dict[str, Any] = {"error_key": error_key, "category": category, "message": err.message}
    if err.meta and err.code in _WITH_METADATA:
        item["metadata"] = err.meta
    return JSONResponse({"errors": [item]}, status_code=err.status)
