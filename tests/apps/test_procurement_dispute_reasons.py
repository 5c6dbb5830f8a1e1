"""A Coupa invoice dispute's reason is a reference: named by id, name or code (a Dispute
Reason lookup value's name or external-ref-code), in `dispute-reason` or Coupa's list form
`dispute-reasons`. A known one is stored under its name; an unknown one is refused in
Coupa's error body with nothing changed; the invoice answers `dispute-reasons`."""

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
    procurement_client,
    role,
)
from tests.factories import Harness, new_episode


@pytest.fixture
async def env(harness_for: Callable[..., Harness]) -> AsyncIterator[Env]:
    async with procurement_client(harness_for) as c:
        yield Env(c, await new_episode(c))


async def _submitted_invoice(env: Env, analyst: int, number: str) -> dict[str, Any]:
    po, line = await open_po_line(env, analyst)
    r = await env.post(analyst, "invoices", await invoice_body(po, line, "10.00", number))
    assert r.status_code == 201, r.text
    r = await env.put(analyst, f"invoices/{r.json()['id']}/submit")
    assert r.status_code == 200, r.text
    return dict(r.json())


async def _reasons(env: Env, who: int) -> list[dict[str, Any]]:
    r = await env.get(who, "lookup_values", **{"lookup[name]": "Dispute Reason"})
    assert r.status_code == 200 and r.json(), r.text
    return list(r.json())


@pytest.mark.parametrize("spelling", ["id", "external-ref-code", "list-form"])
async def test_a_dispute_reason_named_by_id_or_code_is_stored(env: Env, spelling: str
                                                              ) -> None:
    analyst = await role(env, "procurement")
    inv = await _submitted_invoice(env, analyst, f"INV-DR-{spelling}")
    reason = (await _reasons(env, analyst))[1]
    body = {"id": {"dispute-reason": {"id": reason["id"]}},
            "external-ref-code": {"dispute-reason": {"code": reason["external-ref-code"]}},
            "list-form": {"dispute-reasons": [{"code": reason["name"]}]}}[spelling]
    r = await env.put(analyst, f"invoices/{inv['id']}/dispute", {**body, "comment": "Check"})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "disputed"
    assert r.json()["dispute-reasons"] == [{"code": reason["name"]}]
    assert "dispute-reason" not in r.json()
    stored = (await env.get(analyst, f"invoices/{inv['id']}")).json()
    assert stored["dispute-reasons"] == [{"code": reason["name"]}]


async def test_an_unknown_dispute_reason_is_refused_changing_nothing(env: Env) -> None:
    analyst = await role(env, "procurement")
    inv = await _submitted_invoice(env, analyst, "INV-DR-BAD")
    reasons = await _reasons(env, analyst)
    commodity = (await env.get(analyst, "lookup_values",
                               **{"lookup[name]": "Commodity"})).json()[0]
    bad: list[tuple[dict[str, Any], str]] = [
        ({"dispute-reason": {"id": 987654}}, "dispute-reason"),
        # a lookup value of another lookup is not a dispute reason
        ({"dispute-reason": {"id": commodity["id"]}}, "dispute-reason"),
        ({"dispute-reason": {"code": "NO-SUCH-REASON"}}, "dispute-reason"),
        ({"dispute-reason": {"name": reasons[0]["external-ref-code"]}}, "dispute-reason"),
        # an id and a code that name two different reasons
        ({"dispute-reason": {"id": reasons[0]["id"], "code": reasons[1]["name"]}},
         "dispute-reason"),
        ({"dispute-reason": {}}, "dispute-reason"),
        ({"dispute-reasons": [{"code": "NO-SUCH-REASON"}]}, "dispute-reasons"),
        ({"dispute-reasons": [{"code": reasons[0]["name"]}, {"code": reasons[1]["name"]}]},
         "dispute-reasons"),
        ({"dispute-reason": {"code": reasons[0]["name"]},
          "dispute-reasons": [{"code": reasons[0]["name"]}]}, "dispute-reasons"),
    ]
    async with Unchanged(env.ep):
        for body, key in bad:
            r = await env.put(analyst, f"invoices/{inv['id']}/dispute", body)
            coupa_error(r, 400, key)
    assert (await env.get(analyst, f"invoices/{inv['id']}")).json()["status"] \
        == "pending_approval"


# -- the same reference elsewhere: a commodity (requisition lines, suppliers) ----------------


