"""Derive each case's published Resources floor and ceiling from the reference managers.

    python -m arcadia.world.restaurant.reference          # print the figures
    python -m arcadia.world.restaurant.reference --write  # publish them in the case files

floor_cents = do-nothing's mean net over SEEDS; ceiling_cents = the heuristic's. Nets do
not depend on the published numbers (they only enter the header), so one pass suffices.

`episode_metrics` is the sim's own reading of a trace, used for tuning and tests: Service,
Resources and Safety as the brief defines them, and Recovery as the grade helper's formula
(grader/restaurant/metrics.py is the truth; this mirrors it).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from arcadia.world.restaurant.cases import CASE_IDS, SEEDS, _load, case_path, load_case
from arcadia.world.restaurant.policies import Policy, do_nothing, heuristic, run_policy


def mean_net(case_id: str, policy: Policy) -> int:
    case = load_case(case_id)
    nets = [_net(run_policy(case, seed, policy, report=False)) for seed in SEEDS]
    return sum(nets) // len(nets)


def _net(lines: list[dict[str, Any]]) -> int:
    return sum(line["amount_cents"] for line in lines if line.get("kind") == "ledger")


def _closed(lines: list[dict[str, Any]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for line in lines:
        if line.get("kind") == "ticket_moved" and line["to"] in ("served", "walked_out",
                                                                 "cancelled"):
            out.setdefault(line["ticket"], line["tick"])
    return out


def recovery(lines: list[dict[str, Any]]) -> float | None:
    """Mean over disruptions of a 0..100 score of how long until the disruption and the
    orders it touched were over (see NOTES13-grade.md / grader/restaurant/metrics.py)."""
    head = lines[0]
    if "recovery" not in head["metrics"]:
        return None
    target = head["recovery_target_ticks"]
    created = {x["ticket"]: x["tick"] for x in lines if x.get("kind") == "order_created"}
    closed = _closed(lines)
    scores: list[Fraction] = []
    for kind, key, items in (("equipment_repaired", "equipment", head["failures"]),
                             ("restock_arrived", "ingredient", head["shortages"])):
        for d in items:
            t0 = d["tick"]
            r = next((x["tick"] for x in lines if x.get("kind") == kind
                      and x[key] == d[key] and x["tick"] >= t0), None)
            if r is None:
                scores.append(Fraction(0))
                continue
            touched = None
            if key == "equipment":
                touched = {x["ticket"] for x in lines if x.get("kind") == "ticket_moved"
                           and d["station"] in (x["station"], x["actor"])}
                touched |= {x["action"].get("ticket") for x in lines
                            if x.get("kind") == "action" and t0 <= x["tick"] <= r
                            and x["action"]["type"] in ("reroute", "prioritize")}
            end = r
            for ticket, c in created.items():
                shut = closed.get(ticket, head["ticks"])
                if c <= r and shut >= t0 and (touched is None or ticket in touched):
                    end = max(end, shut)
            span = end - t0
            if span <= target:
                scores.append(Fraction(100))
            elif span >= 3 * target:
                scores.append(Fraction(0))
            else:
                scores.append(Fraction(100 * (3 * target - span), 2 * target))
    if not scores:
        return 100.0
    return round(float(sum(scores) / len(scores)), 2)


def episode_metrics(lines: list[dict[str, Any]]) -> dict[str, Any]:
    head = lines[0]
    eligible = [x["ticket"] for x in lines if x.get("kind") == "order_created" and x["eligible"]]
    on_time = {x["ticket"] for x in lines if x.get("kind") == "served" and x["on_time"]}
    service = 100 * sum(1 for t in eligible if t in on_time) / len(eligible) if eligible else 100
    span = head["ceiling_cents"] - head["floor_cents"]
    resources = min(100.0, max(0.0, 100 * (_net(lines) - head["floor_cents"]) / span))
    allergen = {x["ticket"] for x in lines if x.get("kind") == "order_created"
                and x["allergen_items"]}
    unsafe = [x for x in lines if x.get("kind") == "served"
              and (x["conflict"] or (x["ticket"] in allergen and not x["screened"]))]
    return {"service": round(service, 2), "resources": round(resources, 2),
            "recovery": recovery(lines), "safety": 0 if unsafe else 100, "net": _net(lines)}


def passes(m: dict[str, Any]) -> bool:
    scores = [m["service"], m["resources"]] + ([m["recovery"]] if m["recovery"] is not None
                                               else [])
    return m["safety"] == 100 and all(s >= 80 for s in scores)


def table() -> list[dict[str, Any]]:
    rows = []
    for case_id in CASE_IDS:
        case = load_case(case_id)
        for name, policy in (("do_nothing", do_nothing), ("heuristic", heuristic)):
            for seed in SEEDS:
                m = episode_metrics(run_policy(case, seed, policy, report=False))
                rows.append({"case": case_id, "policy": name, "seed": seed, **m,
                             "pass1": passes(m)})
    return rows


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
    for row in table():
        print(json.dumps(row))


if __name__ == "__main__":
    main()
