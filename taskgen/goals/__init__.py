"""Typed goal specs: one per goal kind, producing instruction, gold and checks together.

A goal kind (`@goal`) reads a situation instance and offers candidates: the slots an
instruction states (a person's name and email, a supplier's name) and the subject the
walk starts from. `act` drives the walker: it asks for the entities its writes need (the
walk discovers them through the tool graph), reads the facts the instruction leaves to
the agent, and runs the writes. The checks come from the state diff those writes leave
(`derive.py`), so the instruction (from the same slots), the gold (the walk) and the
checks cannot disagree. Add-ons (`@addon`) widen a task with an independent branch in
another app: a notice by mail, a row in a tracker sheet, a follow-up meeting.

A world's goal kinds and add-ons live in its own folder (`goals/<world>/`), one module per
situation with its `SituationGoals` (the goal kinds, and the parameters or variants the
corpus walks the situation in), gathered by the world's pack (`pack.py`); the registry of
worlds (`arcadia.taskgen.worlds`) lists the packs. `goal` and `addon` register nothing: the
decorated function becomes the `Goal` or `Addon`, and the pack names it.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from arcadia.taskgen.derive import Hints
from arcadia.taskgen.walk import Subject, Walker
from arcadia.world import Person, SituationInstance, World

__all__ = ["Act", "Addon", "Candidate", "Goal", "SituationGoals", "addon", "goal"]


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
    distractors: int = 0  # similar names in the world (see `namesakes.distractors`)

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


@dataclass(frozen=True)
class SituationGoals:
    """One situation's goal kinds, and the worlds the corpus walks it in: one per seed with
    `params`, or, with `variants`, one per variant and seed (the step allowed, and the same
    step forbidden: pairs of near-identical tasks).

    `apps`: the apps whose tools every task of the situation offers (`meta.offered`), the
    union of the apps its goal kinds and their add-ons use. The family, not the task,
    decides the tool list: a forbidden twin that mails instead of submitting offers the
    same tools as the allowed one that submits. A walk that touches another app is a
    generator error."""

    situation: str
    goals: tuple[Goal, ...]
    params: dict[str, Any] = field(default_factory=dict)
    variants: tuple[dict[str, Any], ...] = ()
    apps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for g in self.goals:
            if g.situation != self.situation:
                raise ValueError(f"goal {g.id!r} is of {g.situation!r}, not {self.situation!r}")

    def worlds(self) -> tuple[dict[str, Any], ...]:
        """The situation's parameters in each world of a seed."""
        return self.variants or (self.params,)


def goal(id: str, situation: str, description: str, *, phrasings: tuple[str, ...],
         candidates: Callable[[World, SituationInstance], Iterator[Candidate]],
         addons: tuple[str, ...] = ()) -> Callable[[Act], Goal]:
    """A goal kind under a versioned id: the decorated `act` becomes the `Goal`."""
    def make(act: Act) -> Goal:
        return Goal(id, situation, description, candidates, act, phrasings, addons)
    return make


def addon(id: str, description: str, *, phrasings: tuple[str, ...],
          ready: Callable[[World, Candidate], dict[str, Any] | None],
          excludes: tuple[str, ...] = ()) -> Callable[[Act], Addon]:
    """An add-on under its id: the decorated `act` becomes the `Addon`."""
    def make(act: Act) -> Addon:
        return Addon(id, description, act, phrasings, ready, excludes)
    return make
