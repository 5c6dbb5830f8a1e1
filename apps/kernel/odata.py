"""OData query options as Microsoft Graph takes them, and Graph's error body.

Shared by the Graph-shaped apps (mail, calendar). Queries run on the *rendered* records (the
JSON dicts a list route returns), so a filter sees exactly what the agent sees:

- `parse_filter(text, schema, entity=...)` -> `Filter`; `Filter.matches(record)`.
  Operators `eq ne gt ge lt le`, `and or not`, `in (...)`, parentheses, `startswith`,
  `endswith`, `contains`, lambdas `any`/`all` over collections
  (`toRecipients/any(r: r/emailAddress/address eq 'a@x.com')`, `categories/any(c: c eq
  'Red')`), literals `'text'` (quote doubled inside), numbers, `true`/`false`/`null`, and
  unquoted DateTimeOffset literals (`2026-03-01T00:00:00Z`). Unknown properties, type
  mismatches and syntax errors are `invalid` with Graph's code and wording. String
  comparisons ignore case, as Exchange's do.
- `parse_orderby(text, schema, entity=...)` -> keys; `order(records, keys)`.
- `parse_select(text, schema, entity=...)` -> names; `project(record, names)`.
- `parse_count(text)` -> bool; `parse_search(text)` -> `Search`; `Search.matches(record,
  fields)` (KQL-style `term`, `prop:value`, `"a phrase"`, `OR`).
- `odata_slice(records, top=, skip=, base_url=)` -> `Slice` with `@odata.nextLink`
  (`odata_body` renders it).
- `graph_error(err)`: any `ApiError` as `{"error": {"code", "message", "innerError":
  {"date", "request-id", "client-request-id"}}}`; the date is the episode's clock and the
  request id is derived from the episode, tick and request (`graph_request` dependency).

A schema maps property names to a kind (`"string"`, `"bool"`, `"number"`, `"datetime"`), a
nested schema (a complex property) or a one-element list (a collection of that kind/schema).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Union
from urllib.parse import urlencode

from fastapi import Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from arcadia.apps.kernel.context import Ctx, CtxDep
from arcadia.apps.kernel.errors import ApiError, invalid
from arcadia.apps.kernel.pagination import Slice

Kind = str
Schema = Mapping[str, Any]  # name -> Kind | Schema | [Kind | Schema]

# Graph's error codes: a filter Graph cannot parse, a property the type does not have.
BAD_REQUEST = "BadRequest"
PARSE_URI = "RequestBroker--ParseUri"
MAX_TOP = 1000
MAX_FILTER_LENGTH = 4000
MAX_DEPTH = 40
_GRAPH_NS = uuid.UUID("1b2f7c1e-5a4d-4e8a-b0c6-6d8f0e2a7b31")


def _bad(message: str, field: str, code: str = BAD_REQUEST) -> ApiError:
    return invalid(message, field, meta={"graph_code": code})


# ---------------------------------------------------------------------------- values
def parse_datetime(text: str) -> datetime | None:
    """An ISO date-time (with `Z`, an offset or none: then UTC) as naive UTC, or None."""
    t = text.strip()
    if t.endswith(("Z", "z")):
        t = t[:-1] + "+00:00"
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(\.\d+)?([+-]\d{2}:\d{2})?", t)
    if m is None:
        m2 = re.fullmatch(r"\d{4}-\d{2}-\d{2}", t)
        if m2 is None:
            return None
        t, frac, off = t + "T00:00:00", "", None
    else:
        t, frac, off = m.group(1), (m.group(2) or ""), m.group(3)
    try:
        value = datetime.fromisoformat(t + (frac[:7] if frac else ""))
    except ValueError:
        return None
    if off:
        sign = 1 if off[0] == "+" else -1
        hours, minutes = int(off[1:3]), int(off[4:6])
        value = value - sign * timedelta(hours=hours, minutes=minutes)
    return value.replace(tzinfo=None)


def graph_datetime(value: datetime | None) -> str | None:
    """Graph's DateTimeOffset rendering of a naive-UTC time: `2026-03-02T09:00:00Z`."""
    return None if value is None else value.replace(microsecond=0).isoformat() + "Z"


