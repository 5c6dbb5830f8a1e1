"""The procurement app (Coupa Core API shape) through HTTP: Coupa-style requests and
queries, Coupa's error body, a requisition's chain end to end. Approval chains and role
rules are in test_procurement_approvals.py, illegal transitions in
test_procurement_transitions.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.apps.procurement_env import (
    API,
    Env,
    Unchanged,
    coupa,
    coupa_error,
    open_po_line,
    procurement_client,
    role,
)
from tests.factories import Harness, new_episode


@pytest.fixture
async def pclient(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    async with procurement_client(harness_for) as c:
        yield c


@pytest.fixture
async def env(pclient: httpx.AsyncClient) -> Env:
    return Env(pclient, await new_episode(pclient))


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


# -- Coupa's own example requests -------------------------------------------------------------


async def test_coupa_reference_requests_work_with_only_url_and_key_changed(env: Env) -> None:
    """Requests as Coupa's reference writes them: X-COUPA-API-KEY, Accept JSON, query
    operators, associations, limit/offset, return_object, fields."""
    analyst = await role(env, "procurement")
    base = f"{API}"
    key = {"X-COUPA-API-KEY": await env.ep.token(analyst), "Accept": "application/json"}
    c = env.c
    # "Returns the first 50" by default; offset pages on.
    first = (await c.get(f"{base}/invoices", headers=key)).json()
    second = (await c.get(f"{base}/invoices?offset=50", headers=key)).json()
    assert len(first) == 50 and len(second) == 50
    assert first[0]["id"] < first[-1]["id"] < second[0]["id"]
    assert len((await c.get(f"{base}/invoices?limit=500", headers=key)).json()) == 50
    # Hyphenated keys, nested associations, decimals as strings.
    inv = first[0]
    for field in ("invoice-number", "invoice-date", "created-at", "supplier", "invoice-lines",
                  "gross-total", "status"):
        assert field in inv, field
    assert isinstance(inv["gross-total"], str) and isinstance(inv["supplier"], dict)
    # status[in], status[not_eq], exact match.
    r = await c.get(f"{base}/invoices?status[in]=approved,voided", headers=key)
    assert r.json() and {i["status"] for i in r.json()} <= {"approved", "voided"}
    r = await c.get(f"{base}/purchase_orders?status[not_eq]=issued", headers=key)
    assert all(p["status"] != "issued" for p in r.json())
    r = await c.get(f"{base}/purchase_orders?id={first[0]['id']}", headers=key)
    assert [p["id"] for p in r.json()] == [first[0]["id"]]
    # contains / starts_with on a name; through an association.
    name = inv["supplier"]["name"]
    r = await c.get(f"{base}/suppliers", params={"name[contains]": name[1:6]}, headers=key)
    assert name in [s["name"] for s in r.json()]
    r = await c.get(f"{base}/purchase_orders", params={"supplier[name]": name}, headers=key)
    assert r.json() and all(p["supplier"]["name"] == name for p in r.json())
    r = await c.get(f"{base}/invoices", params={"supplier[name][starts_with]": name[:4]},
                    headers=key)
    assert r.json() and all(i["supplier"]["name"].startswith(name[:4]) for i in r.json())
    # Dates: created-at[gt] / [lt] bound a range.
    day = inv["created-at"][:10]
    r = await c.get(f"{base}/invoices", params={"created-at[gt_or_eq]": day,
                                                 "created-at[lt]": f"{day}T23:59:59+00:00"},
                    headers=key)
    assert r.json() and all(i["created-at"][:10] == day for i in r.json())
    # return_object=limited: ids only; fields=[...]: the fields asked for.
    r = await c.get(f"{base}/invoices?return_object=limited&limit=3", headers=key)
    assert r.json() == [{"id": i["id"]} for i in first[:3]]
    fields = '["id","invoice-number",{"invoice-lines":["id","total"]}]'
    r = await c.get(f"{base}/invoices", params={"fields": fields, "limit": 1}, headers=key)
    assert r.json() == [{"id": inv["id"], "invoice-number": inv["invoice-number"],
                         "invoice-lines": [{"id": x["id"], "total": x["total"]}
                                           for x in inv["invoice-lines"]]}]
    # Coupa's own example, with underscores: answered in the spelling asked for.
    example = '["id","invoice_number",{"invoice_lines":["id","line_num"]}]'
    r = await c.get(f"{base}/invoices?fields={example}&limit=1", headers=key)
    assert r.json() == [{"id": inv["id"], "invoice_number": inv["invoice-number"],
                         "invoice_lines": [{"id": x["id"], "line_num": x["line-num"]}
                                           for x in inv["invoice-lines"]]}]
    # shallow: associations cut to their id and natural key.
    r = await c.get(f"{base}/invoices?return_object=shallow&limit=1", headers=key)
    shallow = r.json()[0]
    assert shallow["supplier"] == {k: inv["supplier"][k] for k in ("id", "name", "number")}
    assert shallow["invoice-number"] == inv["invoice-number"]
    # No match: an empty array, as Coupa's JSON answers.
    r = await c.get(f"{base}/accounts?id=999999", headers=key)
    assert r.status_code == 200 and r.json() == []
    # Without Accept: still JSON (the only format served).
    r = await c.get(f"{base}/invoices/{inv['id']}",
                    headers={"X-COUPA-API-KEY": key["X-COUPA-API-KEY"]})
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["id"] == inv["id"]


async def test_filters_applied_to_rows_answer_what_the_rendered_records_show(env: Env
                                                                             ) -> None:
    """Association and date filters run on the rows before rendering (a page no longer
    renders the year's invoices); the answer is what filtering the rendered records gives."""
    analyst = await role(env, "procurement")
    key = {"X-COUPA-API-KEY": await env.ep.token(analyst), "Accept": "application/json"}
    every: list[dict[str, Any]] = []
    while True:
        page = (await env.c.get(f"{API}/invoices", params={"offset": len(every)},
                                headers=key)).json()
        every += page
        if len(page) < 50:
            break
    name = every[len(every) // 2]["supplier"]["name"]
    day = sorted(i["invoice-date"] for i in every)[len(every) // 3][:10]
    cases = [
        ({"supplier[name]": name}, lambda i: i["supplier"]["name"] == name),
        ({"supplier[name][not_eq]": name, "invoice-date[gt_or_eq]": day},
         lambda i: i["supplier"]["name"] != name and i["invoice-date"][:10] >= day),
        ({"supplier[name][starts_with]": name[:3].lower(), "invoice-date[lt]": day},
         lambda i: i["supplier"]["name"].lower().startswith(name[:3].lower())
         and i["invoice-date"][:10] < day),
    ]
    for params, keep in cases:
        wanted = [i["id"] for i in every if keep(i)]
        assert wanted, params
        for offset in (0, 3):
            r = await env.c.get(f"{API}/invoices", params={**params, "offset": offset},
                                headers=key)
            assert r.status_code == 200, r.text
            assert [i["id"] for i in r.json()] == wanted[offset:offset + 50], params
    r = await env.c.get(f"{API}/purchase_orders", params={"supplier[name]": name}, headers=key)
    assert r.json() and {p["supplier"]["name"] for p in r.json()} == {name}


async def test_mark_exported_as_coupa_does(env: Env) -> None:
    analyst = await role(env, "procurement")
    po, _ = await open_po_line(env, analyst)
    r = await env.put(analyst, f"purchase_orders/{po['id']}", exported="true")
    assert r.status_code == 200, r.text
    assert r.json()["exported"] is True and r.json()["version"] == po["version"]


async def test_query_errors_are_coupa_errors_and_unknown_ids_404(env: Env) -> None:
    analyst = await role(env, "procurement")
    r = await env.get(analyst, "invoices", **{"no-such-field": "x"})
    coupa_error(r, 400, "no-such-field", "not a field")
    r = await env.get(analyst, "invoices", fields="not json")
    coupa_error(r, 400, "fields")
    r = await env.get(analyst, "invoices", return_object="none")
    coupa_error(r, 400, "return_object")
    async with Unchanged(env.ep):
        for path in ("invoices/99999999", "purchase_orders/99999999", "suppliers/1",
                     "approvals/99999999", "requisitions/99999999"):
            coupa_error(await env.get(analyst, path), 404)
        coupa_error(await env.put(analyst, "invoices/99999999/submit"), 404)
        coupa_error(await env.put(analyst, "approvals/99999999/approve"), 404)
    r = await env.c.get(f"{API}/invoices")
    coupa_error(r, 401, "authentication", "X-COUPA-API-KEY")
