"""The commands that take a world refuse one no pack registers: a task naming it does not
load (`arcadia eval --tasks`, `arcadia env serve`), `--world` names only a world's corpus
(`arcadia eval --world`), and `arcadia taskgen generate --situation` only worlds with goal
kinds. Each says what it knows and exits 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arcadia.agents.cli import app
from arcadia.taskgen.cli import app as taskgen_app

KNOWN = "known: ['agency', 'arcadia-robotics', 'restaurant']"
TASK = {
    "id": "t-nope", "world": {"spec": "nope", "seed": 1, "headcount": 40}, "actor": 1001,
    "instruction": "Do it.", "gold": [{"app": "hris", "method": "GET", "path": "/x"}],
    "checks": [{"id": "c", "kind": "record-removed-v1",
                "params": {"app": "hris", "table": "time_off_request"}}],
}


@pytest.fixture
def nope_task(tmp_path: Path) -> Path:
    path = tmp_path / "t-nope.json"
    path.write_text(json.dumps(TASK))
    return path


def said(result) -> str:
    return " ".join(result.output.split())


def test_eval_refuses_a_task_of_an_unknown_world(nope_task: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "--agent", "noop", "--tasks", str(nope_task),
                                      "--out", str(tmp_path / "run")])
    assert result.exit_code == 2, result.output
    assert f"field 'world.spec': Value error, unknown world 'nope'; {KNOWN}" in said(result)
    assert not (tmp_path / "run").exists()


def test_env_serve_refuses_a_task_of_an_unknown_world(
        nope_task: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: served.append(a))
    result = CliRunner().invoke(app, ["env", "serve", "--tasks", str(nope_task)])
    assert result.exit_code == 2, result.output
    assert f"unknown world 'nope'; {KNOWN}" in said(result) and served == []
    assert "Traceback" not in result.output


def test_eval_world_names_only_the_corpora_it_knows() -> None:
    result = CliRunner().invoke(app, ["eval", "--agent", "noop", "--world", "nope"])
    assert result.exit_code == 2
    assert "unknown world 'nope'; known: agency, restaurant" in said(result)


def test_taskgen_takes_only_a_world_with_goal_kinds() -> None:
    result = CliRunner().invoke(taskgen_app, ["generate", "--situation", "nope"])
    assert result.exit_code == 2
    assert "unknown situation 'nope'" in said(result) and "or 'agency'" in said(result)
