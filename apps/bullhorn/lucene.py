"""`/search/{type}?query=`: Bullhorn's Lucene subset, parsed to a predicate over one
entity's rows (field paths and literals as in `query`).

It takes `field:term`, `field:"a phrase"`, `field:(a OR b)`, wildcards `*` and `?` in a
term, ranges `field:[a TO b]` (inclusive) and `field:{a TO b}` (exclusive; `*` for an open
end), `AND`/`&&`, `OR`/`||`, `NOT`/`!`, `+`/`-` prefixes, parentheses; terms next to each
other are OR-ed (Lucene's default). Text matches word by word, case-insensitively; dates
take `yyyyMMdd`, `yyyyMMddHHmmss` or epoch milliseconds. Every term names its field (no
default field).
"""

from __future__ import annotations

import fnmatch
import re
from typing import Any

from arcadia.apps.bullhorn.query import (
    MAX_CLAUSES,
    MAX_TEXT,
    Getter,
    Lookup,
    Pred,
    Row,
    coerce,
    folded,
    resolve,
)
from arcadia.apps.kernel import invalid

_LUCENE_TOKEN = re.compile(
    r'\s*(?:(?P<phrase>"(?:[^"\\]|\\.)*")|(?P<range>[\[{][^\]}]*[\]}])'
    r"|(?P<op>&&|\|\||[()!+\-])|(?P<field>[A-Za-z_][\w.]*):"
    r"|(?P<term>(?:[^\s()\"\[\]{}:\\]|\\.)+))")
_WORDS = re.compile(r"\w+")


def _lucene_tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos, text = 0, text.rstrip()
    while pos < len(text):
        m = _LUCENE_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise invalid(f"query: cannot read {text[pos:pos + 20]!r} (position {pos}); "
                          'write e.g. lastName:Smith AND status:"New Lead".', "query")
        pos = m.end()
        kind = m.lastgroup or ""
        raw = m.group(kind)
        if kind == "term" and raw in ("AND", "OR", "NOT"):
            out.append(("op", {"AND": "&&", "OR": "||", "NOT": "!"}[raw]))
        else:
            out.append((kind, raw))
    return out


def _text_match(term: str, value: Any) -> bool:
    if value is None:
        return False
    text = str(value).lower()
    words = _WORDS.findall(text)
    low = term.lower()
    if "*" in low or "?" in low:
        return fnmatch.fnmatchcase(text, low) or any(fnmatch.fnmatchcase(w, low)
                                                     for w in words)
    wanted = _WORDS.findall(low)
    if not wanted:
        return low == text
    n = len(wanted)
    return any(words[i:i + n] == wanted for i in range(len(words) - n + 1))


class _Lucene:
    def __init__(self, entity: str, text: str, lookup: Lookup) -> None:
        self.entity, self.lookup = entity, lookup
        self.toks = _lucene_tokens(text)
        self.i = 0
        self.clauses = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def parse(self) -> Pred:
        pred = self.expr(None)
        if self.peek() is not None:
            raise invalid(f"query: unexpected {self.peek()[1]!r}.", "query")  # type: ignore[index]
        return pred

    def expr(self, field: str | None) -> Pred:
        # `a || b`: either; `a b`: Lucene's boolean query (+x required, -x prohibited,
        # the rest optional: at least one, unless something is required); `a && b`
        # binds tightest.
        parts = [self.seq(field)]
        while self.peek() == ("op", "||"):
            self.i += 1
            parts.append(self.seq(field))
        return parts[0] if len(parts) == 1 else (lambda r: any(p(r) for p in parts))

    def seq(self, field: str | None) -> Pred:
        required: list[Pred] = []
        prohibited: list[Pred] = []
        optional: list[Pred] = []
        while True:
            tok = self.peek()
            if tok is None or tok in (("op", ")"), ("op", "||")):
                break
            if tok in (("op", "+"), ("op", "-"), ("op", "!")):
                # `-x` and `NOT x` prohibit; `+x` requires
                self.i += 1
                (required if tok[1] == "+" else prohibited).append(self.conj(field))
            else:
                optional.append(self.conj(field))
        if not (required or prohibited or optional):
            raise invalid("query: a clause is missing; write e.g. query=lastName:Smith.",
                          "query")

        def test(r: Row) -> bool:
            if any(not p(r) for p in required) or any(p(r) for p in prohibited):
                return False
            return bool(required) or not optional or any(p(r) for p in optional)
        return test

    def conj(self, field: str | None) -> Pred:
        parts = [self.unary(field)]
        while self.peek() == ("op", "&&"):
            self.i += 1
            parts.append(self.unary(field))
        return parts[0] if len(parts) == 1 else _all(parts)

    def unary(self, field: str | None) -> Pred:
        tok = self.peek()
        if tok == ("op", "!"):
            self.i += 1
            inner = self.unary(field)
            return lambda r: not inner(r)
        if tok == ("op", "("):
            self.i += 1
            inner = self.expr(field)
            if self.peek() != ("op", ")"):
                raise invalid("query: a parenthesis is not closed.", "query")
            self.i += 1
            return inner
        if tok is not None and tok[0] == "field":
            self.i += 1
            return self.unary(tok[1])
        if tok is None or tok[0] not in ("term", "phrase", "range"):
            found = "the end" if tok is None else repr(tok[1])
            raise invalid(f"query: expected a field:value clause, found {found}.", "query")
        self.i += 1
        if field is None:
            raise invalid(f"query: {tok[1]!r} names no field; write field:value (e.g. "
                          f"lastName:{tok[1]}).", "query")
        self.clauses += 1
        if self.clauses > MAX_CLAUSES:
            raise invalid(f"query: at most {MAX_CLAUSES} clauses.", "query")
        kind, get = resolve(self.entity, field, self.lookup, "query")
        if tok[0] == "range":
            return self.range(kind, get, field, tok[1])
        raw = tok[1][1:-1] if tok[0] == "phrase" else tok[1]
        raw = re.sub(r"\\(.)", r"\1", raw)
        if kind in ("str", "text"):
            return lambda r: _text_match(raw, get(r))
        if raw == "*":
            return lambda r: get(r) is not None
        want = coerce(kind, raw, field, "query")
        return lambda r: get(r) == want

    def range(self, kind: str, get: Getter, field: str, raw: str) -> Pred:
        inclusive = raw[0] == "["
        parts = raw[1:-1].split(" TO ")
        if len(parts) != 2:
            raise invalid(f"query: the range {raw!r} takes the form [low TO high].", "query")
        lo_text, hi_text = (p.strip() for p in parts)
        if kind in ("str", "text"):
            lo = None if lo_text == "*" else lo_text.casefold()
            hi = None if hi_text == "*" else hi_text.casefold()
        else:
            lo = None if lo_text == "*" else coerce(kind, lo_text, field, "query")
            hi = None if hi_text == "*" else coerce(kind, hi_text, field, "query")

        def test(r: Row) -> bool:
            v = get(r)
            if v is None:
                return False
            v = folded(v)
            try:
                if lo is not None and (v < lo if inclusive else v <= lo):
                    return False
                return not (hi is not None and (v > hi if inclusive else v >= hi))
            except TypeError:
                return False
        return test


def _all(preds: list[Pred]) -> Pred:
    return lambda r: all(p(r) for p in preds)


def parse_lucene(entity: str, text: str, lookup: Lookup) -> Pred:
    if not text.strip():
        raise invalid("query must not be empty; e.g. query=lastName:Smith.", "query")
    if len(text) > MAX_TEXT:
        raise invalid(f"query is at most {MAX_TEXT} characters.", "query")
    return _Lucene(entity, text, lookup).parse()
