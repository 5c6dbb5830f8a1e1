"""The HRIS's standard employee fields and `fields=` handling, over HTTP (XML: test_hris_xml)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from arcadia.apps.hris.fields import PAY_FREQUENCY, PHOTO_PLACEHOLDER
from arcadia.world import World
from tests.apps.test_hris import active_pair, assert_bamboo_error, bystander, hr_headers
from tests.factories import ADMIN, EpisodeHandle, new_episode

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
