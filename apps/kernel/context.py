"""The request lifecycle: episode, principal, session, clock, ids and the outbox.

Every agent-facing route gets a `Ctx` through `CtxDep`. A request holds its episode's turn
from before the route runs until its transaction is committed or rolled back, so the
requests of one episode never interleave (other episodes go on). A route tagged `write`
runs at the next tick; when its service calls `ctx.commit()`, the kernel delivers the
request's outbox events, writes the tick and the audit row, and commits every touched
database together; the episode's clock advances only then. A read (even a POST that only
reads) never advances it, and a request that fails changes nothing, not even the clock.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import uuid
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from sqlmodel import Session, select

from arcadia.apps.kernel.db import (
    AUDIT,
    STATE,
    AppDatabase,
    executemany,
    fit_key,
    pk_order,
    pk_where,
    sequence_key,
    snapshot_reader,
)
from arcadia.apps.kernel.episodes import Episode, EpisodeStore, Principal
from arcadia.apps.kernel.errors import ApiError, forbidden, not_found, unauthorized
from arcadia.apps.kernel.outbox import Event, deliver_remote
from arcadia.apps.kernel.settings import get_settings

if TYPE_CHECKING:
    from sqlmodel import SQLModel

# Deterministic UUIDs for product styles that use them (Gusto): same episode, same ids.
ID_NAMESPACE = uuid.UUID("6f1c3a52-8d0e-4c1b-9a57-3e2f4b7c9d10")
_NAMESPACE_BYTES = ID_NAMESPACE.bytes
# Events one request may cause, counting those its events cause in turn.
MAX_EVENTS = 200


class Ctx:
    """One request (or one delivered event) in one app of one episode."""

    def __init__(self, store: EpisodeStore, episode: Episode, principal: Principal, app: str,
                 *, method: str, path: str, tick: int, writes: bool) -> None:
        self.store = store
        self.episode = episode
        self.principal = principal
        self.app = app
        self.method = method
        self.path = path
        self.tick = tick
        self.writes = writes
        self.step_seconds = get_settings().clock_step_seconds
        self.outbox: list[Event] = []
        self.committed = False
        self._derived: list[Ctx] = []
        self._db: AppDatabase = episode.dbs[app]
        self._session: Session | None = None

    @property
    def session(self) -> Session:
        """The request's ORM session on this app's episode database (opened on first use)."""
        if self._session is None:
            self._session = Session(self._db.engine, expire_on_commit=False)
        return self._session

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Plain tuples from SQL on this app's episode database, in this request's
        transaction: for bulk reads (a directory of every employee) where building ORM
        objects or typed Core rows would cost more than the request itself. Pending ORM
        changes are flushed first, as the ORM's own queries would."""
        session = self.session
        if session.new or session.dirty or session.deleted:
            session.flush()
        session.connection()  # joins (or begins) the session's transaction
        return self._db.conn.execute(sql, tuple(params)).fetchall()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """A driver-level write (sqlite3's `?` marks, either backend) in this request's
        transaction: for a route whose ORM statement building would cost more than its
        work. The changelog sees it as any write; `commit` still decides whether it stays."""
        self._writable()
        self.session.connection()  # joins (or begins) the session's transaction
        self._db.conn.execute(sql, tuple(params))

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """`execute` for many rows, one driver call."""
        self._writable()
        executemany(self.session, sql, rows)

    def _writable(self) -> None:
        if not self.writes:
            raise RuntimeError(f"{self.method} {self.path} is tagged read but tried to write")

    def snapshot(self, model: type[SQLModel], *key: Any) -> Any | None:
        """A read-only snapshot of the `model` row with primary key `key`, or None.

        The row's values with the model's attribute names and types, without an ORM object
        (a by-id read then costs a fraction of `session.get`). Read routes use it; a write
        loads the ORM object it changes with `get_or_404`.
        """
        table = model.__table__  # type: ignore[attr-defined]
        fitted = fit_key(table, key)
        if fitted is None:
            return None
        found = self._snapshots(table, pk_where(table), fitted)
        return found[0] if found else None

    def snapshots(self, model: type[SQLModel],
                  where: Mapping[str, Sequence[Any]] | None = None, *,
                  only: Collection[str] | None = None) -> list[Any]:
        """Read-only snapshots of the rows of `model`'s table, by primary key: every row,
        or those whose columns each hold one of `where`'s values for it (column name ->
        values; SQL equality, so a NULL matches none). With `only`, a snapshot holds just
        the primary key and those columns (reading another is an AttributeError): for a
        wide table read whole, where making every value costs more than the request."""
        table = model.__table__  # type: ignore[attr-defined]
        if only is not None:
            unknown = sorted(set(only) - set(table.c.keys()))
            if unknown:
                raise KeyError(f"{table.name} has no column {unknown[0]!r}")
        chosen = None if only is None else frozenset(only)
        if not where:
            return self._snapshots(table, pk_order(table), (), chosen)
        if any(not values for values in where.values()):
            return []
        tests, params = [], []
        for column, values in where.items():
            if column not in table.c:
                raise KeyError(f"{table.name} has no column {column!r}")
            tests.append(f'"{column}" IN ({", ".join("?" * len(values))})')
            params += list(values)
        return self._snapshots(table, " WHERE " + " AND ".join(tests) + pk_order(table),
                               params, chosen)

    def _snapshots(self, table: Any, tail: str, params: Sequence[Any],
                   only: frozenset[str] | None = None) -> list[Any]:
        select, columns = snapshot_reader(table, only)
        names = [name for name, _ in columns]
        converters = [(i, convert) for i, (_, convert) in enumerate(columns)
                      if convert is not None]
        out = []
        for row in self.rows(select + tail, params):
            values = list(row)
            for i, convert in converters:
                values[i] = convert(values[i])
            out.append(SimpleNamespace(**dict(zip(names, values, strict=True))))
        return out

    def me(self, model: type[SQLModel], missing: Callable[[Principal], ApiError], *,
           by: str | None = None, snapshot: bool = False) -> Any:
        """The principal's own row of `model`, or `missing(principal)` raised (the app's
        error for a caller the app has no row for).

        Args:
            model: The table holding one row per person (a user, a mailbox).
            missing: The app's error when there is none, in its product's words.
            by: The column holding the person's id; the primary key when None.
            snapshot: A read-only snapshot (`snapshot`) instead of the ORM object.
        """
        pid = self.principal.id
        row: Any
        if by is None:
            row = self.snapshot(model, pid) if snapshot else self.session.get(model, pid)
        elif snapshot:
            table = model.__table__  # type: ignore[attr-defined]
            found = self._snapshots(table, f' WHERE "{by}" = ?' + pk_order(table) + " LIMIT 1",
                                    (pid,))
            row = found[0] if found else None
        else:
            row = self.session.exec(select(model).where(getattr(model, by) == pid)).first()
        if row is None:
            raise missing(self.principal)
        return row

    @property
    def now(self) -> datetime:
        """World time of this request (naive UTC)."""
        return self.episode.template.spec.now + timedelta(seconds=self.tick * self.step_seconds)

    def require(self, roles: Sequence[str]) -> None:
        """Refuse the request unless the principal holds one of `roles` (a rule finer than
        the route's own `x-roles`, which the kernel checks before the route runs)."""
        if roles and not self.principal.has_any(roles):
            raise lacks_roles(self.principal, roles)

    # ids ----------------------------------------------------------------------------
    def next_seq(self, kind: str) -> int:
        """The next number of a per-episode sequence (in this request's transaction)."""
        return self._bump(f"seq:{kind}", start=True)

    def next_id(self, model: type[SQLModel]) -> int:
        """The next integer id of `model`'s table: dense, deterministic per episode, and
        never reused (the sequence starts after the seeded rows)."""
        return self._bump(sequence_key(model.__tablename__))  # type: ignore[attr-defined]

    def _bump(self, key: str, *, start: bool = False) -> int:
        # On the session's own connection and transaction, without the ORM's statement
        # machinery (a third of a small write's time when it went through `execute`).
        self.session.connection()
        conn = self._db.conn
        if start:
            conn.execute(f"INSERT INTO {STATE} (key, value) VALUES (?, 0) "
                         "ON CONFLICT(key) DO NOTHING", (key,))
        row = conn.execute(f"UPDATE {STATE} SET value = value + 1 WHERE key = ? "
                           "RETURNING value", (key,)).fetchone()
        if row is None:
            raise LookupError(f"{key}: not an integer-keyed table of app {self.app}")
        return int(row[0])

    def new_uuid(self, kind: str) -> str:
        return str(uuid.uuid5(ID_NAMESPACE, f"{self.app}:{kind}:new:{self.next_seq(kind)}"))

    # effects and commit ----------------------------------------------------------------
    def emit(self, app: str, kind: str, payload: dict[str, Any]) -> None:
        """Queue an event for another app of this episode (e.g. `("mail", "deliver", {...})`).

        It is delivered when this request commits, in the same turn and at the same tick,
        and atomically with it: if delivery fails, neither app keeps any change.
        """
        if app not in self.store.apps and app not in self.store.peers:
            raise LookupError(f"no app {app!r} is reachable from {self.app}")
        spec = self.store.apps.get(app)
        if spec is not None and not self.episode.serves(app):
            raise LookupError(f"app {app!r} does not serve this episode's world")
        if spec is not None and kind not in spec.handlers:
            raise LookupError(f"app {app!r} handles no event {kind!r}")
        self.outbox.append(Event(self.app, app, kind, payload))

    def commit(self) -> None:
        """Mark the request's work as done: the kernel commits it (with its events) once
        the route returns. A route that never calls it changes nothing."""
        self._writable()
        if self._session is not None:
            self._session.flush()  # constraint errors surface here, in the route
        self.committed = True

    async def finish(self) -> None:
        """Deliver the outbox, then commit every touched database at this tick.

        Events for apps in this process run first (a handler that raises aborts the whole
        request); events for other processes go next, each committed there before this
        process commits (their `/admin/.../deliver` route), so a failed delivery leaves no
        change here. The one window left: a second remote delivery failing after a first
        succeeded; no app emits to two remote apps in one request today.
        """
        queue, remote = list(self.outbox), list[Event]()
        while queue:
            event = queue.pop(0)
            if len(self._derived) + len(remote) >= MAX_EVENTS:
                raise RuntimeError(f"more than {MAX_EVENTS} events from one request")
            if event.target in self.store.apps:
                target = self.derive(event.target)
                self._derived.append(target)
                self.store.apps[event.target].handlers[event.kind](target, event.payload)
                queue.extend(target.outbox)
            else:
                remote.append(event)
        for event in remote:
            await deliver_remote(self.store.peers[event.target], self.episode.id,
                                 self.principal.id, self.tick, event)
        for ctx in (*self._derived, self):
            ctx._write_commit()
        self.episode.clock.advance(self.tick)

    def derive(self, app: str) -> Ctx:
        """A context for delivering an event to `app` within this request."""
        ctx = Ctx(self.store, self.episode, self.principal, app, method="EVENT",
                  path=f"{self.app}{self.path}", tick=self.tick, writes=True)
        ctx.committed = True
        return ctx

    def _write_commit(self) -> None:
        # The tick and the audit row join the session's own transaction on the same
        # connection (checked out first, so they cannot land outside it).
        self.session.connection()
        conn = self._db.conn
        conn.execute(f"UPDATE {STATE} SET value = ? WHERE key = 'tick'", (self.tick,))
        conn.execute(f"INSERT INTO {AUDIT} (tick, principal_id, method, path) "
                     "VALUES (?, ?, ?, ?)", (self.tick, self.principal.id, self.method, self.path))
        self.session.commit()

    def close(self) -> None:
        """Undo whatever was not committed and release the sessions."""
        for ctx in self._derived:
            ctx.close()
        if self._session is not None:
            self._session.close()
            self._session = None
        if self._db.conn.in_transaction:
            self._db.conn.rollback()


