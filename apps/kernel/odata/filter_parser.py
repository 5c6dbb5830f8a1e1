"""`$filter` text -> `Filter`: Graph's grammar, each property checked against the schema
and each operator against its operands' types, with Graph's codes and wording."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arcadia.apps.kernel.errors import ApiError
from arcadia.apps.kernel.odata.common import (
    PARSE_URI,
    Schema,
    bad,
    element_of,
    kind_of,
    parse_datetime,
    resolve,
)
from arcadia.apps.kernel.odata.filter_ast import (
    BoolOp,
    Cmp,
    Func,
    In,
    Lambda,
    Lit,
    Node,
    Not,
    Prop,
)
from arcadia.apps.kernel.odata.filter_eval import Filter

MAX_FILTER_LENGTH = 4000
MAX_DEPTH = 40


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<str>'(?:[^']|'')*')
  | (?P<dt>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)
  | (?P<date>\d{4}-\d{2}-\d{2})
  | (?P<num>-?\d+(?:\.\d+)?)
  | (?P<path>[A-Za-z_][A-Za-z0-9_.]*(?:/[A-Za-z_][A-Za-z0-9_.]*)*)
  | (?P<punct>[(),:])
""", re.VERBOSE)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    pos: int


def _tokens(text: str, field: str) -> list[_Tok]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise bad(f"Invalid {field} clause: syntax error at position {pos} in "
                      f"'{text}'.", field)
        kind = m.lastgroup or ""
        if kind != "ws":
            out.append(_Tok(kind, m.group(), pos))
        pos = m.end()
    return out


_OPS = {"eq": "Equal", "ne": "NotEqual", "gt": "GreaterThan", "ge": "GreaterThanOrEqual",
        "lt": "LessThan", "le": "LessThanOrEqual"}
_EDM = {"string": "Edm.String", "number": "Edm.Int32", "bool": "Edm.Boolean",
        "datetime": "Edm.DateTimeOffset", "null": "null"}


