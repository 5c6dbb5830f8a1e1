"""Values for the certificate's variants of a gold, and the instruction they are held to.

`changed_scalar` and `duplicate_candidates` make a duplicate differ in one value of the
same type; `Instruction` answers whether a value appears in the instruction, normalised
for case, whitespace, numbers, date spellings and name order.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from arcadia.grader.replay import StepResult, bindings, dependencies, resolve
from arcadia.grader.task import Binding, Step


def changed_scalar(value: Any) -> Any:
    """Another valid value of the same type: numbers +1, dates +1 day, strings suffixed."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        try:
            return (dt.date.fromisoformat(value) + dt.timedelta(days=1)).isoformat()
        except ValueError:
            pass
        if _number(value) is not None:
            return format(Decimal(value) + 1, "f")
        return f"{value} (copy)"
    return None


def duplicate_candidates(body: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """(path, changed value) for each scalar of a create's body: dates first, then numbers,
    then other strings (a duplicate with another date is the one apps most often accept)."""
    out = []
    for path in scalar_leaves(body):
        old = get_at(body, path)
        new = changed_scalar(old)
        if new is not None:
            rank = 0 if _is_date(old) else 1 if _number(str(old)) is not None else 2
            out.append((rank, path, new))
    return [(path, new) for _, path, new in sorted(out, key=lambda x: x[0])]


def _is_date(value: Any) -> bool:
    try:
        dt.date.fromisoformat(str(value))
    except ValueError:
        return False
    return isinstance(value, str)


def scalar_leaves(body: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to the scalar values of a JSON body, in order, skipping version tokens."""
    if isinstance(body, dict):
        return [p for k, v in body.items() if k != "version"
                for p in scalar_leaves(v, (*prefix, k))]
    if isinstance(body, list):
        return [p for i, v in enumerate(body) for p in scalar_leaves(v, (*prefix, i))]
    return [prefix] if prefix else []


def get_at(body: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        body = body[p]
    return body


def set_at(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(body)
    cur = out
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return out


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", "").lstrip("$")).normalize()
    except InvalidOperation:
        return None


_MONTHS = "january february march april may june july august september october november december"
_MONTH = {m: i for i, m in enumerate(_MONTHS.split(), start=1)} | {
    m[:3]: i for i, m in enumerate(_MONTHS.split(), start=1)}
_DATE_PATTERNS = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), ("m", "d", "y")),
    (re.compile(r"\b([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b"), ("M", "d", "y")),
    (re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]{3,9}),? (\d{4})\b"), ("d", "M", "y")),
)


class Instruction:
    """The instruction's text normalised: case, whitespace, numbers, dates, name order."""

    def __init__(self, text: str) -> None:
        self.text = " ".join(text.lower().split())
        self.numbers = {n for t in re.findall(r"\$?\d[\d,]*(?:\.\d+)?", self.text)
                        if (n := _number(t.rstrip(",."))) is not None}
        self.dates: set[dt.date] = set()
        for pattern, order in _DATE_PATTERNS:
            for m in pattern.finditer(self.text):
                parts = dict(zip(order, m.groups(), strict=True))
                try:
                    month = int(parts["m"]) if "m" in parts else _MONTH[parts["M"]]
                    self.dates.add(dt.date(int(parts["y"]), month, int(parts["d"])))
                except (KeyError, ValueError):
                    continue

    def mentions(self, value: Any) -> bool:
        """Whether `value` (normalised) appears in the instruction."""
        if isinstance(value, bool) or value is None or isinstance(value, dict | list):
            return False
        if isinstance(value, int | float):
            return Decimal(str(value)).normalize() in self.numbers
        text = " ".join(str(value).lower().split())
        if not text:
            return False
        try:
            return dt.date.fromisoformat(text) in self.dates
        except ValueError:
            pass
        number = _number(text)
        if number is not None:
            return number in self.numbers
        variants = {text}
        if "," in text:  # "Davis, John" -> "john davis"
            last, _, first = text.partition(",")
            variants.add(f"{first.strip()} {last.strip()}")
        elif len(words := text.split()) == 2:
            variants.add(f"{words[1]}, {words[0]}")
        return any(re.search(rf"(?<!\w){re.escape(v)}(?!\w)", self.text) for v in variants)


def bound_values(step: Step, results: Mapping[str, StepResult]) -> list[tuple[str, Any]]:
    """(binding path, resolved value) of every binding in a step, version tokens left out."""
    found: list[tuple[str, Any]] = []
    for v in bindings([step.params, step.query, step.body, step.headers], nested=False):
        b = Binding.model_validate(v)
        where = b.path or b.header or ""
        if not where.rsplit(".", 1)[-1].lower().endswith("version"):
            found.append((f"{b.from_}.{where}", resolve(v, dict(results))))
    return found


def literal_only(value: Any, results: Mapping[str, StepResult], said: Instruction) -> Any:
    """`value` with each binding replaced by its literal when the instruction states it;
    raises LookupError when a binding's value is not in the instruction."""
    if isinstance(value, dict) and "$from" in value:
        resolved = resolve(value, dict(results))
        if not said.mentions(resolved):
            raise LookupError(resolved)
        return resolved
    if isinstance(value, dict):
        return {k: literal_only(v, results, said) for k, v in value.items()}
    if isinstance(value, list):
        return [literal_only(v, results, said) for v in value]
    return value


def with_needs(gold: Sequence[Step], keep: Iterable[int], drop: Iterable[int] = ()
               ) -> list[Step]:
    """The gold steps at `keep` plus every step they bind to (transitively), minus `drop`."""
    index = {s.id: i for i, s in enumerate(gold)}
    dropped = set(drop)
    need = set(keep) - dropped
    stack = list(need)
    while stack:
        for dep in dependencies(gold[stack.pop()]):
            j = index.get(dep)
            if j is not None and j not in need and j not in dropped:
                need.add(j)
                stack.append(j)
    return [gold[i] for i in sorted(need)]
