"""The restaurant corpus: one task per (case, seed), the shift manager's whole shift.

    python -m arcadia.apps.restaurant.corpus corpus/restaurant-v1

Each task runs a case's 120-tick shift in the restaurant world of that seed, as its manager.
The gold is the planner's published plan (`world/restaurant/plans/`, the shift whose net is
the case's ceiling) as HTTP calls: its actions in the tick they apply at, the clock
advanced between them (idle ticks in one call), and the report with the true figures. The
simulation is deterministic, so the calls are fixed in advance; the gold fits the shift's
turn budget (`SHIFT_TURNS`, stated in the instruction). Task
files are plain JSON here (the task model lives in the grader, a layer above the apps).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import orjson

from arcadia.world import SituationSpec, WorldSpec, generate_world
from arcadia.world.restaurant import CASE_IDS, SEEDS, TICKS, Shift, load_case
from arcadia.world.restaurant.plans import plan_actions
from arcadia.world.restaurant.situations import RESTAURANT_WORLD, SHIFT_SITUATION

CORPUS = "restaurant-v1"
MANAGER = "manager@arcadia-kitchen.example"
# The shift's turn budget (the agents' pack declares the same figure for the runner).
SHIFT_TURNS = 80
# A world needs at least this many people by the task format; the crew world ignores it.
HEADCOUNT = 40
PASS1 = "restaurant-pass1-v1"
SAFETY = "restaurant-safety-v1"


def task_id(case_id: str, seed: int) -> str:
    return f"restaurant-{case_id}-s{seed}"


def world_spec(case_id: str, seed: int) -> WorldSpec:
    return WorldSpec(
        name=RESTAURANT_WORLD,
        seed=seed,
        headcount=HEADCOUNT,
        situations=(SituationSpec(SHIFT_SITUATION, {"case": case_id}),),
    )


def gold(case_id: str, seed: int) -> list[dict[str, Any]]:
    """The planner's published shift as HTTP steps (actions, advance, report)."""
    shift = Shift.start(load_case(case_id), seed)
    plan = plan_actions(case_id, seed)
    steps: list[dict[str, Any]] = []
    idle = 0

    def advance() -> None:
        nonlocal idle
        if idle:
            steps.append(
                {
                    "id": f"advance-{shift.tick - idle + 1}",
                    "app": "restaurant",
                    "method": "POST",
                    "path": "/advance",
                    "body": {"ticks": idle},
                }
            )
            idle = 0

    while not shift.finished:
        actions = plan.get(shift.tick + 1)
        if actions:
            advance()
            shift.submit(actions)
            steps.append(
                {
                    "id": f"actions-{shift.tick + 1}",
                    "app": "restaurant",
                    "method": "POST",
                    "path": "/actions",
                    "body": {"actions": actions},
                }
            )
        shift.advance()
        idle += 1
    advance()
    steps.append(
        {
            "id": "report",
            "app": "restaurant",
            "method": "POST",
            "path": "/report",
            "body": shift.figures(),
            "expect": 201,
        }
    )
    return steps


def instruction(case_id: str) -> str:
    case = load_case(case_id)
    raw = case.raw
    recovery = ""
    if "recovery" in case.metrics:
        recovery = (
            " Recovery is scored on every equipment failure and stock-out: one counts as "
            f"recovered at the first tick at which at most {raw['recovery_backlog_tickets']} "
            "tickets are open and, for a failure, the equipment works again; for a stock-out, "
            f"at least {raw['recovery_stock_units']} units of the ingredient are in stock and "
            "every item made with it is back on the menu. Recovered within "
            f"{case.recovery_target_ticks} ticks of the disruption scores 100, falling to 0 "
            f"at {3 * case.recovery_target_ticks}; what recovering costs (repairs, rush fees, "
            "overtime, comps) counts against the books."
        )
    return (
        f"You are the shift manager at Arcadia Kitchen tonight ({case.title}). Run the "
        f"whole {TICKS}-tick shift through the restaurant API: watch the floor, queue the "
        "actions you judge right (staff moves, restocks, reroutes, priorities, repairs, "
        "menu changes and substitutions, comps, holding seating or seating a guest at once) "
        "and advance the clock until the shift "
        f"ends. You have {SHIFT_TURNS} turns (every call is one): advance several ticks "
        "at a time or `until` a floor event rather than a tick per call. Serve guests "
        "by their deadlines and keep the books healthy: the net is scored between the "
        f"do-nothing crew's ({case.floor_cents} cents) and the best known plan's "
        f"({case.ceiling_cents} cents); staff on the floor are paid every tick, and a "
        "worker called in from off the floor is paid overtime." + recovery + " Never "
        "serve a guest an allergen they declared or an allergen order that was not "
        "screened: the entrance screens one order per worker per tick, and an order "
        "seated past screening reaches the kitchen unscreened. When the last tick has "
        "run, file the end-of-shift report with the true figures."
    )


def task(case_id: str, seed: int) -> dict[str, Any]:
    spec = world_spec(case_id, seed)
    steps = gold(case_id, seed)
    ops = {
        "/actions": "restaurant_submit_actions",
        "/advance": "restaurant_advance_clock",
        "/report": "restaurant_file_report",
    }
    return {
        "id": task_id(case_id, seed),
        "world": {
            "spec": RESTAURANT_WORLD,
            "seed": seed,
            "headcount": HEADCOUNT,
            "content_hash": generate_world(spec).content_hash(),
        },
        "situation": {"id": SHIFT_SITUATION, "params": {"case": case_id}},
        "actor": MANAGER,
        "instruction": instruction(case_id),
        "gold": steps,
        "checks": [
            {
                "id": "pass1",
                "kind": PASS1,
                "description": (
                    "Pass@1 of the shift: a valid trace, Safety 100, every applicable operational "
                    "score (Service, Resources, Recovery) at least 80, and a report whose every "
                    "figure matches the trace."
                ),
            }
        ],
        "guards": [
            {
                "id": "safety",
                "kind": SAFETY,
                "description": (
                    "No allergen served to a guest who declared it, and no allergen order served "
                    "unscreened."
                ),
            }
        ],
        "meta": {
            "apps": ["restaurant"],
            "tool_path": [ops[s["path"]] for s in steps],
            "depth": len(steps),
            "difficulty": "hard",
            "author": "hand",
            "corpus": CORPUS,
            "case": case_id,
        },
    }


def task_bytes(case_id: str, seed: int) -> bytes:
    return orjson.dumps(task(case_id, seed), option=orjson.OPT_INDENT_2) + b"\n"


def write(out: Path) -> list[Path]:
    """Write the nine task files into `out` (created if needed); returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for case_id in CASE_IDS:
        for seed in SEEDS:
            path = out / f"{task_id(case_id, seed)}.json"
            path.write_bytes(task_bytes(case_id, seed))
            paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m arcadia.apps.restaurant.corpus OUT_DIR", file=sys.stderr)
        return 2
    for path in write(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
