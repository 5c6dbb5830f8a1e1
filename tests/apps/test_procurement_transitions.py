"""The procurement app's illegal transitions and bad input (receipts and invoices over
what a PO allows, closed POs, bad amounts, invoice and change-order states): refused in
Coupa's error body, changing nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from tests.apps.procurement_env import (
    Env,
    Unchanged,
    coupa_error,
    invoice_body,
    open_po_line,
    plain_employee,
    procurement_client,
    role,
)
from tests.factories import Harness, new_episode


@pytest.fixture
async def env(harness_for: Callable[..., Harness]) -> AsyncIterator[Env]:
    async with procurement_client(harness_for) as c:
        yield Env(c, await new_episode(c))


# -- illegal transitions and bad input change nothing ------------------------------------------


async def test_receipt_above_the_ordered_quantity_is_refused(env: Env) -> None:
    analyst = await role(env, "procurement")
    _, line = await open_po_line(env, analyst)
    too_many = str(int(float(line["quantity"])) + 1)
    async with Unchanged(env.ep):
        r = await env.post(analyst, "receiving_transactions", {
            "quantity": too_many, "order-line": {"id": line["id"]}})
        coupa_error(r, 400, "quantity", "above the")
    r = await env.post(analyst, "receiving_transactions", {
        "quantity": line["quantity"], "order-line": {"id": line["id"]}})
    assert r.status_code == 201, r.text
    async with Unchanged(env.ep):
        r = await env.post(analyst, "receiving_transactions", {
            "quantity": "1", "order-line": {"id": line["id"]}})
        coupa_error(r, 400, "quantity", "at most 0")


async def test_invoice_over_the_po_remaining_is_refused(env: Env) -> None:
    analyst = await role(env, "procurement")
    po, line = await open_po_line(env, analyst)
    over = f"{float(line['total']) + 0.01:.2f}"
    async with Unchanged(env.ep):
        r = await env.post(analyst, "invoices", await invoice_body(po, line, over))
        coupa_error(r, 400, "invoice-lines[0]", "over what remains to invoice")
    # Exactly the remaining amount is fine; a second invoice for a cent is then over.
    r = await env.post(analyst, "invoices", await invoice_body(po, line, line["total"]))
    assert r.status_code == 201, r.text
    inv = r.json()
    assert inv["status"] == "draft"
    r = await env.put(analyst, f"invoices/{inv['id']}/submit")
    assert r.status_code == 200 and r.json()["status"] in ("pending_approval", "approved")
    r = await env.get(analyst, f"purchase_orders/{po['id']}")
    got = next(x for x in r.json()["order-lines"] if x["id"] == line["id"])
    assert got["invoiced"] == line["total"]
    async with Unchanged(env.ep):
        r = await env.post(analyst, "invoices", await invoice_body(po, line, "0.01", "INV-T-2"))
        coupa_error(r, 400, "invoice-lines[0]", "over what remains")


async def test_invoice_against_a_closed_po_is_refused(env: Env) -> None:
    analyst = await role(env, "procurement")
    po, line = await open_po_line(env, analyst)
    draft = await env.post(analyst, "invoices", await invoice_body(po, line, "1.00", "INV-D"))
    assert draft.status_code == 201, draft.text
    r = await env.put(analyst, f"purchase_orders/{po['id']}/close")
    assert r.status_code == 200 and r.json()["status"] == "closed"
    async with Unchanged(env.ep):
        r = await env.post(analyst, "invoices", await invoice_body(po, line, "1.00"))
        coupa_error(r, 400, "invoice-lines[0]", "is closed")
        r = await env.put(analyst, f"invoices/{draft.json()['id']}/submit")
        coupa_error(r, 400, "invoice-lines[0]", "is closed")
        r = await env.post(analyst, "receiving_transactions", {
            "quantity": "1", "order-line": {"id": line["id"]}})
        coupa_error(r, 400, "order-line", "closed")
        r = await env.put(analyst, f"purchase_orders/{po['id']}/close")
        coupa_error(r, 400, "purchase_order", "closed")


@pytest.mark.parametrize("value", ["-5", "0", "NaN", "Infinity", "1e309", True, "9" * 40])
async def test_bad_amounts_change_nothing(env: Env, value: Any) -> None:
    analyst = await role(env, "procurement")
    employee = await plain_employee(env)
    po, line = await open_po_line(env, analyst)
    async with Unchanged(env.ep):
        r = await env.post(analyst, "receiving_transactions", {
            "quantity": value, "order-line": {"id": line["id"]}})
        coupa_error(r, 400)
        body = await invoice_body(po, line, "1.00")
        body["invoice-lines"][0]["quantity"] = value
        coupa_error(await env.post(analyst, "invoices", body), 400)
        r = await env.post(employee, "requisitions", {"requisition-lines": [{
            "description": "x", "quantity": value, "unit-price": "1"}]})
        coupa_error(r, 400)


async def test_invoice_transitions(env: Env) -> None:
    analyst = await role(env, "procurement")
    po, line = await open_po_line(env, analyst)
    r = await env.post(analyst, "invoices", await invoice_body(po, line, "10.00"))
    inv = r.json()
    async with Unchanged(env.ep):
        coupa_error(await env.put(analyst, f"invoices/{inv['id']}/dispute", {}), 400,
                    "invoice", "draft")
        coupa_error(await env.put(analyst, f"invoices/{inv['id']}/withdraw_dispute"), 400)
        r = await env.post(analyst, "invoices", await invoice_body(po, line, "1.00"))
        coupa_error(r, 400, "invoice-number", "already used")
    r = await env.put(analyst, f"invoices/{inv['id']}/submit")
    assert r.status_code == 200, r.text
    reasons = (await env.get(analyst, "lookup_values",
                             **{"lookup[name]": "Dispute Reason"})).json()
    r = await env.put(analyst, f"invoices/{inv['id']}/dispute", {
        "dispute-reason": {"code": reasons[0]["name"]}, "comment": "Wrong quantity"})
    assert r.status_code == 200 and r.json()["status"] == "disputed", r.text
    assert r.json()["dispute-reasons"] == [{"code": reasons[0]["name"]}]
    r = await env.get(analyst, f"purchase_orders/{po['id']}")
    assert next(x for x in r.json()["order-lines"] if x["id"] == line["id"])["invoiced"] \
        == "0.00"
    r = await env.put(analyst, f"invoices/{inv['id']}/abandon", {"reason": "Duplicate"})
    assert r.status_code == 200 and r.json()["status"] == "abandoned"
    async with Unchanged(env.ep):
        coupa_error(await env.put(analyst, f"invoices/{inv['id']}/void"), 400, "invoice",
                    "abandoned")
        coupa_error(await env.put(analyst, f"invoices/{inv['id']}", {"comments": "x"}), 400)


async def test_change_order_on_an_issued_po(env: Env) -> None:
    """An update of an issued PO is a change order: its version goes up and it must be
    exported again; a line never drops below what was received."""
    analyst = await role(env, "procurement")
    po, line = await open_po_line(env, analyst)
    r = await env.put(analyst, f"purchase_orders/{po['id']}", exported="true")
    assert r.json()["exported"] is True
    qty = int(float(line["quantity"]))
    r = await env.post(analyst, "receiving_transactions", {
        "quantity": "1", "order-line": {"id": line["id"]}})
    assert r.status_code == 201, r.text
    r = await env.put(analyst, f"purchase_orders/{po['id']}", {
        "order-lines": [{"id": line["id"], "quantity": str(qty + 2)}]})
    assert r.status_code == 200, r.text
    changed = r.json()
    assert changed["version"] == po["version"] + 1 and changed["exported"] is False
    got = next(x for x in changed["order-lines"] if x["id"] == line["id"])
    assert got["quantity"] == str(qty + 2) and got["received"] == "1"
    async with Unchanged(env.ep):
        r = await env.put(analyst, f"purchase_orders/{po['id']}", {
            "order-lines": [{"id": line["id"], "quantity": "0.5"}]})
        coupa_error(r, 400, "order-lines[0]", "below the 1 already received")
        coupa_error(await env.put(analyst, f"purchase_orders/{po['id']}/cancel"), 400,
                    "purchase_order", "close it instead")
    r = await env.put(analyst, f"purchase_orders/{po['id']}/close")
    assert r.json()["status"] == "closed"
    async with Unchanged(env.ep):
        r = await env.put(analyst, f"purchase_orders/{po['id']}", {
            "order-lines": [{"id": line["id"], "quantity": "9"}]})
        coupa_error(r, 400, "purchase_order", "closed")
    r = await env.put(analyst, f"purchase_orders/{po['id']}/reopen")
    assert r.json()["status"] == "issued"
