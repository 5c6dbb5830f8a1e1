"""The payroll app (Gusto v1 shape) through HTTP: loader, reads, writes, errors, isolation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import httpx

from arcadia.apps.kernel import seed_uuid
from arcadia.world import World
from tests.factories import SPEC, EpisodeHandle, Harness, new_episode

V1 = "/payroll/v1"


def world_of(harness_for: Callable[..., Harness]) -> World:
    """The test world exactly as the server's template holds it (built once per session)."""
    return harness_for("hris", "payroll").store.template(SPEC).world


class Session:
    """An episode plus a payroll-role principal's headers and the company UUID."""

    def __init__(self, ep: EpisodeHandle, headers: dict[str, str], company: str) -> None:
        self.ep, self.h, self.company = ep, headers, company

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.ep.client.get(V1 + path, params=params, headers=self.h)

    async def put(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return await self.ep.client.put(V1 + path, json=body, headers=self.h)

    async def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return await self.ep.client.post(V1 + path, json=body, headers=self.h)

    async def employee_by_email(self, email: str) -> dict[str, Any]:
        r = await self.get(f"/companies/{self.company}/employees", search_term=email)
        assert r.status_code == 200, r.text
        hits = [e for e in r.json() if e["work_email"] == email]
        assert len(hits) == 1, hits
        return dict(hits[0])

    async def payroll_changes(self) -> list[dict[str, Any]]:
        return list((await self.ep.changes())["payroll"])


async def open_session(client: httpx.AsyncClient, role: str = "payroll") -> Session:
    ep = await new_episode(client)
    headers = await ep.auth(await ep.principal_with(role))
    r = await client.get(f"{V1}/token_info", headers=headers)
    assert r.status_code == 200, r.text
    return Session(ep, headers, r.json()["resource"]["uuid"])


def assert_gusto_error(r: httpx.Response, status: int, category: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    errors = r.json()["errors"]
    assert len(errors) == 1 and errors[0]["category"] == category, errors
    assert errors[0]["error_key"] and errors[0]["message"]
    return dict(errors[0])


async def delete(s: Session, path: str, headers: dict[str, str] | None = None
                 ) -> httpx.Response:
    return await s.ep.client.delete(V1 + path, headers=headers or s.h)


async def hr_headers(s: Session) -> dict[str, str]:
    """A principal who may read payroll (hr) but not write it."""
    return await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))


def today_of(harness_for: Callable[..., Harness]) -> date:
    return world_of(harness_for).spec.now.date()


async def active_employee(s: Session, page: int = 3) -> dict[str, Any]:
    r = await s.get(f"/companies/{s.company}/employees", terminated="false", per=1, page=page)
    assert r.status_code == 200, r.text
    return dict(r.json()[0])


# --- loader ---------------------------------------------------------------------------


