"""Cold template builds: each app's template of one 800-person Arcadia Robotics world (and
Bullhorn's of the agency's world), built from the world as a cache miss builds it, against
the bare parts: the same rows (read back from that template) inserted into the same schema
by one plain `sqlite3` executemany per table. Rounds alternate the two, so each pair saw
the same load.

`--dump FILE` writes every table of every app's template of a set of worlds (one world per
situation of the committed corpora, the agency's and the restaurant's) as a row count and a
digest of its rows in insertion order; `--against FILE` builds them again and names every
table that differs (exit 1), so a change to a loader or to the kernel's inserts is checked
to leave the templates' rows exactly as they were. (The SQLite images themselves are not
compared: the order SQLAlchemy creates a table's indexes in follows a set, so their pages
differ from one process to the next with the same rows.)

Run: python bench/templates.py [--runs N]
     python bench/templates.py --dump /tmp/before.json   (then change the code)
     python bench/templates.py --against /tmp/before.json
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _common import bench_parser, figure
from sqlmodel import Session

from arcadia.apps.kernel import AppSpec
from arcadia.apps.kernel.db import (
    Database,
    add_slack,
    create_schema,
    init_sequences,
    install_changelog,
    new_connection,
)
from arcadia.apps.registry import load_specs
from arcadia.world import SituationSpec, World, WorldSpec, generate_world

ROOT = Path(__file__).resolve().parents[1]
# The suite's standard world (`tests.factories.SPEC`).
SPEC = WorldSpec(seed=7, situations=(SituationSpec("hr-mismatch-v1", {"count": 8}),))
QUICK_SPEC = WorldSpec(seed=7, headcount=40, situations=SPEC.situations)
AGENCY = WorldSpec(name="agency", seed=5)


def build(app: AppSpec, world: World) -> Database:
    """The app's template of `world`, as `EpisodeStore` builds one the cache lacks."""
    db = Database(new_connection(), app.metadata)
    create_schema(db)
    with Session(db.engine) as session:
        app.seed(world, session)
        session.commit()
    init_sequences(db)
    install_changelog(db)
    add_slack(db.conn)
    return db


def _parts(db: Database) -> tuple[list[str], list[str], list[tuple[str, list[tuple[Any, ...]]]]]:
    """The template's DDL (tables and indexes; then triggers) and every table's rows."""
    master = db.conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
    ).fetchall()
    ddl = [sql for kind, _, sql in master if kind != "trigger"]
    triggers = [sql for kind, _, sql in master if kind == "trigger"]
    rows = [
        (name, db.conn.execute(f'SELECT * FROM "{name}" ORDER BY rowid').fetchall())
        for kind, name, _ in master
        if kind == "table"
    ]
    return ddl, triggers, rows


def bare_insert(ddl: list[str], triggers: list[str], rows: list[tuple[str, list[Any]]]) -> None:
    """The same database by hand: schema, one executemany per table, triggers, commit."""
    conn = sqlite3.connect(":memory:")
    for sql in ddl:
        conn.execute(sql)
    for name, values in rows:
        if values:
            marks = ", ".join("?" * len(values[0]))
            conn.executemany(f'INSERT INTO "{name}" VALUES ({marks})', values)
    for sql in triggers:
        conn.execute(sql)
    conn.commit()
    conn.close()


