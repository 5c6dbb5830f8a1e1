"""Running payroll through HTTP, Gusto's way: the upcoming payroll, update, calculate,
submit, cancel, skip, blockers; refusals change nothing; role rules. Off-cycle payrolls are
in test_payroll_off_cycle.py."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import httpx
import pytest

from arcadia.apps.payroll import payrun
from arcadia.apps.payroll.seed import hours_discrepancy
from tests.apps.test_payroll import V1, Session, assert_gusto_error, open_session, world_of
from tests.factories import Harness

PERIOD = ("2026-03-01", "2026-03-15")  # the world's now is Monday 2026-03-02
CENT = Decimal("0.01")


def dec(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


async def upcoming(s: Session) -> dict[str, Any]:
    r = await s.get(f"/companies/{s.company}/payrolls", processing_statuses="unprocessed",
                    payroll_types="regular,off_cycle", include="payroll_status_meta,totals")
    assert r.status_code == 200, r.text
    (payroll,) = [p for p in r.json() if not p["off_cycle"]]
    return dict(payroll)


async def entries(s: Session, payroll_uuid: str, **params: Any
                  ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The payroll (first page's body) and every one of its employee compensations."""
    path = f"/companies/{s.company}/payrolls/{payroll_uuid}"
    r = await s.get(path, per=100, **params)
    assert r.status_code == 200, r.text
    body, rows = r.json(), list(r.json()["employee_compensations"])
    for page in range(2, int(r.headers["X-Total-Pages"]) + 1):
        more = await s.get(path, per=100, page=page, **params)
        assert more.status_code == 200, more.text
        rows += more.json()["employee_compensations"]
    assert len(rows) == int(r.headers["X-Total-Count"])
    return dict(body), rows


def entry_of(rows: list[dict[str, Any]], employee_uuid: str) -> dict[str, Any]:
    (hit,) = [e for e in rows if e["employee_uuid"] == employee_uuid]
    return hit


def hours_of(entry: dict[str, Any], name: str) -> str:
    (hit,) = [h for h in entry["hourly_compensations"] if h["name"] == name]
    return str(hit["hours"])


async def pay(s: Session, payroll_uuid: str, action: str, body: Any = None) -> httpx.Response:
    return await s.ep.client.put(f"{V1}/companies/{s.company}/payrolls/{payroll_uuid}/{action}",
                                 json=body, headers=s.h)


