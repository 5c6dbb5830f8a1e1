"""A Bullhorn REST client written only from Bullhorn's published REST reference
(github.com/bullhorn/rest-api-docs: `_login.md`, `_authorization.md`, `_entity.md`,
`_search.md`, `_query.md`, `_meta.md`, `entityref/`), over HTTP, with only the base URLs and
the credentials changed: 14 calls, each asserting the response shape the reference
documents (issue 29's target: 14 of 14).

    pytest -q tests/apps/test_bullhorn_reference_client.py

`tests/apps/test_bullhorn_client.py` is a production workflow over the same login; this
file is the reference's calls one by one.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.apps.bullhorn_world import MS_2026_01_01, agency_episode, bullhorn_client
from tests.factories import ADMIN, Harness

# What a deployment changes (https://auth.bullhornstaffing.com/oauth and
# https://rest.bullhornstaffing.com/rest-services/login in production), and the API user.
AUTH_URL = "http://arcadia.test/bullhorn/oauth"
LOGIN_URL = "http://arcadia.test/bullhorn/rest-services/login"
CLIENT_ID, CLIENT_SECRET = "reference-client-id", "reference-client-secret"


@dataclass
class Client:
    """The reference's client: the restUrl and BhRestToken login returns (`_login.md`)."""

    http: httpx.AsyncClient
    rest_url: str = ""
    token: str = ""
    made: dict[str, int] = field(default_factory=dict)

    async def login(self, username: str, password: str) -> dict[str, Any]:
        r = await self.http.get(f"{AUTH_URL}/authorize", params={
            "client_id": CLIENT_ID, "response_type": "code", "action": "Login",
            "username": username, "password": password})
        assert r.status_code == 302, r.text
        code = httpx.URL(r.headers["Location"]).params["code"]
        r = await self.http.post(f"{AUTH_URL}/token", params={
            "grant_type": "authorization_code", "code": code, "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET})
        assert r.status_code == 200, r.text
        tokens = r.json()
        assert {"access_token", "token_type", "expires_in", "refresh_token"} <= set(tokens)
        r = await self.http.post(LOGIN_URL, params={"version": "*",
                                                    "access_token": tokens["access_token"]})
        assert r.status_code == 200, r.text
        session = r.json()
        assert set(session) >= {"BhRestToken", "restUrl"}
        assert session["restUrl"].endswith("/")
        self.rest_url, self.token = session["restUrl"], session["BhRestToken"]
        return dict(session)

    async def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        headers = {"BhRestToken": self.token, **kw.pop("headers", {})}
        return await self.http.request(method, self.rest_url + path, headers=headers, **kw)

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.call("GET", path, params=params)


def ok(r: httpx.Response) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def error(r: httpx.Response, status: int) -> dict[str, Any]:
    """Bullhorn's error body: errorMessage, errorMessageKey, errorCode (the status)."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["errorCode"] == status and isinstance(body["errorMessage"], str), body
    return dict(body)


async def first(c: Client, entity: str, where: str = "id > 0", fields: str = "id") -> Any:
    rows = ok(await c.get(f"query/{entity}", where=where, fields=fields, count=1,
                          orderBy="id"))["data"]
    assert rows, (entity, where)
    return rows[0]


# -- the 14 calls ------------------------------------------------------------------------


async def call_login(c: Client) -> None:
    """OAuth authorize (302 with `code`), token, /rest-services/login: BhRestToken, restUrl;
    the session then answers `ping` (`_ping.md`: sessionExpires)."""
    assert ok(await c.get("ping"))["sessionExpires"] > 0


async def call_nested_selection(c: Client) -> None:
    """GET entity with a to-one sub-selection and a to-many one (`_entity.md`, fields)."""
    job = await first(c, "JobOrder")
    data = ok(await c.get(f"entity/JobOrder/{job['id']}",
                          fields="id,title,clientCorporation(id,name)"))["data"]
    assert set(data) == {"id", "title", "clientCorporation"}
    assert set(data["clientCorporation"]) == {"id", "name"}
    person = await first(c, "Candidate")
    data = ok(await c.get(f"entity/Candidate/{person['id']}",
                          fields="id,occupation,primarySkills(id,name)"))["data"]
    assert set(data) == {"id", "occupation", "primarySkills"}
    skills = data["primarySkills"]
    assert set(skills) == {"total", "data"} and skills["total"] >= len(skills["data"])
    assert all(set(s) == {"id", "name"} for s in skills["data"])


async def call_multiple_ids(c: Client) -> None:
    """GET entity/Candidate/{id},{id}: `data` is a list, one record per id found."""
    rows = ok(await c.get("query/Candidate", where="id > 0", fields="id", count=2,
                          orderBy="id"))["data"]
    ids = [r["id"] for r in rows]
    data = ok(await c.get(f"entity/Candidate/{ids[0]},{ids[1]}",
                          fields="id,firstName,lastName"))["data"]
    assert isinstance(data, list) and [d["id"] for d in data] == ids
    assert all(set(d) == {"id", "firstName", "lastName"} for d in data)


async def call_search(c: Client) -> None:
    """GET search/Candidate?query=<Lucene>: `data` with `_score`, `total`, `start`,
    `count` (`_search.md`)."""
    person = await first(c, "Candidate", fields="id,lastName")
    body = ok(await c.get("search/Candidate", query=f'lastName:"{person["lastName"]}" '
                          "AND isDeleted:0", fields="id,firstName,lastName", count=3))
    assert body["total"] >= 1 and body["start"] == 0 and body["count"] == len(body["data"])
    assert all(isinstance(d["_score"], float | int) and d["lastName"] == person["lastName"]
               for d in body["data"])


async def call_query(c: Client) -> None:
    """GET query/JobOrder?where=...: `data`, `start`, `count` (`_query.md`)."""
    body = ok(await c.get("query/JobOrder", where="isOpen = true AND isDeleted = false",
                          fields="id,title,isOpen", count=3, orderBy="-id"))
    assert body["start"] == 0 and body["count"] == len(body["data"]) <= 3
    ids = [d["id"] for d in body["data"]]
    assert ids == sorted(ids, reverse=True) and all(d["isOpen"] for d in body["data"])


async def call_create(c: Client) -> None:
    """PUT entity/Candidate: `changedEntityId`, `changeType: INSERT`."""
    body = ok(await c.call("PUT", "entity/Candidate", json={
        "firstName": "Alanzo", "lastName": "Smith", "occupation": "Welder",
        "address": {"city": "Sacramento", "state": "CA", "countryID": 1}}))
    assert body["changeType"] == "INSERT" and body["changedEntityType"] == "Candidate"
    c.made["Candidate"] = body["changedEntityId"]
    data = ok(await c.get(f"entity/Candidate/{body['changedEntityId']}",
                          fields="firstName,lastName,occupation,address"))["data"]
    assert data["occupation"] == "Welder" and data["address"]["city"] == "Sacramento"


async def call_update(c: Client) -> None:
    """POST entity/Candidate/{id} with the id in the body: `changeType: UPDATE`."""
    await call_create(c)
    key = c.made["Candidate"]
    body = ok(await c.call("POST", f"entity/Candidate/{key}", json={
        "id": key, "firstName": "Alanzo", "lastName": "Smythe"}))
    assert body["changeType"] == "UPDATE" and body["changedEntityId"] == key
    assert ok(await c.get(f"entity/Candidate/{key}", fields="lastName"))["data"] == {
        "id": key, "lastName": "Smythe"}


async def _skills(c: Client, key: int) -> list[int]:
    data = ok(await c.get(f"entity/Candidate/{key}", fields="primarySkills(id)"))["data"]
    return [s["id"] for s in data["primarySkills"]["data"]]


async def call_associate(c: Client) -> None:
    """PUT entity/Candidate/{id}/primarySkills/{ids}: the to-many gains them."""
    await call_create(c)
    key = c.made["Candidate"]
    skills = ok(await c.get("query/Skill", where="id > 0", fields="id", count=2,
                            orderBy="id"))["data"]
    ids = [s["id"] for s in skills]
    body = ok(await c.call("PUT", f"entity/Candidate/{key}/primarySkills/"
                           f"{ids[0]},{ids[1]}"))
    assert body["changeType"] == "ASSOCIATE" and body["changedEntityId"] == key
    assert sorted(await _skills(c, key)) == sorted(ids)
    # Already associated: the call fails (the reference), changing nothing.
    error(await c.call("PUT", f"entity/Candidate/{key}/primarySkills/{ids[0]}"), 400)


async def call_disassociate(c: Client) -> None:
    """DELETE entity/Candidate/{id}/primarySkills/{ids}: the to-many loses them."""
    await call_associate(c)
    key = c.made["Candidate"]
    kept, gone = sorted(await _skills(c, key))
    body = ok(await c.call("DELETE", f"entity/Candidate/{key}/primarySkills/{gone}"))
    assert body["changeType"] == "DISASSOCIATE" and body["changedEntityId"] == key
    assert await _skills(c, key) == [kept]


async def call_meta(c: Client) -> None:
    """GET meta/Candidate?fields=*: entity, entityMetaUrl, label, fields (`_meta.md`)."""
    body = ok(await c.get("meta/Candidate", fields="*"))
    assert body["entity"] == "Candidate" and "meta/Candidate" in body["entityMetaUrl"]
    assert isinstance(body["label"], str)
    by_name = {f["name"]: f for f in body["fields"]}
    assert by_name["id"]["type"] == "ID" and by_name["id"]["dataType"] == "Integer"
    assert by_name["occupation"]["type"] == "SCALAR"
    assert by_name["owner"]["type"] == "TO_ONE"
    assert by_name["owner"]["associatedEntity"]["entity"] == "CorporateUser"
    assert by_name["primarySkills"]["type"] == "TO_MANY"
    assert by_name["primarySkills"]["associatedEntity"]["entity"] == "Skill"
    assert by_name["address"]["type"] == "COMPOSITE"


async def call_web_response(c: Client) -> None:
    """A JobSubmission read with `dateWebResponse` (Timestamp: epoch ms)."""
    sub = await first(c, "JobSubmission", fields="id,dateWebResponse,candidate,jobOrder")
    assert isinstance(sub["dateWebResponse"], int) and sub["dateWebResponse"] > 0
    assert set(sub["candidate"]) >= {"id"} and set(sub["jobOrder"]) >= {"id"}
    rows = ok(await c.get("query/JobSubmission", where=f"dateWebResponse > {MS_2026_01_01 // 2}",
                          fields="id,dateWebResponse", count=5))["data"]
    assert all(r["dateWebResponse"] > MS_2026_01_01 // 2 for r in rows)


async def call_note_author(c: Client) -> None:
    """A Note with `commentingPerson(id,firstName)`: exactly the sub-fields asked for."""
    note = await first(c, "Note", fields="id,commentingPerson(id,firstName)")
    assert set(note) == {"id", "commentingPerson"}
    assert set(note["commentingPerson"]) == {"id", "firstName"}


async def call_without_token(c: Client) -> None:
    """A call without BhRestToken: 412 (`_authorization.md`); a wrong one 401."""
    r = await c.http.get(c.rest_url + "entity/Candidate/1", params={"fields": "id"})
    error(r, 412)
    r = await c.http.get(c.rest_url + "ping", headers={"BhRestToken": "not-a-session"})
    error(r, 401)


async def call_bad_field(c: Client) -> None:
    """An unknown field: 400 with the message naming it, on a read and on a create
    (`_entity.md`: "a 400 error containing messaging about the unknown fields")."""
    person = await first(c, "Candidate")
    body = error(await c.get(f"entity/Candidate/{person['id']}", fields="id,notAField"), 400)
    assert "notAField" in body["errorMessage"]
    body = error(await c.call("PUT", "entity/Candidate", json={
        "firstName": "A", "lastName": "B", "notAField": 1}), 400)
    assert "notAField" in body["errorMessage"]
    assert [e["propertyName"] for e in body["errors"]] == ["notAField"]


CALLS: list[Callable[[Client], Awaitable[None]]] = [
    call_login, call_nested_selection, call_multiple_ids, call_search, call_query,
    call_create, call_update, call_associate, call_disassociate, call_meta,
    call_web_response, call_note_author, call_without_token, call_bad_field]


@pytest.fixture
async def http(harness_for: Callable[..., Harness]) -> AsyncIterator[httpx.AsyncClient]:
    async with bullhorn_client(harness_for) as c:
        yield c


async def signed_in(http: httpx.AsyncClient) -> Client:
    """The client logged in as a recruiter of a fresh agency episode."""
    ep = await agency_episode(http)
    r = await http.get(f"/admin/episodes/{ep.id}/principals", params={"role": "recruiter"},
                       headers=ADMIN)
    user = r.json()["principals"][0]
    client = Client(http)
    await client.login(user["email"], await ep.token(user["id"]))
    return client


def test_the_client_makes_14_calls() -> None:
    assert len(CALLS) == len(set(CALLS)) == 14


@pytest.mark.parametrize("call", CALLS, ids=[f.__name__ for f in CALLS])
async def test_reference_call(http: httpx.AsyncClient,
                              call: Callable[[Client], Awaitable[None]]) -> None:
    await call(await signed_in(http))
