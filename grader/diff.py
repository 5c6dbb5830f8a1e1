"""Record-level diffs of an episode against its template, per app and table.

The kernel's changelog triggers record the primary key of every row a request touched,
so the diff reads those rows only (in both databases, by primary key) and never scans a
table. Tables and fields the apps declare as bookkeeping are dropped here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arcadia.apps.kernel import AppSpec, RowChange


@dataclass(frozen=True)
class Record:
    """One changed record: values before (None if added) and after (None if removed)."""

    app: str
    table: str
    pk: tuple[Any, ...]
    old: dict[str, Any] | None
    new: dict[str, Any] | None
    changed: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "added" if self.old is None else "removed" if self.new is None else "updated"

    @property
    def current(self) -> dict[str, Any]:
        return self.new if self.new is not None else self.old or {}


@dataclass(frozen=True)
class Changes:
    added: list[Record]
    updated: list[Record]
    removed: list[Record]


class Diff:
    """What an episode changed, judged fields only."""

    def __init__(self, records: Sequence[Record]) -> None:
        self.records = list(records)

    @classmethod
    def from_rows(cls, rows: Mapping[str, Sequence[RowChange]], specs: Mapping[str, AppSpec]
                  ) -> Diff:
        records = []
        for app, changes in rows.items():
            spec = specs[app]
            for ch in changes:
                if ch.table in spec.ignored_tables:
                    continue
                ignored = set(spec.ignored_fields.get(ch.table, ()))
                old, new = _judged(ch.old, ignored), _judged(ch.new, ignored)
                if old == new:
                    continue
                changed = {} if old is None or new is None else {
                    k: (old.get(k), new.get(k)) for k in new if old.get(k) != new.get(k)}
                records.append(Record(app, ch.table, ch.pk, old, new, changed))
        return cls(records)

    def changed_tables(self) -> list[tuple[str, str]]:
        """(app, table) pairs with at least one changed record, in first-change order."""
        return list(dict.fromkeys((r.app, r.table) for r in self.records))

    def changed_records(self, app: str, table: str) -> Changes:
        mine = [r for r in self.records if r.app == app and r.table == table]
        return Changes([r for r in mine if r.kind == "added"],
                       [r for r in mine if r.kind == "updated"],
                       [r for r in mine if r.kind == "removed"])

    def summary(self) -> dict[str, dict[str, dict[str, int]]]:
        out: dict[str, dict[str, dict[str, int]]] = {}
        for app, table in self.changed_tables():
            ch = self.changed_records(app, table)
            out.setdefault(app, {})[table] = {"added": len(ch.added), "updated": len(ch.updated),
                                              "removed": len(ch.removed)}
        return out


def _judged(row: dict[str, Any] | None, ignored: set[str]) -> dict[str, Any] | None:
    if row is None:
        return None
    return {k: v for k, v in row.items() if k not in ignored}


def rows_from_json(payload: Mapping[str, Sequence[Mapping[str, Any]]]
                   ) -> dict[str, list[RowChange]]:
    """Rebuild kernel row changes from the control plane's `/changes` JSON."""
    return {app: [RowChange(c["table"], tuple(c["pk"]), c["old"], c["new"]) for c in rows]
            for app, rows in payload.items()}
