"""The control plane as a client: one call creates an episode in every app process.

Embedded, there is one process and one base URL; with `arcadia serve --multi` each app
holds its own episodes' databases, so the same episode id and token are registered in
each process.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import httpx


class ControlPlaneError(RuntimeError):
    pass


class ControlPlane:
    """Fans admin requests out to the admin surfaces of one or more app processes."""

    def __init__(self, base_urls: Sequence[str], admin_token: str,
                 transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base_urls = list(base_urls)
        self._client = httpx.AsyncClient(
            headers={"Authorization": f"Bearer {admin_token}"}, transport=transport,
            timeout=120.0)

    async def __aenter__(self) -> ControlPlane:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self._client.aclose()

    async def _each(self, method: str, path: str, json: Any = None) -> list[dict[str, Any]]:
        out = []
        for base in self.base_urls:
            r = await self._client.request(method, f"{base}{path}", json=json)
            if r.status_code >= 400:
                raise ControlPlaneError(f"{method} {base}{path}: {r.status_code} {r.text}")
            out.append(r.json() if r.content else {})
        return out

    async def create_episode(self, *, seed: int = 0, headcount: int = 800,
                             situations: list[dict[str, Any]] | None = None,
                             episode_id: str | None = None) -> str:
        episode_id = episode_id or f"ep-{secrets.token_hex(6)}"
        body = {"seed": seed, "headcount": headcount, "situations": situations or [],
                "episode_id": episode_id}
        await self._each("POST", "/admin/episodes", body)
        return episode_id

    async def mint_token(self, episode_id: str, principal: int | str) -> tuple[str, dict[str, Any]]:
        token = secrets.token_urlsafe(24)
        results = await self._each("POST", f"/admin/episodes/{episode_id}/tokens",
                                   {"principal": principal, "token": token})
        return token, results[0]["principal"]

    async def episode(self, episode_id: str) -> list[dict[str, Any]]:
        """The episode's state as each app process reports it (world hash, ticks, sizes)."""
        return await self._each("GET", f"/admin/episodes/{episode_id}")

    async def principals(self, episode_id: str, role: str | None = None) -> list[dict[str, Any]]:
        query = f"?role={role}" if role else ""
        first = self.base_urls[0]
        r = await self._client.get(f"{first}/admin/episodes/{episode_id}/principals{query}")
        r.raise_for_status()
        return list(r.json()["principals"])

    async def delete_episode(self, episode_id: str) -> None:
        await self._each("DELETE", f"/admin/episodes/{episode_id}")
