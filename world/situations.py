"""Registered situations: deterministic changes to world truth and to apps' views of it.

A situation is registered under a versioned id (`hr-mismatch-v1`). Applying it to a
world mutates the truth and/or records divergences (one app holding another value
than the truth), and appends a `SituationInstance` with the anchors a user would know
and the hidden facts a task must make the agent discover.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.world.catalog import DEPARTMENTS
from arcadia.world.model import CompRecord, Divergence, JobRecord, SituationInstance, SituationSpec

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
    taken = {d.person_id for d in world.divergences}
    candidates = [p for p in world.people
                  if p.status == "active" and "manager" not in p.roles
                  and p.department_id != "EXE" and p.id not in taken
                  and (world.now.date() - p.hire_date).days > 90]
    if len(candidates) < params.count:
        raise ValueError(f"hr-mismatch-v1 needs {params.count} eligible employees, "
                         f"the world has {len(candidates)}")
    chosen = rng.sample(candidates, params.count)
    kinds = [params.kinds[i % len(params.kinds)] for i in range(params.count)]
    rng.shuffle(kinds)
    anchors, hidden = [], []
    for person, kind in zip(chosen, kinds, strict=True):
        change = _MISMATCHES[kind](world, person, rng)
        for field_name, truth, stale in change:
            world.divergences.append(Divergence("payroll", person.id, field_name, truth, stale))
        anchors.append({"person_id": person.id, "name": person.name, "email": person.email,
                        "kind": kind})
        hidden.append({"person_id": person.id, "kind": kind,
                       "fields": [{"field": f, "hris": t, "payroll": s} for f, t, s in change]})
    return SituationInstance("hr-mismatch-v1", params.model_dump(), anchors, hidden)


Change = list[tuple[str, Any, Any]]  # (field, truth, stale value payroll keeps)


def _recent(world: World, rng: random.Random) -> Any:
    return world.now.date() - timedelta(days=rng.randint(8, 40))


def _raise(world: World, p: Person, rng: random.Random) -> Change:
    old = p.rate
    factor = rng.choice((1.04, 1.06, 1.08, 1.1))
    p.rate = round(old * factor, 2) if p.pay_type == "hourly" \
        else float(round(old * factor / 500) * 500)
    p.comp_history.append(CompRecord(_recent(world, rng), p.pay_type, p.rate, "Merit increase"))
    return [("rate", p.rate, old)]


def _promotion(world: World, p: Person, rng: random.Random) -> Change:
    shape = next(d for d in DEPARTMENTS if d.id == p.department_id)
    level = int(p.level[2])
    if level == 5:  # at the top of the ladder: a lateral retitle instead
        new_level, new_title = p.level, f"Distinguished {shape.ic_titles[4].split(' ', 1)[1]}"
    else:
        new_level, new_title = f"IC{level + 1}", shape.ic_titles[level]
    old = p.title
    p.title, p.level = new_title, new_level
    last = p.job_history[-1]
    p.job_history.append(replace(last, effective_date=_recent(world, rng), title=new_title))
    return [("title", new_title, old)]


def _transfer(world: World, p: Person, rng: random.Random) -> Change:
    others = [d for d in DEPARTMENTS if d.id not in (p.department_id, "EXE")]
    target = rng.choice(others)
    managers = [m for m in world.people if m.department_id == target.id
                and m.level == "M1" and m.status == "active"]
    manager = rng.choice(managers) if managers else world.person(
        world.department(target.id).head_id or 0)
    old_dept = p.department_id
    p.department_id = target.id
    p.team = manager.team
    p.manager_id = manager.id
    p.location_id = manager.location_id
    p.cost_centre_id = world.department(target.id).cost_centre_id
    p.job_history.append(JobRecord(_recent(world, rng), p.title, target.id, p.team,
                                   p.location_id, manager.id))
    return [("department_id", target.id, old_dept)]


def _termination(world: World, p: Person, rng: random.Random) -> Change:
    p.status = "terminated"
    p.termination_date = _recent(world, rng)
    return [("status", "terminated", "active"), ("termination_date", p.termination_date, None)]


_MISMATCHES: dict[str, Callable[[World, Person, random.Random], Change]] = {
    "salary": _raise,
    "title": _promotion,
    "department": _transfer,
    "status": _termination,
}
