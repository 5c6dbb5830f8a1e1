"""The episode's world clock: one tick sequence across all its apps, one request at a time.

Every request of an episode takes the episode's *turn* (a per-episode lock): requests of
one episode never interleave, whichever app they hit, while other episodes go on. A
successful mutating request advances the tick by one when it commits.

Embedded, every app of an episode lives in this process, so the clock is an integer and an
`asyncio.Lock`. With `arcadia serve --multi` each app is a process of its own on the same
host; the episode's clock is then a small file in a shared directory
(`ARCADIA_CLOCK_DIR`, set by the parent): the turn is an exclusive `flock` on it, and the
tick is its eight bytes. Any process that writes for the episode reads the tick under the
lock and writes the next one when it commits, so ticks are one sequence across processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
from collections.abc import AsyncIterator
from pathlib import Path

_TICK_BYTES = 8
# How long to wait between attempts at another process's turn (seconds).
_POLL = 0.0005


class Clock:
    """An episode's clock within one process (embedded mode)."""

    def __init__(self) -> None:
        self._tick = 0
        self._lock = asyncio.Lock()

    @property
    def tick(self) -> int:
        return self._tick

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[int]:
        """Hold the episode's turn; yields the tick at the start of the turn."""
        async with self._lock:
            yield self._tick

    def advance(self, tick: int) -> None:
        """Record that a write committed at `tick` (called inside the turn)."""
        self._tick = tick

    def close(self) -> None:
        """Forget the clock (the episode is deleted)."""


class FileClock(Clock):
    """An episode's clock shared by the app processes of one host (`serve --multi`)."""

    def __init__(self, directory: Path, episode_id: str) -> None:
        super().__init__()
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / f"{episode_id}.tick"
        # Every process opens it while the episode is created, before any token exists, so
        # truncating here can only clear a stale file of an earlier episode of this id.
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)

    @property
    def tick(self) -> int:
        raw = os.pread(self._fd, _TICK_BYTES, 0)
        return int.from_bytes(raw, "big") if len(raw) == _TICK_BYTES else 0

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[int]:
        async with self._lock:
            while True:
                try:
                    fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    await asyncio.sleep(_POLL)  # another process holds the turn
            try:
                yield self.tick
            finally:
                if self._fd >= 0:  # unless the episode was deleted within the turn
                    fcntl.flock(self._fd, fcntl.LOCK_UN)

    def advance(self, tick: int) -> None:
        os.pwrite(self._fd, tick.to_bytes(_TICK_BYTES, "big"), 0)

    def close(self) -> None:
        if self._fd < 0:
            return
        os.close(self._fd)  # releases the lock with it
        self._fd = -1
        # The first process to delete the episode removes the file; the others find it gone.
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
