"""The ATS (Greenhouse Harvest shape) through HTTP: Harvest's own calling conventions, paging
and filters, and unknown ids; and the helpers the other `test_ats_*` modules share (the
client fixture, `Actor`, `walk`, `active_application`)."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from tests.apps.test_bad_input import Unchanged
from tests.factories import ADMIN, EpisodeHandle, new_episode

B = "/ats/v1"


@pytest.fixture
async def ats(harness_for: Callable[..., Any]) -> AsyncIterator[httpx.AsyncClient]:
    server = harness_for("ats").server
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as c:
        yield c


async def basic(ep: EpisodeHandle, principal: int) -> dict[str, str]:
    """Harvest's auth: Basic with the API key as user name and an empty password."""
    key = await ep.token(principal)
    return {"Authorization": "Basic " + base64.b64encode(f"{key}:".encode()).decode()}


async def walk(client: httpx.AsyncClient, url: str, headers: dict[str, str]
               ) -> list[dict[str, Any]]:
    """Every page of a list, following the Link header's rel="next" as Harvest asks."""
    out: list[dict[str, Any]] = []
    while url:
        r = await client.get(url, headers=headers)
        assert r.status_code == 200, r.text
        out += r.json()
        nxt = r.links.get("next")
        url = nxt["url"] if nxt else ""
    return out


async def principals(ep: EpisodeHandle) -> list[dict[str, Any]]:
    r = await ep.client.get(f"/admin/episodes/{ep.id}/principals", headers=ADMIN)
    return list(r.json()["principals"])


class Actor:
    """A principal with Harvest headers: Basic auth, and On-Behalf-Of their own user."""

    def __init__(self, ep: EpisodeHandle, person: dict[str, Any], headers: dict[str, str],
                 user_id: int) -> None:
        self.ep, self.person, self.read, self.user_id = ep, person, headers, user_id
        self.write = {**headers, "On-Behalf-Of": str(user_id)}

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.ep.client.get(B + path, params=params, headers=self.read)

    async def send(self, method: str, path: str, body: Any = None, *, v: int = 1
                   ) -> httpx.Response:
        return await self.ep.client.request(method, f"/ats/v{v}{path}", json=body,
                                            headers=self.write)


async def actor(ep: EpisodeHandle, pick: Callable[[dict[str, Any]], bool]) -> Actor:
    people = await principals(ep)
    person = next(p for p in people if pick(p))
    headers = await basic(ep, person["id"])
    r = await ep.client.get(f"{B}/users", params={"email": person["email"]}, headers=headers)
    assert r.status_code == 200 and len(r.json()) == 1, r.text
    return Actor(ep, person, headers, r.json()[0]["id"])


def has(*roles: str, without: tuple[str, ...] = ()) -> Callable[[dict[str, Any]], bool]:
    return lambda p: set(roles) <= set(p["roles"]) and not set(without) & set(p["roles"])


async def active_application(a: Actor, *, last_stage: bool = False,
                             status: str = "active") -> dict[str, Any]:
    """An application of `status` on an open job (in its job's last stage if asked)."""
    for job in await walk(a.ep.client, f"{B}/jobs?status=open&per_page=500", a.read):
        stages = (await a.get(f"/jobs/{job['id']}/stages")).json()
        apps = (await a.get("/applications", job_id=job["id"], status=status,
                            per_page=500)).json()
        for app in apps:
            if app["prospect"] or app["current_stage"] is None:
                continue
            at_last = app["current_stage"]["id"] == stages[-1]["id"]
            if at_last == last_stage:
                return app
    raise AssertionError(f"no {status} application (last stage: {last_stage})")


# The standard test world (seed 7) has no offer out; seed 2's world has some.
OFFERS_OUT = 2


# -- Harvest's own conventions ------------------------------------------------------------------


async def test_a_harvest_client_works_with_only_the_base_url_and_key_changed(
        ats: httpx.AsyncClient) -> None:
    """Requests as Harvest's reference writes them: `-u KEY:` (Basic, empty password),
    `On-Behalf-Of: {greenhouse user ID}` on writes, `per_page`/`page` and the Link header."""
    ep = await new_episode(ats)
    person = next(p for p in await principals(ep) if has("hr", "recruiter")(p))
    key = await ep.token(person["id"])
    async with httpx.AsyncClient(transport=ats._transport, base_url="http://arcadia.test/ats",
                                 auth=(key, "")) as harvest:
        r = await harvest.get("/v1/candidates/", params={"per_page": 2, "page": 1})
        assert r.status_code == 200 and len(r.json()) == 2
        link = r.headers["Link"]
        assert 'rel="next"' in link and 'rel="last"' in link and "per_page=2" in link
        second = await harvest.get(r.links["next"]["url"])
        assert second.status_code == 200
        assert {c["id"] for c in second.json()}.isdisjoint({c["id"] for c in r.json()})
        me = (await harvest.get("/v1/users", params={"email": person["email"]})).json()[0]
        reasons = (await harvest.get("/v1/rejection_reasons")).json()
        app = next(a for a in (await harvest.get(
            "/v1/applications", params={"status": "active", "per_page": 500})).json()
            if not a["prospect"])
        r = await harvest.post(f"/v1/applications/{app['id']}/reject",
                               headers={"On-Behalf-Of": str(me["id"])},
                               json={"rejection_reason_id": reasons[0]["id"],
                                     "notes": "Position filled internally."})
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "rejected"
        assert r.json()["rejection_reason"]["id"] == reasons[0]["id"]
        missing = await harvest.get("/v1/candidates/999999999")
        assert missing.status_code == 404
        assert missing.json()["message"].startswith("Resource not found")


