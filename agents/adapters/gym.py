"""Gymnasium: `gymnasium.make("arcadia/Task-v0", task=...)`, registered when this module is
imported (or named in the id: `gymnasium.make("arcadia.agents.adapters.gym:arcadia/Task-v0",
...)`).

The action space is text: a JSON tool call `{"name", "arguments"}`, or `{"final": "..."}`,
which ends and grades the episode; the observation is text (the instruction after
`reset`, then each call's answer as the tools give it). The reward is the grade's score on
the last step; an ungradeable grade raises `Ungradeable` (an environment error, never a
reward). `info` carries the tools (after `reset`) and the grade (at the end). The
observation after `reset` is the briefing, then the instruction (`briefed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium
from gymnasium import spaces

from arcadia.agents.adapters._common import LoopThread, briefed, reward, split_tasks
from arcadia.agents.base import OBSERVATION_CHARS
from arcadia.agents.env import ArcadiaEnv
from arcadia.grader import Environment, Task, load_task

ENV_ID = "arcadia/Task-v0"
# Every character of the Basic Multilingual Plane but the surrogates: an observation is
# an app's JSON answer, whose names and addresses are not ASCII.
TEXT = frozenset(chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000)
ACTION_CHARS = frozenset(chr(c) for c in range(0x20, 0x7F))
# An answer is cut to OBSERVATION_CHARS; its status line may carry the turns-left note.
MAX_OBSERVATION = OBSERVATION_CHARS + 128
MAX_ACTION = 100_000


def _tasks(task: Task | str | Path | None, tasks: Sequence[Task] | str | Path | None,
           split: str | None) -> tuple[list[Task], str | None]:
    if isinstance(task, Task):
        return [task], task.id
    if task is not None and Path(task).is_file():
        one = load_task(Path(task))
        return [one], one.id
    if tasks is None:
        raise ValueError("give task= (a Task, a task file, or an id with tasks=DIR)")
    return split_tasks(tasks, split), None if task is None else str(task)


class ArcadiaTaskEnv(gymnasium.Env[str, str]):
    """One Arcadia task (or a task drawn by `reset(seed=...)` from a corpus split) as a
    Gymnasium environment with text actions and observations.

    `environment` is where episodes run (default: every app embedded in this process), or
    a callable returning it.
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, task: Task | str | Path | None = None, *,
                 tasks: Sequence[Task] | str | Path | None = None, split: str | None = None,
                 environment: Environment | Callable[[], Environment] | None = None,
                 max_turns: int | None = None) -> None:
        self.tasks, self.task_id = _tasks(task, tasks, split)
        # `gymnasium.make` deep-copies its kwargs into the spec: a factory (copied as
        # itself) is how a shared environment is passed through it.
        if callable(environment):
            environment = environment()
        self.observation_space = spaces.Text(MAX_OBSERVATION, min_length=0, charset=TEXT)
        self.action_space = spaces.Text(MAX_ACTION, min_length=0, charset=ACTION_CHARS)
        self._loop = LoopThread()
        self._env = ArcadiaEnv(self.tasks, environment, max_turns, adapter="gymnasium")

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        task = (options or {}).get("task", self.task_id)
        if task is None:  # a task of the set, drawn with the environment's own generator
            ids = sorted(t.id for t in self.tasks)
            task = ids[int(self.np_random.integers(len(ids)))]
        observation, info = self._loop.run(self._env.reset(task))
        return briefed(observation), {**info, "tools": observation["tools"]}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        text, _, terminated, truncated, info = self._loop.run(self._env.step(action))
        score = 0.0
        if terminated or truncated:
            assert self._env.result is not None
            score = reward(self._env.result)  # raises Ungradeable
        return text, score, terminated, truncated, info

    def close(self) -> None:
        if self._loop.loop.is_running():
            self._loop.run(self._env.close())
        self._loop.stop()


def register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point=f"{__name__}:ArcadiaTaskEnv",
                           disable_env_checker=False)


register()
