"""The restaurant's allergen flag `conflict` is described where the manager reads it
(issue 29): on the trace lines of the OpenAPI document the app serves, and in the tools'
descriptions of the reads that return trace lines."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from arcadia.agents.tools import toolset
from tests.factories import JSON, Harness

READS = ("restaurant_get_shift", "restaurant_advance_clock", "restaurant_list_events")


def says_what_conflict_means(text: str) -> bool:
    """Both meanings: at screening (a declared allergen on the order: an allergen-safe prep)
    and at serving (it reached the guest without that prep: a safety violation)."""
    return all(word in text for word in ("`conflict`", "`screened`", "`served`",
                                         "allergen the guest declared", "allergen-safe prep",
                                         "safety violation"))


async def test_the_document_describes_conflict(harness_for: Callable[..., Harness]) -> None:
    server = harness_for("restaurant").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=JSON) as c:
        r = await c.get("/restaurant/openapi.json")
    assert r.status_code == 200, r.text
    doc = r.json()
    schemas = doc["components"]["schemas"]
    line = schemas["EventLine"]
    assert says_what_conflict_means(line["properties"]["conflict"]["description"])
    # The trace and the floor list their lines as EventLine.
    assert schemas["EventsOut"]["properties"]["lines"]["items"]["$ref"].endswith("/EventLine")
    recent = schemas["Observation"]["properties"]["recent_events"]
    assert recent["items"]["$ref"].endswith("/EventLine")
    ops = {op["operationId"]: op for item in doc["paths"].values() for op in item.values()}
    for name in READS:
        assert says_what_conflict_means(ops[name]["description"]), name


def test_the_tools_describe_conflict() -> None:
    tools = toolset(["restaurant"]).tools
    for name in READS:
        assert says_what_conflict_means(tools[name].description), name
