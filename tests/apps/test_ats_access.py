"""The ATS's role rules through HTTP: On-Behalf-Of on every write, pay withheld from
recruiters, a hiring team's own jobs only, no candidates for procurement or finance."""

from __future__ import annotations

import httpx

from tests.apps.test_ats import (
    OFFERS_OUT,
    Actor,
    B,
    active_application,
    actor,
    ats,
    has,
    principals,
    walk,
)
from tests.apps.test_bad_input import Unchanged
from tests.factories import EpisodeHandle, new_episode

__all__ = ["ats"]  # the fixture, shared


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


# -- On-Behalf-Of ------------------------------------------------------------------------------

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


# -- role rules --------------------------------------------------------------------------------

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
