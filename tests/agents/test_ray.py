"""`arcadia eval --backend ray`: attempts on local Ray workers stream into the same run
directory, the run resumes, and a killed worker's attempt is an environment error, retried."""

from __future__ import annotations

import gc
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import orjson
import pytest

from arcadia.agents.base import AgentContext, AgentResult
from arcadia.agents.registry import make_agent
from arcadia.agents.runner import EvalConfig, RunDir, run_eval
from arcadia.grader import EmbeddedEnvironment

ray = pytest.importorskip("ray")
from arcadia.agents.distributed import RayDispatcher  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "corpus" / "hr-mismatch"
TASKS = sorted(p.stem for p in CORPUS.glob("*.json"))[:2]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    for name in TASKS:
        (root / f"{name}.json").write_bytes((CORPUS / f"{name}.json").read_bytes())
    return root


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    # Two CPUs: the machine's; the workers import the tests package (the crashing agent).
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(REPO)}})
    yield
    ray.shutdown()
    # Ray's driver leaves unix sockets for the collector: close them here, quietly, rather
    # than let a later test of this worker meet their ResourceWarning.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def oracle() -> Any:
    return make_agent("oracle")


class CrashOnce:
    """The oracle, except that the first attempt at `target` kills its worker process."""

    name: ClassVar[str] = "oracle"
    privileged: ClassVar[bool] = True

    def __init__(self, marker: str, target: str) -> None:
        self.marker, self.target = Path(marker), target
        self.inner = make_agent("oracle")

    async def run(self, ctx: AgentContext) -> AgentResult:
        if ctx.task_id == self.target and not self.marker.exists():
            self.marker.touch()
            os._exit(1)  # the worker dies mid-attempt, as a lost node would
        result: AgentResult = await self.inner.run(ctx)
        return result


def rows(out: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in (out / "results.jsonl").read_bytes().splitlines()]


async def test_ray_workers_stream_into_the_run_retry_a_killed_worker_and_resume(
        corpus, tmp_path):
    """One run (every worker builds its own templates, so the test keeps to one): two
    workers, the first attempt at one task kills its worker; that attempt is an environment
    error, the worker is replaced and the attempt retried; the run then resumes to nothing."""
    marker = tmp_path / "crashed"
    target = TASKS[0]
    out = tmp_path / "run"

    def agent() -> Any:
        return CrashOnce(str(marker), target)

    dispatch = RayDispatcher(agent, workers=2, per_worker=1)
    try:
        pids = dispatch.pids()
        assert len(set(pids)) == 2 and os.getpid() not in pids
        cfg = EvalConfig(agent="oracle", tasks=corpus, out=out, k=1, retries=2)
        final = await run_eval(cfg, EmbeddedEnvironment(), oracle(), dispatch=dispatch)
        assert marker.exists() and dispatch.replaced == 1
        by_task = {r["task"]: r for r in final}
        assert by_task[target]["class"] == "completed" and by_task[target]["retries"] == 1
        assert [r["class"] for r in final] == ["completed"] * len(TASKS)
        assert {(r["task"], r["attempt"]) for r in RunDir(out).recorded()} == {
            (t, 0) for t in TASKS}
        # Resuming the finished run runs nothing again and keeps the rows.
        cfg.resume = True
        again = await run_eval(cfg, EmbeddedEnvironment(), oracle(), dispatch=dispatch)
        assert again == final and len(rows(out)) == len(TASKS)
    finally:
        dispatch.shutdown()
