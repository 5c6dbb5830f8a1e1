"""World generation: deterministic, realistic in shape, and situations that diverge apps."""

from __future__ import annotations

import collections
import os
import re
import statistics
import subprocess
import sys

import pytest
from pydantic import ValidationError

from arcadia.world import SituationSpec, WorldSpec, generate_world
from arcadia.world.robotics import SITUATIONS
from tests.world.cached import world_of

# Determinism, processes and refusals are proved as well in a world of 120 people; the
# shape of a company (the module's `world`) needs the full one.
SMALL = 120


@pytest.fixture(scope="module")
def world():
    return world_of(WorldSpec(seed=11))


def test_same_seed_same_hash_and_different_seed_differs():
    a = generate_world(WorldSpec(seed=5, headcount=SMALL)).content_hash()
    assert a == generate_world(WorldSpec(seed=5, headcount=SMALL)).content_hash()
    assert a != generate_world(WorldSpec(seed=6, headcount=SMALL)).content_hash()


def test_cli_hash_is_stable_across_processes_and_hash_seeds():
    hashes = set()
    for hash_seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-m", "arcadia.agents.cli", "world", "build", "--seed", "4",
             "--headcount", str(SMALL)],
            capture_output=True, text=True, check=True,
            env=dict(os.environ, PYTHONHASHSEED=hash_seed)).stdout
        assert re.search(rf"^people: {SMALL}$", out, re.M), out
        hashes.add(re.search(r"^hash: ([0-9a-f]{64})$", out, re.M).group(1))
    assert hashes == {generate_world(WorldSpec(seed=4, headcount=SMALL)).content_hash()}


def test_headcount_is_a_parameter():
    assert len(generate_world(WorldSpec(seed=1, headcount=120)).people) == 120
    with pytest.raises(ValueError, match="headcount"):
        generate_world(WorldSpec(seed=1, headcount=10))


def test_org_chart_is_a_tree_with_real_spans(world):
    by_id = {p.id: p for p in world.people}
    roots = [p for p in world.people if p.manager_id is None]
    assert [r.title for r in roots] == ["Chief Executive Officer"]
    for p in world.people:  # every chain reaches the CEO without a cycle
        seen, cur = set(), p
        while cur.manager_id is not None:
            assert cur.id not in seen
            seen.add(cur.id)
            cur = by_id[cur.manager_id]
        assert cur is roots[0]
    spans = collections.Counter(p.manager_id for p in world.people if p.manager_id)
    assert 3 <= statistics.median(spans.values()) <= 10
    assert max(spans.values()) <= 10
    assert all("manager" in by_id[m].roles for m in spans)


def test_people_look_like_a_company(world):
    emails = [p.email for p in world.people]
    assert len(set(emails)) == len(emails)
    assert all(re.fullmatch(r"[a-z]+\.[a-z]+\d*@arcadia-robotics\.com", e) for e in emails)
    depts = {p.department_id for p in world.people}
    assert depts == {"ENG", "MFG", "SCM", "QA", "SAL", "FIN", "HR", "IT", "LEG", "EXE"}
    assert 3 <= len({p.location_id for p in world.people}) <= 4
    status = collections.Counter(p.status for p in world.people)
    assert status["active"] > 700 and status["on_leave"] > 0 and status["terminated"] > 0
    for p in world.people:
        assert p.hire_date <= world.now.date()
        assert (p.termination_date is not None) == (p.status == "terminated")
        assert p.comp_history[-1].rate == p.rate
        assert p.job_history[-1].title == p.title
    for role in ("hr", "payroll", "finance", "procurement", "recruiter", "it", "exec"):
        assert any(role in p.roles for p in world.people), role
    bands = {(b.department_id, b.level): b for b in world.bands}
    salaried = [p for p in world.people if p.pay_type == "salary"]
    inside = [p for p in salaried
              if bands[p.department_id, p.level].minimum <= p.rate
              <= bands[p.department_id, p.level].maximum]
    assert len(inside) / len(salaried) > 0.95


@pytest.mark.parametrize("sit", list(SITUATIONS.values()), ids=list(SITUATIONS))
def test_every_situation_is_deterministic_and_anchored(sit):
    # purchase-approvals-v1 needs a first-line finance manager with three reports: 300
    # people or more (its own error says so); every other situation plants in a small world.
    n = 300 if sit.id == "purchase-approvals-v1" else SMALL
    spec = WorldSpec(seed=2, headcount=n, situations=(SituationSpec(sit.id, {}),))
    a, b = generate_world(spec), generate_world(spec)
    assert a.content_hash() == b.content_hash()
    assert a.content_hash() != generate_world(WorldSpec(seed=2, headcount=n)).content_hash()
    (inst,) = a.situations
    assert inst.id == sit.id and inst.anchors and inst.hidden


def test_hr_mismatch_diverges_payroll_from_truth():
    spec = WorldSpec(seed=3, headcount=SMALL, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 8}),))
    world = generate_world(spec)
    (inst,) = world.situations
    assert len(inst.anchors) == 8
    assert {a["kind"] for a in inst.anchors} == {"salary", "title", "department", "status"}
    hris, payroll = world.view_for("hris"), world.view_for("payroll")
    for hidden in inst.hidden:
        assert hidden["fields"]
        for f in hidden["fields"]:
            assert getattr(hris.person(hidden["person_id"]), f["field"]) == f["hris"]
            assert getattr(payroll.person(hidden["person_id"]), f["field"]) == f["payroll"]
            assert f["hris"] != f["payroll"]
    touched = {h["person_id"] for h in inst.hidden}
    assert {h.person_id for h in inst.holdings} == touched
    untouched = [p for p in payroll.people if p.id not in touched]
    assert untouched == [p for p in hris.people if p.id not in touched]


def test_bad_situations_are_refused():
    with pytest.raises(ValueError, match="unknown situation"):
        generate_world(WorldSpec(seed=1, headcount=SMALL, situations=(SituationSpec("nope-v1"),)))
    with pytest.raises(ValidationError, match="count"):
        generate_world(WorldSpec(seed=1, headcount=SMALL, situations=(
            SituationSpec("hr-mismatch-v1", {"count": 0}),)))
