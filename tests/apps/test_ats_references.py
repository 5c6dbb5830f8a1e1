"""Greenhouse's references on ATS writes: a candidate's new application names its job
(none given is the validation error naming job_id, not a server error), nothing changed."""

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
