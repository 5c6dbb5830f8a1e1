"""The machine's cache of pure functions of code and world, shared by every process.

World templates (the generated world and each app's loaded database), OpenAPI documents
(which the tool schemas are made from, in a tenth of a second per app set) and the grader's
catalog of tables are rebuilt only when the code or the world they come from changes. Each
entry is one file below `cache_root()/<kind>/`, named by a hash of its key, which always
includes a hash of the source that made it (`code_hash`).

An entry is written to a temporary file and renamed into place, so two processes building
the same entry at once both end with one whole copy; it carries the sha256 of its payload,
so a file cut short or corrupted is found on read, removed and rebuilt, never used. A process
that makes an entry holds its lock (`making`), so another that misses the same entry at the
same time (the other test worker, the certificate's second process) waits and reads it.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
import platform
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from arcadia.apps.kernel.settings import get_settings

__all__ = ["CacheKind", "cache_root", "cached", "clear", "code_hash", "exists", "info",
           "making", "read", "write"]

_MAGIC = b"ARCADIA-CACHE-1\n"
_DIGEST = 32
# The package folders below the repository root (`arcadia.<name>` maps to `<root>/<name>`).
_ROOT = Path(__file__).resolve().parents[2]


def cache_root() -> Path:
    """`ARCADIA_CACHE_DIR`, else `$XDG_CACHE_HOME/arcadia`, else `~/.cache/arcadia`."""
    configured = get_settings().cache_dir
    if configured is not None:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "arcadia"


@functools.cache
def _tree_hash(folder: str) -> str:
    digest = hashlib.sha256()
    root = Path(folder)
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json", ".md") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


# Libraries whose release changes what an entry holds: the world's people (Faker), the
# tables and their SQL (SQLAlchemy, SQLModel), the OpenAPI documents (FastAPI, pydantic).
_LIBRARIES = ("faker", "sqlalchemy", "sqlmodel", "fastapi", "pydantic")


@functools.cache
def _runtime() -> str:
    """What else an entry depends on: the Python (pickle, sqlite3) and libraries it was
    made with."""
    parts = [platform.python_implementation(), ".".join(map(str, sys.version_info[:3]))]
    for name in _LIBRARIES:
        try:
            parts.append(f"{name}-{version(name)}")
        except PackageNotFoundError:
            parts.append(f"{name}-none")
    return " ".join(parts)


def code_hash(*folders: str) -> str:
    """A hash of the source below the named package folders (`"world"`, `"apps/kernel"`,
    `"apps/hris"`) and of the runtime: an entry made by other code is never read."""
    digest = hashlib.sha256(_runtime().encode())
    for folder in sorted(set(folders)):
        digest.update(folder.encode() + b"\0" + _tree_hash(str(_ROOT / folder)).encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class CacheKind:
    """One kind of entry: its folder and what it holds (for `arcadia cache info`)."""

    name: str
    description: str


KINDS = {k.name: k for k in (
    CacheKind("world", "generated worlds (each field pickled), their content hashes and people"),
    CacheKind("template", "app databases loaded from a world (SQLite images)"),
    CacheKind("openapi", "each app's OpenAPI document (the tool schemas are made from it)"),
    CacheKind("catalog", "the grader's catalog of judged tables and columns"),
)}


def _path(kind: str, key: str) -> Path:
    if kind not in KINDS:
        raise ValueError(f"unknown cache kind {kind!r}; known: {', '.join(KINDS)}")
    name = hashlib.sha256(key.encode()).hexdigest()[:40]
    return cache_root() / kind / f"{name}.bin"


def read(kind: str, key: str) -> bytes | None:
    """The payload stored under (`kind`, `key`), or None; a damaged entry is removed."""
    path = _path(kind, key)
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head = len(_MAGIC) + _DIGEST
    payload = raw[head:]
    if raw[:len(_MAGIC)] != _MAGIC or hashlib.sha256(payload).digest() != raw[len(_MAGIC):head]:
        path.unlink(missing_ok=True)
        return None
    return payload


def exists(kind: str, key: str) -> bool:
    """Whether an entry is stored under (`kind`, `key`) (not whether it is whole: `read`
    tells, and removes a damaged one)."""
    return _path(kind, key).is_file()


def write(kind: str, key: str, payload: bytes) -> None:
    """Store `payload` under (`kind`, `key`) atomically; a cache that cannot be written
    (a read-only home, a full disk) is skipped: the caller has its value already."""
    path = _path(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(_MAGIC + hashlib.sha256(payload).digest())
                f.write(payload)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return


@contextlib.contextmanager
def making(kind: str, key: str) -> Iterator[None]:
    """Hold the machine-wide lock of (`kind`, `key`) while its entry is made: read the entry
    again inside, since another process may have made it meanwhile. The lock is the
    kernel's (`flock`), released when its holder exits however it exits; a cache that
    cannot be locked (a read-only home) is made without one, as before."""
    path = _path(kind, key)
    lock = path.parent.parent / "locks" / f"{kind}-{path.stem}.lock"
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def cached(kind: str, key: str, make: Callable[[], bytes]) -> bytes:
    """The stored payload of (`kind`, `key`), made and stored on a miss (once on the
    machine: another process missing it meanwhile waits for it, `making`)."""
    payload = read(kind, key)
    if payload is None:
        with making(kind, key):
            payload = read(kind, key)
            if payload is None:
                payload = make()
                write(kind, key, payload)
    return payload


@dataclass(frozen=True)
class KindInfo:
    kind: str
    description: str
    entries: int
    bytes: int


def info() -> list[KindInfo]:
    """Entries and bytes per kind, in the order of `KINDS`."""
    out = []
    for kind in KINDS.values():
        files = [p for p in (cache_root() / kind.name).glob("*.bin") if p.is_file()]
        out.append(KindInfo(kind.name, kind.description, len(files),
                            sum(p.stat().st_size for p in files)))
    return out


def clear() -> tuple[int, int]:
    """Remove every entry (and any temporary file left by a killed process); returns the
    entries and bytes removed."""
    entries = size = 0
    for kind in KINDS:
        folder = cache_root() / kind
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.suffix == ".bin":
                entries += 1
            size += path.stat().st_size
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(cache_root() / "locks", ignore_errors=True)
    return entries, size
