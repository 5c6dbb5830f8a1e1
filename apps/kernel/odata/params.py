"""Graph's OData query options as route parameters: `$name`, optional, bounded.

An app declares each option it takes once, with its own description (its manual names its
own properties, e.g. "`isRead eq false`" for messages), as `Filter = Annotated[str | None,
odata_query("filter", "...")]`, and routes take `filter: Filter = None`. The bounds are
Graph's sizes below unless the app gives its own.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

BOUNDS: dict[str, dict[str, int]] = {
    "filter": {"max_length": 4000}, "orderby": {"max_length": 500},
    "select": {"max_length": 2000}, "search": {"max_length": 1000},
    "expand": {"max_length": 200}, "count": {"max_length": 5},
    "top": {"ge": 0, "le": 1000}, "skip": {"ge": 0, "le": 2**31 - 1},
}
# What the option means wherever it is taken (the apps' default page size is 10).
DESCRIPTIONS = {"top": "Page size (default 10, at most 1000)."}


def odata_query(name: str, description: str | None = None, **bounds: int) -> Any:
    """The `Query(...)` of the `$name` option (typed `int | None` for top and skip, else
    `str | None`): `BOUNDS[name]` updated by `bounds`; `description` is the app's, required
    unless the kernel has one."""
    text = description if description is not None else DESCRIPTIONS.get(name)
    if text is None:
        raise ValueError(f"${name} needs the app's description")
    limits: dict[str, Any] = {**BOUNDS[name], **bounds}
    return Query(alias=f"${name}", description=text, **limits)


# `$top` as both apps take it (its description is the same for every list).
Top = Annotated[int | None, odata_query("top")]
