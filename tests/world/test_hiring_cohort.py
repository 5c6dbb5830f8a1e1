"""`new-hire-cohort-v1`: next Monday's starters, what each app holds of them, and the seeds."""

from __future__ import annotations

from datetime import date
from functools import cache

import httpx
import pytest

from arcadia.world import SituationSpec, World, WorldSpec, generate_world
from arcadia.world.robotics import SITUATIONS
from arcadia.world.robotics.situations.new_hire_cohort import start_monday
from tests.factories import ADMIN, new_episode
from tests.world.cached import world_of

COHORT = SituationSpec("new-hire-cohort-v1", {"count": 6})
# The smallest world the starters test runs in (seed 1, four starters, 120 people): what
# determinism and refused parameters need.
SMALL = WorldSpec(seed=1, headcount=120, situations=(
    SituationSpec("new-hire-cohort-v1", {"count": 4}),))


@cache
def cohort_world(seed: int = 7, count: int = 6, headcount: int = 800) -> World:
    return world_of(WorldSpec(seed=seed, headcount=headcount, situations=(
        SituationSpec("new-hire-cohort-v1", {"count": count}),)))


def facts(world: World) -> list[dict]:
    (inst,) = [i for i in world.situations if i.id == "new-hire-cohort-v1"]
    return inst.hidden


def test_registered_versioned_and_deterministic() -> None:
    assert "new-hire-cohort-v1" in SITUATIONS
    small = cohort_world(seed=1, count=4, headcount=120)
    assert generate_world(SMALL).content_hash() == small.content_hash()
    assert cohort_world(seed=2, count=4, headcount=120).content_hash() != small.content_hash()
    with pytest.raises(ValueError):
        generate_world(WorldSpec(seed=7, headcount=120, situations=(
            SituationSpec("new-hire-cohort-v1", {"count": 2}),)))
    with pytest.raises(ValueError):
        generate_world(WorldSpec(seed=7, headcount=120, situations=(
            SituationSpec("new-hire-cohort-v1", {"size": 4}),)))


def test_start_is_the_monday_after_now() -> None:
    world = cohort_world()
    assert world.now.date() == date(2026, 3, 2) and start_monday(world.now) == date(2026, 3, 9)
    assert start_monday(world.now.replace(day=6)) == date(2026, 3, 9)  # from a Friday


@pytest.mark.parametrize(("seed", "count", "headcount"), [(7, 6, 800), (0, 3, 800),
                                                          (3, 9, 300), (1, 4, 120)])
def test_starters_are_people_and_hires_of_accepted_offers(seed: int, count: int,
                                                          headcount: int) -> None:
    world = cohort_world(seed, count, headcount)
    h, start = world.hiring, start_monday(world.now)
    hidden = facts(world)
    assert len(hidden) == count
    stages = [f["stage"] for f in hidden]
    assert stages.count("salary") == 1
    assert {"hris-missing", "payroll-missing"} <= set(stages)
    for fact in hidden:
        person = world.person(fact["person_id"])
        assert person.hire_date == start and person.status == "active"
        assert person.personal is not None and person.email.endswith(f"@{world.domain}")
        app = h.application(fact["application_id"])
        candidate = h.candidate(app.candidate_id)
        job = h.job(app.job_id or 0)
        assert app.status == "hired" and candidate.person_id == person.id
        assert (candidate.first_name, candidate.last_name) == (person.first_name,
                                                              person.last_name)
        assert (job.name, job.department_id, job.location_id, job.level) == (
            person.title, person.department_id, person.location_id, person.level)
        assert person.manager_id in (*job.team.hiring_managers,
                                     world.department(job.department_id).head_id)
        assert any(o.application_id == app.id and o.status == "closed" for o in job.openings)
        offers = [o for o in h.offers if o.application_id == app.id]
        accepted = offers[-1]
        assert accepted.status == "accepted" and accepted.starts_at == start
        assert accepted.salary == person.rate == fact["offer_rate"]
        assert accepted.pay_type == person.pay_type == job.pay_type
        if fact["stage"] == "salary":
            first = offers[0]
            assert first.status == "deprecated" and first.salary == fact["hris_rate"]
            assert fact["hris_rate"] != person.rate
    # no two starters on one opening; ids stay unique after the situation's additions
    assert len({f["application_id"] for f in hidden}) == count
    assert len({a.id for a in h.applications}) == len(h.applications)
    assert len({c.id for c in h.candidates}) == len(h.candidates)


