"""An application's transitions through HTTP: advance, move, reject, unreject and hire, and
the ones a state does not allow (each refusal changes nothing, not even the clock)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.apps.test_ats import active_application, actor, ats, has
from tests.apps.test_bad_input import Unchanged
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


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
