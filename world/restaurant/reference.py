"""The reference managers' mean nets, and how the case files' published figures are written.

    python -m arcadia.world.restaurant.reference   # print do-nothing's and the heuristic's

The published floor and ceiling are the planner's (`python -m
arcadia.grader.restaurant.planner --write`): floor_cents = do-nothing's mean net over SEEDS
(`mean_net`), ceiling_cents = the mean net of the plans it finds with full knowledge of each
episode; it writes them with `publish`. Nets do not depend on the published numbers (they
only enter the header), so one pass suffices.
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
    parser.parse_args(argv)
    for case_id in CASE_IDS:
        floor, rule = mean_net(case_id, do_nothing), mean_net(case_id, heuristic)
        case = load_case(case_id)
        print(
            f"{case_id}: do_nothing {floor} heuristic {rule} "
            f"(published floor {case.floor_cents} / ceiling {case.ceiling_cents})"
        )


if __name__ == "__main__":
    main()
