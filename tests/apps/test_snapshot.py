"""`Ctx.snapshot` and `Ctx.snapshots`, reads without ORM objects, give every column of every
table of every app the value and type the ORM gives, in primary-key order."""

from __future__ import annotations

import pytest
from sqlmodel import Session, SQLModel, select

from arcadia.apps.kernel import Ctx, EpisodeStore, Principal
from arcadia.apps.registry import APP_NAMES, load_specs
from arcadia.world import WorldSpec
from tests.apps.test_changelog import STARTS_EMPTY, value
from tests.factories import world_for

SPEC = WorldSpec(seed=5, headcount=300)
TABLES = [(spec.name, t.name) for spec in load_specs(APP_NAMES)
          for t in spec.metadata.sorted_tables]


def model_of(metadata: object, name: str) -> type[SQLModel]:
    """The table model of `name` in an app's metadata."""
    todo = list(SQLModel.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        table = getattr(cls, "__table__", None)
        if table is not None and table.metadata is metadata and table.name == name:
            return cls
    raise LookupError(name)


@pytest.fixture(scope="module")
def store() -> EpisodeStore:
    return EpisodeStore(load_specs(APP_NAMES))


@pytest.mark.parametrize(("app", "name"), TABLES, ids=[f"{a}.{t}" for a, t in TABLES])
def test_snapshot_equals_the_orm_row(store, app, name):
    spec = store.apps[app]
    episode = store.create(world_for(spec, SPEC))
    try:
        db = episode.dbs[app]
        model = model_of(spec.metadata, name)
        keys = [c.name for c in model.__table__.primary_key.columns]
        if (app, name) == ("restaurant", "shift_event"):  # the trace starts empty
            db.conn.executemany('INSERT INTO shift_event (seq, tick, kind, line) '
                                'VALUES (?, ?, ?, ?)', [(1, 1, "guest_arrived", '{"a":1}'),
                                                        (2, 1, "tick", '{"b":2}')])
            db.conn.commit()
        elif (app, name) in STARTS_EMPTY:  # what a request writes: two rows of it
            table = model.__table__
            cols = ", ".join(f'"{c.name}"' for c in table.columns)
            db.conn.executemany(
                f'INSERT INTO "{name}" ({cols}) VALUES ({", ".join("?" * len(table.columns))})',
                [tuple(value(c, n, db.dialect == "postgresql") for c in table.columns)
                 for n in (1, 2)])
            db.conn.commit()
        quoted = ", ".join(f'"{k}"' for k in keys)  # a key may be named `index`
        rows = db.conn.execute(f'SELECT {quoted} FROM "{name}" LIMIT 5').fetchall()
        assert rows, f"{app}.{name} is empty in the test world"
        principal = Principal(1, "a@x.io", "A", ("employee",))
        ctx = Ctx(store, episode, principal, app, method="GET", path="/", tick=0, writes=False)
        with Session(db.engine) as session:
            for key in rows:
                orm = session.get(model, tuple(key) if len(key) > 1 else key[0])
                snap = ctx.snapshot(model, *key)
                expected = {c.name: getattr(orm, c.key) for c in model.__table__.columns}
                got = vars(snap)
                assert got == expected
                assert {k: type(v) for k, v in got.items()} == \
                    {k: type(v) for k, v in expected.items()}
            every = ctx.snapshots(model)
            orm_rows = session.exec(select(model)).all()
            assert len(every) == len(orm_rows)
            by_key = {tuple(getattr(o, k) for k in keys): o for o in orm_rows}
            for snap in every:
                orm = by_key[tuple(getattr(snap, k) for k in keys)]
                assert vars(snap) == {c.name: getattr(orm, c.key) for c in model.__table__.columns}
            assert [tuple(getattr(x, k) for k in keys) for x in every] == sorted(by_key)
        assert ctx.snapshot(model, *(["no-such-key"] * len(keys))) is None
        ctx.close()
    finally:
        store.delete(episode.id)


def test_snapshots_where_keeps_the_rows_whose_columns_hold_one_of_the_values(store):
    """`Ctx.snapshots(model, where)`: the rows the ORM's `WHERE col IN (...) AND ...`
    gives, in key order; no values for a column match nothing; an unknown column is an
    error, not every row."""
    from arcadia.apps.procurement import models as m

    episode = store.create(world_for(store.apps["procurement"], SPEC))
    try:
        db = episode.dbs["procurement"]
        ctx = Ctx(store, episode, Principal(1, "a@x.io", "A", ("employee",)), "procurement",
                  method="GET", path="/", tick=0, writes=False)
        with Session(db.engine) as session:
            invoices = session.exec(select(m.Invoice).order_by(m.Invoice.id)).all()
            statuses = sorted({i.status for i in invoices})
            numbers = [invoices[0].invoice_number, invoices[-1].invoice_number, "none"]
            assert len(statuses) > 1
            got = ctx.snapshots(m.Invoice, {"status": statuses[:1]})
            assert [r.id for r in got] == [i.id for i in invoices if i.status == statuses[0]]
            got = ctx.snapshots(m.Invoice, {"invoice_number": numbers,
                                            "status": [invoices[0].status]})
            assert [r.id for r in got] == [i.id for i in invoices if i.invoice_number in numbers
                                           and i.status == invoices[0].status]
            assert ctx.snapshots(m.Invoice, {"status": []}) == []
            assert len(ctx.snapshots(m.Invoice, {})) == len(invoices)
        with pytest.raises(KeyError, match="no column 'stat'"):
            ctx.snapshots(m.Invoice, {"stat": ["draft"]})
        ctx.close()
    finally:
        store.delete(episode.id)


def test_snapshots_only_hold_the_key_and_the_columns_named(store):
    """`Ctx.snapshots(model, only=...)`: the same rows and values, with just the primary key
    and those columns; reading another is an AttributeError; an unknown column an error."""
    from arcadia.apps.hris import models as m

    episode = store.create(world_for(store.apps["hris"], SPEC))
    try:
        ctx = Ctx(store, episode, Principal(1, "a@x.io", "A", ("employee",)), "hris",
                  method="GET", path="/", tick=0, writes=False)
        whole = ctx.snapshots(m.Employee)
        narrow = ctx.snapshots(m.Employee, only={"work_email", "hire_date"})
        assert [vars(r) for r in narrow] == [
            {"id": r.id, "work_email": r.work_email, "hire_date": r.hire_date} for r in whole]
        with pytest.raises(AttributeError):
            _ = narrow[0].first_name
        some = ctx.snapshots(m.Employee, {"id": [whole[0].id]}, only={"status"})
        assert [vars(r) for r in some] == [{"id": whole[0].id, "status": whole[0].status}]
        with pytest.raises(KeyError, match="no column 'nope'"):
            ctx.snapshots(m.Employee, only={"nope"})
        ctx.close()
    finally:
        store.delete(episode.id)
