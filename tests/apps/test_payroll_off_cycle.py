"""Off-cycle payrolls through HTTP, Gusto's way: a bonus payroll end to end, delete and refusals,
gross up and the receipt of a processed payroll."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import httpx

from arcadia.apps.payroll import payrun
from tests.apps.test_payroll import V1, assert_gusto_error, open_session, world_of
from tests.apps.test_payroll_run import PERIOD, assert_adds_up, dec, entries, pay, upcoming
from tests.factories import Harness


async def test_off_cycle_bonus_payroll_end_to_end(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    view = world.view_for("payroll")
    salaried = next(p for p in view.people if p.status == "active" and p.pay_type == "salary")
    hourly = next(p for p in view.people if p.status == "active" and p.pay_type == "hourly")
    s = await open_session(client)
    uuids = [(await s.employee_by_email(p.email))["uuid"] for p in (salaried, hourly)]
    r = await s.post(f"/companies/{s.company}/payrolls", {
        "off_cycle": True, "off_cycle_reason": "Bonus", "start_date": PERIOD[0],
        "end_date": PERIOD[1], "employee_uuids": uuids})
    assert r.status_code == 200, r.text
    created = r.json()
    assert created["off_cycle"] is True and created["off_cycle_reason"] == "Bonus"
    assert created["skip_regular_deductions"] is True and created["fixed_withholding_rate"]
    assert created["check_date"] == "2026-03-04"  # the earliest payday from Monday
    assert created["withholding_pay_period"] == "Twice per month"
    assert [e["employee_uuid"] for e in created["employee_compensations"]] == sorted(
        uuids, key=lambda u: next(e for e in created["employee_compensations"]
                                  if e["employee_uuid"] == u)["last_name"])
    path = f"/companies/{s.company}/payrolls/{created['uuid']}"
    r = await s.put(path, {"employee_compensations": [
        {"employee_uuid": e["employee_uuid"], "version": e["version"],
         "fixed_compensations": [{"name": "Bonus", "amount": "1000.00"}]}
        for e in created["employee_compensations"]]})
    assert r.status_code == 200, r.text
    assert (await pay(s, created["uuid"], "calculate")).status_code == 202
    body, rows = await entries(s, created["uuid"],
                               include="taxes,benefits,deductions,payroll_taxes")
    assert len(rows) == 2 and body["totals"]["employee_bonuses"] == "2000.00"
    assert_adds_up(body, rows)
    for e, p in zip(sorted(rows, key=lambda e: uuids.index(e["employee_uuid"])),
                    (salaried, hourly), strict=True):
        state = world.location(p.location_id).state
        rate = payrun.FICA + payrun.SUPPLEMENTAL_FEDERAL_WITHHOLDING + payrun.state_rate(state)
        assert dec(e["gross_pay"]) == Decimal("1000.00") and e["deductions"] == []
        assert dec(e["net_pay"]) == Decimal("1000.00") - payrun.money(1000 * rate)
        assert all(h["amount"] == "0.00" for h in e["hourly_compensations"])
    assert (await pay(s, created["uuid"], "submit")).status_code == 202
    stubs = (await s.get(f"/employees/{uuids[1]}/pay_stubs")).json()
    assert stubs[0]["payroll_uuid"] == created["uuid"] and stubs[0]["gross_pay"] == "1000.00"
    listed = (await s.get(f"/companies/{s.company}/payrolls", payroll_types="off_cycle",
                          end_date="2026-03-31")).json()
    assert [p["uuid"] for p in listed] == [created["uuid"]]
    assert (await s.get(f"/companies/{s.company}/payrolls", end_date="2026-03-31")).json()[
        -1]["uuid"] != created["uuid"]  # regular only by default


async def test_off_cycle_delete_and_refusals(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    base = {"off_cycle": True, "off_cycle_reason": "Correction", "start_date": PERIOD[0],
            "end_date": PERIOD[1]}
    for bad, field in (({"off_cycle": False}, "off_cycle"),
                       ({"start_date": "2026-03-20"}, "start_date"),
                       ({"check_date": "2026-03-02"}, "check_date"),
                       ({"check_date": "2026-03-07"}, "check_date"),  # a Saturday
                       ({"employee_uuids": []}, "employee_uuids"),
                       ({"employee_uuids": ["nobody"]}, "employee_uuids"),
                       ({"off_cycle_reason": "Transition from old pay schedule"},
                        "off_cycle_reason"),
                       ({"end_date": "2028-03-15"}, "end_date")):
        r = await s.post(f"/companies/{s.company}/payrolls", {**base, **bad})
        assert assert_gusto_error(r, 422, "invalid_attribute_value")["error_key"] == field, bad
    assert await s.payroll_changes() == []
    r = await s.post(f"/companies/{s.company}/payrolls", base)
    assert r.status_code == 200, r.text
    created = r.json()
    assert created["skip_regular_deductions"] is False
    assert created["fixed_withholding_rate"] is False
    regular = await upcoming(s)
    assert_gusto_error(await s.ep.client.delete(
        f"{V1}/companies/{s.company}/payrolls/{regular['uuid']}", headers=s.h),
        422, "invalid_operation")
    r = await s.ep.client.delete(f"{V1}/companies/{s.company}/payrolls/{created['uuid']}",
                                 headers=s.h)
    assert r.status_code == 204
    r = await s.get(f"/companies/{s.company}/payrolls/{created['uuid']}")
    assert_gusto_error(r, 404, "not_found")


async def test_gross_up_bonus_and_receipt(client: httpx.AsyncClient,
                                          harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    person = next(p for p in world.view_for("payroll").people
                  if p.status == "active" and p.pay_type == "hourly")
    s = await open_session(client)
    emp = (await s.employee_by_email(person.email))["uuid"]
    r = await s.post(f"/companies/{s.company}/payrolls", {
        "off_cycle": True, "off_cycle_reason": "Bonus", "start_date": PERIOD[0],
        "end_date": PERIOD[1], "employee_uuids": [emp], "check_date": "2026-03-06"})
    assert r.status_code == 200, r.text
    created = r.json()
    assert_gusto_error(await s.ep.client.get(f"{V1}/payrolls/{created['uuid']}/receipt",
                                             headers=s.h), 422, "invalid_operation")
    before = await s.payroll_changes()
    for bad in ({"employee_uuid": "nobody", "net_pay": "750.00"},
                {"employee_uuid": emp, "net_pay": "NaN"},
                {"employee_uuid": emp, "net_pay": "-5"}):
        r = await s.post(f"/payrolls/{created['uuid']}/gross_up", bad)
        assert_gusto_error(r, 422, "invalid_attribute_value")
    r = await s.post(f"/payrolls/{created['uuid']}/gross_up",
                     {"employee_uuid": emp, "net_pay": "750.00"})
    assert r.status_code == 200, r.text
    gross = r.json()["gross_up"]
    assert await s.payroll_changes() == before  # gross up only calculates
    entry = created["employee_compensations"][0]
    r = await s.put(f"/companies/{s.company}/payrolls/{created['uuid']}", {
        "employee_compensations": [{"employee_uuid": emp, "version": entry["version"],
                                    "fixed_compensations": [{"name": "Bonus",
                                                             "amount": gross}]}]})
    assert r.status_code == 200, r.text
    assert (await pay(s, created["uuid"], "calculate")).status_code == 202
    body, rows = await entries(s, created["uuid"], include="taxes,benefits,payroll_taxes")
    assert_adds_up(body, rows)
    net = dec(rows[0]["net_pay"])
    assert Decimal("750.00") <= net < Decimal("750.02")  # the smallest gross that nets it
    assert (await pay(s, created["uuid"], "submit")).status_code == 202

    r = await s.ep.client.get(f"{V1}/payrolls/{created['uuid']}/receipt", headers=s.h)
    assert r.status_code == 200, r.text
    rec = r.json()
    assert rec["totals"]["net_pay_debit"] == body["totals"]["net_pay"]
    assert rec["totals"]["tax_debit"] == body["totals"]["tax_debit"]
    assert sum((dec(t["amount"]) for t in rec["taxes"]), Decimal(0)) == dec(
        rec["totals"]["tax_debit"])
    (paid,) = rec["employee_compensations"]
    assert paid["employee_uuid"] == emp and dec(paid["net_pay"]) == net
    assert rec["debit_date"] == "2026-03-02"
    assert_gusto_error(await s.ep.client.get(f"{V1}/payrolls/nope/receipt", headers=s.h),
                       404, "not_found")
    nobody = await s.ep.auth(await s.ep.principal_with("employee", without=("payroll", "hr")))
    hr = await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))
    assert (await s.ep.client.get(f"{V1}/payrolls/{created['uuid']}/receipt",
                                  headers=hr)).status_code == 200
    assert_gusto_error(await s.ep.client.get(f"{V1}/payrolls/{created['uuid']}/receipt",
                                             headers=nobody), 403, "missing_permissions")
    for headers in (hr, nobody):
        r = await s.ep.client.post(f"{V1}/payrolls/{created['uuid']}/gross_up", headers=headers,
                                   json={"employee_uuid": emp, "net_pay": "1.00"})
        assert_gusto_error(r, 403, "missing_permissions")
