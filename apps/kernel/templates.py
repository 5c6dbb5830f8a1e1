"""Worlds and app templates through the machine's cache (`kernel/cache.py`).

A world is keyed by its spec and the world generator's source; the entry holds its content
hash and its people (what minting a token needs) apart from the pickled world, so an
episode that only needs to know who signs in never unpickles the world. An app's template
is keyed by the spec, the world's content hash, the app and the source of the app, the
kernel and the world: the SQLite image of its loaded database.
"""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import MetaData

from arcadia.apps.kernel import cache
from arcadia.world import World, WorldSpec, generate_world

if TYPE_CHECKING:
    from arcadia.apps.kernel.spec import AppSpec

Generate = Callable[[WorldSpec], World]
_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Person:
    """What a token needs of a person of the world."""

    id: int
    email: str
    name: str
    status: str
    roles: tuple[str, ...]


def _people(world: World) -> list[Person]:
    return [Person(p.id, p.email, p.name, p.status, tuple(p.roles)) for p in world.people]


class WorldSource:
    """A world's content hash and people at once; the world, or one of its fields, when first
    asked for (unpickled from the cache field by field, or generated)."""

    def __init__(self, spec: WorldSpec, content_hash: str, people: list[Person],
                 world: World | None = None,
                 load: Callable[[], dict[str, bytes]] | None = None) -> None:
        self.spec = spec
        self.content_hash = content_hash
        self._by_id = {p.id: p for p in people}
        self._by_email = {p.email: p for p in people}
        self._world = world
        self._load = load
        self._packed: dict[str, bytes] | None = None
        self._fields: dict[str, Any] = {}
        self._lock = threading.RLock()

    def part(self, name: str) -> Any:
        """One field of the world (`agency`), without reading the others."""
        if self._world is not None:
            return getattr(self._world, name)
        with self._lock:
            if name not in self._fields:
                if self._packed is None:
                    assert self._load is not None
                    self._packed = self._load()
                self._fields[name] = pickle.loads(self._packed[name])
            return self._fields[name]

    @property
    def world(self) -> World:
        if self._world is None:
            with self._lock:
                if self._world is None:
                    self._world = World(**{f.name: self.part(f.name)
                                           for f in dataclasses.fields(World)})
        return self._world

    def person(self, ref: int | str) -> Person | None:
        """The person with employee id `ref`, or email `ref` (any case)."""
        if isinstance(ref, str):
            return self._by_email.get(ref.strip().lower())
        return self._by_id.get(ref)


def _pack(world: World) -> bytes:
    """The world as a pickle of its fields, each pickled on its own (so one is read alone)."""
    return pickle.dumps({f.name: pickle.dumps(getattr(world, f.name), protocol=5)
                         for f in dataclasses.fields(World)}, protocol=5)


def _world_key(spec: WorldSpec) -> str:
    # The kernel's source too: it writes the entry (`_pack`).
    return f"{spec.key()}\0{cache.code_hash('world', 'apps/kernel')}"


def cached_hash(spec: WorldSpec) -> str | None:
    """The content hash of the world of `spec` if the machine's cache holds it."""
    meta = cache.read("world", _world_key(spec) + "\0meta")
    return None if meta is None else str(orjson.loads(meta)["hash"])


def world_source(spec: WorldSpec, generate: Generate | None = None) -> WorldSource:
    """The world of `spec` through the cache; with `generate` (a test's own variant of the
    generator) the world is made by it and only its app templates are cached."""
    if generate is not None:
        world = generate(spec)
        return WorldSource(spec, world.content_hash(), _people(world), world)
    key = _world_key(spec)
    meta = cache.read("world", key + "\0meta")
    if meta is None:
        with cache.making("world", key):
            meta = cache.read("world", key + "\0meta")  # made by another process meanwhile?
            if meta is None:
                return _generated(spec, key)
    plain = orjson.loads(meta)

    def load() -> dict[str, bytes]:
        payload = cache.read("world", key)
        if payload is None:  # removed meanwhile (`arcadia cache clear`): put it back
            payload = _pack(generate_world(spec))
            cache.write("world", key, payload)
        return pickle.loads(payload)  # type: ignore[no-any-return]

    return WorldSource(spec, plain["hash"], [Person(*p[:4], tuple(p[4]))
                                             for p in plain["people"]], load=load)


def _generated(spec: WorldSpec, key: str) -> WorldSource:
    """Generate the world of `spec` and store it under `key` (the world, then its meta)."""
    world = generate_world(spec)
    source = WorldSource(spec, world.content_hash(), _people(world), world)
    cache.write("world", key, _pack(world))
    cache.write("world", key + "\0meta", orjson.dumps({
        "hash": source.content_hash,
        "people": [[p.id, p.email, p.name, p.status, list(p.roles)] for p in _people(world)]}))
    return source


def _app_folder(seed: Callable[..., Any]) -> str | None:
    """The app package (`apps/hris`) whose loader is `seed`, or None for a loader defined
    elsewhere (a test's own app)."""
    folder = Path(inspect.getfile(seed)).resolve().parent
    try:
        rel = folder.relative_to(_ROOT).as_posix()
    except ValueError:
        return None
    return rel if rel.startswith("apps/") and rel.count("/") == 1 else None


def app_code_hash(seed: Callable[..., Any]) -> str:
    """The source a template of the app whose loader is `seed` depends on: the app's
    package, the kernel and the world (a loader outside `apps/`: its own folder)."""
    app = _app_folder(seed) or str(Path(inspect.getfile(seed)).resolve().parent)
    return cache.code_hash(app, "apps/kernel", "world")


def app_key(name: str) -> str:
    """What the machine's cache knows the entries of the registered app `name` by: its
    name and code (found without importing it)."""
    return f"{name}\0{cache.code_hash(f'apps/{name}', 'apps/kernel', 'world')}"


def cache_key(spec: AppSpec) -> str | None:
    """`app_key` of a registered app's spec; None for an app defined elsewhere (a test's
    own, or a registered app's spec changed), which is never cached."""
    if _app_folder(spec.seed) != f"apps/{spec.name}":
        return None
    return app_key(spec.name)


def _schema(metadata: MetaData) -> str:
    return ";".join(f"{t.name}({','.join(c.name for c in t.columns)})"
                    for t in metadata.sorted_tables)


def _entry(key: str, app: str, seed: Callable[..., Any], metadata: MetaData) -> str:
    return f"{key}\0{app}\0{app_code_hash(seed)}\0{_schema(metadata)}"


def template_cached(key: str, spec: AppSpec) -> bool:
    """Whether the machine's cache holds the app's template of `key` (a registered app's:
    no other is cached)."""
    return _app_folder(spec.seed) is not None and cache.exists(
        "template", _entry(key, spec.name, spec.seed, spec.metadata))


def sqlite_template(key: str, app: str, seed: Callable[..., Any], metadata: MetaData,
                    conn: sqlite3.Connection, build: Callable[[], None]) -> bytes:
    """Fill the empty in-memory `conn` with the app's template: the cached image, else
    `build()` it and store its image; return the image (what episodes clone). Only the
    registered apps' templates are cached (a test's own app, defined beside the test, may
    differ from one test to the next)."""
    if _app_folder(seed) is None:
        build()
        return conn.serialize()
    entry = _entry(key, app, seed, metadata)
    image = cache.read("template", entry)
    if image is None:
        with cache.making("template", entry):
            image = cache.read("template", entry)  # made by another process meanwhile?
            if image is None:
                build()
                image = conn.serialize()
                cache.write("template", entry, image)
                return image
    conn.deserialize(image)
    return image
