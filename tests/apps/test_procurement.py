"""The procurement app (Coupa Core API shape) through HTTP: Coupa-style requests, queries,
approval chains, role rules and illegal transitions."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.factories import ADMIN, EpisodeHandle, Harness, new_episode

API = "/procurement/api"


@pytest.fixture
async def pclient(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("hris", "payroll", "procurement").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


async def coupa(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    """Coupa's own headers: the API key header and JSON."""
    return {"X-COUPA-API-KEY": await ep.token(principal), "Accept": "application/json"}


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


@pytest.fixture
async def env(pclient: httpx.AsyncClient) -> Env:
    return Env(pclient, await new_episode(pclient))


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


# -- approval chains ------------------------------------------------------------------------


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


async def invoice_body(po: dict[str, Any], line: dict[str, Any], total: str,
                       number: str = "INV-T-1") -> dict[str, Any]:
    return {"invoice-number": number, "invoice-date": "2026-01-15",
            "supplier": {"id": po["supplier"]["id"]},
            "invoice-lines": [{"description": line["description"], "quantity": "1",
                               "price": total, "order-line-id": line["id"]}]}


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
