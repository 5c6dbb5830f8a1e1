"""Route metadata every app uses: operation ids, read/write tags, roles, entity annotations.

The OpenAPI document is the agent's manual and the task generator's tool graph, so
each route says what it does, whether it writes, who may call it, and which of its
parameters and fields carry an entity's identity (`x-entity`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Path

F = TypeVar("F", bound=Callable[..., Any])
# How each error status reads in the document; 401, 403 and the validation status are added
# to every route by the kernel (see `openapi.py`), the others a route declares.
ERROR_DESCRIPTIONS = {
    400: "Invalid input: the reason names the field and what would be right.",
    401: "Missing or unknown credential.",
    403: "The principal lacks the permission for this operation.",
    404: "A resource named in the path or body does not exist.",
    409: "The resource's state does not allow this (or the version sent is stale).",
    413: "The request body is over the size the API accepts (1 MiB).",
    422: "Invalid input: the reason names the field and what would be right.",
}

_OPERATION_ID = re.compile(r"^[a-z]+_[a-z]+_[a-z_]+$")


# Entity types that name the same thing in different apps: the tool graph's `same_entity`
# edges. The same person is an HRIS employee id, a payroll employee uuid, an email, a Graph
# user, a calendar attendee (by email) and an ATS or Coupa user; a cost centre is a Coupa
# account and a budget-sheet row. `entity()` writes the concept beside the type
# (`x-same-entity`), so the documents alone carry the links.
SAME_ENTITY: dict[str, tuple[str, ...]] = {
    "person": ("EmployeeId", "EmployeeNumber", "Email", "PersonName", "PayrollEmployeeId",
               "GraphUserId", "AtsUserId", "ProcurementUserId"),
    "department": ("DepartmentName", "PayrollDepartmentId", "AtsDepartmentId"),
    "location": ("LocationName", "PayrollLocationId", "AtsOfficeId"),
    "cost-centre": ("CostCentreCode", "ProcurementAccountId"),
    "supplier": ("SupplierName", "ProcurementSupplierId"),
    "room": ("RoomEmail", "RoomName", "PlaceId"),
}
_CONCEPT = {name: concept for concept, names in SAME_ENTITY.items() for name in names}


def entity(name: str, **extra: Any) -> dict[str, Any]:
    """`json_schema_extra` marking a parameter or field as an entity's identity (or, for
    `Email`, `PersonName`, `SupplierName`..., a natural key a person would name it by)."""
    concept = {"x-same-entity": _CONCEPT[name]} if name in _CONCEPT else {}
    return {"x-entity": name, **concept, **extra}


def path_id(name: str, description: str, *, alias: str | None = None, **path: Any) -> Any:
    """A path parameter carrying entity `name`'s identity: `Path(description=...,
    json_schema_extra=entity(name))`, with `alias` (the path's own spelling of the
    parameter) and any other `Path` argument (`examples=`, `max_length=`).

    The id's type stays at the declaration, so type checkers read it:
    `JobId = Annotated[Id, path_id("AtsJobId", "The job's id.")]`, or `Annotated[str, ...]`
    for a uuid or a name.
    """
    return Path(alias=alias, description=description, json_schema_extra=entity(name), **path)


def op(operation_id: str, summary: str, description: str, *, write: bool,
       roles: tuple[str, ...] = (), status_code: int | None = None,
       errors: tuple[int, ...] = ()) -> dict[str, Any]:
    """Keyword arguments for a route decorator: `@router.get(path, **op(...))`.

    Args:
        operation_id: `<app>_<verb>_<noun>`, unique across the app.
        summary: One line for the tool list.
        description: What the call does and what it needs, for the agent.
        write: Whether the route changes state (tagged `write`, else `read`).
        roles: Roles of which the principal needs one; empty means any principal.
        status_code: Success status when it is not 200.
        errors: Error statuses the route returns besides 401, 403 (added when it has
            roles) and the app's validation status (added when it takes input); e.g.
            `(404, 409)`. Each is documented with the product's error body.
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
        "responses": {status: {"description": ERROR_DESCRIPTIONS.get(status, "Error.")}
                      for status in sorted(set(errors))},
    }
    if status_code is not None:
        kwargs["status_code"] = status_code
    return kwargs


def slash_alias(router: APIRouter) -> Callable[..., Callable[[F], F]]:
    """`route = slash_alias(router)`; `@route("get", "/things/", **kwargs)` registers the
    path and, hidden from the document, its other trailing-slash spelling (clients of some
    products call a path both ways)."""

    def route(method: str, path: str, **kwargs: Any) -> Callable[[F], F]:
        def register(fn: F) -> F:
            getattr(router, method)(path, **kwargs)(fn)
            other = path[:-1] if path.endswith("/") else f"{path}/"
            getattr(router, method)(other, **{**kwargs, "include_in_schema": False})(fn)
            return fn
        return register

    return route
