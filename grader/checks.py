"""The generic check kinds (`KINDS`). Each demands a change, so doing nothing fails every check.

A check kind is a function `(ctx, params) -> Verdict` made a `Kind` by `@kind`, under a
versioned id with a pydantic model for its parameters; tasks name the kind and give the
parameters. The registry tasks name them in is `arcadia.grader.kinds.CHECKS`: these, then
each world's pack's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from arcadia.apps.kernel.templates import WorldSource
from arcadia.grader.diff import Diff, Record
from arcadia.grader.normal import fold, view
from arcadia.grader.predicates import (
    describe,
    frame_problem,
    matches,
    normalise,
    record_matches,
    value_ok,
)
from arcadia.world import World

P = TypeVar("P", bound=BaseModel)
R = TypeVar("R")


@dataclass(frozen=True)
class Verdict:
    """What a check says: passed or not, and why."""

    passed: bool
    reason: str


@dataclass(frozen=True)
class NameRef:
    """A name a kind's parameters give (an app, table, and maybe a field), and where.

    `load_task` checks every one against the registered apps' tables, so that a misspelled
    field fails at load instead of silently never matching.
    """

    loc: str
    app: str
    table: str
    field: str | None = None


@dataclass(frozen=True)
class GradeContext:
    """What checks and guards see: the diff, and the world's truth for policy (given as the
    world, or as its `WorldSource`, which reads the world only if a kind asks for it)."""

    diff: Diff
    truth: World | WorldSource

    @property
    def world(self) -> World:
        truth = self.truth
        return truth.world if isinstance(truth, WorldSource) else truth

    def part(self, name: str) -> Any:
        """One field of the world (`agency`), read without the rest where it can be."""
        truth = self.truth
        return truth.part(name) if isinstance(truth, WorldSource) else getattr(truth, name)


@dataclass(frozen=True)
class Kind(Generic[P, R]):
    id: str
    description: str
    params: type[P]
    fn: Callable[[GradeContext, P], R]
    # True when the kind judges records and their fields (every enterprise kind); False when
    # it judges an outcome read from a trace (the restaurant's), where the certificate's
    # record gates (each write needed, no duplicate, no unasked field) do not apply.
    records: bool = True

    def evaluate(self, ctx: GradeContext, raw: dict[str, Any]) -> R:
        return self.fn(ctx, self.params.model_validate(raw))


def kind(id: str, description: str, params: type[P], *, records: bool = True
         ) -> Callable[[Callable[[GradeContext, P], R]], Kind[P, R]]:
    """`@kind("field-set-v1", "...", Params)`: the function as a `Kind` under that id, for a
    registry to list (it registers nothing itself)."""
    def make(fn: Callable[[GradeContext, P], R]) -> Kind[P, R]:
        return Kind(id, description, params, fn, records)
    return make


class TableParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    app: str = Field(description="App whose table is checked.")
    table: str = Field(description="Table name in that app's database.")
    where: dict[str, Any] = Field(default_factory=dict,
                                  description="Predicate on the record's fields.")

    def names(self) -> Iterator[NameRef]:
        yield NameRef("table", self.app, self.table)
        for name in self.where:
            yield NameRef(f"where.{name}", self.app, self.table, name)


class CountParams(TableParams):
    count: int = Field(1, ge=1, description="Exactly this many records must match.")


class Frame(BaseModel):
    """What else may change with the record a check judges: nothing, unless named here."""

    also: dict[str, Any] = Field(
        default_factory=dict,
        description="Other fields of the record that may change, each with the value (or "
        "predicate, or `{\"generated\": type}`) it must then hold; any other changed field "
        "fails the check. For an added record, every column must be named.")


def _seen(r: Record) -> tuple[dict[str, Any] | None, dict[str, Any] | None, dict[str, Any]]:
    """A changed record's (old, new, current) rows as the product shows them."""
    old, new = view(r.app, r.table, r.old), view(r.app, r.table, r.new)
    return old, new, (new if new is not None else old) or {}


def _label(p: TableParams) -> str:
    return f"{p.app}.{p.table} [{describe(p.where)}]"


class CreatedParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    app: str = Field(description="App whose table is checked.")
    table: str = Field(description="Table name in that app's database.")
    scope: dict[str, Any] = Field(
        default_factory=dict, description="Predicate that selects the anchor's records "
        "(`{\"employee_uuid\": ...}`): every record added in the scope is counted.")
    count: int = Field(1, ge=1, description="Exactly this many records must be added in "
                       "the scope.")
    fields: dict[str, Any] = Field(
        default_factory=dict,
        description="Every other judged column of an added record: a pinned value or "
        "predicate, or `{\"generated\": \"uuid\"|\"int\"|\"str\"|\"date\"|"
        "\"datetime\"}` for what the app generates. A column named neither here nor in "
        "`scope` fails the check.")

    def names(self) -> Iterator[NameRef]:
        yield NameRef("table", self.app, self.table)
        for name in self.scope:
            yield NameRef(f"scope.{name}", self.app, self.table, name)
        for name in self.fields:
            yield NameRef(f"fields.{name}", self.app, self.table, name)

    def accounted(self) -> tuple[str, str, str, set[str]]:
        """(location, app, table, columns) the check pins: the task must name them all."""
        return "fields", self.app, self.table, {*self.scope, *self.fields}


@kind("record-created-v1", "Exactly `count` records are added in `scope`, each with every "
       "column as `fields` says.", CreatedParams)
def record_created(ctx: GradeContext, p: CreatedParams) -> Verdict:
    label = f"{p.app}.{p.table} [{describe(p.scope)}]"
    added = ctx.diff.changed_records(p.app, p.table).added
    hits = [r for r in added if record_matches(_seen(r)[2], p.scope)]
    if len(hits) != p.count:
        return Verdict(False, f"{label}: {len(hits)} record(s) added in scope, wanted "
                              f"{p.count} ({len(added)} added in the table)")
    named = {**p.scope, **p.fields}
    for r in hits:
        problem = frame_problem("added", None, _seen(r)[1], named)
        if problem is not None:
            return Verdict(False, f"{label}: added {list(r.pk)}: {problem}")
    return Verdict(True, f"{label}: {len(hits)} record(s) added, every field as wanted")


class RemovedParams(CountParams):
    scope: dict[str, Any] = Field(default_factory=dict,
                                  description="Records counted: every removal in the scope.")

    def names(self) -> Iterator[NameRef]:
        yield from super().names()
        for name in self.scope:
            yield NameRef(f"scope.{name}", self.app, self.table, name)


@kind("record-removed-v1", "Exactly `count` records are removed in `scope`, and all of "
       "them matched `where`.", RemovedParams)
def record_removed(ctx: GradeContext, p: RemovedParams) -> Verdict:
    removed = ctx.diff.changed_records(p.app, p.table).removed
    counted = [r for r in removed if record_matches(r.current, p.scope)]
    hits = [r for r in counted if record_matches(r.current, p.where)]
    ok = len(hits) == p.count == len(counted)
    return Verdict(ok, f"{_label(p)}: {len(hits)} removed record(s) matched, wanted {p.count}"
                       f" ({len(counted)} removed in scope [{describe(p.scope)}])")


class FieldSetParams(TableParams, Frame):
    field: str = Field(description="Field that must now hold `value`.")
    value: Any = Field(description="The value (or predicate spec) the field must now satisfy.")

    def names(self) -> Iterator[NameRef]:
        yield from super().names()
        yield NameRef("field", self.app, self.table, self.field)
        for name in self.also:
            yield NameRef(f"also.{name}", self.app, self.table, name)


@kind("field-set-v1", "A record matching the predicate had `field` changed to `value`, "
       "and no other field but those in `also`.", FieldSetParams)
