"""Observations never break: an answer over the limit comes back as valid JSON under it,
cut to whole items with a note in the product's own paging terms, through the environment
API over HTTP, the package API and MCP in memory; a short answer is unchanged byte for
byte; the limit is stated in every read tool, the environment API's and MCP's documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from arcadia.agents.base import OBSERVATION_CHARS, Observation, ToolCall
from arcadia.agents.env import env_server
from arcadia.agents.mcp import in_memory
from arcadia.agents.tools import execute, toolset
from arcadia.grader import EmbeddedEnvironment

TASKS = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"
TASK = "hr-mismatch-title"
REPORT = "hris_create_custom_report"


def custom_report(people: int = 1_000) -> dict[str, Any]:
    """A BambooHR custom report of about 259 KB (the size an agent met)."""
    return {"title": "Everyone", "fields": [
        {"id": f, "type": "text", "name": f} for f in ("firstName", "workEmail", "jobTitle")],
        "employees": [{"id": str(i), "firstName": f"Person {i:04d}",
                       "workEmail": f"person.{i:04d}@arcadia-robotics.com",
                       "jobTitle": "Senior Robotics Integration Engineer II",
                       "department": "Manufacturing Engineering", "location": "Pittsburgh",
                       "supervisor": "Someone Else", "note": "x" * 17}
                      for i in range(people)]}


BIG = custom_report()


def parse(text: str) -> tuple[str, Any]:
    head, _, rest = text.partition("\n")
    return head, json.loads(rest)


class BigReport(EmbeddedEnvironment):
    """The embedded apps, but the HRIS custom report answers `BIG`."""

    def __init__(self, base: EmbeddedEnvironment) -> None:
        super().__init__(base.store)

    def client(self) -> httpx.AsyncClient:
        client = super().client()
        inner = client._transport

        async def handle(request: httpx.Request) -> httpx.Response:
            if request.url.path.endswith("/reports/custom"):
                return httpx.Response(200, json=BIG)
            return await inner.handle_async_request(request)

        client._transport = httpx.MockTransport(handle)
        return client


@pytest.fixture(scope="module")
def env(harness_for):
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


def test_the_answer_is_259_kb() -> None:
    assert 255_000 < len(orjson.dumps(BIG)) < 263_000


async def test_a_long_answer_over_the_env_api_is_valid_json_with_the_note(env) -> None:
    api = env_server(TASKS, BigReport(env))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api),
                                 base_url="http://env") as c:
        sid = (await c.post("/sessions", json={"task_id": TASK})).json()["session_id"]
        action = {"name": REPORT, "arguments": {"companyDomain": "arcadia",
                                                "fields": ["firstName", "workEmail"]}}
        r = (await c.post(f"/sessions/{sid}/step", json={"action": action})).json()
        small = {"name": "hris_get_company_information",
                 "arguments": {"companyDomain": "arcadia"}}
        s = (await c.post(f"/sessions/{sid}/step", json={"action": small})).json()
        await c.delete(f"/sessions/{sid}")
    text = r["observation"]
    assert len(text) <= OBSERVATION_CHARS
    head, cut = parse(text)
    assert head == "HTTP 200"
    assert (cut["truncated"], cut["list"], cut["total"]) == (True, "/employees", 1_000)
    assert cut["chars"] == len(orjson.dumps(BIG))
    n = cut["shown"]
    assert 10 < n < 1_000 and cut["body"]["employees"] == BIG["employees"][:n]
    assert cut["body"]["fields"] == BIG["fields"]  # the rest of the body is whole
    # BambooHR's custom report does not page: the note says what would fit more.
    assert "does not page" in cut["how_to_get_the_rest"]
    assert "`fields`" in cut["how_to_get_the_rest"]
    # A short answer is what it always was: the status line and the body's compact JSON.
    assert s["observation"] == "HTTP 200\n" + orjson.dumps(parse(s["observation"])[1]).decode()


def test_a_short_answer_is_unchanged_byte_for_byte() -> None:
    for body in ({"a": [1, 2], "b": "é"}, [1, 2, 3], None, "plain text", {"x": "y" * 15_000}):
        raw = body if isinstance(body, str) else orjson.dumps(body).decode()
        assert Observation(200, body).text() == f"HTTP 200\n{raw}"


@pytest.mark.parametrize(("tool", "args", "says"), [
    ("mail_list_messages", {"$skip": 40}, ["`$top`={n}", "`$skip`={n40}"]),
    ("procurement_list_invoices", {"offset": 100}, ["`limit`={n}", "`offset`={n100}"]),
    ("payroll_list_employees", {"company_id": "c"}, ["`per`={n}", "`page`=1, 2"]),
    ("ats_list_candidates", {}, ["`per_page`={n}", "`page`=1, 2"]),
    ("hris_list_employees", {"companyDomain": "arcadia"}, ["`page[limit]`={n}",
                                                           "nextCursor"]),
    ("sheets_get_values", {"spreadsheetId": "s", "range": "A1:Z9999"},
     ["first {n} rows", "A1 notation"]),
])
async def test_the_note_names_the_products_paging(tool: str, args: dict[str, Any],
                                                  says: list[str]) -> None:
    """Through the package API (`execute`), on any app: the list cut, the note's numbers
    filled in from the call."""
    items = [{"id": i, "subject": "s" * 200} for i in range(400)]
    answer: Any = {"@odata.context": "x", "value": items} if tool.startswith("mail") else (
        {"range": "A1:Z9999", "values": [[str(i)] * 20 for i in range(3_000)]}
        if tool.startswith("sheets") else items)

    async def handle(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=answer)

    async with httpx.AsyncClient(transport=httpx.MockTransport(handle),
                                 base_url="http://x") as client:
        obs = await execute(client, {}, toolset(), ToolCall(tool, args))
    assert obs.body == answer  # the observation keeps the whole body
    text = obs.text()
    assert len(text) <= OBSERVATION_CHARS
    cut = parse(text)[1]
    n = cut["shown"]
    start = int(args.get("$skip", args.get("offset", 0)))
    for s in says:
        assert s.format(n=n, n40=start + n, n100=start + n) in cut["how_to_get_the_rest"]


def test_a_body_with_no_list_to_cut_is_a_prefix_in_valid_json() -> None:
    body = {"id": 1, "body": {"contentType": "html", "content": "<p>" + "z" * 40_000}}
    text = Observation(200, body).text()
    assert len(text) <= OBSERVATION_CHARS
    cut = parse(text)[1]
    assert cut["truncated"] and cut["chars"] == len(orjson.dumps(body))
    assert orjson.dumps(body).decode().startswith(cut["prefix"])
    assert cut["shown_chars"] == len(cut["prefix"]) > 15_000
    assert parse(Observation(200, "<xml>" * 5_000).text())[1]["prefix"].startswith("<xml>")


async def test_over_mcp_the_text_is_cut_and_the_structured_content_whole() -> None:
    async def handle(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=BIG)

    async with httpx.AsyncClient(transport=httpx.MockTransport(handle),
                                 base_url="http://x") as client:
        async with in_memory(toolset(["hris"]), client) as caller:
            result = await caller.session.call_tool(REPORT, {
                "companyDomain": "arcadia", "fields": ["firstName"]})
            obs = await caller(ToolCall(REPORT, {"companyDomain": "arcadia",
                                                 "fields": ["firstName"]}))
            assert caller.instructions and f"{OBSERVATION_CHARS:,} characters" in \
                caller.instructions
    text = result.content[0].text
    assert len(text) <= OBSERVATION_CHARS and parse(text)[1]["list"] == "/employees"
    assert obs.body == BIG and obs.text() == text  # the same observation on both sides


def test_the_limit_is_stated_in_every_read_tool_and_the_documents(env) -> None:
    every = [*toolset().tools.values(), *toolset(["bullhorn", "restaurant"]).tools.values()]
    reads = [t for t in every if not t.write]
    assert len(reads) > 150
    line = f"An answer over {OBSERVATION_CHARS:,} characters comes back cut"
    assert all(line in t.description for t in reads)
    assert not any(line in t.description for t in every if t.write)
    said = {t.name: t.description.rsplit("\n\n", 1)[1] for t in reads}
    assert "`$top` and `$skip`" in said["mail_list_messages"]
    assert "`limit` and `offset`" in said["procurement_list_invoices"]
    assert "`count` and `start`" in said["bullhorn_search_entities"]
    assert "`per` and `page`" in said["payroll_list_employees"]
    assert "does not page: ask for fewer `fields`" in said[REPORT]
    assert "`limit` and `after_seq`" in said["restaurant_list_events"]
    api = env_server(TASKS, env)
    doc = api.openapi()["info"]["description"]
    assert f"{OBSERVATION_CHARS:,}" in doc and "how_to_get_the_rest" in doc
    assert "briefing" in doc
