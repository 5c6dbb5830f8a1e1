"""Agencies drawn once per test session (a draw takes ~0.2 s)."""

from __future__ import annotations

import functools

from arcadia.world.agency import Agency
from arcadia.world.agency.sample import sample_agency

SEEDS = tuple(range(24))


@functools.cache
def agency(seed: int) -> Agency:
    return sample_agency(seed)
