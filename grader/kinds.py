"""The check and guard kinds tasks name, by versioned id: `CHECKS` and `GUARDS`.

Each lists the generic kinds (`checks.KINDS`, `guards.KINDS`), then each world's pack's in
the order of the registry of worlds (`arcadia.grader.worlds`); nothing registers into them
on import. An id two kinds share is refused here, when the module loads.
"""

from typing import Any

from arcadia.grader.checks import KINDS as GENERIC_CHECKS
from arcadia.grader.checks import Kind, Verdict
from arcadia.grader.guards import KINDS as GENERIC_GUARDS
from arcadia.grader.guards import GuardVerdict
from arcadia.grader.worlds import WORLDS
from arcadia.world.registry import Registry

CHECKS: Registry[Kind[Any, Verdict]] = Registry("check kind", ((k.id, k) for k in (
    *GENERIC_CHECKS, *(k for p in WORLDS.values() for k in p.checks))))
GUARDS: Registry[Kind[Any, GuardVerdict]] = Registry("guard kind", ((k.id, k) for k in (
    *GENERIC_GUARDS, *(k for p in WORLDS.values() for k in p.guards))))
