"""Bullhorn's per-entity schemas in the OpenAPI document hold what the API does: every
seeded record, read with every field its entity has, matches its `<Entity>` response
schema, and a body built from `<Entity>Create` alone (its required fields, to-one ids of
real records) is accepted by PUT."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import jsonschema
import pytest

from arcadia.apps.bullhorn.fields import ENTITIES, MAX_FIELDS
from tests.apps.bullhorn_world import Session, agency_episode, sign_in
from tests.apps.test_openapi import document
from tests.factories import Harness


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return document("bullhorn")


@pytest.fixture
async def bh(harness_for: Callable[..., Harness]) -> AsyncIterator[Session]:
    server = harness_for("bullhorn").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield await sign_in(await agency_episode(c))


def validator(doc: dict[str, Any], name: str) -> jsonschema.Validator:
    schema = {**doc["components"]["schemas"][name], "components": doc["components"]}
    return jsonschema.Draft202012Validator(schema)


async def test_every_record_read_matches_its_entitys_schema(bh: Session,
                                                            doc: dict[str, Any]) -> None:
    for name, spec in ENTITIES.items():
        check = validator(doc, name)
        names = [f for f in spec.fields if f != "id"]
        for at in range(0, len(names), MAX_FIELDS // 2):
            r = await bh.get(f"query/{name}", where="id > 0", orderBy="id", count=25,
                             fields=",".join(names[at:at + MAX_FIELDS // 2]))
            assert r.status_code == 200, (name, r.text)
            rows = r.json()["data"]
            assert rows or name in ("Appointment",), name
            for row in rows:
                errors = [e.message for e in check.iter_errors(row)]
                assert not errors, (name, row["id"], errors[:3])
        # The schema names each of the entity's fields, and no other (slots by pattern).
        schema = doc["components"]["schemas"][name]
        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        slots = {f for f in spec.fields if any(p.match(f) for p in patterns)}
        assert set(schema["properties"]) | slots == set(spec.fields), name
        assert not set(schema["properties"]) & slots, name


async def test_documented_fields_of_every_kind_read_as_their_schema_says(
        bh: Session, doc: dict[str, Any]) -> None:
    me = bh.user["id"]
    contact = (await bh.get("query/ClientContact", where="id > 0", fields="id",
                            count=1)).json()["data"][0]["id"]
    key = await bh.create("Candidate", {
        "firstName": "Kind", "lastName": "Probe", "customDate1": 1_767_225_600_000,
        "customFloat2": 2.5, "customInt3": -7, "customText5": "five", "dayRate": 410.25,
        "isExempt": True, "linkedPerson": {"id": contact}, "owner": {"id": me},
        "referredByPerson": {"id": contact, "_subtype": "ClientContact"},
        "secondaryAddress": {"city": "Ogden", "countryID": 1}})
    names = ("customDate1,customFloat2,customInt3,customText5,dayRate,isExempt,linkedPerson,"
             "owner,referredByPerson,secondaryAddress,onboardingReceivedSent,primarySkills,"
             "dateLastComment,hourlyRate,address")
    r = await bh.get(f"entity/Candidate/{key}", fields=names)
    assert r.status_code == 200, r.text
    row = r.json()["data"]
    assert row["customInt3"] == -7 and row["secondaryAddress"]["city"] == "Ogden"
    assert not [e.message for e in validator(doc, "Candidate").iter_errors(row)]


async def test_a_body_made_from_a_create_schema_is_accepted(bh: Session,
                                                            doc: dict[str, Any]) -> None:
    """The create schema's required fields are enough (to-one ids: a real record's)."""
    for name, spec in ENTITIES.items():
        schema = doc["components"]["schemas"].get(f"{name}Create")
        if spec.read_only:
            assert schema is None, name
            continue
        assert schema["x-path-parameters"] == {"entityType": name}
        body: dict[str, Any] = {}
        for field in schema.get("required", []):
            prop = schema["properties"][field]
            if "$ref" in prop:  # a to-one association: a record of its target
                target = spec.fields[field].target
                r = await bh.get(f"query/{target}", where="id > 0", fields="id", count=1)
                body[field] = {"id": r.json()["data"][0]["id"]}
            elif prop["type"] == "integer":
                body[field] = 1_767_225_600_000
            else:
                body[field] = f"{name} {field}"
        r = await bh.put(f"entity/{name}", body)
        assert r.status_code == 200, (name, body, r.text)


def test_the_write_functions_fit_the_tool_budget(doc: dict[str, Any]) -> None:
    """Every entity's body in one function stays under the agent's schema budget (the
    numbered slots are one pattern each, the shared conventions said once)."""
    import json

    from arcadia.agents.tools import TOOL_SCHEMA_CHARS, tools_of

    tools = {t.name: t for t in tools_of("bullhorn", doc)}
    for name in ("bullhorn_create_entity", "bullhorn_update_entity"):
        body = tools[name].parameters["properties"]["body"]
        assert len(json.dumps(tools[name].parameters["properties"])) <= TOOL_SCHEMA_CHARS
        described = [m["description"] for m in body["anyOf"]]
        assert any("Candidate" in d for d in described), name
