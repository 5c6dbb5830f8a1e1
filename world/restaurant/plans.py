"""The planner's published plans: one per (case, seed), the actions of the best shift the
planner (`grader/restaurant/planner.py`) found with full knowledge of the episode, by the
tick they apply at. Data only: the world replays a plan, the grader searches for it.

    world/restaurant/plans/<case>-s<seed>.json
    {"case", "seed", "net_cents", "metrics", "actions": {"<tick>": [action, ...]}}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arcadia.world.restaurant.cases import CASE_IDS

PLAN_DIR = Path(__file__).parent / "plans"


def plan_path(case_id: str, seed: int) -> Path:
    return PLAN_DIR / f"{case_id}-s{seed}.json"


def load_plan(case_id: str, seed: int) -> dict[str, Any]:
    """The published plan of `case_id` under `seed` (raises if there is none)."""
    if case_id not in CASE_IDS:
        raise ValueError(f"unknown case {case_id!r}; known: {list(CASE_IDS)}")
    data: dict[str, Any] = json.loads(plan_path(case_id, seed).read_text())
    return data


def plan_actions(case_id: str, seed: int) -> dict[int, list[dict[str, Any]]]:
    """The plan's actions by the tick they apply at."""
    return {int(t): list(a) for t, a in load_plan(case_id, seed)["actions"].items()}


def write_plan(
    case_id: str,
    seed: int,
    actions: dict[int, list[dict[str, Any]]],
    net_cents: int,
    metrics: dict[str, Any],
) -> Path:
    path = plan_path(case_id, seed)
    doc = {
        "case": case_id,
        "seed": seed,
        "net_cents": net_cents,
        "metrics": metrics,
        "actions": {str(t): actions[t] for t in sorted(actions)},
    }
    path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    return path


def plan_policy(case_id: str, seed: int) -> Any:
    """The published plan as a policy (`obs -> actions`): what it does at the next tick."""
    actions = plan_actions(case_id, seed)

    def policy(obs: dict[str, Any]) -> list[dict[str, Any]]:
        return [dict(a) for a in actions.get(int(obs["tick"]) + 1, [])]

    return policy
