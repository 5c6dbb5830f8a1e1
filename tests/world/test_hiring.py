"""Hiring truth (`world.hiring`): deterministic, on its own stream, and shaped like a real ATS."""

from __future__ import annotations

import collections
import dataclasses
from datetime import datetime, timedelta
from functools import cache

import orjson
import pytest

from arcadia.world import Hiring, WorldSpec, generate_world, to_plain
from arcadia.world.comms import Comms
from arcadia.world.robotics import generate as generate_module
from arcadia.world.robotics.hiring.funnel import OFFER_STAGE, STAGE_PLAN
from arcadia.world.robotics.hiring.plan import LOOKBACK_HIRES, PLAN_GROWTH
from arcadia.world.sheets import Sheets
from arcadia.world.world import World
from tests.world.cached import world_of

SPECS = [WorldSpec(seed=0), WorldSpec(seed=7), WorldSpec(seed=3, headcount=300),
         WorldSpec(seed=1, headcount=60)]
IDS = [f"seed{s.seed}-{s.headcount}" for s in SPECS]


@cache
def built(index: int) -> World:
    return world_of(SPECS[index])


@pytest.fixture(params=range(len(SPECS)), ids=IDS)
def world(request: pytest.FixtureRequest) -> World:
    return built(request.param)


def _hash(value: object) -> bytes:
    return orjson.dumps(to_plain(value), option=orjson.OPT_SORT_KEYS)


def test_same_seed_same_hiring_other_seed_other_hiring() -> None:
    # The smallest world of SPECS proves it as well as a full one: built again, it is the
    # same; another seed of its size hires otherwise.
    a, b = generate_world(SPECS[3]), built(3)
    assert a.content_hash() == b.content_hash() and _hash(a.hiring) == _hash(b.hiring)
    other = dataclasses.replace(SPECS[3], seed=SPECS[3].seed + 1)
    assert _hash(a.hiring) != _hash(generate_world(other).hiring)


