"""The machine's cache: templates built once per machine, read by every process, never stale
or damaged when read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arcadia.agents.cli import app as cli
from arcadia.apps.kernel import EpisodeStore, cache
from arcadia.apps.kernel import episodes as kernel_episodes
from arcadia.apps.kernel import templates as kernel_templates
from arcadia.apps.registry import load_specs
from arcadia.world import WorldSpec
from tests.factories import ROOT

# A small world: nothing here is about headcount.
SMALL = WorldSpec(seed=11, headcount=40)
APPS = ("hris", "payroll")

pytestmark = pytest.mark.sqlite_only("the cache holds SQLite images of templates")


def _images(store: EpisodeStore, spec: WorldSpec) -> dict[str, bytes]:
    return {name: db.conn.serialize() for name, db in store.template(spec).dbs.items()}


def _no_building(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make generating a world or building an app's database fail, recording that it was
    tried."""
    calls: list[str] = []

    def generate(spec: WorldSpec) -> None:
        calls.append("world")
        raise AssertionError("the world was generated again")

    def create_schema(db: object) -> None:
        calls.append("template")
        raise AssertionError("a template was built again")

    monkeypatch.setattr(kernel_templates, "generate_world", generate)
    monkeypatch.setattr(kernel_episodes, "create_schema", create_schema)
    return calls


def test_a_second_store_reads_the_template_instead_of_building_it(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = EpisodeStore(load_specs(APPS))
    built = _images(first, SMALL)
    assert first.cached(SMALL)
    calls = _no_building(monkeypatch)
    second = EpisodeStore(load_specs(APPS))
    assert second.cached(SMALL)
    assert _images(second, SMALL) == built  # the same bytes, app by app
    assert second.template(SMALL).world_hash == first.template(SMALL).world_hash
    assert calls == []
    # Minting a token needs the world's people, not the world: it is still not read.
    episode = second.create(SMALL)
    person = next(p for p in first.template(SMALL).world.people if p.status != "terminated")
    _, principal = second.mint(episode.id, person.email.upper())
    assert principal.id == person.id and principal.roles == person.roles
    monkeypatch.undo()
    assert second.template(SMALL).world.content_hash() == first.template(SMALL).world_hash


def test_a_damaged_entry_is_rebuilt_never_used(cache_dir: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    built = _images(EpisodeStore(load_specs(APPS)), SMALL)
    entries = sorted((cache_dir / "template").glob("*.bin"))
    assert len(entries) == len(APPS)
    for path in entries:  # cut one short, flip the last byte of the other
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if path == entries[0]
                         else data[:-1] + bytes([data[-1] ^ 0xFF]))
    assert _images(EpisodeStore(load_specs(APPS)), SMALL) == built  # rebuilt, equal
    # The entries were written whole again: a store that cannot build reads them.
    calls = _no_building(monkeypatch)
    assert _images(EpisodeStore(load_specs(APPS)), SMALL) == built and calls == []


def test_an_entry_of_other_code_is_never_read(cache_dir: Path, tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("X = 1\n")
    before = cache.code_hash(str(package))
    cache.write("openapi", f"app\0{before}", b"old")
    (package / "a.py").write_text("X = 2\n")
    cache._tree_hash.cache_clear()
    after = cache.code_hash(str(package))
    assert after != before
    assert cache.read("openapi", f"app\0{after}") is None
    assert cache.read("openapi", f"app\0{before}") == b"old"


def test_two_processes_building_at_once_leave_one_good_copy(cache_dir: Path) -> None:
    script = ("from arcadia.apps.kernel import EpisodeStore\n"
              "from arcadia.apps.registry import load_specs\n"
              "from arcadia.world import WorldSpec\n"
              f"EpisodeStore(load_specs({APPS!r})).template(WorldSpec(seed=11, headcount=40))\n")
    env = {**os.environ, "ARCADIA_CACHE_DIR": str(cache_dir)}
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, cwd=ROOT)
             for _ in range(2)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0]
    files = sorted(p.name for p in (cache_dir / "template").iterdir())
    assert len(files) == len(APPS) and not any(f.startswith(".tmp-") for f in files)
    store = EpisodeStore(load_specs(APPS))
    assert store.cached(SMALL)
    fresh = EpisodeStore(load_specs(APPS), generate=kernel_templates.generate_world)
    assert _images(store, SMALL) == _images(fresh, SMALL)  # read, and equal to a fresh build


def test_cache_info_and_clear(cache_dir: Path) -> None:
    EpisodeStore(load_specs(APPS)).template(SMALL)
    runner = CliRunner()
    shown = runner.invoke(cli, ["cache", "info"])
    assert shown.exit_code == 0, shown.output
    assert str(cache_dir) in shown.output
    lines = {line.split()[0]: line.split()[1] for line in shown.output.splitlines()[1:]}
    assert lines["template"] == str(len(APPS)) and lines["world"] == "2"
    cleared = runner.invoke(cli, ["cache", "clear"])
    assert cleared.exit_code == 0 and f"removed {len(APPS) + 2} entries" in cleared.output
    assert not EpisodeStore(load_specs(APPS)).cached(SMALL)
    assert runner.invoke(cli, ["cache", "info"]).output.count(" 0 entries") == len(cache.KINDS) + 1
