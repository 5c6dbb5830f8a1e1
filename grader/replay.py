"""Replay a task's gold over HTTP, resolving bindings to earlier responses.

Gold goes through the same agent-facing routes, with the same token kind, as an agent,
so "gold scores 1.0" is a statement about the path agents take.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from arcadia.apps.kernel.control import EnvironmentFailure
from arcadia.grader.runtime import Environment, EpisodeRef, grade_episode
from arcadia.grader.score import Grade
from arcadia.grader.task import Binding, Step, Task

_SEGMENT = re.compile(r"""\.?([A-Za-z_$][\w$-]*)|\[(-?\d+)\]|\[\?([\w$-]+)==(['"])(.*?)\4\]""")


class ReplayError(RuntimeError):
    """A gold step failed or a binding could not be resolved.

    `done` holds the results of the steps that ran before the failure (set by `run_steps`),
    so a caller can grade what an attempt managed.
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.done: list[StepResult] = []
        self.status: int | None = None  # the app's answer, when it was an unexpected status


@dataclass
class StepResult:
    step: Step
    status: int
    body: Any
    headers: httpx.Headers
    sent: Step | None = None  # the request as sent: bindings resolved, path filled in


def select(data: Any, path: str) -> Any:
    """Follow `a.b[0]`, `rows[-1]`, `items[?email=='x@y'].id` (first match) into JSON data."""
    pos, cur = 0, data
    while pos < len(path):
        m = _SEGMENT.match(path, pos)
        if m is None:
            raise ReplayError(f"bad path {path!r} at {path[pos:]!r}")
        name, index, key, _, wanted = m.groups()
        try:
            if name is not None:
                cur = cur[name]
            elif index is not None:
                cur = cur[int(index)]
            else:
                cur = next(x for x in cur if str(x.get(key, "")).lower() == wanted.lower())
        except (KeyError, IndexError, TypeError, StopIteration):
            raise ReplayError(f"path {path!r} does not resolve at {path[:m.end()]!r}") from None
        pos = m.end()
    return cur


def _fill(path: str, values: dict[str, Any]) -> str:
    """`path` with each `{name}` replaced by its bound value (a filter literal)."""
    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in values:
            raise ReplayError(f"path {path!r}: placeholder {{{name}}} has no binding")
        text = str(values[name])
        if "'" in text or '"' in text:
            raise ReplayError(f"path {path!r}: bound value {text!r} contains a quote")
        return text
    return re.sub(r"\{(\w+)\}", one, path)


def resolve(value: Any, results: dict[str, StepResult]) -> Any:
    if isinstance(value, dict) and "$from" in value:
        b = Binding.model_validate(value)
        if b.from_ not in results:
            raise ReplayError(f"binding to {b.from_!r}, which has not run yet")
        res = results[b.from_]
        path = b.path
        if path is not None and b.bind:
            path = _fill(path, {k: resolve(v.model_dump(by_alias=True, exclude_defaults=True),
                                           results) for k, v in b.bind.items()})
        out = res.headers.get(b.header) if b.header else (
            select(res.body, path) if path else res.body)
        if b.pattern is not None:
            m = re.search(b.pattern, str(out))
            if m is None:
                raise ReplayError(f"pattern {b.pattern!r} does not match {out!r}")
            out = m.group(1)
        if b.template is not None:
            out = b.template.replace("{}", str(out))
        return out
    if isinstance(value, dict):
        return {k: resolve(v, results) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, results) for v in value]
    return value


def bindings(value: Any, *, nested: bool = True) -> Iterator[dict[str, Any]]:
    """Every `{"$from": ...}` binding in a step's arguments, in order; with `nested`, also
    the bindings a binding's `bind` holds."""
    if isinstance(value, dict):
        if "$from" in value:
            yield value
            if not nested:
                return
        for x in value.values():
            yield from bindings(x, nested=nested)
    elif isinstance(value, list):
        for x in value:
            yield from bindings(x, nested=nested)


def dependencies(step: Step) -> set[str]:
    """Ids of the steps whose responses `step` binds to."""
    return {str(b["$from"]) for b in bindings([step.params, step.query, step.body,
                                                step.headers])}


async def run_steps(client: httpx.AsyncClient, token: str, steps: Sequence[Step]
                    ) -> list[StepResult]:
    """Execute steps in order; any unexpected status is a `ReplayError`."""
    results: dict[str, StepResult] = {}
    out = []
    headers = actor_headers(token)
    try:
        for step in steps:
            out.append(await run_step(client, headers, step, results))
    except ReplayError as e:
        e.done = out
        raise
    return out


def actor_headers(token: str) -> dict[str, str]:
    # Gold steps read JSON; BambooHR (the HRIS) answers XML unless asked for JSON.
    return {"Authorization": f"Bearer {token}", "Accept": "application/json"}


async def run_step(client: httpx.AsyncClient, headers: dict[str, str], step: Step,
                   results: dict[str, StepResult]) -> StepResult:
    """Run one step, its bindings resolved from `results`, which it joins on success."""
    params = {k: resolve(v, results) for k, v in step.params.items()}
    try:
        path = step.path.format(**params)
    except KeyError as e:
        raise ReplayError(f"step {step.id}: path placeholder {e} has no value") from None
    query = resolve(step.query, results)
    body = resolve(step.body, results)
    extra = {k: str(v) for k, v in resolve(step.headers, results).items()}
    r = await client.request(step.method, f"/{step.app}{path}", params=query or None,
                             json=body, headers={**extra, **headers})
    ok = r.status_code == step.expect if step.expect else 200 <= r.status_code < 300
    if not ok:
        error = ReplayError(f"step {step.id} {step.method} /{step.app}{path}: "
                            f"{r.status_code} {r.text[:300]}")
        error.status = r.status_code
        raise error
    kind = r.headers.get("content-type", "")
    # A text answer (a handbook in markdown) is kept as text, for a `pattern` to read.
    parsed = (r.json() if "json" in kind else r.text if kind.startswith("text/") else None) \
        if r.content else None
    sent = step.model_copy(update={"path": path, "params": {}, "query": query or {},
                                   "body": body, "headers": extra})
    result = StepResult(step, r.status_code, parsed, r.headers, sent)
    results[str(step.id)] = result
    return result


async def replay(task: Task, env: Environment, episode: EpisodeRef,
                 steps: Sequence[Step] | None = None) -> list[StepResult]:
    """Run the task's gold (or `steps`) as its actor in `episode`."""
    async with env.client() as client:
        return await run_steps(client, episode.token, task.gold if steps is None else steps)


async def score_steps(task: Task, env: Environment, steps: Sequence[Step]) -> Grade:
    """Fresh episode, run `steps` (none for the no-op), grade, delete the episode.

    A platform failure anywhere on the way (`EnvironmentFailure`: creating, replaying,
    diffing, deleting) gives an ungradeable grade carrying the failure, never an exception
    a caller might turn into a 0. A step the apps refuse is still a `ReplayError`.
    """
    try:
        episode = await env.start(task)
        result: Grade | None = None
        try:
            if steps:
                await replay(task, env, episode, steps)
            result = await grade_episode(env, task, episode)
        finally:
            try:
                await env.stop(episode)
            except EnvironmentFailure:
                if result is None or result.failure is None:
                    raise
        assert result is not None
        return result
    except EnvironmentFailure as e:
        return Grade.environment_failure(task.id, e)
