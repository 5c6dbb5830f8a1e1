"""`$count`, `$top` and `$skip`: one page of in-memory records and its `@odata.nextLink`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from fastapi import Request

from arcadia.apps.kernel.odata.common import bad
from arcadia.apps.kernel.pagination import Slice

MAX_TOP = 1000


def parse_count(text: str | None, field: str = "$count") -> bool:
    if text is None:
        return False
    if text.lower() not in ("true", "false"):
        raise bad(f"The value '{text}' of {field} is not valid: use true or false.", field)
    return text.lower() == "true"


def check_top_skip(top: int | None, skip: int | None, *, default: int,
                   maximum: int = MAX_TOP) -> tuple[int, int]:
    """`$top` (1..maximum, `default` when absent) and `$skip` (>= 0) or `invalid`."""
    t = default if top is None else top
    s = 0 if skip is None else skip
    if t < 0 or t > maximum:
        raise bad(f"The value of $top must be between 0 and {maximum}; got {t}.", "$top")
    if s < 0:
        raise bad(f"The value of $skip must not be negative; got {s}.", "$skip")
    return t, s


def odata_slice(records: Sequence[Any], *, top: int, skip: int, base_url: str) -> Slice[Any]:
    """One OData page of in-memory `records`; `next` is the `@odata.nextLink` URL
    (`base_url` is the request URL without `$top`/`$skip`)."""
    items = list(records[skip:skip + top])
    if top == 0 or skip + top >= len(records):
        return Slice(items, None)
    sep = "&" if "?" in base_url else "?"
    return Slice(items, f"{base_url}{sep}{urlencode({'$top': top, '$skip': skip + top})}")


def odata_base_url(request: Request, drop: Sequence[str] = ("$top", "$skip")) -> str:
    """The request's URL without the paging options (for `@odata.nextLink`)."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k not in drop]
    url = str(request.url.replace(query=""))
    return f"{url}?{urlencode(kept)}" if kept else url
