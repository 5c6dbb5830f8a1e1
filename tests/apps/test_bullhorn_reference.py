"""Bullhorn as its REST reference describes it, over HTTP: a call under the restUrl with no
session token (412), nested field selections (to-one sub-fields nested, to-many as
`{total, data}`), association sub-fields as asked, and JobSubmission's `dateWebResponse`."""

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


async def test_a_rest_call_without_a_session_token_is_412_a_wrong_one_401(bh: Session) -> None:
    tick, before = await bh.state()
    for r in (await bh.http.get(bh.rest + "ping"),
              await bh.http.get(bh.rest + "entity/Candidate/1", params={"fields": "id"}),
              await bh.http.put(bh.rest + "entity/Candidate",
                                json={"firstName": "No", "lastName": "Token"})):
        body = is_error(r, 412)
        assert body["errorMessageKey"] == "errors.authentication.missingRestToken"
        assert "BhRestToken" in body["errorMessage"]
    assert await bh.state() == (tick, before)
    for wrong in ({"params": {"BhRestToken": "nope"}}, {"headers": {"BhRestToken": "nope"}}):
        body = is_error(await bh.http.get(bh.rest + "ping", **wrong), 401)
        assert body["errorMessageKey"] == "errors.authentication.invalidRestToken"
    # The login flow takes no session token: it still answers a missing credential 401.
    is_error(await bh.http.post("/bullhorn/rest-services/login", params={"version": "*"}), 401)


async def test_nested_field_selection(bh: Session) -> None:
    ids = await pipeline(bh)
    corp = {"id": ids["ClientCorporation"], "name": "Zephyr Widgets"}
    r = await bh.get(f"entity/JobOrder/{ids['JobOrder']}", fields="id,clientCorporation(id,name)")
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {"id": ids["JobOrder"], "clientCorporation": corp}
    r = await bh.get(f"entity/Placement/{ids['Placement']}",
                     fields="jobOrder(id,title,clientCorporation(id,name)),candidate(id)")
    assert r.status_code == 200, r.text
    assert r.json()["data"] == {
        "id": ids["Placement"], "candidate": {"id": ids["Candidate"]},
        "jobOrder": {"id": ids["JobOrder"], "title": "Zephyr Welding Lead",
                     "clientCorporation": corp}}
    r = await bh.get(f"entity/ClientCorporation/{ids['ClientCorporation']}",
                     fields="name,jobOrders(id,title,clientContact(id,lastName))")
    assert r.status_code == 200, r.text
    assert r.json()["data"]["jobOrders"] == {"total": 1, "data": [{
        "id": ids["JobOrder"], "title": "Zephyr Welding Lead",
        "clientContact": {"id": ids["ClientContact"], "lastName": "Zephyrson"}}]}
    r = await bh.get("query/JobSubmission", where=f"id = {ids['JobSubmission']}",
                     fields="jobOrder(clientCorporation(name))")
    assert r.status_code == 200, r.text
    assert r.json()["data"] == [{"id": ids["JobSubmission"], "jobOrder": {
        "id": ids["JobOrder"], "clientCorporation": corp}}]
    for bad, says in (("jobOrder(id,clientCorporation(id,nope))", "no field 'nope'"),
                      ("jobOrder(submissions(id))", "to-many"),
                      ("jobOrder(title(id))", "not an association"),
                      ("jobOrder(id)x", "after its ')'")):
        body = is_error(await bh.get(f"entity/Placement/{ids['Placement']}", fields=bad), 400)
        assert says in body["errorMessage"], (bad, body)


async def test_association_sub_fields_are_the_ones_asked_for(bh: Session) -> None:
    ids = await pipeline(bh)
    me = bh.user
    note = f"entity/Note/{ids['Note']}"
    got = (await bh.get(note, fields="commentingPerson")).json()["data"]
    assert got == {"id": ids["Note"], "commentingPerson": {
        "id": me["id"], "firstName": got["commentingPerson"]["firstName"],
        "lastName": got["commentingPerson"]["lastName"]}}
    for only_id in ("commentingPerson(id)", "commentingPerson(id,_subtype)"):
        r = await bh.get(note, fields=only_id)
        assert r.status_code == 200, r.text
        assert r.json()["data"] == {"id": ids["Note"], "commentingPerson": {"id": me["id"]}}
    got = (await bh.get(note, fields="commentingPerson(id,lastName),personReference(id)")
           ).json()["data"]
    assert set(got["commentingPerson"]) == {"id", "lastName"}
    assert got["personReference"] == {"id": ids["Candidate"], "_subtype": "Candidate"}


async def test_job_submission_date_web_response(bh: Session) -> None:
    meta = (await bh.get("meta/JobSubmission", fields="dateWebResponse")).json()["fields"]
    assert meta == [{"name": "dateWebResponse", "label": meta[0]["label"], "type": "SCALAR",
                     "dataType": "Timestamp", "required": False, "readOnly": True}]
    ids = await pipeline(bh)
    sub = f"entity/JobSubmission/{ids['JobSubmission']}"
    got = (await bh.get(sub, fields="dateAdded,dateWebResponse")).json()["data"]
    assert got["dateWebResponse"] == got["dateAdded"]  # made now: responded now
    # Seeded submissions carry it too (the truth's submission date), and /query filters on it.
    r = await bh.get("query/JobSubmission", where=f"dateWebResponse < {MS_2026_01_01 * 2}",
                     fields="dateAdded,dateWebResponse", count=20, orderBy="id")
    assert r.status_code == 200, r.text
    seeded = r.json()["data"]
    assert seeded and all(d["dateWebResponse"] == d["dateAdded"] for d in seeded)
