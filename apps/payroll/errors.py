"""Gusto's error style: `{"errors": [{"error_key", "category", "message", "metadata"?}]}`.

Categories follow Gusto's published list: `invalid_token` (401), `missing_permissions`
(403), `not_found` (404), `invalid_resource_version` (409), `invalid_attribute_value` and
`invalid_operation` (422).
"""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse

from arcadia.apps.kernel import ApiError

# Kernel codes (raised by the kernel itself) mapped onto Gusto's categories.
_KERNEL_CATEGORIES = {
    "unauthorized": "invalid_token",
    "forbidden": "missing_permissions",
    "not_found": "not_found",
    "invalid": "invalid_attribute_value",
}
_STATUS_CATEGORIES = {
    401: "invalid_token",
    403: "missing_permissions",
    404: "not_found",
    405: "invalid_operation",
    409: "invalid_resource_version",
    422: "invalid_attribute_value",
}


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Gusto's error object."""
    category = _KERNEL_CATEGORIES.get(err.code or "", err.code or "")
    if not category or category == "http_error":
        category = _STATUS_CATEGORIES.get(err.status, "invalid_operation")
    if err.field and err.field != "request":
        error_key = err.field
    elif err.status in (401, 403, 404, 405):
        error_key = "request"
    else:
        error_key = "base"
    item: dict[str, Any] = {"error_key": error_key, "category": category, "message": err.message}
    if err.extra.get("metadata"):
        item["metadata"] = err.extra["metadata"]
    return JSONResponse({"errors": [item]}, status_code=err.status)


def not_found(entity_type: str, uuid: str, hint: str) -> ApiError:
    """404 for an unknown resource, with where to find valid ids."""
    return ApiError(404, f"{entity_type} {uuid} was not found. {hint}", code="not_found",
                    field="request",
                    extra={"metadata": {"entity_type": entity_type, "entity_uuid": uuid}})


def stale_version(entity_type: str, uuid: str, current: str) -> ApiError:
    """409 when the request carries a version that is not the resource's current one."""
    return ApiError(409, f"You are attempting to update {entity_type} {uuid} using an "
                    f"out-of-date version; fetch it again and send its current version "
                    f"({current}).", code="invalid_resource_version", field="base",
                    extra={"metadata": {"entity_type": entity_type, "entity_uuid": uuid}})


def invalid_value(field: str, message: str) -> ApiError:
    """422 for a field whose value is not acceptable."""
    return ApiError(422, message, code="invalid_attribute_value", field=field)


def invalid_operation(message: str) -> ApiError:
    """422 for a well-formed request the resource's state does not allow."""
    return ApiError(422, message, code="invalid_operation", field="base")
