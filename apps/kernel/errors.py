"""The one error type apps raise, its fixed codes, and the handlers that render it.

Apps raise errors with the factories below (`not_found`, `invalid`, `conflict`, `stale`,
`forbidden`); each code has one meaning across every app. An app supplies only its
renderer (its product's error body) and, where its product differs, the status of a code
(`AppSpec.statuses`: Gusto answers an invalid operation with 422, BambooHR with 409).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

# The codes the kernel and the factories raise, with their default statuses. `invalid`
# takes the app's validation status (400 or 422).
UNAUTHORIZED, FORBIDDEN, NOT_FOUND = "unauthorized", "forbidden", "not_found"
INVALID, CONFLICT, STALE, HTTP_ERROR = "invalid", "conflict", "stale", "http_error"
# The platform, not the request, failed (an app process another depends on is down).
UNAVAILABLE = "unavailable"
# The request body is over the size every app accepts (`kernel/guard.py`).
TOO_LARGE = "too_large"
DEFAULT_STATUSES: dict[str, int] = {UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404,
                                    INVALID: 400, CONFLICT: 409, STALE: 409,
                                    UNAVAILABLE: 503, TOO_LARGE: 413}


class ApiError(Exception):
    """An error for the agent to act on: what was wrong and what would be right.

    Attributes:
        status: HTTP status (the app's status for `code` replaces it when rendered).
        code: One of the kernel codes above.
        field: The input field at fault, if one is.
        meta: Facts about the error (`entity_type`, `entity_uuid`) a product may render.
    """

    def __init__(self, status: int, message: str, *, code: str | None = None,
                 field: str | None = None, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.field = field
        self.meta = dict(meta or {})


ErrorRenderer = Callable[[ApiError], Response]


def _make(code: str, message: str, field: str | None, meta: Mapping[str, Any] | None
          ) -> ApiError:
    return ApiError(DEFAULT_STATUSES[code], message, code=code, field=field, meta=meta)


def not_found(message: str, *, field: str | None = None,
              meta: Mapping[str, Any] | None = None) -> ApiError:
    """The thing named does not exist (404)."""
    return _make(NOT_FOUND, message, field, meta)


def invalid(message: str, field: str | None = None, *,
            meta: Mapping[str, Any] | None = None) -> ApiError:
    """The input is malformed or not acceptable (the app's validation status)."""
    return _make(INVALID, message, field, meta)


def conflict(message: str, field: str | None = None, *,
             meta: Mapping[str, Any] | None = None) -> ApiError:
    """Well-formed, but the resource's state does not allow it (a duplicate, a transition)."""
    return _make(CONFLICT, message, field, meta)


def stale(message: str, field: str | None = None, *,
          meta: Mapping[str, Any] | None = None) -> ApiError:
    """The request carries an out-of-date version of the resource (409)."""
    return _make(STALE, message, field, meta)


def forbidden(message: str) -> ApiError:
    """The principal may not do this (403)."""
    return _make(FORBIDDEN, message, None, None)


def unauthorized(message: str) -> ApiError:
    """No credential, or one no open episode knows (401)."""
    return _make(UNAUTHORIZED, message, None, None)


def statuses_for(validation_status: int, overrides: Mapping[str, int] | None = None
                 ) -> dict[str, int]:
    """Each code's status in one app."""
    return {**DEFAULT_STATUSES, INVALID: validation_status, **(overrides or {})}


def validation_message(exc: RequestValidationError) -> tuple[str, str | None]:
    """One readable sentence for the first few validation errors, and the first field."""
    parts, first_field = [], None
    for err in exc.errors()[:3]:
        if err.get("type") == "json_invalid":
            return (f"The request body is not valid JSON ({err.get('ctx', {}).get('error', '')});"
                    " send a JSON object with Content-Type: application/json.", "body")
        loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path")]
        name = ".".join(loc) or "request"
        first_field = first_field or name
        parts.append(f"{name}: {err.get('msg', 'is invalid')}")
    return "; ".join(parts) + ".", first_field


def route_error(exc: StarletteHTTPException) -> ApiError:
    """Routing's own errors (no such path, method not allowed) as an `ApiError`."""
    message = {404: "No such route; see the OpenAPI document for the paths.",
               405: "This route does not accept that method."}.get(
        exc.status_code, str(exc.detail))
    return ApiError(exc.status_code, message, code=HTTP_ERROR)


def install_error_handlers(app: FastAPI, render: ErrorRenderer,
                           statuses: Mapping[str, int]) -> None:
    """Route every error the app can produce through the app's renderer, each kernel code
    at the app's status for it."""

    def emit(err: ApiError) -> Response:
        if err.code is not None and err.code in statuses:
            err.status = statuses[err.code]
        return render(err)

    async def on_api_error(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return emit(exc)

    async def on_validation(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        message, field = validation_message(exc)
        return emit(invalid(message, field))

    async def on_http(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 400:  # FastAPI could not decode the body: the input's fault
            return emit(invalid("The request body could not be read: send a JSON object in "
                                "UTF-8 with Content-Type: application/json.", "body"))
        return render(route_error(exc))

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
