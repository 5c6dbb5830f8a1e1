"""The loaders' bulk inserts (`apps/kernel/bulk.py`) write exactly the rows SQLAlchemy's own
bulk insert writes: every app's template of a small world with each situation kind, built
both ways, holds the same rows (each value with its type) in the same order."""

from __future__ import annotations

import importlib
import sqlite3
from datetime import date
from typing import Any

import pytest
from sqlalchemy import Column, Date, Integer, MetaData, String, Table, create_engine
from sqlmodel import Session

from arcadia.apps.kernel import AppSpec
from arcadia.apps.kernel.bulk import insert_rows, sqlalchemy_insert
from arcadia.apps.kernel.db import (
    Database,
    create_schema,
    init_sequences,
    install_changelog,
    new_connection,
)
from arcadia.apps.registry import load_specs
from arcadia.world import SituationSpec, World, WorldSpec, generate_world

pytestmark = pytest.mark.sqlite_only("compares two ways of writing SQLite templates")

# One small world with the committed corpora's situations (their planted records too), and
# the agency's (Bullhorn's world).
WORLDS = (
    WorldSpec(
        seed=7,
        headcount=120,
        situations=(
            SituationSpec("hr-mismatch-v1", {"count": 4}),
            SituationSpec("spend-anomaly-v1"),
            SituationSpec("new-hire-cohort-v1"),
        ),
    ),
    WorldSpec(name="agency", seed=5),
)
BULK_APPS = ("hris", "payroll", "ats", "procurement", "mail", "calendar", "sheets", "bullhorn")


def _rows(app: AppSpec, world: World) -> dict[str, list[tuple[Any, ...]]]:
    db = Database(new_connection(), app.metadata)
    create_schema(db)
    with Session(db.engine) as session:
        app.seed(world, session)
        session.commit()
    init_sequences(db)
    install_changelog(db)
    conn: sqlite3.Connection = db.conn
    names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    out = {
        name: [
            tuple((type(v).__name__, v) for v in row)
            for row in conn.execute(f'SELECT * FROM "{name}" ORDER BY rowid')
        ]
        for name in sorted(names)
    }
    db.close()
    return out


@pytest.fixture(scope="module")
def worlds() -> list[World]:
    return [generate_world(spec) for spec in WORLDS]


@pytest.mark.parametrize("name", BULK_APPS)
def test_template_rows_are_sqlalchemys(
    name: str, worlds: list[World], monkeypatch: pytest.MonkeyPatch
) -> None:
    (app,) = load_specs([name])
    seed = importlib.import_module(f"arcadia.apps.{name}.seed")
    assert seed.insert_rows is insert_rows  # the loader writes through the kernel's inserts
    world = next(w for w in worlds if app.serves(w.spec.name))  # the first it serves
    ours = _rows(app, world)
    with monkeypatch.context() as m:
        m.setattr(seed, "insert_rows", sqlalchemy_insert)
        reference = _rows(app, world)
    assert sum(map(len, reference.values())) > 0
    assert ours.keys() == reference.keys()
    for table, rows in reference.items():
        assert ours[table] == rows, f"{name}.{table} differs in {world.spec.key()}"


def test_none_rule_and_defaults() -> None:
    """A None value takes the column's default with `none="default"` (the ORM's bulk rule)
    and is NULL with `none="null"`; a left-out column takes its default; a date is SQLite's
    text of it; a key that is no column is refused."""
    metadata = MetaData()
    table = Table(
        "t",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("kind", String, default="plain", nullable=True),
        Column("on", Date),
    )
    engine = create_engine("sqlite://")
    metadata.create_all(engine)
    with Session(engine) as session:
        insert_rows(session, table, [{"id": 1, "kind": None, "on": date(2026, 3, 2)}])
        insert_rows(session, table, [{"id": 2, "kind": None, "on": None}], none="null")
        insert_rows(session, table, [{"id": 3}, {"id": 4, "kind": "odd"}])
        with pytest.raises(ValueError, match="no column 'nope'"):
            insert_rows(session, table, [{"id": 5, "nope": 1}])
        session.commit()
        got = session.connection().exec_driver_sql("SELECT * FROM t ORDER BY id").fetchall()
    assert got == [
        (1, "plain", "2026-03-02"),
        (2, None, None),
        (3, "plain", None),
        (4, "odd", None),
    ]


def test_seed_uuid_is_uuid5s_text() -> None:
    """Loaders' ids (`seed_uuid`, made from the SHA-1 directly) are `uuid.uuid5`'s."""
    import uuid

    from arcadia.apps.kernel.context import ID_NAMESPACE, seed_uuid

    for app, kind, key in (
        ("payroll", "employee", 1042),
        ("payroll", "pay_stub", "a:b"),
        ("ats", "", "é"),
        ("x", "y", None),
    ):
        assert seed_uuid(app, kind, key) == str(uuid.uuid5(ID_NAMESPACE, f"{app}:{kind}:{key}"))
