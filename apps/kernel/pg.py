"""PostgreSQL as the kernel's second storage backend (`ARCADIA_DATABASE_URL=postgresql://...`).

A template is one database per (world spec key, app, app code) built once and shared by
every process using the server; an episode's database is `CREATE DATABASE ... TEMPLATE`
of it, dropped on delete. `CREATE DATABASE` refuses a source anyone is connected to, so
the diff reads a template's rows from a read copy of it (built once beside it), never
from the clone source itself.

The kernel speaks to a database through a `sqlite3`-shaped connection (`execute` with `?`
marks, `commit`, `rollback`, `in_transaction`); `PgConnection` gives that shape over
psycopg, and its raw reads return what SQLite would have stored (dates and times as
SQLAlchemy's SQLite text, booleans as 0/1), so the changelog's rows, `ctx.rows(...)` and
the snapshots' converters mean exactly what they mean on SQLite. The ORM, on the same
connection and transaction, gets psycopg's own typed values through SQLAlchemy's
PostgreSQL dialect.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import psycopg
from psycopg.adapt import Loader
from psycopg.pq import TransactionStatus
from sqlalchemy import Engine, Integer, MetaData, Table, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.pool import StaticPool
from sqlalchemy.schema import CreateColumn

PREFIX = "arc_"  # every database this backend makes starts so (`prune` drops them)
_LABEL = "arcadia template:"  # a template's comment: the label, its app, its code hash
# A name another process took at the same moment: PostgreSQL reports the race as either
# error, depending on whether the other transaction had committed when ours checked.
_TAKEN = (psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation)


# -- DDL: integers are 64-bit, as on SQLite (ids are accepted up to 2**63 - 1) ----------
@compiles(CreateColumn, "postgresql")
def _bigint_columns(element: CreateColumn, compiler: Any, **kw: Any) -> str:
    text = compiler.visit_create_column(element, **kw)
    return re.sub(r"^(\S+) (INTEGER|SERIAL)\b",
                  lambda m: f"{m[1]} {'BIGINT' if m[2] == 'INTEGER' else 'BIGSERIAL'}", text)


@compiles(Integer, "postgresql")
def _bigint_type(element: Integer, compiler: Any, **kw: Any) -> str:
    """An `Integer` is 64-bit in casts too (the psycopg dialect casts every bound value to
    its column's type: `::INTEGER` refused an id past 2**31 with a 500)."""
    return "BIGINT"


# Functions and operators the apps' SQL uses as SQLite has them (see docs/scale-out.md):
# `instr`, and a boolean compared with 0/1.
def _bool_operators(suffix: str, kind: str) -> str:
    """`boolean = n` and `boolean <> n` for an integer type, as SQLite reads a 0/1."""
    return "".join(
        f"CREATE FUNCTION _arc_bool_{op}{suffix}(boolean, {kind}) RETURNS boolean "
        f"LANGUAGE sql IMMUTABLE\n    AS 'SELECT $1 {sql} ($2 <> 0)';\n"
        for op, sql in (("eq", "="), ("ne", "<>"))) + "".join(
        f"CREATE OPERATOR {sql} (LEFTARG = boolean, RIGHTARG = {kind}, "
        f"FUNCTION = _arc_bool_{op}{suffix},\n    NEGATOR = {neg});\n"
        for op, sql, neg in (("eq", "=", "<>"), ("ne", "<>", "=")))


_COMPAT = """
CREATE FUNCTION instr(text, text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS 'SELECT strpos($1, $2)';
""" + "".join(_bool_operators(suffix, kind)
              for suffix, kind in (("", "bigint"), ("4", "integer"), ("2", "smallint")))

KERNEL_DDL = (
    "CREATE TABLE _changelog (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
    "tbl TEXT NOT NULL, pk TEXT NOT NULL)",
    "CREATE TABLE _kernel_state (key TEXT PRIMARY KEY, value BIGINT NOT NULL)",
    "CREATE TABLE _audit (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
    "tick BIGINT NOT NULL, principal_id BIGINT NOT NULL, method TEXT NOT NULL, "
    "path TEXT NOT NULL)",
    "INSERT INTO _kernel_state (key, value) VALUES ('tick', 0)",
)


def changelog_ddl(table: Table, pk: Sequence[str]) -> str:
    """PL/pgSQL triggers writing the same `_changelog` rows as SQLite's: the old key of
    an updated or deleted row, the new key of an inserted or updated one."""
    name = table.name
    fn = f'"_cl_{name}"'
    new_pk = "json_build_array(" + ", ".join(f'NEW."{c}"' for c in pk) + ")::text"
    old_pk = "json_build_array(" + ", ".join(f'OLD."{c}"' for c in pk) + ")::text"
    log = f"INSERT INTO _changelog (tbl, pk) VALUES ('{name}', "
    return f"""
CREATE FUNCTION {fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN {log}{old_pk}); END IF;
  IF TG_OP <> 'DELETE' THEN {log}{new_pk}); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "_cl_{name}" AFTER INSERT OR UPDATE OR DELETE ON "{name}"
    FOR EACH ROW EXECUTE FUNCTION {fn}();
"""


# -- raw reads in SQLite's representation ---------------------------------------------
class _TimestampText(Loader):
    """`timestamp` as SQLAlchemy's SQLite text: 'YYYY-MM-DD HH:MM:SS.ffffff'."""

    def load(self, data: Any) -> str:
        text = bytes(data).decode()
        head, _, frac = text.partition(".")
        return f"{head}.{frac.ljust(6, '0')[:6]}"


class _DateText(Loader):
    def load(self, data: Any) -> str:
        return bytes(data).decode()


class _TimeText(_TimestampText):
    pass


class _BoolInt(Loader):
    def load(self, data: Any) -> int:
        return 1 if bytes(data) == b"t" else 0


@functools.cache
def _translate(sql: str, params: bool) -> str:
    """sqlite3's `?` marks as psycopg's `%s` (a literal `%` doubled when parameters are
    bound). No statement of the kernel or the apps has a `?` inside a string literal."""
    return sql.replace("%", "%%").replace("?", "%s") if params else sql


@functools.cache
def _reads(sql: str) -> bool:
    return sql.lstrip()[:6].upper() == "SELECT"


class PgConnection:
    """A psycopg connection with the subset of `sqlite3.Connection` the kernel uses."""

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        cur = self.raw.cursor()
        adapters = cur.adapters
        adapters.register_loader("timestamp", _TimestampText)
        adapters.register_loader("date", _DateText)
        adapters.register_loader("time", _TimeText)
        adapters.register_loader("bool", _BoolInt)
        raw = self.raw
        opens = not raw.autocommit and raw.info.transaction_status == TransactionStatus.IDLE
        cur.execute(_translate(sql, bool(params)), tuple(params) if params else None)
        if opens and _reads(sql):
            # As sqlite3, a read outside a transaction leaves none open (psycopg would begin
            # one; the rows are already in the cursor): the grader's reads of an episode
            # left it idle in transaction, and its connection could never be released.
            raw.commit()
        return cur

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.raw.cursor() as cur:
            cur.executemany(_translate(sql, True), [tuple(r) for r in rows])

    def executescript(self, sql: str) -> None:
        self.raw.execute(sql)  # several statements, no parameters: one round trip

    def iterdump(self) -> Iterator[str]:
        """Every row of every table, ordered, one line each: a deterministic dump to compare
        two databases' contents (SQLite's `iterdump` serves the same tests)."""
        tables = [r[0] for r in self.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")]
        for table in tables:
            cur = self.execute(f'SELECT * FROM "{table}" ORDER BY 1')
            width = len(cur.description or ())
            rows = sorted(cur.fetchall(), key=repr) if width else []
            for row in rows:
                yield f"{table}: {row!r}"

    @property
    def in_transaction(self) -> bool:
        return self.raw.info.transaction_status != TransactionStatus.IDLE

    def commit(self) -> None:
        self.raw.commit()

    def rollback(self) -> None:
        self.raw.rollback()

    def close(self) -> None:
        self.raw.close()


# -- the server: templates, clones, drops ---------------------------------------------
def sqlalchemy_url(url: str) -> str:
    """`postgresql://...` (or `postgres://`) as SQLAlchemy's psycopg 3 URL."""
    parsed = make_url(url.replace("postgres://", "postgresql://", 1))
    if parsed.get_backend_name() != "postgresql":
        raise ValueError(f"ARCADIA_DATABASE_URL must be a postgresql:// URL, got {url!r}")
    return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


def code_hash(seed: Callable[..., Any]) -> str:
    """The code hash a template of the app whose seed function is `seed` is built with
    (`templates.app_code_hash`: the app's package, the kernel and the world)."""
    from arcadia.apps.kernel.templates import app_code_hash

    return app_code_hash(seed)


class PgServer:
    """One PostgreSQL server: an autocommit admin connection for CREATE/DROP DATABASE, the
    shared dialect, and the databases this process made (dropped at exit)."""

    def __init__(self, url: str, *, strategy: str = "wal_log", max_open: int = 24) -> None:
        self.url = make_url(sqlalchemy_url(url))
        self.strategy = strategy
        self.base = create_engine(self.url, poolclass=StaticPool)
        with self.base.connect():
            pass  # initialises the dialect once (server version, types)
        self._admin = self._raw(self.url.database or "postgres", autocommit=True)
        self._lock = threading.Lock()
        # This process's episode and scratch databases carry its tag; the admin session
        # holds the advisory lock of the tag while the process lives, so `prune` (from any
        # host) tells a live owner's databases from a dead one's.
        self.tag = secrets.token_hex(4)
        self._admin.execute("SELECT pg_advisory_lock(%s)", (_lock_key(self.tag),))
        self._made: set[str] = set()
        self._n = 0
        # Databases holding an open connection, least recently used first: a process keeps
        # at most `max_open` (the server's max_connections is shared by every process), and
        # closes the idle connection used longest ago; its database reconnects on next use.
        self.max_open = max_open
        self._open: OrderedDict[int, PgDatabase] = OrderedDict()
        atexit.register(self.close)

    def _raw(self, database: str, *, autocommit: bool = False) -> psycopg.Connection[Any]:
        dialect = self.base.dialect
        cargs, cparams = dialect.create_connect_args(self.url.set(database=database))
        raw = dialect.connect(*cargs, **cparams)
        hook = dialect.on_connect()
        if hook is not None:
            hook(raw)
        raw.autocommit = autocommit
        return raw  # type: ignore[return-value]

    def connect(self, database: str, *, autocommit: bool = False) -> PgConnection:
        return PgConnection(self._raw(database, autocommit=autocommit))

    def opened(self, db: PgDatabase) -> None:
        """`db` has (just) used its connection: make room under `max_open`."""
        with self._lock:
            self._open[id(db)] = db
            self._open.move_to_end(id(db))
            excess = len(self._open) - self.max_open
            idle = [] if excess <= 0 else [
                d for d in self._open.values()
                if d is not db and d._conn is not None and not d._conn.in_transaction]
        for old in idle[:max(0, excess)]:
            old.release()

    def touch(self, db: PgDatabase) -> None:
        open_ = self._open
        if id(db) in open_:
            open_.move_to_end(id(db))

    def closed(self, db: PgDatabase) -> None:
        with self._lock:
            self._open.pop(id(db), None)

    def engine_for(self, conn: PgConnection) -> Engine:
        base = self.base
        pool = StaticPool(lambda: conn.raw, dialect=base.dialect)  # type: ignore[arg-type]
        engine = Engine(pool, base.dialect, base.url, query_cache_size=0)
        engine._compiled_cache = base._compiled_cache
        return engine

    def admin(self, sql: str) -> None:
        with self._lock:
            self._admin.execute(sql)  # type: ignore[arg-type]

    def exists(self, name: str) -> bool:
        with self._lock:
            return self._admin.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                       (name,)).fetchone() is not None

    def new_name(self, app: str) -> str:
        with self._lock:
            self._n += 1
            return f"{PREFIX}e_{self.tag}_{self._n}_{app}"[:63]

    def clone(self, source: str, name: str) -> None:
        strategy = f" STRATEGY {self.strategy.upper()}"
        self.admin(f'CREATE DATABASE "{name}" TEMPLATE "{source}"{strategy}')
        self._made.add(name)

    def drop(self, name: str) -> None:
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self._made.discard(name)

    def close(self) -> None:
        for name in list(self._made):
            try:
                self.drop(name)
            except psycopg.Error:
                pass
        if not self._admin.closed:
            self._admin.close()

    # templates ------------------------------------------------------------------------
    def template(self, key: str, app: str, code: str, metadata: MetaData,
                 build: Callable[[PgDatabase], None]) -> PgDatabase:
        """The template database of (`key`, `app`), built with `build` unless another
        process (or an earlier run) already built it."""
        digest = hashlib.sha256(f"{key}\0{app}\0{code}".encode())
        name = f"{PREFIX}t_{digest.hexdigest()[:16]}_{app}"[:63]
        reader = f"{PREFIX}r_{name[len(PREFIX) + 2:]}"[:63]
        if not (self.exists(name) and self.exists(reader)):
            if not self.exists(name):
                self._build(name, metadata, build)
            try:
                self.admin(f'CREATE DATABASE "{reader}" TEMPLATE "{name}"')
            except _TAKEN:
                pass  # another process made it meanwhile
            for db in (name, reader):  # what built it, for `prune(..., current=...)`
                self.admin(f"COMMENT ON DATABASE \"{db}\" IS '{_LABEL}{app}:{code}'")
        return PgDatabase(None, metadata, server=self, name=name, reader=reader)

    def _build(self, name: str, metadata: MetaData, build: Callable[[PgDatabase], None]
               ) -> None:
        scratch = f"{PREFIX}b_{self.tag}_{secrets.token_hex(6)}"
        # C collation: text sorts by code point, as SQLite's BINARY does.
        self.admin(f'CREATE DATABASE "{scratch}" TEMPLATE template0 ENCODING \'UTF8\' '
                   "LC_COLLATE 'C' LC_CTYPE 'C'")
        db = PgDatabase(self.connect(scratch), metadata, server=self, name=scratch)
        try:
            db.conn.executescript(_COMPAT)
            db.conn.commit()
            build(db)
        finally:
            db.close(drop=False)
        try:
            self.admin(f'ALTER DATABASE "{scratch}" RENAME TO "{name}"')
        except _TAKEN:
            self.admin(f'DROP DATABASE "{scratch}"')  # another process won the race


class PgDatabase:
    """One app's database in one episode (or a template) on PostgreSQL: the same surface
    as the SQLite `Database`."""

    dialect = "postgresql"

    def __init__(self, conn: PgConnection | None, metadata: MetaData, *, server: PgServer,
                 name: str, reader: str | None = None, owned: bool = False) -> None:
        self._conn = conn
        self.metadata = metadata
        self.server = server
        self.name = name
        self.reader = reader  # a template's read copy; None for an episode's database
        self.owned = owned
        self._engine: Engine | None = None
        self._closed = False
        if conn is not None:
            server.opened(self)

    @property
    def conn(self) -> PgConnection:
        if self._conn is None:
            if self._closed:
                raise psycopg.OperationalError(f"the connection is closed ({self.name})")
            # A template is read through its copy, with autocommit: it holds no snapshot.
            self._conn = self.server.connect(self.reader or self.name,
                                             autocommit=self.reader is not None)
            self.server.opened(self)
        else:
            self.server.touch(self)
        return self._conn

    def release(self) -> None:
        """Close the connection (not the database): the next use reconnects."""
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self.server.closed(self)

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = self.server.engine_for(self.conn)
        return self._engine

    def clone(self) -> PgDatabase:
        name = self.server.new_name(self.name.rsplit("_", 1)[-1])
        self.server.clone(self.name, name)
        return PgDatabase(self.server.connect(name), self.metadata, server=self.server,
                          name=name, owned=True)

    def state(self, key: str) -> int | None:
        row = self.conn.execute("SELECT value FROM _kernel_state WHERE key = ?",
                                (key,)).fetchone()
        return None if row is None else int(row[0])

    def size_bytes(self) -> int:
        row = self.conn.execute("SELECT pg_database_size(current_database())").fetchone()
        return int(row[0]) if row else 0

    def close(self, *, drop: bool | None = None) -> None:
        self.release()
        self._closed = self.reader is None
        if self.owned if drop is None else drop:
            self.server.drop(self.name)


def init_serials(db: PgDatabase) -> None:
    """Move each serial key's sequence past the seeded rows (SQLite's rowid gives MAX + 1
    to a row inserted without its key)."""
    for table in db.metadata.sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) != 1:
            continue
        row = db.conn.execute("SELECT pg_get_serial_sequence(?, ?)",
                              (f'"{table.name}"', pk[0].name)).fetchone()
        if row and row[0]:
            db.conn.execute(f'SELECT setval(?, COALESCE(MAX("{pk[0].name}"), 0) + 1, false) '
                            f'FROM "{table.name}"', (row[0],))


