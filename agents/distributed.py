"""`arcadia eval --backend ray`: attempts spread over Ray workers.

Each worker is a Ray actor holding its own environment: its own in-process apps (with
world state in SQLite, or in PostgreSQL when `ARCADIA_DATABASE_URL` is set), or clients of
shared `serve --multi` processes (`urls`). The driver keeps the run directory: every
finished attempt streams back and is appended to `results.jsonl` as it lands, so the run
stays resumable exactly as a local one. A worker that dies (its process killed, its node
lost) fails the attempts it held with `RayActorError`; each of those is an environment
error, the worker is replaced, and the attempt is retried like any other environment error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from arcadia.agents.base import Agent, Budget, Usage
from arcadia.agents.runner import Attempt, _row, run_attempt
from arcadia.grader import Task

AgentFactory = Callable[[], Agent]


class _Worker:
    """The body of one Ray actor: an environment and an agent, built once per worker."""

    def __init__(self, agent_factory: AgentFactory, urls: Mapping[str, str] | None,
                 admin_token: str | None) -> None:
        from arcadia.grader import EmbeddedEnvironment, Environment, RemoteEnvironment

        self.agent = agent_factory()
        self.env: Environment = (RemoteEnvironment(dict(urls), admin_token or "")
                                 if urls else EmbeddedEnvironment())

    async def run(self, task_json: str, attempt: int, budget: Budget, retries: int
                  ) -> Attempt:
        task = Task.model_validate_json(task_json)
        return await run_attempt(self.env, task, self.agent, attempt, budget, retries=retries)

    def ping(self) -> int:
        import os
        return os.getpid()


class RayDispatcher:
    """Runs attempts on `workers` Ray actors, `per_worker` at a time on each.

    `address`: None starts (or joins, with "auto") a local Ray; `ray://host:10001` a
    cluster's client server. Pass the same `agent_factory` the local runner would use
    (it is pickled to the workers).
    """

    def __init__(self, agent_factory: AgentFactory, *, workers: int = 2, per_worker: int = 4,
                 address: str | None = None, urls: Mapping[str, str] | None = None,
                 admin_token: str | None = None, num_cpus: int | None = None,
                 env_vars: Mapping[str, str] | None = None) -> None:
        import ray

        self.ray = ray
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                kwargs["num_cpus"] = num_cpus or max(workers, 1)
            env = dict(env_vars or {})
            if env:
                kwargs["runtime_env"] = {"env_vars": env}
            ray.init(address=address, **kwargs)
        self._actor_class = ray.remote(  # type: ignore[call-overload]
            num_cpus=1, max_concurrency=per_worker, max_restarts=0)(_Worker)
        self._args = (agent_factory, dict(urls) if urls else None, admin_token)
        self.actors = [self._spawn() for _ in range(workers)]
        self._slots: asyncio.Queue[int] | None = None
        self.per_worker = per_worker
        self.replaced = 0

    def _spawn(self) -> Any:
        return self._actor_class.remote(*self._args)

    def pids(self) -> list[int]:
        return list(self.ray.get([a.ping.remote() for a in self.actors]))

    def _queue(self) -> asyncio.Queue[int]:
        if self._slots is None:
            self._slots = asyncio.Queue()
            for _ in range(self.per_worker):
                for i in range(len(self.actors)):
                    self._slots.put_nowait(i)
        return self._slots

    async def __call__(self, task: Task, attempt: int, budget: Budget, retries: int
                       ) -> Attempt:
        slots = self._queue()
        i = await slots.get()
        actor = self.actors[i]
        try:
            return await actor.run.remote(task.model_dump_json(by_alias=True), attempt,
                                          budget, retries)
        except self.ray.exceptions.RayActorError as e:
            if self.actors[i] is actor:  # the first attempt to notice replaces the worker
                self.actors[i] = self._spawn()
                self.replaced += 1
            return Attempt(_row(task, attempt, "environment_error", None,
                                f"worker lost: {type(e).__name__}", None, Usage(), 0.0,
                                retries), [])
        finally:
            slots.put_nowait(i)

    def shutdown(self) -> None:
        for actor in self.actors:
            self.ray.kill(actor)
        self.actors = []
