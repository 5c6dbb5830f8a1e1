"""What every request passes before an app sees it, and every response before it leaves.

- **Body size.** A body larger than `ARCADIA_MAX_BODY_BYTES` (1 MiB) is refused with 413
  in the product's error style, whether it declares its length or streams chunks; no
  more than the cap is ever read.
- **Strict JSON.** `NaN`, `Infinity` and `-Infinity` are not JSON (RFC 8259), though
  Python's parser takes them; a JSON body holding one is invalid.
- **No NUL characters.** Text holding U+0000 (in the path, the query, a JSON string or key,
  or a form field) is invalid: PostgreSQL cannot store it, and the same request must mean
  the same on either storage backend. Binary bodies (uploads) are not text and pass.
- **Header values.** A header value that is not one line of printable ASCII is rewritten
  into one. Servers drop the connection rather than send a control character, so an
  error message echoing raw input into a header (BambooHR's `X-BambooHR-Error-Message`)
  would otherwise end the request with no response at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from arcadia.apps.kernel.errors import INVALID, TOO_LARGE, ApiError, ErrorRenderer

_CONSTANTS = (b"NaN", b"Infinity")


def header_safe(text: str) -> str:
    """Any text as a header value: one line of printable ASCII (others become `?`)."""
    flat = " ".join(text.split())
    return "".join(c if " " <= c <= "~" else "?" for c in flat)


_UNSAFE = re.compile(rb"[^\x20-\x7e]")


def _safe_header_bytes(value: bytes) -> bytes:
    if _UNSAFE.search(value) is None:
        return value
    return header_safe(value.decode("latin-1")).encode("ascii")


def _nul_in(value: Any) -> bool:
    """Whether a parsed JSON value holds U+0000 in any string or key."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_nul_in(k) or _nul_in(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_nul_in(v) for v in value)
    return False


def _nul_error(where: str) -> ApiError:
    return ApiError(400, f"The {where} holds a NUL character (U+0000), which no text field "
                    "accepts; remove it.", code=INVALID, field=where)


def _body_nul(body: bytes, content_type: bytes) -> bool:
    """Whether a JSON or form body holds U+0000 in its text (`\\u0000`, `%00`)."""
    if b"json" in content_type:
        if b"\\u0000" not in body:
            return False  # the common case: no second parse
        try:
            return _nul_in(json.loads(body))
        except ValueError:
            return False  # not JSON: the app says so
    if b"x-www-form-urlencoded" in content_type:
        return b"%00" in body or b"\x00" in body
    return False


def _reject_constant(name: str) -> None:
    raise ValueError(name)


def _json_constant(body: bytes) -> str | None:
    """The first non-JSON constant (NaN, Infinity) a JSON body holds outside strings."""
    if not any(c in body for c in _CONSTANTS):
        return None  # the common case: no second parse
    try:
        json.loads(body, parse_constant=_reject_constant)
    except ValueError as exc:
        name = str(exc)
        return name if name in ("NaN", "Infinity", "-Infinity") else None
    return None


class RequestGuard:
    """ASGI middleware applying the rules above, rendering refusals with the app's renderer."""

    def __init__(self, app: ASGIApp, *, render: ErrorRenderer, statuses: Mapping[str, int],
                 max_body: int) -> None:
        self.app = app
        self.render = render
        self.statuses = statuses
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_safe(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [(k, _safe_header_bytes(v))
                                      for k, v in message.get("headers", ())]
            await send(message)

        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            where = "path" if "\x00" in scope.get("path", "") else "query"
            await self._refuse(scope, send_safe, _nul_error(where))
            return
        headers = dict(scope.get("headers", ()))
        declared = headers.get(b"content-length")
        if declared is None and b"transfer-encoding" not in headers:
            await self.app(scope, receive, send_safe)  # no body (a GET): nothing to read
            return
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await self._refuse(scope, send_safe, self._too_large())
            return
        body, error = await self._read(receive)
        content_type = headers.get(b"content-type", b"json").lower()
        if error is None and body and _body_nul(body, content_type):
            error = _nul_error("body")
        if error is None and body and b"json" in content_type:
            constant = _json_constant(body)
            if constant is not None:
                error = ApiError(400, f"The request body is not valid JSON: {constant} is not "
                                 "a JSON value; send numbers as plain decimals.", code=INVALID,
                                 field="body")
        if error is not None:
            await self._refuse(scope, send_safe, error)
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_safe)

    async def _read(self, receive: Receive) -> tuple[bytes, ApiError | None]:
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away; the app sees an empty body and no one waits
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return b"", self._too_large()
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks), None

    def _too_large(self) -> ApiError:
        return ApiError(413, f"The request body is larger than {self.max_body} bytes, the "
                        "most this API accepts; send less at once.", code=TOO_LARGE,
                        field="body")

    async def _refuse(self, scope: Scope, send: Send, error: ApiError) -> None:
        if error.code in self.statuses:
            error.status = self.statuses[error.code]
        response = self.render(error)

        async def nothing() -> Any:
            return {"type": "http.disconnect"}

        await response(scope, nothing, send)
