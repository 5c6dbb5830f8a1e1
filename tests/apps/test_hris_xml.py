"""BambooHR's XML in the HRIS, over HTTP: bodies in (employee, row, report), answers out."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import httpx
import pytest

from arcadia.world import World
from tests.apps.test_hris import active_pair, assert_bamboo_error, hr_headers
from tests.apps.test_hris_fields import WRITES, B, fields_of, tick
from tests.factories import new_episode

# -- XML bodies ---------------------------------------------------------------------------------


def employee_xml(fields: dict[str, Any]) -> str:
    inner = "".join(f'<field id="{k}">{v}</field>' for k, v in fields.items())
    return f"<employee>{inner}</employee>"


@pytest.mark.parametrize("content_type", ["application/xml", "text/xml; charset=utf-8", None])
async def test_xml_update_is_the_json_update(hris: httpx.AsyncClient, world: World,
                                             content_type: str | None) -> None:
    me, _ = active_pair(world)
    body = {**WRITES, "jobTitle": "Senior Widget Engineer", "workPhone": "412-555-0100"}
    results = []
    for use_xml in (False, True):
        ep = await new_episode(hris)
        hr = await hr_headers(ep)
        if use_xml:
            headers = {**hr, **({"Content-Type": content_type} if content_type else {})}
            r = await hris.post(f"{B}/employees/{me.id}", content=employee_xml(body),
                                headers=headers)
        else:
            r = await hris.post(f"{B}/employees/{me.id}", json=body, headers=hr)
        assert r.status_code == 200, r.text
        read = await fields_of(hris, hr, me.id, ",".join(body))
        changes = (await ep.changes())["hris"]
        results.append((r.json(), read, changes))
    assert results[0] == results[1]
    assert results[1][1]["jobTitle"] == "Senior Widget Engineer"


async def test_xml_add_employee(hris: httpx.AsyncClient) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    xml = employee_xml({"firstName": "Ann", "lastName": "O&apos;Neil", "gender": "Female",
                        "department": "Engineering"})
    r = await hris.post(f"{B}/employees/", content=xml,
                        headers={**hr, "Content-Type": "application/xml"})
    assert r.status_code == 201, r.text
    assert r.headers["Location"].endswith(f"/employees/{r.json()['id']}")
    got = await fields_of(hris, hr, int(r.json()["id"]), "firstName,lastName,gender,department")
    assert got["lastName"] == "O'Neil" and got["gender"] == "Female"
    assert got["department"] == "Engineering"


@pytest.mark.parametrize(("xml", "why"), [
    ("<employee><field id=\"firstName\">Ann</employee>", "does not parse"),
    ("<employee><field>Ann</field></employee>", "field id"),
    ("<person><field id=\"firstName\">Ann</field></person>", "<employee>"),
    ("<employee><field id=\"a\">1</field><field id=\"a\">2</field></employee>", "twice"),
    ("<employee><field id=\"a\"><b/></field></employee>", "text only"),
    ('<?xml version="1.0"?><!DOCTYPE e [<!ENTITY x "y">]><employee><field id="firstName">'
     "&x;</field></employee>", "DTDs"),
    ('<!DOCTYPE e [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
     '<employee><field id="firstName">&b;</field></employee>', "DTDs"),
    ("not xml at all", "does not parse"),
])
async def test_malformed_xml_is_400_and_changes_nothing(hris: httpx.AsyncClient, world: World,
                                                        xml: str, why: str) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    before = await tick(ep)
    for path in (f"/employees/{me.id}", "/employees/"):
        r = await hris.post(f"{B}{path}", content=xml,
                            headers={**await hr_headers(ep), "Content-Type": "text/xml"})
        assert_bamboo_error(r, 400)
        assert why in r.json()["error"]["message"], r.json()
    assert (await ep.changes()).get("hris", []) == []
    assert await tick(ep) == before


async def test_huge_xml_is_413(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    huge = employee_xml({"middleName": "x" * (1 << 20)})
    r = await hris.post(f"{B}/employees/{me.id}", content=huge,
                        headers={**await hr_headers(ep), "Content-Type": "application/xml"})
    assert_bamboo_error(r, 413)
    assert (await ep.changes()).get("hris", []) == []


async def test_xml_values_meet_the_json_rules(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    by_json = await hris.post(f"{B}/employees/{me.id}", json={"gender": "Robot"}, headers=hr)
    by_xml = await hris.post(f"{B}/employees/{me.id}", content=employee_xml({"gender": "Robot"}),
                             headers={**hr, "Content-Type": "application/xml"})
    assert_bamboo_error(by_xml, 400)
    assert by_xml.json() == by_json.json()
    unknown = await hris.post(f"{B}/employees/{me.id}", headers=hr,
                              content=employee_xml({"shoeSize": "9"}))
    assert_bamboo_error(unknown, 400)
    no_name = await hris.post(f"{B}/employees/", headers=hr,
                              content=employee_xml({"lastName": "Lee"}))
    assert_bamboo_error(no_name, 400)
    assert (await ep.changes()).get("hris", []) == []


async def test_xml_table_row(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    row = ('<row><field id="date">2026-03-16</field><field id="employmentStatus">Part-Time'
           "</field></row>")
    r = await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus", content=row,
                        headers={**hr, "Content-Type": "application/xml"})
    assert r.status_code == 200, r.text
    assert r.json()["employmentStatus"] == "Part-Time" and r.json()["date"] == "2026-03-16"
    wrong_root = await hris.post(f"{B}/employees/{me.id}/tables/employmentStatus",
                                 content=employee_xml({"date": "2026-03-16"}),
                                 headers={**hr, "Content-Type": "application/xml"})
    assert_bamboo_error(wrong_root, 400)


async def test_xml_custom_report(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    body = ('<report output="json"><title>Phones</title><fields><field id="firstName"/>'
            '<field id="mobilePhone"/><field id="shoeSize"/></fields></report>')
    r = await hris.post(f"{B}/reports/custom", params={"format": "json"}, content=body,
                        headers={**hr, "Content-Type": "text/xml"})
    assert r.status_code == 200, r.text
    assert r.json()["title"] == "Phones"
    assert [f["id"] for f in r.json()["fields"]] == ["firstName", "mobilePhone"]
    assert len(r.json()["employees"]) == len(world.people)
    filtered = body.replace("<fields>", '<filters><lastChanged includeNull="no">'
                            "2026-01-01T00:00:00Z</lastChanged></filters><fields>")
    r = await hris.post(f"{B}/reports/custom", content=filtered,
                        headers={**hr, "Content-Type": "text/xml"})
    assert_bamboo_error(r, 400)
    assert r.json()["error"]["field"] == "filters"


async def test_xml_where_bamboohr_takes_json_only(hris: httpx.AsyncClient,
                                                   world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.put(f"{B}/employees/{me.id}/time_off/request",
                       content='<request><start>2026-03-10</start></request>',
                       headers={**await ep.auth(me.id), "Content-Type": "application/xml"})
    assert_bamboo_error(r, 400)
    assert "takes a JSON body" in r.json()["error"]["message"]
    assert (await ep.changes()).get("hris", []) == []


async def test_xml_rates_with_a_currency_attribute(hris: httpx.AsyncClient,
                                                   world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = {**await hr_headers(ep), "Content-Type": "application/xml"}
    r = await hris.post(f"{B}/employees/{me.id}", headers=hr,
                        content='<employee><field id="payRate" currency="USD">91000</field>'
                                "</employee>")
    assert r.status_code == 200, r.text
    assert r.json()["payRate"] == "91000.00 USD"
    row = ('<row><field id="startDate">2026-03-20</field><field id="rate" currency="USD">'
           '93000</field></row>')
    r = await hris.post(f"{B}/employees/{me.id}/tables/compensation", content=row, headers=hr)
    assert r.status_code == 200, r.text
    assert r.json()["rate"] == {"value": "93000.00", "currency": "USD"}
    r = await hris.post(f"{B}/employees/{me.id}", headers=hr,
                        content='<employee><field id="payRate" currency="EUR">1</field>'
                                "</employee>")
    assert_bamboo_error(r, 400)


async def test_xml_update_by_a_non_hr_principal_is_403(hris: httpx.AsyncClient,
                                                       world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}", content=employee_xml({"ssn": "123-45-6789"}),
                        headers={**await ep.auth(me.id), "Content-Type": "application/xml"})
    assert_bamboo_error(r, 403)
    assert (await ep.changes()).get("hris", []) == []


# -- XML answers ---------------------------------------------------------------------------------


def as_xml(r: httpx.Response) -> ET.Element:
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/xml"
    return ET.fromstring(r.content)


@pytest.mark.parametrize("accept", [None, "*/*", "application/xml", "text/xml"])
async def test_reads_answer_xml_without_accept_json(hris: httpx.AsyncClient, world: World,
                                                    accept: str | None) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    auth = {"Authorization": (await ep.auth(me.id))["Authorization"]}
    headers = {**auth, **({"Accept": accept} if accept else {})}
    async with httpx.AsyncClient(transport=hris._transport, base_url="http://arcadia.test",
                                 headers=headers) as plain:
        emp = as_xml(await plain.get(f"{B}/employees/{me.id}",
                                     params={"fields": "firstName,jobTitle,17,ssn"}))
        assert emp.tag == "employee" and emp.get("id") == str(me.id)
        values = {f.get("id"): f.text for f in emp.findall("field")}
        assert me.personal is not None
        assert values == {"firstName": me.first_name, "jobTitle": me.title, "17": me.title,
                          "ssn": me.personal.ssn}
        directory = as_xml(await plain.get(f"{B}/employees/directory"))
        assert directory.tag == "directory"
        assert [f.get("id") for f in directory.findall("fieldset/field")][:2] == \
            ["displayName", "firstName"]
        mine = next(e for e in directory.findall("employees/employee")
                    if e.get("id") == str(boss.id))
        assert {f.get("id"): f.text for f in mine.findall("field")}["workEmail"] == boss.email
        fields = as_xml(await plain.get(f"{B}/meta/fields"))
        ssn = next(f for f in fields.findall("field") if f.get("alias") == "ssn")
        assert (ssn.get("type"), ssn.text) == ("ssn", "SSN")
        lists = as_xml(await plain.get(f"{B}/meta/lists"))
        dept = next(lst for lst in lists.findall("list") if lst.get("alias") == "department")
        assert {o.text for o in dept.findall("options/option")} == \
            {d.name for d in world.departments}
        types = as_xml(await plain.get(f"{B}/meta/time_off/types"))
        assert [t.get("name") for t in types.findall("timeOffType")][:1] == ["Vacation"]
        rows = as_xml(await plain.get(f"{B}/employees/{me.id}/tables/jobInfo"))
        assert rows.tag == "table"
        assert {r.get("employeeId") for r in rows.findall("row")} == {str(me.id)}
        assert [f.text for f in rows.findall("row")[-1].findall("field")
                if f.get("id") == "jobTitle"] == [me.title]
        requests = as_xml(await plain.get(f"{B}/time_off/requests/", params={
            "start": "2026-01-01", "end": "2026-06-30"}))
        assert requests.tag == "requests"
        ours = [t for t in world.time_off if t.person_id == me.id
                and t.end.isoformat() >= "2026-01-01" and t.start.isoformat() <= "2026-06-30"]
        assert len(requests.findall("request")) == len(ours)
        # Errors keep BambooHR's header (and our JSON body), whatever the Accept.
        r = await plain.get(f"{B}/employees/99999999")
        assert_bamboo_error(r, 404)


async def test_accept_json_still_answers_json(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    auth = {"Authorization": (await ep.auth(me.id))["Authorization"]}
    for accept in ("application/json", "application/json, text/plain, */*"):
        r = await hris.get(f"{B}/employees/{me.id}", params={"fields": "firstName"},
                           headers={**auth, "Accept": accept})
        assert r.headers["content-type"] == "application/json"
        assert r.json() == {"id": str(me.id), "firstName": me.first_name}


def test_xml_answers_stay_well_formed() -> None:
    """Stored values XML 1.0 cannot carry are sent as U+FFFD; shapes without a BambooHR
    form fall back to plain elements."""
    from arcadia.apps.hris.xmlio import render_xml

    emp = ET.fromstring(render_xml("/v1/employees/{id}/", {"id": "1", "firstName": "a\x01b"}))
    assert emp.find("field") is not None and emp.find("field").text == "a\ufffdb"  # type: ignore[union-attr]
    changed = ET.fromstring(render_xml("/v1/employees/changed", {
        "latest": "2026-03-02T09:00:00+00:00",
        "employees": {"5": {"id": "5", "action": "Updated", "lastChanged": "2026-03-02"}}}))
    assert changed.find("employee").attrib == {  # type: ignore[union-attr]
        "id": "5", "action": "Updated", "lastChanged": "2026-03-02"}
    other = ET.fromstring(render_xml("/v1/things", {"data": [{"id": 1, "2x": None}]}))
    assert other.tag == "things" and other.find("data/item/id").text == "1"  # type: ignore[union-attr]


async def test_table_routes_speak_xml(hris: httpx.AsyncClient, world: World) -> None:
    """The tables, sync and meta routes share the router's route class: XML rows in, and
    BambooHR's XML shapes out without Accept: application/json."""
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    row = ('<row><field id="name">Robin Vale</field><field id="relationship">Sibling</field>'
           '<field id="mobilePhone">412-555-0133</field></row>')
    r = await hris.post(f"{B}/employees/{me.id}/tables/emergencyContacts", content=row,
                        headers={**hr, "Content-Type": "application/xml"})
    assert r.status_code in (200, 201), r.text
    xml_only = {"Authorization": hr["Authorization"], "Accept": "*/*"}
    table = as_xml(await hris.get(f"{B}/employees/{me.id}/tables/emergencyContacts",
                                  headers=xml_only))
    names = [f.text for r_ in table.findall("row") for f in r_.findall("field")
             if f.get("id") == "name"]
    assert "Robin Vale" in names
    tables = as_xml(await hris.get(f"{B}/meta/tables", headers=xml_only))
    assert "jobInfo" in {t.get("alias") for t in tables.findall("table")}
    out = as_xml(await hris.get(f"{B}/time_off/whos_out", headers=xml_only,
                                params={"start": "2026-03-01", "end": "2026-03-31"}))
    assert out.tag == "calendar" and out.findall("item")
    changed = as_xml(await hris.get(f"{B}/employees/changed", headers=xml_only,
                                    params={"since": "2026-01-01T00:00:00Z"}))
    assert str(me.id) in {e.get("id") for e in changed.findall("employee")}
    synced = as_xml(await hris.get(f"{B}/employees/changed/tables/jobInfo", headers=xml_only,
                                   params={"since": "2026-01-01T00:00:00Z"}))
    assert synced.get("alias") == "jobInfo" and synced.findall("employee/row")
    users = as_xml(await hris.get(f"{B}/meta/users", headers=xml_only))
    assert users.findall("user") and users.find("user").get("employeeId")  # type: ignore[union-attr]
