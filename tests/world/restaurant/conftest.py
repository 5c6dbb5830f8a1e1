from __future__ import annotations

from typing import Any

import pytest

from arcadia.world.restaurant import CASE_IDS, SEEDS, load_case
from arcadia.world.restaurant.policies import do_nothing, heuristic, run_policy


@pytest.fixture(scope="session")
def episodes() -> dict[tuple[str, str, int], list[dict[str, Any]]]:
    """Every reference episode's trace, run once per test session."""
    out = {}
    for case_id in CASE_IDS:
        case = load_case(case_id)
        for name, policy in (("do_nothing", do_nothing), ("heuristic", heuristic)):
            for seed in SEEDS:
                out[(case_id, name, seed)] = run_policy(case, seed, policy)
    return out
