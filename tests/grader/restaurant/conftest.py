from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest

from arcadia.grader.restaurant.outcome import seal
from arcadia.world import restaurant as sim
from arcadia.world.restaurant.policies import heuristic, run_policy


@cache
def _sealed(case: str, seed: int) -> list[dict[str, Any]]:
    return seal(run_policy(sim.load_case(case), seed, heuristic))


def sealed(case: str = "dinner-rush", seed: int = 1) -> list[dict[str, Any]]:
    """The heuristic's complete trace (footer included), a fresh copy to tamper with."""
    return copy.deepcopy(_sealed(case, seed))


@pytest.fixture
def trace() -> list[dict[str, Any]]:
    return sealed()
