"""`GraderPack`: what the grader holds of one world, registered by the world's name.

A world's check and guard kinds live in its own folder (`grader/<world>/`, the agency's
handbook guards, the restaurant's Pass@1 check and Safety guard), listed in a tuple there;
the registry of worlds (`arcadia.grader.worlds`) lists the packs, and `CHECKS` and `GUARDS`
(`arcadia.grader.kinds`), where tasks name kinds, list the packs' kinds after the generic
ones (`checks`, `guards`). Arcadia Robotics' kinds are the generic ones: it has no pack
here. See docs/worlds.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arcadia.grader.checks import Kind, Verdict
from arcadia.grader.guards import GuardVerdict


@dataclass(frozen=True)
class GraderPack:
    """A world's name and the kinds only its tasks use."""

    world: str
    checks: tuple[Kind[Any, Verdict], ...] = ()
    guards: tuple[Kind[Any, GuardVerdict], ...] = ()
