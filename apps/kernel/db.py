"""One database per app per episode, cloned from a template: SQLite in memory (the
default), or PostgreSQL when `ARCADIA_DATABASE_URL` names a server (`pg.py`).

Every app table carries triggers that append the primary key of each touched row to
`_changelog`, so a diff reads only the rows an episode touched, never whole tables.
The kernel's own tables (`_changelog`, `_kernel_state`, `_audit`) are not tracked.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson
from sqlalchemy import Engine, Integer, MetaData, Table, create_engine
from sqlalchemy.pool import StaticPool

CHANGELOG = "_changelog"
STATE = "_kernel_state"
AUDIT = "_audit"
KERNEL_TABLES = (CHANGELOG, STATE, AUDIT)

_KERNEL_DDL = (
    f"CREATE TABLE {CHANGELOG} (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, pk TEXT NOT NULL)",
    f"CREATE TABLE {STATE} (key TEXT PRIMARY KEY, value INTEGER NOT NULL)",
    f"CREATE TABLE {AUDIT} (seq INTEGER PRIMARY KEY, tick INTEGER NOT NULL, "
    "principal_id INTEGER NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL)",
    f"INSERT INTO {STATE} (key, value) VALUES ('tick', 0)",
)


class Connection(Protocol):
    """What the kernel uses of a DB-API connection: `sqlite3.Connection` has it, and so
    does `pg.PgConnection` (over psycopg, with the same `?` marks and raw values)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...

    @property
    def in_transaction(self) -> bool: ...


class AppDatabase(Protocol):
    """One app's database in one episode or template, on either backend."""

    metadata: MetaData

    @property
    def dialect(self) -> str: ...
    @property
    def conn(self) -> Any: ...
    @property
    def engine(self) -> Engine: ...
    def clone(self) -> AppDatabase: ...
    def state(self, key: str) -> int | None: ...
    def size_bytes(self) -> int: ...
    def close(self) -> None: ...


def new_connection() -> sqlite3.Connection:
    # One process serves every episode from its event loop; requests never share a
    # connection concurrently, but the loop thread may differ from the creating one
    # (templates are built in a worker thread).
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    # Without it, the rows that INSERT OR REPLACE deletes fire no delete trigger and
    # would be missing from the changelog.
    conn.execute("PRAGMA recursive_triggers = ON")
    return conn


# One dialect and one compiled-statement cache for every episode's engine: the cache is
# keyed by dialect, so engines that each had their own compiled every statement again in
# every new episode.
_BASE_ENGINE = create_engine("sqlite://", poolclass=StaticPool)
with _BASE_ENGINE.connect():
    pass  # initialises the shared dialect once


@functools.cache
def snapshot_reader(table: Table, only: frozenset[str] | None = None
                    ) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """The SELECT of every column of `table` (or of its primary key and the columns `only`;
    no WHERE) and, per column, its name and the shared dialect's result processor (SQLite
    text -> date, Decimal, bool...), built once."""
    dialect = _BASE_ENGINE.dialect
    chosen = [c for c in table.columns
              if only is None or c.primary_key or c.name in only]
    names = ", ".join(f'"{c.name}"' for c in chosen)
    columns = tuple((c.name, c.type.dialect_impl(dialect).result_processor(dialect, None))
                    for c in chosen)
    return f'SELECT {names} FROM "{table.name}"', columns


_INT64 = range(-2**63, 2**63)
_INT_TEXT = re.compile(r"[+-]?[0-9]+")


@functools.cache
def _int_keys(table: Table) -> tuple[bool, ...]:
    out = []
    for c in table.primary_key.columns:
        try:
            out.append(c.type.python_type is int)
        except NotImplementedError:  # SQLAlchemy knows no Python type for it: not an int
            out.append(False)
    return tuple(out)


def fit_key(table: Table, key: Sequence[Any]) -> tuple[Any, ...] | None:
    """`key` as `table`'s primary key (an integer column's decimal text as its integer),
    or None if it cannot be one: a value that is no 64-bit integer names no row of an
    integer column, on either backend (SQLite compares any value; PostgreSQL refuses to
    cast it, and would read ' 5' as 5 where SQLite does not)."""
    out = list(key)
    for i, (is_int, value) in enumerate(zip(_int_keys(table), out, strict=False)):
        if not is_int or isinstance(value, bool):
            continue
        if isinstance(value, str):
            if _INT_TEXT.fullmatch(value) is None:
                return None
            value = int(value)
        if not isinstance(value, int) or value not in _INT64:
            return None
        out[i] = value
    return tuple(out)


def pk_where(table: Table) -> str:
    """`WHERE` by primary key, with one `?` per key column."""
    return " WHERE " + " AND ".join(f'"{c}" = ?' for c in _pk_columns(table))


def pk_order(table: Table) -> str:
    return " ORDER BY " + ", ".join(f'"{c}"' for c in _pk_columns(table))


