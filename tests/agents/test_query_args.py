"""Every documented query capability is a function argument, and it works.

Statically, for every list operation of every app: each query parameter its document
declares is an argument sent as that query parameter; each of Coupa's lists (whose document
states Coupa's query language in prose) takes `filters` typed for every documented field of
its record, and `status` where the record has one. Live: each Coupa list filtered by every
field its first record holds (and by an operator, and through an association) answers
only records that match, and fewer than the unfiltered page where the value is not shared
by all; one list per other app narrows by its own filters (Graph's `$filter`, `$search`,
`$top`, `$orderby`, `$select`; Greenhouse's `email`; BambooHR's `filter[lastName]`;
Gusto's `search_term`; Bullhorn's `where`, `fields`, `orderBy`, `count`).
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import httpx
import pytest

from arcadia.agents.base import ToolCall
from arcadia.agents.query_args import FILTERS, RESERVED
from arcadia.agents.tools import Tool, ToolError, execute, toolset
from arcadia.apps.procurement.documented import DOCUMENTED
from arcadia.apps.registry import APP_NAMES
from arcadia.grader import EmbeddedEnvironment, load_task
from arcadia.grader.replay import actor_headers
from arcadia.taskgen.graph import documents

ROOT = Path(__file__).resolve().parents[2]
SPEND = ROOT / "corpus" / "spend-anomaly" / "spend-anomaly-dispute-duplicate.json"
ONBOARD = ROOT / "corpus" / "new-hire-cohort" / "new-hire-full-onboarding.json"
AGENCY = next((ROOT / "corpus" / "agency-v1" / "agency-pay-request-v1").glob("*.json"))
COUPA = "Coupa's query language"


def _lists() -> list[tuple[str, str, dict[str, Any]]]:
    """(app, path, operation) of every GET that takes query parameters or answers a
    collection: the lists, queries and searches, and the reads that select fields."""
    out = []
    for app, doc in documents([a for a in APP_NAMES if a != "restaurant"]).items():
        for path, ops in doc["paths"].items():
            op = ops.get("get")
            if op is None:
                continue
            schema = (op.get("responses", {}).get("200", {}).get("content", {})
                      .get("application/json", {}).get("schema", {}))
            if schema.get("type") == "array" or any(
                    p["in"] == "query" for p in op.get("parameters", [])):
                out.append((app, path, op))
    return out


LISTS = _lists()


def _resource(path: str) -> str:
    """Coupa's resource of a list path (`/api/suppliers/{id}/addresses`: its addresses)."""
    parts = [p for p in path.split("/")[2:] if not p.startswith("{")]
    if parts[-1] == "addresses":
        return "supplier_addresses"
    return parts[0]


def test_every_declared_query_parameter_is_an_argument_sent_as_itself() -> None:
    tools = toolset({a for a, _, _ in LISTS})
    assert len(LISTS) > 90 and {a for a, _, _ in LISTS} >= {
        "ats", "bullhorn", "calendar", "hris", "mail", "payroll", "procurement"}
    for _, _, op in LISTS:
        tool = tools.tool(op["operationId"])
        for p in op.get("parameters", []):
            if p["in"] != "query":
                continue
            assert p["name"] in tool.parameters["properties"], (tool.name, p["name"])
            args = dict.fromkeys(tool.path_params, "1")
            kinds = json.dumps(tool.parameters["properties"][p["name"]])
            value: Any = ["x"] if '"array"' in kinds else "x"
            req = tools.request(ToolCall(tool.name, {**args, p["name"]: value}))
            assert req.query.get(p["name"]) == value, (tool.name, p["name"])


def test_each_coupa_list_takes_every_documented_field_and_status() -> None:
    tools = toolset(["procurement"])
    coupa = [op for _, _, op in LISTS if COUPA in op.get("description", "")]
    assert len(coupa) == 14  # every list but the favourite and recent accounts
    for _, path, op in LISTS:
        if COUPA not in op.get("description", ""):
            continue
        tool = tools.tool(op["operationId"])
        declared = {p["name"] for p in op.get("parameters", [])}
        props = tool.parameters["properties"]
        documented = set(DOCUMENTED[_resource(path)]) - set(RESERVED) - declared
        assert documented <= set(props[FILTERS]["properties"]), tool.name
        assert ("status" in documented) == ("status" in tool.query_params), tool.name
        assert FILTERS in tool.description and "field[op]" in props[FILTERS]["description"]
    req = tools.request(ToolCall("procurement_list_invoices", {
        "status": "approved", "limit": 5,
        FILTERS: {"supplier[name]": "Acme", "id[in]": [3, 4], "paid[blank]": True}}))
    assert req.query == {"status": "approved", "limit": 5, "supplier[name]": "Acme",
                         "id[in]": "3,4", "paid[blank]": "true"}