def test_each_app_holds_what_the_hidden_facts_say() -> None:
    world = cohort_world()
    views = {app: world.view_for(app) for app in ("hris", "payroll", "ats")}
    held = {app: {p.id for p in v.people} for app, v in views.items()}
    for fact in facts(world):
        pid = fact["person_id"]
        assert (pid in held["hris"]) == fact["in_hris"]
        assert (pid in held["payroll"]) == fact["in_payroll"]
        assert pid not in held["ats"]  # a starter is a candidate, not yet an ATS user
        if fact["in_hris"]:
            rate = views["hris"].person(pid).rate
            assert rate == fact.get("hris_rate", fact["offer_rate"])
        if fact["in_payroll"]:
            assert views["payroll"].person(pid).rate == fact["offer_rate"]
    inst = world.situations[0]
    names = {a["name"] for a in inst.anchors if a["kind"] == "starter"}
    assert names == {world.person(f["person_id"]).name for f in facts(world)}
    assert {a["start_date"] for a in inst.anchors if a["kind"] == "starter"} == {"2026-03-09"}
    (lead,) = [a for a in inst.anchors if a["kind"] == "onboarding-lead"]
    assert {"hr", "payroll"} <= set(world.person(lead["person_id"]).roles)


def test_without_the_situation_every_app_holds_everyone() -> None:
    world = generate_world(WorldSpec(seed=7, headcount=120))
    everyone = [p.id for p in world.people]
    for app in ("hris", "payroll", "ats"):
        assert [p.id for p in world.view_for(app).people] == everyone
    assert all(h.present for inst in world.situations for h in inst.holdings)


def test_composes_with_hr_mismatch() -> None:
    world = generate_world(WorldSpec(seed=7, headcount=120, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 8}), COHORT)))
    mismatched = {f["person_id"] for f in world.situations[0].hidden}
    starters = {f["person_id"] for f in world.situations[1].hidden}
    assert len(mismatched) == 8 and len(starters) == 6 and not mismatched & starters


async def test_seeds_skip_the_people_an_app_does_not_hold(harness_for) -> None:
    """Through the apps: the HRIS and payroll answer for exactly the starters they hold."""
    server = harness_for("hris", "payroll", "ats").server
    world = cohort_world()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server),
                                 base_url="http://arcadia.test", headers=ADMIN) as client:
        episode = await new_episode(client, situations=[
            {"id": COHORT.id, "params": COHORT.params}])
        lead = next(a for a in world.situations[0].anchors if a["kind"] == "onboarding-lead")
        auth = await episode.auth(lead["email"])
        company = (await client.get("/payroll/v1/token_info", headers=auth)
                   ).json()["resource"]["uuid"]
        for fact in facts(world):
            person = world.person(fact["person_id"])
            r = await client.get(f"/hris/api/gateway.php/arcadia/v1/employees/{person.id}",
                                 params={"fields": "payRate,hireDate"}, headers=auth)
            assert (r.status_code == 200) == fact["in_hris"], (fact, r.text)
            if fact["in_hris"]:
                rate = float(r.json()["payRate"].split()[0])
                assert rate == fact.get("hris_rate", fact["offer_rate"])
                assert r.json()["hireDate"] == "2026-03-09"
            r = await client.get(f"/payroll/v1/companies/{company}/employees",
                                 params={"search_term": person.email}, headers=auth)
            assert (len(r.json()) == 1) == fact["in_payroll"], (fact, r.json())
        await client.delete(f"/admin/episodes/{episode.id}")
