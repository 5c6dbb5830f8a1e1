"""The restaurant leaderboard: a run's published shift scores and whether it may be ranked.

Per run (one agent over `corpus/restaurant-v1`), over its episodes (attempt 0 of each task,
the Pass@1 attempt):
- deterministic score = mean Composite / 100 over the valid episodes;
- trajectory score = passed / total criteria of `restaurant-rubric/v2` over their reviews;
- all-model score = the mean of the two; Pass@1 rate = episodes meeting Pass@1 / valid ones.

A run is ranked only with nine valid completed episodes (the run completed; each episode
graded, its shift trace valid, and the agent ran to its own end: not a provider failure
(environment error), a malformed response, nor an attempt cut short by a crash, the time
limit or the budget; those are recorded apart, not scored as behaviour), every criterion
reviewed (a v2 review of each, all verdicts given) and replay evidence for each
(its `.shift.jsonl` on disk). Every other run is listed unranked with the reasons. Ranked
runs order by all-model score, then deterministic score, then Pass@1 rate.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.table import Table

from arcadia.agents._report_html import agent_label
from arcadia.agents.worlds.restaurant.shift import APP, RUBRIC, read_rubric, shift_path

__all__ = ["EPISODES", "board", "is_restaurant_run", "print_board", "run_entry", "run_line"]

EPISODES = 9  # three cases x three seeds
Row = dict[str, Any]


def _jsonl(path: Path) -> list[Row]:
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().splitlines():
        try:
            out.append(orjson.loads(line))
        except orjson.JSONDecodeError:
            continue
    return out


def is_restaurant_run(run_dir: Path) -> bool:
    """The run's tasks are restaurant shifts."""
    tasks = _jsonl(run_dir / "tasks.jsonl")
    return bool(tasks) and all(APP in (t.get("apps") or []) for t in tasks)


def _episode(run_dir: Path, task: str, row: Row | None,
             reviews: dict[tuple[str, int, str], Row]) -> dict[str, Any]:
    shift = (row or {}).get("shift") or {}
    problems = []
    if row is None:
        problems.append("not run")
    elif row["class"] == "environment_error":
        problems.append(f"environment error ({row.get('detail')})")
    elif str(row.get("detail") or "").startswith("malformed output"):
        problems.append("malformed response")
    elif row["class"] == "agent_error" and row.get("detail") not in (None, "score 0"):
        problems.append(f"incomplete ({row['detail']})")  # crashed, timed out, over budget
    elif not shift:
        problems.append("not graded as a shift")
    elif not shift.get("valid"):
        problems.append(f"invalid trace ({shift.get('reason')})")
    valid = not problems
    review = reviews.get((task, 0, RUBRIC))
    criteria = (review or {}).get("criteria") or []
    reviewed = bool(criteria) and all(isinstance(c.get("passed"), bool) for c in criteria)
    evidence = shift_path(run_dir, task, 0).exists()
    return {
        "task": task, "class": row["class"] if row else None, "valid": valid,
        "problems": problems, "case": shift.get("case"), "seed": shift.get("seed"),
        "composite": shift.get("composite"), "pass1": bool(shift.get("pass1")),
        "metrics": shift.get("metrics"), "report_accurate": shift.get("report_accurate"),
        "finished_by": shift.get("finished_by"), "reviewed": reviewed,
        "criteria_passed": sum(1 for c in criteria if c.get("passed") is True),
        "criteria_total": len(criteria), "evidence": evidence,
    }


