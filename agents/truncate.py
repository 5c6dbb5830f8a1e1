"""An answer too long for a model, cut so that it stays JSON and says how to get the rest.

A body whose JSON fits the room is returned as it is, byte for byte. A longer one becomes
one JSON object (documented in docs/eval.md, "Long answers"):

- the list that holds most of the body (the first list of two or more items found by
  following, from the top, the largest value at each level: a Graph `value`, BambooHR's
  `employees`, a Sheets range's `values`, a top-level list) is cut to its first whole
  items, as many as fit:
  `{"truncated": true, "chars": C, "list": "/employees", "shown": N, "total": M,
  "how_to_get_the_rest": "...", "body": <the body with that list cut to N items>}`;
- a body with no such list, or whose first item alone does not fit (or a body that is not
  JSON), is given as the first characters of its JSON text, in a string:
  `{"truncated": true, "chars": C, "shown_chars": K, "how_to_get_the_rest": "...",
  "prefix": "..."}`.

`chars` is the length of the whole answer's JSON, `list` the JSON Pointer (RFC 6901) of
the cut list in `body`, `total` the number of items that list had in this answer. How to
get the rest is the product's own paging, from the tool that was called (`Paging`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

__all__ = ["NO_PAGING", "Paging", "cut"]

NO_PAGING = "narrow the request with its filters, or read the records one at a time"


@dataclass(frozen=True)
class Paging:
    """How a call reads the rest of a cut answer. `hint` is said of a cut list, with
    `{shown}` (the whole items shown) and `{next}` (`start` + shown: the offset of the first
    item not shown) filled in; `narrow` is said of an answer cut as a text prefix."""

    hint: str
    narrow: str = NO_PAGING
    start: int = 0

    def say(self, shown: int) -> str:
        return self.hint.replace("{shown}", str(shown)).replace("{next}",
                                                               str(self.start + shown))


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def _pointer(path: list[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _longest_list(body: Any) -> list[str | int] | None:
    """The path to the list that holds most of `body`: from the top, the largest value of
    each object (the first of equal ones) and the one item of a one-item list, down to the
    first list of two or more items; None if that walk meets no such list."""
    path: list[str | int] = []
    node = body
    while True:
        if isinstance(node, list):
            if len(node) >= 2:
                return path
            if len(node) == 1 and isinstance(node[0], dict | list):
                path.append(0)
                node = node[0]
                continue
            return None
        if isinstance(node, dict) and node:
            sizes = {k: len(_dumps(v)) for k, v in node.items()}
            key = max(sizes, key=lambda k: sizes[k])
            path.append(key)
            node = node[key]
            continue
        return None


def _replaced(node: Any, path: list[str | int], value: Any) -> Any:
    """`node` with the value at `path` replaced, copying only the objects on the path."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, list):
        assert isinstance(head, int)
        return [*node[:head], _replaced(node[head], rest, value), *node[head + 1:]]
    return {**node, head: _replaced(node[head], rest, value)}


def _at(node: Any, path: list[str | int]) -> Any:
    for p in path:
        node = node[p]
    return node


def _largest(fits: Any, low: int, high: int) -> int:
    """The largest n in [low, high] with `fits(n)`, given `fits(low)`; fits is monotone."""
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def _cut_list(body: Any, path: list[str | int], room: int, chars: int,
              paging: Paging | None) -> str | None:
    items = _at(body, path)
    total = len(items)

    def render(n: int) -> str:
        return _dumps({"truncated": True, "chars": chars, "list": _pointer(path), "shown": n,
                       "total": total,
                       "how_to_get_the_rest": paging.say(n) if paging else
                       f"{n} of {total} items fit; {NO_PAGING}",
                       "body": _replaced(body, path, items[:n])})

    if len(render(1)) > room:
        return None
    return render(_largest(lambda n: len(render(n)) <= room, 1, total - 1))


def _prefix(text: str, room: int, paging: Paging | None) -> str:
    narrow = paging.narrow if paging else NO_PAGING
    how = f"the answer has no list whose whole items fit; its JSON text begins here. {narrow}"

    def render(k: int) -> str:
        return _dumps({"truncated": True, "chars": len(text), "shown_chars": k,
                       "how_to_get_the_rest": how, "prefix": text[:k]})

    if len(render(0)) > room:  # not even the note fits: the note, over the limit
        return render(0)
    return render(_largest(lambda k: len(render(k)) <= room, 0, len(text)))


def cut(body: Any, room: int, paging: Paging | None = None) -> str:
    """`body` as JSON text (a text body as it is) if it fits `room` characters, else cut to
    fit (see the module's docstring), as JSON text of at most `room` characters."""
    text = body if isinstance(body, str) else _dumps(body)
    if len(text) <= room:
        return text
    if not isinstance(body, str):
        path = _longest_list(body)
        if path is not None:
            out = _cut_list(body, path, room, len(text), paging)
            if out is not None:
                return out
    return _prefix(text, room, paging)
