"""The restaurant's error body: `{"error": {"code", "message", "index"?}}`.

`code` is the kernel's code (`invalid`, `conflict`, `not_found`, ...) or, for an action or
report the simulation refuses, `illegal_action` / `illegal_report`; `index` names the
refused action of a batch.
"""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError


class ErrorDetail(BaseModel):
    code: str = Field(description="What kind of error: `invalid`, `illegal_action`, "
                      "`illegal_report`, `conflict`, `not_found`, `unauthorized`, "
                      "`forbidden`, ...")
    message: str = Field(description="What was wrong and what would be right.")
    index: int | None = Field(None, description="The index (from 0) of the refused action in "
                              "the submitted batch, for `illegal_action`.")


class RestaurantError(BaseModel):
    """The restaurant API's error body."""

    error: ErrorDetail = Field(description="The error.")


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as the restaurant's error body."""
    body: dict[str, Any] = {"code": err.meta.get("code") or err.code or "error",
                            "message": err.message}
    if "index" in err.meta:
        body["index"] = err.meta["index"]
    return JSONResponse({"error": body}, status_code=err.status)
