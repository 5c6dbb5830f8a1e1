"""The kernel's product API-key header (`AppSpec.api_key_header`, read by
`kernel/context.py` `bearer_token`): Coupa's `X-COUPA-API-KEY` is a credential for the app
that declares it, and for no other."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest
from starlette.requests import Request

from arcadia.apps.kernel.context import bearer_token
from tests.factories import Harness, new_episode


def _request(headers: dict[str, str]) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    return Request({"type": "http", "method": "GET", "path": "/", "headers": raw})


@pytest.mark.parametrize("headers,header,expected", [
    ({"X-COUPA-API-KEY": "k1"}, "X-COUPA-API-KEY", "k1"),
    ({"x-coupa-api-key": " k1 "}, "X-COUPA-API-KEY", "k1"),
    ({"X-COUPA-API-KEY": "k1"}, None, None),  # an app without the header ignores it
    ({"X-COUPA-API-KEY": ""}, "X-COUPA-API-KEY", None),
    ({"Authorization": "Bearer b1", "X-COUPA-API-KEY": "k1"}, "X-COUPA-API-KEY", "b1"),
    ({"Authorization": "Bearer b1"}, "X-COUPA-API-KEY", "b1"),
])
def test_bearer_token_reads_the_products_key_header(headers: dict[str, str],
                                                    header: str | None,
                                                    expected: str | None) -> None:
    assert bearer_token(_request(headers), header) == expected


@pytest.fixture
async def plain(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("hris", "payroll", "procurement").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


async def test_the_key_header_signs_in_to_procurement_only(plain: httpx.AsyncClient) -> None:
    ep = await new_episode(plain)
    who = await ep.principal_with("procurement")
    token = await ep.token(who)
    key = {"X-COUPA-API-KEY": token, "Accept": "application/json"}
    r = await plain.get("/procurement/api/users", headers=key, params={"limit": 1})
    assert r.status_code == 200, r.text
    r = await plain.get("/procurement/api/users", params={"limit": 1},
                        headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    # HRIS takes no such header: the same key there is no credential.
    r = await plain.get("/hris/api/gateway.php/arcadia/v1/employees/directory", headers=key)
    assert r.status_code == 401, r.text
    # A wrong key is refused in Coupa's error style.
    r = await plain.get("/procurement/api/users", headers={"X-COUPA-API-KEY": "nope"})
    assert r.status_code == 401 and "authentication" in r.json()["errors"], r.text
