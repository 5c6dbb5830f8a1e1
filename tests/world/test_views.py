"""Per-app views: HRIS holds the truth; payroll holds the stale side of each mismatch, whole."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys

import orjson
import pytest

from arcadia.world import (
    HrisView,
    PayrollView,
    PersonRecord,
    SituationSpec,
    World,
    WorldSpec,
    generate_world,
    to_plain,
)
from arcadia.world.robotics.situations.hr_mismatch import MISMATCH_KINDS
from tests.world.cached import world_of

# Fields a change of each kind must leave stale in payroll. It may differ on more: a
# transfer can also move site (unless both teams sit at the same one) and bring pay into
# the new band.
CHANGED = {
    "salary": {"rate"},
    "title": {"title", "level"},
    "department": {"department_id", "team", "manager_id", "cost_centre_id", "title"},
    "status": {"status", "termination_date"},
}


# Three changes of one kind need no more than a small company (120 people) to be made in.
# A promotion of someone at the top of the ladder (IC5) is a lateral retitle that keeps the
# level: the level is asked to change only below it (`expected`), and at it to stay.
HEADCOUNT = {"salary": 120, "title": 120, "department": 120, "status": 120}
TOP_OF_LADDER = "IC5"


def expected(kind: str, stale_level: str) -> set[str]:
    """The fields a change of `kind` must change for someone at `stale_level`."""
    keeps = {"level"} if kind == "title" and stale_level == TOP_OF_LADDER else set()
    return CHANGED[kind] - keeps


def mismatch_world(seed: int, kind: str) -> World:
    headcount = HEADCOUNT[kind]
    return world_of(WorldSpec(seed=seed, headcount=headcount, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 3, "kinds": [kind]}),)))


def view_hash(view: object) -> str:
    return hashlib.sha256(orjson.dumps(to_plain(view), option=orjson.OPT_SORT_KEYS)).hexdigest()


def test_views_are_typed_and_frozen() -> None:
    world = generate_world(WorldSpec(seed=1, headcount=120))
    hris, payroll = world.view_for("hris"), world.view_for("payroll")
    assert isinstance(hris, HrisView) and hris.app == "hris"
    assert isinstance(payroll, PayrollView) and payroll.app == "payroll"
    with pytest.raises(dataclasses.FrozenInstanceError):
        hris.people[0].title = "CEO"  # type: ignore[misc]
    with pytest.raises(ValueError, match="no view for app"):
        world.view_for("crm")
    assert not hasattr(world, "view") and not hasattr(world, "divergences")


@pytest.mark.parametrize("seed", [0, 7])
def test_hris_holds_the_truth(seed: int) -> None:
    # Seed 7 is the standard test world (tests/factories.py SPEC), which the cache holds.
    world = world_of(WorldSpec(seed=seed, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 8}),)))
    hris = world.view_for("hris")
    assert [p.id for p in hris.people] == [p.id for p in world.people]
    for rec, person in zip(hris.people, world.people, strict=True):
        for f in dataclasses.fields(PersonRecord):
            want = getattr(person, f.name)
            assert getattr(rec, f.name) == (tuple(want) if isinstance(want, list) else want)
    assert hris.time_off == tuple(world.time_off)
    assert world.holdings("hris") == {}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("kind", MISMATCH_KINDS)
def test_payroll_holds_the_stale_side_whole(kind: str, seed: int) -> None:
    world = mismatch_world(seed, kind)
    hris, payroll = world.view_for("hris"), world.view_for("payroll")
    (inst,) = world.situations
    assert len(inst.hidden) == 3
    for fact in inst.hidden:
        truth, stale = hris.person(fact["person_id"]), payroll.person(fact["person_id"])
        changed = {f["field"] for f in fact["fields"]}
        assert expected(kind, stale.level) <= changed
        if kind == "title" and stale.level == TOP_OF_LADDER:
            assert truth.level == stale.level and "level" not in changed
        # Payroll holds history as it was before the change: a prefix of the truth's rows,
        # and its current job and pay are its own newest rows (one consistent past).
        jobs, comps = stale.job_history, stale.comp_history
        assert truth.job_history[:len(jobs)] == jobs
        assert truth.comp_history[:len(comps)] == comps
        assert (stale.department_id, stale.team, stale.manager_id, stale.location_id,
                stale.title, stale.level) == (jobs[-1].department_id, jobs[-1].team,
                                              jobs[-1].manager_id, jobs[-1].location_id,
                                              jobs[-1].title, jobs[-1].level)
        assert (stale.pay_type, stale.rate) == (comps[-1].pay_type, comps[-1].rate)
        new_rows = [*truth.job_history[len(jobs):], *truth.comp_history[len(comps):]]
        if kind == "status":
            assert new_rows == []
            assert (truth.status, stale.status) == ("terminated", "active")
            assert stale.termination_date is None
            assert truth.termination_date is not None
            assert not [e for e in world.enrolments if e.person_id == truth.id]
            assert [e for e in payroll.enrolments if e.person_id == truth.id]
        else:
            # Every row the situation added is newer than anything payroll holds.
            assert new_rows
            held_last = max(r.effective_date for r in (*jobs, *comps))
            assert all(r.effective_date > held_last for r in new_rows)
            assert stale.status == truth.status == "active"
        if kind == "department":
            manager = payroll.person(stale.manager_id or 0)
            assert manager.department_id == stale.department_id  # the old manager, old dept
            assert stale.location_id == jobs[-1].location_id
        for f in fact["fields"]:
            assert (getattr(truth, f["field"]), getattr(stale, f["field"])) == (
                f["hris"], f["payroll"])
    touched = {h["person_id"] for h in inst.hidden}
    assert [p for p in payroll.people if p.id not in touched] == [
        p for p in hris.people if p.id not in touched]


def test_views_are_deterministic_across_hash_seeds() -> None:
    # The processes and their hash seeds are the point, not the size of the world.
    spec = ("WorldSpec(seed=3, headcount=120, situations=(SituationSpec('hr-mismatch-v1', "
            "{'count': 8}),))")
    code = (
        "import hashlib, orjson\n"
        "from arcadia.world import SituationSpec, WorldSpec, generate_world, to_plain\n"
        f"w = generate_world({spec})\n"
        "h = lambda v: hashlib.sha256(orjson.dumps(to_plain(v), "
        "option=orjson.OPT_SORT_KEYS)).hexdigest()\n"
        "print(w.content_hash(), h(w.view_for('hris')), h(w.view_for('payroll')))\n")
    outs: set[tuple[str, ...]] = set()
    for s in ("0", "1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env=dict(os.environ, PYTHONHASHSEED=s)).stdout
        outs.add(tuple(out.split()))
    world = generate_world(WorldSpec(seed=3, headcount=120, situations=(
        SituationSpec("hr-mismatch-v1", {"count": 8}),)))
    assert outs == {(world.content_hash(), view_hash(world.view_for("hris")),
                     view_hash(world.view_for("payroll")))}
