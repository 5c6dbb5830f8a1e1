"""Fetch a row by primary key or fail with a 404 the agent can act on."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlmodel import Session, SQLModel

from arcadia.apps.kernel.context import Ctx
from arcadia.apps.kernel.db import fit_key
from arcadia.apps.kernel.errors import not_found

Row = TypeVar("Row")


def get_or_404(session: Session, model: type[Row], key: Any, *, what: str,
               hint: str = "") -> Row:
    """The `model` row with primary key `key`, or a `not_found` error.

    Args:
        what: The resource's name in the message (`Employee`, `Time off request`).
        hint: Where valid keys are found, e.g. "Look ids up in GET /employees/directory."
    """
    keys = key if isinstance(key, tuple) else (key,)
    fitted = fit_key(model.__table__, keys)  # type: ignore[attr-defined]
    row = None if fitted is None else session.get(
        model, fitted if isinstance(key, tuple) else fitted[0])
    if row is None:
        raise _missing(what, key, hint)
    return row


def read_or_404(ctx: Ctx, model: type[SQLModel], key: Any, *, what: str, hint: str = ""
                ) -> Any:
    """A read-only snapshot of the `model` row with primary key `key` (`Ctx.snapshot`),
    or the same `not_found` error as `get_or_404`. For read routes."""
    row = ctx.snapshot(model, key)
    if row is None:
        raise _missing(what, key, hint)
    return row


def _missing(what: str, key: Any, hint: str) -> Exception:
    message = f"{what} {key} was not found." + (f" {hint}" if hint else "")
    return not_found(message, meta={"entity_type": what, "entity_uuid": str(key)})
