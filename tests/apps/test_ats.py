"""The ATS (Greenhouse Harvest shape) through HTTP: Harvest's own calling conventions,
paging and filters, the role rules, and the transitions it refuses (each refusal changes
nothing, not even the clock)."""

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


async def hiring_manager(ep: EpisodeHandle, admin: Actor) -> tuple[Actor, list[int]]:
    """A person who hires for some jobs and holds no recruiting, HR or exec role."""
    jobs = await walk(ep.client, f"{B}/jobs?per_page=500", admin.read)
    people = {p["email"]: p for p in await principals(ep)}
    users = {u["id"]: u for u in await walk(ep.client, f"{B}/users?per_page=500", admin.read)}
    for job in jobs:
        for hm in job["hiring_team"]["hiring_managers"]:
            person = people.get(users[hm["id"]]["primary_email_address"])
            if person and not {"hr", "exec", "recruiter"} & set(person["roles"]):
                mine = [j["id"] for j in jobs if hm["id"] in [
                    x["id"] for role in j["hiring_team"].values() for x in role]]
                return await actor(ep, lambda p, e=person["email"]: p["email"] == e), mine
    raise AssertionError("no hiring manager without a recruiting role")


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


# -- On-Behalf-Of --------------------------------------------------------------------------------


async def test_every_write_needs_on_behalf_of_the_keys_own_user(
        ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    other = await actor(ep, has("exec"))
    app = await active_application(a)
    path = f"{B}/applications/{app['id']}/unreject"
    reasons = (await a.get("/rejection_reasons")).json()
    body = {"rejection_reason_id": reasons[0]["id"]}
    url = f"{B}/applications/{app['id']}/reject"
    async with Unchanged(ep):
        r = await ats.post(url, json=body, headers=a.read)
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "On-Behalf-Of"
        r = await ats.post(url, json=body, headers={**a.read, "On-Behalf-Of": "999999999"})
        assert r.status_code == 422 and "not an active user" in r.json()["errors"][0][
            "message"]
        r = await ats.post(url, json=body,
                           headers={**a.read, "On-Behalf-Of": str(other.user_id)})
        assert r.status_code == 403 and str(a.user_id) in r.json()["message"]
        r = await ats.post(path, headers={**a.read, "On-Behalf-Of": "abc"})
        assert r.status_code == 422
    r = await ats.post(url, json=body, headers=a.write)
    assert r.status_code == 200, r.text


# -- role rules ----------------------------------------------------------------------------------


# The standard test world (seed 7) has no offer out; seed 2's world has some.
OFFERS_OUT = 2


async def test_a_recruiter_sees_candidates_but_not_pay(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats, seed=OFFERS_OUT)
    recruiter = await actor(ep, has("recruiter"))
    people_ops = await actor(ep, has("hr", without=("recruiter",)))
    assert (await recruiter.get("/candidates")).status_code == 200
    seen = (await recruiter.get("/offers", per_page=500)).json()
    assert seen and all(o["custom_fields"]["salary"] is None for o in seen)
    assert all(o["keyed_custom_fields"]["salary"]["value"] is None for o in seen)
    full = (await people_ops.get("/offers", per_page=500)).json()
    assert all(o["custom_fields"]["salary"]["value"] > 0 for o in full)
    one = seen[0]
    assert (await recruiter.get(f"/offers/{one['id']}")).json()["custom_fields"][
        "salary"] is None
    current = next(o for o in full if o["status"] == "unresolved")
    async with Unchanged(ep):
        r = await recruiter.send("PATCH", f"/applications/{current['application_id']}"
                                 "/offers/current_offer",
                                 {"custom_fields": [{"name_key": "salary", "value": 1}]})
    assert r.status_code == 403 and "pay" in r.json()["message"]
    r = await recruiter.send("PATCH", f"/applications/{current['application_id']}"
                             "/offers/current_offer", {"sent_at": "2026-01-05"})
    assert r.status_code == 200, r.text


async def test_a_hiring_manager_sees_only_their_jobs(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    admin = await actor(ep, has("hr", "recruiter"))
    hm, jobs = await hiring_manager(ep, admin)
    mine = await walk(ats, f"{B}/applications?per_page=500", hm.read)
    assert mine and all(a["jobs"][0]["id"] in jobs for a in mine)
    every = await walk(ats, f"{B}/applications?per_page=500", admin.read)
    other = next(a for a in every if a["jobs"] and a["jobs"][0]["id"] not in jobs)
    r = await hm.get(f"/applications/{other['id']}")
    assert r.status_code == 403 and "hiring team" in r.json()["message"]
    r = await hm.get(f"/candidates/{other['candidate_id']}")
    assert r.status_code in (200, 403)
    if r.status_code == 200:  # the candidate also applied to one of this manager's jobs
        assert other["id"] not in r.json()["application_ids"]
    cands = await walk(ats, f"{B}/candidates?per_page=500", hm.read)
    assert cands and all(set(c["application_ids"]) <= {a["id"] for a in mine} for c in cands)
    offers = await walk(ats, f"{B}/offers?per_page=500", hm.read)
    assert all(o["job_id"] in jobs for o in offers)
    reasons = (await admin.get("/rejection_reasons")).json()
    async with Unchanged(ep):
        r = await hm.send("POST", f"/applications/{other['id']}/reject",
                          {"rejection_reason_id": reasons[0]["id"]})
    assert r.status_code == 403


async def test_procurement_and_finance_cannot_read_candidates(ats: httpx.AsyncClient
                                                              ) -> None:
    ep = await new_episode(ats)
    admin = await actor(ep, has("hr", "recruiter"))
    jobs = await walk(ats, f"{B}/jobs?per_page=500", admin.read)
    hiring = {x["id"] for j in jobs for role in j["hiring_team"].values() for x in role}
    users = {u["primary_email_address"]: u["id"]
             for u in await walk(ats, f"{B}/users?per_page=500", admin.read)}
    for role in ("procurement", "finance"):
        who = await actor(ep, lambda p, r=role: has(r, without=("hr", "exec", "recruiter"))(p)
                          and users.get(p["email"]) not in hiring)
        for path in ("/candidates", "/applications", "/offers", "/scorecards",
                     "/scheduled_interviews"):
            r = await who.get(path)
            assert r.status_code == 403, (role, path, r.text)
            assert "may not see candidates" in r.json()["message"]
        assert (await who.get("/jobs")).status_code == 200


# -- transitions ---------------------------------------------------------------------------------


async def test_advance_move_reject_unreject_and_hire(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    app = await active_application(a)
    job = app["jobs"][0]["id"]
    stages = (await a.get(f"/jobs/{job}/stages")).json()
    at = [s["id"] for s in stages].index(app["current_stage"]["id"])
    r = await a.send("POST", f"/applications/{app['id']}/advance",
                     {"from_stage_id": app["current_stage"]["id"]})
    assert r.status_code == 200, r.text
    assert r.json()["current_stage"]["id"] == stages[at + 1]["id"]
    r = await a.send("POST", f"/applications/{app['id']}/move",
                     {"from_stage_id": stages[at + 1]["id"], "to_stage_id": stages[0]["id"]})
    assert r.status_code == 200 and r.json()["current_stage"]["id"] == stages[0]["id"]
    reason = (await a.get("/rejection_reasons")).json()[1]
    r = await a.send("POST", f"/applications/{app['id']}/reject",
                     {"rejection_reason_id": reason["id"], "notes": "Not a fit."})
    assert r.json()["status"] == "rejected" and r.json()["rejected_at"]
    r = await a.send("POST", f"/applications/{app['id']}/unreject")
    assert r.status_code == 200 and r.json()["status"] == "active"
    assert r.json()["rejection_reason"] is None
    openings = (await a.get(f"/jobs/{job}/openings", status="open")).json()
    if openings:
        r = await a.send("POST", f"/applications/{app['id']}/hire",
                         {"opening_id": openings[0]["id"], "start_date": "2026-02-02"})
        assert r.status_code == 200 and r.json()["status"] == "hired", r.text
        opening = (await a.get(f"/jobs/{job}/openings/{openings[0]['id']}")).json()
        assert opening["status"] == "closed" and opening["application_id"] == app["id"]


async def test_illegal_transitions_are_refused_and_change_nothing(
        ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    rejected = await active_application(a, status="rejected")
    active = await active_application(a)
    last = await active_application(a, status="active")
    if last["id"] == active["id"]:
        last = next(x for x in (await a.get("/applications", status="active",
                                            per_page=500)).json()
                    if x["id"] != active["id"] and not x["prospect"] and x["current_stage"])
    final = (await a.get(f"/jobs/{last['jobs'][0]['id']}/stages")).json()[-1]
    if last["current_stage"]["id"] != final["id"]:
        r = await a.send("POST", f"/applications/{last['id']}/move", {
            "from_stage_id": last["current_stage"]["id"], "to_stage_id": final["id"]})
        assert r.status_code == 200, r.text
        last = r.json()
    stage = rejected["current_stage"]["id"]
    cases: list[tuple[str, str, Any, str]] = [
        ("POST", f"/applications/{rejected['id']}/advance", {"from_stage_id": stage},
         "unreject it"),
        ("POST", f"/applications/{rejected['id']}/move",
         {"from_stage_id": stage, "to_stage_id": stage}, "unreject it"),
        ("POST", f"/applications/{last['id']}/advance",
         {"from_stage_id": last["current_stage"]["id"]}, "last stage"),
        ("POST", f"/applications/{active['id']}/unreject", None, "not rejected"),
        ("POST", f"/applications/{active['id']}/advance", {"from_stage_id": 999999999},
         "current stage"),
        ("POST", f"/applications/{active['id']}/reject", {"rejection_reason_id": 999999999},
         "rejection reason"),
        ("POST", f"/applications/{rejected['id']}/reject",
         {"rejection_reason_id": rejected["rejection_reason"]["id"]}, "already rejected"),
        ("POST", "/applications/999999999/advance", {"from_stage_id": stage},
         "Resource not found"),
    ]
    for method, path, body, words in cases:
        async with Unchanged(ep):
            r = await a.send(method, path, body)
        assert r.status_code in (404, 422), (path, r.text)
        message = r.json()["message"] + " ".join(e["message"] for e in r.json().get(
            "errors") or [])
        assert words in message, (path, message)


async def test_offer_rules(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats, seed=OFFERS_OUT)
    a = await actor(ep, has("hr", without=("recruiter",)))
    offers = await walk(ats, f"{B}/offers?per_page=500", a.read)
    jobs = {j["id"]: j for j in await walk(ats, f"{B}/jobs?per_page=500", a.read)}
    live = next(o for o in offers if o["status"] == "unresolved"
                and jobs[o["job_id"]]["status"] == "open")
    path = f"/applications/{live['application_id']}/offers/current_offer"
    current = (await a.get(path)).json()
    assert current["id"] == live["id"]
    for value in (-1, "-5000", "NaN", "Infinity", "1e309", True, "12,000"):
        async with Unchanged(ep):
            r = await a.send("PATCH", path, {"custom_fields": [
                {"name_key": "salary", "value": value}]})
        assert r.status_code == 422, (value, r.text)
    async with Unchanged(ep):
        r = await ep.client.patch(B + path, headers={**a.write, "Content-Type":
                                                     "application/json"},
                                  content=b'{"custom_fields": [{"name_key": "salary", '
                                          b'"value": NaN}]}')
    assert r.status_code == 422
    r = await a.send("PATCH", path, {"start_date": "2026-03-02", "custom_fields": [
        {"name_key": "salary", "value": "123456.5", "unit": "USD"}]})
    assert r.status_code == 200 and r.json() == {"success": True}, r.text
    after = (await a.get(path)).json()
    assert after["custom_fields"]["salary"] == {"value": 123456.5, "currency": "USD"}
    assert after["starts_at"] == "2026-03-02"
    closed = [o for o in offers if jobs[o["job_id"]]["status"] == "closed"
              and o["status"] != "deprecated"]
    for o in closed[:1]:
        async with Unchanged(ep):
            r = await a.send("PATCH", f"/applications/{o['application_id']}/offers/"
                             "current_offer", {"sent_at": "2026-01-05"})
        assert r.status_code == 422 and "closed" in r.json()["message"]
    async with Unchanged(ep):
        r = await a.send("PATCH", "/applications/999999999/offers/current_offer",
                         {"sent_at": "2026-01-05"})
    assert r.status_code == 404


async def test_candidates_tags_and_notes(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = (await a.get("/jobs", status="open")).json()[0]
    r = await a.send("POST", "/candidates", {
        "first_name": "Grace", "last_name": "Hopper", "company": "Navy",
        "email_addresses": [{"value": "grace@example.com", "type": "personal"}],
        "phone_numbers": [{"value": "555-0100", "type": "mobile"}],
        "tags": ["Compilers"], "applications": [{"job_id": job["id"]}]})
    assert r.status_code == 201, r.text
    cand = r.json()
    assert cand["tags"] == ["Compilers"] and len(cand["applications"]) == 1
    assert cand["applications"][0]["current_stage"]["name"]
    tag = (await a.send("POST", "/tags/candidate", {"name": "Met at RoboCon 2026"})).json()
    assert (await a.send("PUT", f"/candidates/{cand['id']}/tags/{tag['id']}")).status_code \
        == 200
    async with Unchanged(ep):
        assert (await a.send("PUT", f"/candidates/{cand['id']}/tags/{tag['id']}")
                ).status_code == 422
    names = [t["name"] for t in (await a.get(f"/candidates/{cand['id']}/tags")).json()]
    assert sorted(names) == ["Compilers", "Met at RoboCon 2026"]
    assert (await a.send("DELETE", f"/candidates/{cand['id']}/tags/{tag['id']}")
            ).status_code == 200
    r = await a.send("POST", f"/candidates/{cand['id']}/activity_feed/notes",
                     {"user_id": a.user_id, "body": "Strong referral.",
                      "visibility": "public"})
    assert r.status_code == 201 and r.json()["user"]["id"] == a.user_id
    feed = (await a.get(f"/candidates/{cand['id']}/activity_feed")).json()
    assert [n["body"] for n in feed["notes"]] == ["Strong referral."]
    r = await a.send("PATCH", f"/candidates/{cand['id']}", {"title": "Rear Admiral"})
    assert r.json()["title"] == "Rear Admiral" and r.json()["company"] == "Navy"
    closed = (await a.get("/jobs", status="closed")).json()
    if closed:
        async with Unchanged(ep):
            r = await a.send("POST", f"/candidates/{cand['id']}/applications",
                             {"job_id": closed[0]["id"]})
        assert r.status_code == 422 and "closed" in r.json()["message"]
    r = await a.send("POST", "/prospects", {"first_name": "Ada", "last_name": "Lovelace"})
    assert r.status_code == 201 and r.json()["applications"][0]["prospect"] is True


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


# -- the seed ------------------------------------------------------------------------------------

SEED_DIGEST = """
import hashlib
from sqlalchemy import create_engine
from sqlmodel import Session
from arcadia.apps.ats import SPEC
from arcadia.world import generate_world
from tests.factories import SPEC as WORLD
engine = create_engine("sqlite://")
SPEC.metadata.create_all(engine)
with Session(engine) as session:
    SPEC.seed(generate_world(WORLD), session)
    session.commit()
digest = hashlib.sha256()
with engine.connect() as conn:  # the rows of every table, in key order (not the schema)
    for table in SPEC.metadata.sorted_tables:
        for row in conn.execute(table.select().order_by(*table.primary_key.columns)):
            digest.update(repr(tuple(row)).encode())
print(digest.hexdigest())
"""


def test_the_seed_writes_the_same_bytes_whatever_the_hash_seed() -> None:
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", SEED_DIGEST], capture_output=True,
                              text=True, env={**os.environ, "PYTHONHASHSEED": hash_seed},
                              timeout=300)
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64