def test_hiring_draws_from_its_own_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without hiring, every other value of the world is as it is with it."""
    spec = WorldSpec(seed=4, headcount=120)
    with_hiring = generate_world(spec)
    monkeypatch.setattr(generate_module, "generate_hiring", lambda world: Hiring())
    # Mail, calendars and sheets are drawn from hiring (interviews, recruiting mail): leave
    # them out of both sides.
    monkeypatch.setattr(generate_module, "generate_comms", lambda world: Comms())
    monkeypatch.setattr(generate_module, "generate_sheets", lambda world: Sheets())
    without = generate_world(spec)
    assert without.hiring == Hiring() and with_hiring.hiring != Hiring()
    assert _hash(dataclasses.replace(with_hiring, hiring=Hiring(), comms=Comms(),
                                     sheets=Sheets())) == _hash(without)


def test_times_come_from_the_worlds_now() -> None:
    later = WorldSpec(seed=2, headcount=120, now=datetime(2027, 6, 7, 9, 0))  # noqa: DTZ001 (naive UTC, a Monday)
    a = generate_world(later)
    b = generate_world(WorldSpec(seed=2, headcount=120))
    assert max(x.applied_at for x in a.hiring.applications) > b.now
    for world in (a, b):
        h = world.hiring
        assert all(x.applied_at <= world.now and x.last_activity_at <= world.now
                   for x in h.applications)
        assert all(s.submitted_at <= world.now for s in h.scorecards)
        assert all(o.created_at <= world.now for o in h.offers)


def test_ids_are_unique_per_kind(world: World) -> None:
    h = world.hiring
    for rows in (h.jobs, h.candidates, h.applications, h.interviews, h.scorecards, h.offers,
                 [o for j in h.jobs for o in j.openings], [s for j in h.jobs for s in j.stages]):
        ids = [r.id for r in rows]
        assert len(ids) == len(set(ids)) and ids
    reqs = [j.requisition_id for j in h.jobs]
    assert len(reqs) == len(set(reqs))


def test_every_job_follows_the_stage_plan_and_has_a_hiring_team(world: World) -> None:
    people = {p.id: p for p in world.people}
    for job in world.hiring.jobs:
        assert [s.name for s in job.stages] == [name for name, *_ in STAGE_PLAN]
        team = job.team
        assert team.recruiters and team.coordinators and team.interviewers
        for pid in team.members():
            assert people[pid].status != "terminated"
        for pid in team.interviewers:
            assert people[pid].department_id == job.department_id
        if len([p for p in world.people if "recruiter" in p.roles]) >= 2:
            for pid in (*team.recruiters, *team.coordinators):
                assert people[pid].team == "Talent Acquisition"
        band = next(b for b in world.bands if (b.department_id, b.level)
                    == (job.department_id, job.level))
        annual = 2080 if job.pay_type == "hourly" else 1
        assert band.minimum <= job.pay_min * annual * 1.01 and \
            job.pay_max * annual <= band.maximum * 1.01


def test_open_requisitions_follow_the_headcount_plan(world: World) -> None:
    """Plan openings per department: PLAN_GROWTH of its ICs (at least one); plus backfills."""
    h = world.hiring
    past_hires = {a.id for a in h.applications
                  if h.candidate(a.candidate_id).person_id is not None}
    for dept in world.departments:
        if dept.id == "EXE":
            continue
        ics = [p for p in world.people if p.department_id == dept.id
               and p.level.startswith("IC") and p.status != "terminated"]
        opened = [o for j in h.jobs if j.department_id == dept.id and j.status != "draft"
                  for o in j.openings if o.close_reason == "Hire - New Headcount"
                  and o.application_id not in past_hires]
        planned = max(1, round(len(ics) * PLAN_GROWTH))
        assert len(opened) == planned, dept.id


def test_candidates_at_every_stage_and_the_funnel_narrows() -> None:
    h = built(0).hiring
    priority = {s.id: s.priority for j in h.jobs for s in j.stages}
    reached = collections.Counter(priority[m.stage_id] for a in h.applications
                                  for m in a.history)
    counts = [reached[n] for n in range(len(STAGE_PLAN))]
    assert counts == sorted(counts, reverse=True) and counts[-1] > 0, counts
    # each stage's conversion is near its planned rate (past hires are forced through)
    assert 0.25 <= counts[1] / counts[0] <= 0.55
    active = collections.Counter(priority[a.current_stage_id] for a in h.applications
                                 if a.status == "active" and a.current_stage_id is not None)
    assert all(active[n] > 0 for n in range(4)), active
    statuses = collections.Counter(a.status for a in h.applications)
    assert statuses["rejected"] > statuses["active"] > 0 and statuses["hired"] > 0
    offers = collections.Counter(o.status for o in h.offers)
    assert offers["accepted"] > 0 and offers["rejected"] > 0


def test_applications_move_forward_in_time_and_stage(world: World) -> None:
    h = world.hiring
    reasons = {r.id for r in h.rejection_reasons}
    sources = {s.id for s in h.sources}
    for a in h.applications:
        assert a.source_id in sources
        if a.prospect:
            assert a.current_stage_id is None and a.status == "active" and not a.history
            continue
        job = h.job(a.job_id or 0)
        priorities = [job.stage(m.stage_id).priority for m in a.history]
        assert priorities == list(range(len(priorities)))
        times = [m.entered_at for m in a.history]
        assert times == sorted(times) and times[0] == a.applied_at
        assert a.current_stage_id == a.history[-1].stage_id
        assert (a.rejected_at is not None) == (a.status == "rejected") \
            == (a.rejection_reason_id in reasons)
        assert (a.hired_at is not None) == (a.status == "hired")
        assert a.last_activity_at >= times[-1]


def test_interviewers_come_from_the_hiring_team_and_scorecards_from_held_interviews(
        world: World) -> None:
    h = world.hiring
    apps = {a.id: a for a in h.applications}
    cards = collections.defaultdict(list)
    for s in h.scorecards:
        cards[s.interview_id].append(s)
    for i in h.interviews:
        job = h.job(apps[i.application_id].job_id or 0)
        assert set(i.interviewers) <= set(job.team.members())
        assert i.organizer_id in job.team.coordinators
        assert job.stage(i.stage_id).interviews and i.interview in job.stage(i.stage_id).interviews
        held = sorted(s.interviewer_id for s in cards[i.id])
        if i.status == "complete":
            assert i.end <= world.now and held == sorted(i.interviewers)
        else:
            assert held == []
        if i.status == "scheduled":
            assert i.end > world.now and apps[i.application_id].status == "active"
    for s in h.scorecards:
        assert s.submitted_at >= s.interviewed_at and s.interviewer_id == s.submitted_by


def test_offers_and_hires(world: World) -> None:
    h = world.hiring
    apps = {a.id: a for a in h.applications}
    by_app = collections.defaultdict(list)
    for o in h.offers:
        by_app[o.application_id].append(o)
        job = h.job(apps[o.application_id].job_id or 0)
        assert job.stage(apps[o.application_id].current_stage_id or 0).priority == OFFER_STAGE
        assert o.pay_type == job.pay_type and o.currency == "USD" and o.salary > 0
        if o.status == "accepted":
            assert o.resolved_at is not None and o.starts_at >= o.resolved_at.date()
            assert apps[o.application_id].status == "hired"
    for a in h.applications:
        offers = by_app[a.id]
        assert [o.version for o in offers] == list(range(1, len(offers) + 1))
        assert all(o.status == "deprecated" for o in offers[:-1])
        if a.status == "hired":
            assert offers[-1].status == "accepted"
    filled = {o.application_id for j in h.jobs for o in j.openings if o.status == "closed"}
    assert filled == {a.id for a in h.applications if a.status == "hired"}
    for job in h.jobs:
        assert (job.status == "open") == (any(o.status == "open" for o in job.openings)
                                          and job.status != "draft")


def test_past_years_hires_are_the_hired_applications(world: World) -> None:
    h = world.hiring
    today = world.now.date()
    recent = {p.id: p for p in world.people if p.level != "E1"
              and (today - p.hire_date).days <= LOOKBACK_HIRES}
    linked = {c.person_id: c for c in h.candidates if c.person_id is not None}
    assert set(linked) == set(recent)
    for a in h.applications:
        c = h.candidate(a.candidate_id)
        if c.person_id is None:
            continue
        person = recent[c.person_id]
        offer = next(o for o in h.offers if o.application_id == a.id)
        assert a.status == "hired" and (c.first_name, c.last_name) == (person.first_name,
                                                                      person.last_name)
        assert offer.starts_at == person.hire_date
        assert offer.salary == person.comp_history[0].rate
        assert h.job(a.job_id or 0).name == person.job_history[0].title
    # a hire not yet linked to a person starts after next week
    for o in h.offers:
        c = h.candidate(h.application(o.application_id).candidate_id)
        if o.status == "accepted" and c.person_id is None:
            assert o.starts_at > today + timedelta(days=7)


def test_the_ats_view_holds_hiring() -> None:
    world = built(3)
    view = world.view_for("ats")
    assert view.app == "ats" and view.hiring is world.hiring
    assert [p.id for p in view.people] == [p.id for p in world.people]
