"""Formulas: parsing (openpyxl's formula `Tokenizer`, then a precedence parser over its
tokens) and evaluation with Google Sheets' rules for the functions we support.

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

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal
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


# -- evaluation ------------------------------------------------------------------------------

Resolver = Callable[[Ref], Value]
DIV0 = Err("#DIV/0!", "Function DIVIDE parameter 2 cannot be zero.")
VALUE = Err("#VALUE!")
NUM = Err("#NUM!")


def evaluate(node: Node, resolve: Resolver) -> Value:
    kind = node[0]
    if kind == "lit":
        return node[1]  # type: ignore[no-any-return]
    if kind == "empty":
        return None
    if kind == "ref":
        return resolve(node[1])
    if kind in ("neg", "pos", "pct"):
        v = to_number(scalar(evaluate(node[1], resolve)))
        if isinstance(v, Err):
            return v
        return _finite(-v if kind == "neg" else v / 100 if kind == "pct" else v)
    if kind == "bin":
        return _binary(node[1], scalar(evaluate(node[2], resolve)),
                       scalar(evaluate(node[3], resolve)))
    if kind == "call":
        return _call(node[1], node[2], resolve)
    raise AssertionError(kind)


def scalar(v: Value) -> Scalar:
    """A range in a place that wants one value: its single cell, else `#VALUE!`."""
    if isinstance(v, RangeValue):  # single cells resolve as scalars, never as ranges
        return Err("#VALUE!", "An array value could not be found.")
    return v


def _finite(x: float) -> float | Err:
    return x if math.isfinite(x) else NUM


def to_number(v: Scalar) -> float | Err:
    if v is None:
        return 0.0
    if isinstance(v, Err):
        return v
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, float):
        return v
    text = v.strip()
    try:
        x = float(text) if text and text.lower() not in ("nan", "inf", "-inf", "infinity",
                                                          "+inf", "-infinity") else None
    except ValueError:
        x = None
    if x is None or not math.isfinite(x):
        return Err("#VALUE!", f"Function expects number values. But '{v}' is a text and "
                   "cannot be coerced to a number.")
    return x


def to_text(v: Scalar) -> str | Err:
    if v is None:
        return ""
    if isinstance(v, Err):
        return v
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float):
        return number_text(v)
    return v


def number_text(x: float) -> str:
    """A number as Sheets turns it into text (`&`, CONCATENATE): up to 15 digits."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    text = f"{x:.15g}"
    if "e" in text:
        mant, _, exp = text.partition("e")
        return f"{mant}E{'+' if not exp.startswith('-') else '-'}{exp.lstrip('+-').zfill(2)}"
    return text


def to_bool(v: Scalar) -> bool | Err:
    if isinstance(v, Err):
        return v
    if v is None:
        return False
    if isinstance(v, bool):
        return v
    if isinstance(v, float):
        return v != 0
    if v.upper() in ("TRUE", "FALSE"):
        return v.upper() == "TRUE"
    return Err("#VALUE!", f"Function IF parameter 1 expects boolean values. But '{v}' is a "
               "text and cannot be coerced to a boolean.")


def _rank(v: Scalar) -> int:
    # Sheets orders numbers < text < booleans when comparing mixed types.
    return 0 if isinstance(v, float) else 2 if isinstance(v, bool) else 1


def _compare(a: Scalar, b: Scalar) -> int:
    if a is None:
        a = "" if isinstance(b, str) else False if isinstance(b, bool) else 0.0
    if b is None:
        b = "" if isinstance(a, str) else False if isinstance(a, bool) else 0.0
    ra, rb = _rank(a), _rank(b)
    if ra != rb:
        return -1 if ra < rb else 1
    if isinstance(a, str) and isinstance(b, str):
        a, b = a.lower(), b.lower()
    return (a > b) - (a < b)  # type: ignore[operator]


