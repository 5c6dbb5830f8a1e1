"""The adapters' tests run a few hand-written tasks of corpus/hr-mismatch (HRIS and payroll),
in the shared test store, so that the world is built once per worker."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "hr-mismatch"
TASKS = ["hr-mismatch-title", "hr-mismatch-transfer"]


@pytest.fixture
def env(harness_for: Callable[..., Any]) -> EmbeddedEnvironment:
    return EmbeddedEnvironment(harness_for("hris", "payroll").store)


@pytest.fixture
def tasks_dir(tmp_path: Path) -> Path:
    """Two tasks, split `dev`, plus one of split `train` (to show a split is chosen)."""
    out = tmp_path / "tasks"
    out.mkdir()
    for tid in TASKS:
        task = json.loads((CORPUS / f"{tid}.json").read_text())
        task["meta"]["split"] = "dev"
        (out / f"{tid}.json").write_text(json.dumps(task))
    other = json.loads((CORPUS / "hr-mismatch-raise-salaried.json").read_text())
    other["meta"]["split"] = "train"
    (out / "other.json").write_text(json.dumps(other))
    return out


def ungradeable_task(tasks_dir: Path) -> Path:
    """A copy of the first task whose guard names a kind the grader does not know: its grade
    is `ungradeable`, whatever the agent does."""
    task = json.loads((tasks_dir / f"{TASKS[0]}.json").read_text())
    task["id"] = "hr-mismatch-title-unjudged"
    task["guards"].append({"id": "policy", "kind": "handbook-made-up-v1", "params": {}})
    path = tasks_dir.parent / "unjudged" / "unjudged.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(task))
    load_task(path)  # a valid task file: only grading it fails
    return path