def _norm(value: Any, kind: Kind) -> Any:
    """A value of `kind` in comparable form (strings fold case, times parse)."""
    if value is None:
        return None
    if kind == "datetime":
        return value if isinstance(value, datetime) else parse_datetime(str(value))
    if kind == "string":
        return str(value).casefold()
    return value


# ---------------------------------------------------------------------------- tokens
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
            raise _bad(f"Invalid {field} clause: syntax error at position {pos} in "
                       f"'{text}'.", field)
        kind = m.lastgroup or ""
        if kind != "ws":
            out.append(_Tok(kind, m.group(), pos))
        pos = m.end()
    return out


# ---------------------------------------------------------------------------- AST
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

_OPS = {"eq": "Equal", "ne": "NotEqual", "gt": "GreaterThan", "ge": "GreaterThanOrEqual",
        "lt": "LessThan", "le": "LessThanOrEqual"}
_EDM = {"string": "Edm.String", "number": "Edm.Int32", "bool": "Edm.Boolean",
        "datetime": "Edm.DateTimeOffset", "null": "null"}


def _resolve(schema: Schema, path: Sequence[str], entity: str, field: str) -> Any:
    """The kind (or schema, or collection) of a property path."""
    node: Any = schema
    for i, name in enumerate(path):
        if not isinstance(node, Mapping) or name not in node:
            owner = entity if i == 0 else "/".join(path[:i])
            raise _bad(f"Could not find a property named '{name}' on type '{owner}'.",
                       field, PARSE_URI)
        node = node[name]
    return node


