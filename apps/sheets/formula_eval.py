"""Evaluating a formula's tree (`formula.parse`) with Google Sheets' rules: the operators,
the coercions between numbers, text and booleans, and the functions we support (listed in
`formula`). References are resolved by the caller (`book.Evaluator`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal

from arcadia.apps.sheets.formula import Err, Node, RangeValue, Ref, Scalar, Value

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
