"""Bullhorn's filter languages, parsed to predicates over one entity's rows: what both
share (field paths through associations, literals), and `/query`'s `where=` (the Lucene
subset of `/search` is in `lucene`).

`/query/{type}?where=` takes Bullhorn's SQL-like subset: comparisons `=`, `<>` (`!=`), `<`,
`>`, `<=`, `>=`, `LIKE` (`%` and `_`), `IN (...)`, `NOT IN (...)`, `IS NULL`,
`IS NOT NULL`, joined by `AND`, `OR`, `NOT` and parentheses; values are single-quoted
strings (`''` for a quote), numbers, `true`/`false`; dates are epoch milliseconds; paths
may go through a to-one association (`owner.id`, `clientCorporation.name`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from arcadia.apps.bullhorn.fields import ADDRESS_PARTS, ENTITIES, F, field_names
from arcadia.apps.kernel import invalid, json_value

Row = Any
Getter = Callable[[Row], Any]
Pred = Callable[[Row], bool]
# Longest filter text, and the most clauses one may hold.
MAX_TEXT, MAX_CLAUSES = 4000, 200
EPOCH = datetime(1970, 1, 1, tzinfo=UTC).replace(tzinfo=None)


def epoch_ms(value: datetime | None) -> int | None:
    return None if value is None else int((value - EPOCH).total_seconds() * 1000)


def dollars(cents: int | None) -> Decimal | None:
    return None if cents is None else Decimal(cents) / 100


def stored(f: F, raw: Any) -> Any:
    """A `field_value` value as its field's column would hold it."""
    if raw is None:
        return None
    if f.kind == "date":
        return EPOCH + timedelta(milliseconds=raw)
    if f.kind == "decimal":
        return Decimal(raw)
    if f.kind == "person":
        return (raw[0], raw[1])
    return raw


class Lookup:
    """Snapshots of the entities a filter or a response reaches through associations,
    and their `field_value` values."""

    def __init__(self, load: Callable[[str], dict[int, Any]],
                 load_aside: Callable[[str], list[tuple[int, str, str]]]) -> None:
        self._load = load
        self._load_aside = load_aside
        self._cache: dict[str, dict[int, Any]] = {}
        self._aside: dict[str, dict[int, dict[str, Any]]] = {}
        self._derived: dict[str, dict[int, datetime]] = {}

    def aside(self, entity: str) -> dict[int, dict[str, Any]]:
        """Each record's stored values of the entity's `aside` fields, by wire name."""
        if entity not in self._aside:
            fields = ENTITIES[entity].fields
            out: dict[int, dict[str, Any]] = {}
            for owner, name, text in self._load_aside(entity):
                f = fields.get(name)
                if f is not None:
                    out.setdefault(owner, {})[name] = stored(f, json_value(text))
            self._aside[entity] = out
        return self._aside[entity]

    def value(self, entity: str, f: F, row: Any) -> Any:
        """The field's value in the row as its column holds it (for `aside` fields, as
        `field_value` holds it; a `composite` as a dict of its parts' values)."""
        if f.aside:
            return self.aside(entity).get(row.id, {}).get(f.name)
        if f.kind == "composite":
            fields = ENTITIES[entity].fields
            return {p: self.value(entity, fields[p], row) for p in f.parts}
        if f.derive == "lastNote":
            return self._last_notes().get(row.id)
        return getattr(row, f.col or "")

    def _last_notes(self) -> dict[int, datetime]:
        """Each candidate's latest note about it (`personReference`), not deleted."""
        if "lastNote" not in self._derived:
            latest: dict[int, datetime] = {}
            for n in self.rows("Note").values():
                if n.person_reference_type == "Candidate" and not n.is_deleted:
                    key = n.person_reference_id
                    if key not in latest or n.date_added > latest[key]:
                        latest[key] = n.date_added
            self._derived["lastNote"] = latest
        return self._derived["lastNote"]

    def loaded(self, entity: str) -> dict[int, Any] | None:
        """The entity's rows if a filter already loaded them all, else None."""
        return self._cache.get(entity)

    def rows(self, entity: str) -> dict[int, Any]:
        if entity not in self._cache:
            self._cache[entity] = self._load(entity)
        return self._cache[entity]


def comparable(f: F, raw: Any) -> Any:
    """A column's value as filters compare it (dollars, epoch ms...)."""
    if raw is None:
        return None
    if f.kind == "money":
        return dollars(raw)
    if f.kind == "float":
        return Decimal(repr(float(raw)))
    if f.kind == "date":
        return epoch_ms(raw)
    return raw


def _address_part(lookup: Lookup, entity: str, f: F, col: str) -> Getter:
    if f.aside:
        return lambda r: (lookup.value(entity, f, r) or {}).get(col)
    return lambda r: getattr(r, col)