async def test_loader_counts_match_world_truth(client: httpx.AsyncClient,
                                               harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    s = await open_session(client)
    assert s.company == seed_uuid("payroll", "company", world.spec.name)
    r = await s.get(f"/companies/{s.company}/employees", per=5)
    assert r.status_code == 200
    assert int(r.headers["X-Total-Count"]) == len(world.people)
    assert r.headers["X-Total-Pages"] == str(-(-len(world.people) // 5))
    assert 'rel="next"' in r.headers["Link"] and len(r.json()) == 5

    held = world.view_for("payroll").people
    stale_terminated = [p for p in held if p.status == "terminated"]
    r = await s.get(f"/companies/{s.company}/employees", terminated="true", per=100)
    assert {e["employee_code"] for e in r.json()} == {p.employee_number
                                                      for p in stale_terminated}
    assert all(e["terminated"] and len(e["terminations"]) == 1 for e in r.json())

    r = await s.get(f"/companies/{s.company}/departments")
    by_title = {d["title"]: len(d["employees"]) for d in r.json()}
    expected = {d.name: sum(1 for p in held if p.department_id == d.id)
                for d in world.departments}
    assert by_title == expected

    r = await s.get(f"/companies/{s.company}/locations")
    assert sorted(loc["city"] for loc in r.json()) == sorted(x.city for x in world.locations)
    r = await s.get(f"/companies/{s.company}/company_benefits")
    assert sorted(b["description"] for b in r.json()) == sorted(b.name for b in world.benefits)


async def test_payroll_holds_the_stale_side_of_each_mismatch(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    s = await open_session(client)
    payrolls = (await s.get(f"/companies/{s.company}/payrolls")).json()
    assert len(payrolls) == 4 and all(p["processed"] for p in payrolls)
    last = payrolls[-1]["uuid"]
    names = {d.id: d.name for d in world.departments}
    held = world.view_for("payroll")
    kinds = set()
    for fact in world.situations[0].hidden:
        person, stale = world.person(fact["person_id"]), held.person(fact["person_id"])
        emp = await s.employee_by_email(person.email)
        job = emp["jobs"][0]
        kinds.add(fact["kind"])
        # Payroll holds the stale side whole: every field from before the change.
        assert emp["department"] == names[stale.department_id]
        assert job["title"] == stale.title and float(job["rate"]) == stale.rate
        assert emp["manager_uuid"] == seed_uuid("payroll", "employee", stale.manager_id)
        assert job["location_uuid"] == seed_uuid("payroll", "location", stale.location_id)
        comps = (await s.get(f"/jobs/{job['uuid']}/compensations",
                            include="all_compensations")).json()
        assert [float(c["rate"]) for c in comps] == [r.rate for r in stale.comp_history]
        if fact["kind"] == "salary":
            assert stale.rate != person.rate
        elif fact["kind"] == "title":
            assert stale.title != person.title
        elif fact["kind"] == "department":
            assert stale.department_id != person.department_id
            assert stale.manager_id != person.manager_id
        elif fact["kind"] == "status":
            assert emp["terminated"] is False and emp["terminations"] == []
            paid = (await s.get(f"/companies/{s.company}/employees", payroll_uuid=last,
                                uuids=emp["uuid"])).json()
            assert [e["uuid"] for e in paid] == [emp["uuid"]]  # terminated in HRIS, still paid
    assert kinds == {"salary", "title", "department", "status"}


# --- reads --------------------------------------------------------------------------------


async def test_employee_job_and_compensation_reads(client: httpx.AsyncClient,
                                                   harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    held = world.holdings("payroll")
    person = next(p for p in world.people if len(p.comp_history) >= 3 and p.id not in held)
    s = await open_session(client)
    emp = await s.employee_by_email(person.email)
    assert emp["employee_code"] == person.employee_number
    assert emp["uuid"] == seed_uuid("payroll", "employee", person.id)
    assert (await s.get(f"/employees/{emp['uuid']}")).json() == emp

    jobs = (await s.get(f"/employees/{emp['uuid']}/jobs")).json()
    assert len(jobs) == 1 and jobs[0]["title"] == person.title
    assert len(jobs[0]["compensations"]) == 1  # only the current one by default
    everything = (await s.get(f"/jobs/{jobs[0]['uuid']}", include="all_compensations")).json()
    comps = (await s.get(f"/jobs/{jobs[0]['uuid']}/compensations",
                         include="all_compensations")).json()
    assert [c["uuid"] for c in everything["compensations"]] == [c["uuid"] for c in comps]
    assert [float(c["rate"]) for c in comps] == [r.rate for r in person.comp_history]
    assert comps[-1]["uuid"] == jobs[0]["current_compensation_uuid"]
    unit = "Year" if person.pay_type == "salary" else "Hour"
    assert comps[-1]["payment_unit"] == unit and comps[-1]["rate"].count(".") == 1
    one = (await s.get(f"/compensations/{comps[0]['uuid']}")).json()
    assert one == comps[0]

    r = await s.get(f"/companies/{s.company}/employees", search_term="zzzz-nobody")
    assert r.json() == [] and r.headers["X-Total-Count"] == "0"
    r = await s.get(f"/companies/{s.company}/employees", sort_by="name:desc", per=3)
    names = [(e["last_name"], e["first_name"]) for e in r.json()]
    assert names == sorted(names, reverse=True)


async def test_payroll_history_pay_stubs_bank_accounts_and_benefits(
        client: httpx.AsyncClient, harness_for: Callable[..., Harness]) -> None:
    world = world_of(harness_for)
    held = world.holdings("payroll")
    person = next(p for p in world.people if p.status == "active" and p.pay_type == "salary"
                  and p.hire_date.year < 2025 and p.id not in held)
    s = await open_session(client)
    emp = await s.employee_by_email(person.email)

    r = await s.get(f"/companies/{s.company}/payrolls", include="totals", sort_order="desc")
    payrolls = r.json()
    assert [p["pay_period"]["end_date"] for p in payrolls] == [
        "2026-02-28", "2026-02-15", "2026-01-31", "2026-01-15"]
    assert "employee_compensations" not in payrolls[0] and "totals" in payrolls[0]
    assert "totals" not in (await s.get(f"/companies/{s.company}/payrolls")).json()[0]
    r = await s.get(f"/companies/{s.company}/payrolls", start_date="2026-02-01")
    assert len(r.json()) == 2
    # Unprocessed: only the upcoming regular payroll of the current period (2026-03-01..15).
    upcoming = (await s.get(f"/companies/{s.company}/payrolls", processed="false")).json()
    assert [(p["pay_period"]["start_date"], p["processed"]) for p in upcoming] == [
        ("2026-03-01", False)]

    latest = payrolls[0]
    r = await s.get(f"/companies/{s.company}/payrolls/{latest['uuid']}", per=100)
    assert r.status_code == 200 and int(r.headers["X-Total-Count"]) > 700
    body = r.json()
    assert len(body["employee_compensations"]) == 100
    pages = int(r.headers["X-Total-Pages"])
    rows = list(body["employee_compensations"])
    for page in range(2, pages + 1):
        more = await s.get(f"/companies/{s.company}/payrolls/{latest['uuid']}", per=100,
                           page=page)
        assert more.status_code == 200, more.text
        rows += more.json()["employee_compensations"]
    assert len(rows) == int(r.headers["X-Total-Count"])
    assert len({x["employee_uuid"] for x in rows}) == len(rows)
    total = sum(Decimal(str(x["gross_pay"])) for x in rows)
    assert total == Decimal(str(body["totals"]["gross_pay"]))

    stubs = (await s.get(f"/employees/{emp['uuid']}/pay_stubs")).json()
    assert [st["payroll_uuid"] for st in stubs] == [p["uuid"] for p in payrolls]
    assert stubs[0]["gross_pay"] == f"{person.rate / 24:.2f}"
    assert float(stubs[0]["net_pay"]) < float(stubs[0]["gross_pay"])

    r = await s.get(f"/employees/{emp['uuid']}/bank_accounts")
    (account,) = r.json()
    assert account["hidden_account_number"] == "XXXX" + person.bank.account_number[-4:]
    assert person.bank.account_number not in r.text and r.headers["X-Total-Count"] == "1"

    plans = {b.id: b.name for b in world.benefits}
    enrolled = sorted(plans[e.benefit_id] for e in world.enrolments if e.person_id == person.id)
    benefits = (await s.get(f"/employees/{emp['uuid']}/employee_benefits")).json()
    company = {b["uuid"]: b["description"] for b in
               (await s.get(f"/companies/{s.company}/company_benefits")).json()}
    assert sorted(company[b["company_benefit_uuid"]] for b in benefits) == enrolled
    schedules = (await s.get(f"/companies/{s.company}/pay_schedules")).json()
    assert [x["frequency"] for x in schedules] == ["Twice per month"]


# --- auth and errors --------------------------------------------------------------------


async def test_auth_errors_in_gusto_style(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    assert_gusto_error(await client.get(f"{V1}/companies/{s.company}"), 401, "invalid_token")
    assert_gusto_error(await client.get(f"{V1}/companies/{s.company}",
                                        headers={"Authorization": "Bearer not-a-token-at-all"}),
                       401, "invalid_token")
    nobody = await s.ep.auth(await s.ep.principal_with("employee", without=("payroll", "hr")))
    assert_gusto_error(await client.get(f"{V1}/companies/{s.company}/employees",
                                        headers=nobody), 403, "missing_permissions")
    hr = await s.ep.auth(await s.ep.principal_with("hr", without=("payroll",)))
    r = await client.get(f"{V1}/companies/{s.company}/employees", headers=hr)
    assert r.status_code == 200  # HR may read payroll ...
    emp = r.json()[0]
    r = await client.put(f"{V1}/employees/{emp['uuid']}", headers=hr,
                         json={"version": emp["version"], "first_name": "X"})
    assert_gusto_error(r, 403, "missing_permissions")  # ... but not write it
    err = assert_gusto_error(await s.get("/employees/no-such-uuid"), 404, "not_found")
    assert err["metadata"] == {"entity_type": "Employee", "entity_uuid": "no-such-uuid"}
    assert_gusto_error(await s.get("/no/such/route"), 404, "not_found")
    assert await s.payroll_changes() == []


async def test_invalid_input_is_422_and_changes_nothing(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = (await s.get(f"/companies/{s.company}/employees", per=1)).json()[0]
    job = emp["jobs"][0]
    comp = job["compensations"][0]
    bad = [
        (s.put(f"/compensations/{comp['uuid']}", {"version": comp["version"],
                                                   "rate": "lots"}), "rate"),
        (s.put(f"/compensations/{comp['uuid']}", {"rate": "1.00"}), "version"),
        (s.put(f"/compensations/{comp['uuid']}", {"version": comp["version"],
                                                   "payment_unit": "Fortnight"}),
         "payment_unit"),
        (s.post(f"/jobs/{job['uuid']}/compensations",
                {"rate": "50.00", "payment_unit": "Hour", "flsa_status": "Exempt"}),
         "payment_unit"),
        (s.post(f"/jobs/{job['uuid']}/compensations",
                {"rate": "99000", "payment_unit": "Year", "flsa_status": "Exempt",
                 "effective_date": comp["effective_date"]}), "effective_date"),
        (s.put(f"/jobs/{job['uuid']}", {"version": job["version"], "title": "  "}), "title"),
        (s.post(f"/employees/{emp['uuid']}/terminations", {"effective_date": "1990-01-01"}),
         "effective_date"),
        (s.post(f"/employees/{emp['uuid']}/bank_accounts",
                {"name": "Main", "routing_number": "123456789", "account_number": "12345678",
                 "account_type": "Checking"}), "routing_number"),
        (s.post(f"/companies/{s.company}/employees", {"first_name": "Ann"}), "last_name"),
        (s.post(f"/companies/{s.company}/employees",
                {"first_name": "Ann", "last_name": "Lee", "email": emp["email"]}), "email"),
        (s.get(f"/companies/{s.company}/employees", per=500), "per"),
    ]
    for call, field in bad:
        err = assert_gusto_error(await call, 422, "invalid_attribute_value")
        assert err["error_key"] == field, err
    assert await s.payroll_changes() == []


async def test_stale_version_is_409_and_changes_nothing(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = (await s.get(f"/companies/{s.company}/employees", per=1, page=7)).json()[0]
    job = emp["jobs"][0]
    r = await s.put(f"/jobs/{job['uuid']}", {"version": job["version"], "title": "Lead"})
    assert r.status_code == 200 and r.json()["version"] != job["version"]
    before = await s.payroll_changes()
    err = assert_gusto_error(await s.put(f"/jobs/{job['uuid']}",
                                         {"version": job["version"], "title": "Other"}),
                             409, "invalid_resource_version")
    assert err["error_key"] == "base"
    assert (await s.get(f"/jobs/{job['uuid']}")).json()["title"] == "Lead"
    assert await s.payroll_changes() == before


# --- writes -------------------------------------------------------------------------------


async def test_raise_by_new_compensation_and_by_update(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = (await s.get(f"/companies/{s.company}/employees", per=1, page=3)).json()[0]
    job = emp["jobs"][0]
    current = job["compensations"][0]
    r = await s.put(f"/compensations/{current['uuid']}",
                    {"version": current["version"], "rate": 250000})
    assert r.status_code == 200 and r.json()["rate"] == "250000.00"
    assert (await s.get(f"/jobs/{job['uuid']}")).json()["rate"] == "250000.00"

    r = await s.post(f"/jobs/{job['uuid']}/compensations",
                     {"rate": "260000.5", "payment_unit": "Year", "flsa_status": "Exempt",
                      "effective_date": "2026-03-01"})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["rate"] == "260000.50" and new["effective_date"] == "2026-03-01"
    job_now = (await s.get(f"/jobs/{job['uuid']}")).json()
    assert job_now["current_compensation_uuid"] == new["uuid"]
    changes = await s.payroll_changes()
    assert {c["table"] for c in changes} == {"compensations"} and len(changes) == 2


async def test_terminate_move_department_and_update_employee(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    emp = (await s.get(f"/companies/{s.company}/employees", terminated="false", per=1,
                       page=11)).json()[0]
    r = await s.post(f"/employees/{emp['uuid']}/terminations",
                     {"effective_date": "2026-02-27", "run_termination_payroll": False})
    assert r.status_code == 201, r.text
    assert r.json()["active"] is True and r.json()["cancelable"] is False
    again = (await s.get(f"/employees/{emp['uuid']}")).json()
    assert again["terminated"] is True and again["terminations"][0]["uuid"] == r.json()["uuid"]
    assert (await s.get(f"/employees/{emp['uuid']}/terminations")).json() == [r.json()]
    assert_gusto_error(await s.post(f"/employees/{emp['uuid']}/terminations",
                                    {"effective_date": "2026-02-28"}), 422, "invalid_operation")

    depts = (await s.get(f"/companies/{s.company}/departments")).json()
    target = next(d for d in depts if d["uuid"] != emp["department_uuid"])
    r = await s.put(f"/departments/{target['uuid']}/add",
                    {"version": target["version"], "employees": [{"uuid": emp["uuid"]}]})
    assert r.status_code == 200 and {"uuid": emp["uuid"]} in r.json()["employees"]
    moved = (await s.get(f"/employees/{emp['uuid']}")).json()
    assert moved["department_uuid"] == target["uuid"] and moved["department"] == target["title"]
    assert_gusto_error(await s.put(f"/departments/{target['uuid']}/add",
                                   {"version": target["version"],
                                    "employees": [{"uuid": emp["uuid"]}]}),
                       409, "invalid_resource_version")
    fresh = (await s.get(f"/departments/{target['uuid']}")).json()
    r = await s.put(f"/departments/{target['uuid']}/remove",
                    {"version": fresh["version"], "employees": [{"uuid": emp["uuid"]}]})
    assert r.status_code == 200 and {"uuid": emp["uuid"]} not in r.json()["employees"]

    r = await s.put(f"/employees/{emp['uuid']}", {"version": moved["version"],
                                                  "preferred_first_name": "Sam"})
    assert r.status_code == 200 and r.json()["preferred_first_name"] == "Sam"
    assert r.json()["department_uuid"] is None


async def test_hire_an_employee_end_to_end(client: httpx.AsyncClient) -> None:
    s = await open_session(client)
    r = await s.post(f"/companies/{s.company}/employees",
                     {"first_name": "Ada", "last_name": "Quill",
                      "email": "ada.quill@arcadia-robotics.com"})
    assert r.status_code == 201, r.text
    emp = r.json()
    assert emp["onboarded"] is False and emp["jobs"] == [] and emp["terminated"] is False
    loc = (await s.get(f"/companies/{s.company}/locations")).json()[0]
    r = await s.post(f"/employees/{emp['uuid']}/jobs",
                     {"title": "Robotics Engineer", "hire_date": "2026-03-02",
                      "location_uuid": loc["uuid"]})
    assert r.status_code == 201 and r.json()["primary"] is True
    job = r.json()
    r = await s.post(f"/jobs/{job['uuid']}/compensations",
                     {"rate": "120000.00", "payment_unit": "Year", "flsa_status": "Exempt"})
    assert r.status_code == 201 and r.json()["effective_date"] == "2026-03-02"
    r = await s.post(f"/employees/{emp['uuid']}/bank_accounts",
                     {"name": "Payroll", "routing_number": "021000021",
                      "account_number": "000123456789", "account_type": "Checking"})
    assert r.status_code == 201 and r.json()["hidden_account_number"] == "XXXX6789"
    again = (await s.get(f"/employees/{emp['uuid']}")).json()
    assert again["jobs"][0]["rate"] == "120000.00"
    assert again["payment_method"] == "Direct Deposit"
    r = await s.get(f"/companies/{s.company}/employees", search_term="ada.quill")
    assert [e["uuid"] for e in r.json()] == [emp["uuid"]]
    tables = sorted({c["table"] for c in await s.payroll_changes()})
    assert tables == ["bank_accounts", "compensations", "employees", "jobs", "work_addresses"]


async def test_episodes_do_not_see_each_others_writes(client: httpx.AsyncClient) -> None:
    a = await open_session(client)
    b = await open_session(client)
    emp = (await a.get(f"/companies/{a.company}/employees", per=1, page=5)).json()[0]
    r = await a.put(f"/employees/{emp['uuid']}", {"version": emp["version"],
                                                  "first_name": "Changed"})
    assert r.status_code == 200
    other = (await b.get(f"/employees/{emp['uuid']}")).json()
    assert other["first_name"] == emp["first_name"] != "Changed"
    assert other["version"] == emp["version"]  # same seed, same ids and versions
    assert await b.payroll_changes() == []
    assert len(await a.payroll_changes()) == 1


async def test_replayed_writes_mint_the_same_ids(client: httpx.AsyncClient) -> None:
    created = []
    for _ in range(2):
        s = await open_session(client)
        r = await s.post(f"/companies/{s.company}/employees",
                         {"first_name": "Kai", "last_name": "Rowe"})
        assert r.status_code == 201, r.text
        created.append((r.json()["uuid"], r.json()["employee_code"], r.json()["version"]))
    assert created[0] == created[1]


async def test_openapi_document_is_the_agents_manual(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/payroll/openapi.json")).json()
    ops = {o["operationId"]: (method, o) for item in doc["paths"].values()
           for method, o in item.items()}
    assert len(ops) == 81 and all(op_id.startswith("payroll_") for op_id in ops)
    for op_id, (method, o) in ops.items():
        assert o["tags"] == (["read"] if method == "get" else ["write"]), op_id
        assert o["x-roles"] == (["payroll", "hr"] if method == "get" else ["payroll"]), op_id
        for p in o.get("parameters", []):
            assert p.get("description"), (op_id, p["name"])
            if p["in"] == "path":
                assert p["schema"]["x-entity"], (op_id, p["name"])
    for name, schema in doc["components"]["schemas"].items():
        for field, prop in schema.get("properties", {}).items():
            assert "description" in prop or name.endswith("ValidationError"), (name, field)
    employee = doc["components"]["schemas"]["EmployeePublic"]["properties"]
    assert employee["work_email"]["x-entity"] == "Email"
    assert employee["employee_code"]["x-entity"] == "EmployeeNumber"
