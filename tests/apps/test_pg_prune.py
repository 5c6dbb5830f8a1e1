"""`arcadia db prune`: what a stopped process or older code left on the PostgreSQL server
goes; what a live process (here, this one) or the current code uses stays."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import psycopg
import pytest
from typer.testing import CliRunner

from arcadia.agents.cli import app
from arcadia.apps.kernel import EpisodeStore, get_settings
from arcadia.apps.kernel.pg import _LABEL
from arcadia.apps.registry import load_specs
from tests.factories import ROOT, SPEC

pytestmark = pytest.mark.postgres_only(reason="prunes PostgreSQL databases")

# A process that makes an episode's HRIS database and dies without cleaning up.
CRASH = """
import os, sys
from arcadia.apps.kernel import EpisodeStore
from arcadia.apps.registry import load_specs
from tests.factories import SPEC
store = EpisodeStore(load_specs(["hris"]))
ep = store.create(SPEC)
print(ep.dbs["hris"].name, flush=True)
os._exit(0)
"""


def names(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {r[0] for r in conn.execute("SELECT datname FROM pg_database")}


def admin(url: str, *sql: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in sql:
            conn.execute(statement)  # type: ignore[arg-type]


def test_prune_drops_dead_processes_episodes_and_stale_templates_only() -> None:
    url = get_settings().database_url
    assert url
    store = EpisodeStore(load_specs(["hris"]))
    mine = store.create(SPEC)
    live: Any = mine.dbs["hris"]
    template = store.template(SPEC).dbs["hris"]
    out = subprocess.run([sys.executable, "-c", CRASH], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={**os.environ, "ARCADIA_DATABASE_URL": url})
    dead = out.stdout.split()[-1]
    stale, unlabeled = "arc_t_0000000000000000_hris", "arc_r_0000000000000001_hris"
    admin(url, f'DROP DATABASE IF EXISTS "{stale}"', f'DROP DATABASE IF EXISTS "{unlabeled}"',
          f'CREATE DATABASE "{stale}"', f'CREATE DATABASE "{unlabeled}"',
          f"COMMENT ON DATABASE \"{stale}\" IS '{_LABEL}hris:{'0' * 64}'")
    assert {dead, live.name, template.name, stale, unlabeled} <= names(url)

    result = CliRunner().invoke(app, ["db", "prune", "--url", url])
    assert result.exit_code == 0, result.output
    left = names(url)
    assert dead not in left and stale not in left and unlabeled not in left
    assert live.name in left and template.name in left and template.reader in left
    assert f"dropped {dead}" in result.output
    # This process's episode still works after the prune.
    assert live.state("tick") == 0
    store.delete(mine.id)
    assert live.name not in names(url)


def test_prune_without_a_url_says_so(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.delenv("ARCADIA_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(app, ["db", "prune"])
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert result.exit_code == 2 and "ARCADIA_DATABASE_URL" in result.output
