"""The current offer's update through HTTP: the salary's bounds, the start date, and no
change on a closed job."""

from __future__ import annotations

import httpx

from tests.apps.test_ats import OFFERS_OUT, B, actor, ats, has, walk
from tests.apps.test_bad_input import Unchanged
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


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
