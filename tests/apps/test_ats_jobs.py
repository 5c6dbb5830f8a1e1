"""The ATS's jobs, openings, hiring teams, stages, posts, departments, offices, users and
scheduled interviews through HTTP, with the refusals that change nothing."""

from __future__ import annotations

import httpx

from tests.apps.test_ats import Actor, B, active_application, actor, ats, has, walk
from tests.apps.test_bad_input import Unchanged
from tests.factories import new_episode

__all__ = ["ats"]  # the fixture, shared


async def open_job(a: Actor) -> dict:
    jobs = (await a.get("/jobs", status="open", per_page=500)).json()
    return next(j for j in jobs if j["openings"] and j["hiring_team"]["hiring_managers"])


async def test_jobs_read_as_harvest_shapes_them(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = await open_job(a)
    assert job["departments"][0]["name"] and job["offices"][0]["location"]["name"]
    assert job["requisition_id"] and job["opened_at"].endswith("Z")
    team = (await a.get(f"/jobs/{job['id']}/hiring_team")).json()
    assert [m["user_id"] for m in team["hiring_managers"]] == [
        m["id"] for m in job["hiring_team"]["hiring_managers"]]
    assert sum(m["responsible"] for m in team["recruiters"]) <= 1
    stages = (await a.get(f"/jobs/{job['id']}/stages")).json()
    assert [s["priority"] for s in stages] == sorted(s["priority"] for s in stages)
    assert all(s["job_id"] == job["id"] for s in stages)
    one = (await a.get(f"/job_stages/{stages[0]['id']}")).json()
    assert one == stages[0]
    post = (await a.get(f"/jobs/{job['id']}/job_post")).json()
    assert post["job_id"] == job["id"] and post["questions"]
    assert (await a.get(f"/job_posts/{post['id']}")).json() == post
    office = job["offices"][0]["id"]
    here = await walk(ats, f"{B}/jobs?per_page=500&office_id={office}", a.read)
    assert here and all(office in [o["id"] for o in j["offices"]] for j in here)
    dept = job["departments"][0]["id"]
    mine = await walk(ats, f"{B}/jobs?per_page=500&department_id={dept}", a.read)
    assert mine and all(j["departments"][0]["id"] == dept for j in mine)
    by_req = (await a.get("/jobs", requisition_id=job["requisition_id"])).json()
    assert [j["id"] for j in by_req] == [job["id"]]


async def test_update_job_and_its_hiring_team(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = await open_job(a)
    offices = (await a.get("/offices")).json()
    r = await a.send("PATCH", f"/jobs/{job['id']}", {
        "name": "Senior Robotics Engineer", "notes": "Backfill for Q2.",
        "office_ids": [offices[-1]["id"]]})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Senior Robotics Engineer"
    assert [o["id"] for o in r.json()["offices"]] == [offices[-1]["id"]]
    async with Unchanged(ep):
        r = await a.send("PATCH", f"/jobs/{job['id']}", {"department_id": 999999999})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] == "department_id"
        r = await a.send("PATCH", "/jobs/999999999", {"name": "x"})
        assert r.status_code == 404
    r = await a.send("POST", f"/jobs/{job['id']}/hiring_team",
                     {"coordinators": [{"user_id": a.user_id, "responsible": True}]})
    assert r.json() == {"success": True}
    team = (await a.get(f"/jobs/{job['id']}/hiring_team")).json()
    assert {"user_id": a.user_id, "active": True, "responsible": True} in team["coordinators"]
    managers = [m["user_id"] for m in team["hiring_managers"]]
    r = await ats.delete(f"{B}/jobs/{job['id']}/hiring_team",
                         params={"user_id": a.user_id, "role": "coordinator"},
                         headers=a.write)
    assert r.json() == {"success": True}
    team = (await a.get(f"/jobs/{job['id']}/hiring_team")).json()
    assert a.user_id not in [m["user_id"] for m in team["coordinators"]]
    assert [m["user_id"] for m in team["hiring_managers"]] == managers
    async with Unchanged(ep):
        r = await ats.delete(f"{B}/jobs/{job['id']}/hiring_team",
                             params={"user_id": 999999999}, headers=a.write)
        assert r.status_code == 422 and "not on job" in r.json()["errors"][0]["message"]
        r = await a.send("PUT", f"/jobs/{job['id']}/hiring_team",
                         {"hiring_managers": [{"user_id": 999999999}]})
        assert r.status_code == 422
    r = await a.send("PUT", f"/jobs/{job['id']}/hiring_team",
                     {"hiring_managers": [{"user_id": managers[0]}],
                      "recruiters": [{"user_id": a.user_id, "responsible": True}]})
    team = (await a.get(f"/jobs/{job['id']}/hiring_team")).json()
    assert [m["user_id"] for m in team["hiring_managers"]] == [managers[0]]
    assert [m["user_id"] for m in team["recruiters"]] == [a.user_id]
    assert team["coordinators"] == [] and team["sourcers"] == []


async def test_a_hiring_manager_cannot_set_up_jobs(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    worker = await actor(ep, has("employee", without=("hr", "exec", "recruiter")))
    job = (await worker.get("/jobs", status="open")).json()[0]
    async with Unchanged(ep):
        r = await worker.send("PATCH", f"/jobs/{job['id']}", {"name": "Chief Robot"})
    assert r.status_code == 403 and "recruiter" in r.json()["message"]


async def test_openings_open_close_reopen_and_destroy(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    job = await open_job(a)
    base = f"/jobs/{job['id']}/openings"
    r = await a.send("POST", base, {"openings": [{"opening_id": "ENG-NEW-1"},
                                                 {"opening_id": "ENG-NEW-2"}]})
    assert r.status_code == 200, r.text
    made = r.json()["openings"]
    assert [o["opening_id"] for o in made] == ["ENG-NEW-1", "ENG-NEW-2"]
    reasons = (await a.get("/close_reasons")).json()
    first, second = made[0]["id"], made[1]["id"]
    r = await a.send("PATCH", f"{base}/{first}",
                     {"status": "closed", "close_reason_id": reasons[2]["id"]})
    assert r.json() == {"success": True}
    got = (await a.get(f"{base}/{first}")).json()
    assert got["status"] == "closed" and got["close_reason"] == reasons[2]
    closed = (await a.get(base, status="closed", per_page=500)).json()
    assert first in [o["id"] for o in closed]
    async with Unchanged(ep):
        r = await a.send("PATCH", f"{base}/{first}", {"status": "closed"})
        assert r.status_code == 422 and "already closed" in r.json()["message"]
        r = await a.send("PATCH", f"{base}/{second}", {"close_reason_id": 999999999,
                                                       "status": "closed"})
        assert r.status_code == 422
        r = await ats.request("DELETE", f"/ats/v2{base}", json={"ids": [first]},
                              headers=a.write)
        assert r.status_code == 422 and "only open" in r.json()["message"]
        r = await a.send("PATCH", f"/jobs/{job['id']}/openings/999999999",
                         {"opening_id": "x"})
        assert r.status_code == 404
    r = await a.send("PATCH", f"{base}/{first}", {"status": "open"})
    assert (await a.get(f"{base}/{first}")).json()["status"] == "open"
    r = await ats.request("DELETE", f"/ats/v2{base}", json={"ids": [first, second]},
                          headers=a.write)
    assert r.json() == {"ids": [first, second]}
    assert (await a.get(f"{base}/{first}")).status_code == 404


async def test_departments_offices_and_users(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    depts = (await a.get("/departments")).json()
    assert depts and all(d["external_id"] for d in depts)
    r = await a.send("POST", "/departments", {"name": "Robotics Research",
                                             "parent_id": depts[0]["id"],
                                             "external_id": "RR"})
    assert r.status_code == 201 and r.json()["parent_id"] == depts[0]["id"]
    child = r.json()["id"]
    parent = (await a.get(f"/departments/{depts[0]['id']}")).json()
    assert child in parent["child_ids"] and "RR" in parent["child_department_external_ids"]
    r = await a.send("PATCH", f"/departments/{child}", {"name": "Research"})
    assert r.json()["name"] == "Research"
    r = await a.send("POST", "/offices", {"name": "Boston Lab", "location": "Boston, MA"})
    assert r.status_code == 201 and r.json()["location"] == {"name": "Boston, MA"}
    assert (await a.get(f"/offices/{r.json()['id']}")).json()["name"] == "Boston Lab"
    me = (await a.get(f"/users/{a.user_id}")).json()
    assert me["primary_email_address"] == a.person["email"]
    assert me["departments"][0]["name"] and me["offices"][0]["name"]
    assert (await a.get("/users", email="%")).json() == []
    assert [u["id"] for u in (await a.get("/users", employee_id=me["employee_id"])).json()
            ] == [a.user_id]
    async with Unchanged(ep):
        r = await a.send("POST", "/departments", {"name": ""})
        assert r.status_code == 422


async def test_schedule_reschedule_and_cancel_an_interview(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    app = await active_application(a)
    job = app["jobs"][0]["id"]
    stages = (await a.get(f"/jobs/{job}/stages")).json()
    stage = next(s for s in stages if s["interviews"])
    if app["current_stage"]["id"] != stage["id"]:
        app = (await a.send("POST", f"/applications/{app['id']}/move", {
            "from_stage_id": app["current_stage"]["id"], "to_stage_id": stage["id"]})).json()
    step = stage["interviews"][0]
    body = {"application_id": app["id"], "interview_id": step["id"],
            "interviewers": [{"user_id": a.user_id, "response_status": "accepted"}],
            "start": "2026-03-10T15:00:00Z", "end": "2026-03-10T16:00:00Z",
            "external_event_id": "cal-123", "location": "Room 4"}
    r = await a.send("POST", "/scheduled_interviews", body, v=2)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["interview"] == {"id": step["id"], "name": step["name"]}
    assert made["organizer"]["id"] == a.user_id
    assert made["start"]["date_time"] == "2026-03-10T15:00:00.000Z"
    listed = (await a.get(f"/applications/{app['id']}/scheduled_interviews")).json()
    assert made["id"] in [i["id"] for i in listed]
    r = await a.send("PATCH", f"/scheduled_interviews/{made['id']}",
                     {"start": "2026-03-11T15:00:00Z", "end": "2026-03-11T15:45:00Z"}, v=2)
    assert r.status_code == 200 and r.json()["end"]["date_time"].startswith("2026-03-11T15:45")
    async with Unchanged(ep):
        bad = {**body, "end": "2026-03-10T14:00:00Z"}
        assert (await a.send("POST", "/scheduled_interviews", bad, v=2)).status_code == 422
        other = {**body, "interview_id": 999999999}
        assert (await a.send("POST", "/scheduled_interviews", other, v=2)).status_code == 422
        nobody = {**body, "interviewers": [{"email": "nobody@nowhere.test"}]}
        assert (await a.send("POST", "/scheduled_interviews", nobody, v=2)).status_code == 422
    r = await a.send("DELETE", f"/scheduled_interviews/{made['id']}")
    assert r.status_code == 200
    assert (await a.get(f"/scheduled_interviews/{made['id']}")).status_code == 404


async def test_interviews_and_scorecards_link_up(ats: httpx.AsyncClient) -> None:
    ep = await new_episode(ats)
    a = await actor(ep, has("hr", "recruiter"))
    done = [i for i in await walk(ats, f"{B}/scheduled_interviews?per_page=500", a.read)
            if i["status"] == "complete"]
    interview = next(i for i in done if any(x["scorecard_id"] for x in i["interviewers"]))
    person = next(x for x in interview["interviewers"] if x["scorecard_id"])
    card = (await a.get(f"/scorecards/{person['scorecard_id']}")).json()
    assert card["application_id"] == interview["application_id"]
    assert card["interviewer"]["id"] == person["id"]
    assert card["interview_step"]["id"] == interview["interview"]["id"]
    assert sum(len(v) for v in card["ratings"].values()) == len(card["attributes"])
    cards = (await a.get(f"/applications/{card['application_id']}/scorecards")).json()
    assert card["id"] in [c["id"] for c in cards]
    async with Unchanged(ep):
        r = await a.send("DELETE", f"/scheduled_interviews/{interview['id']}")
    assert r.status_code == 422 and "complete" in r.json()["message"]