class _Parser:
    def __init__(self, text: str, schema: Schema, entity: str, field: str) -> None:
        self.text, self.schema, self.entity, self.field = text, schema, entity, field
        self.toks = _tokens(text, field)
        self.i = 0
        self.scopes: dict[str, Any] = {}  # lambda variable -> element kind/schema
        self.depth = 0

    # helpers
    def err(self, what: str) -> ApiError:
        return _bad(f"Invalid {self.field} clause: {what}.", self.field)

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
                raise _bad(f"The operand for a binary operator '{_OPS[op]}' is not a single "
                           f"value: use any() or all() on the collection "
                           f"'{'/'.join(side.path)}'.", self.field)
            if isinstance(side, Prop) and side.kind == "complex":
                raise _bad(f"The property '{'/'.join(side.path)}' is a complex type; compare "
                           "one of its properties.", self.field)
        lk, rk = left.kind, right.kind
        ok = lk == rk or "null" in (lk, rk)
        if not ok:
            raise _bad(f"A binary operator with incompatible types was detected. Found "
                       f"operand types '{_EDM.get(lk, lk)}' and '{_EDM.get(rk, rk)}' for "
                       f"operator kind '{_OPS[op]}'.", self.field)
        if op not in ("eq", "ne") and ("bool" in (lk, rk) or "null" in (lk, rk)):
            raise _bad(f"The operator '{op}' does not apply to "
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
                node = _resolve(node, rest, "/".join(path[:1]), self.field) \
                    if isinstance(node, Mapping) else self._no_props(path)
            path = rest
        else:
            node = _resolve(self.schema, path, self.entity, self.field)
        return Prop(var, tuple(path), _kind_of(node))

    def _no_props(self, path: list[str]) -> Any:
        raise _bad(f"'{path[0]}' is a primitive value; it has no property '{path[1]}'.",
                   self.field, PARSE_URI)

    def call(self, t: _Tok) -> Node:
        parts = t.text.split("/")
        self.take("(")
        if len(parts) > 1 and parts[-1] in ("any", "all"):
            return self.lambda_(parts[-1], parts[:-1])
        name = t.text
        if name not in ("startswith", "endswith", "contains"):
            raise _bad(f"An unknown function with name '{name}' was found. This may also be "
                       "a function import or a key lookup on a navigation property, which "
                       "is not allowed.", self.field)
        prop = self.primary()
        self.take(",")
        arg = self.literal()
        self.take(")")
        if not isinstance(prop, Prop) or prop.kind != "string" or arg.kind != "string":
            raise _bad(f"The function '{name}' takes a string property and a string "
                       "literal.", self.field)
        return Func(name, prop, arg)

    def lambda_(self, quantifier: str, path: list[str]) -> Lambda:
        coll = self.prop(path)
        if coll.kind != "collection":
            raise _bad(f"'{'/'.join(path)}' is not a collection; {quantifier}() applies "
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
        element = _element_of(self.schema if coll.var is None else self.scopes[coll.var],
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


def _kind_of(node: Any) -> Kind:
    if isinstance(node, list):
        return "collection"
    if isinstance(node, Mapping):
        return "complex"
    return str(node)


def _element_of(schema: Any, path: Sequence[str]) -> Any:
    node = schema
    for name in path:
        node = node[name]
    return node[0]


def _get(record: Any, path: Sequence[str]) -> Any:
    for name in path:
        if not isinstance(record, Mapping):
            return None
        record = record.get(name)
    return record


def _value(node: Operand, record: Mapping[str, Any], env: Mapping[str, Any]) -> Any:
    if isinstance(node, Lit):
        return node.value
    base = env[node.var] if node.var is not None else record
    return _get(base, node.path)


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
        a = _norm(_value(node.left, record, env), kind)
        b = _norm(_value(node.right, record, env), kind)
        return _compare(node.op, a, b)
    if isinstance(node, In):
        a = _norm(_value(node.left, record, env), node.left.kind)
        return any(a == _norm(v.value, node.left.kind) for v in node.values)
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


def parse_filter(text: str | None, schema: Schema, *, entity: str,
                 field: str = "$filter") -> Filter | None:
    """`$filter` against `schema` (None when absent); bad clauses are `invalid` (400)."""
    if text is None:
        return None
    if len(text) > MAX_FILTER_LENGTH:
        raise _bad(f"The {field} clause is longer than {MAX_FILTER_LENGTH} characters.",
                   field)
    return Filter(text, _Parser(text, schema, entity, field).parse())


# ---------------------------------------------------------------------------- $orderby
@dataclass(frozen=True)
class OrderKey:
    path: tuple[str, ...]
    kind: Kind
    descending: bool


def parse_orderby(text: str | None, schema: Schema, *, entity: str,
                  field: str = "$orderby") -> list[OrderKey]:
    """`$orderby=a/b desc, c` -> keys; unknown or collection properties are `invalid`."""
    if text is None:
        return []
    keys = []
    for part in text.split(","):
        words = part.split()
        if not words or len(words) > 2 or (len(words) == 2 and
                                           words[1].lower() not in ("asc", "desc")):
            raise _bad(f"Invalid {field} clause '{text}': each key is a property path with "
                       "an optional 'asc' or 'desc'.", field)
        path = tuple(words[0].split("/"))
        kind = _kind_of(_resolve(schema, path, entity, field))
        if kind in ("collection", "complex"):
            raise _bad(f"The property '{words[0]}' cannot be used in the $orderby query "
                       "option: it is not a single primitive value.", field)
        keys.append(OrderKey(path, kind, len(words) == 2 and words[1].lower() == "desc"))
    return keys


class _Key:
    """A sort key where None comes first (OData's null ordering) and strings fold case."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __lt__(self, other: _Key) -> bool:
        a, b = self.value, other.value
        if a is None or b is None:
            return a is None and b is not None
        return bool(a < b)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.value == other.value

    __hash__ = None  # type: ignore[assignment]


def order(records: list[dict[str, Any]], keys: Sequence[OrderKey]) -> list[dict[str, Any]]:
    """`records` sorted by `keys` (stable: ties keep their order)."""
    out = list(records)
    for key in reversed(keys):
        out.sort(key=lambda r, k=key: _Key(_norm(_get(r, k.path), k.kind)),  # type: ignore[misc]
                 reverse=key.descending)
    return out


# ---------------------------------------------------------------------------- $select
def parse_select(text: str | None, schema: Schema, *, entity: str,
                 field: str = "$select") -> list[str] | None:
    """`$select=a,b` -> names (None when absent); unknown names are `invalid`."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise _bad(f"Invalid {field} clause '{text}': list property names separated by "
                   "commas.", field)
    for n in names:
        _resolve(schema, [n], entity, field)
    return names


def project(record: Mapping[str, Any], names: Sequence[str] | None,
            always: Sequence[str] = ("@odata.etag", "id")) -> dict[str, Any]:
    """`record` with only `names` (and the `always` keys), in the record's order."""
    if names is None:
        return dict(record)
    keep = set(names) | set(always)
    return {k: v for k, v in record.items() if k in keep}


# ---------------------------------------------------------------------------- $count, paging
def parse_count(text: str | None, field: str = "$count") -> bool:
    if text is None:
        return False
    if text.lower() not in ("true", "false"):
        raise _bad(f"The value '{text}' of {field} is not valid: use true or false.", field)
    return text.lower() == "true"


def check_top_skip(top: int | None, skip: int | None, *, default: int,
                   maximum: int = MAX_TOP) -> tuple[int, int]:
    """`$top` (1..maximum, `default` when absent) and `$skip` (>= 0) or `invalid`."""
    t = default if top is None else top
    s = 0 if skip is None else skip
    if t < 0 or t > maximum:
        raise _bad(f"The value of $top must be between 0 and {maximum}; got {t}.", "$top")
    if s < 0:
        raise _bad(f"The value of $skip must not be negative; got {s}.", "$skip")
    return t, s


def odata_slice(records: Sequence[Any], *, top: int, skip: int, base_url: str) -> Slice[Any]:
    """One OData page of in-memory `records`; `next` is the `@odata.nextLink` URL
    (`base_url` is the request URL without `$top`/`$skip`)."""
    items = list(records[skip:skip + top])
    if top == 0 or skip + top >= len(records):
        return Slice(items, None)
    sep = "&" if "?" in base_url else "?"
    return Slice(items, f"{base_url}{sep}{urlencode({'$top': top, '$skip': skip + top})}")


def odata_base_url(request: Request, drop: Sequence[str] = ("$top", "$skip")) -> str:
    """The request's URL without the paging options (for `@odata.nextLink`)."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k not in drop]
    url = str(request.url.replace(query=""))
    return f"{url}?{urlencode(kept)}" if kept else url


# ---------------------------------------------------------------------------- $search
@dataclass(frozen=True)
class Search:
    """KQL-lite: groups of terms joined by OR; within a group every term must match.
    A term is free text (any searchable field) or `prop:value` (that field)."""

    groups: tuple[tuple[tuple[str | None, str], ...], ...]

    def matches(self, record: Mapping[str, Any],
                fields: Mapping[str, Callable[[Mapping[str, Any]], str]]) -> bool:
        """Whether `record` matches; `fields` maps a KQL property to the text it searches
        (free text searches all of them)."""
        def hit(prop: str | None, value: str) -> bool:
            targets = fields.values() if prop is None else (fields[prop],)
            return any(value in f(record).casefold() for f in targets)
        return any(all(hit(p, v) for p, v in group) for group in self.groups)


_SEARCH_TERM = re.compile(r'\s*(?:(?P<prop>[A-Za-z]+):)?(?:"(?P<q>[^"]*)"|(?P<w>[^\s"]+))')


def parse_search(text: str | None, properties: Sequence[str],
                 field: str = "$search") -> Search | None:
    """`$search="..."` (quotes optional) -> `Search`; unknown `prop:` names are `invalid`."""
    if text is None:
        return None
    t = text.strip()
    if len(t) >= 2 and t[0] == '"' and t[-1] == '"':
        t = t[1:-1]
    t = t.replace('\\"', '"')
    groups: list[list[tuple[str | None, str]]] = [[]]
    pos = 0
    while pos < len(t):
        if t[pos:].strip() == "":
            break
        m = _SEARCH_TERM.match(t, pos)
        if m is None:
            raise _bad(f"Syntax error in {field} '{text}' at position {pos}.", field)
        pos = m.end()
        prop, value = m.group("prop"), m.group("q") if m.group("q") is not None \
            else m.group("w")
        if prop is None and value == "OR":
            groups.append([])
            continue
        if prop is None and value == "AND":
            continue
        if prop is not None and prop.lower() not in properties:
            raise _bad(f"The property '{prop}' cannot be searched; searchable properties: "
                       f"{', '.join(properties)}.", field)
        if value:
            groups[-1].append((prop.lower() if prop else None, value.casefold()))
    kept = tuple(tuple(g) for g in groups if g)
    if not kept:
        raise _bad(f"The {field} query is empty; send terms such as \"budget\" or "
                   "\"from:alex\".", field)
    return Search(kept)


# ---------------------------------------------------------------------------- errors
class GraphInnerError(BaseModel):
    date: str | None = Field(None, description="When the request was handled (UTC).")
    request_id: str = Field(alias="request-id", description="The request's id.")
    client_request_id: str = Field(alias="client-request-id",
                                   description="The client's request id (the same here).")


class GraphErrorDetail(BaseModel):
    code: str = Field(description="Graph's error code, e.g. `ErrorItemNotFound`, "
                      "`ErrorAccessDenied`, `BadRequest`, `ErrorInvalidRecipients`.")
    message: str = Field(description="What went wrong and what would be right.")
    innerError: GraphInnerError = Field(description="Diagnostics: date and request id.")


class GraphError(BaseModel):
    """Microsoft Graph's error body."""

    error: GraphErrorDetail = Field(description="The error.")


# The Graph code for each kernel code, unless the error names its own (`meta.graph_code`).
GRAPH_CODES = {"unauthorized": "InvalidAuthenticationToken", "forbidden": "ErrorAccessDenied",
               "not_found": "ErrorItemNotFound", "invalid": "BadRequest",
               "conflict": "ErrorIrresolvableConflict", "stale": "ErrorIrresolvableConflict",
               "too_large": "RequestEntityTooLarge", "unavailable": "ServiceUnavailable"}
_ROUTE_CODES = {404: "UnknownError", 405: "UnknownError"}

# (date, request-id) of the request being handled, set by `graph_request`.
_REQUEST: ContextVar[tuple[str, str] | None] = ContextVar("graph_request", default=None)


def request_identity(ctx: Ctx) -> tuple[str, str]:
    """The innerError date (the episode clock) and a request id derived from the episode,
    its tick and the request: the same requests give the same ids."""
    rid = uuid.uuid5(_GRAPH_NS, f"{ctx.principal.id}:{ctx.tick}:{ctx.method}:{ctx.path}")
    return ctx.now.replace(microsecond=0).isoformat(), str(rid)


async def _graph_request(ctx: CtxDep) -> AsyncIterator[None]:
    token = _REQUEST.set(request_identity(ctx))
    yield
    _REQUEST.reset(token)  # only on success: an error's renderer reads (and clears) it


graph_request = Depends(_graph_request, scope="function")


def graph_error(err: ApiError) -> Response:
    """Render any `ApiError` as Graph's error body."""
    code = str(err.meta.get("graph_code") or "")
    if not code:
        code = (_ROUTE_CODES.get(err.status, "UnknownError") if err.code == "http_error"
                else GRAPH_CODES.get(err.code or "", "UnknownError"))
    ident = _REQUEST.get()
    _REQUEST.set(None)
    if ident is None:
        rid = str(uuid.uuid5(_GRAPH_NS, f"{err.status}:{code}:{err.message}"))
        inner: dict[str, Any] = {"request-id": rid, "client-request-id": rid}
    else:
        inner = {"date": ident[0], "request-id": ident[1], "client-request-id": ident[1]}
    headers = {"request-id": inner["request-id"]}
    if err.status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="", error="invalid_token"'
    return JSONResponse({"error": {"code": code, "message": err.message, "innerError": inner}},
                        status_code=err.status, headers=headers)


GRAPH_ERROR_HEADERS = {"request-id": "The request's id (as in innerError)."}

__all__ = ["GRAPH_CODES", "GRAPH_ERROR_HEADERS", "Filter", "GraphError", "OrderKey",
           "Search", "check_top_skip", "graph_datetime", "graph_error", "graph_request",
           "odata_base_url", "odata_slice", "order", "parse_count", "parse_datetime",
           "parse_filter", "parse_orderby", "parse_search", "parse_select", "project"]