def lacks_roles(principal: Principal, roles: Sequence[str]) -> ApiError:
    return forbidden(f"{principal.name} ({principal.email}) lacks the permission for this "
                     f"operation; it needs one of the roles: {', '.join(roles)}.")


def seed_uuid(app: str, kind: str, key: Any) -> str:
    """The UUID a loader gives a world record, stable across runs and machines: the text of
    `uuid.uuid5(ID_NAMESPACE, "app:kind:key")`, made from the SHA-1 directly (a loader
    mints tens of thousands; `UUID`'s integer work was half a payroll template's time)."""
    digest = bytearray(hashlib.sha1(_NAMESPACE_BYTES + f"{app}:{kind}:{key}".encode()).digest())
    digest[6] = (digest[6] & 0x0F) | 0x50  # version 5
    digest[8] = (digest[8] & 0x3F) | 0x80  # RFC 4122 variant
    h = digest[:16].hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def bearer_token(request: Request, api_key_header: str | None = None,
                 api_key_query: Sequence[str] = ()) -> str | None:
    """The credential: `Bearer <token>`, or Basic auth with the token as user name
    (BambooHR's API-key style: `<key>:x`), or, for a product that takes its key in a header
    of its own (Coupa's `X-COUPA-API-KEY`), that header's value when no `Authorization`
    header is sent, or, for a product that takes it in the query string (Bullhorn's
    `?BhRestToken=`), the first of those query parameters present when neither header is."""
    header = request.headers.get("authorization", "")
    if not header and api_key_header:
        key = request.headers.get(api_key_header, "").strip()
        if key or not api_key_query:
            return key or None
    if not header and api_key_query:
        for name in api_key_query:
            value = request.query_params.get(name, "").strip()
            if value:
                return value
        return None
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