@pytest.mark.parametrize(("filters", "says"), [
    ({"limit": 5}, "an argument of its own"),
    ({"status": "x"}, "given twice"),
    ({"a b": 1}, "not a query parameter"),
    ({"id": {"x": 1}}, "a value or a list"),
])
def test_bad_filters_are_refused_before_the_app(filters, says) -> None:
    with pytest.raises(ToolError, match=says):
        toolset(["procurement"]).request(ToolCall(
            "procurement_list_invoices", {"status": "approved", FILTERS: filters}))


def _same(a: Any, b: Any) -> bool:
    if a == b or str(a).lower() == str(b).lower():
        return True
    try:
        return Decimal(str(a)) == Decimal(str(b))
    except InvalidOperation:
        return False


def _scalar(v: Any) -> bool:
    return isinstance(v, str | int | float | bool) and v != ""


@pytest.fixture(scope="module")
def env(harness_for) -> EmbeddedEnvironment:
    return EmbeddedEnvironment(harness_for("procurement", "hris", "payroll", "mail",
                                           "calendar", "ats").store)


async def _call(client: httpx.AsyncClient, tools: Any, name: str, **args: Any) -> Any:
    obs = await execute(client, {}, tools, ToolCall(name, args))
    assert obs.status == 200, (name, args, obs.status, obs.text()[:300])
    return obs.body


async def test_every_coupa_filter_narrows_its_list(env) -> None:
    task = load_task(SPEND)
    tools = toolset(["procurement"])
    ep = await env.start(task)
    checked = narrowed = 0
    try:
        async with env.client() as client:
            client.headers.update(actor_headers(ep.token))
            for _, _path, op in LISTS:
                if COUPA not in op.get("description", ""):
                    continue
                tool: Tool = tools.tool(op["operationId"])
                base = dict.fromkeys(tool.path_params, 1)
                if tool.path_params:  # a supplier's addresses: the first supplier's
                    first = await _call(client, tools, "procurement_list_suppliers", limit=1)
                    base = {tool.path_params[0]: first[0]["id"]}
                page = await _call(client, tools, tool.name, **base)
                if not page:
                    continue
                rec = page[0]
                for name, prop in tool.parameters["properties"][FILTERS]["properties"].items():
                    value = rec.get(name)
                    # Every field the record shows filters, those Coupa does not document
                    # (contracts' max-value, invoices' current-approval) too.
                    if not _scalar(value) or "description" not in prop:
                        continue
                    got = await _call(client, tools, tool.name, **base, filters={name: value})
                    assert got and all(_same(r.get(name), value) for r in got), (tool.name, name)
                    checked += 1
                    narrowed += len(got) < len(page)
                ids = [r["id"] for r in page[:2]]
                got = await _call(client, tools, tool.name, **base, filters={"id[in]": ids})
                assert sorted(r["id"] for r in got) == sorted(ids), tool.name
                if "status" in tool.query_params and rec.get("status"):
                    got = await _call(client, tools, tool.name, **base, status=rec["status"])
                    assert got and all(r["status"] == rec["status"] for r in got)
                for assoc in ("supplier", "created-by"):
                    inner = rec.get(assoc)
                    if isinstance(inner, dict) and inner.get("id") is not None:
                        got = await _call(client, tools, tool.name, **base,
                                          filters={f"{assoc}[id]": inner["id"]})
                        assert got and all(r[assoc]["id"] == inner["id"] for r in got)
    finally:
        await env.stop(ep)
    assert checked > 60 and narrowed > 20, (checked, narrowed)


