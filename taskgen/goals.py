"""Typed goal specs: one per goal kind, producing instruction, gold and checks together.

A goal kind (`@goal`) reads a situation instance and offers candidates: the slots an
instruction states (a person's name and email, a supplier's name) and the subject the
walk starts from. `act` drives the walker: it asks for the entities its writes need (the
walk discovers them through the tool graph), reads the facts the instruction leaves to
the agent, and runs the writes. The checks come from the state diff those writes leave
(`derive.py`), so the instruction (from the same slots), the gold (the walk) and the
checks cannot disagree. Add-ons (`@addon`) widen a task with an independent branch in
another app: a notice by mail, a row in a tracker sheet, a follow-up meeting.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from arcadia.grader.task import Step
from arcadia.taskgen.derive import Hints
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import Person, SituationInstance, World

HRIS = "/api/gateway.php/{domain}/v1"


@dataclass
class Candidate:
    """A goal applied to one anchor of one situation instance."""

    goal: str
    anchor: str  # a readable key: the person's or supplier's name
    actor: Person
    slots: dict[str, Any]  # what the instruction may state
    subject: Subject  # what the walk starts from (its `said` values)
    facts: dict[str, Any] = field(default_factory=dict)  # the situation's hidden facts
    addons: tuple[str, ...] = ()
    distractors: int = 0  # similar names in the world (see `generate.distractors`)

    def state(self, text: str) -> str:
        return text.format(**self.slots)

    def fresh(self) -> Candidate:
        """A copy for one walk: what a walk binds belongs to that walk's episode."""
        s = self.subject
        return replace(self, slots=dict(self.slots),
                       subject=Subject(s.key, s.concept, said=dict(s.said)))


Act = Callable[[Walker, Candidate, Hints], Awaitable[None]]


@dataclass(frozen=True)
class Goal:
    id: str
    situation: str
    description: str
    candidates: Callable[[World, SituationInstance], Iterator[Candidate]]
    act: Act
    phrasings: tuple[str, ...]
    addons: tuple[str, ...] = ()  # add-ons that fit this goal

    def instruction(self, cand: Candidate, rng: random.Random) -> str:
        return cand.state(rng.choice(self.phrasings))


@dataclass(frozen=True)
class Addon:
    id: str
    description: str
    act: Act
    phrasings: tuple[str, ...]
    ready: Callable[[World, Candidate], dict[str, Any] | None]  # slots, or None: not apt
    excludes: tuple[str, ...] = ()  # add-ons it is not combined with (same recipient...)


GOALS: dict[str, Goal] = {}
ADDONS: dict[str, Addon] = {}


def load() -> None:
    """Import every `goals_*` and `addons*` module of this package (they register)."""
    import arcadia.taskgen as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith(("goals_", "addons")):
            importlib.import_module(f"arcadia.taskgen.{info.name}")


def goal(id: str, situation: str, description: str, *, phrasings: tuple[str, ...],
         candidates: Callable[[World, SituationInstance], Iterator[Candidate]],
         addons: tuple[str, ...] = ()) -> Callable[[Act], Act]:
    """Register a goal kind under a versioned id."""
    def register(act: Act) -> Act:
        if id in GOALS:
            raise ValueError(f"goal {id!r} is registered twice")
        GOALS[id] = Goal(id, situation, description, candidates, act, phrasings, addons)
        return act
    return register


def addon(id: str, description: str, *, phrasings: tuple[str, ...],
          ready: Callable[[World, Candidate], dict[str, Any] | None],
          excludes: tuple[str, ...] = ()) -> Callable[[Act], Act]:
    def register(act: Act) -> Act:
        if id in ADDONS:
            raise ValueError(f"add-on {id!r} is registered twice")
        ADDONS[id] = Addon(id, description, act, phrasings, ready, excludes)
        return act
    return register


# --- helpers goal kinds share ----------------------------------------------------------

def person_subject(p: Person) -> Subject:
    """What a colleague knows of a person: name and work email."""
    return Subject(f"person:{p.id}", "person", said={"Email": p.email, "PersonName": p.name})


def first_name(p: Person) -> str:
    return p.name.split()[0]


def actor_with(world: World, roles: tuple[str, ...], *, not_ids: set[int] | None = None,
               key: str = "") -> Person:
    """An active person holding every role in `roles`, chosen by a stable key."""
    pool = [p for p in world.people if p.status != "terminated"
            and all(r in p.roles for r in roles) and p.id not in (not_ids or set())]
    if not pool:
        raise LookupError(f"no active person holds {roles}")
    return pool[int.from_bytes(key.encode()[:4].ljust(4, b"\0"), "big") % len(pool)]


def manager_of(world: World, p: Person) -> Person | None:
    if p.manager_id is None:
        return None
    m = world.person(p.manager_id)
    return m if m.status != "terminated" else None


async def hris_field(w: Walker, c: Candidate, field: str) -> dict[str, object]:
    """A binding to the subject's HRIS `field`, read the way used least so far in this
    situation: the employee record with `fields=`, or a custom report picked by work email
    (which also finds leavers, whom the directory leaves out)."""
    domain = w.ambient.said["CompanyDomain"]
    if w.usage["hris_get_employee"] <= w.usage["hris_create_custom_report"] and \
            c.facts.get("kind") != "status":
        emp = await w.need(c.subject, "EmployeeId")
        step = await w.run(Step(app="hris", method="GET", path=f"{HRIS}/employees/{{id}}",
                                params={"domain": domain, "id": emp},
                                query={"fields": field}))
        w.usage["hris_get_employee"] += 1
        return {"$from": str(step.step.id), "path": field}
    step = await w.run(Step(app="hris", method="POST", path=f"{HRIS}/reports/custom",
                            params={"domain": domain}, query={"format": "JSON"},
                            body={"title": "Payroll check", "fields": ["workEmail", field]}))
    w.usage["hris_create_custom_report"] += 1
    return {"$from": str(step.step.id),
            "path": f"employees[?workEmail=='{c.slots['email']}'].{field}"}
