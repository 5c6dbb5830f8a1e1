"""Coupa's references on procurement writes: a line's unit of measure names a unit (by id,
code or name) of the instance's fixed list, an unknown one is refused in Coupa's error
body with nothing changed; a purchase order change order validates and applies its
requester; a supplier read back can be written back (its commodity is the lookup's name)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from tests.apps.procurement_env import (
    Env,
    Unchanged,
    coupa_error,
    open_po_line,
    procurement_client,
    role,
)
from tests.factories import Harness, new_episode


@pytest.fixture
async def env(harness_for: Callable[..., Harness]) -> AsyncIterator[Env]:
    async with procurement_client(harness_for) as c:
        yield Env(c, await new_episode(c))


async def _supplier(env: Env, who: int) -> int:
    r = await env.get(who, "suppliers", status="active", limit=1)
    return int(r.json()[0]["id"])


@pytest.mark.parametrize("uom", [{"code": "BAG"}, {"id": 987654321}, {"name": "Furlong"},
                                 {"id": 1, "code": "HR"}])
async def test_an_unknown_unit_of_measure_is_refused(env: Env, uom: dict[str, object]) -> None:
    who = await role(env, "procurement")
    body = {"justification": "Rig", "requisition-lines": [{
        "description": "Rig parts", "quantity": "1", "unit-price": "10",
        "supplier": {"id": await _supplier(env, who)}, "uom": uom}]}
    async with Unchanged(env.ep):
        r = await env.post(who, "requisitions", body)
        coupa_error(r, 400, "requisition-lines[0].uom", "No unit of measure has")
    po, line = await open_po_line(env, who)
    async with Unchanged(env.ep):
        r = await env.put(who, f"purchase_orders/{po['id']}",
                          {"order-lines": [{"id": line["id"], "uom": uom}]})
        coupa_error(r, 400, "order-lines[0].uom", "No unit of measure has")


@pytest.mark.parametrize("uom", [{"code": "HR"}, {"id": 2}, {"name": "Hour"},
                                 {"id": 2, "code": "HR"}])
async def test_a_unit_named_by_id_code_or_name_is_stored_by_code(env: Env,
                                                               uom: dict[str, object]) -> None:
    who = await role(env, "procurement")
    body = {"justification": "Rig", "requisition-lines": [{
        "description": "Consulting", "quantity": "2", "unit-price": "10",
        "supplier": {"id": await _supplier(env, who)}, "uom": uom}]}
    r = await env.post(who, "requisitions", body)
    assert r.status_code == 201, r.text
    assert r.json()["requisition-lines"][0]["uom"] == {"code": "HR"}


async def test_a_country_or_period_that_names_nothing_is_refused(env: Env) -> None:
    who = await role(env, "procurement")
    supplier = await _supplier(env, who)
    address = {"name": "Dock", "street1": "1 Main St", "city": "Austin", "state": "TX",
               "postal-code": "78701"}
    for country in ({"id": 987654321}, {"code": "US", "id": 3}, {"name": "Canada"}):
        async with Unchanged(env.ep):
            r = await env.post(who, f"suppliers/{supplier}/addresses",
                               {**address, "country": country})
            coupa_error(r, 400, "country", "Only US addresses")
    r = await env.post(who, f"suppliers/{supplier}/addresses",
                       {**address, "country": {"code": "US", "name": "United States"}})
    assert r.status_code == 201, r.text
    finance = await role(env, "finance")
    line = (await env.get(finance, "budget_lines", limit=1)).json()[0]
    async with Unchanged(env.ep):
        r = await env.put(finance, f"budget_lines/{line['id']}",
                          {"period": {"id": 987654321, "name": line["period"]["name"]}})
        coupa_error(r, 400, "period", "no id")


async def test_a_change_order_validates_and_applies_its_requester(env: Env) -> None:
    who = await role(env, "procurement")
    po, _ = await open_po_line(env, who)
    async with Unchanged(env.ep):
        r = await env.put(who, f"purchase_orders/{po['id']}", {"requester": {"id": 987654321}})
        coupa_error(r, 404, "requester", "No user has id 987654321")
    users = (await env.get(who, "users", limit=5)).json()
    other = next(u for u in users if u["id"] != po["requester"]["id"])
    r = await env.put(who, f"purchase_orders/{po['id']}", {"requester": {"id": other["id"]}})
    assert r.status_code == 200, r.text
    assert (await env.get(who, f"purchase_orders/{po['id']}")).json()["requester"]["id"] == \
        other["id"]


async def test_a_supplier_read_back_can_be_written_back(env: Env) -> None:
    """The seeded commodity is the Commodity lookup value's name, as a write stores it."""
    who = await role(env, "procurement")
    supplier = (await env.get(who, "suppliers", status="active", limit=1)).json()[0]
    names = {v["name"] for v in (await env.get(who, "lookup_values",
                                               **{"lookup[name]": "Commodity"})).json()}
    assert supplier["commodity"]["name"] in names
    r = await env.put(who, f"suppliers/{supplier['id']}", {"commodity": supplier["commodity"]})
    assert r.status_code == 200, r.text


