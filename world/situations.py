"""Registered situations: deterministic changes to world truth and to apps' views of it.

A situation is registered under a versioned id (`hr-mismatch-v1`). Applying it to a
world mutates the truth and states, per app and person, exactly what that app holds
when it is not the truth (`Holding`: status, job rows, pay rows, benefits). It appends a
`SituationInstance` with those holdings, the anchors a user would know and the hidden
facts a task must make the agent discover (derived from the holdings, never written
separately).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.catalog import DEPARTMENTS, DepartmentShape
from arcadia.world.model import CompRecord, Holding, JobRecord, SituationInstance, SituationSpec
from arcadia.world.views import differences, holding_of, person_record

if TYPE_CHECKING:
    from arcadia.world.model import Person, World


@dataclass(frozen=True)
class Situation:
    id: str
    description: str
    params: type[BaseModel]
    apply: Callable[[World, Any, random.Random], SituationInstance]


SITUATIONS: dict[str, Situation] = {}


def situation(id: str, description: str, params: type[BaseModel]
              ) -> Callable[[Callable[..., SituationInstance]], Callable[..., SituationInstance]]:
    """Register a situation under a versioned id."""
    def register(fn: Callable[..., SituationInstance]) -> Callable[..., SituationInstance]:
        if id in SITUATIONS:
            raise ValueError(f"situation {id!r} is registered twice")
        SITUATIONS[id] = Situation(id, description, params, fn)
        return fn
    return register


def apply_situation(world: World, spec: SituationSpec) -> SituationInstance:
    """Validate `spec.params` and apply the situation to `world` in place."""
    if spec.id not in SITUATIONS:
        raise ValueError(f"unknown situation {spec.id!r}; known: {sorted(SITUATIONS)}")
    sit = SITUATIONS[spec.id]
    params = sit.params.model_validate(spec.params)
    # A string seed goes through SHA-512 in `random`, never through `hash()`.
    rng = random.Random(f"{world.spec.seed}:{spec.id}:{len(world.situations)}")
    instance = sit.apply(world, params, rng)
    world.situations.append(instance)
    return instance


MismatchKind = Literal["salary", "title", "department", "status"]
MISMATCH_KINDS: list[MismatchKind] = ["salary", "title", "department", "status"]


class HrMismatchParams(BaseModel):
    model_config = ConfigDict(extra="forbid")

    count: int = Field(4, ge=1, le=50, description="How many employees disagree.")
    kinds: list[MismatchKind] = Field(
        default_factory=lambda: list(MISMATCH_KINDS),
        min_length=1,
        description="Which fields may disagree; assigned round-robin over the employees.",
    )


@situation(
    "hr-mismatch-v1",
    "Employees whose HRIS record (the truth) and payroll record disagree: a raise, a "
    "promotion, a transfer or a termination that payroll never heard about.",
    HrMismatchParams,
)
def hr_mismatch(world: World, params: HrMismatchParams, rng: random.Random) -> SituationInstance:
    """Change the truth for each chosen person; payroll holds them as they were before.

    The HRIS holds the truth. Payroll's `Holding` is a snapshot taken before the change, so
    whatever the change touched (rows, department, manager, location, title, pay, status,
    benefits), payroll holds none of it and its stale side is one consistent past.
    """
    taken = {h.person_id for inst in world.situations for h in inst.holdings}
    kinds = [params.kinds[i % len(params.kinds)] for i in range(params.count)]
    rng.shuffle(kinds)
    anchors: list[dict[str, Any]] = []
    hidden: list[dict[str, Any]] = []
    holdings: list[Holding] = []
    centres = {d.id: d.cost_centre_id for d in world.departments}
    for kind in kinds:
        reports = _reports(world)
        pool = [p for p in world.people
                if p.id not in taken and _eligible(world, p, kind, reports)]
        if not pool:
            raise ValueError(f"hr-mismatch-v1 needs {params.count} eligible employees; the "
                             f"world has too few for a {kind!r} mismatch")
        person = rng.choice(pool)
        taken.add(person.id)
        held = holding_of(world, "payroll", person)
        _MISMATCHES[kind](world, person, rng)
        holdings.append(held)
        truth = person_record(person, None, centres)
        stale = person_record(person, held, centres)
        anchors.append({"person_id": person.id, "name": person.name, "email": person.email,
                        "kind": kind})
        hidden.append({"person_id": person.id, "kind": kind,
                       "fields": [{"field": f, "hris": t, "payroll": s}
                                  for f, t, s in differences(stale, truth)]})
    return SituationInstance("hr-mismatch-v1", params.model_dump(), anchors, hidden, holdings)


def _reports(world: World) -> dict[int, int]:
    """Current (not terminated) direct reports per manager id."""
    counts: dict[int, int] = {}
    for p in world.people:
        if p.manager_id is not None and p.status != "terminated":
            counts[p.manager_id] = counts.get(p.manager_id, 0) + 1
    return counts


def _eligible(world: World, p: Person, kind: str, reports: dict[int, int]) -> bool:
    if not (p.status == "active" and p.level.startswith("IC") and p.department_id != "EXE"
            and (world.now.date() - p.hire_date).days > 90 and p.id not in reports):
        return False
    if kind in ("department", "status"):
        # Leaving a team must not leave its manager with fewer than two reports.
        if reports.get(p.manager_id or 0, 0) < 3:
            return False
    if kind == "department":
        return p.pay_type == "salary"  # hourly pay exists only in manufacturing
    return True


def _on(world: World, p: Person, rng: random.Random) -> date:
    """A recent effective date, after every row the person already has."""
    recent = world.now.date() - timedelta(days=rng.randint(8, 40))
    latest = max([r.effective_date for r in p.job_history]
                 + [r.effective_date for r in p.comp_history])
    return min(max(recent, latest + timedelta(days=1)), world.now.date())


def _raise(world: World, p: Person, rng: random.Random) -> None:
    """A merit increase of 4-10% that keeps pay inside the person's band when it can."""
    band = next(b for b in world.bands if (b.department_id, b.level) == (p.department_id,
                                                                           p.level))
    annual = p.rate * (2080 if p.pay_type == "hourly" else 1)
    factors = [f for f in (1.04, 1.06, 1.08, 1.1) if annual * f <= band.maximum] or [1.04]
    factor = rng.choice(factors)
    p.rate = round(p.rate * factor, 2) if p.pay_type == "hourly" \
        else float(round(p.rate * factor / 500) * 500)
    p.comp_history.append(CompRecord(_on(world, p, rng), p.pay_type, p.rate, "Merit increase"))


