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

One `no-collateral-v1` guard allows exactly those records, kinds, fields and counts, and
the extras the goal allows without asking for them (`Hints.allow`: a careful person's
mail or note beyond the gold): records added in a table, matching a predicate, at most so
many. No check requires them; a check on records the gold added to that table tolerates
them in its scope (`beyond`), so that `count` of its records must still be as asked.

Given the equivalence shadow's `Loose` (`taskgen.shadow.equivalence_shadow`), what a
careful person's optional free text changes is let through, unpinned: a free-text column of
an updated record may change (to text) and the guard allows it; one of an added record is
left to the agent (`ignore`); records the free text adds in a table of their own (a
comment's row) are allowed, up to the number the variants added.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arcadia.apps.kernel import AppSpec
from arcadia.grader.diff import Diff, Record
from arcadia.grader.predicates import matches, normalise, record_matches
from arcadia.grader.task import CheckSpec, GuardSpec
from arcadia.taskgen.shadow import Loose, record_key

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Rule:
    """How one column of the records matching `where` is judged: `value` (a value or
    predicate), `text` (phrases it must hold), `members` (of a JSON list) or `ignore`."""

    column: str  # app.table.column
    how: str
    spec: Any
    where: dict[str, Any]


@dataclass(frozen=True)
class Extra:
    """Records the task allows an agent to add beyond the gold (`Hints.allow`)."""

    app: str
    table: str
    where: dict[str, Any]
    max_added: int


@dataclass
class Hints:
    """How the goal wants some columns judged (the first rule that matches a record wins),
    a description per table for the checks' texts, and the extras it allows."""

    rules: list[Rule] = field(default_factory=list)
    say: dict[str, str] = field(default_factory=dict)  # app.table -> what the change is
    extras: list[Extra] = field(default_factory=list)

    def allow(self, app: str, table: str, where: dict[str, Any] | None = None, *,
              max_added: int = 1) -> None:
        """Let up to `max_added` records matching `where` be added to `app.table` beyond
        the gold (what a careful person may add unasked: a courtesy mail, a note); the
        guard allows them, no check asks for them."""
        if max_added < 1:
            raise ValueError(f"an extra allows at least one record, not {max_added}")
        self.extras.append(Extra(app, table, dict(where or {}), max_added))

    def value(self, column: str, spec: Any, where: dict[str, Any] | None = None) -> None:
        self.rules.append(Rule(column, "value", spec, where or {}))

    def text(self, column: str, phrases: list[Any], where: dict[str, Any] | None = None
             ) -> None:
        self.rules.append(Rule(column, "text", phrases, where or {}))

    def members(self, column: str, exactly: list[str], *, key: str | None = "address",
                where: dict[str, Any] | None = None) -> None:
        self.rules.append(Rule(column, "members", {"key": key, "exactly": exactly},
                               where or {}))

    def ignore(self, column: str, where: dict[str, Any] | None = None) -> None:
        self.rules.append(Rule(column, "ignore", None, where or {}))

    def rule(self, app: str, table: str, column: str, row: Mapping[str, Any]) -> Rule | None:
        name = f"{app}.{table}.{column}"
        return next((r for r in self.rules
                     if r.column == name and record_matches(dict(row), r.where)), None)


def derive(diff: Diff, specs: Mapping[str, AppSpec], hints: Hints,
           generated: Callable[[Record], set[str]], loose: Loose | None = None
           ) -> tuple[list[CheckSpec], list[GuardSpec]]:
    """The checks and the no-collateral guard for the gold's diff; `generated(record)`
    names the columns the apps generate (from the shadow run), `loose` what the gold's
    free-text variants change (from the equivalence shadow; None: nothing)."""
    checks: list[CheckSpec] = []
    allow: list[dict[str, Any]] = []
    keys = record_key(diff) if loose is not None else {}

    def loosened(r: Record) -> set[str]:
        return loose.of(keys[id(r)]) if loose is not None else set()

    for app, table in diff.changed_tables():
        ch = diff.changed_records(app, table)
        pk_cols = _pk_columns(specs[app], table)
        what = hints.say.get(f"{app}.{table}", f"{app} {table}")
        for r in ch.updated:
            assert r.new is not None
            where = {c: r.new[c] for c in pk_cols}
            changed = sorted(r.changed)
            named = {c: _spec(hints.rule(app, table, c, r.new), c, r.new[c], generated(r))
                     for c in changed}
            # The check's own field is one the instruction determines, when there is one
            # (a generated column, a timestamp, is judged by type among the others).
            first = next((c for c in changed if not _is_generated(named[c])), changed[0])
            texts = sorted(loosened(r) - set(changed))
            named.update({c: {"generated": "str"} for c in texts})
            checks.append(CheckSpec(
                id=f"{table}-{_slug(where)}-updated", kind="field-set-v1",
                description=f"{what}: {', '.join(changed)} set as asked, nothing else of it.",
                params={"app": app, "table": table, "where": where, "field": first,
                        "value": named[first],
                        "also": {c: v for c, v in named.items() if c != first}}))
            allow.append({"app": app, "table": table, "where": where, "kinds": ["updated"],
                          "fields": [*changed, *texts]})
        for r in ch.removed:
            assert r.old is not None
            where = {c: r.old[c] for c in pk_cols}
            # Several removed from one table: each check counts its own record.
            scope = {"scope": where} if len(ch.removed) > 1 else {}
            checks.append(CheckSpec(
                id=f"{table}-{_slug(where)}-removed", kind="record-removed-v1",
                description=f"{what}: the record is removed.",
                params={"app": app, "table": table, "where": where, "count": 1, **scope}))
            allow.append({"app": app, "table": table, "where": where, "kinds": ["removed"]})
        added_checks: list[CheckSpec] = []
        for n, r in enumerate(ch.added, start=1):
            assert r.new is not None
            varies = generated(r)
            rules = {c: hints.rule(app, table, c, r.new) for c in r.new}
            for c in loosened(r):
                if rules[c] is None:
                    rules[c] = Rule(f"{app}.{table}.{c}", "ignore", None, {})
            cols = {c: _spec(rules[c], c, v, varies) for c, v in r.new.items()}
            free = {c: spec for c, spec in cols.items()
                    if rules[c] is None or rules[c].how == "value"}  # type: ignore[union-attr]
            # The record the goal's rules single out (`to_json` holding its recipient) is
            # scoped by their predicate; others by the columns that tell them apart.
            wheres = {k: v for rule in rules.values() if rule is not None
                      for k, v in rule.where.items()}
            others = [o.new for o in ch.added if o is not r and o.new is not None]
            scope = wheres if wheres and not any(record_matches(o, wheres) for o in others) \
                else _scope(r, ch.added, free, pk_cols)
            params: dict[str, Any] = {"app": app, "table": table, "scope": scope, "count": 1,
                                      "fields": {}, "members": {}, "text": {}, "ignore": []}
            for c, spec in cols.items():
                rule = rules[c]
                if c in scope and not (rule is not None and rule.how != "value"):
                    continue
                if rule is not None and rule.how == "ignore":
                    params["ignore"].append(c)
                elif rule is not None and rule.how == "text":
                    params["text"][c] = rule.spec
                elif rule is not None and rule.how == "members":
                    params["members"][c] = rule.spec
                else:
                    params["fields"][c] = spec
            # Records the gold added alike (two starters' jobs of one title and date,
            # apart only in generated keys) are one check counting them all.
            twin = next((c for c in added_checks if c.params == {**params,
                                                                 "count": c.params["count"]}),
                        None)
            if twin is not None:
                twin.params["count"] += 1
                k = twin.params["count"]
                twin.description = twin.description.replace(
                    f"{k - 1} records added" if k > 2 else "one record added",
                    f"{k} records added")
                continue
            which = ", ".join(f"{k}={v!r}" for k, v in scope.items()) or "the only one"
            added_checks.append(CheckSpec(
                id=f"{table}-added-{n}", kind="record-added-matching-v1",
                description=f"{what}: one record added ({which}), every field as asked.",
                params=params))
        checks.extend(added_checks)
        if ch.added:
            allow.append({"app": app, "table": table, "kinds": ["added"],
                          "max_added": len(ch.added)})
    for (app, table), n in sorted((loose.added if loose is not None else {}).items()):
        if not diff.changed_records(app, table).added:
            allow.append({"app": app, "table": table, "kinds": ["added"], "max_added": n})
    for x in hints.extras:
        allow.append({"app": x.app, "table": x.table, **({"where": x.where} if x.where else {}),
                      "kinds": ["added"], "max_added": x.max_added})
    _tolerate(checks, hints.extras)
    guard = GuardSpec(id="only-these-changes", kind="no-collateral-v1",
                      description="Nothing changes but the records the task asks for, in the "
                                  "fields it asks for.", params={"allow": allow})
    return _unique(checks), [guard]


def _tolerate(checks: list[CheckSpec], extras: list[Extra]) -> None:
    """A check on added records counts exactly; the extras that may fall in its scope are
    tolerated there (`beyond`), and the guard judges them."""
    for c in checks:
        if c.kind != "record-added-matching-v1":
            continue
        p = c.params
        n = sum(x.max_added for x in extras if (x.app, x.table) == (p["app"], p["table"])
                and _may_overlap(x.where, p["scope"]))
        if not n:
            continue
        out: dict[str, Any] = {}
        for k, v in p.items():
            out[k] = v
            if k == "count":  # beside the count it loosens
                out["beyond"] = n
        c.params = out


def _may_overlap(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether a record could match both predicates: not when a column of both is a value
    the other's predicate (or value) refuses; two predicates of one column may overlap."""
    for col in [c for c in a if c in b]:
        x, y = a[col], b[col]
        if isinstance(x, dict) and isinstance(y, dict):
            continue
        value, spec = (y, x) if isinstance(x, dict) else (x, y)
        if not matches(value, spec):
            return False
    return True


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


def _spec(rule: Rule | None, col: str, value: Any, varies: set[str]) -> Any:
    """A rule's value; a generated column's type; else the value the gold left."""
    if rule is not None and rule.how == "value":
        return rule.spec
    if col in varies and value is not None:
        return {"generated": _type(value)}
    return value


def _is_generated(spec: Any) -> bool:
    return isinstance(spec, dict) and set(spec) == {"generated"}


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
    pinned = [c for c, spec in cols.items() if c not in pk and not isinstance(spec, dict)
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
