"""Grading figures: diff + grade of an episode that changed a handful of records, against a
full-scan diff of the same episode measured in the same run.

Run: python bench/grader.py   (prints one `figure: value unit` line per figure)
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from typing import Any

from _common import bench_parser, figure, median_ms

from arcadia.apps.kernel import KERNEL_TABLES, Database
from arcadia.grader import Diff, EmbeddedEnvironment, GradeContext, grade, load_task, replay

ROOT = Path(__file__).resolve().parents[1]
# The six HRIS -> payroll golds (the stories with mail repeat some of their fixes, which
# cannot all be replayed into one episode).
TASKS = [t for t in (load_task(p) for p in sorted((ROOT / "corpus" / "hr-mismatch").glob(
    "*.json"))) if set(t.meta.apps) <= {"hris", "payroll"}]


def all_rows(conn: sqlite3.Connection, table: str) -> list[dict[str, Any]]:
    cursor = conn.execute(f'SELECT * FROM "{table}"')
    cols = [d[0] for d in cursor.description]
    return [dict(zip(cols, row, strict=True)) for row in cursor]


def full_scan(template: Database, current: Database) -> list[tuple[str, Any]]:
    """The baseline: read every table of both databases and compare rows by primary key."""
    changes = []
    for table in current.metadata.sorted_tables:
        pk = [c.name for c in table.primary_key.columns]
        old = {tuple(r[c] for c in pk): r for r in all_rows(template.conn, table.name)}
        new = {tuple(r[c] for c in pk): r for r in all_rows(current.conn, table.name)}
        for key in old.keys() | new.keys():
            if old.get(key) != new.get(key):
                changes.append((table.name, key))
    return changes


def main(argv: list[str] | None = None) -> None:
    quick = bench_parser(__doc__).parse_args(argv).quick
    env = EmbeddedEnvironment()
    task = next(t for t in TASKS if t.id == "hr-mismatch-three-fixes")

    async def run_all_golds() -> str:
        episode = await env.start(task)
        for t in TASKS:  # every hand-written gold in one episode: a handful of records
            await replay(t, env, episode)
        return episode.id

    episode = env.store.get(asyncio.run(run_all_golds()))
    world = episode.world
    specs = env.store.apps

    def grade_once() -> float:
        g = grade(task, GradeContext(Diff.from_rows(episode.changes(), specs), world))
        if g.score is None:
            raise SystemExit(f"{task.id}: ungradeable: {g.reason}")
        return g.score

    def scan_once() -> int:
        return sum(len(full_scan(episode.template.dbs[n], db)) for n, db in episode.dbs.items())

    rows = episode.changes()
    changed = sum(len(r) for r in rows.values())
    assert changed == scan_once(), "the changelog diff and the full scan disagree"

    read: set[str] = set()

    def trace(sql: str) -> None:
        read.update(re.findall(r'FROM "?(\w+)"?', sql))

    for db in [*episode.dbs.values(), *episode.template.dbs.values()]:
        db.conn.set_trace_callback(trace)
    grade_once()
    for db in [*episode.dbs.values(), *episode.template.dbs.values()]:
        db.conn.set_trace_callback(None)
    tables = [t.name for db in episode.dbs.values() for t in db.metadata.sorted_tables]
    touched = {r.table for rs in rows.values() for r in rs}

    grade_ms = median_ms(grade_once, 20 if quick else 200)
    scan_ms = median_ms(scan_once, 2 if quick else 10)
    figure("people", len(world.people), "people")
    figure("changed_records", changed, "records")
    figure("grade_episode", grade_ms, "ms")
    figure("full_scan_diff_same_episode", scan_ms, "ms")
    figure("full_scan_over_grade", scan_ms / grade_ms, "x")
    figure("app_tables_read_by_grading", len((read - set(KERNEL_TABLES)) & set(tables)), "tables")
    figure("app_tables_touched", len(touched), "tables")
    figure("app_tables_total", len(tables), "tables")


if __name__ == "__main__":
    main()
