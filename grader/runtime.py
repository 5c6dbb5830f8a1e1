"""Where episodes run: the embedded store in this process, or app processes over HTTP.

Both give the same four things to replay and grading: make an episode for a task, a token
for its actor, an HTTP client whose `<app>` prefix reaches each app, and the episode's diff.
The grader reads databases (directly, or through the control plane's `/changes`); it never
calls an agent-facing route.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import httpx

from arcadia.apps.kernel import AppSpec, EpisodeStore, create_server, new_store
from arcadia.apps.kernel.control import (
    ControlPlane,
    EnvironmentFailure,
    response_failure,
    transport_failure,
)
from arcadia.apps.kernel.templates import WorldSource, world_source
from arcadia.apps.registry import load_specs
from arcadia.grader.checks import GradeContext
from arcadia.grader.diff import Diff, rows_from_json
from arcadia.grader.score import Grade, grade
from arcadia.grader.task import Task
from arcadia.world import World

# Agents and gold steps read JSON; BambooHR (the HRIS) answers XML unless asked for JSON,
# as the product does. A request may still ask for XML with its own Accept header.
JSON_ACCEPT = {"Accept": "application/json"}


@dataclass(frozen=True)
class EpisodeRef:
    id: str
    token: str


class Environment(Protocol):
    def client(self) -> httpx.AsyncClient:
        """A client on which `/<app>/...` reaches each app."""

    async def start(self, task: Task) -> EpisodeRef: ...

    async def diff(self, episode: EpisodeRef) -> Diff: ...

    async def source(self, task: Task) -> WorldSource:
        """The task's world: its hash and people now, the world itself when first read."""

    async def world(self, task: Task) -> World: ...

    async def stop(self, episode: EpisodeRef) -> None: ...


def check_pin(task: Task, world_hash: str) -> None:
    """A task that pins its world's content hash must run in exactly that world."""
    if task.world.content_hash and task.world.content_hash != world_hash:
        raise ValueError(
            f"task {task.id} pins world {task.world.content_hash[:12]}, "
            f"this build generates {world_hash[:12]}"
        )


async def grade_episode(env: Environment, task: Task, episode: EpisodeRef) -> Grade:
    """Grade the episode; a platform failure while diffing gives an ungradeable grade."""
    try:
        ctx = GradeContext(await env.diff(episode), await env.source(task))
    except EnvironmentFailure as e:
        return Grade.environment_failure(task.id, e)
    return grade(task, ctx)


class EmbeddedEnvironment:
    """All apps in this process; episodes are clones in the in-memory store."""

    def __init__(self, store: EpisodeStore | None = None) -> None:
        self.store = store or new_store(load_specs())
        self.server = create_server(list(self.store.apps.values()), self.store)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self.server),
            base_url="http://arcadia.embedded",
            headers=JSON_ACCEPT,
        )

    async def start(self, task: Task) -> EpisodeRef:
        episode = await self.store.acreate(task.world_spec())
        try:
            check_pin(task, episode.template.world_hash)
        except ValueError:
            self.store.delete(episode.id)
            raise
        token, _ = self.store.mint(episode.id, task.actor)
        return EpisodeRef(episode.id, token)

    async def diff(self, episode: EpisodeRef) -> Diff:
        return Diff.from_rows(self.store.get(episode.id).changes(), self.store.apps)

    async def source(self, task: Task) -> WorldSource:
        return (await self.store.atemplate(task.world_spec())).source

    async def world(self, task: Task) -> World:
        return (await self.source(task)).world

    async def stop(self, episode: EpisodeRef) -> None:
        await self.store.adelete(episode.id)

    @property
    def keeps(self) -> int:
        """How many world templates this environment keeps in memory."""
        return self.store.template_capacity

    def release(self, task: Task) -> None:
        """The caller needs the template of `task`'s world no more (`runner.WorldRelease`)."""
        self.store.release(task.world_spec())


class _PrefixRouter(httpx.AsyncBaseTransport):
    """Sends `/<app>/rest` to that app's own base URL (one process per app).

    A process that cannot be reached, answers 5xx, or lost the episode raises an
    `EnvironmentFailure` naming the app and its URL: the platform's fault, never a response
    for an agent (or a gold step) to act on. 4xx answers pass through.
    """

    def __init__(self, urls: Mapping[str, str]) -> None:
        self.names = dict(urls)
        self.urls = {k: httpx.URL(v) for k, v in urls.items()}
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        app, _, rest = request.url.path.lstrip("/").partition("/")
        base = self.urls[app]
        request.url = request.url.copy_with(
            scheme=base.scheme,
            host=base.host,
            port=base.port,
            path=base.path.rstrip("/") + "/" + rest,
        )
        try:
            response = await self.inner.handle_async_request(request)
        except httpx.TransportError as e:
            raise transport_failure(
                app, self.names[app], e, f"{request.method} {request.url.path}"
            ) from None
        if response.status_code == 410 or response.status_code >= 500:
            await response.aread()
            failure = response_failure(app, self.names[app], response)
            if failure is not None:
                raise failure
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


class RemoteEnvironment:
    """Apps in their own processes (`arcadia serve --multi`), reached over sockets.

    Every call raises an `EnvironmentFailure` (`AppUnreachable`, `EpisodeLost`) naming the
    app and URL when a process fails; `start` leaves nothing behind when it fails.
    """

    def __init__(self, urls: Mapping[str, str], admin_token: str) -> None:
        self.urls = dict(urls)
        self.admin_token = admin_token
        self.specs: dict[str, AppSpec] = {s.name: s for s in load_specs(list(urls))}
        self._worlds: dict[str, WorldSource] = {}

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=_PrefixRouter(self.urls),
            base_url="http://remote",
            timeout=60.0,
            headers=JSON_ACCEPT,
        )

    def _plane(self) -> ControlPlane:
        return ControlPlane(self.urls, self.admin_token)

    async def start(self, task: Task) -> EpisodeRef:
        situations = [] if task.situation is None else [task.situation.model_dump()]
        async with self._plane() as plane:
            episode_id = await plane.create_episode(
                seed=task.world.seed,
                headcount=task.world.headcount,
                situations=situations,
                world=task.world.spec,
                episode_id=f"ep-{secrets.token_hex(6)}",
            )
            try:
                for state in await plane.episode(episode_id):
                    check_pin(task, state["world"]["hash"])
                token, _ = await plane.mint_token(episode_id, task.actor)
            except BaseException:
                try:
                    await plane.delete_episode(episode_id)
                except EnvironmentFailure:
                    pass  # the process that failed took its copy with it
                raise
        return EpisodeRef(episode_id, token)

    async def diff(self, episode: EpisodeRef) -> Diff:
        async with self._plane() as plane:
            rows = rows_from_json(await plane.changes(episode.id))
        return Diff.from_rows(rows, self.specs)

    async def source(self, task: Task) -> WorldSource:
        key = task.world_spec().key()
        if key not in self._worlds:
            self._worlds[key] = world_source(task.world_spec())
        return self._worlds[key]

    async def world(self, task: Task) -> World:
        return (await self.source(task)).world

    async def stop(self, episode: EpisodeRef) -> None:
        async with self._plane() as plane:
            await plane.delete_episode(episode.id)
