"""Checks and guards derived from the gold's state diff, in grader v2's frame form.

Every record the gold changes becomes a check on all its fields:
- updated: `field-set-v1` on its primary key, every changed field named with its value;
- added: `record-added-matching-v1`, scoped by the determined columns that tell it apart
  from the other records the gold added to the table, every column pinned: determined
  values exactly (what the gold sent, what the app defaulted), what the app generates (the
  shadow run's varying columns: ids, timestamps, keys of records added alongside) by type,
  and the columns the goal says how to judge (text the agent words itself, columns left
  to it) as the goal says;
- removed: `record-removed-v1` on its primary key.

One `no-collateral-v1` guard allows exactly those records, kinds, fields and counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arcadia.apps.kernel import AppSpec
from arcadia.grader.diff import Diff, Record
from arcadia.grader.predicates import normalise
from arcadia.grader.task import CheckSpec, GuardSpec

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class Hints:
    """How the goal wants some columns judged, by `app.table.column`: a value or predicate
    (`fields`), phrases the text must hold (`text`), members of a list (`members`), or not
    at all (`ignore`); and a description per table for the checks' texts."""

    fields: dict[str, Any] = field(default_factory=dict)
    text: dict[str, list[Any]] = field(default_factory=dict)
    members: dict[str, dict[str, Any]] = field(default_factory=dict)
    ignore: set[str] = field(default_factory=set)
    say: dict[str, str] = field(default_factory=dict)  # app.table -> what the change is


def derive(diff: Diff, specs: Mapping[str, AppSpec], hints: Hints,
           generated: Callable[[Record], set[str]]) -> tuple[list[CheckSpec], list[GuardSpec]]:
    """The checks and the no-collateral guard for the gold's diff; `generated(record)`
    names the columns the apps generate (from the shadow run)."""
    checks: list[CheckSpec] = []
    allow: list[dict[str, Any]] = []
    for app, table in diff.changed_tables():
        ch = diff.changed_records(app, table)
        pk_cols = _pk_columns(specs[app], table)
        what = hints.say.get(f"{app}.{table}", f"{app} {table}")
        for r in ch.updated:
            assert r.new is not None
            where = {c: r.new[c] for c in pk_cols}
            changed = sorted(r.changed)
            named = {c: _spec(app, table, c, r.new[c], generated(r), hints) for c in changed}
            first = changed[0]
            checks.append(CheckSpec(
                id=f"{table}-{_slug(where)}-updated", kind="field-set-v1",
                description=f"{what}: {', '.join(changed)} set as asked, nothing else of it.",
                params={"app": app, "table": table, "where": where, "field": first,
                        "value": named[first],
                        "also": {c: v for c, v in named.items() if c != first}}))
            allow.append({"app": app, "table": table, "where": where, "kinds": ["updated"],
                          "fields": changed})
        for r in ch.removed:
            assert r.old is not None
            where = {c: r.old[c] for c in pk_cols}
            checks.append(CheckSpec(
                id=f"{table}-{_slug(where)}-removed", kind="record-removed-v1",
                description=f"{what}: the record is removed.",
                params={"app": app, "table": table, "where": where, "count": 1}))
            allow.append({"app": app, "table": table, "where": where, "kinds": ["removed"]})
        for n, r in enumerate(ch.added, start=1):
            assert r.new is not None
            varies = generated(r)
            cols = {c: _spec(app, table, c, v, varies, hints) for c, v in r.new.items()}
            scope = _scope(r, ch.added, cols, pk_cols)
            params: dict[str, Any] = {"app": app, "table": table, "scope": scope, "count": 1,
                                      "fields": {}, "members": {}, "text": {}, "ignore": []}
            for c, spec in cols.items():
                name = f"{app}.{table}.{c}"
                if c in scope:
                    continue
                if name in hints.ignore:
                    params["ignore"].append(c)
                elif name in hints.text:
                    params["text"][c] = hints.text[name]
                elif name in hints.members:
                    params["members"][c] = hints.members[name]
                else:
                    params["fields"][c] = spec
            which = ", ".join(f"{k}={v!r}" for k, v in scope.items()) or "the only one"
            checks.append(CheckSpec(
                id=f"{table}-added-{n}", kind="record-added-matching-v1",
                description=f"{what}: one record added ({which}), every field as asked.",
                params=params))
        if ch.added:
            allow.append({"app": app, "table": table, "kinds": ["added"],
                          "max_added": len(ch.added)})
    guard = GuardSpec(id="only-these-changes", kind="no-collateral-v1",
                      description="Nothing changes but the records the task asks for, in the "
                                  "fields it asks for.", params={"allow": allow})
    return _unique(checks), [guard]


def _unique(checks: list[CheckSpec]) -> list[CheckSpec]:
    seen: dict[str, int] = {}
    for c in checks:
        n = seen.get(c.id, 0)
        seen[c.id] = n + 1
        if n:
            c.id = f"{c.id}-{n + 1}"
    return checks


def _pk_columns(spec: AppSpec, table: str) -> list[str]:
    return [c.name for c in spec.metadata.tables[table].primary_key.columns]


def _spec(app: str, table: str, col: str, value: Any, varies: set[str], hints: Hints
          ) -> Any:
    name = f"{app}.{table}.{col}"
    if name in hints.fields:
        return hints.fields[name]
    if col in varies and value is not None:
        return {"generated": _type(value)}
    return value


def _type(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return "int"
    if isinstance(value, str) and _UUID.match(value):
        return "uuid"
    if isinstance(value, str) and _STAMP.match(value):
        return "datetime"
    if isinstance(value, str) and _DATE.match(value):
        return "date"
    return "str"


def _scope(r: Record, siblings: list[Record], cols: Mapping[str, Any], pk: list[str]
           ) -> dict[str, Any]:
    """Determined columns (pinned values, not the key) that tell `r` apart from the other
    records added to its table: one column if one does, else two."""
    assert r.new is not None
    pinned = [c for c, spec in cols.items()
              if c not in pk and not (isinstance(spec, dict) and "generated" in spec)
              and r.new[c] is not None and not isinstance(r.new[c], dict | list)]
    others = [s.new for s in siblings if s is not r and s.new is not None]
    if not others:
        return {}
    for c in pinned:
        if all(normalise(o.get(c)) != normalise(r.new[c]) for o in others):
            return {c: r.new[c]}
    for i, a in enumerate(pinned):
        for b in pinned[i + 1:]:
            if all((normalise(o.get(a)), normalise(o.get(b)))
                   != (normalise(r.new[a]), normalise(r.new[b])) for o in others):
                return {a: r.new[a], b: r.new[b]}
    return {c: r.new[c] for c in pinned}


def _slug(where: Mapping[str, Any]) -> str:
    text = "-".join(str(v) for v in where.values())
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "record"
