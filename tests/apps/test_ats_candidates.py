"""Candidates and prospects through HTTP: created with an application, tagged, noted and
edited; no application on a closed job."""

from __future__ import annotations

import httpx

from tests.apps.test_ats import actor, ats, has
from tests.apps.test_bad_input import Unchanged
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


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
