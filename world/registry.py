"""`Registry`: things registered by versioned id (`hr-mismatch-v1`) or by name (`agency`).

The one registry class every layer uses for what it keys by id: the worlds of each layer
(`arcadia.world.worlds`, `arcadia.grader.worlds`, `arcadia.taskgen.worlds`,
`arcadia.agents.worlds`), the task generator's goal kinds and add-ons. It keeps the order
things were registered in, refuses an id given twice, and says what it knows when asked for
an id it does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """`what`s by id, in the order registered (`what` names them in errors: "world")."""

    def __init__(self, what: str, items: Iterable[tuple[str, T]] = ()) -> None:
        self.what = what
        self._items: dict[str, T] = {}
        for id, item in items:
            self.register(id, item)

    def register(self, id: str, item: T) -> T:
        """Add `item` under `id`; an id registered already is an error."""
        if id in self._items:
            raise ValueError(f"{self.what} {id!r} is registered twice")
        self._items[id] = item
        return item

    def get(self, id: str) -> T:
        if id not in self._items:
            raise KeyError(f"unknown {self.what} {id!r}; known: {sorted(self._items)}")
        return self._items[id]

    def __contains__(self, id: object) -> bool:
        return id in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def ids(self) -> list[str]:
        return list(self._items)

    def values(self) -> list[T]:
        return list(self._items.values())

    def items(self) -> list[tuple[str, T]]:
        return list(self._items.items())
