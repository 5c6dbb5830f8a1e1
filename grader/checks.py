"""Registered check kinds. Each demands a change, so doing nothing fails every check.

A check kind is a function `(ctx, params) -> Verdict` registered under a versioned id
with a pydantic model for its parameters; tasks name the kind and give the parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from arcadia.grader.diff import Diff
from arcadia.grader.predicates import describe, matches, record_matches
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
    """What checks and guards see: the diff, and the world's truth for policy."""

    diff: Diff
    world: World


@dataclass(frozen=True)
class Kind(Generic[P, R]):
    id: str
    description: str
    params: type[P]
    fn: Callable[[GradeContext, P], R]

    def evaluate(self, ctx: GradeContext, raw: dict[str, Any]) -> R:
        return self.fn(ctx, self.params.model_validate(raw))


class Registry(Generic[R]):
    """Kinds registered by versioned id (`field-set-v1`), each returning a `result`."""

    def __init__(self, what: str, result: type[R]) -> None:
        self.what = what
        self.result = result
        self.kinds: dict[str, Kind[Any, R]] = {}

    def register(self, id: str, description: str, params: type[P]
                 ) -> Callable[[Callable[[GradeContext, P], R]], Callable[[GradeContext, P], R]]:
        def add(fn: Callable[[GradeContext, P], R]) -> Callable[[GradeContext, P], R]:
            if id in self.kinds:
                raise ValueError(f"{self.what} kind {id!r} is registered twice")
            self.kinds[id] = Kind(id, description, params, fn)
            return fn
        return add

    def get(self, id: str) -> Kind[Any, R]:
        if id not in self.kinds:
            raise KeyError(f"unknown {self.what} kind {id!r}; known: {sorted(self.kinds)}")
        return self.kinds[id]


CHECKS: Registry[Verdict] = Registry("check", Verdict)
check = CHECKS.register


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


def _label(p: TableParams) -> str:
    return f"{p.app}.{p.table} [{describe(p.where)}]"


@check("record-created-v1", "Exactly `count` added records match the predicate.", CountParams)
def record_created(ctx: GradeContext, p: CountParams) -> Verdict:
    added = ctx.diff.changed_records(p.app, p.table).added
    hits = [r for r in added if record_matches(r.current, p.where)]
    return Verdict(len(hits) == p.count,
                   f"{_label(p)}: {len(hits)} added record(s) match, wanted {p.count} "
                   f"({len(added)} added in the table)")


@check("record-removed-v1", "Exactly `count` removed records matched the predicate.",
       CountParams)
def record_removed(ctx: GradeContext, p: CountParams) -> Verdict:
    removed = ctx.diff.changed_records(p.app, p.table).removed
    hits = [r for r in removed if record_matches(r.current, p.where)]
    return Verdict(len(hits) == p.count,
                   f"{_label(p)}: {len(hits)} removed record(s) matched, wanted {p.count}")


class FieldSetParams(TableParams):
    field: str = Field(description="Field that must now hold `value`.")
    value: Any = Field(description="The value (or predicate spec) the field must now satisfy.")

    def names(self) -> Iterator[NameRef]:
        yield from super().names()
        yield NameRef("field", self.app, self.table, self.field)


@check("field-set-v1", "A record matching the predicate had `field` changed to `value`.",
       FieldSetParams)
def field_set(ctx: GradeContext, p: FieldSetParams) -> Verdict:
    updated = ctx.diff.changed_records(p.app, p.table).updated
    targets = [r for r in updated if record_matches(r.current, p.where)]
    for r in targets:
        assert r.old is not None and r.new is not None
        if matches(r.new.get(p.field), p.value) and not matches(r.old.get(p.field), p.value):
            return Verdict(True, f"{_label(p)}: {p.field} {r.old.get(p.field)!r} -> "
                                 f"{r.new.get(p.field)!r}")
    seen = ", ".join(f"{r.old.get(p.field) if r.old else None!r} -> "
                     f"{r.new.get(p.field) if r.new else None!r}" for r in targets)
    return Verdict(False, f"{_label(p)}: {p.field} was not changed to {p.value!r}"
                          + (f" (saw {seen})" if seen else " (no matching record changed)"))


class RelationParams(TableParams):
    field: str = Field(description="Field that carries the relation (approver, recipient).")
    to: Any = Field(description="Who it must now point to (value or predicate spec).")

    def names(self) -> Iterator[NameRef]:
        yield from super().names()
        yield NameRef("field", self.app, self.table, self.field)


@check("relation-routed-v1",
       "A record added or updated so that `field` now points to `to` (and did not before).",
       RelationParams)
def relation_routed(ctx: GradeContext, p: RelationParams) -> Verdict:
    ch = ctx.diff.changed_records(p.app, p.table)
    for r in [*ch.added, *ch.updated]:
        if not record_matches(r.current, p.where):
            continue
        before = r.old is not None and matches(r.old.get(p.field), p.to)
        if matches(r.current.get(p.field), p.to) and not before:
            return Verdict(True, f"{_label(p)}: {p.field} routed to {r.current.get(p.field)!r}")
    return Verdict(False, f"{_label(p)}: no record newly routes {p.field} to {p.to!r}")
