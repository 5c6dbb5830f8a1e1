"""Realism invariants of generated worlds, over several seeds and headcounts."""

from __future__ import annotations

import collections
import re
from functools import cache

import pytest
from faker import Faker

from arcadia.world import SituationSpec, World, WorldSpec
from arcadia.world.model import Person
from arcadia.world.robotics.catalog import DEPARTMENTS
from arcadia.world.robotics.figures import org_figures, spans
from arcadia.world.robotics.generate import leadership_team
from tests.world.cached import world_of

SHAPES = {d.id: d for d in DEPARTMENTS}
TEAM_ROLES = {role for d in DEPARTMENTS for _, role in d.team_roles}
MISMATCH = SituationSpec("hr-mismatch-v1", {"count": 12})

SPECS = [WorldSpec(seed=s) for s in range(5)] + [
    WorldSpec(seed=s, situations=(MISMATCH,)) for s in range(5)] + [
    WorldSpec(seed=0, headcount=300), WorldSpec(seed=1, headcount=300, situations=(MISMATCH,)),
    WorldSpec(seed=0, headcount=2000)]
IDS = [f"seed{s.seed}-{s.headcount}{'-mismatch' if s.situations else ''}" for s in SPECS]


@cache
def built(index: int) -> World:
    return world_of(SPECS[index])  # specs with situations are not hashable


@pytest.fixture(params=range(len(SPECS)), ids=IDS)
def world(request: pytest.FixtureRequest) -> World:
    return built(request.param)


def test_department_heads_lead_outside_operational_teams(world: World) -> None:
    for dept in world.departments:
        head = world.person(dept.head_id or 0)
        assert head.level == "E1" and head.title == SHAPES[dept.id].head_title
        assert head.team == leadership_team(SHAPES[dept.id])
        # Heads keep their department's roles, manage, and sit on the executive team.
        assert set(head.roles) == {"employee", "manager", "exec", *SHAPES[dept.id].roles}
        assert not TEAM_ROLES & set(head.roles), (head.title, head.roles)
    cfo = next(p for p in world.people if p.title == "Chief Financial Officer")
    cpo = next(p for p in world.people if p.title == "Chief People Officer")
    assert "payroll" not in cfo.roles and "finance" in cfo.roles
    assert "recruiter" not in cpo.roles and "hr" in cpo.roles
    for p in world.people:  # team roles come from the team, and only from it
        granted = {role for team, role in SHAPES[p.department_id].team_roles if team == p.team}
        assert TEAM_ROLES & set(p.roles) == granted, (p.title, p.team, p.roles)


def test_manager_share_and_spans(world: World) -> None:
    org = org_figures(world)
    assert 0.12 <= org.manager_share <= 0.16
    assert 5 <= org.median_span <= 8
    assert org.min_span >= 2
    assert org.max_span <= 10
    holders = {p.id for p in world.people if "manager" in p.roles and p.status != "terminated"}
    assert holders == set(spans(world))


def test_executive_titles_are_unique(world: World) -> None:
    titles = collections.Counter(p.title for p in world.people)
    executive = [t for t in titles if re.match(r"(Chief |VP |General Counsel$)", t)]
    assert len(executive) == len(DEPARTMENTS) + 1  # one head per department + chief of staff
    assert all(titles[t] == 1 for t in executive), {t: titles[t] for t in executive}
    assert titles["Chief of Staff"] == 1


def dated_rows_after(world: World, p: Person) -> list[object]:
    assert p.termination_date is not None
    last = p.termination_date
    rows: list[object] = [r for r in p.job_history if r.effective_date > last]
    rows += [r for r in p.comp_history if r.effective_date > last]
    rows += [t for t in world.time_off if t.person_id == p.id and t.end > last]
    rows += [e for e in world.enrolments if e.person_id == p.id]
    return rows


