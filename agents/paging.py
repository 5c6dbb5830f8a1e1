"""How each product pages a list, said where an answer is cut (`truncate.Paging`) and in
every read tool's description (`cut_line`), from the tool's own parameters: Graph's
`$top`/`$skip`, Coupa's `limit`/`offset`, Bullhorn's `count`/`start`, Greenhouse's
`page`/`per_page`, Gusto's `page`/`per`, BambooHR's `page[limit]`/`page[after]`, the
restaurant's `limit`/`after_seq`, a Sheets range; else the request's `fields` or filters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arcadia.agents.base import OBSERVATION_CHARS
from arcadia.agents.truncate import Paging

__all__ = ["cut_line", "paging"]

# (size, position, what a cut says): `{shown}` is how many whole items of the list fitted,
# `{next}` the offset of the first one not shown.
_PAGERS: tuple[tuple[str, str, str], ...] = (
    ("$top", "$skip", "pages of {shown} fit: call again with `$top`={shown} and "
     "`$skip`={next}, adding {shown} each time (Graph's `@odata.nextLink` goes on after the "
     "whole page asked for, not after the items shown)"),
    ("limit", "offset", "pages of {shown} fit: call again with `limit`={shown} and "
     "`offset`={next}, adding {shown} each time"),
    ("count", "start", "pages of {shown} fit: call again with `count`={shown} and "
     "`start`={next}, adding {shown} each time"),
    ("per_page", "page", "pages of {shown} fit: call again with `per_page`={shown} and "
     "`page`=1, 2, ... until a page has fewer than {shown} items"),
    ("per", "page", "pages of {shown} fit: call again with `per`={shown} and `page`=1, 2, "
     "... until a page has fewer than {shown} items"),
    ("page[limit]", "page[after]", "pages of {shown} fit: call again with "
     "`page[limit]`={shown}, then with `page[after]` = each page's `meta.page.nextCursor`"),
    ("limit", "after_seq", "pages of {shown} fit: call again with `limit`={shown} and "
     "`after_seq` = the `seq` of the last item shown"),
)
# The arguments that say where a page starts, for `{next}`.
_OFFSETS = ("$skip", "offset", "start")
# Where a product reads a range instead (Sheets, A1 notation).
_RANGES = ("range", "ranges")
_RANGE_SAY = ("the first {shown} rows fit: ask for the rest as a smaller range in A1 "
              "notation (`range` or `ranges`, e.g. the next {shown} rows)")


def _pager(query: Sequence[str], path: Sequence[str]) -> tuple[str, str, str | None] | None:
    """How a tool pages: (in a few words, what a cut says, the argument that says where a
    page starts), or None if it does not."""
    for size, position, say in _PAGERS:
        if size in query and position in query:
            return (f"page with `{size}` and `{position}`", say,
                    position if position in _OFFSETS else None)
    if any(r in query or r in path for r in _RANGES):
        return "ask for a smaller range (`range` or `ranges`, A1 notation)", _RANGE_SAY, None
    return None


# Query parameters that do not narrow what a list holds.
_NOT_FILTERS = ("fields", "format", "include")


def _narrow(query: Sequence[str], body_fields: Sequence[str]) -> str:
    """How to ask for less of an operation: fewer `fields`, its filters by name, else one
    record at a time."""
    ways = []
    if "fields" in query or "fields" in body_fields:
        ways.append("ask for fewer `fields`")
    filters = [q for q in query if q not in _NOT_FILTERS]
    if filters:
        more = ", ..." if len(filters) > 4 else ""
        ways.append("narrow it with " + ", ".join(f"`{f}`" for f in filters[:4]) + more)
    if not ways:
        return "find the records with an operation that filters or pages, or read them one " \
            "at a time"
    return ", ".join(ways) + ", or read the records one at a time"


def _unpaged(query: Sequence[str], body_fields: Sequence[str]) -> str:
    """What a cut says of an operation that does not page."""
    filters = any(q not in _NOT_FILTERS for q in query) or "fields" in (*query, *body_fields)
    return ("this operation does not page" + ("" if filters else " and takes no filters")
            + ": " + _narrow(query, body_fields))


def cut_line(query: Sequence[str], path: Sequence[str], body_fields: Sequence[str]) -> str:
    """The sentence a read tool's description ends with: the cut, and how to page."""
    pager = _pager(query, path)
    how = pager[0] if pager else _unpaged(query, body_fields)
    return (f"An answer over {OBSERVATION_CHARS:,} characters comes back cut to its first "
            f"whole items, as JSON with a `truncated` note; {how}.")


def paging(query: Sequence[str], path: Sequence[str], body_fields: Sequence[str],
           arguments: Mapping[str, Any]) -> Paging:
    """How a tool with these parameters, called with `arguments`, reads the rest of an
    answer that was cut."""
    pager = _pager(query, path)
    narrow = _narrow(query, body_fields)
    if pager is None:
        return Paging("{shown} whole items fit; " + _unpaged(query, body_fields), narrow)
    _, say, offset = pager
    value = str(arguments.get(offset) or 0) if offset else "0"
    return Paging(say, narrow, int(value) if value.isdigit() else 0)
