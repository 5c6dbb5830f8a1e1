"""The agency world as the Bullhorn tests create it, a signed-in Bullhorn session, one
record of each entity chained as Bullhorn links them (`pipeline`), and Bullhorn's error
body (`is_error`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from arcadia.world import WorldSpec
from tests.factories import ADMIN, EpisodeHandle, Harness

CLIENT_ID, CLIENT_SECRET = "arcadia-client", "arcadia-secret"
MS_2026_01_01 = 1_767_225_600_000
DAY_MS = 86_400_000


@asynccontextmanager
async def bullhorn_client(harness_for: Callable[..., Harness]
                          ) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the shared harness's server with the Bullhorn app, in process."""
    server = harness_for("bullhorn").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test") as c:
        yield c


def agency_body(seed: int = 1) -> dict[str, Any]:
    """The `POST /admin/episodes` body of an agency episode."""
    return {"world": "agency", "seed": seed}


def agency_spec(seed: int = 1) -> WorldSpec:
    return WorldSpec(name="agency", seed=seed)


async def agency_episode(client: httpx.AsyncClient, seed: int = 1) -> EpisodeHandle:
    r = await client.post("/admin/episodes", json=agency_body(seed), headers=ADMIN)
    assert r.status_code == 201, r.text
    return EpisodeHandle(client, r.json()["episode_id"], r.json())


@dataclass
class Session:
    """A signed-in Bullhorn session: the restUrl and the BhRestToken."""

    ep: EpisodeHandle
    http: httpx.AsyncClient
    rest: str
    token: str
    user: dict[str, Any]

    @property
    def headers(self) -> dict[str, str]:
        return {"BhRestToken": self.token}

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.http.get(self.rest + path, params=params, headers=self.headers)

    async def put(self, path: str, body: Any = None) -> httpx.Response:
        return await self.http.put(self.rest + path, json=body, headers=self.headers)

    async def post(self, path: str, body: Any = None, **params: Any) -> httpx.Response:
        return await self.http.post(self.rest + path, json=body, params=params,
                                    headers=self.headers)

    async def delete(self, path: str) -> httpx.Response:
        return await self.http.delete(self.rest + path, headers=self.headers)

    async def create(self, entity: str, body: dict[str, Any]) -> int:
        r = await self.put(f"entity/{entity}", body)
        assert r.status_code == 200, r.text
        assert r.json()["changeType"] == "INSERT"
        return int(r.json()["changedEntityId"])

    async def state(self) -> tuple[int, dict[str, Any]]:
        """The episode's tick and changed rows."""
        r = await self.http.get(f"/admin/episodes/{self.ep.id}", headers=ADMIN)
        return int(r.json()["tick"]), await self.ep.changes()


async def sign_in(ep: EpisodeHandle, principal: int | None = None) -> Session:
    """Bullhorn's login flow: authorize (code), token (access token), login (session)."""
    http = ep.client
    r = await http.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    people = r.json()["principals"]
    user = next(p for p in people if principal is None or p["id"] == principal)
    secret = await ep.token(user["id"])
    r = await http.get("/bullhorn/oauth/authorize", params={
        "client_id": CLIENT_ID, "response_type": "code", "action": "Login",
        "username": user["email"], "password": secret, "state": "s1"})
    assert r.status_code == 302, r.text
    code = httpx.URL(r.headers["location"]).params["code"]
    r = await http.post("/bullhorn/oauth/token", params={
        "grant_type": "authorization_code", "code": code, "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET})
    assert r.status_code == 200, r.text
    r = await http.post("/bullhorn/rest-services/login", params={
        "version": "*", "access_token": r.json()["access_token"]})
    assert r.status_code == 200, r.text
    body = r.json()
    return Session(ep, http, httpx.URL(body["restUrl"]).raw_path.decode(),
                   body["BhRestToken"], user)


def is_error(r: httpx.Response, status: int) -> dict[str, Any]:
    """The response is Bullhorn's error body with `status`."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["errorCode"] == status
    assert isinstance(body["errorMessage"], str) and body["errorMessage"]
    assert body["errorMessageKey"].startswith("errors.")
    return dict(body)


async def pipeline(bh: Session) -> dict[str, int]:
    """One record of each entity, created through PUT, chained as Bullhorn links them."""
    me = bh.user["id"]
    ids: dict[str, int] = {}
    ids["ClientCorporation"] = await bh.create("ClientCorporation", {
        "name": "Zephyr Widgets", "industryList": "Manufacturing", "status": "Prospect",
        "address": {"city": "Denver", "state": "CO", "countryID": 1}})
    ids["ClientContact"] = await bh.create("ClientContact", {
        "firstName": "Quinn", "lastName": "Zephyrson", "email": "quinn@zephyr.example",
        "clientCorporation": {"id": ids["ClientCorporation"]}, "owner": {"id": me}})
    ids["JobOrder"] = await bh.create("JobOrder", {
        "title": "Zephyr Welding Lead", "clientCorporation": {"id": ids["ClientCorporation"]},
        "clientContact": {"id": ids["ClientContact"]}, "owner": {"id": me},
        "skillList": "welding, tig", "payRate": 40, "clientBillRate": 56.5,
        "startDate": MS_2026_01_01 + 90 * DAY_MS, "numOpenings": 2, "customInt1": 3})
    ids["Candidate"] = await bh.create("Candidate", {
        "firstName": "Xander", "lastName": "Zyzzyva", "email": "xz@mail.example",
        "skillSet": "welding, tig, mig", "hourlyRateLow": 38, "hourlyRate": 45.25,
        "owner": {"id": me}, "address": {"city": "Boulder", "state": "CO"}})
    ids["JobSubmission"] = await bh.create("JobSubmission", {
        "candidate": {"id": ids["Candidate"]}, "jobOrder": {"id": ids["JobOrder"]},
        "status": "Submitted", "sendingUser": {"id": me}, "payRate": 40, "billRate": 56.5})
    ids["Placement"] = await bh.create("Placement", {
        "jobSubmission": {"id": ids["JobSubmission"]}, "candidate": {"id": ids["Candidate"]},
        "jobOrder": {"id": ids["JobOrder"]}, "status": "Approved", "payRate": 40,
        "clientBillRate": 56.5, "dateBegin": MS_2026_01_01 + 100 * DAY_MS})
    ids["Note"] = await bh.create("Note", {
        "action": "Screening", "comments": "Strong zyzzyva welder.",
        "personReference": {"id": ids["Candidate"], "_subtype": "Candidate"},
        "commentingPerson": {"id": me}, "jobOrder": {"id": ids["JobOrder"]}})
    ids["Appointment"] = await bh.create("Appointment", {
        "subject": "Zephyr interview", "type": "Interview",
        "dateBegin": MS_2026_01_01 + 95 * DAY_MS,
        "dateEnd": MS_2026_01_01 + 95 * DAY_MS + 3_600_000, "owner": {"id": me},
        "candidateReference": {"id": ids["Candidate"]},
        "clientContactReference": {"id": ids["ClientContact"]},
        "jobOrder": {"id": ids["JobOrder"]}})
    return ids
