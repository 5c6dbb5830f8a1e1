"""Two processes that build the same PostgreSQL template at the same moment both end up
with the one good copy: the loser of the race to name it drops its own build."""

from __future__ import annotations

import secrets
import threading

import psycopg
import pytest
from sqlalchemy import Column, Integer, MetaData, Table

from arcadia.apps.kernel import get_settings
from arcadia.apps.kernel.pg import PgDatabase, PgServer

pytestmark = pytest.mark.postgres_only(reason="races two builds of a PostgreSQL template")

METADATA = MetaData()
Table("item", METADATA, Column("id", Integer, primary_key=True))


def race(servers: list[PgServer], key: str) -> list[PgDatabase | BaseException]:
    """Both servers build template `key` at once; their builds rename in the same instant."""
    ready = threading.Barrier(len(servers))
    got: list[PgDatabase | BaseException] = []

    def build(db: PgDatabase) -> None:
        METADATA.create_all(db.engine)
        with db.engine.begin() as conn:
            conn.execute(METADATA.tables["item"].insert(), [{"id": 1}])
        ready.wait(timeout=30)

    def make(server: PgServer) -> None:
        try:
            got.append(server.template(key, "race", "0" * 64, METADATA, build))
        except BaseException as exc:  # the test reports it
            got.append(exc)

    threads = [threading.Thread(target=make, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return got


def test_two_builds_of_one_template_at_once_both_get_the_winners_copy() -> None:
    url = get_settings().database_url
    assert url
    servers = [PgServer(url), PgServer(url)]
    for attempt in range(2):  # the race is lost on rename or on the read copy's create
        got = race(servers, f"race-{secrets.token_hex(4)}-{attempt}")
        assert all(isinstance(g, PgDatabase) for g in got), got
        first, second = got
        assert isinstance(first, PgDatabase) and isinstance(second, PgDatabase)
        assert first.name == second.name and first.reader == second.reader
        with psycopg.connect(f"{url.rsplit('/', 1)[0]}/{first.reader}") as conn:
            assert conn.execute("SELECT id FROM item").fetchall() == [(1,)]
        for server in servers:  # no scratch build is left behind
            with psycopg.connect(url) as conn:
                left = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s",
                                    (f"arc_b_{server.tag}_%",)).fetchall()
            assert left == []
        servers[0].drop(first.reader or "")
        servers[0].drop(first.name)
    for server in servers:
        server.close()