def _binary(op: str, a: Scalar, b: Scalar) -> Scalar:
    if isinstance(a, Err):
        return a
    if isinstance(b, Err):
        return b
    if op == "&":
        return f"{to_text(a)}{to_text(b)}"
    if op in ("=", "<>", "<", ">", "<=", ">="):
        c = _compare(a, b)
        return {"=": c == 0, "<>": c != 0, "<": c < 0, ">": c > 0, "<=": c <= 0,
                ">=": c >= 0}[op]
    x, y = to_number(a), to_number(b)
    if isinstance(x, Err):
        return x
    if isinstance(y, Err):
        return y
    if op == "+":
        return _finite(x + y)
    if op == "-":
        return _finite(x - y)
    if op == "*":
        return _finite(x * y)
    if op == "/":
        return DIV0 if y == 0 else _finite(x / y)
    if x == 0 and y < 0:
        return DIV0
    try:
        r = x ** y
    except (OverflowError, ZeroDivisionError):
        return NUM
    return NUM if isinstance(r, complex) else _finite(r)


def _numbers(args: Sequence[Value], *, direct_text: bool = True) -> list[float] | Err:
    """Numbers of the arguments as SUM/AVERAGE/MIN/MAX take them: in a range only number
    cells count; a direct argument is coerced (a boolean, a numeric text)."""
    out: list[float] = []
    for a in args:
        if isinstance(a, RangeValue):
            for v in a.flat():
                if isinstance(v, Err):
                    return v
                if isinstance(v, float):
                    out.append(v)
        else:
            if a is None:
                continue
            x = to_number(a) if direct_text or not isinstance(a, str) else VALUE
            if isinstance(x, Err):
                return x
            out.append(x)
    return out


def _round(x: float, digits: float, mode: str) -> float | Err:
    try:
        q = Decimal(1).scaleb(-int(digits))
        return _finite(float(Decimal(repr(x)).quantize(q, rounding=mode)))
    except ArithmeticError:
        return NUM


_ROUNDING = {"ROUND": ROUND_HALF_UP, "ROUNDUP": ROUND_UP, "ROUNDDOWN": ROUND_DOWN}


def _arity(name: str, args: Sequence[Node], low: int, high: int) -> Err | None:
    if low <= len(args) <= high:
        return None
    return Err("#N/A", f"Wrong number of arguments to {name}. Expected between {low} and "
               f"{high} arguments, but got {len(args)} arguments.")


def _call(name: str, nodes: Sequence[Node], resolve: Resolver) -> Value:
    if name == "IF":
        bad = _arity(name, nodes, 2, 3)
        if bad:
            return bad
        cond = to_bool(scalar(evaluate(nodes[0], resolve)))
        if isinstance(cond, Err):
            return cond
        if cond:
            return evaluate(nodes[1], resolve)
        return evaluate(nodes[2], resolve) if len(nodes) == 3 else False
    if name == "IFERROR":
        bad = _arity(name, nodes, 1, 2)
        if bad:
            return bad
        first = evaluate(nodes[0], resolve)
        if isinstance(scalar(first), Err):
            return evaluate(nodes[1], resolve) if len(nodes) == 2 else None
        return first
    if name not in _FUNCTIONS:
        return Err("#NAME?", f"Unknown function: '{name}'.")
    low, high, fn = _FUNCTIONS[name]
    bad = _arity(name, nodes, low, high)
    if bad:
        return bad
    return fn([evaluate(n, resolve) for n in nodes])


def _sum(args: list[Value]) -> Value:
    nums = _numbers(args)
    return nums if isinstance(nums, Err) else _finite(math.fsum(nums))


def _average(args: list[Value]) -> Value:
    nums = _numbers(args)
    if isinstance(nums, Err):
        return nums
    if not nums:
        return Err("#DIV/0!", "AVERAGE has no valid input data.")
    return _finite(math.fsum(nums) / len(nums))


