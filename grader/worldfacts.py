"""The world-facts gate: a check may not pin an app default the world's own records
contradict.

A column of a record the gold adds is an *app default* when the check pins a plain value
that no request of the gold carried (the app filled it in). The world's rows of the same
table (the template, before any episode) are its convention; a default contradicts it when
- it is null, and in nearly every world row (`AGREE`) the column equals another column of
  the row that the added record does set (payroll's `work_email` = `email`); or
- it is a category (`pay_type` `Salary`) and a number the gold did send on the record
  (`pay_rate` 20.75) lies outside the range of every world row holding that category and
  inside the range of the rows holding another (`Hourly`: 16.50-39.75).

Both are read from the data, for any table: no rule names a task, an app or a column.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from arcadia.apps.kernel import EpisodeStore
from arcadia.grader.diff import Diff
from arcadia.grader.gate import GateResult, key, sent_values, shown
from arcadia.grader.predicates import normalise, record_matches
from arcadia.grader.task import Step, Task

AGREE = 0.95  # share of the world's rows that make a convention
LEAST = 5  # rows (per category) below which the world says nothing
KINDS = ("record-added-matching-v1", "record-created-v1")


class WorldRows:
    """The rows of a world's tables as seeded (read once per world and table)."""

    def __init__(self, store: EpisodeStore) -> None:
        self.store = store
        self.cache: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        self.profiles: dict[tuple[str, str, str], Profile] = {}

    async def rows(self, task: Task, app: str, table: str) -> list[dict[str, Any]]:
        spec = task.world_spec()
        k = (spec.key(), app, table)
        if k not in self.cache:
            episode = await self.store.acreate(spec)
            try:
                cur = episode.dbs[app].conn.execute(f'SELECT * FROM "{table}"')
                names = [d[0] for d in cur.description]
                self.cache[k] = [dict(zip(names, row, strict=True)) for row in cur.fetchall()]
            finally:
                await self.store.adelete(episode.id)
        return self.cache[k]

    async def profile(self, task: Task, app: str, table: str) -> Profile:
        k = (task.world_spec().key(), app, table)
        if k not in self.profiles:
            self.profiles[k] = Profile(await self.rows(task, app, table))
        return self.profiles[k]

    async def convention(self, task: Task, app: str, table: str, col: str
                         ) -> tuple[int, int]:
        """(rows that set `col`, rows) in the world's table."""
        world = await self.profile(task, app, table)
        return world.set_in(col), len(world.rows)


def _number(v: Any) -> Decimal | None:
    n = normalise(v)
    return n if isinstance(n, Decimal) else None


def _same(a: Any, b: Any) -> bool:
    if a == b:
        return True
    return isinstance(a, str) and isinstance(b, str) and a.strip().lower() == b.strip().lower()


class Profile:
    """What one table's world rows say, computed once per question."""

    CATEGORIES = 20  # a column with more distinct values than this is no category

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows
        self._set: dict[str, int] = {}
        self._equal: dict[tuple[str, str], int] = {}
        self._groups: dict[str, dict[str, list[dict[str, Any]]] | None] = {}
        self._spans: dict[tuple[str, str, str], tuple[Decimal, Decimal] | None] = {}

    def set_in(self, col: str) -> int:
        if col not in self._set:
            self._set[col] = sum(r.get(col) not in (None, "") for r in self.rows)
        return self._set[col]

    def equal(self, col: str, other: str) -> int:
        if (col, other) not in self._equal:
            self._equal[(col, other)] = sum(
                r.get(col) not in (None, "") and _same(r.get(col), r.get(other))
                for r in self.rows)
        return self._equal[(col, other)]

    def groups(self, col: str) -> dict[str, list[dict[str, Any]]] | None:
        if col not in self._groups:
            raw: dict[Any, list[dict[str, Any]]] = {}
            for r in self.rows:
                if r.get(col) is not None:
                    raw.setdefault(r.get(col), []).append(r)
                    if len(raw) > self.CATEGORIES:
                        break
            self._groups[col] = None if len(raw) > self.CATEGORIES else \
                {key(v): g for v, g in raw.items()}
        return self._groups[col]

    def span(self, col: str, group: str, other: str) -> tuple[Decimal, Decimal] | None:
        k = (col, group, other)
        if k not in self._spans:
            xs = [n for r in (self.groups(col) or {}).get(group, [])
                  if (n := _number(r.get(other))) is not None]
            self._spans[k] = (min(xs), max(xs)) if len(xs) >= LEAST else None
        return self._spans[k]


def _null_problem(col: str, record: dict[str, Any], world: Profile) -> str | None:
    n = len(world.rows)
    if world.set_in(col) < max(LEAST, AGREE * n):
        return None
    for other, value in record.items():
        if other == col or value in (None, ""):
            continue
        same = world.equal(col, other)
        if same >= LEAST and same >= AGREE * n:
            return (f"{col} pinned null (the app's default), but in {same} of {n} of "
                    f"the world's rows {col} = {other} (here {value!r})")
    return None


def _range_problem(col: str, pinned: Any, record: dict[str, Any], sent: set[str],
                   world: Profile) -> str | None:
    groups = world.groups(col)
    mine = key(pinned)
    if groups is None or len(groups.get(mine, [])) < LEAST:
        return None
    for other, value in record.items():
        x = _number(value) if not isinstance(value, bool) else None
        if other == col or x is None or key(value) not in sent:
            continue
        here = world.span(col, mine, other)
        if here is None or here[0] <= x <= here[1]:
            continue
        for g, group in sorted(groups.items()):
            there = world.span(col, g, other)
            if g != mine and there is not None and there[0] <= x <= there[1]:
                return (f"{col} pinned {pinned!r} (the app's default), but {other}={value} "
                        f"is outside every world row with {col}={pinned!r} "
                        f"({here[0]:f}-{here[1]:f}) and inside those with {col}="
                        f"{group[0].get(col)!r} ({there[0]:f}-{there[1]:f})")
    return None


async def world_facts(task: Task, diff: Diff, sent: Sequence[Step | None],
                      world: WorldRows) -> GateResult:
    """Each added record's pinned defaults against the world's rows of its table."""
    carried = sent_values(list(sent))
    judged = 0
    for check in task.checks:
        if check.kind not in KINDS:
            continue
        p = check.params
        app, table, scope = p["app"], p["table"], p.get("scope", {})
        records = [shown(r) for r in diff.changed_records(app, table).added]
        records = [r for r in records if record_matches(r, scope)]
        pinned = {c: v for c, v in p.get("fields", {}).items()
                  if not isinstance(v, dict | list) and c not in scope
                  and (v is None or key(v) not in carried)}
        if not records or not pinned:
            continue
        rows = await world.profile(task, app, table)
        if len(rows.rows) < LEAST:
            continue
        judged += len(pinned)
        for record in records:
            for col, value in pinned.items():
                why = _null_problem(col, record, rows) if value is None else \
                    _range_problem(col, value, record, carried, rows)
                if why:
                    return GateResult(False, f"{check.id} ({app}.{table}): {why}")
    return GateResult(True, f"{judged} pinned default(s) agree with the world's rows"
                      if judged else "no check pins an app default")