def field_set(ctx: GradeContext, p: FieldSetParams) -> Verdict:
    updated = ctx.diff.changed_records(p.app, p.table).updated
    targets = [r for r in updated if record_matches(_seen(r)[2], p.where)]
    named = {**p.also, p.field: p.value}
    for r in targets:
        old, new, _ = _seen(r)
        assert old is not None and new is not None
        if matches(new.get(p.field), p.value) and not matches(old.get(p.field), p.value):
            problem = frame_problem("updated", old, new, named)
            if problem is not None:
                return Verdict(False, f"{_label(p)}: {p.field} set, but {problem}")
            return Verdict(True, f"{_label(p)}: {p.field} {r.old.get(p.field)!r} -> "
                                 f"{r.new.get(p.field)!r}")
    seen = ", ".join(f"{r.old.get(p.field) if r.old else None!r} -> "
                     f"{r.new.get(p.field) if r.new else None!r}" for r in targets)
    return Verdict(False, f"{_label(p)}: {p.field} was not changed to {p.value!r}"
                          + (f" (saw {seen})" if seen else " (no matching record changed)"))


class RelationParams(TableParams, Frame):
    field: str = Field(description="Field that carries the relation (approver, recipient).")
    to: Any = Field(description="Who it must now point to (value or predicate spec).")

    def names(self) -> Iterator[NameRef]:
        yield from super().names()
        yield NameRef("field", self.app, self.table, self.field)
        for name in self.also:
            yield NameRef(f"also.{name}", self.app, self.table, name)


@kind("relation-routed-v1",
       "A record added or updated so that `field` now points to `to` (and did not before); "
       "no other field changes but those in `where` (added) and `also`.",
       RelationParams)
def relation_routed(ctx: GradeContext, p: RelationParams) -> Verdict:
    ch = ctx.diff.changed_records(p.app, p.table)
    named = {**p.where, **p.also, p.field: p.to}
    for r in [*ch.added, *ch.updated]:
        old, new, current = _seen(r)
        if not record_matches(current, p.where):
            continue
        before = old is not None and matches(old.get(p.field), p.to)
        if matches(current.get(p.field), p.to) and not before:
            problem = frame_problem(r.kind, old, new, named)
            if problem is not None:
                return Verdict(False, f"{_label(p)}: {p.field} routed, but {problem}")
            return Verdict(True, f"{_label(p)}: {p.field} routed to {current.get(p.field)!r}")
    return Verdict(False, f"{_label(p)}: no record newly routes {p.field} to {p.to!r}")