def engine_for(conn: sqlite3.Connection) -> Engine:
    """A SQLAlchemy engine over exactly this connection, sharing the process's dialect
    and compiled cache (no pool, no first-connect work of its own)."""
    base = _BASE_ENGINE
    pool = StaticPool(lambda: conn, dialect=base.dialect)  # type: ignore[arg-type]
    engine = Engine(pool, base.dialect, base.url, query_cache_size=0)
    engine._compiled_cache = base._compiled_cache  # shared on purpose (see above)
    return engine


# Free pages a template's image carries for its clones' first writes. A clone deserializes
# the image into a buffer of exactly its size, and SQLite grows such a buffer by
# reallocating it at twice the size (a copy: ~20 ms for the 32 MB mail template) the
# first time a write needs a page past its end; an episode's writes take free pages first.
IMAGE_SLACK_BYTES = 1 << 20


def add_slack(conn: sqlite3.Connection) -> None:
    """Leave `IMAGE_SLACK_BYTES` of free pages in the database (a kernel table's row
    written and deleted: no row, sequence or schema changes)."""
    conn.execute(f"INSERT INTO {AUDIT} (seq, tick, principal_id, method, path) "
                 "VALUES (-1, 0, 0, '', zeroblob(?))", (IMAGE_SLACK_BYTES,))
    conn.execute(f"DELETE FROM {AUDIT} WHERE seq = -1")
    conn.commit()


@dataclass
class Database:
    """One app's database in one episode (or template)."""

    conn: sqlite3.Connection
    metadata: MetaData
    _engine: Engine | None = field(default=None, repr=False)
    # A template's SQLite image (`conn.serialize()`, taken once it is built; a template
    # never changes after). A clone deserializes it, one copy of the bytes, where a backup
    # copies page by page (a third of the time for the 32 MB mail and calendar templates);
    # the database is the same page for page.
    image: bytes | None = field(default=None, repr=False)
    dialect = "sqlite"

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = engine_for(self.conn)
        return self._engine

    def clone(self) -> Database:
        copy = new_connection()
        if self.image is not None:
            copy.deserialize(self.image)
        else:
            self.conn.backup(copy)
        return Database(copy, self.metadata)

    def state(self, key: str) -> int | None:
        """A value of the kernel's state table (the tick, a sequence), or None."""
        row = self.conn.execute(f"SELECT value FROM {STATE} WHERE key = ?", (key,)).fetchone()
        return None if row is None else int(row[0])

    def size_bytes(self) -> int:
        pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
        size = self.conn.execute("PRAGMA page_size").fetchone()[0]
        return int(pages * size)

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()  # StaticPool closes the connection it holds
            self._engine = None
        self.conn.close()


def create_schema(db: AppDatabase) -> None:
    db.metadata.create_all(db.engine)
    if db.dialect == "postgresql":
        from arcadia.apps.kernel.pg import KERNEL_DDL
    for statement in KERNEL_DDL if db.dialect == "postgresql" else _KERNEL_DDL:
        db.conn.execute(statement)
    db.conn.commit()


def sequence_key(table: str) -> str:
    """The state key of the id sequence of an integer-keyed table."""
    return f"id:{table}"


def init_sequences(db: AppDatabase) -> None:
    """Start each integer-keyed table's id sequence after its seeded rows (ids are then
    minted by `Ctx.next_id`, never by reading MAX)."""
    for table in db.metadata.sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) == 1 and isinstance(pk[0].type, Integer):
            top = db.conn.execute(f'SELECT COALESCE(MAX("{pk[0].name}"), 0) FROM '
                                  f'"{table.name}"').fetchone()[0]
            db.conn.execute(f"INSERT INTO {STATE} (key, value) VALUES (?, ?)",
                            (sequence_key(table.name), int(top)))
    if db.dialect == "postgresql":
        from arcadia.apps.kernel.pg import init_serials
        init_serials(db)  # type: ignore[arg-type]
    db.conn.commit()


def install_changelog(db: AppDatabase) -> None:
    """Add insert/update/delete triggers to every app table (after seeding)."""
    if db.dialect == "postgresql":
        from arcadia.apps.kernel.pg import changelog_ddl
        for table in db.metadata.sorted_tables:
            db.conn.executescript(changelog_ddl(table, _pk_columns(table)))
        db.conn.commit()
        return
    for table in db.metadata.sorted_tables:
        pk = _pk_columns(table)
        name = table.name
        new_pk = "json_array(" + ", ".join(f'NEW."{c}"' for c in pk) + ")"
        old_pk = "json_array(" + ", ".join(f'OLD."{c}"' for c in pk) + ")"
        log = f"INSERT INTO {CHANGELOG} (tbl, pk) VALUES ('{name}', "
        db.conn.executescript(f"""
            CREATE TRIGGER "_cl_{name}_i" AFTER INSERT ON "{name}"
            BEGIN {log}{new_pk}); END;
            CREATE TRIGGER "_cl_{name}_u" AFTER UPDATE ON "{name}"
            BEGIN {log}{old_pk}); {log}{new_pk}); END;
            CREATE TRIGGER "_cl_{name}_d" AFTER DELETE ON "{name}"
            BEGIN {log}{old_pk}); END;
        """)
    db.conn.commit()