def assert_adds_up(body: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """Per employee gross - deductions - employee taxes = net, and the totals are the sums
    of the employees' figures and tax lines, to the cent."""
    totals = body["totals"]
    gross = net = employee = employer = deducted = Decimal(0)
    for e in rows:
        if e["excluded"]:
            assert e["gross_pay"] == 0 and e["net_pay"] == 0
            continue
        own = sum((dec(t["amount"]) for t in e["taxes"] if not t["employer"]), Decimal(0))
        theirs = sum((dec(t["amount"]) for t in e["taxes"] if t["employer"]), Decimal(0))
        deductions = sum((dec(d["amount"]) for d in e["deductions"]), Decimal(0))
        assert dec(e["gross_pay"]) - deductions - own == dec(e["net_pay"]), e["employee_uuid"]
        assert dec(e["check_amount"]) == dec(e["net_pay"])
        assert sum((dec(b["employee_deduction"]) for b in e["benefits"]),
                   Decimal(0)) == deductions
        gross += dec(e["gross_pay"])
        net += dec(e["net_pay"])
        employee += own
        employer += theirs
        deducted += deductions
    assert dec(totals["gross_pay"]) == gross and dec(totals["net_pay"]) == net
    assert dec(totals["employee_taxes"]) == employee
    assert dec(totals["employer_taxes"]) == employer
    assert dec(totals["employee_benefits_deductions"]) == deducted
    assert dec(totals["tax_debit"]) == employee + employer
    assert sum((dec(t["amount"]) for t in body["payroll_taxes"]), Decimal(0)) == \
        employee + employer
    assert body["company_taxes"] == [] and body["submission_blockers"] == []


# --- the upcoming payroll ------------------------------------------------------------------


async def test_upcoming_payroll_is_prefilled_from_current_pay(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    view = world.view_for("payroll")
    s = await open_session(client)
    payroll = await upcoming(s)
    assert (payroll["pay_period"]["start_date"], payroll["pay_period"]["end_date"]) == PERIOD
    assert payroll["processed"] is False and payroll["off_cycle"] is False
    assert payroll["check_date"] == "2026-03-13"
    assert payroll["payroll_deadline"] == "2026-03-11T23:00:00"
    assert payroll["payroll_status_meta"]["payroll_late"] is False
    assert "totals" not in payroll and "calculated_at" not in payroll  # not calculated yet
    assert "processed_date" not in payroll

    body, rows = await entries(s, payroll["uuid"])
    assert "totals" not in body
    period = payrun.upcoming_period(view.today)
    employed = [p for p in view.people if payrun.worked_fraction(
        period, p.hire_date, p.termination_date if p.status == "terminated" else None)]
    assert len(rows) == len(employed)
    wrong = hours_discrepancy(view)
    assert wrong is not None and (wrong[1], wrong[2]) == (Decimal("68.667"),
                                                          Decimal("86.667"))
    for p in employed[:40] + [wrong[0]]:
        emp = await s.employee_by_email(p.email)
        e = entry_of(rows, emp["uuid"])
        assert e["version"] and "gross_pay" not in e and e["excluded"] is False
        names = [h["name"] for h in e["hourly_compensations"]]
        if p.pay_type == "hourly":
            assert names == ["Regular Hours", "Overtime", "Double overtime"]
            want = "68.667" if p.id == wrong[0].id else "86.667"
            assert hours_of(e, "Regular Hours") == want and hours_of(e, "Overtime") == "0.000"
        else:
            assert names == ["Regular Hours"]
        assert [f["name"] for f in e["fixed_compensations"]] == list(
            payrun.FIXED_COMPENSATIONS)
        assert all(f["amount"] == "0.00" for f in e["fixed_compensations"])


# --- the lifecycle -----------------------------------------------------------------------


async def test_fix_hours_calculate_submit_end_to_end(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    person, entered, truth = hours_discrepancy(world.view_for("payroll")) or pytest.fail()
    s = await open_session(client)
    emp = await s.employee_by_email(person.email)
    payroll = await upcoming(s)
    path = f"/companies/{s.company}/payrolls/{payroll['uuid']}"
    _, rows = await entries(s, payroll["uuid"])
    before = entry_of(rows, emp["uuid"])
    assert hours_of(before, "Regular Hours") == str(entered)

    # Submitting before calculating is refused and changes nothing.
    assert_gusto_error(await pay(s, payroll["uuid"], "submit"), 422, "invalid_operation")
    assert await s.payroll_changes() == []

    r = await s.put(path, {"employee_compensations": [{
        "employee_uuid": emp["uuid"], "version": before["version"],
        "hourly_compensations": [{"name": "Regular Hours", "hours": str(truth),
                                  "compensation_multiplier": 1.0, "amount": "ignored"}]}]})
    assert r.status_code == 200, r.text
    (after,) = r.json()["employee_compensations"]  # only the entries sent come back
    assert hours_of(after, "Regular Hours") == "86.667"
    assert after["version"] != before["version"]
    assert [f["name"] for f in r.json()["fixed_compensation_types"]][0] == "Bonus"

    r = await pay(s, payroll["uuid"], "calculate")
    assert r.status_code == 202 and r.content == b""
    body, rows = await entries(s, payroll["uuid"],
                               include="taxes,benefits,deductions,payroll_taxes")
    assert body["calculated_at"] and body["processed"] is False
    assert body["processing_request"]["status"] == "calculate_success"
    assert_adds_up(body, rows)

    # The fixed employee is paid exactly as their last processed payroll paid them.
    mine = entry_of(rows, emp["uuid"])
    rate = Decimal(str(person.comp_history[-1].rate))
    assert dec(mine["gross_pay"]) == payrun.money(truth * rate)
    assert (await s.get(f"/employees/{emp['uuid']}/pay_stubs")).json()[0]["gross_pay"] == \
        payrun.text(payrun.money(truth * rate))
    hourly = [h for h in mine["hourly_compensations"] if h["name"] == "Regular Hours"]
    assert hourly[0]["amount"] == payrun.text(payrun.money(truth * rate))
    previous = (await s.get(f"/employees/{emp['uuid']}/pay_stubs")).json()[0]
    assert dec(mine["net_pay"]) == dec(previous["net_pay"])

    r = await pay(s, payroll["uuid"], "submit", {})
    assert r.status_code == 202, r.text
    body = (await s.get(path, include="payroll_status_meta")).json()
    assert body["processed"] is True and body["processed_date"] == "2026-03-02"
    assert body["check_date"] == "2026-03-13"
    assert body["payroll_status_meta"]["cancellable"] is True

    # A processed payroll refuses updates and a second submit, changing nothing.
    changed = await s.payroll_changes()
    version_now = entry_of((await entries(s, payroll["uuid"]))[1], emp["uuid"]).get("version")
    assert version_now is None  # processed entries carry no version
    r = await s.put(path, {"employee_compensations": [{
        "employee_uuid": emp["uuid"], "version": after["version"],
        "hourly_compensations": [{"name": "Regular Hours", "hours": "80"}]}]})
    assert_gusto_error(r, 422, "invalid_operation")
    assert_gusto_error(await pay(s, payroll["uuid"], "submit"), 422, "invalid_operation")
    assert_gusto_error(await pay(s, payroll["uuid"], "calculate"), 422, "invalid_operation")
    assert await s.payroll_changes() == changed

    stubs = (await s.get(f"/employees/{emp['uuid']}/pay_stubs")).json()
    assert stubs[0]["payroll_uuid"] == payroll["uuid"] and stubs[0]["uuid"] != payroll["uuid"]
    assert dec(stubs[0]["gross_pay"]) == dec(mine["gross_pay"])
    assert len({st["uuid"] for st in stubs}) == len(stubs) == 5
    processed = (await s.get(f"/companies/{s.company}/payrolls", end_date="2026-03-31",
                             include="totals")).json()
    assert processed[-1]["uuid"] == payroll["uuid"]
    assert processed[-1]["totals"]["gross_pay"] == body["totals"]["gross_pay"]
    assert (await s.get(f"/companies/{s.company}/payrolls", processed="false")).json() == []

    # Cancel turns it back into an unprocessed payroll; pay stubs drop it.
    r = await pay(s, payroll["uuid"], "cancel")
    assert r.status_code == 200, r.text
    assert r.json()["processed"] is False and "calculated_at" not in r.json()
    stubs = (await s.get(f"/employees/{emp['uuid']}/pay_stubs")).json()
    assert payroll["uuid"] not in [st["payroll_uuid"] for st in stubs]
    assert_gusto_error(await pay(s, payroll["uuid"], "cancel"), 422, "invalid_operation")


async def test_excluded_employee_is_not_paid_and_prepare_clears_calculation(
        client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    payroll = await upcoming(s)
    path = f"/companies/{s.company}/payrolls/{payroll['uuid']}"
    r = await s.ep.client.put(f"{V1}{path}/prepare", headers=s.h)  # no body, as the SDK sends
    assert r.status_code == 200, r.text
    first = r.json()["employee_compensations"][0]
    assert len(r.json()["employee_compensations"]) == 100 and first["version"]
    r = await s.put(path, {"employee_compensations": [{
        "employee_uuid": first["employee_uuid"], "version": first["version"],
        "excluded": True, "memo": "Paid by check last week", "payment_method": "Check"}]})
    assert r.status_code == 200, r.text
    assert r.json()["employee_compensations"][0]["excluded"] is True
    assert (await pay(s, payroll["uuid"], "calculate")).status_code == 202
    body, rows = await entries(s, payroll["uuid"], include="taxes,benefits")
    gone = entry_of(rows, first["employee_uuid"])
    assert gone["excluded"] and gone["gross_pay"] == 0 and gone["taxes"] == []
    assert gone["memo"] == "Paid by check last week" and gone["payment_method"] == "Check"
    assert dec(body["totals"]["gross_pay"]) == sum((dec(e["gross_pay"]) for e in rows),
                                                   Decimal(0))
    r = await pay(s, payroll["uuid"], "prepare", {"employee_uuids": [first["employee_uuid"]]})
    assert r.status_code == 200 and len(r.json()["employee_compensations"]) == 1
    assert "calculated_at" not in r.json()
    assert_gusto_error(await pay(s, payroll["uuid"], "submit"), 422, "invalid_operation")


# --- refusals -----------------------------------------------------------------------------


async def test_bad_updates_are_refused_and_change_nothing(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    payroll = await upcoming(s)
    path = f"/companies/{s.company}/payrolls/{payroll['uuid']}"
    _, rows = await entries(s, payroll["uuid"])
    hourly = next(e for e in rows if len(e["hourly_compensations"]) == 3)
    salaried = next(e for e in rows if len(e["hourly_compensations"]) == 1)

    def update(hours: Any, entry: dict[str, Any] = hourly, **extra: Any) -> dict[str, Any]:
        return {"employee_compensations": [{
            "employee_uuid": entry["employee_uuid"], "version": entry["version"],
            "hourly_compensations": [{"name": "Overtime", "hours": hours}], **extra}]}

    bad: list[tuple[dict[str, Any], int, str]] = [
        (update("-1"), 422, "invalid_attribute_value"),
        (update("NaN"), 422, "invalid_attribute_value"),
        (update("Infinity"), 422, "invalid_attribute_value"),
        (update("1e3"), 422, "invalid_attribute_value"),
        (update("9999"), 422, "invalid_attribute_value"),  # more than the period has
        (update("9" * 400), 422, "invalid_attribute_value"),
        (update(True), 422, "invalid_attribute_value"),
        (update("1.2345"), 422, "invalid_attribute_value"),
        (update("280"), 422, "invalid_attribute_value"),  # 86.667 + 280 > 360 hours
        (update("²"), 422, "invalid_attribute_value"),
        (update("5", entry=salaried), 422, "invalid_attribute_value"),
        (update("5", version="stale"), 409, "invalid_resource_version"),
        ({"employee_compensations": [{**update("5")["employee_compensations"][0],
                                      "employee_uuid": "not-on-payroll"}]},
         422, "invalid_attribute_value"),
        ({"employee_compensations": [update("5")["employee_compensations"][0]] * 2},
         422, "invalid_attribute_value"),
        ({"employee_compensations": []}, 422, "invalid_attribute_value"),
        ({"employee_compensations": [{
            "employee_uuid": hourly["employee_uuid"], "version": hourly["version"],
            "fixed_compensations": [{"name": "Bonus", "amount": "1e9"}]}]},
         422, "invalid_attribute_value"),
        ({"employee_compensations": [{
            "employee_uuid": hourly["employee_uuid"], "version": hourly["version"],
            "fixed_compensations": [{"name": "Stock", "amount": "10"}]}]},
         422, "invalid_attribute_value"),
        ({**update("5"), "skip_regular_deductions": True}, 422, "invalid_attribute_value"),
    ]
    for body, status, category in bad:
        r = await s.put(path, body)
        err = assert_gusto_error(r, status, category)
        assert hourly["version"] not in err["message"], err
    # NaN and Infinity as JSON numbers.
    for raw in (b"NaN", b"Infinity", b"1e309"):
        content = (b'{"employee_compensations": [{"employee_uuid": "'
                   + hourly["employee_uuid"].encode() + b'", "version": "'
                   + hourly["version"].encode() + b'", "hourly_compensations": [{"name": '
                   b'"Overtime", "hours": ' + raw + b"}]}]}")
        r = await s.ep.client.put(V1 + path, content=content,
                                  headers={**s.h, "Content-Type": "application/json"})
        assert r.status_code == 422, (raw, r.text)
    # An update of a processed (historical) payroll is refused.
    done = (await s.get(f"/companies/{s.company}/payrolls")).json()[-1]
    r = await s.put(f"/companies/{s.company}/payrolls/{done['uuid']}", update("5"))
    assert_gusto_error(r, 422, "invalid_operation")
    assert_gusto_error(await pay(s, done["uuid"], "prepare"), 422, "invalid_operation")
    assert_gusto_error(await pay(s, payroll["uuid"], "cancel"), 422, "invalid_operation")
    r = await pay(s, payroll["uuid"], "submit",
                  {"submission_blockers": [{"blocker_type": "fast_ach_threshold_exceeded",
                                            "selected_option": "wire_in"}]})
    assert r.status_code == 422
    assert await s.payroll_changes() == []
    assert (await entries(s, payroll["uuid"]))[1] == rows

    # A good update, then its old version is stale (and the 409 does not leak the new one).
    r = await s.put(path, update("4.5"))
    assert r.status_code == 200, r.text
    fresh = r.json()["employee_compensations"][0]["version"]
    err = assert_gusto_error(await s.put(path, update("6")), 409, "invalid_resource_version")
    assert fresh not in err["message"]


async def test_payroll_blockers_and_unknown_payroll(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.get(f"/companies/{s.company}/payrolls/blockers")
    assert r.status_code == 200 and r.json() == []
    missing = "00000000-0000-0000-0000-000000000000"
    for action in ("calculate", "submit", "prepare", "cancel"):
        assert_gusto_error(await pay(s, missing, action), 404, "not_found")
    assert_gusto_error(await s.get(f"/companies/{missing}/payrolls/blockers"), 404,
                       "not_found")


# --- roles ------------------------------------------------------------------------------


async def test_role_rules_for_the_payroll_run(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    payroll = await upcoming(s)
    base = f"{V1}/companies/{s.company}/payrolls"
    nobody = await s.ep.auth(await s.ep.principal_with("employee", without=("payroll", "hr")))
    hr = await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))
    writes = [("PUT", f"{base}/{payroll['uuid']}", {"employee_compensations": []}),
              ("PUT", f"{base}/{payroll['uuid']}/prepare", {}),
              ("PUT", f"{base}/{payroll['uuid']}/calculate", None),
              ("PUT", f"{base}/{payroll['uuid']}/submit", {}),
              ("PUT", f"{base}/{payroll['uuid']}/cancel", None),
              ("DELETE", f"{base}/{payroll['uuid']}", None),
              ("POST", base, {"off_cycle": True, "off_cycle_reason": "Bonus",
                              "start_date": PERIOD[0], "end_date": PERIOD[1]})]
    for method, url, body in writes:
        for headers in (nobody, hr):
            r = await s.ep.client.request(method, url, json=body, headers=headers)
            assert_gusto_error(r, 403, "missing_permissions")
    r = await s.ep.client.get(f"{base}/blockers", headers=nobody)
    assert_gusto_error(r, 403, "missing_permissions")
    assert (await s.ep.client.get(f"{base}/blockers", headers=hr)).status_code == 200
    r = await s.ep.client.get(f"{base}/{payroll['uuid']}", headers=hr,
                              params={"include": "taxes"})
    assert r.status_code == 200
    assert await s.payroll_changes() == []


# --- the payroll follows employment ----------------------------------------------------------


async def test_payroll_follows_terminations_and_hires(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    held = world.holdings("payroll")
    leaver = next(p for p in world.people if p.status == "active" and p.pay_type == "salary"
                  and p.hire_date.year < 2025 and p.id not in held)
    s = await open_session(client)
    payroll = await upcoming(s)
    r = await pay(s, payroll["uuid"], "prepare", {})
    assert r.status_code == 200, r.text
    assert await s.payroll_changes() == []  # the seeded payroll is already in step

    emp = await s.employee_by_email(leaver.email)
    r = await s.post(f"/employees/{emp['uuid']}/terminations", {"effective_date": "2026-03-05"})
    assert r.status_code == 201, r.text
    r = await s.post(f"/companies/{s.company}/employees", {
        "first_name": "Nadia", "last_name": "Okafor", "email": "nadia.okafor@example.com"})
    assert r.status_code == 201, r.text
    hire = r.json()["uuid"]
    r = await s.post(f"/employees/{hire}/jobs", {"title": "Technician",
                                                  "hire_date": "2026-03-09"})
    assert r.status_code == 201, r.text
    r = await s.post(f"/jobs/{r.json()['uuid']}/compensations", {
        "rate": "30.00", "payment_unit": "Hour", "flsa_status": "Nonexempt",
        "effective_date": "2026-03-09"})
    assert r.status_code == 201, r.text

    assert (await pay(s, payroll["uuid"], "calculate")).status_code == 202
    body, rows = await entries(s, payroll["uuid"], include="taxes,benefits,payroll_taxes")
    assert_adds_up(body, rows)
    gone = entry_of(rows, emp["uuid"])
    salary = Decimal(str(leaver.comp_history[-1].rate)) / 24
    assert dec(gone["gross_pay"]) == payrun.money(salary * (Decimal(5) / Decimal(15)))
    new = entry_of(rows, hire)
    hours = payrun.period_hours(Decimal(7) / Decimal(15))  # 9th to 15th
    assert hours_of(new, "Regular Hours") == str(hours)
    assert dec(new["gross_pay"]) == payrun.money(hours * 30)


async def test_skip_a_regular_pay_period(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    payroll = await upcoming(s)
    url = f"/companies/{s.company}/payrolls/skip"
    for bad, field in (({"payroll_type": "Hired employee"}, "payroll_type"),
                       ({"payroll_type": "Regular", "end_date": "2026-05-10"}, "end_date"),
                       ({"payroll_type": "Regular", "start_date": "2026-03-02"}, "end_date")):
        r = await s.post(url, bad)
        assert assert_gusto_error(r, 422, "invalid_attribute_value")["error_key"] == field
    assert await s.payroll_changes() == []
    nobody = await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))
    r = await s.ep.client.post(V1 + url, json={"payroll_type": "Regular"}, headers=nobody)
    assert_gusto_error(r, 403, "missing_permissions")
    r = await s.post(url, {"payroll_type": "Regular"})
    assert r.status_code == 202 and r.content == b""
    body, rows = await entries(s, payroll["uuid"], include="taxes")
    assert body["processed"] is True and body["totals"]["gross_pay"] == "0.00"
    assert all(e["excluded"] and e["gross_pay"] == 0 for e in rows)
    stubs = (await s.get(f"/employees/{rows[0]['employee_uuid']}/pay_stubs")).json()
    assert payroll["uuid"] not in [st["payroll_uuid"] for st in stubs]
    assert_gusto_error(await s.post(url, {"payroll_type": "Regular"}), 422,
                       "invalid_attribute_value")