def run_entry(run_dir: Path) -> dict[str, Any]:
    """The run's restaurant scores and ranking verdict (see the module docstring)."""
    manifest = orjson.loads((run_dir / "manifest.json").read_bytes()) if (
        run_dir / "manifest.json").exists() else {}
    tasks = [t["id"] for t in _jsonl(run_dir / "tasks.jsonl")]
    rows: dict[str, Row] = {}
    for r in _jsonl(run_dir / "results.jsonl"):
        if r.get("attempt") == 0:
            rows[r["task"]] = r  # a later row of the attempt replaces an earlier one
    reviews = read_rubric(run_dir)
    episodes = [_episode(run_dir, t, rows.get(t), reviews) for t in tasks]
    valid = [e for e in episodes if e["valid"]]
    reviewed = [e for e in valid if e["reviewed"]]
    deterministic = (statistics.fmean(float(e["composite"] or 0.0) for e in valid) / 100
                     if valid else None)
    total = sum(e["criteria_total"] for e in reviewed)
    trajectory = sum(e["criteria_passed"] for e in reviewed) / total if total else None
    all_model = (None if deterministic is None or trajectory is None
                 else (deterministic + trajectory) / 2)
    why = []
    if manifest.get("privileged"):
        why.append("the agent reads the gold (validation only)")
    if not manifest.get("completed"):
        why.append("the run did not complete")
    if len(valid) < EPISODES or len(episodes) != EPISODES:
        bad = [f"{e['task']}: {'; '.join(e['problems'])}" for e in episodes if not e["valid"]]
        why.append(f"{len(valid)} of {EPISODES} episodes valid"
                   + (f" ({', '.join(bad)})" if bad else ""))
    unreviewed = [e["task"] for e in valid if not e["reviewed"]]
    if unreviewed:
        why.append(f"criteria not reviewed ({RUBRIC}) for {', '.join(unreviewed)}")
    missing = [e["task"] for e in valid if not e["evidence"]]
    if missing:
        why.append(f"no replay evidence (shift trace) for {', '.join(missing)}")
    return {
        "run": str(run_dir), "agent": manifest.get("agent"), "model": manifest.get("model"),
        "privileged": bool(manifest.get("privileged")), "rubric": RUBRIC,
        "episodes": len(episodes), "valid_episodes": len(valid),
        "criteria_reviewed": total,
        "deterministic_score": _round(deterministic), "trajectory_score": _round(trajectory),
        "all_model_score": _round(all_model),
        "pass1_rate": _round(sum(e["pass1"] for e in valid) / len(valid)) if valid else None,
        "environment_errors": sum(1 for e in episodes if e["class"] == "environment_error"),
        "malformed": sum(1 for e in episodes if "malformed response" in e["problems"]),
        "incomplete": sum(1 for e in episodes
                          if any(p.startswith("incomplete") for p in e["problems"])),
        "rankable": not why, "unranked_because": why, "per_episode": episodes,
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _key(e: dict[str, Any]) -> tuple[float, float, float, str]:
    return (-(e["all_model_score"] or 0.0), -(e["deterministic_score"] or 0.0),
            -(e["pass1_rate"] or 0.0), e["run"])


def board(run_dirs: list[Path]) -> dict[str, Any]:
    """The restaurant leaderboard of the restaurant runs among `run_dirs`:
    {"ranked": [entries with "rank"], "unranked": [entries with "unranked_because"]}."""
    entries = [run_entry(d) for d in run_dirs if is_restaurant_run(d)]
    ranked = sorted((e for e in entries if e["rankable"]), key=_key)
    for rank, e in enumerate(ranked, 1):
        e["rank"] = rank
    unranked = sorted((e for e in entries if not e["rankable"]), key=_key)
    return {"rubric": RUBRIC, "ranked": ranked, "unranked": unranked}


def run_line(entry: dict[str, Any]) -> str:
    """A restaurant run's published scores in one line, and whether it can be ranked."""
    def num(v: Any) -> str:
        return "-" if v is None else f"{v:.3f}"

    return " | ".join([
        f"restaurant: deterministic {num(entry['deterministic_score'])}",
        f"trajectory {num(entry['trajectory_score'])}",
        f"all-model {num(entry['all_model_score'])}",
        f"Pass@1 {num(entry['pass1_rate'])}",
        f"valid episodes {entry['valid_episodes']}/{entry['episodes']}",
        "rankable" if entry["rankable"] else "unranked: " + "; ".join(
            entry["unranked_because"])])


def print_board(shifts: dict[str, Any], console: Console) -> None:
    """The restaurant leaderboard: ranked runs, then the unranked ones with why."""
    table = Table(title=f"Restaurant shift ({shifts['rubric']}; ranked: nine valid "
                  "episodes, every criterion reviewed, replay evidence)")
    for col in ("#", "agent", "all-model", "deterministic", "trajectory", "Pass@1",
                "valid", "run"):
        table.add_column(col)

    def num(v: Any) -> str:
        return "-" if v is None else f"{v:.3f}"

    def cells(e: dict[str, Any], rank: str) -> list[str]:
        return [rank, agent_label(e), num(e["all_model_score"]), num(e["deterministic_score"]),
                num(e["trajectory_score"]), num(e["pass1_rate"]),
                f"{e['valid_episodes']}/{e['episodes']}", e["run"]]

    for e in shifts["ranked"]:
        table.add_row(*cells(e, str(e["rank"])))
    console.print(table)
    if shifts["unranked"]:
        console.print("Unranked restaurant runs:", markup=False)
        for e in shifts["unranked"]:
            console.print("  " + " | ".join(cells(e, "-")[1:]) + " | why: "
                          + "; ".join(e["unranked_because"]), markup=False)