async def test_a_commodity_is_a_looked_up_reference(env: Env) -> None:
    analyst = await role(env, "procurement")
    commodity = (await env.get(analyst, "lookup_values",
                               **{"lookup[name]": "Commodity"})).json()[0]
    supplier = (await env.get(analyst, "suppliers", status="active", limit=1)).json()[0]

    def requisition(ref: dict[str, Any]) -> dict[str, Any]:
        return {"justification": "Rig", "requisition-lines": [{
            "description": "Rig parts", "quantity": "1", "unit-price": "5.00",
            "supplier": {"id": supplier["id"]}, "commodity": ref}]}

    async with Unchanged(env.ep):
        for ref in ({"id": 987654}, {"name": "No such category"}, {}):
            r = await env.post(analyst, "requisitions", requisition(ref))
            coupa_error(r, 400, "requisition-lines[0].commodity")
            r = await env.put(analyst, f"suppliers/{supplier['id']}", {"commodity": ref})
            coupa_error(r, 400, "commodity")
    r = await env.post(analyst, "requisitions", requisition({"id": commodity["id"]}))
    assert r.status_code == 201, r.text
    assert r.json()["requisition-lines"][0]["commodity"] == {"name": commodity["name"]}
    r = await env.put(analyst, f"suppliers/{supplier['id']}",
                      {"commodity": {"code": commodity["external-ref-code"]}})
    assert r.status_code == 200, r.text
    assert r.json()["commodity"] == {"name": commodity["name"]}


# -- the same reference elsewhere: add_approver's `approver` by login -----------------------


async def test_add_approver_takes_the_approver_by_login_as_documented(env: Env) -> None:
    analyst = await role(env, "procurement")
    inv = await _submitted_invoice(env, analyst, "INV-DR-APPR")
    assert inv["status"] == "pending_approval", inv["status"]
    chain = {a["approver-id"] for a in inv["approvals"]}
    users = (await env.get(analyst, "users", active="true", limit=50)).json()
    extra = next(u for u in users if u["id"] not in chain and u["id"] != analyst)
    async with Unchanged(env.ep):
        r = await env.put(analyst, f"invoices/{inv['id']}/add_approver",
                          {"approver": {"login": "nobody@nowhere.example"}})
        coupa_error(r, 404, "approver")
    r = await env.put(analyst, f"invoices/{inv['id']}/add_approver",
                      {"approver": {"login": extra["login"]}})
    assert r.status_code == 200, r.text
    assert extra["id"] in {a["approver-id"] for a in r.json()["approvals"]}


# -- the same reference elsewhere: a lookup value's lookup ---------------------------------


async def test_a_lookup_value_joins_an_existing_lookup(env: Env) -> None:
    analyst = await role(env, "procurement")
    reason = (await _reasons(env, analyst))[0]
    async with Unchanged(env.ep):
        for lookup in ({"name": "No Such Lookup"}, {"id": 987}, {"id": reason["lookup"]["id"],
                                                               "name": "Commodity"}):
            r = await env.post(analyst, "lookup_values", {"name": "Late delivery",
                                                          "lookup": lookup})
            coupa_error(r, 400, "lookup")
    r = await env.post(analyst, "lookup_values", {"name": "Late delivery", "external-ref-code":
                                                  "LATE", "lookup": reason["lookup"]})
    assert r.status_code == 201, r.text
    assert r.json()["lookup"] == reason["lookup"]
    # the new value is a dispute reason at once
    inv = await _submitted_invoice(env, analyst, "INV-DR-LATE")
    r = await env.put(analyst, f"invoices/{inv['id']}/dispute",
                      {"dispute-reason": {"code": "LATE"}})
    assert r.status_code == 200 and r.json()["dispute-reasons"] == [{"code": "Late delivery"}]


# -- an association named by id and by key must name one record ------------------------------


async def test_an_id_and_a_name_of_two_records_are_refused(env: Env) -> None:
    analyst = await role(env, "procurement")
    one, other = (await env.get(analyst, "suppliers", status="active", limit=2)).json()

    def requisition(ref: dict[str, Any]) -> dict[str, Any]:
        return {"justification": "Rig", "requisition-lines": [{
            "description": "Rig parts", "quantity": "1", "unit-price": "5.00",
            "supplier": ref}]}

    async with Unchanged(env.ep):
        r = await env.post(analyst, "requisitions",
                           requisition({"id": one["id"], "name": other["name"]}))
        coupa_error(r, 400, "requisition-lines[0].supplier", other["name"])
    r = await env.post(analyst, "requisitions",
                       requisition({"id": one["id"], "name": one["name"]}))
    assert r.status_code == 201, r.text
    assert r.json()["requisition-lines"][0]["supplier"]["id"] == one["id"]


async def test_fields_leaves_out_a_name_the_record_does_not_have(env: Env) -> None:
    """`fields=["dispute-reason"]` answered `dispute-reason: null`, a field Coupa does not
    have (its field is `dispute-reasons`)."""
    analyst = await role(env, "procurement")
    inv = await _submitted_invoice(env, analyst, "INV-DR-FIELDS")
    r = await env.get(analyst, f"invoices/{inv['id']}",
                      fields='["id","dispute-reason","dispute-reasons",{"no-such":["id"]}]')
    assert r.status_code == 200, r.text
    assert r.json() == {"id": inv["id"], "dispute-reasons": []}
