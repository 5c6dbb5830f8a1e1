"""The runner's templates across a run: a run over more worlds than the environment keeps
lets each world's template go once its last attempt is done (the next pass would not find
it kept anyway); a run over fewer keeps them; `eval --verify` replays on the run's own
apps and still verifies every attempt."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from arcadia.agents.cli import app
from arcadia.agents.registry import NoopAgent
from arcadia.agents.runner import EvalConfig, run_eval
from arcadia.agents.verify import verify_run
from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.registry import load_specs
from arcadia.grader import EmbeddedEnvironment, Task

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "restaurant-v1"
# Two shifts in two worlds (seeds 1 and 2): the smallest worlds there are.
FILES = ["restaurant-dinner-rush-s1.json", "restaurant-dinner-rush-s2.json"]


class Recording(EmbeddedEnvironment):
    """The embedded environment, noting each world it is told the run is done with."""

    def __init__(self, keeps: int) -> None:
        super().__init__(EpisodeStore(load_specs(["restaurant"]), template_cache=keeps))
        self.released: list[str] = []

    def release(self, task: Task) -> None:
        self.released.append(task.id)
        super().release(task)


@pytest.fixture(scope="module")
def tasks_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("tasks")
    for name in FILES:
        shutil.copy(CORPUS / name, d / name)
    return d


def test_more_worlds_than_kept_are_let_go_after_their_last_attempt(
    tasks_dir: Path, tmp_path: Path
) -> None:
    env = Recording(keeps=1)
    cfg = EvalConfig(agent="noop", tasks=tasks_dir, out=tmp_path / "run", k=2, concurrency=1)
    rows = asyncio.run(run_eval(cfg, env, NoopAgent()))
    assert [r["class"] for r in rows] == ["agent_error"] * 4
    ids = sorted(r["task"] for r in rows[::2])
    assert sorted(env.released) == ids  # once each
    env.released.clear()
    result = asyncio.run(verify_run(tmp_path / "run", env))
    assert result.ok and result["replayed"] == 4
    assert sorted(env.released) == ids


def test_a_run_over_fewer_worlds_than_kept_keeps_them(tasks_dir: Path, tmp_path: Path) -> None:
    env = Recording(keeps=2)
    cfg = EvalConfig(agent="noop", tasks=tasks_dir, out=tmp_path / "run", k=1)
    asyncio.run(run_eval(cfg, env, NoopAgent()))
    assert asyncio.run(verify_run(tmp_path / "run", env)).ok
    assert env.released == []


def test_eval_verify_verifies_each_run_on_its_own_apps(tasks_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "runs"
    done = CliRunner().invoke(
        app,
        [
            "eval",
            "--agent",
            "noop",
            "--agent",
            "oracle",
            "--tasks",
            str(tasks_dir / FILES[0]),
            "--verify",
            "--out",
            str(out),
        ],
    )
    assert done.exit_code == 0, done.output
    assert done.output.count("verified | replayed 1 of 1 attempts (all)") == 2
    for agent in ("noop", "oracle"):
        record = orjson.loads((out / agent / "verification.json").read_bytes())
        assert record["replayed"] == 1 and record["problems"] == []


def test_a_released_template_lives_on_for_its_episodes(tasks_dir: Path) -> None:
    from arcadia.grader import load_task

    store = EpisodeStore(load_specs(["restaurant"]))
    spec = load_task(tasks_dir / FILES[0]).world_spec()
    episode = store.create(spec)
    before = episode.dbs["restaurant"].size_bytes()
    store.release(spec)  # an episode still uses it: its databases stay open
    assert episode.changes() == {"restaurant": []}
    store.delete(episode.id)
    again = store.create(spec)  # read anew, the same database
    assert again.dbs["restaurant"].size_bytes() == before and again.changes() == {"restaurant": []}
