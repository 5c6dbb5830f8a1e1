"""Bullhorn's error body: `{"errorMessage", "errorMessageKey", "errorCode", "errors"?}`.

`errorCode` repeats the HTTP status; `errorMessageKey` is Bullhorn's message key for the
kind of error; `errors` lists per-field problems of a refused write
(`{"propertyName", "severity", "type", "detailMessage"}`).
"""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

# A REST call with no session token at all (Bullhorn's 412); the kernel's `unauthorized`
# is a token that names no session.
MISSING_SESSION = "missing_session"
KEYS = {"unauthorized": "errors.authentication.invalidRestToken",
        MISSING_SESSION: "errors.authentication.missingRestToken",
        "forbidden": "errors.authorization.denied",
        "not_found": "errors.entityNotFound",
        "invalid": "errors.badRequest",
        "conflict": "errors.cannotPersistEntity",
        "stale": "errors.cannotPersistEntity",
        "too_large": "errors.requestTooLarge",
        "unavailable": "errors.serviceUnavailable"}


class FieldError(BaseModel):
    propertyName: str | None = Field(None, description="The field at fault.")
    severity: str = Field(description="Always `ERROR`.")
    type: str = Field(description="`INVALID_VALUE`, `MISSING_REQUIRED_PROPERTY`, "
                      "`UNKNOWN_PROPERTY`, `READ_ONLY_PROPERTY` or `INVALID_ASSOCIATION`.")
    detailMessage: str = Field(description="What was wrong and what would be right.")


class BullhornError(BaseModel):
    """Bullhorn's error body."""

    errorMessage: str = Field(description="What was wrong and what would be right.")
    errorMessageKey: str = Field(description="The kind of error (`errors.entityNotFound`, "
                                 "`errors.badRequest`, `errors.authentication."
                                 "invalidRestToken`...).")
    errorCode: int = Field(description="The HTTP status again.")
    errors: list[FieldError] | None = Field(None, description="Per-field problems of a "
                                            "refused write.")
    entityName: str | None = Field(None, description="The entity type a refused write "
                                   "was for.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Bullhorn's error body."""
    body: dict[str, Any] = {"errorMessage": err.message,
                            "errorMessageKey": KEYS.get(err.code or "", "errors.http"),
                            "errorCode": err.status}
    if err.meta.get("errors"):
        body["errors"] = err.meta["errors"]
    if err.meta.get("entityName"):
        body["entityName"] = err.meta["entityName"]
    return JSONResponse(body, status_code=err.status)
