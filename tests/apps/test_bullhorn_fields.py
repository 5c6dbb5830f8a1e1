"""Bullhorn's documented fields over HTTP: the configurable slots and standard fields the
agency keeps no data of its own in (written values persist and read back, through
`/entity`, `/query` and `/search`), the Skill entity and a candidate's `primarySkills`,
`/meta` describing them with Bullhorn's types, `fields=*` and the fields cap, and bad
values refused in Bullhorn's error style with nothing changed."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from tests.apps.bullhorn_world import (
    MS_2026_01_01,
    Session,
    agency_episode,
    bullhorn_client,
    is_error,
    pipeline,
    sign_in,
)
from tests.factories import Harness


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    async with bullhorn_client(harness_for) as c:
        yield c


@pytest.fixture
async def bh(http: httpx.AsyncClient) -> Session:
    return await sign_in(await agency_episode(http))


CUSTOM = {"customText5": "Prefers nights", "customDate1": MS_2026_01_01,
          "customFloat2": 2.75, "customInt7": -4, "customTextBlock3": "x" * 1000,
          "dayRate": 360.5, "employmentPreference": "Contract", "experience": 6,
          "willRelocate": True,
          "secondaryAddress": {"address1": "1 Side St", "city": "Austin", "state": "TX",
                               "zip": "73301", "countryID": 1}}


async def test_a_written_custom_field_persists_and_reads_back(bh: Session) -> None:
    ids = await pipeline(bh)
    cand = ids["Candidate"]
    r = await bh.post(f"entity/Candidate/{cand}", CUSTOM)
    assert r.status_code == 200, r.text
    names = ",".join(CUSTOM)
    got = (await bh.get(f"entity/Candidate/{cand}", fields=names)).json()["data"]
    assert got == {"id": cand, **{k: v for k, v in CUSTOM.items() if k != "secondaryAddress"},
                   "secondaryAddress": {**CUSTOM["secondaryAddress"], "address2": None}}
    # each value is one field_value row, seen by the diff
    rows = (await bh.state())[1]["bullhorn"]
    stored = {r["new"]["field"]: r["new"]["value"] for r in rows
              if r["table"] == "field_value" and r["new"]["owner_id"] == cand}
    assert set(stored) == set(CUSTOM) and stored["customText5"] == '"Prefers nights"'
    # /query and /search filter and sort on them
    q = (await bh.get("query/Candidate", where="customText5 = 'Prefers nights' AND "
                      "dayRate > 360 AND customDate1 >= 1767225600000",
                      fields="id,customInt7")).json()
    assert q["data"] == [{"id": cand, "customInt7": -4}]
    s = (await bh.get("search/Candidate", query="customText5:nights AND willRelocate:true",
                      fields="id")).json()
    assert [d["id"] for d in s["data"]] == [cand]
    # an unset field reads null; setting null removes the value
    r = await bh.post(f"entity/Candidate/{cand}", {"customText5": None, "customInt7": 0})
    assert r.status_code == 200, r.text
    got = (await bh.get(f"entity/Candidate/{cand}",
                        fields="customText5,customInt7,customText6")).json()["data"]
    assert got == {"id": cand, "customText5": None, "customInt7": 0, "customText6": None}


async def test_documented_to_one_fields_point_at_real_records(bh: Session) -> None:
    ids = await pipeline(bh)
    body = {"billingClientContact": {"id": ids["ClientContact"]},
            "owner": {"id": bh.user["id"]}, "salaryUnit": "Per Hour", "fee": 0.2}
    assert (await bh.post(f"entity/Placement/{ids['Placement']}", body)).status_code == 200
    got = (await bh.get(f"entity/Placement/{ids['Placement']}",
                        fields="billingClientContact(id,lastName),owner,fee")).json()["data"]
    assert got["billingClientContact"] == {"id": ids["ClientContact"], "lastName": "Zephyrson"}
    assert got["owner"]["id"] == bh.user["id"] and got["fee"] == 0.2
    q = (await bh.get("query/Placement", where="billingClientContact.lastName = 'Zephyrson'",
                      fields="id")).json()
    assert [d["id"] for d in q["data"]] == [ids["Placement"]]
    # the reverse of a documented to-one: the appointment's placement
    r = await bh.post(f"entity/Appointment/{ids['Appointment']}",
                      {"placement": {"id": ids["Placement"]}})
    assert r.status_code == 200, r.text
    got = (await bh.get(f"entity/Placement/{ids['Placement']}",
                        fields="appointments(id,subject)")).json()["data"]
    assert got["appointments"] == {"total": 1, "data": [
        {"id": ids["Appointment"], "subject": "Zephyr interview"}]}
    # a person field names a Candidate or a ClientContact
    r = await bh.post(f"entity/ClientContact/{ids['ClientContact']}",
                      {"referredByPerson": {"id": ids["Candidate"], "_subtype": "Candidate"}})
    assert r.status_code == 200, r.text
    got = (await bh.get(f"entity/ClientContact/{ids['ClientContact']}",
                        fields="referredByPerson")).json()["data"]
    assert got["referredByPerson"]["_subtype"] == "Candidate"
    assert got["referredByPerson"]["id"] == ids["Candidate"]
    # deleting the placement takes its values and the references to it along
    assert (await bh.delete(f"entity/Placement/{ids['Placement']}")).status_code == 200
    got = (await bh.get(f"entity/Appointment/{ids['Appointment']}",
                        fields="placement")).json()["data"]
    assert got["placement"] is None


async def test_bad_values_are_refused_in_bullhorns_style_and_change_nothing(bh: Session
                                                                            ) -> None:
    ids = await pipeline(bh)
    cand = ids["Candidate"]
    tick, changes = await bh.state()
    body = is_error(await bh.post(f"entity/Candidate/{cand}", {
        "customText5": "x" * 101, "customInt7": "seven", "customFloat2": True,
        "dayRate": "lots", "customDate1": "tomorrow", "linkedPerson": {"id": 999999999},
        "disability": "YES", "dateLastModified": 1, "onboardingReceivedSent": {}}), 400)
    kinds = {e["propertyName"]: e["type"] for e in body["errors"]}
    assert kinds == {"customText5": "INVALID_VALUE", "customInt7": "INVALID_VALUE",
                     "customFloat2": "INVALID_VALUE", "dayRate": "INVALID_VALUE",
                     "customDate1": "INVALID_VALUE", "linkedPerson": "INVALID_ASSOCIATION",
                     "disability": "INVALID_VALUE", "dateLastModified": "READ_ONLY_PROPERTY",
                     "onboardingReceivedSent": "READ_ONLY_PROPERTY"}
    assert "at most 100 characters" in body["errorMessage"]
    is_error(await bh.put("entity/Candidate", {"firstName": "A", "lastName": "B",
                                               "customText99": "no such slot"}), 400)
    is_error(await bh.get("query/Candidate", where="customFloat2 > 'high'", fields="id"), 400)
    is_error(await bh.get("query/Candidate", where="onboardingReceivedSent = 1",
                          fields="id"), 400)
    assert await bh.state() == (tick, changes)


async def test_primary_skills_and_the_skill_entity(bh: Session) -> None:
    seeded = (await bh.get("query/Candidate", where="id > 0", fields="id,skillSet,"
                           "primarySkills(id,name)", count=3)).json()["data"]
    for cand in seeded:
        skills = [s.strip() for s in cand["skillSet"].split(",")]
        linked = cand["primarySkills"]
        assert linked["total"] == len(set(skills))
        assert {s["name"] for s in linked["data"]} <= set(skills)
    every = (await bh.get("query/Skill", where="id > 0", fields="id,name", count=500,
                          orderBy="id")).json()["data"]
    names = [s["name"] for s in every]
    assert names == sorted(names) and len(set(names)) == len(names)
    one = (await bh.get(f"entity/Skill/{every[0]['id']}", fields="id,name,enabled")).json()
    assert one["data"] == {"id": every[0]["id"], "name": names[0], "enabled": True}
    # the association edit routes
    ids = await pipeline(bh)
    cand, skill = ids["Candidate"], every[0]["id"]
    r = await bh.put(f"entity/Candidate/{cand}/primarySkills/{skill}")
    assert r.status_code == 200 and r.json()["changeType"] == "ASSOCIATE", r.text
    listed = (await bh.get(f"entity/Candidate/{cand}/primarySkills", fields="id,name")).json()
    assert listed["data"] == [{"id": skill, "name": names[0]}]
    tick, changes = await bh.state()
    assert "already" in is_error(await bh.put(f"entity/Candidate/{cand}/primarySkills/{skill}"),
                                 400)["errorMessage"]
    is_error(await bh.put(f"entity/Candidate/{cand}/primarySkills/999999999"), 404)
    is_error(await bh.put("entity/Skill", {"name": "Juggling"}), 400)
    assert await bh.state() == (tick, changes)
    r = await bh.delete(f"entity/Candidate/{cand}/primarySkills/{skill}")
    assert r.json()["changeType"] == "DISASSOCIATE"
    assert (await bh.get(f"entity/Candidate/{cand}", fields="primarySkills")
            ).json()["data"]["primarySkills"] == {"total": 0, "data": []}


async def test_meta_lists_the_documented_fields_with_bullhorns_types(bh: Session) -> None:
    meta = (await bh.get("meta/Candidate")).json()
    by = {f["name"]: f for f in meta["fields"]}
    assert {f"customText{i}" for i in range(3, 41)} <= set(by)
    assert by["customText5"] == {"name": "customText5", "label": "Custom text 5",
                                 "type": "SCALAR", "dataType": "String", "maxLength": 100,
                                 "required": False, "readOnly": False}
    assert by["customFloat2"]["dataType"] == "Double"
    assert by["dayRate"]["dataType"] == "BigDecimal"
    assert by["customDate1"]["dataType"] == "Timestamp"
    assert by["secondaryAddress"]["type"] == "COMPOSITE"
    assert by["primarySkills"]["type"] == "TO_MANY"
    assert by["primarySkills"]["associatedEntity"]["entity"] == "Skill"
    assert by["primarySkills"]["readOnly"] is False
    assert by["dateLastModified"]["readOnly"] is True
    assert by["onboardingReceivedSent"]["type"] == "COMPOSITE"
    skill = (await bh.get("meta/Skill")).json()
    assert [f["name"] for f in skill["fields"]] == ["id", "name", "enabled", "categories"]


async def test_fields_star_and_the_fields_cap(bh: Session) -> None:
    ids = await pipeline(bh)
    star = (await bh.get(f"entity/Candidate/{ids['Candidate']}", fields="*")).json()["data"]
    assert "dateLastModified" in star and "skillSet" in star
    assert "customText5" not in star  # documented fields without data are named one by one
    many = ",".join(f"customText{i}" for i in range(3, 41)) + "," + ",".join(
        f"customInt{i}" for i in range(1, 24)) + "," + ",".join(
        f"customFloat{i}" for i in range(2, 24)) + "," + ",".join(
        f"customDate{i}" for i in range(1, 14)) + "," + ",".join(
        f"customTextBlock{i}" for i in range(1, 11))
    body = is_error(await bh.get(f"entity/Candidate/{ids['Candidate']}", fields=many), 400)
    assert "at most 100 fields" in body["errorMessage"]


async def test_computed_fields(bh: Session) -> None:
    ids = await pipeline(bh)
    cand = ids["Candidate"]
    before = (await bh.get(f"entity/Candidate/{cand}",
                           fields="dateAdded,dateLastModified,dateLastComment")).json()["data"]
    assert before["dateLastModified"] == before["dateAdded"]
    assert await bh.create("Note", {"action": "Call", "comments": "Called.",
                                    "personReference": {"id": cand,
                                                        "_subtype": "Candidate"}})
    assert (await bh.post(f"entity/Candidate/{cand}", {"customInt1": 1})).status_code == 200
    after = (await bh.get(f"entity/Candidate/{cand}",
                          fields="dateLastModified,dateLastComment,"
                                 "onboardingReceivedSent")).json()["data"]
    assert after["dateLastModified"] > before["dateLastModified"]
    assert after["dateLastComment"] is not None and after["dateLastComment"] > (
        before["dateLastComment"] or 0)
    assert after["onboardingReceivedSent"] == {"onboardingDocumentReceivedCount": None,
                                               "onboardingDocumentSentCount": None}
    # seeded: a job order's published category is its job family, its address its client's
    job = (await bh.get("query/JobOrder", where="id > 0", count=1,
                        fields="id,customText3,publishedCategory(name),address,"
                               "clientCorporation(address)")).json()["data"][0]
    assert job["publishedCategory"]["name"] == job["customText3"]
    assert job["address"] == job["clientCorporation"]["address"]


async def test_a_user_updates_their_own_profile_fields_only(bh: Session) -> None:
    me = bh.user["id"]
    others = (await bh.get("query/CorporateUser", where=f"id <> {me}", fields="id",
                           count=1)).json()["data"]
    r = await bh.post(f"entity/CorporateUser/{me}", {"mobile": "555-0100",
                                                     "customText1": "Nights", "smsOptIn": True})
    assert r.status_code == 200, r.text
    got = (await bh.get(f"entity/CorporateUser/{me}",
                        fields="mobile,customText1,smsOptIn,companyName")).json()["data"]
    assert got["mobile"] == "555-0100" and got["customText1"] == "Nights"
    assert got["smsOptIn"] is True and got["companyName"]
    meta = {f["name"]: f for f in (await bh.get("meta/CorporateUser")).json()["fields"]}
    assert meta["mobile"]["readOnly"] is False and meta["email"]["readOnly"] is True
    tick, changes = await bh.state()
    body = is_error(await bh.post(f"entity/CorporateUser/{me}", {"email": "x@y.example"}), 400)
    assert body["errors"][0]["type"] == "READ_ONLY_PROPERTY"
    body = is_error(await bh.post(f"entity/CorporateUser/{others[0]['id']}",
                                  {"mobile": "555-0101"}), 400)
    assert "your own record" in body["errorMessage"]
    is_error(await bh.put(f"entity/CorporateUser/{me}/departments/1"), 400)
    assert await bh.state() == (tick, changes)
