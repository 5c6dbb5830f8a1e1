"""The worlds of the world tests: those several test files build, through the machine's cache.

`world_of(spec)` is the world `generate_world(spec)` makes. A world in SHARED is read from
the cache the apps' templates come from (`arcadia.apps.kernel.templates`, keyed by the spec
and the world's source), and built and stored there on a miss, so the files (and processes)
that ask for it build it once between them. Any other world is generated: storing a world
that one file asks for costs more than a later read would save (an 800-person world stores
in about a third more than its build, and reads in about half of it). A test of determinism
generates the world it compares on its own.
"""

from __future__ import annotations

from arcadia.apps.kernel.templates import world_source
from arcadia.world import SituationSpec, World, WorldSpec, generate_world
from tests.factories import SPEC

SHARED = (
    SPEC,  # the standard test world: the apps' templates and most episodes are of it
    WorldSpec(seed=11),  # test_world, test_comms, test_sheets
    WorldSpec(seed=7),  # test_procurement, test_hiring
    WorldSpec(seed=0),  # test_realism, test_hiring
    # test_hiring_cohort's starters, and its episode through the apps (`new_episode`'s seed)
    WorldSpec(seed=7, situations=(SituationSpec("new-hire-cohort-v1", {"count": 6}),)),
)


def world_of(spec: WorldSpec) -> World:
    """The world of `spec`, a copy of its own (a test may change it)."""
    if spec in SHARED:
        return world_source(spec).world
    return generate_world(spec)
