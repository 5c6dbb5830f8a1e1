"""`TaskgenPack`: what the task generator holds of one world, registered by the world's name.

A world's goal kinds and add-ons live in its own folder (`goals/<world>/`), one module per
situation with its `SituationGoals` (the situation's parameters and variants live with its
goal kinds); its `pack.py` gathers them with the guards every task of the world carries and
the kinds of names its instructions state. The registry of worlds (`arcadia.taskgen.worlds`)
lists the packs. See docs/worlds.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arcadia.grader.task import GuardSpec
from arcadia.taskgen.goals import Addon, SituationGoals
from arcadia.taskgen.unused import Exclusion
from arcadia.world import World


@dataclass(frozen=True)
class Namesakes:
    """A kind of name an instruction states (the subject's `said` key, `PersonName`) and the
    world's names of that kind: those sharing a word with the subject's are what the agent
    must tell apart, and the subject's must name exactly one."""

    said: str
    names: Callable[[World], list[str]]
    word: int = 1  # the fewest letters a shared word needs to make two names alike


GENERATIONS = ("v1", "v2")


def no_guards() -> list[GuardSpec]:
    return []


@dataclass(frozen=True)
class TaskgenPack:
    """A world's name, its situations' goal kinds, its add-ons, the guards added to every
    task of it (`extra_guards`) and the names its subjects are stated by.

    `situations` are generator v1's (they regenerate `corpus/<world>-v1` byte for byte and
    do not change); `v2` are generator v2's goal kinds of the same situations (intent-worded
    instructions, the world's conventions kept), which `taskgen generate --generation v2`
    walks. `addons` holds both generations' add-ons (their ids differ). `unused`: why each
    write tool of the world's apps that no shipped task calls is left unused (the pack's
    `unused.py`; `taskgen coverage` accounts for every write tool by it). `corpora`: the
    world's committed corpora under `corpus/`, newest generation first (what `taskgen
    coverage` reads by default: the first that exists)."""

    world: str
    situations: tuple[SituationGoals, ...]
    addons: tuple[Addon, ...] = ()
    extra_guards: Callable[[], list[GuardSpec]] = no_guards
    namesakes: tuple[Namesakes, ...] = ()
    v2: tuple[SituationGoals, ...] = ()
    unused: tuple[Exclusion, ...] = ()
    corpora: tuple[str, ...] = ()

    def generation(self, name: str) -> tuple[SituationGoals, ...]:
        """The situations' goal kinds of generator `name` (`v1` or `v2`)."""
        if name not in GENERATIONS:
            raise ValueError(f"unknown generation {name!r}; known: {', '.join(GENERATIONS)}")
        return self.v2 if name == "v2" else self.situations
