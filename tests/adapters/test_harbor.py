"""Harbor export. Harbor needs Python >= 3.12 and a Docker engine, neither of which is here,
so its own oracle check cannot run: the exported `solve.sh` and `test.sh` run against a
local `arcadia env serve` on 127.0.0.1 (what the Dockerfile starts in the container), with
the helpers the image holds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import httpx
import pytest

from tests.adapters.conftest import TASKS, ungradeable_task
from tests.factories import free_ports

ARCADIA = str(Path(sys.executable).parent / "arcadia")


def export(tmp_path: Path, tasks: Path, *extra: str) -> Path:
    out = tmp_path / "harbor"
    done = subprocess.run([ARCADIA, "export", "harbor", str(out), "--tasks", str(tasks),
                           *extra], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def run_in_place(folder: Path, tmp_path: Path, url: str, with_solution: bool
                 ) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run `folder`'s test.sh (after solve.sh if `with_solution`) as Harbor would in the
    container: /arcadia is a copy of the environment folder, the server already up (its
    own session per copy, so each test has a fresh episode)."""
    home = tmp_path / "arcadia"
    shutil.copytree(folder / "environment", home)
    logs = tmp_path / "logs"
    env = dict(os.environ, ARCADIA_HOME=str(home), ARCADIA_LOGS=str(logs),
               ARCADIA_ENV_URL=url, PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")

    def local(path: Path) -> str:  # the scripts name /arcadia/...: point them here
        copy = tmp_path / path.name
        copy.write_text(path.read_text().replace("/arcadia/", f"{home}/"))
        copy.chmod(0o755)
        return str(copy)

    if with_solution:
        solved = subprocess.run([local(folder / "solution" / "solve.sh")], env=env,
                                capture_output=True, text=True, timeout=300)
        assert solved.returncode == 0, solved.stdout + solved.stderr
    done = subprocess.run([local(folder / "tests" / "test.sh")], env=env,
                          capture_output=True, text=True, timeout=300)
    return done, logs


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The export of one task and of its ungradeable copy, and one local server of both."""
    from tests.adapters.conftest import CORPUS

    tmp = tmp_path_factory.mktemp("export")
    tasks = tmp / "tasks"
    tasks.mkdir()
    shutil.copy(CORPUS / f"{TASKS[0]}.json", tasks)
    shutil.copy(ungradeable_task(tasks), tasks / "unjudged.json")
    out = export(tmp, tasks)
    port = free_ports()
    with (tmp / "server.log").open("wb") as log:
        server = subprocess.Popen([ARCADIA, "env", "serve", "--tasks", str(tasks),
                                   "--port", str(port)], stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{url}/tasks", timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.3)
        yield out, url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_export_writes_a_harbor_task_folder(exported):
    folder = exported[0] / TASKS[0]
    for rel in ("instruction.md", "task.toml", "environment/Dockerfile",
                "solution/solve.sh", "tests/test.sh"):
        assert (folder / rel).is_file(), rel
    config = tomllib.loads((folder / "task.toml").read_text())
    assert config["metadata"]["arcadia_task"] == TASKS[0]
    assert config["verifier"]["timeout_sec"] > 0
    dockerfile = (folder / "environment" / "Dockerfile").read_text()
    assert "arcadia env serve" in (folder / "environment" / "episode.sh").read_text()
    assert "ENTRYPOINT" in dockerfile and "task.json" in dockerfile
    instruction = (folder / "instruction.md").read_text()
    assert "gold" not in instruction
    # The briefing first: who the agent is, the world's date, its budget.
    assert instruction.startswith("You are ") and "Your budget: 30 turns" in instruction
    assert "It is Monday 2 March 2026, 09:00 UTC" in instruction


def test_solve_then_test_rewards_one(exported, tmp_path):
    done, logs = run_in_place(exported[0] / TASKS[0], tmp_path, exported[1], True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (logs / "reward.txt").read_text().strip() == "1.0"
    record = json.loads((logs / "arcadia.json").read_text())
    assert (record["adapter"], record["score"], record["outcome"]) == ("harbor", 1.0, "pass")


def test_without_the_solution_rewards_zero(exported, tmp_path):
    done, logs = run_in_place(exported[0] / TASKS[0], tmp_path, exported[1], False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (logs / "reward.txt").read_text().strip() == "0.0"


def test_ungradeable_writes_no_reward_and_fails(exported, tmp_path):
    folder = exported[0] / "hr-mismatch-title-unjudged"
    done, logs = run_in_place(folder, tmp_path, exported[1], True)
    assert done.returncode == 1
    assert "ungradeable" in done.stderr and "unknown guard kind" in done.stderr
    assert not (logs / "reward.txt").exists()
