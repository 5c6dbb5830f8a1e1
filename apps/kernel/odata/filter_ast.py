"""The parsed `$filter` clause: literals, property paths, comparisons, `in`, string
functions, lambdas over collections, `and`/`or`/`not`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from arcadia.apps.kernel.odata.common import Kind


@dataclass(frozen=True)
class Lit:
    value: Any
    kind: Kind  # string, number, bool, null, datetime


@dataclass(frozen=True)
class Prop:
    var: str | None  # lambda variable the path starts from, or None for the record
    path: tuple[str, ...]
    kind: Kind


@dataclass(frozen=True)
class Cmp:
    op: str
    left: Operand
    right: Operand


@dataclass(frozen=True)
class In:
    left: Prop
    values: tuple[Lit, ...]


@dataclass(frozen=True)
class Func:
    name: str
    prop: Prop
    arg: Lit


@dataclass(frozen=True)
class Lambda:
    quantifier: str  # any | all
    var: str | None
    collection: Prop
    body: Node | None


@dataclass(frozen=True)
class BoolOp:
    op: str  # and | or
    left: Node
    right: Node


@dataclass(frozen=True)
class Not:
    operand: Node


Operand = Union[Lit, Prop]  # noqa: UP007
Node = Union[Cmp, In, Func, Lambda, BoolOp, Not, Prop]  # noqa: UP007
