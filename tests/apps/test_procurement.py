"""The procurement app (Coupa Core API shape) through HTTP: Coupa-style requests, queries,
approval chains, role rules and illegal transitions."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.factories import EpisodeHandle, Harness, new_episode

API = "/procurement/api"


@pytest.fixture
async def pclient(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("hris", "payroll", "procurement").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


async def coupa(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    """Coupa's own headers: the API key header and JSON."""
    return {"X-COUPA-API-KEY": await ep.token(principal), "Accept": "application/json"}


async def test_smoke_lists_and_chain(pclient: httpx.AsyncClient) -> None:
    ep = await new_episode(pclient)
    analyst = await ep.principal_with("procurement")
    h = await coupa(ep, analyst)
    r = await pclient.get(f"{API}/invoices", headers=h, params={"limit": 5})
    assert r.status_code == 200, r.text
    assert len(r.json()) == 5
    for path in ("purchase_orders", "requisitions", "approvals", "suppliers", "users",
                 "accounts", "lookup_values", "payment_terms", "contracts",
                 "receiving_transactions"):
        r = await pclient.get(f"{API}/{path}", headers=h)
        assert r.status_code == 200, (path, r.text)
