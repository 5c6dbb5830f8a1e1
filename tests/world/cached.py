"""Worlds for the tests of what a world holds, through the machine's cache.

`cached_world(spec)` is the world `generate_world(spec)` makes, read from the cache the
apps' templates come from (`arcadia.apps.kernel.templates`; keyed by the spec and the
world's source), and built and stored there on a miss: a property of a world is proved as
well by the cached copy, and a process that finds it pays a read, not a build. A test of
determinism still generates the world it compares, and compares it with this one, which
may have been built in another process.
"""

from __future__ import annotations

from arcadia.apps.kernel.templates import world_source
from arcadia.world import World, WorldSpec


def cached_world(spec: WorldSpec) -> World:
    """The world of `spec`, a fresh copy of the cached one (a test may change it)."""
    return world_source(spec).world
