"""`arcadia eval`: K attempts per task, each in a fresh episode, graded and classified.

Each attempt ends in one class:
- `completed`: score exactly 1;
- `partial`: 0 < score < 1;
- `agent_error`: score 0, or the agent crashed, timed out, exceeded its budget or answered
  malformed (then its score is 0 whatever the world shows; the grade is kept for the report);
- `environment_error`: the platform failed (an app's 5xx or a lost process, an episode that
  could not be created, an ungradeable grade, a provider outage). Retried up to `retries`
  times; if it persists it is recorded and left out of every denominator.

The run directory holds `manifest.json`, `tasks.jsonl`, `results.jsonl` (one row per
attempt, appended as attempts finish, so an interrupted run resumes by skipping recorded
attempts), `traces/<task>/<attempt>.jsonl`, `summary.json` and `report.html`. A world that grades
its own way adds what its record says (the restaurant's shift: `row["shift"]`,
`traces/<task>/<attempt>.shift.jsonl` and its rubric reviews in `rubric.jsonl`; see
`arcadia.agents.worlds`). A completed run's manifest holds its seal, and `origin.json` signs
that manifest as this machine's runner wrote it (`arcadia.agents.seal`, docs/verify.md).
"""

from __future__ import annotations

import asyncio
import hashlib
import subprocess
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import orjson

from arcadia.agents.base import (
    Agent,
    AgentContext,
    Budget,
    BudgetExceeded,
    MalformedOutput,
    ProviderOutage,
    Usage,
)
from arcadia.agents.pack import WorldRecord
from arcadia.agents.seal import seal, write_origin
from arcadia.agents.session import Session, task_apps
from arcadia.apps.kernel.control import ControlPlaneError, EnvironmentFailure
from arcadia.grader import Environment, Grade, Task, first_failure, load_task

SPLIT_SUFFIX = ".split"