def test_nothing_is_dated_after_a_termination(world: World) -> None:
    leavers = [p for p in world.people if p.status == "terminated"]
    assert leavers
    for p in leavers:
        assert dated_rows_after(world, p) == [], p.email
        assert p.hire_date < p.termination_date  # type: ignore[operator]
    for app in ("hris", "payroll"):
        for rec in world.view_for(app).people:
            if rec.termination_date is not None:
                assert all(r.effective_date <= rec.termination_date
                           for r in (*rec.job_history, *rec.comp_history))


def test_history_rows_are_ordered_and_end_at_the_current_job(world: World) -> None:
    for p in world.people:
        dates = [r.effective_date for r in p.job_history]
        assert dates == sorted(dates) and dates[0] == p.hire_date
        assert [r.effective_date for r in p.comp_history][0] == p.hire_date
        last = p.job_history[-1]
        assert (last.title, last.level, last.department_id, last.team, last.location_id,
                last.manager_id) == (p.title, p.level, p.department_id, p.team, p.location_id,
                                     p.manager_id)
        assert (p.comp_history[-1].pay_type, p.comp_history[-1].rate) == (p.pay_type, p.rate)


def test_a_transfer_takes_the_new_departments_ladder_and_roles(world: World) -> None:
    moves = [h for inst in world.situations for h in inst.hidden if h["kind"] == "department"]
    assert moves or not world.situations
    for fact in moves:
        p = world.person(fact["person_id"])
        shape = SHAPES[p.department_id]
        assert p.title == shape.ic_titles[int(p.level[2]) - 1]
        assert p.roles == ("employee", *shape.roles,
                           *(role for team, role in shape.team_roles if team == p.team))
        manager = world.person(p.manager_id or 0)
        assert manager.department_id == p.department_id
        assert (p.team, p.location_id) == (manager.team, manager.location_id)
        before = next(f["payroll"] for f in fact["fields"] if f["field"] == "department_id")
        assert before != p.department_id
        assert p.title not in SHAPES[before].ic_titles
        band = next(b for b in world.bands if (b.department_id, b.level)
                    == (p.department_id, p.level))
        assert band.minimum <= p.rate <= band.maximum


def test_personal_facts(world: World) -> None:
    """Every person has BambooHR's personal fields, plausibly distributed: SSNs well formed
    and unique, about half married (fewer of the young), genders matching first names."""
    people = world.people
    facts = [p.personal for p in people]
    assert all(f is not None for f in facts)
    ssns = [f.ssn for f in facts if f]
    assert len(set(ssns)) == len(people)
    for ssn in ssns:
        area, group, serial = ssn.split("-")
        assert re.fullmatch(r"[0-9]{3}-[0-9]{2}-[0-9]{4}", ssn)
        assert area not in ("000", "666") and area < "900" and group != "00" \
            and serial != "0000"
    married = collections.Counter(f.marital_status for f in facts if f)
    assert 0.35 <= married["Married"] / len(people) <= 0.7
    young = [p for p in people if p.personal and (world.now.date() - p.birth_date).days < 27 * 365]
    if len(young) >= 20:
        assert sum(p.personal.marital_status == "Married" for p in young  # type: ignore[union-attr]
                   ) / len(young) < 0.35
    genders = collections.Counter(f.gender for f in facts if f)
    assert genders["Non-binary"] < 0.03 * len(people)
    assert 0.35 <= genders["Female"] / len(people) <= 0.6
    names = Faker("en_US").provider("faker.providers.person")
    female = set(names.first_names_female) - set(names.first_names_male)  # type: ignore[attr-defined]
    for p in people:
        f = p.personal
        assert f is not None and re.fullmatch(r"[0-9]{3}-[0-9]{3}-[0-9]{4}", f.mobile_phone)
        if p.first_name in female:
            assert f.gender in ("Female", "Non-binary"), (p.first_name, f.gender)
        assert f.home_email is None or not f.home_email.endswith(world.domain)
        assert f.middle_name is None or f.middle_name.isalpha()