@functools.cache
def server(url: str, strategy: str = "wal_log") -> PgServer:
    """The process's one `PgServer` per URL."""
    return PgServer(url, strategy=strategy)


def _lock_key(tag: str) -> int:
    """The advisory lock key of a process tag (8 hex digits), apart from other users'."""
    return 0x4152_4300_0000_0000 | int(tag, 16)


def _owner_gone(conn: psycopg.Connection[Any], name: str) -> bool:
    """Whether the process that made episode or scratch database `name` has ended (its
    tag's advisory lock is free; taken and given back here)."""
    tag = name[len(PREFIX) + 2:].split("_", 1)[0]
    if re.fullmatch(r"[0-9a-f]{8}", tag) is None:
        return True  # made before tags were locked: no process holds it
    key = _lock_key(tag)
    row = conn.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()
    if row is None or not row[0]:
        return False
    conn.execute("SELECT pg_advisory_unlock(%s)", (key,))
    return True


def prune(url: str, *, templates: bool = False,
          current: Mapping[str, str] | None = None) -> list[str]:
    """Drop the episode and scratch databases of processes that have ended (a running
    process's are kept, on whatever host it runs); with `templates`, every template and
    read copy too; with `current` (app -> `code_hash`), the templates and read copies
    built by other code (their code hash differs, their app is not in it, or they carry
    no label). Returns the names dropped, sorted."""
    with psycopg.connect(make_url(sqlalchemy_url(url)).set(drivername="postgresql")
                         .render_as_string(hide_password=False), autocommit=True) as conn:
        names = []
        for name, comment in conn.execute(
                "SELECT datname, shobj_description(oid, 'pg_database') FROM pg_database "
                "WHERE datname LIKE %s ORDER BY datname", (f"{PREFIX}%",)).fetchall():
            kind = name[len(PREFIX):len(PREFIX) + 2]
            if kind in ("e_", "b_"):
                if _owner_gone(conn, name):
                    names.append(name)
            elif kind in ("t_", "r_") and (templates or (current is not None
                                                           and not _current(comment, current))):
                names.append(name)
        for name in names:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
    return names


def _current(comment: str | None, current: Mapping[str, str]) -> bool:
    if not comment or not comment.startswith(_LABEL):
        return False
    app, _, code = comment[len(_LABEL):].partition(":")
    return current.get(app) == code