async def test_one_list_per_other_app_narrows_by_its_filters(env) -> None:
    task = load_task(ONBOARD)
    tools = toolset(["hris", "payroll", "mail", "calendar", "ats"])
    ep = await env.start(task)
    try:
        async with env.client() as client:
            client.headers.update(actor_headers(ep.token))

            async def call(name: str, **args: Any) -> Any:
                return await _call(client, tools, name, **args)

            # Graph mail: $top, $select, $orderby; $filter on one sender; $search a subject.
            page = (await call("mail_list_messages", **{
                "$top": 20, "$select": "id,from,subject",
                "$orderby": "receivedDateTime desc"}))["value"]
            assert 0 < len(page) <= 20 and set(page[0]) <= {"id", "from", "subject",
                                                            "@odata.etag"}
            sender = page[0]["from"]["emailAddress"]["address"]
            got = (await call("mail_list_messages", **{
                "$filter": f"from/emailAddress/address eq '{sender}'", "$top": 999}))["value"]
            every = (await call("mail_list_messages", **{"$top": 999}))["value"]
            assert got and len(got) < len(every)
            assert all(m["from"]["emailAddress"]["address"] == sender for m in got)
            word = max(page[0]["subject"].split(), key=len)
            got = (await call("mail_list_messages", **{"$search": f'"{word}"',
                                                       "$top": 999}))["value"]
            assert got and len(got) < len(every)
            # Graph calendar: $top, and $filter by subject.
            events = (await call("calendar_list_events", **{"$top": 5}))["value"]
            assert 0 < len(events) <= 5
            subject = events[0]["subject"]
            got = (await call("calendar_list_events", **{
                "$filter": "subject eq '" + subject.replace("'", "''") + "'"}))["value"]
            assert got and all(e["subject"] == subject for e in got)
            # Greenhouse: candidates by email.
            cands = await call("ats_list_candidates", per_page=100)
            email = next(e["value"] for c in cands for e in c.get("email_addresses", []))
            got = await call("ats_list_candidates", email=email)
            assert 0 < len(got) < len(cands)
            assert all(email in [e["value"] for e in c["email_addresses"]] for c in got)
            # BambooHR: the directory by last name.
            emps = await call("hris_list_employees", companyDomain="arcadia")
            rows = emps["data"] if isinstance(emps, dict) else emps
            last = rows[0]["lastName"]
            got = await call("hris_list_employees", companyDomain="arcadia",
                             **{"filter[lastName]": last})
            got = got["data"] if isinstance(got, dict) else got
            assert 0 < len(got) < len(rows) and all(e["lastName"] == last for e in got)
            # Gusto: employees by search term.
            company = (await call("payroll_get_token_info"))["resource"]["uuid"]
            staff = await call("payroll_list_employees", company_id=company, per=100)
            term = staff[0]["last_name"]
            got = await call("payroll_list_employees", company_id=company, search_term=term)
            assert 0 < len(got) < len(staff)
    finally:
        await env.stop(ep)


@pytest.fixture(scope="module")
def agency_env(harness_for) -> EmbeddedEnvironment:
    return EmbeddedEnvironment(harness_for("bullhorn", "mail").store)


async def test_bullhorn_query_takes_where_fields_order_and_count(agency_env) -> None:
    task = load_task(AGENCY)
    corp = next(s.params["corp"] for s in task.gold if s.app == "bullhorn")
    tools = toolset(["bullhorn"])
    ep = await agency_env.start(task)
    try:
        async with agency_env.client() as client:
            client.headers.update(actor_headers(ep.token))
            base = {"corpToken": corp, "entityType": "Candidate"}
            every = await _call(client, tools, "bullhorn_query_entities", **base,
                                where="id>0", fields="id,lastName", count=500)
            last = every["data"][0]["lastName"]
            got = await _call(client, tools, "bullhorn_query_entities", **base,
                              where=f"lastName='{last}'", fields="id,lastName,owner(id)",
                              orderBy="-id", count=50)
            rows = got["data"]
            assert 0 < len(rows) < len(every["data"])
            assert all(r["lastName"] == last and set(r) <= {"id", "lastName", "owner"}
                       for r in rows)
            assert [r["id"] for r in rows] == sorted((r["id"] for r in rows), reverse=True)
            found = await _call(client, tools, "bullhorn_search_entities", **base,
                                query=f"lastName:{last}", fields="id,lastName", count=50)
            assert found["data"] and all(r["lastName"] == last for r in found["data"])
    finally:
        await agency_env.stop(ep)
