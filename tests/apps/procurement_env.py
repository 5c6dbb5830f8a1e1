"""The procurement tests' episode and helpers: Coupa's own headers (`X-COUPA-API-KEY`),
the people a test acts as (`Env`), Coupa's error body, and records to act on (an open PO
line, a raised requisition, an invoice for a PO line)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx

from tests.factories import ADMIN, EpisodeHandle, Harness

API = "/procurement/api"


@asynccontextmanager
async def procurement_client(harness_for: Callable[..., Harness]
                             ) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the server with HRIS, payroll and procurement (the shared harness)."""
    server = harness_for("hris", "payroll", "procurement").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


async def coupa(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    """Coupa's own headers: the API key header and JSON."""
    return {"X-COUPA-API-KEY": await ep.token(principal), "Accept": "application/json"}


class Unchanged:
    """Asserts that an episode's rows and clock are as they were."""

    def __init__(self, ep: EpisodeHandle) -> None:
        self.ep = ep
        self.before: tuple[Any, Any] | None = None

    async def state(self) -> tuple[Any, Any]:
        info = (await self.ep.client.get(f"/admin/episodes/{self.ep.id}",
                                         headers=ADMIN)).json()
        return info["tick"], await self.ep.changes()

    async def __aenter__(self) -> Unchanged:
        self.before = await self.state()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if exc[0] is None:
            assert await self.state() == self.before, "a refused request changed the episode"


def coupa_error(r: httpx.Response, status: int, key: str | None = None,
                says: str = "") -> str:
    """Coupa's JSON error body: {"errors": {key: [message]}}."""
    assert r.status_code == status, r.text
    errors = r.json()["errors"]
    assert isinstance(errors, dict) and len(errors) == 1, errors
    (got, messages), = errors.items()
    assert key is None or got == key, errors
    assert messages and all(isinstance(msg, str) for msg in messages)
    assert says in messages[0], messages
    return str(messages[0])


class Env:
    """An episode and the people the tests act as (Coupa headers for each)."""

    def __init__(self, client: httpx.AsyncClient, ep: EpisodeHandle) -> None:
        self.c, self.ep = client, ep
        self._headers: dict[int, dict[str, str]] = {}

    async def h(self, who: int) -> dict[str, str]:
        if who not in self._headers:
            self._headers[who] = await coupa(self.ep, who)
        return self._headers[who]

    async def get(self, who: int, path: str, **params: Any) -> httpx.Response:
        return await self.c.get(f"{API}/{path}", params=params, headers=await self.h(who))

    async def put(self, who: int, path: str, body: Any = None, **params: Any
                  ) -> httpx.Response:
        return await self.c.put(f"{API}/{path}", json=body, params=params,
                                headers=await self.h(who))

    async def post(self, who: int, path: str, body: Any) -> httpx.Response:
        return await self.c.post(f"{API}/{path}", json=body, headers=await self.h(who))


async def role(env: Env, name: str, *, without: tuple[str, ...] = ()) -> int:
    return await env.ep.principal_with(name, without=without)


async def plain_employee(env: Env) -> int:
    return await role(env, "employee", without=("procurement", "finance", "manager", "exec",
                                                "hr", "payroll"))


async def open_po_line(env: Env, analyst: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """An issued PO with a line nothing has been received or invoiced against."""
    offset = 0
    while True:
        r = await env.get(analyst, "purchase_orders", status="issued", offset=offset)
        assert r.status_code == 200 and r.json(), r.text
        for po in r.json():
            for line in po["order-lines"]:
                if line["received"] == "0" and line["invoiced"] == "0.00":
                    return po, line
        offset += 50


async def raise_requisition(env: Env, who: int, amount: str, *, submit: bool = True
                            ) -> dict[str, Any]:
    r = await env.get(who, "suppliers", status="active", limit=1)
    supplier = r.json()[0]["id"]
    body = {"justification": "Test rig", "requisition-lines": [{
        "description": "Rig parts", "quantity": "1", "unit-price": amount,
        "supplier": {"id": supplier}}]}
    path = "requisitions/submit_for_approval" if submit else "requisitions"
    r = await env.post(who, path, body)
    assert r.status_code == 201, r.text
    return dict(r.json())


async def invoice_body(po: dict[str, Any], line: dict[str, Any], total: str,
                       number: str = "INV-T-1") -> dict[str, Any]:
    return {"invoice-number": number, "invoice-date": "2026-01-15",
            "supplier": {"id": po["supplier"]["id"]},
            "invoice-lines": [{"description": line["description"], "quantity": "1",
                               "price": total, "order-line-id": line["id"]}]}