def bench_builds(spec: WorldSpec, runs: int) -> None:
    """Every app of `spec`'s world, and Bullhorn of the agency's (its only world)."""
    start = time.perf_counter()
    world = generate_world(spec)
    figure("world_generation_ms", (time.perf_counter() - start) * 1000, "ms")
    specs = load_specs()
    cases = [(a, world) for a in specs if a.serves(spec.name)]
    agency = generate_world(AGENCY)
    cases += [(a, agency) for a in specs if a.serves(AGENCY.name) and a.name == "bullhorn"]
    parts = {}
    for app, w in cases:  # the first build of each app (views, caches) is not timed
        db = build(app, w)
        parts[app.name] = _parts(db)
        db.close()
    ours: dict[str, list[float]] = {a.name: [] for a, _ in cases}
    bare: dict[str, list[float]] = {a.name: [] for a, _ in cases}
    for _ in range(runs):
        for app, w in cases:
            start = time.perf_counter()
            build(app, w).close()
            ours[app.name].append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            bare_insert(*parts[app.name])
            bare[app.name].append((time.perf_counter() - start) * 1000)
    for app, _ in cases:
        figure(f"template_build_{app.name}_ms", statistics.median(ours[app.name]), "ms")
        figure(f"bare_insert_{app.name}_ms", statistics.median(bare[app.name]), "ms")
    # The totals: one world's apps (the agency's Bullhorn apart).
    apps = [a.name for a, w in cases if w is world]
    total = [sum(ours[a][r] for a in apps) for r in range(runs)]
    total_bare = [sum(bare[a][r] for a in apps) for r in range(runs)]
    figure("template_build_all_apps_ms", statistics.median(total), "ms")
    figure("bare_insert_all_apps_ms", statistics.median(total_bare), "ms")
    figure(
        "template_build_over_bare",
        statistics.median(o / b for o, b in zip(total, total_bare, strict=True)),
        "x",
    )


def check_worlds(quick: bool) -> list[WorldSpec]:
    """One world per situation of the committed corpora, the agency's, the restaurant's."""
    if quick:
        return [QUICK_SPEC]
    out = [
        SPEC,
        AGENCY,
        WorldSpec(
            name="restaurant",
            seed=1,
            headcount=40,
            situations=(SituationSpec("restaurant-shift-v1", {"case": "dinner-rush"}),),
        ),
    ]
    for corpus in ("corpus/arcadia-v2", "corpus/arcadia-v1"):
        for folder in sorted(p for p in (ROOT / corpus).iterdir() if p.is_dir()):
            task = json.loads(next(iter(sorted(folder.glob("*.json")))).read_text())
            w, s = task["world"], task["situation"]
            out.append(
                WorldSpec(
                    seed=w["seed"],
                    headcount=w["headcount"],
                    name=w["spec"],
                    situations=(SituationSpec(s["id"], s.get("params", {})),),
                )
            )
    return out


def table_digests(conn: sqlite3.Connection) -> dict[str, list[Any]]:
    """Every table's row count and the sha256 of its rows (each value with its type), in
    insertion order."""
    out: dict[str, list[Any]] = {}
    names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for name in sorted(names):
        digest, count = hashlib.sha256(), 0
        for row in conn.execute(f'SELECT * FROM "{name}" ORDER BY rowid'):
            digest.update(repr(tuple((type(v).__name__, v) for v in row)).encode())
            count += 1
        out[name] = [count, digest.hexdigest()]
    return out


def dump(worlds: list[WorldSpec]) -> dict[str, dict[str, list[Any]]]:
    out = {}
    apps = load_specs()
    for spec in worlds:
        world = generate_world(spec)
        for app in (a for a in apps if a.serves(spec.name)):
            db = build(app, world)
            out[f"{spec.key()} {app.name}"] = table_digests(db.conn)
            db.close()
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Print every template or table that differs; the number of differences."""
    bad = 0
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old is None or new is None:
            print(f"only in {'the file' if new is None else 'this build'}: {key}")
            bad += 1
            continue
        for table in sorted(set(old) | set(new)):
            if old.get(table) != new.get(table):
                print(f"differs: {key} table {table}: {old.get(table)} -> {new.get(table)}")
                bad += 1
    return bad


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--runs", type=int, default=5, help="rounds of builds (median)")
    parser.add_argument("--dump", type=Path, help="write every template's table digests")
    parser.add_argument("--against", type=Path, help="compare them with a --dump file")
    args = parser.parse_args(argv)
    if args.dump or args.against:
        digests = dump(check_worlds(args.quick))
        if args.dump:
            args.dump.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
        if args.against:
            bad = compare(json.loads(args.against.read_text()), digests)
            figure("templates_checked", len(digests), "templates")
            figure("template_tables_differing", bad, "tables")
            if bad:
                sys.exit(1)
        return
    bench_builds(QUICK_SPEC if args.quick else SPEC, 1 if args.quick else args.runs)


if __name__ == "__main__":
    main()
