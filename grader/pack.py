"""`GraderPack`: what the grader holds of one world, registered by the world's name.

A world's check and guard kinds live in its own folder (`grader/<world>/`, the agency's
handbook guards, the restaurant's Pass@1 check and Safety guard), each in a registry of its
own; the registry of worlds (`arcadia.grader.worlds`) lists the packs and `install`s their
kinds into `CHECKS` and `GUARDS`, where tasks name them. Arcadia Robotics' kinds are the
generic ones (`checks`, `guards`): it has no pack here. See docs/worlds.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arcadia.grader.checks import CHECKS, Kind, Verdict
from arcadia.grader.guards import GUARDS, GuardVerdict


@dataclass(frozen=True)
class GraderPack:
    """A world's name and the kinds only its tasks use."""

    world: str
    checks: tuple[Kind[Any, Verdict], ...] = ()
    guards: tuple[Kind[Any, GuardVerdict], ...] = ()


def install(pack: GraderPack) -> None:
    """Register the pack's kinds in `CHECKS` and `GUARDS` (an id taken already is an error)."""
    for registry, kinds in ((CHECKS, pack.checks), (GUARDS, pack.guards)):
        for k in kinds:
            registry.register(k.id, k.description, k.params, records=k.records)(k.fn)
