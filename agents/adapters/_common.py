"""What every adapter shares: a corpus split, the gold as tool calls, the grade as a reward
(never for an ungradeable grade), and a private event loop for frameworks that call
synchronously.

The adapters are thin on purpose: episodes, tools and grading are `ArcadiaEnv`'s
(`arcadia.agents.env`); an adapter only translates shapes.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

import httpx

from arcadia.agents.base import Budget, ToolCall
from arcadia.agents.briefing import briefing
from arcadia.agents.env import ArcadiaEnv
from arcadia.agents.runner import load_tasks
from arcadia.agents.session import task_tools
from arcadia.agents.tools import Tool, Toolset
from arcadia.apps.kernel.templates import world_source
from arcadia.grader import Environment, Grade, Task
from arcadia.grader.replay import StepResult, resolve
from arcadia.grader.task import Step

T = TypeVar("T")
SPLITS = ("train", "dev", "test")


class Ungradeable(RuntimeError):
    """The grader could not judge the episode: an environment error, never a reward."""

    def __init__(self, grade: Grade) -> None:
        super().__init__(f"ungradeable: {grade.reason}")
        self.grade = grade


def reward(grade: Grade) -> float:
    """The grade's score as a reward; an ungradeable grade raises `Ungradeable`."""
    if grade.outcome == "ungradeable" or grade.score is None:
        raise Ungradeable(grade)
    return grade.score


def briefed(observation: dict[str, Any]) -> str:
    """A reset observation as one text, for a framework that reads one: the briefing, then
    the instruction."""
    return f"{observation['briefing']}\n\n{observation['instruction']}"


def task_briefing(task: Task, max_turns: int | None = None) -> str:
    """The briefing a fresh episode of `task` gives (`ArcadiaEnv.reset`'s), written before
    any episode runs, from the world in the machine's cache: for a framework that takes the
    prompt up front (verifiers' rows, Harbor's instruction.md)."""
    return briefing(task, world_source(task.world_spec()), Budget(max_turns=max_turns),
                    timed=False).text()


def split_tasks(tasks: Sequence[Task] | Path | str, split: str | None = None) -> list[Task]:
    """The tasks of a corpus (a folder of task JSON, or tasks) in `split` (`meta.split`:
    train, dev or test; None: every task)."""
    loaded = load_tasks(Path(tasks)) if isinstance(tasks, str | Path) else list(tasks)
    if split is None:
        return loaded
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; known: {', '.join(SPLITS)}")
    chosen = [t for t in loaded if getattr(t.meta, "split", None) == split]
    if not chosen:
        raise ValueError(f"no task of split {split!r} in {tasks}")
    return chosen


def _route(tool: Tool) -> re.Pattern[str]:
    parts = re.split(r"\{[^}]+\}", tool.path)
    return re.compile("([^/]+)".join(re.escape(p) for p in parts))


def step_call(step: Step, results: dict[str, StepResult], tools: Toolset) -> ToolCall:
    """A gold step, its bindings resolved from earlier `results`, as the tool call that
    sends that very request (checked with `Toolset.request`)."""
    params = {k: resolve(v, results) for k, v in step.params.items()}
    path = step.path.format(**params)
    query = resolve(step.query, results) or {}
    body = resolve(step.body, results)
    headers = resolve(step.headers, results) or {}
    for tool in tools.tools.values():
        m = _route(tool).fullmatch(path)
        if tool.app != step.app or tool.method != step.method or m is None:
            continue
        placeholders = re.findall(r"\{([^}]+)\}", tool.path)
        typed = {str(v): v for v in params.values()}  # a bound integer id stays one
        args: dict[str, Any] = {name: typed.get(value, value)
                                for name, value in zip(placeholders, m.groups(), strict=True)}
        args.update(query)
        by_header = {header.lower(): arg for arg, header in tool.header_params}
        args.update({by_header[h.lower()]: v for h, v in headers.items()})
        if body is not None:
            args.update({"body": body} if tool.whole_body else body)
        return ToolCall(tool.name, args)
    raise ValueError(f"no tool sends gold step {step.id}: {step.method} /{step.app}{path}")


async def gold_calls(task: Task, environment: Environment | None = None) -> list[ToolCall]:
    """The task's gold as concrete tool calls: replayed once, through the tools, in a fresh
    episode, each step's bindings resolved from the answers before it. Ids are
    deterministic per episode, so the same calls solve the task in any fresh episode (the
    oracle of every framework, Harbor's `solve.sh`)."""
    env = ArcadiaEnv([task], environment)
    await env.reset(task.id)
    assert env.session is not None
    tools = task_tools(task)
    results: dict[str, StepResult] = {}
    calls = []
    try:
        for step in task.gold:
            call = step_call(step, results, tools)
            obs = await env.session.step(call)
            ok = obs.status == step.expect if step.expect else obs.ok
            if not ok:
                raise ValueError(f"gold step {step.id} ({call.name}) answered {obs.status}: "
                                 f"{obs.error or str(obs.body)[:300]}")
            results[str(step.id)] = StepResult(step, obs.status, obs.body, httpx.Headers())
            calls.append(call)
    finally:
        await env.close()
    return calls


class LoopThread:
    """An event loop of its own in a daemon thread, for frameworks that call an
    environment synchronously (Gymnasium, OpenEnv's sync API): every coroutine of one
    environment runs on this one loop, whatever thread the framework calls from."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                        name="arcadia-env-loop")
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def stop(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=5)
        if not self.loop.is_running() and not self.loop.is_closed():
            self.loop.close()
