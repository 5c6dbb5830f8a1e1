"""The per-request context: episode, principal, session, clock and ID minting.

Every agent-facing route gets a `Ctx` through `CtxDep`. Mutating requests advance the
episode's clock by one step inside the request's transaction, so a request that fails
changes nothing (not even the clock) and replaying the same requests gives the same state.
"""

from __future__ import annotations

import base64
import binascii
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import text
from sqlmodel import Session

from arcadia.apps.kernel.db import AUDIT, STATE
from arcadia.apps.kernel.episodes import Episode, EpisodeStore, Principal
from arcadia.apps.kernel.errors import ApiError
from arcadia.apps.kernel.settings import get_settings

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Deterministic UUIDs for product styles that use them (Gusto): same episode, same ids.
ID_NAMESPACE = uuid.UUID("6f1c3a52-8d0e-4c1b-9a57-3e2f4b7c9d10")


@dataclass
class Ctx:
    episode: Episode
    principal: Principal
    session: Session
    app: str
    method: str
    path: str
    tick: int
    step_seconds: int

    @property
    def now(self) -> datetime:
        """World time of this request (naive UTC)."""
        return self.episode.world.now + timedelta(seconds=self.tick * self.step_seconds)

    def require(self, roles: Sequence[str]) -> None:
        if roles and not self.principal.has_any(roles):
            raise ApiError(403, f"{self.principal.name} ({self.principal.email}) lacks the "
                           f"permission for this operation; it needs one of the roles: "
                           f"{', '.join(roles)}.", code="forbidden")

    def next_seq(self, kind: str) -> int:
        """The next number of a per-episode sequence (in this request's transaction)."""
        key = f"seq:{kind}"
        self.session.execute(
            text(f"INSERT INTO {STATE} (key, value) VALUES (:k, 1) "
                 "ON CONFLICT(key) DO UPDATE SET value = value + 1"), {"k": key})
        return int(self.session.execute(
            text(f"SELECT value FROM {STATE} WHERE key = :k"), {"k": key}).scalar_one())

    def new_uuid(self, kind: str) -> str:
        return str(uuid.uuid5(ID_NAMESPACE, f"{self.app}:{kind}:new:{self.next_seq(kind)}"))

    def commit(self) -> None:
        """Record the request in the audit log and commit it as one transaction."""
        self.session.execute(
            text(f"INSERT INTO {AUDIT} (tick, principal_id, method, path) "
                 "VALUES (:t, :p, :m, :path)"),
            {"t": self.tick, "p": self.principal.id, "m": self.method, "path": self.path})
        self.session.commit()


def seed_uuid(app: str, kind: str, key: Any) -> str:
    """The UUID a loader gives a world record, stable across runs and machines."""
    return str(uuid.uuid5(ID_NAMESPACE, f"{app}:{kind}:{key}"))


def bearer_token(request: Request) -> str | None:
    """The credential: `Bearer <token>`, or Basic auth with the token as user name
    (BambooHR's API-key style: `<key>:x`)."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    if scheme.lower() == "basic" and value.strip():
        try:
            user = base64.b64decode(value.strip(), validate=True).decode().partition(":")[0]
        except (binascii.Error, UnicodeDecodeError):
            return None
        return user or None
    return None


async def get_ctx(request: Request) -> AsyncIterator[Ctx]:
    store: EpisodeStore = request.app.state.store
    app_name: str = request.app.state.spec.name
    token = bearer_token(request)
    if token is None:
        raise ApiError(401, "Authentication required: send 'Authorization: Bearer <token>'.",
                       code="unauthorized")
    hit = store.resolve(token)
    if hit is None:
        raise ApiError(401, "The token is not valid for any open episode.", code="unauthorized")
    episode, principal = hit
    db = episode.dbs[app_name]
    conn = db.conn
    try:
        with Session(db.engine, expire_on_commit=False) as session:
            # The clock lives in the app's database, on the session's own connection: a
            # write's tick commits with it and rolls back with it.
            if request.method in WRITE_METHODS:
                conn.execute(f"UPDATE {STATE} SET value = value + 1 WHERE key = 'tick'")
            tick = int(conn.execute(f"SELECT value FROM {STATE} WHERE key = 'tick'").fetchone()[0])
            yield Ctx(episode, principal, session, app_name, request.method,
                      request.url.path, tick, get_settings().clock_step_seconds)
    finally:
        # Whatever the route did not commit (a failed request, a read) is undone here.
        if conn.in_transaction:
            conn.rollback()


CtxDep = Annotated[Ctx, Depends(get_ctx)]


def requires(*roles: str) -> Any:
    """A route dependency that admits principals holding any of `roles`."""

    async def check(ctx: CtxDep) -> None:
        ctx.require(roles)

    return Depends(check)
