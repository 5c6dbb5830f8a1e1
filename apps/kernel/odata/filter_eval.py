"""A parsed `$filter` run on rendered records (strings compare without regard to case, as
Exchange's do; null is neither greater nor less than a value)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from arcadia.apps.kernel.odata.common import get_path, norm
from arcadia.apps.kernel.odata.filter_ast import (
    BoolOp,
    Cmp,
    Func,
    In,
    Lambda,
    Lit,
    Node,
    Not,
    Operand,
    Prop,
)


def _value(node: Operand, record: Mapping[str, Any], env: Mapping[str, Any]) -> Any:
    if isinstance(node, Lit):
        return node.value
    base = env[node.var] if node.var is not None else record
    return get_path(base, node.path)


def _compare(op: str, a: Any, b: Any) -> bool:
    if op == "eq":
        return bool(a == b)
    if op == "ne":
        return bool(a != b)
    if a is None or b is None:
        return False  # OData: null orders before values, but gt/lt with null are false
    try:
        return bool({"gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b}[op])
    except TypeError:
        return False


def _eval(node: Any, record: Mapping[str, Any], env: dict[str, Any]) -> bool:
    if isinstance(node, BoolOp):
        if node.op == "and":
            return _eval(node.left, record, env) and _eval(node.right, record, env)
        return _eval(node.left, record, env) or _eval(node.right, record, env)
    if isinstance(node, Not):
        return not _eval(node.operand, record, env)
    if isinstance(node, Cmp):
        kind = node.left.kind if node.left.kind != "null" else node.right.kind
        a = norm(_value(node.left, record, env), kind)
        b = norm(_value(node.right, record, env), kind)
        return _compare(node.op, a, b)
    if isinstance(node, In):
        a = norm(_value(node.left, record, env), node.left.kind)
        return any(a == norm(v.value, node.left.kind) for v in node.values)
    if isinstance(node, Func):
        a = _value(node.prop, record, env)
        if a is None:
            return False
        s, arg = str(a).casefold(), str(node.arg.value).casefold()
        return {"startswith": s.startswith, "endswith": s.endswith,
                "contains": lambda x: x in s}[node.name](arg)
    if isinstance(node, Prop):
        return _value(node, record, env) is True
    if isinstance(node, Lambda):
        items = _value(node.collection, record, env) or []
        if node.body is None:
            return bool(items)
        test = (_eval(node.body, record, {**env, node.var or "": item}) for item in items)
        return any(test) if node.quantifier == "any" else all(test)
    raise TypeError(f"not a filter node: {node!r}")


@dataclass(frozen=True)
class Filter:
    """A parsed `$filter`: `matches(record)` on a rendered record."""

    text: str
    root: Node

    def matches(self, record: Mapping[str, Any]) -> bool:
        return _eval(self.root, record, {})

    def narrowed(self, names: Collection[str]) -> Filter | None:
        """The part of the filter that a record's properties `names` alone decide: its
        top-level `and` terms naming no other property and no lambda (None if there are
        none). A record failing it fails the whole filter, so a list may test it on a
        partial record holding just those properties (with their rendered values) before
        rendering the rest, then still run the whole filter on what it rendered."""
        terms: list[Node] = []

        def split(node: Node) -> None:
            if isinstance(node, BoolOp) and node.op == "and":
                split(node.left)
                split(node.right)
            else:
                terms.append(node)
        split(self.root)
        kept = [t for t in terms if _decided_by(t, names)]
        if not kept:
            return None
        root = kept[0]
        for term in kept[1:]:
            root = BoolOp("and", root, term)
        return Filter(self.text, root)

    def properties(self) -> list[str]:
        """The record's properties the clause names, in order of first appearance
        (`a/b` paths; a lambda counts as its collection)."""
        out: list[str] = []

        def walk(node: Any) -> None:
            if isinstance(node, Prop):
                if node.var is None and "/".join(node.path) not in out:
                    out.append("/".join(node.path))
            elif isinstance(node, Lambda):
                walk(node.collection)
            elif isinstance(node, (Cmp, BoolOp)):
                walk(node.left)
                walk(node.right)
            elif isinstance(node, In):
                walk(node.left)
            elif isinstance(node, Func):
                walk(node.prop)
            elif isinstance(node, Not):
                walk(node.operand)
        walk(self.root)
        return out


def _decided_by(node: Any, names: Collection[str]) -> bool:
    """Whether `node` reads only the record's properties `names` (no lambda)."""
    if isinstance(node, Prop):
        return node.var is None and node.path[0] in names
    if isinstance(node, Lit):
        return True
    if isinstance(node, (Cmp, BoolOp)):
        return _decided_by(node.left, names) and _decided_by(node.right, names)
    if isinstance(node, In):
        return _decided_by(node.left, names)
    if isinstance(node, Func):
        return _decided_by(node.prop, names)
    if isinstance(node, Not):
        return _decided_by(node.operand, names)
    return False  # a lambda: its body may read the record's other properties
