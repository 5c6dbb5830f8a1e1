"""The control plane as a client: one call creates an episode in every app process.

Embedded, there is one process and one base URL; with `arcadia serve --multi` each app
holds its own episodes' databases, so the same episode id and token are registered in
each process. The fan-out is all-or-nothing: if one process fails, what the others already
did is undone (episodes deleted, tokens revoked) before the error is raised.

Failures are typed so that whoever drives episodes can tell the platform's fault from the
request's: `EnvironmentFailure` (an app process unreachable, answering 5xx, or having lost
the episode) is the environment's; `ControlPlaneError` (a 4xx: unknown episode, person who
cannot sign in) is the caller's.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

# Header an app process sets on the 410 it answers for an episode it lost in a restart.
LOST_HEADER = "X-Arcadia-Episode-Lost"


class ControlPlaneError(RuntimeError):
    """A control-plane request the app processes refused (a 4xx): the caller's fault."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class EnvironmentFailure(RuntimeError):
    """The platform failed, not the agent or the task: an attempt that meets one is an
    environment error (retried, never scored). `app` and `url` name the process."""

    def __init__(self, app: str, url: str, message: str) -> None:
        super().__init__(message)
        self.app, self.url = app, url


class AppUnreachable(EnvironmentFailure):
    """An app process did not answer (connection refused or reset, timeout) or answered
    with a server error (5xx)."""

    def __init__(self, app: str, url: str, why: str) -> None:
        super().__init__(app, url, f"{app} at {url} is unreachable: {why}")
        self.why = why


class EpisodeLost(EnvironmentFailure):
    """An app process restarted and no longer holds the episode (its 410)."""

    def __init__(self, app: str, url: str, episode_id: str) -> None:
        super().__init__(app, url, f"episode {episode_id} was lost when the {app} process "
                         f"({url}) restarted; start a new episode")
        self.episode_id = episode_id


def token_digest(token: str) -> str:
    """How processes name a token to each other without passing it around again."""
    return hashlib.sha256(token.encode()).hexdigest()


def transport_failure(app: str, url: str, exc: httpx.TransportError,
                      request: str = "") -> AppUnreachable:
    why = str(exc) or type(exc).__name__
    if why != type(exc).__name__:
        why = f"{type(exc).__name__}: {why}"
    return AppUnreachable(app, url, f"{why}{f' ({request})' if request else ''}")


def response_failure(app: str, url: str, response: httpx.Response,
                     episode_id: str | None = None) -> EnvironmentFailure | None:
    """The environment failure a response from an app process stands for, if any."""
    if response.status_code == 410:
        lost = response.headers.get(LOST_HEADER) or episode_id
        if lost:
            return EpisodeLost(app, url, lost)
    if response.status_code >= 500:
        request = response.request
        return AppUnreachable(app, url, f"{request.method} {request.url.path} answered "
                              f"{response.status_code} {response.text[:200]}")
    return None


