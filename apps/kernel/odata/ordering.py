"""`$orderby`: sort keys checked against the schema, and the stable sort OData's null
ordering and Exchange's case-folding give."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arcadia.apps.kernel.odata.common import Kind, Schema, bad, get_path, kind_of, norm, resolve


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
            raise bad(f"Invalid {field} clause '{text}': each key is a property path with "
                      "an optional 'asc' or 'desc'.", field)
        path = tuple(words[0].split("/"))
        kind = kind_of(resolve(schema, path, entity, field))
        if kind in ("collection", "complex"):
            raise bad(f"The property '{words[0]}' cannot be used in the $orderby query "
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
        out.sort(key=lambda r, k=key: _Key(norm(get_path(r, k.path), k.kind)),  # type: ignore[misc]
                 reverse=key.descending)
    return out
