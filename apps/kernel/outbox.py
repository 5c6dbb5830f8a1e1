"""Cross-app effects without cross-app imports: a per-episode outbox.

An app emits a typed event during a write (`ctx.emit("mail", "deliver", {...})`); the
target app registers a handler for that event kind in its `AppSpec.handlers`. The kernel
delivers the events when the emitting request commits, in the same episode, at the same
tick, and atomically with the write (see `Ctx.finish`). Embedded, the handler runs in this
process on the target's database; with `serve --multi`, the event is posted to the target
process's control plane (`POST /admin/episodes/{id}/deliver`), which runs the handler and
commits before the emitting process commits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx
import orjson

from arcadia.apps.kernel.errors import UNAVAILABLE, ApiError
from arcadia.apps.kernel.settings import get_settings

# An event handler, `handler(ctx, payload)`: runs in the target app with a `Ctx` of the same
# episode and tick. Typed `Any` rather than `Ctx`: the context imports this module, and the
# kernel's modules import one way only.
Handler = Callable[[Any, Mapping[str, Any]], None]


_CODES = {400: "invalid", 403: "forbidden", 409: "conflict", 422: "invalid"}


class DeliveryError(ApiError):
    """An event could not be delivered; the emitting request changes nothing."""

    def __init__(self, event: Event, why: str) -> None:
        super().__init__(503, f"The {event.target} app could not take this request's "
                         f"{event.kind!r} event ({why}); nothing was changed. Try again.",
                         code=UNAVAILABLE)
        self.event = event


@dataclass(frozen=True)
class Event:
    """One cross-app effect: from `source` to `target`, of `kind`, with a JSON payload."""

    source: str
    target: str
    kind: str
    payload: Mapping[str, Any]

    def __post_init__(self) -> None:
        orjson.dumps(self.payload)  # must cross a process boundary as JSON

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "target": self.target, "kind": self.kind,
                "payload": dict(self.payload)}


async def deliver_remote(base: str, episode_id: str, principal_id: int, tick: int,
                         event: Event) -> None:
    """Post an event to the process at `base` that hosts its target app, which commits it."""
    url = f"{base}/admin/episodes/{episode_id}/deliver"
    body = {"event": event.to_json(), "principal": principal_id, "tick": tick}
    try:
        async with httpx.AsyncClient(timeout=10.0) as client:
            r = await client.post(url, json=body, headers={
                "Authorization": f"Bearer {get_settings().admin_token}"})
    except httpx.HTTPError as e:
        raise DeliveryError(event, f"{event.target} at {base} is unreachable: "
                            f"{type(e).__name__}") from None
    if 400 <= r.status_code < 500 and r.status_code != 404:
        # The target's own verdict on the event (its handler refused it): passed on as is.
        try:
            message = str(r.json()["error"]["message"])
        except (ValueError, KeyError, TypeError):
            message = r.text[:300]
        raise ApiError(r.status_code, message, code=_CODES.get(r.status_code, "invalid"))
    if r.status_code >= 400:
        raise DeliveryError(event, f"{event.target} at {base} answered {r.status_code}: "
                            f"{r.text[:200]}")