def resolve(entity: str, path: str, lookup: Lookup, param: str) -> tuple[str, Getter]:
    """The kind and value getter of a field path (`status`, `owner.id`, `address.city`)."""
    spec = ENTITIES[entity]
    head, _, rest = path.partition(".")
    f = spec.fields.get(head)
    if f is None:
        raise invalid(f"{param}: {entity} has no field {head[:60]!r}; its fields are "
                      f"{field_names(spec)}.", param)
    if f.kind == "many":
        raise invalid(f"{param}: {head} is a to-many association of {entity}; filter on "
                      "the associated entity instead.", param)
    if f.kind == "composite":
        raise invalid(f"{param}: {head} gathers {', '.join(f.parts)}; name one of "
                      "those instead.", param)
    if f.kind == "address":
        cols = dict(ADDRESS_PARTS)
        if rest not in cols:
            raise invalid(f"{param}: address has the parts {', '.join(cols)}; "
                          f"{path!r} names none.", param)
        col = cols[rest]
        return ("int" if col == "country_id" else "str"), _address_part(lookup, entity, f,
                                                                        col)

    def raw(r: Row) -> Any:
        return lookup.value(entity, f, r)
    if f.kind == "person":
        if rest in ("", "id", "_subtype"):
            at = 1 if rest == "_subtype" else 0

            def person(r: Row) -> Any:
                if not f.aside:
                    return r.person_reference_type if at else r.person_reference_id
                v = raw(r)
                return None if v is None else v[at]
            return ("str" if at else "int"), person
        raise invalid(f"{param}: {head} can be filtered on .id or ._subtype only.", param)
    if f.kind == "ref":
        if rest in ("", "id"):
            return "int", raw
        target = ENTITIES[f.target or ""]
        sub = target.fields.get(rest)
        if sub is None or sub.kind in ("many", "ref", "person", "address"):
            plain = [k for k, v in target.fields.items()
                     if v.kind not in ("many", "ref", "person", "address") and not v.aside]
            raise invalid(f"{param}: {head} is a {target.name}; name one of its plain "
                          f"fields after the dot ({', '.join(plain)}, or a documented "
                          f"field of /meta/{target.name}).", param)
        tname = target.name

        def through(r: Row) -> Any:
            key = raw(r)
            hit = lookup.rows(tname).get(key) if key is not None else None
            return None if hit is None else comparable(sub, lookup.value(tname, sub, hit))
        return sub.kind, through
    if rest:
        raise invalid(f"{param}: {head} is not an association; {path[:80]!r} has nothing "
                      "after the dot.", param)
    return f.kind, lambda r: comparable(f, raw(r))


# ---- literals ----------------------------------------------------------------------------

def _bad(param: str, path: str, kind: str, text: str) -> Exception:
    want = {"int": "an integer", "id": "an integer", "money": "a number",
            "float": "a number", "decimal": "a number",
            "date": "epoch milliseconds" if param == "where" else
            "yyyyMMdd, yyyyMMddHHmmss or epoch milliseconds",
            "bool": "true or false"}.get(kind, "a value")
    return invalid(f"{param}: {path} takes {want}; got {text[:40]!r}.", param)


def coerce(kind: str, value: Any, path: str, param: str) -> Any:
    """A literal (text, Decimal or bool) as the field's comparable value."""
    text = value if isinstance(value, str) else str(value)
    if kind in ("str", "text"):
        return text
    if kind == "bool":
        if isinstance(value, bool):
            return value
        low = text.lower()
        if low in ("true", "1"):
            return True
        if low in ("false", "0"):
            return False
        raise _bad(param, path, kind, text)
    try:
        number = value if isinstance(value, Decimal) else Decimal(text)
    except InvalidOperation:
        number = None
    if kind == "date" and isinstance(value, str) and re.fullmatch(r"\d{8}(\d{6})?", text):
        parts = [int(text[i:i + w]) for i, w in ((0, 4), (4, 2), (6, 2), (8, 2), (10, 2),
                                                  (12, 2)) if i < len(text)]
        try:
            moment = datetime(*parts, tzinfo=UTC)  # type: ignore[misc,arg-type]
            return int(moment.timestamp() * 1000)
        except ValueError:
            raise _bad(param, path, kind, text) from None
    if number is None or not number.is_finite() or abs(number) >= Decimal(10) ** 15:
        raise _bad(param, path, kind, text)
    if kind in ("money", "float", "decimal"):
        return number
    if number != number.to_integral_value():
        raise _bad(param, path, kind, text)
    return int(number)


def folded(value: Any) -> Any:
    """A value as filters compare it: text case-insensitively."""
    return value.casefold() if isinstance(value, str) else value


# ---- where ---------------------------------------------------------------------------------

_WHERE_TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<op><>|!=|<=|>=|=|<|>)"
                          r"|(?P<punct>[(),])|(?P<num>-?\d+(?:\.\d+)?(?![\w.]))"
                          r"|(?P<word>[A-Za-z_][\w.]*))")


