"""Content versions: a resource's `version` (or ETag) derived from its updatable fields.

Ids themselves come from the request context (`Ctx.next_id`, `Ctx.new_uuid`): per-episode
sequences, never MAX+1.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import orjson

from arcadia.apps.kernel.errors import stale


def content_version(kind: str, key: Any, row: Any, fields: Sequence[str],
                    extra: Any = None) -> str:
    """32 hex characters that change exactly when one of `fields` of `row` (or `extra`)
    changes; the same state gives the same version in every episode."""
    attrs = {f: getattr(row, f) for f in fields}
    payload = orjson.dumps([kind, key, attrs, extra], option=orjson.OPT_SORT_KEYS)
    return hashlib.md5(payload, usedforsecurity=False).hexdigest()


def check_version(what: str, key: Any, sent: str, current: str) -> None:
    """A `stale` error unless the client sent the resource's current version.

    The message never carries the current version: as in Gusto, a client must read the
    resource again (and see what changed) rather than copy a version out of an error.
    """
    if sent != current:
        raise stale("You are attempting to update a resource using an out-of-date version. "
                    f"Fetch {what} {key} again and send the `version` it returns.", "base",
                    meta={"entity_type": what, "entity_uuid": str(key)})
