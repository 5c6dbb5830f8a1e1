"""Payroll's payment method and bank accounts, through HTTP. Every refusal changes nothing.
"""

from __future__ import annotations

import uuid as uuidlib

import httpx

from tests.apps.test_payroll import (
    V1,
    active_employee,
    assert_gusto_error,
    delete,
    hr_headers,
    open_session,
)


async def test_payment_method_reads_and_splits(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=17)
    path = f"/employees/{emp['uuid']}/payment_method"
    method = (await s.get(path)).json()
    banks = (await s.get(f"/employees/{emp['uuid']}/bank_accounts")).json()
    assert method["type"] == "Direct Deposit" and method["split_by"] == "Percentage"
    assert [(sp["uuid"], sp["priority"], sp["split_amount"]) for sp in method["splits"]] == [
        (banks[0]["uuid"], 1, 100)]
    assert method["splits"][0]["hidden_account_number"] == banks[0]["hidden_account_number"]

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    r = await s.ep.client.put(V1 + path, json={"version": method["version"], "type": "Check"},
                              headers=hr)
    assert_gusto_error(r, 403, "missing_permissions")
    split = {"uuid": banks[0]["uuid"], "priority": 1}
    for bad in ({"split_by": "Percentage", "splits": [{**split, "split_amount": 90}]},
                {"split_by": "Percentage", "splits": [{**split, "split_amount": None}]},
                {"split_by": "Amount", "splits": [{**split, "split_amount": 5000}]},
                {"split_by": "Percentage",
                 "splits": [{**split, "uuid": str(uuidlib.uuid4()), "split_amount": 100}]},
                {"splits": [{**split, "split_amount": 100}]},
                {"split_by": "Percentage", "splits": [{**split, "priority": 2,
                                                       "split_amount": 100}]}):
        assert_gusto_error(await s.put(path, {"version": method["version"],
                                              "type": "Direct Deposit", **bad}),
                           422, "invalid_attribute_value")
    assert_gusto_error(await s.put(path, {"version": "stale", "type": "Check"}), 409,
                       "invalid_resource_version")
    assert await s.payroll_changes() == before

    r = await s.put(path, {"version": method["version"], "type": "Check"})
    assert r.status_code == 200 and r.json()["type"] == "Check" and r.json()["splits"] is None
    assert (await s.get(f"/employees/{emp['uuid']}")).json()["payment_method"] == "Check"
    r = await s.put(path, {"version": r.json()["version"], "type": "Direct Deposit",
                           "split_by": "Amount", "splits": [{**split, "split_amount": None}]})
    assert r.status_code == 200, r.text
    assert r.json()["split_by"] == "Amount" and r.json()["splits"][0]["split_amount"] is None


async def test_direct_deposit_needs_a_bank_account(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.post(f"/companies/{s.company}/employees",
                     {"first_name": "Noa", "last_name": "Berg"})
    assert r.status_code == 201
    new = r.json()
    path = f"/employees/{new['uuid']}/payment_method"
    method = (await s.get(path)).json()
    assert method["type"] == "Check" and method["splits"] is None
    before = await s.payroll_changes()
    assert_gusto_error(await s.put(path, {"version": method["version"],
                                          "type": "Direct Deposit", "split_by": "Percentage",
                                          "splits": []}), 422, "invalid_operation")
    assert await s.payroll_changes() == before


async def test_bank_account_update_and_delete(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = await active_employee(s, page=27)
    seeded = (await s.get(f"/employees/{emp['uuid']}/bank_accounts")).json()[0]
    path = f"/employees/{emp['uuid']}/bank_accounts"
    body = {"name": "Rainy day", "routing_number": "021000021", "account_number": "55501234",
            "account_type": "Savings"}
    second = (await s.post(path, body)).json()
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    # A new account takes all of net pay; the old one left the split.
    assert [(sp["uuid"], sp["split_amount"]) for sp in method["splits"]] == [
        (second["uuid"], 100)]
    r = await s.put(f"/employees/{emp['uuid']}/payment_method", {
        "version": method["version"], "type": "Direct Deposit", "split_by": "Percentage",
        "splits": [{"uuid": seeded["uuid"], "priority": 1, "split_amount": 60},
                   {"uuid": second["uuid"], "priority": 2, "split_amount": 40}]})
    assert r.status_code == 200, r.text

    hr = await hr_headers(s)
    before = await s.payroll_changes()
    assert_gusto_error(await s.ep.client.put(V1 + f"{path}/{second['uuid']}", json=body,
                                             headers=hr), 403, "missing_permissions")
    assert_gusto_error(await s.put(f"{path}/{second['uuid']}",
                                   {**body, "routing_number": "021000022"}),
                       422, "invalid_attribute_value")
    assert_gusto_error(await s.put(f"{path}/{uuidlib.uuid4()}", body), 404, "not_found")
    assert_gusto_error(await delete(s, f"{path}/{second['uuid']}"), 422, "invalid_operation")
    assert_gusto_error(await delete(s, f"{path}/{second['uuid']}", hr), 403,
                       "missing_permissions")
    assert await s.payroll_changes() == before

    r = await s.put(f"{path}/{second['uuid']}", {**body, "name": "Rainy day fund"})
    assert r.status_code == 200 and r.json()["name"] == "Rainy day fund"
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    assert [sp["split_amount"] for sp in method["splits"]] == [60, 40]
    r = await s.put(f"/employees/{emp['uuid']}/payment_method", {
        "version": method["version"], "type": "Direct Deposit", "split_by": "Percentage",
        "splits": [{"uuid": seeded["uuid"], "priority": 1, "split_amount": 100}]})
    assert r.status_code == 200
    assert (await delete(s, f"{path}/{second['uuid']}")).status_code == 204
    assert [b["uuid"] for b in (await s.get(path)).json()] == [seeded["uuid"]]
    assert (await delete(s, f"{path}/{seeded['uuid']}")).status_code == 204
    method = (await s.get(f"/employees/{emp['uuid']}/payment_method")).json()
    assert method["type"] == "Check"