def _where_tokens(text: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _WHERE_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise invalid(f"where: cannot read {text[pos:pos + 20]!r} (position {pos}); "
                          "write e.g. status = 'Active' AND owner.id IN (1, 2).", "where")
        pos = m.end()
        kind = m.lastgroup or ""
        raw = m.group(kind)
        if kind == "str":
            out.append(("val", raw[1:-1].replace("''", "'")))
        elif kind == "num":
            out.append(("val", Decimal(raw)))
        elif kind == "word" and raw.upper() in ("AND", "OR", "NOT", "IN", "IS", "NULL",
                                                 "LIKE"):
            out.append(("kw", raw.upper()))
        elif kind == "word" and raw.lower() in ("true", "false"):
            out.append(("val", raw.lower() == "true"))
        else:
            out.append((kind, raw))
    return out


class _Where:
    def __init__(self, entity: str, text: str, lookup: Lookup) -> None:
        self.entity, self.lookup = entity, lookup
        self.toks = _where_tokens(text)
        self.i = 0
        self.clauses = 0

    def peek(self) -> tuple[str, Any] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, kind: str, value: Any = None) -> Any:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            found = "the end" if tok is None else repr(tok[1])
            raise invalid(f"where: expected {value or kind} but found {found}.", "where")
        self.i += 1
        return tok[1]

    def parse(self) -> Pred:
        pred = self.expr()
        if self.peek() is not None:
            raise invalid(f"where: unexpected {self.peek()[1]!r}; join conditions with "  # type: ignore[index]
                          "AND or OR.", "where")
        return pred

    def expr(self) -> Pred:
        parts = [self.term()]
        while self.peek() == ("kw", "OR"):
            self.i += 1
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else (lambda r: any(p(r) for p in parts))

    def term(self) -> Pred:
        parts = [self.factor()]
        while self.peek() == ("kw", "AND"):
            self.i += 1
            parts.append(self.factor())
        return parts[0] if len(parts) == 1 else (lambda r: all(p(r) for p in parts))

    def factor(self) -> Pred:
        tok = self.peek()
        if tok == ("kw", "NOT"):
            self.i += 1
            inner = self.factor()
            return lambda r: not inner(r)
        if tok == ("punct", "("):
            self.i += 1
            inner = self.expr()
            self.take("punct", ")")
            return inner
        return self.comparison()

    def comparison(self) -> Pred:
        self.clauses += 1
        if self.clauses > MAX_CLAUSES:
            raise invalid(f"where: at most {MAX_CLAUSES} conditions.", "where")
        path = self.take("word")
        kind, get = resolve(self.entity, path, self.lookup, "where")
        tok = self.peek()
        if tok == ("kw", "IS"):
            self.i += 1
            negate = self.peek() == ("kw", "NOT")
            if negate:
                self.i += 1
            self.take("kw", "NULL")
            return (lambda r: get(r) is not None) if negate else (lambda r: get(r) is None)
        negate = tok == ("kw", "NOT")
        if negate:
            self.i += 1
            tok = self.peek()
        if tok == ("kw", "IN"):
            self.i += 1
            self.take("punct", "(")
            values = [folded(coerce(kind, self.take("val"), path, "where"))]
            while self.peek() == ("punct", ","):
                self.i += 1
                values.append(folded(coerce(kind, self.take("val"), path, "where")))
            self.take("punct", ")")

            def within(r: Row) -> bool:
                v = get(r)
                return v is not None and folded(v) in values
            return (lambda r: not within(r)) if negate else within
        if tok == ("kw", "LIKE"):
            self.i += 1
            pattern = str(self.take("val"))
            rx = re.compile("".join(".*" if c == "%" else "." if c == "_" else re.escape(c)
                                    for c in pattern), re.IGNORECASE | re.DOTALL)

            def like(r: Row) -> bool:
                v = get(r)
                return v is not None and rx.fullmatch(str(v)) is not None
            return (lambda r: not like(r)) if negate else like
        if negate:
            raise invalid("where: NOT after a field goes with IN or LIKE; put NOT before "
                          "the condition otherwise.", "where")
        op = self.take("op")
        value = self.take("val")
        want = folded(coerce(kind, value, path, "where"))
        return _compare(get, op, want)


def _compare(get: Getter, op: str, want: Any) -> Pred:
    def test(r: Row) -> bool:
        v = get(r)
        if v is None:
            return op in ("<>", "!=")
        v = folded(v)
        try:
            if op == "=":
                return bool(v == want)
            if op in ("<>", "!="):
                return bool(v != want)
            if op == "<":
                return bool(v < want)
            if op == ">":
                return bool(v > want)
            if op == "<=":
                return bool(v <= want)
            return bool(v >= want)
        except TypeError:
            return False
    return test


def parse_where(entity: str, text: str, lookup: Lookup) -> Pred:
    if not text.strip():
        raise invalid("where must not be empty; e.g. where=id > 0.", "where")
    if len(text) > MAX_TEXT:
        raise invalid(f"where is at most {MAX_TEXT} characters.", "where")
    return _Where(entity, text, lookup).parse()
