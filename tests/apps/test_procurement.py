"""The procurement app (Coupa Core API shape) through HTTP: Coupa-style requests, queries,
approval chains, role rules and illegal transitions."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

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


async def test_requisition_chain_end_to_end(pclient: httpx.AsyncClient) -> None:
    """An employee raises and submits; each approver in turn approves only their own step;
    approving twice is refused and changes nothing; the last approval orders it."""
    ep = await new_episode(pclient)
    employee = await ep.principal_with("employee", without=("procurement", "finance",
                                                           "manager", "exec"))
    h = await coupa(ep, employee)
    r = await pclient.get(f"{API}/suppliers", headers=h, params={"status": "active",
                                                                 "limit": 1})
    supplier = r.json()[0]["id"]
    body = {"justification": "Bench parts", "requisition-lines": [{
        "description": "Oscilloscope", "quantity": "2", "unit-price": "6000.00",
        "supplier": {"id": supplier}}]}
    r = await pclient.post(f"{API}/requisitions/submit_for_approval", json=body, headers=h)
    assert r.status_code == 201, r.text
    req = r.json()
    assert req["status"] == "pending_approval" and req["total"] == "12000.00"
    chain = req["approvals"]
    assert chain and chain[0]["status"] == "pending_approval"
    assert all(a["status"] == "created" for a in chain[1:])
    # The requester cannot approve.
    r = await pclient.put(f"{API}/approvals/{chain[0]['id']}/approve", headers=h)
    assert r.status_code == 403, r.text
    assert "errors" in r.json()
    for step in chain:
        ah = await coupa(ep, step["approver-id"])
        r = await pclient.put(f"{API}/approvals/{step['id']}/approve", headers=ah)
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "approved"
        before = await ep.changes()
        r = await pclient.put(f"{API}/approvals/{step['id']}/approve", headers=ah)
        assert r.status_code == 400, r.text
        assert "already approved" in r.json()["errors"]["approval"][0]
        assert await ep.changes() == before
    r = await pclient.get(f"{API}/requisitions/{req['id']}", headers=h)
    assert r.json()["status"] == "ordered"
    line = r.json()["requisition-lines"][0]
    assert line["order-line-id"] is not None
