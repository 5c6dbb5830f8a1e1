"""Route metadata every app uses: operation ids, read/write tags, roles, entity annotations.

The OpenAPI document is the agent's manual and the task generator's tool graph, so
each route says what it does, whether it writes, who may call it, and which of its
parameters and fields carry an entity's identity (`x-entity`).
"""

from __future__ import annotations

import re
from typing import Any

_OPERATION_ID = re.compile(r"^[a-z]+_[a-z]+_[a-z_]+$")


def entity(name: str, **extra: Any) -> dict[str, Any]:
    """`json_schema_extra` marking a parameter or field as an entity's identity."""
    return {"x-entity": name, **extra}


def op(operation_id: str, summary: str, description: str, *, write: bool,
       roles: tuple[str, ...] = (), status_code: int | None = None) -> dict[str, Any]:
    """Keyword arguments for a route decorator: `@router.get(path, **op(...))`.

    Args:
        operation_id: `<app>_<verb>_<noun>`, unique across the app.
        summary: One line for the tool list.
        description: What the call does and what it needs, for the agent.
        write: Whether the route changes state (tagged `write`, else `read`).
        roles: Roles of which the principal needs one; empty means any principal.
        status_code: Success status when it is not 200.
    """
    if not _OPERATION_ID.match(operation_id):
        raise ValueError(f"operation_id {operation_id!r} is not <app>_<verb>_<noun>")
    who = ("Requires one of the roles: " + ", ".join(roles) + ".") if roles \
        else "Any signed-in principal may call it."
    kwargs: dict[str, Any] = {
        "operation_id": operation_id,
        "summary": summary,
        "description": f"{description}\n\n{who}",
        "tags": ["write" if write else "read"],
        # The kernel's request context reads both: `write` ticks the clock, and `x-roles`
        # are checked before the route runs.
        "openapi_extra": {"x-roles": list(roles)},
    }
    if status_code is not None:
        kwargs["status_code"] = status_code
    return kwargs
