"""Greenhouse's references on ATS writes: a candidate's new application names its job
(none given is the validation error naming job_id, not a server error); an opening's
custom fields name opening custom fields (this world defines none). Refused: nothing changed."""

from __future__ import annotations

import httpx

from tests.apps.test_ats import actor, ats, has
from tests.apps.test_bad_input import Unchanged
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


async def test_an_application_without_its_job_is_refused(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    cand = (await a.get("/candidates")).json()[0]
    async with Unchanged(ep):
        r = await a.send("POST", f"/candidates/{cand['id']}/applications", {"source_id": None})
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["field"] == "job_id", r.text


async def test_opening_custom_fields_name_an_opening_custom_field(ats: httpx.AsyncClient
                                                                  ) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = next(j for j in (await a.get("/jobs", status="open")).json())
    base = f"/jobs/{job['id']}/openings"
    async with Unchanged(ep):
        r = await a.send("POST", base, {"openings": [
            {"opening_id": "REF-1", "custom_fields": [{"id": 987654321, "value": "x"}]}]})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "custom_fields", r.text
    made = (await a.send("POST", base, {"openings": [{"opening_id": "REF-2"}]})).json()
    oid = made["openings"][0]["id"]
    async with Unchanged(ep):
        r = await a.send("PATCH", f"{base}/{oid}",
                         {"custom_fields": [{"name_key": "no_such_field", "value": "x"}]})
    assert r.status_code == 422, r.text


async def test_an_interview_without_its_application_is_refused(ats: httpx.AsyncClient
                                                               ) -> None:
    """No application_id is the 422 naming it (was: a lookup of a NULL key, a warning that
    the test settings make an error, so a 500)."""
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    async with Unchanged(ep):
        r = await a.send("POST", "/scheduled_interviews", {"interview_id": 1, "interviewers": [{}],
                                                         "external_event_id": "e-1"}, v=2)
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["field"] == "application_id", r.text
