"""`Registry`: things registered by versioned id (`hr-mismatch-v1`) or by name (`agency`).

The one registry class of every layer, for what it keys by id: the worlds of each layer
(`arcadia.world.worlds`, `arcadia.grader.worlds`, `arcadia.taskgen.worlds`,
`arcadia.agents.worlds`), each world's situations, the check and guard kinds
(`arcadia.grader.checks.CHECKS`, `arcadia.grader.guards.GUARDS`), the task generator's goal
kinds and add-ons, the apps (`arcadia.apps.registry.APPS`) and the agents
(`arcadia.agents.registry.AGENTS`). It lives in the lowest layer so that every layer above
can import it. A registry is given its entries where it is defined, never filled by another
module's import; it keeps the order they were given in, refuses an id given twice, and says
what it knows when asked for an id it does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class UnknownId(KeyError, ValueError):  # noqa: N818 (the builtins' own naming)
    """An id no entry has: "unknown world 'nope'; known: [...]".

    A `KeyError` to whoever looks an id up and a `ValueError` to whoever validates input
    with it (the control plane answers 422 for one), so callers of either kind catch it.
    """

    def __str__(self) -> str:
        # KeyError's own quotes the message; this one is a sentence.
        return str(self.args[0]) if self.args else ""


class Registry(Generic[T]):
    """`what`s by id, in the order registered (`what` names them in errors: "world",
    "check kind")."""

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

    def unregister(self, id: str) -> T:
        """Take `id` out again (a test's own entry, registered for one test)."""
        return self._items.pop(self._known(id))

    def get(self, id: str) -> T:
        return self._items[self._known(id)]

    def _known(self, id: str) -> str:
        if id not in self._items:
            raise UnknownId(f"unknown {self.what} {id!r}; known: {sorted(self._items)}")
        return id

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
