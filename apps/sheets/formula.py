"""Formulas: parsing (openpyxl's formula `Tokenizer`, then a precedence parser over its
tokens), here, and evaluation with Google Sheets' rules for the functions we support, in
`formula_eval`.

Supported: numbers, strings, booleans, error literals; cell, range and other-sheet
references (`A1`, `$B$2`, `A1:C3`, `A:A`, `2:2`, `Sheet2!A1`, `'Q1 ''24'!B2`); the
operators `+ - * / ^ & = <> < > <= >=`, unary `-`/`+` and postfix `%`; the functions SUM,
AVERAGE, COUNT, COUNTA, MIN, MAX, IF, ROUND, ROUNDUP, ROUNDDOWN, ABS, AND, OR, NOT,
CONCATENATE, LEN, UPPER, LOWER, TRIM, IFERROR. Any other function is `#NAME?`; a reference
to a sheet that does not exist `#REF!`; a circular reference `#REF!`; division by zero
`#DIV/0!`; text where a number is needed `#VALUE!`; an unparseable formula `#ERROR!`.
A result is an error value rather than a number we are not sure of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError

from arcadia.apps.sheets.a1 import Bounds, RangeError, parse_ref, split_sheet


@dataclass(frozen=True)
class Err:
    """An error value (`#DIV/0!`), with the message Sheets shows for it."""

    code: str
    message: str = ""


Scalar = float | str | bool | Err | None  # None: an empty cell


@dataclass(frozen=True)
class Ref:
    sheet: str | None
    bounds: Bounds
    name: str | None = None  # a named range, resolved when evaluated

    @property
    def is_cell(self) -> bool:
        b = self.bounds
        return (b.start_row is not None and b.end_row == b.start_row + 1
                and b.start_col is not None and b.end_col == b.start_col + 1)


@dataclass(frozen=True)
class RangeValue:
    """The values of a referenced range's occupied cells, row by row (empty cells are left
    out: no function we support counts them)."""

    values: tuple[Scalar, ...]

    def flat(self) -> list[Scalar]:
        return list(self.values)


Value = Scalar | RangeValue


class ParseError(Exception):
    pass


# -- parsing -------------------------------------------------------------------------------

Node = tuple[Any, ...]
_INFIX = {"=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1, "&": 2, "+": 3, "-": 3,
          "*": 4, "/": 4, "^": 5}
_PREFIX_POWER = 6


def tokens(formula: str) -> list[Token]:
    try:
        items = Tokenizer(formula).items
    except (TokenizerError, ValueError, IndexError) as exc:
        raise ParseError(str(exc)) from exc
    return [t for t in items if t.type != Token.WSPACE]


def parse(formula: str) -> Node:
    """The syntax tree of `=...`."""
    toks = tokens(formula)
    if not toks:
        raise ParseError("empty formula")
    parser = _Parser(toks)
    node = parser.expr(0)
    if parser.at < len(toks):
        raise ParseError(f"unexpected {toks[parser.at].value!r}")
    return node


MAX_NESTING = 100  # parentheses / function calls within one another


class _Parser:
    def __init__(self, toks: list[Token]) -> None:
        self.toks = toks
        self.at = 0
        self.level = 0

    def peek(self) -> Token | None:
        return self.toks[self.at] if self.at < len(self.toks) else None

    def take(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise ParseError("the formula ends too early")
        self.at += 1
        return tok

    def expr(self, power: int) -> Node:
        self.level += 1
        try:
            return self._expr(power)
        finally:
            self.level -= 1

    def _expr(self, power: int) -> Node:
        if self.level > MAX_NESTING:
            raise ParseError("the formula is nested too deeply")
        left = self.prefix()
        while True:
            tok = self.peek()
            if tok is None:
                return left
            if tok.type == Token.OP_POST:
                self.at += 1
                left = ("pct", left)
                continue
            if tok.type != Token.OP_IN or tok.value not in _INFIX:
                return left
            bp = _INFIX[tok.value]
            if bp <= power:
                return left
            self.at += 1
            left = ("bin", tok.value, left, self.expr(bp))

    def prefix(self) -> Node:
        tok = self.take()
        if tok.type == Token.OP_PRE:
            return ("neg" if tok.value == "-" else "pos", self.expr(_PREFIX_POWER))
        if tok.type == Token.OPERAND:
            return _operand(tok)
        if tok.type == Token.PAREN and tok.subtype == Token.OPEN:
            inner = self.expr(0)
            close = self.take()
            if close.type != Token.PAREN or close.subtype != Token.CLOSE:
                raise ParseError("unbalanced parenthesis")
            return inner
        if tok.type == Token.FUNC and tok.subtype == Token.OPEN:
            name = tok.value[:-1].upper()
            args: list[Node] = []
            nxt = self.peek()
            if nxt is not None and nxt.type == Token.FUNC and nxt.subtype == Token.CLOSE:
                self.at += 1
                return ("call", name, args)
            while True:
                nxt = self.peek()
                if nxt is not None and (nxt.type == Token.SEP or (
                        nxt.type == Token.FUNC and nxt.subtype == Token.CLOSE)):
                    args.append(("empty",))  # an omitted argument: IF(A1,,2)
                else:
                    args.append(self.expr(0))
                sep = self.take()
                if sep.type == Token.FUNC and sep.subtype == Token.CLOSE:
                    return ("call", name, args)
                if sep.type != Token.SEP or sep.subtype != Token.ARG:
                    raise ParseError(f"unexpected {sep.value!r} in {name}(")
        raise ParseError(f"unexpected {tok.value!r}")


_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,249}$")


def _operand(tok: Token) -> Node:
    if tok.subtype == Token.NUMBER:
        try:
            return ("lit", float(tok.value))
        except ValueError as exc:
            raise ParseError(tok.value) from exc
    if tok.subtype == Token.TEXT:
        return ("lit", tok.value[1:-1].replace('""', '"'))
    if tok.subtype == Token.LOGICAL:
        return ("lit", tok.value.upper() == "TRUE")
    if tok.subtype == Token.ERROR:
        return ("lit", Err(tok.value.upper()))
    try:
        sheet, ref = split_sheet(tok.value)
        return ("ref", Ref(sheet, parse_ref(ref)))
    except RangeError:
        # A bare name: a named range (looked up when evaluated; an unknown one is #NAME?)
        if _NAME.match(tok.value):
            return ("ref", Ref(None, Bounds(None, None, None, None), tok.value))
        return ("lit", Err("#NAME?", f"Unknown range name: '{tok.value}'."))


def canonical(formula: str) -> str:
    """The formula as Sheets keeps it: function names in capitals (`=sum(a1)` ->
    `=SUM(a1)`); unparseable text is kept as entered."""
    try:
        tok = Tokenizer(formula)
    except (TokenizerError, ValueError, IndexError):
        return formula
    for t in tok.items:
        if t.type == Token.FUNC and t.subtype == Token.OPEN:
            t.value = t.value.upper()
    return str(tok.render())