async def test_without_a_key_401_and_with_a_bad_body_harvests_validation_error(
        ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    r = await ats.get(f"{B}/candidates", headers={"Authorization": ""})
    assert r.status_code == 401 and r.json()["message"]
    a = await actor(ep, has("hr", "recruiter"))
    async with Unchanged(ep):
        r = await a.send("POST", "/candidates", {"first_name": "Ada"})
    assert r.status_code == 422
    body = r.json()
    assert body["message"] == "Validation error" and body["errors"][0]["field"]


async def test_paging_walks_every_record_once_and_per_page_is_bounded(
        ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    everything = (await a.get("/candidates", per_page=500)).json()
    walked = await walk(ats, f"{B}/candidates?per_page=137", a.read)
    assert [c["id"] for c in walked] == sorted(c["id"] for c in walked)
    assert len(walked) == len({c["id"] for c in walked}) > 137
    assert [c["id"] for c in everything] == [c["id"] for c in walked][:500]
    for bad in (0, 501):
        r = await a.get("/candidates", per_page=bad)
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "per_page"


async def test_time_filters(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    apps = await walk(ats, f"{B}/applications?per_page=500", a.read)
    cut = sorted(x["applied_at"] for x in apps)[len(apps) // 2]
    after = await walk(ats, f"{B}/applications?per_page=500&created_after={cut}", a.read)
    before = await walk(ats, f"{B}/applications?per_page=500&created_before={cut}", a.read)
    assert after and before and len(after) + len(before) == len(apps)
    assert all(x["applied_at"] >= cut for x in after)
    assert all(x["applied_at"] < cut for x in before)
    last = sorted(x["last_activity_at"] for x in apps)[-5]
    recent = await walk(ats, f"{B}/applications?per_page=500&last_activity_after={last}",
                        a.read)
    assert recent and all(x["last_activity_at"] >= last for x in recent)
    cands = await walk(ats, f"{B}/candidates?per_page=500", a.read)
    cut = sorted(c["updated_at"] for c in cands)[len(cands) // 2]
    newer = await walk(ats, f"{B}/candidates?per_page=500&updated_after={cut}", a.read)
    assert newer and all(c["updated_at"] >= cut for c in newer) and len(newer) < len(cands)
    r = await a.get("/applications", created_after="last tuesday")
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "created_after"


async def test_list_filters(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    app = await active_application(a)
    job_id = app["jobs"][0]["id"]
    on_job = (await a.get("/applications", job_id=job_id, per_page=500)).json()
    assert on_job and all(x["jobs"][0]["id"] == job_id for x in on_job)
    rejected = (await a.get("/applications", status="rejected", per_page=500)).json()
    assert rejected and all(x["status"] == "rejected" for x in rejected)
    cand = (await a.get(f"/candidates/{app['candidate_id']}")).json()
    email = cand["email_addresses"][0]["value"]
    found = (await a.get("/candidates", email=email.upper())).json()
    assert [c["id"] for c in found] == [cand["id"]]
    assert (await a.get("/candidates", email="%")).json() == []
    open_jobs = (await a.get("/jobs", status="open", per_page=500)).json()
    assert open_jobs and all(j["status"] == "open" for j in open_jobs)
    some = (await a.get("/candidates", candidate_ids=f"{cand['id']},999999999")).json()
    assert [c["id"] for c in some] == [cand["id"]]


async def test_unknown_ids_answer_404_in_harvests_words(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    for path in ("/jobs/999999999", "/candidates/999999999", "/applications/999999999",
                 "/offers/999999999", "/scorecards/999999999", "/users/999999999",
                 "/scheduled_interviews/999999999", "/job_stages/999999999",
                 "/departments/999999999", "/offices/999999999", "/job_posts/999999999"):
        r = await a.get(path)
        assert r.status_code == 404, path
        assert r.json()["message"].startswith("Resource not found"), r.json()
