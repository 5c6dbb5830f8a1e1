"""The committed generated corpus, `corpus/arcadia-v1/`: CI regenerates it from its seeds
in another process than the one that wrote it and compares bytes (every regenerated task
passed the whole certificate on the way, and its checks, derived from its gold's diff
there, came out byte-identical to the ones derived in the process that wrote the files),
checks that no gold uses a value it neither read nor was told, and that `generation.json`
tells the truth about the files.

Regenerating runs `taskgen generate` in the test's process (typer's runner), every
situation in one run as `--situation all` does. The suite regenerates the first seed of
each situation, its first two tasks (a task does not depend on the ones after it:
de-duplication only looks back), about a fortieth of the work; the whole corpus is compared with
`ARCADIA_FULL_CORPUS=1 pytest -q tests/taskgen/test_corpus_v1.py`, and
`taskgen generate --situation all --out corpus/arcadia-v1` rewrites it all.
"""

from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader.task import load_task

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "arcadia-v1"
REPORT: dict[str, Any] = json.loads((CORPUS / "generation.json").read_text())
FILES = sorted(p for p in CORPUS.glob("*/*.json"))


def test_the_corpus_is_a_few_hundred_tasks_over_every_situation() -> None:
    """Every situation with generator v1's goal kinds; the later situations have v2's
    only (`TASKS_V1` empty), and v1's corpus stays as it was made."""
    from arcadia.taskgen.goals.robotics.pack import PACK
    from arcadia.world.robotics import SITUATIONS

    assert len(FILES) >= 150
    walked = {s.situation for s in PACK.situations if s.goals}
    assert {p.parent.name for p in FILES} == walked == set(REPORT["situations"])
    assert walked < set(SITUATIONS)
    for p in FILES:
        task = load_task(p)
        assert task.id == p.stem and task.situation is not None
        assert task.situation.id == p.parent.name and task.meta.author == "taskgen"


FULL = os.environ.get("ARCADIA_FULL_CORPUS") == "1"
# Tasks per situation the suite regenerates on the first seed: a seed's first tasks do not
# depend on the ones after them (de-duplication and saturation only look back).
COUNT = 2


def test_regenerating_from_the_seeds_gives_the_same_bytes(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arcadia.taskgen.cli import app

    seeds = REPORT["seeds"] if FULL else REPORT["seeds"][:1]

    def from_seeds(name: str) -> bool:
        return FULL or any(f"-s{s}-" in name for s in seeds)

    args = [a for s in seeds for a in ("--seed", str(s))]
    args += [a for sit in REPORT["situations"] for a in ("--situation", sit)]
    if not FULL:
        args += ["--count", str(COUNT)]
    done = CliRunner().invoke(app, ["generate", *args, "--headcount", str(REPORT["headcount"]),
                                    "--generation", "v1", "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    if FULL:
        part = json.loads((tmp_path / "generation.json").read_text())
    for sit in REPORT["situations"]:
        fresh = {p.name: p.read_bytes() for p in sorted((tmp_path / sit).glob("*.json"))}
        committed = {p.name: p.read_bytes() for p in sorted((CORPUS / sit).glob("*.json"))
                     if from_seeds(p.name)}
        assert fresh and set(fresh) <= set(committed), sit
        assert len(fresh) == (len(committed) if FULL else min(COUNT, len(committed))), sit
        for name, data in fresh.items():
            assert committed[name] == data, f"{sit}/{name} differs when regenerated"
        if FULL:
            assert part["by_situation"][sit] == REPORT["by_situation"][sit]


def test_no_gold_uses_a_value_it_did_not_discover_or_was_not_told() -> None:
    from arcadia.taskgen import graph as G
    from tests.taskgen.test_generate import undiscovered

    tools = {t.operation_id: t for t in G.tools(G.build())}
    for p in FILES:
        task = load_task(p)
        assert undiscovered(task, tools) == [], task.id


@pytest.mark.parametrize("situation", sorted(REPORT["situations"]))
def test_no_instruction_states_a_hidden_fact(situation: str) -> None:
    """The situation's hidden facts (ids, amounts, dates the agent must find) never appear
    in an instruction; the worlds of the first seed (each world is ~1.5 s to build)."""
    from arcadia.taskgen.worlds import PARAMS
    from arcadia.world import SituationSpec, WorldSpec, generate_world

    seed = REPORT["seeds"][0]
    world = generate_world(WorldSpec(seed=seed, headcount=REPORT["headcount"], situations=(
        SituationSpec(situation, PARAMS.get(situation, {})),)))
    hidden = {str(v) for h in world.situations[0].hidden for k, v in h.items()
              if k not in ("kind", "stage") and not isinstance(v, list | dict | bool)
              and len(str(v)) >= 4}
    tasks = [load_task(p) for p in FILES if p.parent.name == situation]
    tasks = [t for t in tasks if t.world.seed == seed]
    assert tasks
    for t in tasks:
        assert not [v for v in hidden if v in t.instruction], t.id


@pytest.mark.parametrize("key", ["mean_apps", "three_plus_apps", "median_gold_calls",
                                 "distinct_tool_multisets", "splits"])
def test_the_published_shape_is_the_files_shape(key: str) -> None:
    tasks = [load_task(p) for p in FILES]
    n = len(tasks)
    recomputed = {
        "mean_apps": round(sum(len(t.meta.apps) for t in tasks) / n, 2),
        "three_plus_apps": round(sum(len(t.meta.apps) >= 3 for t in tasks) / n, 3),
        "median_gold_calls": sorted(len(t.gold) for t in tasks)[n // 2],
        "distinct_tool_multisets": round(
            len({tuple(sorted(t.meta.tool_path)) for t in tasks}) / n, 3),
        "splits": dict(sorted(Counter((t.meta.model_extra or {})["split"]
                                      for t in tasks).items())),
    }
    assert REPORT["shape"][key] == recomputed[key]
    assert REPORT["funnel"]["shipped"] == n
    assert statistics.median(len(t.gold) for t in tasks) >= 1
