"""The Bullhorn app over HTTP: the login flow and both ways of sending the BhRestToken;
create (PUT), update (POST), read (`fields=`) and delete for every entity; to-many
associations; meta; mass update; Bullhorn's error body; refused input changes nothing.
Finding records (`/query`, `/search`, FastFind) is in test_bullhorn_search.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from arcadia.apps.registry import APP_NAMES, load_specs
from tests.apps.bullhorn_world import (
    DAY_MS,
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


# ---- the registry and the login flow ---------------------------------------------------------

def test_bullhorn_is_registered_for_the_agency_world_only() -> None:
    assert "bullhorn" in APP_NAMES
    spec = load_specs(("bullhorn",))[0]
    assert spec.worlds == ("agency",)
    assert spec.api_key_header == "BhRestToken"
    assert "BhRestToken" in spec.api_key_query


async def test_login_flow_and_the_token_as_header_or_query(http: httpx.AsyncClient) -> None:
    bh = await sign_in(await agency_episode(http))
    assert bh.rest.startswith("/bullhorn/rest-services/") and bh.rest.endswith("/")
    by_header = await http.get(bh.rest + "ping", headers={"BhRestToken": bh.token})
    by_query = await http.get(bh.rest + "ping", params={"BhRestToken": bh.token})
    assert by_header.status_code == by_query.status_code == 200
    assert by_header.json()["sessionExpires"] > 0
    assert by_header.json() == by_query.json()
    is_error(await http.get(bh.rest + "ping"), 412)  # no session token: Bullhorn's 412
    is_error(await http.get(bh.rest + "ping", params={"BhRestToken": "nope"}), 401)
    is_error(await http.get(bh.rest + "ping", headers={"BhRestToken": "nope"}), 401)


async def test_credential_precedence(bh: Session) -> None:
    """Authorization first, then the BhRestToken header, then the query parameters."""
    ping = bh.rest + "ping"
    bearer = {"Authorization": f"Bearer {bh.token}"}
    assert (await bh.http.get(ping, headers=bearer, params={"BhRestToken": "x"})
            ).status_code == 200
    assert (await bh.http.get(ping, headers={"BhRestToken": bh.token},
                              params={"BhRestToken": "x"})).status_code == 200
    is_error(await bh.http.get(ping, headers={"BhRestToken": "x"},
                               params={"BhRestToken": bh.token}), 401)
    assert (await bh.http.get(ping, params={"BhRestToken": "", "access_token": bh.token})
            ).status_code == 200


async def test_authorize_redirects_with_code_and_state(http: httpx.AsyncClient) -> None:
    ep = await agency_episode(http)
    bh = await sign_in(ep)
    r = await http.post("/bullhorn/oauth/authorize", params={
        "client_id": "c", "response_type": "code", "username": bh.user["email"],
        "password": bh.token, "redirect_uri": "https://app.example/cb", "state": "xyz"})
    assert r.status_code == 302
    url = httpx.URL(r.headers["location"])
    assert url.host == "app.example" and url.params["state"] == "xyz"
    assert url.params["code"] == bh.token
    refresh = await http.post("/bullhorn/oauth/token", params={
        "grant_type": "refresh_token", "refresh_token": url.params["code"],
        "client_id": "c", "client_secret": "s"})
    assert refresh.status_code == 200 and refresh.json()["token_type"] == "Bearer"
    body = is_error(await http.get("/bullhorn/oauth/authorize", params={
        "client_id": "c", "response_type": "code", "username": "someone@else.example",
        "password": bh.token}), 400)
    assert "username" in body["errorMessage"]
    is_error(await http.get("/bullhorn/oauth/authorize", params={
        "client_id": "c", "response_type": "token", "password": bh.token}), 400)
    is_error(await http.post("/bullhorn/oauth/token", params={
        "grant_type": "password", "code": bh.token, "client_id": "c",
        "client_secret": "s"}), 400)
    is_error(await http.get("/bullhorn/oauth/authorize", params={
        "client_id": "c", "password": "wrong"}), 401)


async def test_wrong_corporation_token_is_404(bh: Session) -> None:
    r = await bh.http.get(bh.rest.replace("/arc", "/zzz") + "ping", headers=bh.headers)
    assert "restUrl" in is_error(r, 404)["errorMessage"]


# ---- entities --------------------------------------------------------------------------------

UPDATES: dict[str, dict[str, Any]] = {
    "ClientCorporation": {"status": "Active Account", "phone": "555-0100"},
    "ClientContact": {"occupation": "VP Engineering"},
    "JobOrder": {"status": "Covered", "clientBillRate": 60},
    "Candidate": {"status": "Active", "mobile": "555-0199"},
    "JobSubmission": {"status": "Interview Scheduled"},
    "Placement": {"status": "Active"},
    "Note": {"comments": "Updated note."},
    "Appointment": {"location": "Zoom"},
}
DELETES = {"ClientCorporation": None, "Placement": "hard"}


@pytest.mark.parametrize("entity", list(UPDATES))
async def test_put_creates_post_updates_delete_deletes(bh: Session, entity: str) -> None:
    ids = await pipeline(bh)
    key = ids[entity]
    fields = ",".join(UPDATES[entity])
    before = (await bh.get(f"entity/{entity}/{key}", fields=fields)).json()["data"]
    r = await bh.post(f"entity/{entity}/{key}", UPDATES[entity])
    assert r.status_code == 200, r.text
    assert r.json() == {"changedEntityType": entity, "changedEntityId": key,
                        "changeType": "UPDATE", "data": UPDATES[entity]}
    after = (await bh.get(f"entity/{entity}/{key}", fields=fields)).json()["data"]
    assert after == {"id": key, **UPDATES[entity]} != before
    r = await bh.delete(f"entity/{entity}/{key}")
    mode = DELETES.get(entity, "soft")
    if mode is None:
        assert "cannot be deleted" in is_error(r, 400)["errorMessage"]
        assert (await bh.get(f"entity/{entity}/{key}", fields="id")).status_code == 200
    elif mode == "hard":
        assert r.json()["changeType"] == "DELETE"
        is_error(await bh.get(f"entity/{entity}/{key}", fields="id"), 404)
    else:
        assert r.json() == {"changedEntityType": entity, "changedEntityId": key,
                            "changeType": "DELETE"}
        got = await bh.get(f"entity/{entity}/{key}", fields="isDeleted")
        assert got.json()["data"] == {"id": key, "isDeleted": True}
        is_error(await bh.delete(f"entity/{entity}/{key}"), 400)


async def test_fields_wire_values_and_nested_associations(bh: Session) -> None:
    ids = await pipeline(bh)
    job = (await bh.get(f"entity/JobOrder/{ids['JobOrder']}",
                        fields="title,payRate,clientBillRate,startDate,isOpen,"
                        "owner(id,firstName),clientCorporation,submissions(id,status)")
           ).json()["data"]
    assert job["payRate"] == 40 and job["clientBillRate"] == 56.5
    assert job["startDate"] == MS_2026_01_01 + 90 * DAY_MS and job["isOpen"] is True
    assert set(job["owner"]) == {"id", "firstName"} and job["owner"]["id"] == bh.user["id"]
    assert job["clientCorporation"] == {"id": ids["ClientCorporation"],
                                        "name": "Zephyr Widgets"}
    assert job["submissions"] == {"total": 1, "data": [
        {"id": ids["JobSubmission"], "status": "Submitted"}]}
    everything = (await bh.get(f"entity/Candidate/{ids['Candidate']}", fields="*")
                  ).json()["data"]
    assert everything["name"] == "Xander Zyzzyva"
    assert everything["address"]["city"] == "Boulder"
    assert everything["hourlyRate"] == 45.25 and everything["dateAdded"] > 0
    note = (await bh.get(f"entity/Note/{ids['Note']}", fields="personReference")
            ).json()["data"]
    assert note["personReference"]["_subtype"] == "Candidate"
    assert note["personReference"]["lastName"] == "Zyzzyva"
    several = (await bh.get(f"entity/Candidate/{ids['Candidate']},999999999",
                            fields="id,lastName")).json()["data"]
    assert several == [{"id": ids["Candidate"], "lastName": "Zyzzyva"}]
    is_error(await bh.get("entity/Candidate/999999999", fields="id"), 404)
    assert "noSuchField" in is_error(await bh.get(f"entity/Candidate/{ids['Candidate']}",
                                                  fields="id,noSuchField"), 400)["errorMessage"]
    is_error(await bh.get(f"entity/Candidate/{ids['Candidate']}"), 400)  # fields required
    is_error(await bh.get(f"entity/Nope/{ids['Candidate']}", fields="id"), 400)


async def test_corporate_users_are_read_only(bh: Session) -> None:
    me = bh.user["id"]
    user = (await bh.get(f"entity/CorporateUser/{me}", fields="firstName,email")
            ).json()["data"]
    assert user["email"] == bh.user["email"]
    is_error(await bh.put("entity/CorporateUser", {"firstName": "A", "lastName": "B"}), 400)
    is_error(await bh.post(f"entity/CorporateUser/{me}", {"firstName": "A"}), 400)


async def test_refused_writes_change_nothing(bh: Session) -> None:
    ids = await pipeline(bh)
    tick, changes = await bh.state()
    body = is_error(await bh.put("entity/Candidate", {
        "firstName": 7, "bogus": 1, "hourlyRate": "lots", "owner": {"id": 999999999}}), 400)
    kinds = {e["propertyName"]: e["type"] for e in body["errors"]}
    assert kinds == {"firstName": "INVALID_VALUE", "bogus": "UNKNOWN_PROPERTY",
                     "hourlyRate": "INVALID_VALUE", "owner": "INVALID_ASSOCIATION",
                     "lastName": "MISSING_REQUIRED_PROPERTY"}
    assert body["entityName"] == "Candidate"
    is_error(await bh.post(f"entity/JobOrder/{ids['JobOrder']}",
                           {"title": "ok", "payRate": -1}), 400)
    is_error(await bh.post(f"entity/JobOrder/{ids['JobOrder']}", {"id": 1, "title": "x"}),
             400)
    is_error(await bh.post(f"entity/JobOrder/{ids['JobOrder']}", {"submissions": []}), 400)
    is_error(await bh.post(f"entity/Appointment/{ids['Appointment']}",
                           {"dateEnd": MS_2026_01_01}), 400)
    is_error(await bh.post("entity/JobOrder/999999999", {"title": "x"}), 404)
    r = await bh.http.put(bh.rest + "entity/Candidate", content=b"{not json",
                          headers={**bh.headers, "Content-Type": "application/json"})
    is_error(r, 400)
    assert await bh.state() == (tick, changes)
    title = (await bh.get(f"entity/JobOrder/{ids['JobOrder']}", fields="title")).json()
    assert title["data"]["title"] == "Zephyr Welding Lead"


# ---- associations ----------------------------------------------------------------------------

async def test_to_many_associations(bh: Session) -> None:
    ids = await pipeline(bh)
    me, job, note = bh.user["id"], ids["JobOrder"], ids["Note"]
    r = await bh.put(f"entity/JobOrder/{job}/assignedUsers/{me}")
    assert r.json() == {"changedEntityType": "JobOrder", "changedEntityId": job,
                        "changeType": "ASSOCIATE"}
    listed = (await bh.get(f"entity/JobOrder/{job}/assignedUsers", fields="id,email")).json()
    assert listed["total"] == 1 and listed["data"] == [{"id": me, "email": bh.user["email"]}]
    tick, changes = await bh.state()
    assert "already" in is_error(await bh.put(f"entity/JobOrder/{job}/assignedUsers/{me}"),
                                 400)["errorMessage"]
    is_error(await bh.put(f"entity/JobOrder/{job}/assignedUsers/999999999"), 404)
    is_error(await bh.put(f"entity/JobOrder/{job}/submissions/{ids['JobSubmission']}"), 400)
    is_error(await bh.put(f"entity/JobOrder/{job}/nothing/{me}"), 400)
    assert await bh.state() == (tick, changes)
    r = await bh.delete(f"entity/JobOrder/{job}/assignedUsers/{me}")
    assert r.json()["changeType"] == "DISASSOCIATE"
    assert (await bh.get(f"entity/JobOrder/{job}/assignedUsers", fields="id")
            ).json()["total"] == 0
    is_error(await bh.delete(f"entity/JobOrder/{job}/assignedUsers/{me}"), 400)
    await bh.put(f"entity/Note/{note}/candidates/{ids['Candidate']}")
    await bh.put(f"entity/Note/{note}/placements/{ids['Placement']}")
    got = (await bh.get(f"entity/Note/{note}", fields="candidates(id,lastName),placements")
           ).json()["data"]
    assert got["candidates"]["data"] == [{"id": ids["Candidate"], "lastName": "Zyzzyva"}]
    await bh.delete(f"entity/Placement/{ids['Placement']}")
    assert (await bh.get(f"entity/Note/{note}", fields="placements")
            ).json()["data"]["placements"]["total"] == 0
    subs = (await bh.get(f"entity/Candidate/{ids['Candidate']}/submissions",
                         fields="id,jobOrder")).json()
    assert subs["data"] == [{"id": ids["JobSubmission"],
                             "jobOrder": {"id": job, "title": "Zephyr Welding Lead"}}]


# ---- meta ------------------------------------------------------------------------------------

async def test_meta(bh: Session) -> None:
    listed = (await bh.get("meta")).json()
    assert {e["entity"] for e in listed} == {
        "ClientCorporation", "ClientContact", "JobOrder", "Candidate", "JobSubmission",
        "Placement", "Note", "Appointment", "CorporateUser", "Skill", "Category",
        "BusinessSector", "CorporationDepartment"}
    meta = (await bh.get("meta/JobOrder", fields="id,title,owner,payRate,submissions,"
                         "startDate")).json()
    by_name = {f["name"]: f for f in meta["fields"]}
    assert meta["entity"] == "JobOrder" and meta["entityMetaUrl"].endswith("meta/JobOrder")
    assert by_name["id"]["type"] == "ID"
    assert by_name["title"]["required"] is True and by_name["title"]["dataType"] == "String"
    assert by_name["owner"]["type"] == "TO_ONE"
    assert by_name["owner"]["associatedEntity"]["entity"] == "CorporateUser"
    assert by_name["payRate"]["dataType"] == "BigDecimal"
    assert by_name["startDate"]["dataType"] == "Timestamp"
    assert by_name["submissions"]["type"] == "TO_MANY"
    everything = (await bh.get("meta/Candidate")).json()
    assert len(everything["fields"]) > 15
    is_error(await bh.get("meta/Candidate", fields="nope"), 400)


# ---- mass update, association pairs ----------------------------------------------------------

async def test_mass_update_is_all_or_nothing(bh: Session) -> None:
    ids = await pipeline(bh)
    other = await bh.create("JobOrder", {"title": "Zephyr Second",
                                         "clientCorporation": {"id": ids["ClientCorporation"]}})
    assert "JobOrder" in (await bh.get("massUpdate")).json()
    props = {p["propertyName"] for p in (await bh.get("massUpdate/JobOrder")).json()}
    assert props == {"isDeleted", "isOpen", "owner", "status"}
    tick, changes = await bh.state()
    is_error(await bh.post("massUpdate/JobOrder", {"ids": [ids["JobOrder"], 999999999],
                                                   "status": "Closed"}), 404)
    is_error(await bh.post("massUpdate/JobOrder", {"ids": [other], "title": "x"}), 400)
    is_error(await bh.post("massUpdate/JobOrder", {"ids": [other], "isOpen": "no"}), 400)
    is_error(await bh.post("massUpdate/Note", {"ids": [ids["Note"]], "action": "x"}), 400)
    assert await bh.state() == (tick, changes)
    r = await bh.post("massUpdate/JobOrder", {"ids": [ids["JobOrder"], other],
                                              "status": "Closed", "isOpen": False})
    assert r.json() == {"count": 2}
    r = await bh.get(f"entity/JobOrder/{ids['JobOrder']},{other}", fields="status,isOpen")
    assert [(d["status"], d["isOpen"]) for d in r.json()["data"]] == [("Closed", False)] * 2


async def test_association_pairs(bh: Session) -> None:
    ids = await pipeline(bh)
    job, me = ids["JobOrder"], bh.user["id"]
    await bh.put(f"entity/JobOrder/{job}/assignedUsers/{me}")
    r = await bh.post("association/JobOrder/assignedUsers",
                      {"ids": [job], "showTotalMatched": True})
    assert r.json() == {"total": 1, "data": [[job, me]]}
    r = await bh.post("association/JobOrder/submissions", {"ids": [job]})
    assert r.json() == {"data": [[job, ids["JobSubmission"]]]}
    is_error(await bh.post("association/JobOrder/nothing", {"ids": [job]}), 400)


# ---- the seed --------------------------------------------------------------------------------

async def test_the_seed_is_the_agency_truth(bh: Session) -> None:
    from arcadia.world import generate_world
    from tests.apps.bullhorn_world import agency_spec

    agency = generate_world(agency_spec()).agency
    expected = {"CorporateUser": len(agency.users), "ClientCorporation": len(agency.clients),
                "ClientContact": len(agency.contacts), "JobOrder": len(agency.job_orders),
                "Candidate": len(agency.candidates), "JobSubmission": len(agency.submissions),
                "Placement": len(agency.placements),
                "Note": len(agency.notes) + len(agency.consents) + len(agency.approvals),
                "Appointment": len(agency.appointments)}
    assert expected["Candidate"] > 100 and expected["JobSubmission"] > 0
    for entity, count in expected.items():
        r = await bh.get(f"query/{entity}", where="id > 0", fields="id", count=1,
                         showTotalMatched="true")
        assert r.json()["total"] == count, entity
    job = agency.job_orders[0]
    got = (await bh.get(f"entity/JobOrder/{job.id}", fields="title,payRate,clientBillRate,"
                        "clientCorporation,owner,customInt1,skillList")).json()["data"]
    assert got["title"] == job.title and got["customInt1"] == job.submission_limit
    assert round(got["payRate"] * 100) == job.pay_rate
    assert round(got["clientBillRate"] * 100) == job.client_bill_rate
    assert got["clientCorporation"]["id"] == job.corporation_id
    assert got["owner"]["id"] == job.owner_id
    assert got["skillList"] == ", ".join(job.must_have_skills)
    consent = agency.consents[0]
    r = await bh.get("query/Note", where=f"action = 'Right To Represent' AND "
                     f"personReference.id = {consent.candidate_id}", fields="comments",
                     count=50)
    assert any(f"ClientCorporation {consent.corporation_id} " in d["comments"]
               and consent.expires_on.isoformat() in d["comments"] for d in r.json()["data"])
    approval = agency.approvals[0]
    r = await bh.get("query/Note", where=f"action = 'Rate Approval' AND "
                     f"personReference.id = {approval.candidate_id}",
                     fields="commentingPerson,jobOrder,placements,comments", count=50)
    (note,) = r.json()["data"]
    assert note["commentingPerson"]["id"] == approval.approver_id
    assert note["jobOrder"]["id"] == approval.job_order_id
    assert note["placements"]["data"] == [{"id": approval.placement_id}]
    assert f"bill ${approval.bill_rate / 100:.2f}" in note["comments"]


async def test_a_note_is_written_and_changed_only_by_its_author(http: httpx.AsyncClient
                                                                ) -> None:
    """Bullhorn sets `commentingPerson` to the user who writes the note; here no body can
    name another user, and only the author changes or deletes the note afterwards."""
    ep = await agency_episode(http)
    me, other = await sign_in(ep, 5), await sign_in(ep, 6)
    about = {"id": 1, "_subtype": "Candidate"}
    note = await me.create("Note", {"action": "Screening", "comments": "Mine.",
                                    "personReference": about})
    got = (await me.get(f"entity/Note/{note}", fields="commentingPerson")).json()["data"]
    assert got["commentingPerson"]["id"] == 5
    tick, before = await me.state()
    err = is_error(await me.put("entity/Note", {"action": "Screening", "comments": "x",
                                                "personReference": about,
                                                "commentingPerson": {"id": 6}}), 400)
    assert err["errors"][0]["propertyName"] == "commentingPerson"
    is_error(await me.post(f"entity/Note/{note}", {"commentingPerson": {"id": 6}}), 400)
    for r in (await other.post(f"entity/Note/{note}", {"comments": "Not yours."}),
              await other.delete(f"entity/Note/{note}")):
        assert "only its author" in is_error(r, 400)["errorMessage"]
    assert await me.state() == (tick, before)
    r = await me.post(f"entity/Note/{note}", {"comments": "Still mine.",
                                              "commentingPerson": {"id": 5}})
    assert r.status_code == 200, r.text
    assert (await me.delete(f"entity/Note/{note}")).status_code == 200
