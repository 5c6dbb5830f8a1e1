"""Google's error style: `{"error": {"code", "message", "status", "details"?}}` with the
canonical status names (INVALID_ARGUMENT, UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND);
invalid input carries a `google.rpc.BadRequest` detail naming the field."""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

STATUS_NAMES = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
                404: "NOT_FOUND", 405: "INVALID_ARGUMENT", 409: "ABORTED",
                413: "INVALID_ARGUMENT", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL",
                503: "UNAVAILABLE"}


class Status(BaseModel):
    code: int = Field(description="The HTTP status code.")
    message: str = Field(description="What went wrong and what to do next.")
    status: str = Field(description="The canonical status (INVALID_ARGUMENT, NOT_FOUND...).")
    details: list[dict[str, Any]] | None = Field(None, description="google.rpc details, e.g. "
                                                 "BadRequest field violations.")


class GoogleError(BaseModel):
    """Google APIs' error body."""

    error: Status = Field(description="The error.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Google's error object."""
    body: dict[str, Any] = {"code": err.status, "message": err.message,
                            "status": STATUS_NAMES.get(err.status, "UNKNOWN")}
    if err.code == "invalid" and err.field:
        body["details"] = [{"@type": "type.googleapis.com/google.rpc.BadRequest",
                            "fieldViolations": [{"field": err.field,
                                                 "description": err.message}]}]
    return JSONResponse({"error": body}, status_code=err.status)
