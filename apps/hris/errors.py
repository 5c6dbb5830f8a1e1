"""BambooHR's error style: the HTTP status plus an `X-BambooHR-Error-Message` header.

BambooHR puts the reason in that header and usually sends no body; we also send a small
JSON body (`{"error": {"code", "message", "field"?}}`) so that an agent reading only the
body still sees what was wrong and what would be right. Errors are raised with the
kernel's factories; this module only renders them.
"""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError, header_safe

ERROR_HEADER = "X-BambooHR-Error-Message"
ERROR_HEADERS = {ERROR_HEADER: "Why the request failed and what would be right."}

_STATUS_CODES = {400: "invalid", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict"}


class BambooHRErrorDetail(BaseModel):
    code: str = Field(description="invalid, unauthorized, forbidden, not_found, conflict, "
                      "stale or method_not_allowed.")
    message: str = Field(description="What was wrong and what would be right (the same "
                         "text as the X-BambooHR-Error-Message header).")
    field: str | None = Field(None, description="The field at fault, when one is.")


class BambooHRError(BaseModel):
    """BambooHR's error: the reason in `X-BambooHR-Error-Message`, repeated in the body."""

    error: BambooHRErrorDetail = Field(description="The error.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as BambooHR does (header), plus a small JSON body."""
    code = err.code if err.code and err.code != "http_error" else \
        _STATUS_CODES.get(err.status, "error")
    body: dict[str, Any] = {"error": {"code": code, "message": err.message}}
    if err.field:
        body["error"]["field"] = err.field
    headers = {ERROR_HEADER: header_safe(err.message)}
    if err.status == 401:
        headers["WWW-Authenticate"] = 'Basic realm="BambooHR API"'
    return JSONResponse(body, status_code=err.status, headers=headers)