class ControlPlane:
    """Fans admin requests out to the admin surfaces of one or more app processes.

    `urls` maps each app to its process's base URL (a plain list names each process by
    its URL).
    """

    def __init__(self, urls: Mapping[str, str] | Sequence[str], admin_token: str,
                 transport: httpx.AsyncBaseTransport | None = None,
                 timeout: float = 120.0) -> None:
        self.urls = dict(urls) if isinstance(urls, Mapping) else {u: u for u in urls}
        self.base_urls = list(self.urls.values())
        self._client = httpx.AsyncClient(
            headers={"Authorization": f"Bearer {admin_token}"}, transport=transport,
            timeout=timeout)

    async def __aenter__(self) -> ControlPlane:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self._client.aclose()

    async def _send(self, app: str, method: str, path: str, json: Any = None, *,
                    episode_id: str | None = None, ok: tuple[int, ...] = ()
                    ) -> httpx.Response:
        """One admin request to one process; environment failures raised as typed errors
        (except statuses in `ok`), any other answer returned."""
        base = self.urls[app]
        try:
            r = await self._client.request(method, f"{base}{path}", json=json)
        except httpx.TransportError as e:
            raise transport_failure(app, base, e, f"{method} {path}") from None
        failure = response_failure(app, base, r, episode_id)
        if failure is not None and r.status_code not in ok:
            raise failure
        return r

    async def _call(self, app: str, method: str, path: str, json: Any = None, *,
                    episode_id: str | None = None, ok: tuple[int, ...] = ()) -> Any:
        """`_send`, with a refusal (4xx) raised as `ControlPlaneError`; the JSON body."""
        r = await self._send(app, method, path, json, episode_id=episode_id, ok=ok)
        if r.status_code >= 400 and r.status_code not in ok:
            raise ControlPlaneError(f"{method} {self.urls[app]}{path} ({app}): "
                                    f"{r.status_code} {r.text[:300]}", status=r.status_code)
        return r.json() if r.content and r.status_code < 400 else {}

    async def _each(self, method: str, path: str, json: Any = None, *,
                    episode_id: str | None = None) -> list[dict[str, Any]]:
        return [await self._call(app, method, path, json, episode_id=episode_id)
                for app in self.urls]

    async def create_episode(self, *, seed: int = 0, headcount: int = 800,
                             situations: list[dict[str, Any]] | None = None,
                             episode_id: str | None = None,
                             world: str = "arcadia-robotics") -> str:
        """Create the episode in every process, or in none (the others are rolled back).
        Each process builds the databases of its apps that serve `world` (maybe none)."""
        episode_id = episode_id or f"ep-{secrets.token_hex(6)}"
        body = {"world": world, "seed": seed, "headcount": headcount,
                "situations": situations or [], "episode_id": episode_id}
        tried: list[str] = []
        try:
            for app in self.urls:
                tried.append(app)
                await self._call(app, "POST", "/admin/episodes", body)
        except BaseException as e:
            # A process that failed may have created it before failing (a timeout): undo
            # there too, unless it refused (a 4xx, e.g. 409: the id was already taken).
            await self._undo_create(
                episode_id, tried[:-1] if isinstance(e, ControlPlaneError) else tried)
            raise
        return episode_id

    async def _undo_create(self, episode_id: str, apps: Sequence[str]) -> None:
        for app in apps:
            try:
                await self._call(app, "DELETE", f"/admin/episodes/{episode_id}",
                                 ok=(404, 410))
            except (EnvironmentFailure, ControlPlaneError):
                pass  # unreachable: its episodes died with it

    async def mint_token(self, episode_id: str, principal: int | str) -> tuple[str, dict[str, Any]]:
        """Register one token for `principal` in every process, or in none."""
        token = secrets.token_urlsafe(24)
        done: list[str] = []
        results = []
        try:
            for app in self.urls:
                results.append(await self._call(
                    app, "POST", f"/admin/episodes/{episode_id}/tokens",
                    {"principal": principal, "token": token}, episode_id=episode_id))
                done.append(app)
        except BaseException:
            await self.revoke_token(episode_id, token, done)
            raise
        return token, results[0]["principal"]

    async def revoke_token(self, episode_id: str, token: str,
                           apps: Sequence[str] | None = None) -> None:
        """Revoke a token wherever it is registered (best effort on dead processes)."""
        for app in self.urls if apps is None else apps:
            try:
                await self._call(app, "DELETE",
                                 f"/admin/episodes/{episode_id}/tokens/{token_digest(token)}",
                                 ok=(404, 410))
            except (EnvironmentFailure, ControlPlaneError):
                pass

    async def episode(self, episode_id: str) -> list[dict[str, Any]]:
        """The episode's state as each app process reports it (world hash, ticks, sizes)."""
        return await self._each("GET", f"/admin/episodes/{episode_id}", episode_id=episode_id)

    async def changes(self, episode_id: str) -> dict[str, Any]:
        """Changed rows per app, merged from every process (what remote grading reads)."""
        out: dict[str, Any] = {}
        for part in await self._each("GET", f"/admin/episodes/{episode_id}/changes",
                                     episode_id=episode_id):
            out.update(part)
        return out

    async def principals(self, episode_id: str, role: str | None = None) -> list[dict[str, Any]]:
        query = f"?role={role}" if role else ""
        first = next(iter(self.urls))
        body = await self._call(first, "GET", f"/admin/episodes/{episode_id}/principals{query}",
                                episode_id=episode_id)
        return list(body["principals"])

    async def health(self) -> dict[str, dict[str, Any]]:
        """Each process's own `GET /admin/health`; one that fails is reported `down` with
        the reason, never raised."""
        out: dict[str, dict[str, Any]] = {}
        for app, url in self.urls.items():
            try:
                out[app] = await self._call(app, "GET", "/admin/health")
            except (EnvironmentFailure, ControlPlaneError) as e:
                out[app] = {"status": "down", "url": url, "error": str(e)}
        return out

    async def delete_episode(self, episode_id: str) -> None:
        """Delete the episode in every process: each is tried even if another fails; one
        that no longer has it (404, or 410 after a restart) counts as done. Raises the first
        failure once all were tried, and a 404 only if no process had the episode."""
        failures: list[Exception] = []
        missing = 0
        for app in self.urls:
            try:
                r = await self._send(app, "DELETE", f"/admin/episodes/{episode_id}",
                                     episode_id=episode_id, ok=(410,))
            except EnvironmentFailure as e:
                failures.append(e)
                continue
            if r.status_code == 404:
                missing += 1
            elif r.status_code >= 400 and r.status_code != 410:
                failures.append(ControlPlaneError(
                    f"DELETE {self.urls[app]}/admin/episodes/{episode_id} ({app}): "
                    f"{r.status_code} {r.text[:300]}", status=r.status_code))
        if failures:
            raise failures[0]
        if missing == len(self.urls):
            raise ControlPlaneError(f"Episode {episode_id} does not exist.", status=404)
