"""BambooHR's error style: the HTTP status plus an `X-BambooHR-Error-Message` header.

BambooHR puts the reason in that header and usually sends no body; we also send a small
JSON body (`{"error": {"code", "message", "field"?}}`) so that an agent reading only the
body still sees what was wrong and what would be right.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse

from arcadia.apps.kernel import ApiError

ERROR_HEADER = "X-BambooHR-Error-Message"

_STATUS_CODES = {400: "invalid", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict"}


def _header_value(message: str) -> str:
    # Header values must be latin-1 and single-line.
    flat = re.sub(r"\s+", " ", message).strip()
    return flat.encode("ascii", "replace").decode("ascii")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as BambooHR does (header), plus a small JSON body."""
    code = err.code if err.code and err.code != "http_error" else \
        _STATUS_CODES.get(err.status, "error")
    body: dict[str, Any] = {"error": {"code": code, "message": err.message}}
    if err.field:
        body["error"]["field"] = err.field
    headers = {ERROR_HEADER: _header_value(err.message)}
    if err.status == 401:
        headers["WWW-Authenticate"] = 'Basic realm="BambooHR API"'
    return JSONResponse(body, status_code=err.status, headers=headers)


def bad_request(message: str, field: str | None = None) -> ApiError:
    return ApiError(400, message, code="invalid", field=field)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message, code="forbidden")


def not_found(message: str) -> ApiError:
    return ApiError(404, message, code="not_found")


def conflict(message: str, field: str | None = None) -> ApiError:
    return ApiError(409, message, code="conflict", field=field)
