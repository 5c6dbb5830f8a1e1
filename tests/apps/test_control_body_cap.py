"""The control plane (`/admin`) is behind the apps' body cap (`ARCADIA_MAX_BODY_BYTES`,
1 MiB): a larger body gets 413 in the control plane's own error style, whether it declares
its length or streams, and no more than the cap is read; embedded and in an app's process."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from arcadia.apps.kernel import EpisodeStore, create_app, get_settings
from arcadia.apps.registry import load_specs
from tests.factories import ADMIN, Harness

TEN_MB = 10 * 1024 * 1024
CHUNK = 64 * 1024


def assert_admin_413(r: httpx.Response) -> None:
    assert r.status_code == 413, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"]["status"] == 413, body
    assert str(get_settings().max_body_bytes) in body["error"]["message"]


class Stream:
    """A streamed body of `size` bytes that counts what the server pulled."""

    def __init__(self, size: int) -> None:
        self.size, self.sent = size, 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while self.sent < self.size:
            self.sent += CHUNK
            yield b" " * CHUNK


def _servers(harness_for: Callable[..., Harness]) -> dict[str, object]:
    (spec,) = load_specs(["payroll"])
    return {"embedded": harness_for("hris").server,
            "app-process": create_app(spec, EpisodeStore([spec]), with_admin=True)}


@pytest.mark.parametrize("where", ["embedded", "app-process"])
async def test_a_body_past_the_cap_is_413_without_being_read(
        harness_for: Callable[..., Harness], where: str) -> None:
    app = _servers(harness_for)[where]
    cap = get_settings().max_body_bytes
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),  # type: ignore[arg-type]
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        r = await c.post("/admin/episodes", content=b" " * TEN_MB,
                         headers={"Content-Type": "application/json"})
        assert_admin_413(r)
        stream = Stream(TEN_MB)
        r = await c.post("/admin/episodes", content=stream,
                         headers={"Content-Type": "application/json"})
        assert_admin_413(r)
        assert stream.sent <= cap + CHUNK, stream.sent
        # within the cap the control plane answers as before: its own 422 for a bad body
        r = await c.post("/admin/episodes", json={"headcount": 1})
        assert r.status_code == 422, r.text
