"""The HRIS's standard employee fields, `fields=` handling, and BambooHR's XML, over HTTP."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from arcadia.apps.hris.fields import PAY_FREQUENCY, PHOTO_PLACEHOLDER
from arcadia.world import Person, World
from tests.apps.test_hris import active_pair, assert_bamboo_error, bystander, hr_headers
from tests.factories import ADMIN, SPEC, EpisodeHandle, Harness, new_episode

B = "/hris/api/gateway.php/arcadia/v1"
NEW_FIELDS = ("middleName,gender,maritalStatus,mobilePhone,homePhone,homeEmail,"
              "workPhoneExtension,photoUrl,originalHireDate,payFrequency,ssn,departmentId,"
              "divisionId,locationId,jobTitleId,employmentStatusId")
WRITES: dict[str, Any] = {
    "middleName": "Quinn", "gender": "Non-binary", "maritalStatus": "Separated",
    "mobilePhone": "412-555-0199", "homePhone": "412-555-0142",
    "homeEmail": "quinn.home@example.org", "workPhoneExtension": "4410",
    "originalHireDate": "2015-06-01", "payFrequency": "Every other week",
    "ssn": "123-45-6789",
}
READ_ONLY = ("photoUrl", "departmentId", "divisionId", "locationId", "jobTitleId",
             "employmentStatusId")


@pytest.fixture
async def hris(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("hris").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


@pytest.fixture
def world(harness_for: Callable[..., Harness]) -> World:
    return harness_for("hris").store.template(SPEC).world


async def fields_of(hris: httpx.AsyncClient, headers: dict[str, str], emp: int,
                    fields: str) -> dict[str, Any]:
    r = await hris.get(f"{B}/employees/{emp}/", params={"fields": fields}, headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    return dict(r.json())


async def option_ids(hris: httpx.AsyncClient, headers: dict[str, str]) -> dict[str, dict[str, str]]:
    r = await hris.get(f"{B}/meta/lists", headers=headers)
    assert r.status_code == 200
    return {lst["alias"]: {o["name"]: str(o["id"]) for o in lst["options"]} for lst in r.json()}


async def tick(ep: EpisodeHandle) -> int:
    r = await ep.client.get(f"/admin/episodes/{ep.id}", headers=ADMIN)
    return int(r.json()["tick"])


# -- the standard fields -----------------------------------------------------------------------


async def test_new_fields_read_the_world(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    lists = await option_ids(hris, hr)
    dept = {d.id: d.name for d in world.departments}
    loc = {loc.id: loc.name for loc in world.locations}
    people = [p for p in world.people if p.status == "active"][:25]
    seen_ext = seen_home = False
    for p in people:
        got = await fields_of(hris, hr, p.id, NEW_FIELDS)
        facts = p.personal
        assert facts is not None
        assert got["middleName"] == facts.middle_name
        assert got["gender"] == facts.gender in ("Male", "Female", "Non-binary")
        assert got["maritalStatus"] == facts.marital_status
        assert got["mobilePhone"] == facts.mobile_phone
        assert got["homePhone"] == facts.home_phone
        assert got["homeEmail"] == facts.home_email
        assert got["workPhoneExtension"] == facts.work_phone_extension
        assert got["ssn"] == facts.ssn and len(got["ssn"]) == 11
        assert got["photoUrl"] == PHOTO_PLACEHOLDER
        assert got["originalHireDate"] == p.hire_date.isoformat()
        assert got["payFrequency"] == PAY_FREQUENCY
        # The ids are those of GET /meta/lists.
        assert got["departmentId"] == lists["department"][dept[p.department_id]]
        assert got["divisionId"] == lists["division"][p.team]
        assert got["locationId"] == lists["location"][loc[p.location_id]]
        assert got["jobTitleId"] == lists["jobTitle"][p.title]
        assert got["employmentStatusId"] == lists["employmentHistoryStatus"]["Full-Time"]
        seen_ext = seen_ext or facts.work_phone_extension is not None
        seen_home = seen_home or facts.home_phone is None
    assert seen_ext and seen_home  # both kinds of people were read
    # The world's SSNs are unique.
    ssns = [p.personal.ssn for p in world.people if p.personal]
    assert len(set(ssns)) == len(world.people)


async def test_directory_carries_mobile_phone_and_extension(hris: httpx.AsyncClient,
                                                            world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.get(f"{B}/employees/directory", headers=await ep.auth(me.id))
    row = next(e for e in r.json()["employees"] if e["id"] == str(me.id))
    assert me.personal is not None
    assert row["mobilePhone"] == me.personal.mobile_phone
    assert row["workPhoneExtension"] == me.personal.work_phone_extension
    assert row["photoUrl"] == PHOTO_PLACEHOLDER


async def test_meta_fields_and_lists_list_the_new_fields(hris: httpx.AsyncClient) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    meta = {f["alias"]: f for f in (await hris.get(f"{B}/meta/fields", headers=hr)).json()}
    expected = {"middleName": "text", "gender": "gender", "maritalStatus": "marital_status",
                "mobilePhone": "phone", "homePhone": "phone", "homeEmail": "email",
                "workPhoneExtension": "text", "photoUrl": "url", "originalHireDate": "date",
                "payFrequency": "list", "ssn": "ssn", "departmentId": "int",
                "divisionId": "int", "locationId": "int", "jobTitleId": "int",
                "employmentStatusId": "int"}
    for alias, kind in expected.items():
        assert meta[alias]["type"] == kind, alias
    # A field's numeric id reads it like its name.
    by_id = await fields_of(hris, hr, 1001, f"{meta['ssn']['id']},gender")
    assert by_id[str(meta["ssn"]["id"])] and by_id["gender"]
    lists = {lst["alias"] for lst in (await hris.get(f"{B}/meta/lists", headers=hr)).json()}
    assert {"department", "division", "location", "employmentHistoryStatus",
            "jobTitle"} <= lists


async def test_new_fields_written_and_read_back(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}", json=WRITES, headers=hr)
    assert r.status_code == 200, r.text
    assert r.json() == {"id": str(me.id), **WRITES}
    assert await fields_of(hris, hr, me.id, ",".join(WRITES)) == {"id": str(me.id), **WRITES}
    changes = [c for c in (await ep.changes())["hris"] if c["table"] == "employee"]
    assert len(changes) == 1 and changes[0]["old"] is not None
    assert (changes[0]["new"]["ssn"], changes[0]["new"]["gender"]) == ("123-45-6789",
                                                                       "Non-binary")
    # Spellings are normalised as BambooHR does: case-insensitive choices, SSN dashes.
    r = await hris.post(f"{B}/employees/{me.id}", headers=hr,
                        json={"gender": "female", "ssn": "587654321", "payFrequency": "monthly",
                              "maritalStatus": "MARRIED", "homePhone": ""})
    assert r.status_code == 200, r.text
    got = await fields_of(hris, hr, me.id, "gender,ssn,payFrequency,maritalStatus,homePhone")
    assert got == {"id": str(me.id), "gender": "Female", "ssn": "587-65-4321",
                   "payFrequency": "Monthly", "maritalStatus": "Married", "homePhone": None}


@pytest.mark.parametrize(("field", "value"), [
    ("gender", "Robot"), ("maritalStatus", "Complicated"), ("payFrequency", "Hourly"),
    ("ssn", "666-12-3456"), ("ssn", "123-00-4567"), ("ssn", "12-345-6789"),
    ("ssn", "\u0661\u0662\u0663-45-6789"), ("homeEmail", "not-an-email"),
    ("originalHireDate", "2015-02-30"), ("mobilePhone", "4" * 41), ("middleName", 7),
])
async def test_bad_values_are_400_and_change_nothing(hris: httpx.AsyncClient, world: World,
                                                     field: str, value: Any) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}", json={field: value, "workPhone": "1"},
                        headers=await hr_headers(ep))
    assert_bamboo_error(r, 400)
    assert r.json()["error"]["field"] == field
    assert (await ep.changes()).get("hris", []) == []


@pytest.mark.parametrize("field", READ_ONLY)
async def test_read_only_fields_are_refused(hris: httpx.AsyncClient, world: World,
                                            field: str) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    r = await hris.post(f"{B}/employees/{me.id}", json={field: "3", "workPhone": "1"},
                        headers=await hr_headers(ep))
    assert_bamboo_error(r, 400)
    assert "read-only" in r.json()["error"]["message"]
    assert (await ep.changes()).get("hris", []) == []


async def test_duplicate_ssn_is_a_conflict(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    assert boss.personal is not None
    r = await hris.post(f"{B}/employees/{me.id}", json={"ssn": boss.personal.ssn},
                        headers=await hr_headers(ep))
    assert_bamboo_error(r, 409)
    assert (await ep.changes()).get("hris", []) == []


async def test_new_employee_gets_the_new_fields(hris: httpx.AsyncClient) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    body = {"firstName": "Ann", "lastName": "Lee", "hireDate": "2026-03-16", **WRITES}
    body.pop("originalHireDate")
    r = await hris.post(f"{B}/employees/", json=body, headers=hr)
    assert r.status_code == 201, r.text
    new = int(r.json()["id"])
    got = await fields_of(hris, hr, new, ",".join(body) + ",originalHireDate")
    assert got["originalHireDate"] == "2026-03-16"  # defaults to the hire date
    assert {k: got[k] for k in WRITES if k != "originalHireDate"} == \
        {k: v for k, v in WRITES.items() if k != "originalHireDate"}


# -- who sees the SSN ----------------------------------------------------------------------------


async def test_ssn_and_pay_frequency_only_for_hr_payroll_and_self(hris: httpx.AsyncClient,
                                                                  world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    other = bystander(world, me.id, boss.id)
    assert me.personal is not None
    fields = "firstName,ssn,payFrequency,gender"
    payroll = await ep.principal_with("payroll", without=("hr",))
    for who in (await hr_headers(ep), await ep.auth(payroll), await ep.auth(me.id)):
        got = await fields_of(hris, who, me.id, fields)
        assert got["ssn"] == me.personal.ssn and got["payFrequency"] == PAY_FREQUENCY
    for who in (await ep.auth(boss.id), await ep.auth(other.id)):  # their manager, a peer
        got = await fields_of(hris, who, me.id, fields)
        assert "ssn" not in got and "payFrequency" not in got
        assert got["firstName"] == me.first_name and got["gender"] == me.personal.gender
    report = await hris.post(f"{B}/reports/custom", headers=await ep.auth(other.id),
                             json={"fields": ["ssn", "firstName"]})
    assert all("ssn" not in e for e in report.json()["employees"] if e["id"] != str(other.id))
    own = next(e for e in report.json()["employees"] if e["id"] == str(other.id))
    assert other.personal is not None and own["ssn"] == other.personal.ssn


async def test_only_hr_writes_the_new_fields(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    for who in (me.id, boss.id):
        r = await hris.post(f"{B}/employees/{me.id}", json={"ssn": "123-45-6789"},
                            headers=await ep.auth(who))
        assert_bamboo_error(r, 403)
    assert (await ep.changes()).get("hris", []) == []


# -- fields= -------------------------------------------------------------------------------------


async def test_unknown_fields_are_left_out_not_a_400(hris: httpx.AsyncClient, world: World
                                                     ) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    got = await fields_of(hris, hr, me.id, "firstName,shoeSize,99999,,lastName,firstName")
    assert got == {"id": str(me.id), "firstName": me.first_name, "lastName": me.last_name}
    assert await fields_of(hris, hr, me.id, "nothing,known") == {"id": str(me.id)}
    report = await hris.post(f"{B}/reports/custom", headers=hr,
                             json={"fields": ["firstName", "shoeSize"]})
    assert report.status_code == 200
    assert [f["id"] for f in report.json()["fields"]] == ["firstName"]
    assert all(set(e) == {"id", "firstName"} for e in report.json()["employees"])
    # More than 400 names is still refused, as in BambooHR.
    r = await hris.get(f"{B}/employees/{me.id}/", headers=hr,
                       params={"fields": ",".join(["firstName"] * 401)})
    assert_bamboo_error(r, 400)


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


def test_people_have_personal_facts(world: World) -> None:
    person: Person = world.people[0]
    assert person.personal is not None and person.personal.mobile_phone


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


async def test_only_current_false_reads_scheduled_rows(hris: httpx.AsyncClient,
                                                       world: World) -> None:
    ep = await new_episode(hris)
    hr = await hr_headers(ep)
    me, _ = active_pair(world)
    ahead = "2026-04-01"  # after the world's today (2026-03-02)
    r = await hris.post(f"{B}/employees/{me.id}/tables/jobInfo", headers=hr,
                        json={"date": ahead, "jobTitle": "Scheduled Title"})
    assert r.status_code == 200, r.text
    r = await hris.post(f"{B}/employees/{me.id}/tables/compensation", headers=hr,
                        json={"startDate": ahead, "rate": {"value": "250000", "currency": "USD"},
                              "type": "Salary", "paidPer": "Year"})
    assert r.status_code == 200, r.text
    fields = "jobTitle,jobTitleId,payRate,employmentHistoryStatus"
    now = await fields_of(hris, hr, me.id, fields)
    assert now["jobTitle"] == me.title and now["payRate"] != "250000.00 USD"
    assert now["jobTitleId"] is not None
    r = await hris.get(f"{B}/employees/{me.id}/", headers=hr,
                       params={"fields": fields, "onlyCurrent": "false"})
    assert r.json()["jobTitle"] == "Scheduled Title" and r.json()["payRate"] == "250000.00 USD"
    assert r.json()["jobTitleId"] is None  # a title that is not among the list's options
    assert r.json()["employmentHistoryStatus"] == now["employmentHistoryStatus"]


ALIAS_PAIRS = {"birthDate": "dateOfBirth", "marital": "maritalStatus",
               "jobTitleName": "jobTitle", "reportsToName": "supervisor",
               "reportsToId": "supervisorEId", "employmentStatus": "employmentHistoryStatus",
               "payPeriod": "payPer", "bestEmail": "workEmail"}


async def test_current_names_of_bamboohr_get_employee(hris: httpx.AsyncClient,
                                                      world: World) -> None:
    """BambooHR's current Get Employee names (birthDate, marital, reportsToId, ...) read the
    same values as the classic names, with the same visibility."""
    ep = await new_episode(hris)
    me, boss = active_pair(world)
    other = bystander(world, me.id, boss.id)
    hr = await hr_headers(ep)
    names = ",".join([*ALIAS_PAIRS, *ALIAS_PAIRS.values(), "canUploadPhoto"])
    got = await fields_of(hris, hr, me.id, names)
    for new, kept in ALIAS_PAIRS.items():
        assert got[new] == got[kept] and got[new] is not None, new
    assert got["canUploadPhoto"] is True  # HR may
    assert (await fields_of(hris, await ep.auth(me.id), me.id, "canUploadPhoto")
            )["canUploadPhoto"] is True
    as_peer = await fields_of(hris, await ep.auth(other.id), me.id, names)
    assert as_peer["canUploadPhoto"] is False
    assert "birthDate" not in as_peer and "payPeriod" not in as_peer
    assert as_peer["reportsToId"] == str(boss.id)
    for new in ALIAS_PAIRS:
        r = await hris.post(f"{B}/employees/{me.id}", json={new: "x"}, headers=hr)
        assert_bamboo_error(r, 400)
    assert (await ep.changes()).get("hris", []) == []


async def test_social_profiles_are_writable(hris: httpx.AsyncClient, world: World) -> None:
    ep = await new_episode(hris)
    me, _ = active_pair(world)
    hr = await hr_headers(ep)
    social = {"linkedinUrl": "https://www.linkedin.com/in/someone", "skypeUsername": "someone",
              "twitterUrl": "https://x.com/someone"}
    assert (await fields_of(hris, hr, me.id, ",".join(social))) == {
        "id": str(me.id), **dict.fromkeys(social)}  # nobody filled them in
    r = await hris.post(f"{B}/employees/{me.id}", json=social, headers=hr)
    assert r.status_code == 200, r.text
    assert await fields_of(hris, hr, me.id, ",".join(social)) == {"id": str(me.id), **social}
    r = await hris.post(f"{B}/employees/{me.id}", json={"facebookUrl": "javascript:x"},
                        headers=hr)
    assert_bamboo_error(r, 400)
