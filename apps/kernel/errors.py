"""The one error type apps raise; each app renders it in its product's own style."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException


class ApiError(Exception):
    """An error for the agent to act on: what was wrong and what would be right."""

    def __init__(self, status: int, message: str, *, code: str | None = None,
                 field: str | None = None, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.field = field
        self.extra = extra or {}


ErrorRenderer = Callable[[ApiError], Response]


def not_found(what: str, key: object) -> ApiError:
    return ApiError(404, f"{what} {key} was not found.", code="not_found")


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


def install_error_handlers(app: FastAPI, render: ErrorRenderer, validation_status: int) -> None:
    """Route every error the app can produce through the app's renderer."""

    async def on_api_error(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return render(exc)

    async def on_validation(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        message, field = validation_message(exc)
        return render(ApiError(validation_status, message, code="invalid", field=field))

    async def on_http(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        message = {404: "No such route; see the OpenAPI document for the paths.",
                   405: "This route does not accept that method."}.get(
            exc.status_code, str(exc.detail))
        return render(ApiError(exc.status_code, message, code="http_error"))

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