class Members(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str | None = Field("address", description="In a list of objects, the key whose "
                            "value is compared (`address` of a recipient); None for a list "
                            "of plain values.")
    exactly: list[str] = Field(description="The values the list must hold, no more and no "
                               "fewer (compared as normalised values: e-mail addresses "
                               "case-insensitively), in any order.")
    may: list[str] = Field(default_factory=list, description="Further values the list may "
                           "hold besides `exactly` (a reply-all's copies to the rest of the "
                           "thread), each at most once.")


Phrase = str | list[str]


class AddedMatchingParams(CreatedParams):
    fields: dict[str, Any] = Field(
        default_factory=dict,
        description="Every other column of an added record: a pinned value or predicate, "
        "or `{\"generated\": type}` for what the app generates. A column named neither "
        "here nor in `scope`, `members` or `text` fails the check.")
    members: dict[str, Members] = Field(
        default_factory=dict, description="JSON list columns (recipients, attendees) that "
        "must hold exactly the given members.")
    text: dict[str, list[Phrase]] = Field(
        default_factory=dict, description="Text columns that must contain every phrase "
        "(case and spacing folded); a phrase given as a list is satisfied by any of its "
        "spellings (`[\"$98,500\", \"98500\"]`).")
    ignore: list[str] = Field(default_factory=list,
                              description="Columns not judged: what the instruction leaves to "
                              "the agent (an event's reminder, a body's content type).")
    beyond: int = Field(0, ge=0, description="Up to this many further records in `scope` "
                        "are extras the task allows and the no-collateral guard judges: "
                        "`count` of the records in scope must be as asked, the rest are not "
                        "judged here.")

    def names(self) -> Iterator[NameRef]:
        yield NameRef("table", self.app, self.table)
        for where, cols in (("scope", self.scope), ("fields", self.fields),
                            ("members", self.members), ("text", self.text),
                            ("ignore", dict.fromkeys(self.ignore))):
            for name in cols:
                yield NameRef(f"{where}.{name}", self.app, self.table, name)

    def accounted(self) -> tuple[str, str, str, set[str]]:
        """(location, app, table, columns) the check pins: the task must name them all."""
        return "fields", self.app, self.table, {*self.scope, *self.fields, *self.members,
                                                 *self.text, *self.ignore}


def _json_list(value: Any) -> list[Any] | None:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    return list(value) if isinstance(value, list | tuple) else None


def _dig(item: Any, key: str) -> Any:
    """`item[key]`, looked for one level down too (Graph nests a recipient's address:
    `{"emailAddress": {"address": ...}}`)."""
    if not isinstance(item, dict):
        return None
    if key in item:
        return item[key]
    inner = [v[key] for v in item.values() if isinstance(v, dict) and key in v]
    return inner[0] if inner else None


def _members_problem(value: Any, spec: Members) -> str | None:
    items = _json_list(value)
    if items is None:
        return f"{value!r} is not a list"
    got = []
    for item in items:
        if spec.key is not None:
            item = _dig(item, spec.key)
        got.append(normalise(item))
    want = [normalise(v) for v in spec.exactly]
    rest = sorted(map(str, got))
    for v in map(str, want):
        if v not in rest:
            break
        rest.remove(v)
    else:
        may = [str(normalise(v)) for v in spec.may]
        if all(rest.count(v) <= may.count(v) for v in rest):
            return None
    also = f" (and any of {sorted(map(str, spec.may))})" if spec.may else ""
    return f"holds {sorted(map(str, got))}, wanted exactly {sorted(map(str, want))}{also}"


def _text_problem(value: Any, phrases: list[Phrase]) -> str | None:
    text = fold(value)
    for phrase in phrases:
        options = [phrase] if isinstance(phrase, str) else phrase
        if not any(fold(o) in text for o in options):
            return f"does not contain {options[0]!r}" + (
                f" (nor {options[1:]!r})" if len(options) > 1 else "")
    return None


@kind("record-added-matching-v1",
       "Exactly `count` records are added in `scope`; each has `fields` as given, its JSON "
       "list columns (`members`) hold exactly the given members, and its text columns "
       "(`text`) contain every phrase; every other column is named in `scope` or `fields` "
       "or left to the agent in `ignore`.",
       AddedMatchingParams)
def record_added_matching(ctx: GradeContext, p: AddedMatchingParams) -> Verdict:
    label = f"{p.app}.{p.table} [{describe(p.scope)}]"
    added = ctx.diff.changed_records(p.app, p.table).added
    hits = [r for r in added if record_matches(_seen(r)[2], p.scope)]
    if not p.count <= len(hits) <= p.count + p.beyond:
        wanted = f"{p.count} to {p.count + p.beyond}" if p.beyond else f"{p.count}"
        return Verdict(False, f"{label}: {len(hits)} record(s) added in scope, wanted "
                              f"{wanted} ({len(added)} added in the table)")
    problems = [why for r in hits if (why := _added_problem(p, r)) is not None]
    if len(hits) - len(problems) < p.count:
        return Verdict(False, f"{label}: {problems[0]}")
    return Verdict(True, f"{label}: {len(hits)} record(s) added as wanted")


def _added_problem(p: AddedMatchingParams, r: Record) -> str | None:
    """What is wrong with the added record `r` against `p`, or None."""
    row = _seen(r)[2]
    named = {**p.scope, **p.fields}
    for col in row:
        if col in p.members or col in p.text or col in p.ignore:
            continue
        if col not in named:
            return f"added {list(r.pk)}: field {col}={row.get(col)!r} is not one the task " \
                   "allows"
        if not value_ok(row.get(col), named[col]):
            return f"added {list(r.pk)}: {col}={row.get(col)!r}, wanted {named[col]!r}"
    for col, members in p.members.items():
        problem = _members_problem(row.get(col), members)
        if problem is not None:
            return f"added {list(r.pk)}: {col} {problem}"
    for col, phrases in p.text.items():
        problem = _text_problem(row.get(col), phrases)
        if problem is not None:
            return f"added {list(r.pk)}: {col} {problem}"
    return None


class GroupAddedParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    app: str = Field(description="App whose table is checked.")
    table: str = Field(description="Table name in that app's database.")
    scope: dict[str, Any] = Field(
        default_factory=dict, description="Predicate that selects the records counted "
        "(`{\"spreadsheet_id\": ..., \"sheet_id\": 0}`).")
    group: str = Field(description="Column whose value groups the added records (a "
                       "spreadsheet cell's `row`).")
    key: str = Field(description="Column that names a record within its group (`col`).")
    value: str = Field(description="Column holding the record's value (`value`).")
    count: int = Field(1, ge=1, description="Exactly this many groups must be added in the "
                       "scope, and every one must match.")
    entries: dict[str, Any] = Field(
        description="Per key (its value as text: `\"0\"`), the value (or predicate) the "
        "group's record of that key must hold; a group holds exactly these keys.")
    fields: dict[str, Any] = Field(default_factory=dict,
                                   description="Other columns: a value or predicate every "
                                   "record of a group must satisfy.")
    ignore: list[str] = Field(default_factory=list,
                              description="Columns not judged (a cell's display format, or "
                              "its kind when a number may be entered as text).")
    anchor: str | None = Field(None, description="A key of `entries` that picks the groups "
                               "counted (a row's name cell): only groups whose record of that "
                               "key holds its entry's value; None: every group in scope.")

    def names(self) -> Iterator[NameRef]:
        yield NameRef("table", self.app, self.table)
        for name in (self.group, self.key, self.value):
            yield NameRef("group/key/value", self.app, self.table, name)
        for where, cols in (("scope", self.scope), ("fields", self.fields)):
            for name in cols:
                yield NameRef(f"{where}.{name}", self.app, self.table, name)
        for i, name in enumerate(self.ignore):
            yield NameRef(f"ignore.{i}", self.app, self.table, name)


def _key_text(value: Any) -> str:
    n = normalise(value)
    return format(n, "f") if isinstance(n, Decimal) else str(value)


@kind("group-added-v1",
       "Exactly `count` groups of records (a spreadsheet row's cells) are added in `scope`, "
       "each holding exactly the `entries` (key -> value) and `fields`; columns in "
       "`ignore` are not judged, any other column fails.", GroupAddedParams)
def group_added(ctx: GradeContext, p: GroupAddedParams) -> Verdict:
    label = f"{p.app}.{p.table} [{describe(p.scope)}]"
    added = [_seen(r)[2] for r in ctx.diff.changed_records(p.app, p.table).added]
    added = [row for row in added if record_matches(row, p.scope)]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in added:
        groups.setdefault(_key_text(row.get(p.group)), []).append(row)
    if p.anchor is not None:
        groups = {g: rows for g, rows in groups.items()
                  if any(_key_text(row.get(p.key)) == p.anchor
                         and value_ok(row.get(p.value), p.entries.get(p.anchor))
                         for row in rows)}
    if len(groups) != p.count:
        return Verdict(False, f"{label}: {len(groups)} {p.group}(s) added, wanted {p.count}")
    known = {p.group, p.key, p.value, *p.scope, *p.fields, *p.ignore}
    for g, rows in sorted(groups.items()):
        got = {_key_text(row.get(p.key)): row for row in rows}
        if set(got) != set(p.entries):
            return Verdict(False, f"{label}: {p.group} {g} holds {p.key}s {sorted(got)}, "
                                  f"wanted exactly {sorted(p.entries)}")
        for k, row in sorted(got.items()):
            if not value_ok(row.get(p.value), p.entries[k]):
                return Verdict(False, f"{label}: {p.group} {g}, {p.key} {k}: "
                                      f"{row.get(p.value)!r}, wanted {p.entries[k]!r}")
            for col, spec in p.fields.items():
                if not value_ok(row.get(col), spec):
                    return Verdict(False, f"{label}: {p.group} {g}, {p.key} {k}: {col}="
                                          f"{row.get(col)!r}, wanted {spec!r}")
            stray = sorted(set(row) - known)
            if stray:
                return Verdict(False, f"{label}: {p.group} {g}: field {stray[0]}="
                                      f"{row.get(stray[0])!r} is not one the task allows")
    return Verdict(True, f"{label}: {len(groups)} {p.group}(s) added as wanted")


# The generic check kinds, in the order `CHECKS` lists them.
KINDS: tuple[Kind[Any, Verdict], ...] = (
    record_created, record_removed, field_set, relation_routed, record_added_matching,
    group_added)