async def test_an_approval_limit_is_named_by_amount_by_id_or_as_read_back(env: Env) -> None:
    admin = await role(env, "procurement")
    users = (await env.get(admin, "users", limit=50)).json()
    holder = next(u for u in users if u["requisition-approval-limit"] is not None
                  and u["requisition-approval-limit"]["amount"] not in ("0.00", "0"))
    other = next(u for u in users if u["id"] != holder["id"])
    limit = holder["requisition-approval-limit"]
    for given in ({"id": limit["id"]}, {"id": limit["id"], "name": limit["name"]},
                  {"name": limit["name"]}, {"code": limit["amount"]}):
        r = await env.put(admin, f"users/{other['id']}", {"requisition-approval-limit": given})
        assert r.status_code == 200, (given, r.text)
        assert r.json()["requisition-approval-limit"]["amount"] == limit["amount"], given
    async with Unchanged(env.ep):
        r = await env.put(admin, f"users/{other['id']}",
                          {"requisition-approval-limit": {"id": 987654321}})
        coupa_error(r, 404, "requisition-approval-limit", "no limit has id 987654321")
        r = await env.put(admin, f"users/{other['id']}", {"requisition-approval-limit": {
            "id": limit["id"], "code": "1.00"}})
        coupa_error(r, 400, "requisition-approval-limit", "name one limit")


async def test_the_fields_a_record_carries_can_be_queried(env: Env) -> None:
    """`max-value` (contracts) and `current-approval` (invoices) are in the records the
    lists answer, so they filter them, as every documented field does."""
    who = await role(env, "procurement")
    contracts = (await env.get(who, "contracts")).json()
    values = sorted(float(c["max-value"]) for c in contracts if c["max-value"] is not None)
    assert values
    cut_at = values[len(values) // 2]
    r = await env.get(who, "contracts", **{"max-value[gt]": str(cut_at)})
    assert r.status_code == 200, r.text
    assert r.json() and all(float(c["max-value"]) > cut_at for c in r.json())
    r = await env.get(who, "invoices", **{"current-approval[id]": "987654321"})
    assert r.status_code == 200 and r.json() == [], r.text
    r = await env.get(who, "invoices", **{"current-approval[blank]": "false"})
    assert r.status_code == 200, r.text
    assert all(i["current-approval"] is not None for i in r.json())


async def test_a_new_orders_line_naming_a_line_id_is_refused(env: Env) -> None:
    who = await role(env, "procurement")
    body = {"supplier": {"id": await _supplier(env, who)}, "order-lines": [{
        "id": 987654321, "description": "Parts", "quantity": "1", "price": "5"}]}
    async with Unchanged(env.ep):
        r = await env.post(who, "purchase_orders", body)
        coupa_error(r, 400, "order-lines[0]", "no id yet")
    del body["order-lines"][0]["id"]
    assert (await env.post(who, "purchase_orders", body)).status_code == 201
