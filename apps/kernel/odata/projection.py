"""`$select`: the properties to return, checked against the schema, and the record cut
to them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arcadia.apps.kernel.odata.common import Schema, bad, resolve


def parse_select(text: str | None, schema: Schema, *, entity: str,
                 field: str = "$select") -> list[str] | None:
    """`$select=a,b` -> names (None when absent); unknown names are `invalid`."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise bad(f"Invalid {field} clause '{text}': list property names separated by "
                  "commas.", field)
    for n in names:
        resolve(schema, [n], entity, field)
    return names


def project(record: Mapping[str, Any], names: Sequence[str] | None,
            always: Sequence[str] = ("@odata.etag", "id")) -> dict[str, Any]:
    """`record` with only `names` (and the `always` keys), in the record's order."""
    if names is None:
        return dict(record)
    keep = set(names) | set(always)
    return {k: v for k, v in record.items() if k in keep}