def _promotion(world: World, p: Person, rng: random.Random) -> None:
    shape = _shape(p.department_id)
    level = int(p.level[2])
    if level == 5:  # at the top of the ladder: a lateral retitle instead
        new_level, new_title = p.level, f"Distinguished {shape.ic_titles[4].split(' ', 1)[1]}"
    else:
        new_level, new_title = f"IC{level + 1}", shape.ic_titles[level]
    p.title, p.level = new_title, new_level
    p.job_history.append(replace(p.job_history[-1], effective_date=_on(world, p, rng),
                                 title=new_title, level=new_level))


def _transfer(world: World, p: Person, rng: random.Random) -> None:
    """A lateral move: the new department's ladder, roles, manager, team, site and band."""
    # Manufacturing ICs are paid by the hour; a salaried transfer goes elsewhere.
    others = [d for d in DEPARTMENTS if d.id not in (p.department_id, "EXE", "MFG")]
    target = rng.choice(others)
    reports = _reports(world)
    managers = [m for m in world.people if m.department_id == target.id
                and m.level == "M1" and m.status == "active" and 0 < reports.get(m.id, 0) < 10]
    manager = rng.choice(managers) if managers else world.person(
        world.department(target.id).head_id or 0)
    on = _on(world, p, rng)
    p.department_id = target.id
    p.team = manager.team
    p.manager_id = manager.id
    p.location_id = manager.location_id
    p.cost_centre_id = world.department(target.id).cost_centre_id
    p.title = target.ic_titles[int(p.level[2]) - 1]
    p.roles = ("employee", *target.roles,
               *(role for team, role in target.team_roles if team == p.team))
    p.job_history.append(JobRecord(on, p.title, p.level, target.id, p.team, p.location_id,
                                   manager.id))
    band = next(b for b in world.bands if b.department_id == target.id and b.level == p.level)
    if p.rate < band.minimum or p.rate > band.maximum:  # into the new band, in steps of 500
        p.rate = float(-(-band.minimum // 500) * 500 if p.rate < band.minimum
                       else band.maximum // 500 * 500)
        p.comp_history.append(CompRecord(on, p.pay_type, p.rate, "Transfer"))


def _termination(world: World, p: Person, rng: random.Random) -> None:
    """The person leaves: no benefits and no time off after their last day."""
    p.status = "terminated"
    p.termination_date = last = _on(world, p, rng)
    world.enrolments[:] = [e for e in world.enrolments if e.person_id != p.id]
    world.time_off[:] = [t for t in world.time_off if t.person_id != p.id or t.end <= last]


def _shape(department_id: str) -> DepartmentShape:
    return next(d for d in DEPARTMENTS if d.id == department_id)


_MISMATCHES: dict[str, Callable[[World, Person, random.Random], None]] = {
    "salary": _raise,
    "title": _promotion,
    "department": _transfer,
    "status": _termination,
}


# Situations defined in their own modules register themselves on import (they use
# `situation` above).
from arcadia.world import situations_hiring, spend_anomaly  # noqa: E402, F401
