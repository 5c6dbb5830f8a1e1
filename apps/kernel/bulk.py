"""Bulk inserts for the loaders (`apps/*/seed.py`): the rows SQLAlchemy would write, without
its per-row work.

A template is built once per world and cloned per episode, but a cold build (a new world, new
code) writes tens of thousands of rows per app, and SQLAlchemy's executemany spends more on
each row's parameters (compiling them, running each column's bind processor through its
generic machinery, the ORM's bookkeeping) than SQLite spends inserting it. `insert_rows`
gives SQLite the same values in the same order through one driver-level executemany per run
of rows with the same keys: each column's own bind processor (SQLite's text for a date and a
datetime, 0/1 for a boolean), its scalar default where a row leaves it out, and exactly the
ORM's rule for a None value, so the template holds the same rows, byte for byte
(`tests/apps/test_bulk.py` builds every app's template both ways; `bench/templates.py
--against` compares every table of every app with an earlier build). On PostgreSQL the
values go to psycopg as SQLAlchemy's own processors leave them (dates and datetimes as
Python values) through `db.executemany`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from itertools import groupby
from operator import itemgetter
from typing import Any, Literal

from sqlalchemy import Boolean, Dialect, Table, insert
from sqlalchemy.dialects import sqlite
from sqlalchemy.orm import Session

from arcadia.apps.kernel.db import executemany

__all__ = ["insert_rows", "sqlalchemy_insert"]

# "default": a None value is left out of the row, so the column takes its default (or NULL):
# the ORM's bulk insert, `session.execute(insert(Model), rows)`. "null": a None value is
# written as NULL: Core's `table.insert()`, and the ORM's with `render_nulls=True`.
NoneIs = Literal["default", "null"]
# name, bind processor, has a default, the default
_Column = tuple[str, Callable[[Any], Any] | None, bool, Any]
_DATETIME_FORMAT = sqlite.DATETIME._storage_format
_DATE_FORMAT = sqlite.DATE._storage_format


def _fast(impl: Any, dialect: Dialect) -> Callable[[Any], Any] | None:
    """The column type's bind processor, with the commonest values done in C: a naive
    datetime's and a date's ISO text is SQLite's default storage format of them
    (`2026-03-02 09:00:00.000000`, `2026-03-02`), and sqlite3 stores a bool as the 0/1
    that SQLAlchemy's Boolean hands it. Anything else goes to SQLAlchemy's processor."""
    processor = impl.bind_processor(dialect)
    if processor is None:
        return None
    if isinstance(impl, sqlite.DATETIME) and impl._storage_format == _DATETIME_FORMAT:

        def stamp(value: Any) -> Any:
            if type(value) is datetime and value.tzinfo is None:
                return value.isoformat(" ", "microseconds")
            return processor(value)

        return stamp
    if isinstance(impl, sqlite.DATE) and impl._storage_format == _DATE_FORMAT:

        def day(value: Any) -> Any:
            return value.isoformat() if type(value) is date else processor(value)

        return day
    if isinstance(impl, Boolean):

        def flag(value: Any) -> Any:
            return value if type(value) is bool else processor(value)

        return flag
    return processor


@functools.cache
def _columns(table: Table, dialect: Dialect) -> dict[str, _Column]:
    """Each column by key, in the table's order."""
    out: dict[str, _Column] = {}
    for c in table.columns:
        default = c.default
        if default is not None and not getattr(default, "is_scalar", False):
            raise ValueError(f"{table.name}.{c.name}: insert_rows takes scalar defaults only")
        processor = _fast(c.type.dialect_impl(dialect), dialect)
        out[c.key] = (c.name, processor, default is not None, getattr(default, "arg", None))
    return out


@functools.cache
def _statement(
    table: Table, keys: tuple[str, ...], dialect: Dialect
) -> tuple[str, Callable[[Mapping[str, Any]], tuple[Any, ...]]]:
    """The INSERT of a run of rows with `keys` (the columns given, then those with a default
    the rows leave out, as SQLAlchemy compiles it) and what turns a row into its values."""
    columns = _columns(table, dialect)
    unknown = [k for k in keys if k not in columns]
    if unknown:
        raise ValueError(f"{table.name} has no column {', '.join(map(repr, unknown))}")
    given = [k for k in columns if k in set(keys)]
    left = [k for k, c in columns.items() if k not in set(keys) and c[2]]
    names = [f'"{columns[k][0]}"' for k in (*given, *left)]
    sql = (
        f'INSERT INTO "{table.name}" ({", ".join(names)}) VALUES ({", ".join("?" for _ in names)})'
    )
    processed: list[tuple[int, Callable[[Any], Any]]] = [
        (i, proc) for i, k in enumerate(given) if (proc := columns[k][1]) is not None
    ]
    tail = [c[3] if c[1] is None else c[1](c[3]) for c in (columns[k] for k in left)]

    get: Callable[[Mapping[str, Any]], Any]
    if len(given) > 1:
        get = itemgetter(*given)
    else:  # itemgetter of one key gives the value itself, of none is refused
        get = (lambda row: (row[given[0]],)) if given else (lambda row: ())

    def values(row: Mapping[str, Any]) -> tuple[Any, ...]:
        out = list(get(row))
        for i, processor in processed:
            out[i] = processor(out[i])
        return tuple(out + tail if tail else out)

    return sql, values


def insert_rows(
    session: Session, model: Any, rows: Sequence[Mapping[str, Any]], *, none: NoneIs = "default"
) -> None:
    """Insert `rows` (dicts by column key) into `model`'s table on the session's connection
    and transaction, in order; `none` says what a None value means (see `NoneIs`)."""
    if not rows:
        return
    table: Table = model.__table__ if hasattr(model, "__table__") else model
    dialect = session.get_bind().dialect
    if none == "default":
        rows = [{k: v for k, v in r.items() if v is not None} for r in rows]
    for keys, run in groupby(rows, key=_keys):
        sql, values = _statement(table, keys, dialect)
        executemany(session, sql, [values(row) for row in run])


def _keys(row: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(row)


def sqlalchemy_insert(
    session: Session, model: Any, rows: Sequence[Mapping[str, Any]], *, none: NoneIs = "default"
) -> None:
    """The same rows through SQLAlchemy's own bulk insert: what `insert_rows` must write
    exactly (`tests/apps/test_bulk.py` builds every app's template both ways)."""
    if not rows:
        return
    stmt = insert(model)
    if none == "null":
        stmt = stmt.execution_options(render_nulls=True)
    session.execute(stmt, list(rows))
