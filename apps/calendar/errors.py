"""Microsoft Graph's error style: `{"error": {"code": "...", "message": "..."}}`.

Graph names the failure in `code` (`ErrorItemNotFound`, `ErrorAccessDenied`,
`ErrorInvalidParameter`, `ErrorPropertyValidationFailure`, `ErrorInvalidUser`,
`InvalidAuthenticationToken`...) and answers invalid input and refused actions with 400.
A service raising a kernel error may name Graph's code in `meta["graph_code"]`; otherwise
the kernel code's usual Graph code is used. Graph's `innerError` (request id, date) is left
out: it would carry the machine's clock.
"""

from __future__ import annotations

from fastapi import Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel import ApiError

# A name already taken is Graph's 409; a stale change key its 412.
STATUSES = {"stale": 412}
_CODES = {"not_found": "ErrorItemNotFound", "invalid": "ErrorInvalidRequest",
          "conflict": "ErrorInvalidRequest", "stale": "ErrorIrresolvableConflict",
          "forbidden": "ErrorAccessDenied", "unauthorized": "InvalidAuthenticationToken",
          "too_large": "RequestEntityTooLarge", "unavailable": "ServiceNotAvailable"}
_BY_STATUS = {404: "ResourceNotFound", 405: "MethodNotAllowed"}


class GraphErrorDetail(BaseModel):
    code: str = Field(description="Graph's error code, e.g. `ErrorItemNotFound`.")
    message: str = Field(description="What went wrong and what would be right.")


class GraphError(BaseModel):
    """Graph's error body."""

    error: GraphErrorDetail = Field(description="The error.")


def graph_code(err: ApiError) -> str:
    named = err.meta.get("graph_code")
    if isinstance(named, str):
        return named
    if err.code == "invalid" and err.field == "body":
        return "BadRequest"
    return _CODES.get(err.code or "", _BY_STATUS.get(err.status, "BadRequest"))


def render_error(err: ApiError) -> Response:
    """Render any `ApiError` as Graph's error object."""
    return JSONResponse({"error": {"code": graph_code(err), "message": err.message}},
                        status_code=err.status)