def route_meta(request: Request) -> tuple[bool, tuple[str, ...]]:
    """Whether the matched route writes (tag `write`) and the roles it admits (`x-roles`),
    as `op(...)` declared them."""
    route = request.scope.get("route")
    writes = "write" in (getattr(route, "tags", None) or ())
    roles = ((getattr(route, "openapi_extra", None) or {}).get("x-roles")) or ()
    return writes, tuple(roles)


async def get_ctx(request: Request) -> AsyncIterator[Ctx]:
    store: EpisodeStore = request.app.state.store
    spec = request.app.state.spec
    app_name: str = spec.name
    token = bearer_token(request, spec.api_key_header, spec.api_key_query)
    if token is None:
        also = f" or '{spec.api_key_header}: <token>'" if spec.api_key_header else ""
        also += "".join(f" or '?{name}=<token>'" for name in spec.api_key_query)
        raise unauthorized(f"Authentication required: send 'Authorization: Bearer <token>'{also}.")
    hit = store.resolve(token)
    if hit is None:
        raise unauthorized("The token is not valid for any open episode.")
    episode, principal = hit
    if not episode.serves(app_name):
        raise not_found(f"Episode {episode.id} is a '{episode.template.spec.name}' world, which "
                        f"the {app_name} app does not serve; use a token of an episode of "
                        f"one of its worlds ({', '.join(spec.worlds)}).")
    writes, roles = route_meta(request)
    if roles and not principal.has_any(roles):
        raise lacks_roles(principal, roles)
    async with episode.clock.turn() as tick:
        ctx = Ctx(store, episode, principal, app_name, method=request.method,
                  path=request.url.path, tick=tick + 1 if writes else tick, writes=writes)
        try:
            yield ctx
            if ctx.committed:
                await ctx.finish()
        finally:
            ctx.close()


# Scope "function": the request's transaction ends before the response is sent, so an
# error while committing is the response the client gets.
CtxDep = Annotated[Ctx, Depends(get_ctx, scope="function")]


def requires(*roles: str) -> Any:
    """A route dependency that admits principals holding any of `roles`."""

    async def check(ctx: CtxDep) -> None:
        ctx.require(roles)

    return Depends(check)