def _count(args: list[Value]) -> Value:
    n = 0
    for a in args:
        if isinstance(a, RangeValue):
            n += sum(1 for v in a.flat() if isinstance(v, float))
        elif isinstance(a, float | bool) or (isinstance(a, str)
                                             and not isinstance(to_number(a), Err)):
            n += 1
    return float(n)


def _counta(args: list[Value]) -> Value:
    n = 0
    for a in args:
        if isinstance(a, RangeValue):
            n += sum(1 for v in a.flat() if v is not None)
        else:
            n += 1  # a direct argument counts, even an empty one
    return float(n)


def _extreme(pick: Callable[[list[float]], float]) -> Callable[[list[Value]], Value]:
    def fn(args: list[Value]) -> Value:
        nums = _numbers(args)
        if isinstance(nums, Err):
            return nums
        return pick(nums) if nums else 0.0
    return fn


def _rounder(name: str) -> Callable[[list[Value]], Value]:
    def fn(args: list[Value]) -> Value:
        x = to_number(scalar(args[0]))
        d = to_number(scalar(args[1])) if len(args) > 1 else 0.0
        if isinstance(x, Err):
            return x
        if isinstance(d, Err):
            return d
        if abs(d) > 300:
            return NUM
        return _round(x, math.trunc(d), _ROUNDING[name])
    return fn


def _logic(all_: bool) -> Callable[[list[Value]], Value]:
    def fn(args: list[Value]) -> Value:
        seen: list[bool] = []
        for a in args:
            vals = a.flat() if isinstance(a, RangeValue) else [a]
            for v in vals:
                if isinstance(v, Err):
                    return v
                if isinstance(v, str) and isinstance(a, RangeValue):
                    continue
                if v is None:
                    continue
                b = to_bool(v)
                if isinstance(b, Err):
                    return b
                seen.append(b)
        if not seen:
            return VALUE
        return all(seen) if all_ else any(seen)
    return fn


def _text_fn(apply: Callable[[str], Value]) -> Callable[[list[Value]], Value]:
    def fn(args: list[Value]) -> Value:
        t = to_text(scalar(args[0]))
        return t if isinstance(t, Err) else apply(t)
    return fn


def _concat(args: list[Value]) -> Value:
    parts: list[str] = []
    for a in args:
        for v in (a.flat() if isinstance(a, RangeValue) else [a]):
            t = to_text(v)
            if isinstance(t, Err):
                return t
            parts.append(t)
    return "".join(parts)


def _not(args: list[Value]) -> Value:
    b = to_bool(scalar(args[0]))
    return b if isinstance(b, Err) else not b


def _abs(args: list[Value]) -> Value:
    x = to_number(scalar(args[0]))
    return x if isinstance(x, Err) else abs(x)


_MANY = 255
_FUNCTIONS: dict[str, tuple[int, int, Callable[[list[Value]], Value]]] = {
    "SUM": (1, _MANY, _sum), "AVERAGE": (1, _MANY, _average), "COUNT": (1, _MANY, _count),
    "COUNTA": (1, _MANY, _counta), "MIN": (1, _MANY, _extreme(min)),
    "MAX": (1, _MANY, _extreme(max)), "ROUND": (1, 2, _rounder("ROUND")),
    "ROUNDUP": (1, 2, _rounder("ROUNDUP")), "ROUNDDOWN": (1, 2, _rounder("ROUNDDOWN")),
    "ABS": (1, 1, _abs), "AND": (1, _MANY, _logic(True)), "OR": (1, _MANY, _logic(False)),
    "NOT": (1, 1, _not), "CONCATENATE": (1, _MANY, _concat),
    "LEN": (1, 1, _text_fn(lambda t: float(len(t)))),
    "UPPER": (1, 1, _text_fn(str.upper)), "LOWER": (1, 1, _text_fn(str.lower)),
    "TRIM": (1, 1, _text_fn(lambda t: " ".join(p for p in t.split(" ") if p))),
}