class _Parser:
    def __init__(self, text: str, schema: Schema, entity: str, field: str) -> None:
        self.text, self.schema, self.entity, self.field = text, schema, entity, field
        self.toks = _tokens(text, field)
        self.i = 0
        self.scopes: dict[str, Any] = {}  # lambda variable -> element kind/schema
        self.depth = 0

    # helpers
    def err(self, what: str) -> ApiError:
        return bad(f"Invalid {self.field} clause: {what}.", self.field)

    def peek(self, offset: int = 0) -> _Tok | None:
        j = self.i + offset
        return self.toks[j] if j < len(self.toks) else None

    def word(self, *words: str) -> bool:
        t = self.peek()
        return t is not None and t.kind == "path" and t.text in words

    def take(self, text: str) -> None:
        t = self.peek()
        if t is None or t.text != text:
            at = f"'{t.text}' at position {t.pos}" if t else "the end of the clause"
            raise self.err(f"expected '{text}' but found {at}")
        self.i += 1

    # grammar
    def parse(self) -> Node:
        if not self.toks:
            raise self.err("the clause is empty")
        node = self.or_expr()
        if self.peek() is not None:
            t = self.toks[self.i]
            raise self.err(f"unexpected '{t.text}' at position {t.pos}")
        return node

    def or_expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.err(f"nesting deeper than {MAX_DEPTH} levels")
        node = self.and_expr()
        while self.word("or"):
            self.i += 1
            node = BoolOp("or", node, self.and_expr())
        self.depth -= 1
        return node

    def and_expr(self) -> Node:
        node = self.unary()
        while self.word("and"):
            self.i += 1
            node = BoolOp("and", node, self.unary())
        return node

    def unary(self) -> Node:
        if self.word("not"):
            self.i += 1
            return Not(self.boolean(self.unary()))
        return self.comparison()

    def boolean(self, node: Any) -> Node:
        if isinstance(node, Lit):
            raise self.err("a literal is not a condition")
        if isinstance(node, Prop) and node.kind != "bool":
            raise self.err(f"'{'/'.join(node.path)}' is not a boolean condition")
        return node  # type: ignore[no-any-return]

    def comparison(self) -> Node:
        left = self.primary()
        t = self.peek()
        if t is not None and t.kind == "path" and t.text in _OPS:
            self.i += 1
            right = self.primary()
            return self.check_cmp(t.text, left, right)
        if t is not None and t.kind == "path" and t.text == "in":
            self.i += 1
            if not isinstance(left, Prop):
                raise self.err("'in' needs a property on its left")
            self.take("(")
            values = [self.literal()]
            while self.peek() is not None and self.peek().text == ",":  # type: ignore[union-attr]
                self.i += 1
                values.append(self.literal())
            self.take(")")
            for v in values:
                self.check_cmp("eq", left, v)
            return In(left, tuple(values))
        return self.boolean(left)

    def check_cmp(self, op: str, left: Any, right: Any) -> Cmp:
        for side in (left, right):
            if not isinstance(side, (Lit, Prop)):
                raise self.err(f"the operands of '{op}' must be properties or literals")
            if isinstance(side, Prop) and side.kind == "collection":
                raise bad(f"The operand for a binary operator '{_OPS[op]}' is not a single "
                          f"value: use any() or all() on the collection "
                          f"'{'/'.join(side.path)}'.", self.field)
            if isinstance(side, Prop) and side.kind == "complex":
                raise bad(f"The property '{'/'.join(side.path)}' is a complex type; compare "
                          "one of its properties.", self.field)
        lk, rk = left.kind, right.kind
        ok = lk == rk or "null" in (lk, rk)
        if not ok:
            raise bad(f"A binary operator with incompatible types was detected. Found "
                      f"operand types '{_EDM.get(lk, lk)}' and '{_EDM.get(rk, rk)}' for "
                      f"operator kind '{_OPS[op]}'.", self.field)
        if op not in ("eq", "ne") and ("bool" in (lk, rk) or "null" in (lk, rk)):
            raise bad(f"The operator '{op}' does not apply to "
                      f"'{_EDM.get(lk if lk != 'null' else rk)}' values.", self.field)
        return Cmp(op, left, right)

    def literal(self) -> Lit:
        node = self.primary()
        if not isinstance(node, Lit):
            raise self.err("expected a literal value")
        return node

    def primary(self) -> Any:
        t = self.peek()
        if t is None:
            raise self.err("the clause ends where a value was expected")
        self.i += 1
        if t.text == "(":
            node = self.or_expr()
            self.take(")")
            return node
        if t.kind == "str":
            return Lit(t.text[1:-1].replace("''", "'"), "string")
        if t.kind in ("dt", "date"):
            value = parse_datetime(t.text)
            if value is None:
                raise self.err(f"'{t.text}' is not a valid DateTimeOffset")
            return Lit(value, "datetime")
        if t.kind == "num":
            return Lit(float(t.text) if "." in t.text else int(t.text), "number")
        if t.kind != "path":
            raise self.err(f"unexpected '{t.text}' at position {t.pos}")
        if t.text in ("true", "false"):
            return Lit(t.text == "true", "bool")
        if t.text == "null":
            return Lit(None, "null")
        nxt = self.peek()
        if nxt is not None and nxt.text == "(":
            return self.call(t)
        return self.prop(t.text.split("/"))

    def prop(self, path: list[str]) -> Prop:
        var = None
        if path[0] in self.scopes:
            var, node = path[0], self.scopes[path[0]]
            rest = path[1:]
            if rest:
                node = resolve(node, rest, "/".join(path[:1]), self.field) \
                    if isinstance(node, Mapping) else self._no_props(path)
            path = rest
        else:
            node = resolve(self.schema, path, self.entity, self.field)
        return Prop(var, tuple(path), kind_of(node))

    def _no_props(self, path: list[str]) -> Any:
        raise bad(f"'{path[0]}' is a primitive value; it has no property '{path[1]}'.",
                  self.field, PARSE_URI)

    def call(self, t: _Tok) -> Node:
        parts = t.text.split("/")
        self.take("(")
        if len(parts) > 1 and parts[-1] in ("any", "all"):
            return self.lambda_(parts[-1], parts[:-1])
        name = t.text
        if name not in ("startswith", "endswith", "contains"):
            raise bad(f"An unknown function with name '{name}' was found. This may also be "
                      "a function import or a key lookup on a navigation property, which "
                      "is not allowed.", self.field)
        prop = self.primary()
        self.take(",")
        arg = self.literal()
        self.take(")")
        if not isinstance(prop, Prop) or prop.kind != "string" or arg.kind != "string":
            raise bad(f"The function '{name}' takes a string property and a string "
                      "literal.", self.field)
        return Func(name, prop, arg)

    def lambda_(self, quantifier: str, path: list[str]) -> Lambda:
        coll = self.prop(path)
        if coll.kind != "collection":
            raise bad(f"'{'/'.join(path)}' is not a collection; {quantifier}() applies "
                      "to collections only.", self.field)
        if self.peek() is not None and self.peek().text == ")":  # type: ignore[union-attr]
            self.i += 1
            if quantifier == "all":
                raise self.err("all() needs a lambda expression")
            return Lambda(quantifier, None, coll, None)
        var = self.peek()
        if var is None or var.kind != "path" or "/" in var.text:
            raise self.err("expected a lambda variable name")
        self.i += 1
        self.take(":")
        element = element_of(self.schema if coll.var is None else self.scopes[coll.var],
                             coll.path)
        previous = self.scopes.get(var.text)
        self.scopes[var.text] = element
        body = self.boolean(self.or_expr())
        if previous is None:
            del self.scopes[var.text]
        else:
            self.scopes[var.text] = previous
        self.take(")")
        return Lambda(quantifier, var.text, coll, body)


def parse_filter(text: str | None, schema: Schema, *, entity: str,
                 field: str = "$filter") -> Filter | None:
    """`$filter` against `schema` (None when absent); bad clauses are `invalid` (400)."""
    if text is None:
        return None
    if len(text) > MAX_FILTER_LENGTH:
        raise bad(f"The {field} clause is longer than {MAX_FILTER_LENGTH} characters.",
                  field)
    return Filter(text, _Parser(text, schema, entity, field).parse())