def _pk_columns(table: Table) -> list[str]:
    cols = [c.name for c in table.primary_key.columns]
    if not cols:
        raise ValueError(f"table {table.name} has no primary key; the changelog needs one")
    return cols


@dataclass(frozen=True)
class RowChange:
    """A touched row: its primary key and its values before (template) and after."""

    table: str
    pk: tuple[Any, ...]
    old: dict[str, Any] | None
    new: dict[str, Any] | None


def touched(db: AppDatabase) -> list[tuple[str, tuple[Any, ...]]]:
    """(table, primary key) of every row the episode touched, in first-touch order."""
    seen: dict[tuple[str, str], None] = {}
    for tbl, pk in db.conn.execute(f"SELECT tbl, pk FROM {CHANGELOG} ORDER BY seq"):
        seen.setdefault((tbl, pk), None)
    return [(tbl, tuple(orjson.loads(pk))) for tbl, pk in seen]


def changed_rows(template: AppDatabase, current: AppDatabase) -> list[RowChange]:
    """Rows that differ between the template and the episode, read by primary key only."""
    tables = {t.name: t for t in current.metadata.sorted_tables}
    changes = []
    for name, pk in touched(current):
        table = tables[name]
        old = _row(template.conn, table, pk)
        new = _row(current.conn, table, pk)
        if old != new:
            changes.append(RowChange(name, pk, old, new))
    return changes


def _row(conn: Connection, table: Table, pk: Iterable[Any]) -> dict[str, Any] | None:
    where = " AND ".join(f'"{c}" = ?' for c in _pk_columns(table))
    cursor = conn.execute(f'SELECT * FROM "{table.name}" WHERE {where}', tuple(pk))
    row = cursor.fetchone()
    if row is None:
        return None
    return {d[0]: v for d, v in zip(cursor.description, row, strict=True)}


def all_rows(db: AppDatabase, table: str) -> list[dict[str, Any]]:
    """Every row of one table (the full-scan path; for baselines and small lookups)."""
    cursor = db.conn.execute(f'SELECT * FROM "{table}"')
    cols = [d[0] for d in cursor.description]
    return [dict(zip(cols, row, strict=True)) for row in cursor]


def executemany(session: Any, sql: str, rows: list[tuple[Any, ...]]) -> None:
    """A driver-level executemany of `sql` (sqlite3's `?` marks) on the session's own
    connection and transaction, on either backend: for loaders writing tens of thousands
    of rows, where the ORM's per-row parameter processing costs more than the inserts."""
    conn = session.connection().connection.dbapi_connection
    if session.get_bind().dialect.name == "postgresql":
        from arcadia.apps.kernel.pg import PgConnection
        PgConnection(conn).executemany(sql, rows)
    else:
        conn.executemany(sql, rows)


# -- the one seam where storage is chosen ------------------------------------------------
Build = Callable[[AppDatabase], None]


class SqliteStorage:
    """Templates as in-memory SQLite databases of this process (the default)."""

    name = "sqlite"

    def template(self, key: str, app: str, seed: Callable[..., Any], metadata: MetaData,
                 build: Build) -> AppDatabase:
        """The app's template: its image from the machine's cache, else built (and cached)."""
        from arcadia.apps.kernel.templates import sqlite_template

        db = Database(new_connection(), metadata)
        def build_with_slack() -> None:
            build(db)
            add_slack(db.conn)

        db.image = sqlite_template(key, app, seed, metadata, db.conn, build_with_slack)
        return db


class PostgresStorage:
    """Templates as databases of a PostgreSQL server, built once per (spec key, app, app
    code) and shared by every process using that server; episodes clone them there."""

    name = "postgresql"

    def __init__(self, url: str, *, strategy: str = "wal_log") -> None:
        from arcadia.apps.kernel.pg import server
        self.server = server(url, strategy)

    def template(self, key: str, app: str, seed: Callable[..., Any], metadata: MetaData,
                 build: Build) -> AppDatabase:
        from arcadia.apps.kernel.pg import code_hash

        return self.server.template(key, app, code_hash(seed), metadata, build)


Storage = SqliteStorage | PostgresStorage


def storage_for(url: str | None, *, strategy: str = "wal_log") -> Storage:
    """The storage `ARCADIA_DATABASE_URL` names: SQLite in memory when unset."""
    return SqliteStorage() if not url else PostgresStorage(url, strategy=strategy)
