"""Graph's error body for any `ApiError`: `{"error": {"code", "message", "innerError":
{"date", "request-id", "client-request-id"}}}`; the date is the episode's clock and the
request id is derived from the episode, tick and request (`graph_request` dependency)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextvars import ContextVar
from typing import Any

from fastapi import Depends, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel.context import Ctx, CtxDep
from arcadia.apps.kernel.errors import ApiError

_GRAPH_NS = uuid.UUID("1b2f7c1e-5a4d-4e8a-b0c6-6d8f0e2a7b31")


class GraphInnerError(BaseModel):
    date: str | None = Field(None, description="When the request was handled (UTC).")
    request_id: str = Field(alias="request-id", description="The request's id.")
    client_request_id: str = Field(alias="client-request-id",
                                   description="The client's request id (the same here).")


class GraphErrorDetail(BaseModel):
    code: str = Field(description="Graph's error code, e.g. `ErrorItemNotFound`, "
                      "`ErrorAccessDenied`, `BadRequest`, `ErrorInvalidRecipients`.")
    message: str = Field(description="What went wrong and what would be right.")
    innerError: GraphInnerError = Field(description="Diagnostics: date and request id.")


class GraphError(BaseModel):
    """Microsoft Graph's error body."""

    error: GraphErrorDetail = Field(description="The error.")


# The Graph code for each kernel code, unless the error names its own (`meta.graph_code`).
GRAPH_CODES = {"unauthorized": "InvalidAuthenticationToken", "forbidden": "ErrorAccessDenied",
               "not_found": "ErrorItemNotFound", "invalid": "BadRequest",
               "conflict": "ErrorIrresolvableConflict", "stale": "ErrorIrresolvableConflict",
               "too_large": "RequestEntityTooLarge", "unavailable": "ServiceUnavailable"}
_ROUTE_CODES = {404: "UnknownError", 405: "UnknownError"}

# (date, request-id) of the request being handled, set by `graph_request`.
_REQUEST: ContextVar[tuple[str, str] | None] = ContextVar("graph_request", default=None)


def request_identity(ctx: Ctx) -> tuple[str, str]:
    """The innerError date (the episode clock) and a request id derived from the episode,
    its tick and the request: the same requests give the same ids."""
    rid = uuid.uuid5(_GRAPH_NS, f"{ctx.principal.id}:{ctx.tick}:{ctx.method}:{ctx.path}")
    return ctx.now.replace(microsecond=0).isoformat(), str(rid)


async def _graph_request(ctx: CtxDep) -> AsyncIterator[None]:
    token = _REQUEST.set(request_identity(ctx))
    yield
    _REQUEST.reset(token)  # only on success: an error's renderer reads (and clears) it


graph_request = Depends(_graph_request, scope="function")


def graph_error(err: ApiError) -> Response:
    """Render any `ApiError` as Graph's error body."""
    code = str(err.meta.get("graph_code") or "")
    if not code:
        code = (_ROUTE_CODES.get(err.status, "UnknownError") if err.code == "http_error"
                else GRAPH_CODES.get(err.code or "", "UnknownError"))
    ident = _REQUEST.get()
    _REQUEST.set(None)
    if ident is None:
        rid = str(uuid.uuid5(_GRAPH_NS, f"{err.status}:{code}:{err.message}"))
        inner: dict[str, Any] = {"request-id": rid, "client-request-id": rid}
    else:
        inner = {"date": ident[0], "request-id": ident[1], "client-request-id": ident[1]}
    headers = {"request-id": inner["request-id"]}
    if err.status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="", error="invalid_token"'
    return JSONResponse({"error": {"code": code, "message": err.message, "innerError": inner}},
                        status_code=err.status, headers=headers)


GRAPH_ERROR_HEADERS = {"request-id": "The request's id (as in innerError)."}
