"""The tool surface: every operation of the seven apps as a function, and its calls."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from arcadia.agents.base import ToolCall
from arcadia.agents.tools import AppFailure, ToolError, execute, toolset
from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader import EmbeddedEnvironment, load_task

TASK = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch" / "hr-mismatch-title.json"


@pytest.fixture(scope="module")
def tools():
    return toolset()


def test_every_operation_is_a_function(tools):
    from arcadia.taskgen.graph import documents

    ops = {o["operationId"] for d in documents().values() for ops in d["paths"].values()
           for o in ops.values() if isinstance(o, dict) and "operationId" in o}
    assert set(tools.tools) == ops and len(ops) > 400
    for schema in tools.schemas():
        f = schema["function"]
        assert schema["type"] == "function" and f["description"]
        text = json.dumps(f["parameters"])
        assert "$ref" not in text and '"x-' not in text
        assert f["parameters"]["type"] == "object"
        assert set(f["parameters"].get("required", [])) <= set(f["parameters"]["properties"])


def test_roles_and_apps_narrow_the_set(tools):
    mail = toolset(["mail"])
    assert mail.tools and {t.app for t in mail.tools.values()} == {"mail"}
    employee = toolset(roles=["employee"])
    assert len(employee) < len(tools)
    assert all(not t.roles or "employee" in t.roles for t in employee.tools.values())
    assert toolset(["mail"]) is mail  # documents and tools built once


def test_request_routes_each_argument(tools):
    req = tools.request(ToolCall("payroll_update_job", {
        "job_id": "a b/c", "version": "v1", "title": "Chief"}))
    assert (req.app, req.method, req.path) == ("payroll", "PUT", "/v1/jobs/a%20b%2Fc")
    assert req.body == {"version": "v1", "title": "Chief"} and req.query == {}
    req = tools.request(ToolCall("payroll_list_employees", {
        "company_id": "c1", "search_term": "x@y", "terminated": True, "page": None}))
    assert req.query == {"search_term": "x@y", "terminated": True} and req.body is None
    req = tools.request(ToolCall("ats_create_tag", {"On-Behalf-Of": 7, "name": "t"}))
    assert req.headers == {"On-Behalf-Of": "7"} and req.body == {"name": "t"}


def test_a_clashing_body_goes_whole_under_body(tools):
    t = tools.tools["sheets_update_values"]
    assert t.whole_body and "body" in t.parameters["properties"]
    req = tools.request(ToolCall("sheets_update_values", {
        "spreadsheetId": "s", "range": "Sheet1!A1", "valueInputOption": "RAW",
        "body": {"range": "Sheet1!A1", "values": [[1]]}}))
    assert req.path.endswith("/s/values/Sheet1%21A1") and req.query == {"valueInputOption": "RAW"}
    assert req.body == {"range": "Sheet1!A1", "values": [[1]]}
    # An array body cannot be flattened either.
    assert tools.tools["hris_assign_time_off_policies"].parameters["properties"]["body"][
        "type"] == "array"


@pytest.mark.parametrize(("call", "says"), [
    (ToolCall("payroll_updte_job", {}), "did you mean 'payroll_update_job'"),
    (ToolCall("payroll_update_job", {"version": "v"}), "missing required argument 'job_id'"),
    (ToolCall("payroll_update_job", {"job_id": "j", "colour": 1}), "no argument 'colour'"),
    (ToolCall("payroll_update_job", ["j"]), "must be a JSON object"),  # type: ignore[arg-type]
    (ToolCall("payroll_update_job", {"job_id": "j", "title": ["x"]}), "must be"),
])
def test_refused_calls(tools, call, says):
    with pytest.raises(ToolError, match=says.replace("(", r"\(")):
        tools.request(call)


def test_url_arguments_are_loose_about_text(tools):
    req = tools.request(ToolCall("payroll_get_job", {"job_id": 42}))
    assert req.path == "/v1/jobs/42"


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


async def test_execute_reads_writes_and_refuses(env, tools):
    task = load_task(TASK)
    ep = await env.start(task)
    headers = {"Authorization": f"Bearer {ep.token}"}
    try:
        async with env.client() as client:
            obs = await execute(client, headers, tools, ToolCall("payroll_get_token_info", {}))
            assert obs.ok and obs.body["resource"]["uuid"]
            company = obs.body["resource"]["uuid"]
            obs = await execute(client, headers, tools, ToolCall("payroll_list_employees", {
                "company_id": company, "search_term": "wendy.moon@arcadia-robotics.com"}))
            job = obs.body[0]["jobs"][0]
            obs = await execute(client, headers, tools, ToolCall("payroll_update_job", {
                "job_id": job["uuid"], "version": "stale", "title": "X"}))
            assert 400 <= obs.status < 500 and obs.error is None and obs.body  # to the model
            obs = await execute(client, headers, tools, ToolCall("payroll_update_job", {
                "job_id": job["uuid"], "version": job["version"], "title": "Chief Tester"}))
            assert obs.ok and obs.body["title"] == "Chief Tester"
            obs = await execute(client, headers, tools, ToolCall("nope", {}))
            assert obs.status == 0 and obs.error and "unknown tool" in obs.text()
        diff = await env.diff(ep)
        assert diff.changed_tables()
    finally:
        await env.stop(ep)


async def test_a_5xx_is_the_environments_fault(tools):
    def fail(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503, text="down")

    async with httpx.AsyncClient(transport=httpx.MockTransport(fail),
                                 base_url="http://x") as client:
        with pytest.raises(AppFailure, match="payroll answered 503") as e:
            await execute(client, {}, tools, ToolCall("payroll_get_token_info", {}))
    assert isinstance(e.value, EnvironmentFailure) and e.value.app == "payroll"


def test_a_tool_fits_the_schema_budget_and_keeps_its_top_fields(tools):
    """Sheets' batchUpdate documents 69 request kinds in full (180 KB of JSON): its function
    keeps every kind and each kind's fields, and summarises what is nested deeper by its
    field names, so no tool's parameters pass `TOOL_SCHEMA_CHARS`."""
    from arcadia.agents.tools import TOOL_SCHEMA_CHARS, fit

    for schema in tools.schemas():
        assert len(json.dumps(schema["function"]["parameters"]["properties"])) <= \
            TOOL_SCHEMA_CHARS, schema["function"]["name"]
    batch = next(s for s in tools.schemas()
                 if s["function"]["name"] == "sheets_batch_update_spreadsheet")
    kinds = batch["function"]["parameters"]["properties"]["requests"]["items"]["properties"]
    assert {"addSheet", "addNamedRange", "addProtectedRange", "setBasicFilter",
            "repeatCell", "findReplace"} <= set(kinds)
    named = next(a for a in kinds["addNamedRange"]["anyOf"] if a.get("type") == "object")
    inner = next(a for a in named["properties"]["namedRange"]["anyOf"] if a.get("type"))
    assert inner["description"] == "Fields: name, namedRangeId, range."
    small = {"a": {"type": "string"}}
    assert fit(small) is small  # what fits is left as it is
