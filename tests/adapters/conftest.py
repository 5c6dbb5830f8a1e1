"""The adapters' tests run a few hand-written tasks of corpus/hr-mismatch (HRIS and payroll),
in the shared test store, so that the world is built once per worker."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arcadia.grader import EmbeddedEnvironment, load_task

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus" / "hr-mismatch"


def _import_openai_agents() -> None:
    """verifiers imports OpenAI's `agents` package (openai-agents), but pytest puts the
    repository on sys.path (tests/ is a package), where our `agents/` folder would answer
    to that name. Installed, Arcadia is `arcadia.agents` and nothing collides; here, the
    real package is imported first, without the repository on the path."""
    if importlib.util.find_spec("verifiers") is None or "agents.function_schema" in sys.modules:
        return
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT]
    try:
        sys.modules.pop("agents", None)
        importlib.import_module("agents.function_schema")
    except ImportError:
        pass  # verifiers' own import will say what is missing
    finally:
        sys.path[:] = saved


_import_openai_agents()
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
