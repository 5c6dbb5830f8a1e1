"""Fixtures the app tests share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arcadia.apps.kernel import get_settings


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty machine cache of this test's own (`ARCADIA_CACHE_DIR`)."""
    monkeypatch.setenv("ARCADIA_CACHE_DIR", str(tmp_path / "cache"))
    get_settings.cache_clear()
    yield tmp_path / "cache"
    get_settings.cache_clear()
