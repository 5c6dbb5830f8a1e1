"""Greenhouse Harvest's error style: `{"message": ...}`, and for invalid input (422)
`{"message": "Validation error", "errors": [{"message", "field"}]}`.

Harvest answers 401 for a bad key, 403 for a record the key may not see, 404 "Resource
not found" and 422 for anything it cannot process, including a transition the record's
state does not allow (the kernel's `conflict`).
"""

from __future__ import annotations

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

STATUSES = {"conflict": 422, "stale": 422}


class FieldError(BaseModel):
    message: str = Field(description="What is wrong with the field and what would be right.")
    field: str = Field(description="The parameter or body field at fault.")


class GreenhouseError(BaseModel):
    """Harvest's error body."""

    message: str = Field(description="What went wrong and what to do next.")
    errors: list[FieldError] | None = Field(None, description="For validation errors (422): "
                                            "one entry per field at fault.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Harvest's error object."""
    if err.status == 404 and err.code == "not_found":
        return JSONResponse({"message": f"Resource not found. {err.message}"}, status_code=404)
    if err.code == "invalid":
        field = (err.field or "request").removeprefix("header.")
        message = err.message.removeprefix("header.")
        return JSONResponse({"message": "Validation error", "errors": [
            {"message": message, "field": field}]}, status_code=err.status)
    return JSONResponse({"message": err.message}, status_code=err.status)
