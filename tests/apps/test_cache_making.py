"""The machine's cache makes an entry once: a process that misses an entry another is making
waits for it and reads it (the other test worker, the certificate's second process)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from arcadia.apps.kernel import cache

pytestmark = pytest.mark.sqlite_only("the cache is the machine's, whatever the backend")


def test_a_miss_waits_for_the_entry_another_is_making(cache_dir: Path) -> None:
    made: list[str] = []
    got: list[bytes] = []

    def second() -> None:
        got.append(cache.cached("openapi", "doc", lambda: made.append("second") or b"mine"))

    with cache.making("openapi", "doc"):
        waiter = threading.Thread(target=second)
        waiter.start()
        waiter.join(0.3)
        assert waiter.is_alive()  # waiting for the entry, not making its own
        cache.write("openapi", "doc", b"first")
    waiter.join(10)
    assert got == [b"first"] and made == []
