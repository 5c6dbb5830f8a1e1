"""The procurement app's approval chains (who approves, in what order, what a rejection
stops) and its role rules, through HTTP in Coupa's shape."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from tests.apps.procurement_env import (
    Env,
    Unchanged,
    coupa_error,
    plain_employee,
    procurement_client,
    raise_requisition,
    role,
)
from tests.factories import Harness, new_episode


@pytest.fixture
async def env(harness_for: Callable[..., Harness]) -> AsyncIterator[Env]:
    async with procurement_client(harness_for) as c:
        yield Env(c, await new_episode(c))


# -- approval chains ------------------------------------------------------------------------


async def test_chain_follows_the_rule_and_a_rejection_stops_it(env: Env) -> None:
    employee = await plain_employee(env)
    me = (await env.get(employee, f"users/{employee}")).json()
    manager = me["manager"]["id"]
    # $500: the requester's manager alone (an M1 limit covers it).
    small = await raise_requisition(env, employee, "500.00")
    assert [a["approver-id"] for a in small["approvals"]] == [manager]
    assert small["current-approval"]["approver-id"] == manager
    # $30,000: managers up to a limit that covers it, then the cost centre's owner.
    big = await raise_requisition(env, employee, "30000.00")
    approvers = [a["approver-id"] for a in big["approvals"]]
    assert approvers[0] == manager and employee not in approvers
    budget = (await env.get(await role(env, "finance"), "budget_lines",
                            **{"segment-1": me["default-account"]["segment-1"]})).json()
    assert budget[0]["owner"]["id"] in approvers
    # The first approver rejects with a reason: the rest is skipped, the requisition is a
    # draft again, and the next approver can no longer approve.
    first, second = big["approvals"][0], big["approvals"][1]
    r = await env.put(first["approver-id"], f"approvals/{first['id']}/reject",
                      reason="Rejected by Integration")
    assert r.status_code == 200 and r.json()["status"] == "rejected", r.text
    assert r.json()["note"] == "Rejected by Integration"
    req = (await env.get(employee, f"requisitions/{big['id']}")).json()
    assert req["status"] == "draft" and req["reject-reason-comment"] == "Rejected by Integration"
    assert [a["status"] for a in req["approvals"]][1:] == ["skipped"] * (len(approvers) - 1)
    async with Unchanged(env.ep):
        r = await env.put(second["approver-id"], f"approvals/{second['id']}/approve")
        coupa_error(r, 400, "approval", "rejected")
        r = await env.put(first["approver-id"], f"approvals/{first['id']}/approve")
        coupa_error(r, 400, "approval", "already rejected")


async def test_an_approver_acts_only_on_what_is_routed_to_them(env: Env) -> None:
    employee = await plain_employee(env)
    big = await raise_requisition(env, employee, "30000.00")
    first, second = big["approvals"][0], big["approvals"][1]
    async with Unchanged(env.ep):
        # The second approver, before their turn, on their own step: not routed yet.
        r = await env.put(second["approver-id"], f"approvals/{second['id']}/approve")
        coupa_error(r, 400, "approval", "not routed yet")
        # The second approver on the first's step; a procurement analyst on anyone's.
        r = await env.put(second["approver-id"], f"approvals/{first['id']}/approve")
        coupa_error(r, 403, "permission", "routed to")
        analyst = await role(env, "procurement")
        if analyst != first["approver-id"]:
            r = await env.put(analyst, f"approvals/{first['id']}/reject")
            coupa_error(r, 403, "permission")
    # An approver lists what is routed to them.
    r = await env.get(first["approver-id"], "approvals", status="pending_approval",
                      **{"approvable-id": big["id"]})
    assert [a["id"] for a in r.json()] == [first["id"]]


async def test_last_approval_orders_the_requisition_and_issues_its_po(env: Env) -> None:
    employee = await plain_employee(env)
    req = await raise_requisition(env, employee, "700.00")
    for a in req["approvals"]:
        r = await env.put(a["approver-id"], f"approvals/{a['id']}/approve")
        assert r.status_code == 200, r.text
    analyst = await role(env, "procurement")
    r = await env.get(analyst, "purchase_orders", **{"requisition-header[id]": req["id"]})
    (po,) = r.json()
    assert po["status"] == "issued" and po["total"] == "700.00"
    assert po["requester"]["id"] == employee
    line = po["order-lines"][0]
    r = await env.get(employee, f"requisitions/{req['id']}")
    assert r.json()["status"] == "ordered"
    assert r.json()["requisition-lines"][0]["order-line-id"] == line["id"]


async def test_special_actions_spelling_and_mine(env: Env) -> None:
    """Coupa's Special Actions page creates and submits in one call at
    /api/requisitions/new/submit_for_approval; /requisitions/mine lists the caller's."""
    employee = await plain_employee(env)
    r = await env.get(employee, "suppliers", status="active", limit=1)
    body = {"requisition-lines": [{"description": "Cable kit", "quantity": 3,
                                   "unit-price": "12.50",
                                   "supplier": {"name": r.json()[0]["name"]}}]}
    r = await env.post(employee, "requisitions/new/submit_for_approval", body)
    assert r.status_code == 201, r.text
    assert r.json()["status"] in ("pending_approval", "ordered")
    assert r.json()["total"] == "37.50"
    mine = (await env.get(employee, "requisitions/mine", status="pending_approval")).json()
    assert r.json()["id"] in [x["id"] for x in mine]
    assert all(x["requested-by"]["id"] == employee or
               any(a["approver-id"] == employee for a in x["approvals"]) for x in mine)


# -- role rules -----------------------------------------------------------------------------


async def test_role_rules(env: Env) -> None:
    analyst = await role(env, "procurement")
    finance = await role(env, "finance", without=("procurement",))
    employee = await plain_employee(env)
    assert (await env.get(analyst, "invoices")).status_code == 200
    assert (await env.get(finance, "invoices")).status_code == 200
    assert (await env.get(finance, "budget_lines")).status_code == 200
    async with Unchanged(env.ep):
        coupa_error(await env.get(employee, "invoices"), 403, "permission")
        coupa_error(await env.get(employee, "budget_lines"), 403, "permission")
        coupa_error(await env.get(employee, "purchase_orders"), 403, "permission")
    # An employee raises a requisition (201) but cannot approve it: nothing is routed to
    # them, so the approval is refused and changes nothing.
    req = await raise_requisition(env, employee, "250.00")
    step = req["approvals"][0]
    async with Unchanged(env.ep):
        coupa_error(await env.put(employee, f"approvals/{step['id']}/approve"), 403)
    # An employee sees their own requisitions only.
    mine = (await env.get(employee, "requisitions")).json()
    assert mine and all(employee in (r["requested-by"]["id"], r["created-by"]["id"])
                        for r in mine)


async def test_an_employee_cannot_raise_on_someone_elses_behalf(env: Env) -> None:
    """Naming the CEO (no manager, so no chain) as requester would order without any
    approval: refused for an employee, changing nothing."""
    employee = await plain_employee(env)
    users = (await env.get(employee, "users", **{"manager[blank]": "true"})).json()
    ceo = users[0]["id"]
    supplier = (await env.get(employee, "suppliers", status="active", limit=1)).json()[0]
    body = {"requested-by": {"id": ceo}, "requisition-lines": [{
        "description": "Laptop", "quantity": "1", "unit-price": "2500",
        "supplier": {"id": supplier["id"]}}]}
    async with Unchanged(env.ep):
        r = await env.post(employee, "requisitions/submit_for_approval", body)
        coupa_error(r, 403, "permission", "for yourself only")
