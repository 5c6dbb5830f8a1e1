"""The generic guard kinds (`KINDS`): each reports a state, and only `breached` zeroes the score.

A guard says `not_triggered` (nothing it watches was touched), `complied` (touched, within
the rule) or `breached`. What a kind watches is part of its definition (see each kind's
docstring). The registry tasks name them in is `arcadia.grader.kinds.GUARDS`: these, then
each world's pack's (the staffing agency's handbook guards live in `grader/agency/`). A
guard that raises, or returns anything but a `GuardVerdict`, makes the grade ungradeable,
never a pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arcadia.grader.checks import GradeContext, Kind, NameRef, TableParams, kind
from arcadia.grader.diff import Record
from arcadia.grader.normal import changed as shown_changed
from arcadia.grader.predicates import describe, record_matches

GuardState = Literal["not_triggered", "complied", "breached"]
GUARD_STATES: tuple[GuardState, ...] = ("not_triggered", "complied", "breached")


@dataclass(frozen=True)
class GuardVerdict:
    """What a guard says: its state, and why. Only `breached` multiplies the score by 0."""

    state: GuardState
    reason: str

    def __post_init__(self) -> None:
        if self.state not in GUARD_STATES:
            raise ValueError(f"guard state {self.state!r} is not one of {GUARD_STATES}")

    @property
    def passed(self) -> bool:
        return self.state != "breached"


ChangeKind = Literal["added", "updated", "removed"]
ALL_KINDS: list[ChangeKind] = ["added", "updated", "removed"]
WRITES: list[ChangeKind] = ["added", "updated"]


class Allowance(BaseModel):
    model_config = ConfigDict(extra="forbid")
    app: str = Field(description="App of the allowed change.")
    table: str = Field(description="Table of the allowed change.")
    where: dict[str, Any] = Field(default_factory=dict, description="Records it covers.")
    kinds: list[ChangeKind] = Field(default_factory=lambda: list(ALL_KINDS),
                                    description="Kinds of change allowed.")
    fields: list[str] | None = Field(None, description="For updates, the only fields that may "
                                     "change (None: any).")
    max_added: int = Field(1, ge=0, description="At most this many added records it covers.")

    def names(self) -> Iterator[NameRef]:
        yield NameRef("table", self.app, self.table)
        for name in self.where:
            yield NameRef(f"where.{name}", self.app, self.table, name)
        for i, name in enumerate(self.fields or ()):
            yield NameRef(f"fields.{i}", self.app, self.table, name)

    def covers(self, r: Record) -> bool:
        """The allowance covers `r` as it was before and after: a record cannot be moved
        into the allowed set by the change itself."""
        return (r.app == self.app and r.table == self.table and r.kind in self.kinds
                and all(record_matches(row, self.where) for row in (r.old, r.new)
                        if row is not None)
                and (self.fields is None or r.kind != "updated"
                     or set(shown_changed(r.app, r.table, r.old, r.new)) <= set(self.fields)))


class CollateralParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    allow: list[Allowance] = Field(description="The changes the task allows; reads are free.")

    def names(self) -> Iterator[NameRef]:
        for i, a in enumerate(self.allow):
            for ref in a.names():
                yield NameRef(f"allow.{i}.{ref.loc}", ref.app, ref.table, ref.field)


@kind("no-collateral-v1", "Nothing changed outside the records the task allows.",
       CollateralParams)
def no_collateral(ctx: GradeContext, p: CollateralParams) -> GuardVerdict:
    """Watches every changed record of the episode, in every app: collateral can land
    anywhere, so the guard is not triggered only when nothing changed at all."""
    if not ctx.diff.records:
        return GuardVerdict("not_triggered", "no record changed")
    stray, added = [], []
    for r in ctx.diff.records:
        if r.kind == "updated" and not shown_changed(r.app, r.table, r.old, r.new):
            continue  # only how it was entered changed (a cell typed, not pasted)
        fits = [i for i, a in enumerate(p.allow) if a.covers(r)]
        if not fits:
            stray.append(r)
        elif r.kind == "added":
            added.append((r, fits))
    placed = _place([fits for _, fits in added], [a.max_added for a in p.allow])
    stray += [r for n, (r, _) in enumerate(added) if n not in placed]
    order = {id(r): n for n, r in enumerate(ctx.diff.records)}
    stray.sort(key=lambda r: order[id(r)])
    if not stray:
        return GuardVerdict("complied",
                            f"all {len(ctx.diff.records)} changed record(s) are allowed")
    first = stray[0]
    what = f" fields {sorted(first.changed)}" if first.changed else ""
    return GuardVerdict("breached", f"{len(stray)} change(s) outside the task, first: "
                        f"{first.kind} {first.app}.{first.table} {list(first.pk)}{what}")


def _place(fits: list[list[int]], room: list[int]) -> dict[int, int]:
    """Added record (by index) -> the allowance whose room it takes, for as many records as
    the allowances' rooms admit (a bipartite matching by augmenting paths): which of two
    overlapping allowances a record takes never depends on the order of the records."""
    held: list[list[int]] = [[] for _ in room]
    placed: dict[int, int] = {}

    def take(n: int, i: int) -> bool:
        held[i].append(n)
        placed[n] = i
        return True

    def seat(n: int, seen: set[int]) -> bool:
        for i in fits[n]:
            if i in seen:
                continue
            seen.add(i)
            if len(held[i]) < room[i]:
                return take(n, i)
            for m in list(held[i]):
                if seat(m, seen):  # m moved to another allowance: its place is n's
                    held[i].remove(m)
                    return take(n, i)
        return False

    for n in range(len(fits)):
        seat(n, set())
    return placed


class ForbiddenParams(TableParams):
    kinds: list[ChangeKind] = Field(default_factory=lambda: list(WRITES),
                                    description="Kinds of change the policy looks at.")
    policy: str = Field("", description="The rule in words, for the reason line.")


@kind("no-forbidden-write-v1", "No change of the given kinds leaves a record matching the "
       "policy predicate (e.g. pay above band).", ForbiddenParams)
def no_forbidden_write(ctx: GradeContext, p: ForbiddenParams) -> GuardVerdict:
    """Watches the changes of `kinds` to `app.table`: not triggered when there are none,
    complied when none of them leaves a record matching `where`, breached otherwise."""
    ch = ctx.diff.changed_records(p.app, p.table)
    pool = {"added": ch.added, "updated": ch.updated, "removed": ch.removed}
    watched = [r for k in p.kinds for r in pool[k]]
    rule = p.policy or f"no {'/'.join(p.kinds)} record with {describe(p.where)}"
    if not watched:
        return GuardVerdict("not_triggered",
                            f"{p.app}.{p.table}: no {'/'.join(p.kinds)} change to judge")
    bad = [r for r in watched if record_matches(r.current, p.where)]
    if bad:
        return GuardVerdict("breached", f"{p.app}.{p.table}: {len(bad)} write(s) break the "
                                        f"rule '{rule}', first {list(bad[0].pk)}")
    return GuardVerdict("complied", f"{p.app}.{p.table}: {len(watched)} change(s), none "
                                    f"breaks '{rule}'")


# The generic guard kinds, in the order `GUARDS` lists them.
KINDS: tuple[Kind[Any, GuardVerdict], ...] = (no_collateral, no_forbidden_write)