def split_files(split: Path) -> list[Path]:
    """The task files a split names: one path per line, relative to the split's folder;
    blank lines and `#` comments are skipped. A path that names no file is an error."""
    files = []
    for n, line in enumerate(split.read_text().splitlines(), 1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        path = split.parent / entry
        if not path.is_file():
            raise ValueError(f"{split}:{n}: no task file {entry}")
        files.append(path)
    return files


def load_tasks(root: Path) -> list[Task]:
    """Every task file below `root`, or `root` itself, or the files a split (`*.split`)
    names; sorted by id."""
    if root.is_file():
        files = split_files(root) if root.suffix == SPLIT_SUFFIX else [root]
    else:
        files = sorted(p for p in root.rglob("*.json") if p.name != "generation.json")
    tasks = [load_task(p) for p in files]
    ids = [t.id for t in tasks]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise ValueError(f"task id {dup!r} appears twice below {root}")
    return sorted(tasks, key=lambda t: t.id)


def corpus_hash(tasks: Sequence[Task]) -> str:
    h = hashlib.sha256()
    for t in tasks:
        h.update(t.model_dump_json(by_alias=True).encode())
    return h.hexdigest()


def git_revision() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parent,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def package_version() -> str:
    try:
        return version("arcadia")
    except PackageNotFoundError:
        return "unknown"


@dataclass
class EvalConfig:
    agent: str
    tasks: Path
    out: Path
    k: int = 1
    concurrency: int = 4
    resume: bool = False
    retries: int = 2
    budget: Budget = field(default_factory=Budget)
    transport: str = "http"  # or "mcp"
    agent_options: dict[str, Any] = field(default_factory=dict)
    model: str | None = None


@dataclass
class Attempt:
    row: dict[str, Any]
    trace: list[dict[str, Any]]
    record: WorldRecord | None = None  # what the world's own grading found (a shift)


def _row(
    task: Task,
    attempt: int,
    cls: str,
    score: float | None,
    detail: str | None,
    grade: Grade | None,
    usage: Usage,
    duration: float,
    retries: int,
) -> dict[str, Any]:
    return {
        "task": task.id,
        "attempt": attempt,
        "class": cls,
        "score": score,
        "detail": detail,
        "situation": task.situation.id if task.situation else None,
        "apps": task_apps(task),
        "outcome": grade.outcome if grade else None,
        "graded_score": grade.score if grade else None,
        "checks": [c.model_dump() for c in grade.checks] if grade else [],
        "guards": [g.model_dump() for g in grade.guards] if grade else [],
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cost": usage.cost,
        "turns": usage.turns,
        "duration_s": round(duration, 4),
        "retries": retries,
    }


CallerFactory = Callable[[Session], Any]
# Runs one attempt elsewhere (`distributed.RayDispatcher`): (task, attempt, budget, retries).
Dispatch = Callable[[Task, int, Budget, int], Awaitable["Attempt"]]


def _graded(result: Attempt, session: Session) -> Attempt:
    """The attempt with what its grading found beyond the grade (a restaurant shift)."""
    if session.record is not None:
        result.record = session.record
        result.row[session.record.key] = session.record.summary()
    return result


async def run_attempt(
    env: Environment,
    task: Task,
    agent: Agent,
    attempt: int,
    budget: Budget,
    caller: CallerFactory | None = None,
    retries: int = 0,
) -> Attempt:
    """One attempt in a fresh episode: run the agent within its budget (its turns, where
    None, the task's own: `briefing.task_budget`), grade, classify."""
    started = time.perf_counter()
    usage = Usage()
    session = Session(env, task, budget=budget)
    budget = session.budget
    grade: Grade | None = None
    fault: str | None = None  # why the agent failed, when it did
    try:
        try:
            await session.start()
        except (EnvironmentFailure, ControlPlaneError, ValueError) as e:
            reason = first_failure(e) if isinstance(e, EnvironmentFailure) else e
            return Attempt(
                _row(
                    task,
                    attempt,
                    "environment_error",
                    None,
                    f"episode could not be created: {reason}",
                    None,
                    usage,
                    time.perf_counter() - started,
                    retries,
                ),
                session.trace,
            )
        assert session.briefing is not None
        ctx = AgentContext(
            instruction=task.instruction,
            tools=session.tools.schemas(),
            call=session.step,
            budget=budget,
            usage=usage,
            client=session.client,
            task_id=task.id,
            briefing=session.briefing.text(),
            task=task if agent.privileged else None,
        )
        if caller is not None:
            session.caller = await caller(session)
        try:
            async with asyncio.timeout(budget.max_seconds):
                await agent.run(ctx)
        except EnvironmentFailure as e:
            return Attempt(
                _row(
                    task,
                    attempt,
                    "environment_error",
                    None,
                    f"environment failure: {first_failure(e)}",
                    None,
                    usage,
                    time.perf_counter() - started,
                    retries,
                ),
                session.trace,
            )
        except ProviderOutage as e:
            return Attempt(
                _row(
                    task,
                    attempt,
                    "environment_error",
                    None,
                    f"provider outage: {e}",
                    None,
                    usage,
                    time.perf_counter() - started,
                    retries,
                ),
                session.trace,
            )
        except TimeoutError:
            fault = f"timed out after {budget.max_seconds:g} s"
        except BudgetExceeded as e:
            fault = f"budget exceeded: {e}"
        except MalformedOutput as e:
            fault = f"malformed output: {e}"
        except Exception as e:  # the agent crashed: its fault, whatever it was
            fault = f"crashed: {type(e).__name__}: {e}"
        grade = await session.grade()
        if grade.outcome == "ungradeable":
            return _graded(
                Attempt(
                    _row(
                        task,
                        attempt,
                        "environment_error",
                        None,
                        f"ungradeable: {grade.reason}",
                        grade,
                        usage,
                        time.perf_counter() - started,
                        retries,
                    ),
                    session.trace,
                ),
                session,
            )
        assert grade.score is not None
        if fault is not None:
            cls, score = "agent_error", 0.0
        else:
            score = grade.score
            cls = "completed" if score == 1.0 else "partial" if score > 0 else "agent_error"
            fault = None if score > 0 else "score 0"
        return _graded(
            Attempt(
                _row(
                    task,
                    attempt,
                    cls,
                    score,
                    fault,
                    grade,
                    usage,
                    time.perf_counter() - started,
                    retries,
                ),
                session.trace,
            ),
            session,
        )
    finally:
        try:
            await session.close()
        except EnvironmentFailure:
            pass  # the episode went with the process that failed


class RunDir:
    """The run directory: manifest, tasks, results appended as attempts finish, traces."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.results = path / "results.jsonl"

    def recorded(self) -> list[dict[str, Any]]:
        if not self.results.exists():
            return []
        rows = []
        for line in self.results.read_bytes().splitlines():
            try:
                rows.append(orjson.loads(line))
            except orjson.JSONDecodeError:
                continue  # a line cut short when the run was interrupted
        return rows

    def append(self, attempt: Attempt) -> None:
        row = attempt.row
        folder = self.path / "traces" / row["task"]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{row['attempt']}.jsonl").write_bytes(
            b"".join(orjson.dumps(e, default=str) + b"\n" for e in attempt.trace)
        )
        if attempt.record is not None:
            attempt.record.write(self.path, row["task"], row["attempt"])
        with self.results.open("ab") as f:
            f.write(orjson.dumps(row) + b"\n")

    def write_json(self, name: str, data: Any) -> None:
        (self.path / name).write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")


class WorldRelease:
    """Lets each world's template go once the last of a run's attempts in it is done, when
    the run visits more worlds than the environment keeps in memory: in world order, each
    would be evicted before it is needed again anyway, so keeping it costs memory only (a
    run over few worlds keeps them, for the next run in this process)."""

    def __init__(self, env: Environment | None, tasks: Sequence[Task]) -> None:
        self._world = {t.id: t.world_spec().key() for t in tasks}
        self._left = Counter(self._world[t.id] for t in tasks)
        release = getattr(env, "release", None)
        keeps = getattr(env, "keeps", None)
        self._release = (
            release
            if release is not None and keeps is not None and len(self._left) > keeps
            else None
        )

    def key(self, task: Task) -> str:
        return self._world[task.id]

    def done(self, task: Task) -> None:
        """One of the run's attempts at `task` is done."""
        key = self._world[task.id]
        self._left[key] -= 1
        if self._left[key] == 0 and self._release is not None:
            self._release(task)


def _manifest(
    cfg: EvalConfig,
    agent: Agent,
    tasks: Sequence[Task],
    completed: bool,
    world_hashes: dict[str, str],
) -> dict[str, Any]:
    """The run's manifest; a completed run's holds its seal (`arcadia.agents.seal`)."""
    manifest = {
        "package_version": package_version(),
        "git_revision": git_revision(),
        "corpus": str(cfg.tasks),
        "corpus_hash": corpus_hash(tasks),
        "world_hashes": world_hashes,
        "agent": agent.name,
        "privileged": agent.privileged,
        "model": cfg.model,
        "k": cfg.k,
        "tasks": len(tasks),
        "concurrency": cfg.concurrency,
        "tool_transport": cfg.transport,
        # max_turns null: each task's own default (`briefing.task_turns`).
        "budget": {
            "max_turns": cfg.budget.max_turns,
            "max_seconds": cfg.budget.max_seconds,
            "max_tokens": cfg.budget.max_tokens,
            "max_cost": cfg.budget.max_cost,
        },
        "retries": cfg.retries,
        "completed": completed,
    }
    if completed:
        manifest["seal"] = seal(cfg.out, tasks, manifest["corpus_hash"])
    return manifest


async def run_eval(
    cfg: EvalConfig,
    env: Environment,
    agent: Agent,
    *,
    caller: CallerFactory | None = None,
    on_attempt: Callable[[dict[str, Any]], None] | None = None,
    dispatch: Dispatch | None = None,
) -> list[dict[str, Any]]:
    """Run (or resume) an evaluation into `cfg.out`; returns the final row per attempt.

    With `dispatch`, each attempt runs where it sends it (Ray workers, each with its own
    environment; `env` is then unused); the rows still land here, as they finish."""
    tasks = load_tasks(cfg.tasks)
    cfg.out.mkdir(parents=True, exist_ok=True)
    run = RunDir(cfg.out)
    kept: dict[tuple[str, int], dict[str, Any]] = {}
    if cfg.resume:
        for row in run.recorded():
            if row["class"] != "environment_error":  # the platform may be well again
                kept[(row["task"], row["attempt"])] = row
    elif run.results.exists():
        raise FileExistsError(
            f"{cfg.out} already holds a run; pass --resume to go on with "
            "it, or choose another --out"
        )
    run.results.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in kept.values()))
    hashes = {
        h[:12]: h for h in sorted({t.world.content_hash for t in tasks if t.world.content_hash})
    }
    run.write_json("manifest.json", _manifest(cfg, agent, tasks, False, hashes))
    (cfg.out / "tasks.jsonl").write_bytes(
        b"".join(
            orjson.dumps(
                {
                    "id": t.id,
                    "instruction": t.instruction,
                    "situation": t.situation.id if t.situation else None,
                    "apps": task_apps(t),
                }
            )
            + b"\n"
            for t in tasks
        )
    )
    # Attempts in world order, so that each world's template is made (or read) once and a
    # corpus of more worlds than the store keeps never evicts one it needs again.
    todo = [(t, a) for t in tasks for a in range(cfg.k) if (t.id, a) not in kept]
    worlds = WorldRelease(None if dispatch else env, [t for t, _ in todo])
    todo.sort(key=lambda ta: (worlds.key(ta[0]), ta[0].id, ta[1]))
    rows = dict(kept)
    gate = asyncio.Semaphore(cfg.concurrency)

    async def one(task: Task, attempt: int) -> None:
        async with gate:
            for tries in range(cfg.retries + 1):
                result = (
                    await dispatch(task, attempt, cfg.budget, tries)
                    if dispatch
                    else await run_attempt(
                        env, task, agent, attempt, cfg.budget, caller, retries=tries
                    )
                )
                if result.row["class"] != "environment_error":
                    break
            worlds.done(task)
            run.append(result)
            rows[(task.id, attempt)] = result.row
            if on_attempt is not None:
                on_attempt(result.row)

    await asyncio.gather(*(one(t, a) for t, a in todo))
    run.write_json("manifest.json", _manifest(cfg, agent, tasks, True, hashes))
    write_origin(cfg.out)  # this machine's runner wrote this manifest (docs/verify.md)
    return [rows[(t.id, a)] for t in tasks for a in range(cfg.k)]
