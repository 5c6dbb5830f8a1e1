"""Derive each case's published Resources floor and ceiling from the reference managers.

    python -m arcadia.world.restaurant.reference          # print the figures
    python -m arcadia.world.restaurant.reference --write  # publish them in the case files

floor_cents = do-nothing's mean net over SEEDS; ceiling_cents = the heuristic's. Nets do
not depend on the published numbers (they only enter the header), so one pass suffices.

The metrics of each reference episode are the grader's (`grader/restaurant/metrics.py`,
the one place they are defined): `tests/world/restaurant/test_cases.py` checks Pass@1 there.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from arcadia.world.restaurant.cases import CASE_IDS, SEEDS, _load, case_path, load_case
from arcadia.world.restaurant.policies import Policy, do_nothing, heuristic, run_policy


def mean_net(case_id: str, policy: Policy) -> int:
    case = load_case(case_id)
    nets = [_net(run_policy(case, seed, policy, report=False)) for seed in SEEDS]
    return sum(nets) // len(nets)


def _net(lines: list[dict[str, Any]]) -> int:
    return sum(line["amount_cents"] for line in lines if line.get("kind") == "ledger")


def publish(case_id: str, floor: int, ceiling: int) -> None:
    path = case_path(case_id)
    doc = json.loads(path.read_text())
    doc["floor_cents"], doc["ceiling_cents"] = floor, ceiling
    path.write_text(json.dumps(doc, indent=1) + "\n")
    _load.cache_clear()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="publish into the case files")
    args = parser.parse_args(argv)
    for case_id in CASE_IDS:
        floor, ceiling = mean_net(case_id, do_nothing), mean_net(case_id, heuristic)
        case = load_case(case_id)
        print(f"{case_id}: floor_cents={floor} ceiling_cents={ceiling} "
              f"(published {case.floor_cents} / {case.ceiling_cents})")
        if args.write:
            publish(case_id, floor, ceiling)


if __name__ == "__main__":
    main()
