"""The digest of a task's gold exchanges: every response its gold's requests get in a fresh
episode (method, path, status, body), hashed in order.

The apps are deterministic, so the digest is a pure function of the task and the apps'
code: a change that should change no answer (a faster read, a refactor) must leave every
task's digest the same (`arcadia task digest`), and one that changes an answer shows
which tasks it reaches.
"""

from __future__ import annotations

import hashlib

import httpx

from arcadia.grader.replay import run_steps
from arcadia.grader.runtime import Environment
from arcadia.grader.task import Task


async def gold_digest(env: Environment, task: Task) -> tuple[str, int]:
    """The sha256 of the gold's exchanges in a fresh episode of `env`, and their count
    (a gold step that fails raises `ReplayError`)."""
    digest, count = hashlib.sha256(), 0

    async def record(response: httpx.Response) -> None:
        nonlocal count
        await response.aread()
        head = f"{response.request.method} {response.request.url.raw_path.decode()} " \
               f"{response.status_code}\n".encode()
        for part in (head, response.content):
            digest.update(len(part).to_bytes(8, "big") + part)
        count += 1

    episode = await env.start(task)
    try:
        async with env.client() as client:
            client.event_hooks["response"] = [record]
            await run_steps(client, episode.token, task.gold)
    finally:
        await env.stop(episode)
    return digest.hexdigest(), count
