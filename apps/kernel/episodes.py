"""Templates, episodes and tokens: the multi-tenant heart of every app process.

A template is built once per world spec (world truth loaded into each app's tables) and
kept in memory; an episode is a set of cloned databases plus the tokens minted for it. An
episode clones an app's database the first time something reads or writes it, so an
episode costs the memory and time of the apps its task touches, not of every app hosted.
A token resolves to exactly one (episode, principal); nothing else links episodes.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import Session

from arcadia.apps.kernel.clock import Clock, FileClock
from arcadia.apps.kernel.control import token_digest
from arcadia.apps.kernel.db import (
    AppDatabase,
    Build,
    Database,
    RowChange,
    Storage,
    changed_rows,
    create_schema,
    init_sequences,
    install_changelog,
    storage_for,
)
from arcadia.apps.kernel.settings import get_settings
from arcadia.apps.kernel.spec import AppSpec
from arcadia.apps.kernel.templates import (
    Generate,
    WorldSource,
    cached_hash,
    template_cached,
    world_source,
)
from arcadia.world import World, WorldSpec


@dataclass(frozen=True)
class Principal:
    """A person of the world acting through the apps, with the roles that gate routes."""

    id: int
    email: str
    name: str
    roles: tuple[str, ...]

    def has_any(self, roles: Sequence[str]) -> bool:
        return any(r in self.roles for r in roles)


class TemplateDatabases(Mapping[str, AppDatabase]):
    """A template's databases by app. One the machine's cache holds is read when first asked
    for (an episode's first use of that app), so a process reads the apps its tasks use;
    the others were built with the template."""

    def __init__(self, ready: Mapping[str, AppDatabase],
                 cached: Mapping[str, Callable[[], AppDatabase]], order: Sequence[str]) -> None:
        self._ready = dict(ready)
        self._cached = dict(cached)
        self._order = tuple(order)
        self._lock = threading.Lock()

    def __getitem__(self, app: str) -> AppDatabase:
        db = self._ready.get(app)
        if db is None:
            if app not in self._cached:
                raise KeyError(app)
            with self._lock:
                db = self._ready.get(app)
                if db is None:
                    db = self._ready[app] = self._cached[app]()
        return db

    def __contains__(self, app: object) -> bool:
        return app in self._ready or app in self._cached

    def close(self) -> None:
        """Close the databases read so far and drop their images (a released template no
        episode uses: its memory goes now, not when a garbage collection finds it)."""
        with self._lock:
            ready, self._ready = self._ready, {}
            self._cached = {}
        for db in ready.values():
            if isinstance(db, Database):
                db.image = None
            db.close()

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)


@dataclass
class Template:
    """A world and each app's database loaded from it; the world itself is read (from the
    machine's cache) only when something asks for it."""

    key: str
    source: WorldSource
    dbs: Mapping[str, AppDatabase]

    @property
    def spec(self) -> WorldSpec:
        return self.source.spec

    @property
    def world(self) -> World:
        return self.source.world

    @property
    def world_hash(self) -> str:
        return self.source.content_hash


class EpisodeDatabases(Mapping[str, AppDatabase]):
    """An episode's databases by app: each a clone of the template's, made on first use.

    Indexing opens (clones) an app's database; iterating names every app of the template
    (the apps hosted here that serve the episode's world). Code that
    must not clone (the diff, closing, sizes) reads `opened()`: an app never opened holds
    exactly the template's rows.
    """

    def __init__(self, template: Mapping[str, AppDatabase]) -> None:
        self._template = template
        self._open: dict[str, AppDatabase] = {}

    def __getitem__(self, app: str) -> AppDatabase:
        db = self._open.get(app)
        if db is None:
            db = self._open[app] = self._template[app].clone()
        return db

    def __iter__(self) -> Iterator[str]:
        return iter(self._template)

    def __len__(self) -> int:
        return len(self._template)

    def opened(self) -> dict[str, AppDatabase]:
        return dict(self._open)


@dataclass
class Episode:
    """One attempt at one task: private clones of the template's databases (made on first
    use), its clock and the tokens minted for it."""

    id: str
    template: Template
    clock: Clock = field(default_factory=Clock)
    tokens: dict[str, Principal] = field(default_factory=dict)
    dbs: EpisodeDatabases = field(init=False)

    def __post_init__(self) -> None:
        self.dbs = EpisodeDatabases(self.template.dbs)

    @property
    def world(self) -> World:
        return self.template.world

    def serves(self, app: str) -> bool:
        """Whether `app` has a database in this episode (it serves the episode's world)."""
        return app in self.template.dbs

    def changes(self) -> dict[str, list[RowChange]]:
        """The rows this episode changed, per app of its template: the one source of the diff
        (the grader, the control plane's `/changes` and its summaries all read this)."""
        opened = self.dbs.opened()
        return {name: changed_rows(self.template.dbs[name], opened[name]) if name in opened
                else [] for name in self.template.dbs}


def _held(key: str, content: str) -> str:
    """What a template is named by: the spec's key and the world's content, so that a world
    built otherwise never reuses another's (in the cache, or on PostgreSQL)."""
    return f"{key}\0{content}"


class EpisodeError(Exception):
    """A control-plane request that cannot be honoured (unknown episode, bad principal)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class EpisodeStore:
    """Every template and live episode of the apps hosted by this process.

    Templates are built off the event loop (`acreate`) and kept in a bounded LRU; an
    evicted template lives on for as long as episodes cloned from it do.
    """

    def __init__(self, apps: Sequence[AppSpec], *, template_cache: int = 8,
                 clock_dir: Path | None = None, peers: Mapping[str, str] | None = None,
                 storage: Storage | None = None, generate: Generate | None = None) -> None:
        self.apps = {a.name: a for a in apps}
        # A test's own variant of the world generator (its worlds are not cached).
        self.generate = generate
        # Where templates and episodes live: SQLite in memory unless the settings name a
        # PostgreSQL server (`ARCADIA_DATABASE_URL`).
        if storage is None:
            settings = get_settings()
            storage = storage_for(settings.database_url, strategy=settings.pg_clone_strategy)
        self.storage = storage
        # Other app processes of the same deployment (`serve --multi`): app -> base URL.
        self.peers = {k: v for k, v in (peers or {}).items() if k not in self.apps}
        self.clock_dir = clock_dir
        self._template_cache = max(1, template_cache)
        self._templates: OrderedDict[str, Template] = OrderedDict()
        # The worlds of released templates (`release`), twice as many as templates: small
        # next to the databases, so a later template of the same world reuses one instead
        # of reading the world again.
        self._sources: OrderedDict[str, WorldSource] = OrderedDict()
        self._building: dict[str, asyncio.Lock] = {}
        self._episodes: dict[str, Episode] = {}
        self._tokens: dict[str, tuple[str, Principal]] = {}
        self._next_id = 1
        # Episodes this process held before it was restarted (`serve --multi`): id -> why;
        # and the digests of their tokens -> episode id. Requests for them get a 410.
        self._lost: dict[str, str] = {}
        self._lost_tokens: dict[str, str] = {}

    # templates -----------------------------------------------------------------
    def serving(self, world: str) -> list[AppSpec]:
        """The apps hosted here that serve the world named `world` (a template of it
        builds exactly these)."""
        return [app for app in self.apps.values() if app.serves(world)]

    def template(self, spec: WorldSpec) -> Template:
        """The template of `spec`, built on the calling thread if it is not cached."""
        key = spec.key()
        if key not in self._templates:
            self._remember(self._build(key, spec))
        self._templates.move_to_end(key)
        return self._templates[key]

    async def atemplate(self, spec: WorldSpec) -> Template:
        """The template of `spec`, built in a worker thread so the event loop (and every
        other episode) goes on meanwhile; concurrent requests for one spec build it once."""
        key = spec.key()
        if key not in self._templates:
            lock = self._building.setdefault(key, asyncio.Lock())
            async with lock:
                if key not in self._templates:
                    self._remember(await asyncio.to_thread(self._build, key, spec))
            self._building.pop(key, None)
        self._templates.move_to_end(key)
        return self._templates[key]

    def cached(self, spec: WorldSpec) -> bool:
        """Whether the template of `spec` is in memory, or whole in the machine's cache (so
        that making it costs a read, not a build). PostgreSQL templates live in the server:
        only the world is asked of the cache then."""
        key = spec.key()
        if key in self._templates:
            return True
        content = cached_hash(spec) if self.generate is None else None
        if content is None:
            return False
        if self.storage.name != "sqlite":
            return True
        return all(template_cached(_held(key, content), app) for app in self.serving(spec.name))

    @property
    def template_capacity(self) -> int:
        """How many templates this store keeps in memory (the LRU's size)."""
        return self._template_cache

    def release(self, spec: WorldSpec) -> None:
        """Let the template of `spec` go now instead of when the LRU would evict it (a run
        that visits more worlds than the store keeps, in world order, needs it no more
        before then); the episodes cloned from it keep it while they live."""
        template = self._templates.pop(spec.key(), None)
        if template is None:
            return
        self._sources[template.key] = template.source
        while len(self._sources) > 2 * self._template_cache:
            self._sources.popitem(last=False)
        if (self.storage.name == "sqlite" and isinstance(template.dbs, TemplateDatabases)
                and not any(e.template is template for e in self._episodes.values())):
            template.dbs.close()

    def _remember(self, template: Template) -> None:
        self._templates[template.key] = template
        while len(self._templates) > self._template_cache:
            self._templates.popitem(last=False)

    def _build(self, key: str, spec: WorldSpec) -> Template:
        source = self._sources.pop(key, None) or world_source(spec, self.generate)
        content = source.content_hash
        dbs: dict[str, AppDatabase] = {}
        cached: dict[str, Callable[[], AppDatabase]] = {}
        held = _held(key, content)
        for app in self.serving(spec.name):
            def build(db: AppDatabase, app: AppSpec = app) -> None:
                create_schema(db)
                with Session(db.engine) as session:
                    app.seed(source.world, session)
                    session.commit()
                init_sequences(db)
                install_changelog(db)

            def make(app: AppSpec = app, build: Build = build) -> AppDatabase:
                return self.storage.template(held, app.name, app.seed, app.metadata, build)

            if self.storage.name == "sqlite" and template_cached(held, app):
                cached[app.name] = make  # read on first use
            else:
                dbs[app.name] = make()  # built here, off the event loop (`atemplate`)
        return Template(key, source, TemplateDatabases(
            dbs, cached, [a.name for a in self.serving(spec.name)]))

    # episodes ------------------------------------------------------------------
    def create(self, spec: WorldSpec, episode_id: str | None = None) -> Episode:
        """A new episode of `spec` (building its template on this thread if needed)."""
        self._check_new(episode_id)
        return self._open(self.template(spec), episode_id)

    async def acreate(self, spec: WorldSpec, episode_id: str | None = None) -> Episode:
        """A new episode of `spec`, building its template off the event loop if needed."""
        self._check_new(episode_id)
        template = await self.atemplate(spec)
        self._check_new(episode_id)  # another request may have taken the id meanwhile
        return self._open(template, episode_id)

    def _check_new(self, episode_id: str | None) -> None:
        if episode_id is not None and episode_id in self._episodes:
            raise EpisodeError(409, f"Episode {episode_id} already exists.")

    def _open(self, template: Template, episode_id: str | None) -> Episode:
        if episode_id is None:
            while f"ep-{self._next_id}" in self._episodes:
                self._next_id += 1
            episode_id = f"ep-{self._next_id}"
            self._next_id += 1
        self.forget_lost(episode_id)  # a new episode may take a lost one's id
        clock = Clock() if self.clock_dir is None else FileClock(self.clock_dir, episode_id)
        episode = Episode(episode_id, template, clock)
        self._episodes[episode_id] = episode
        return episode

    def get(self, episode_id: str) -> Episode:
        try:
            return self._episodes[episode_id]
        except KeyError:
            if episode_id in self._lost:
                raise EpisodeError(410, self._lost[episode_id]) from None
            raise EpisodeError(404, f"Episode {episode_id} does not exist.") from None

    def episodes(self) -> list[Episode]:
        return list(self._episodes.values())

    def delete(self, episode_id: str) -> None:
        if episode_id in self._lost and episode_id not in self._episodes:
            self.forget_lost(episode_id)
            return
        episode = self.get(episode_id)
        for token in episode.tokens:
            self._tokens.pop(token, None)
        for db in episode.dbs.opened().values():
            db.close()
        episode.clock.close()
        del self._episodes[episode_id]

    async def adelete(self, episode_id: str) -> None:
        """Delete an episode once no request holds its turn (a request in flight finishes
        on open databases; the next one finds the episode gone)."""
        episode = self._episodes.get(episode_id)
        if episode is None:
            self.delete(episode_id)  # a lost episode is forgotten, an unknown one is a 404
            return
        async with episode.clock.turn():
            if self._episodes.get(episode_id) is episode:
                self.delete(episode_id)

    # principals and tokens -------------------------------------------------------
    def principal(self, episode: Episode, ref: int | str) -> Principal:
        """The person `ref` (employee id or email) as a principal of this episode."""
        person = episode.template.source.person(ref)
        if person is None:
            raise EpisodeError(404, f"No person {ref!r} in this world.")
        if person.status == "terminated":
            raise EpisodeError(409, f"{person.name} is terminated and cannot sign in.")
        return Principal(person.id, person.email, person.name, person.roles)

    def mint(self, episode_id: str, ref: int | str, token: str | None = None
             ) -> tuple[str, Principal]:
        episode = self.get(episode_id)
        principal = self.principal(episode, ref)
        token = token or secrets.token_urlsafe(24)
        if token in self._tokens:
            raise EpisodeError(409, "That token is already in use.")
        self._tokens[token] = (episode_id, principal)
        episode.tokens[token] = principal
        return token, principal

    def resolve(self, token: str) -> tuple[Episode, Principal] | None:
        hit = self._tokens.get(token)
        if hit is None:
            return None
        return self._episodes[hit[0]], hit[1]

    def revoke(self, episode_id: str, digest: str) -> None:
        """Forget the episode's token whose `token_digest` is `digest` (fan-out rollback)."""
        episode = self.get(episode_id)
        token = next((t for t in episode.tokens if token_digest(t) == digest), None)
        if token is None:
            raise EpisodeError(404, f"Episode {episode_id} has no such token.")
        del episode.tokens[token]
        self._tokens.pop(token, None)

    def token_digests(self) -> dict[str, list[str]]:
        """Each live episode and the digests of its tokens (what a restarted sibling
        process is told it lost)."""
        return {e.id: sorted(token_digest(t) for t in e.tokens) for e in self._episodes.values()}

    # episodes lost in a restart ------------------------------------------------------
    def mark_lost(self, episodes: Mapping[str, Sequence[str]], why: str) -> int:
        """Answer the given episodes (id -> token digests), which this process held before it
        was restarted, with a 410 saying `why`; ids it holds now are left alone."""
        marked = 0
        for episode_id, digests in episodes.items():
            if episode_id in self._episodes:
                continue
            self._lost[episode_id] = (f"Episode {episode_id} was lost when the {why}; "
                                      "start a new episode.")
            for digest in digests:
                self._lost_tokens[digest] = episode_id
            marked += 1
        return marked

    @property
    def any_lost(self) -> bool:
        return bool(self._lost)

    def lost(self) -> dict[str, str]:
        """Lost episodes: id -> the message their requests are answered with."""
        return dict(self._lost)

    def lost_by_token(self, token: str) -> tuple[str, str] | None:
        """(episode id, message) if `token` belonged to a lost episode."""
        if not self._lost_tokens:
            return None
        episode_id = self._lost_tokens.get(token_digest(token))
        return None if episode_id is None else (episode_id, self._lost[episode_id])

    def forget_lost(self, episode_id: str) -> None:
        if self._lost.pop(episode_id, None) is None:
            return
        for digest in [d for d, e in self._lost_tokens.items() if e == episode_id]:
            del self._lost_tokens[digest]
