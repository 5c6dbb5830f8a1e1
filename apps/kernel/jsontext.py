"""A JSON text column's encoding: compact orjson (no spaces), NULL for None.

Keys keep the value's own order, because some values reach the wire as read back (a
calendar event's `recurrence`, a candidate's custom fields) and their order is the
response's. `sort_keys=True` gives the canonical text instead, for an app that decides
whether a row changed by comparing texts (sheets writes back only rows whose text
differs from what it loaded, so a dict rebuilt in another key order must not count as a
change).
"""

from __future__ import annotations

from typing import Any, overload

import orjson


@overload
def json_text(value: None, *, sort_keys: bool = False) -> None: ...
@overload
def json_text(value: Any, *, sort_keys: bool = False) -> str: ...
def json_text(value: Any, *, sort_keys: bool = False) -> str | None:
    """The text a JSON text column stores for `value`; None (SQL NULL) for None."""
    if value is None:
        return None
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS if sort_keys else 0).decode()


def json_value(text: str | None) -> Any:
    """The value a JSON text column holds; None for NULL."""
    return None if text is None else orjson.loads(text)
