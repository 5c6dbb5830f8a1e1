"""A gate's verdict, and what the certificate's gates share about the gold's run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from arcadia.grader.diff import Diff, Record
from arcadia.grader.normal import view
from arcadia.grader.predicates import normalise
from arcadia.grader.task import Step


@dataclass(frozen=True)
class GateResult:
    ok: bool
    reason: str


def record_keys(diff: Diff) -> dict[tuple[str, str, str, int], Record]:
    """Each changed record under (app, table, kind, its index among those): the key two
    runs of one gold share (`taskgen.shadow.varying` keys records so too)."""
    out: dict[tuple[str, str, str, int], Record] = {}
    seen: dict[tuple[str, str, str], int] = {}
    for r in diff.records:
        k = (r.app, r.table, r.kind)
        seen[k] = seen.get(k, 0) + 1
        out[(*k, seen[k] - 1)] = r
    return out


def shown(r: Record) -> dict[str, Any]:
    """A record's current row as the product shows it."""
    return view(r.app, r.table, r.current) or {}


def scalars(value: Any) -> Iterator[Any]:
    """Every scalar of a JSON value (dict values, list items), in order."""
    if isinstance(value, dict):
        for v in value.values():
            yield from scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from scalars(v)
    else:
        yield value


def sent_values(steps: list[Step | None]) -> set[str]:
    """The normalised values the requests carried (path, query, body), as text keys."""
    out: set[str] = set()
    for s in steps:
        if s is None:
            continue
        for v in scalars([s.params, s.query, s.body]):
            if v is not None:
                out.add(key(v))
    return out


def key(value: Any) -> str:
    return json.dumps(normalise(value), default=str)
