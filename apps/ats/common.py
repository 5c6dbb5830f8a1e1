"""What every ATS service shares: list paging and time filters, id look-ups and the hints of
their 404s, JSON columns, custom field values."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, TypeVar

from sqlmodel import col
from sqlmodel.sql.expression import SelectOfScalar

from arcadia.apps.ats import schemas as s
from arcadia.apps.ats import views
from arcadia.apps.kernel import (
    ApiError,
    Ctx,
    Page,
    invalid,
    not_found,
    paginate,
    parse_timestamp,
)

T = TypeVar("T")
MAX_PER_PAGE = 500
# A rendered record (`views.py`): a plain dict already shaped like the route's `XPublic`
# response model, which validates and documents it on the way out.
Wire = dict[str, Any]

JOB_HINT = "list jobs with GET /v1/jobs."
CAND_HINT = "list candidates with GET /v1/candidates."
APP_HINT = "list applications with GET /v1/applications."


@dataclass(frozen=True)
class Window:
    """Harvest's paging and time-window query parameters of one list request."""

    page: int = 1
    per_page: int = 100
    created_before: str | None = None
    created_after: str | None = None
    updated_before: str | None = None
    updated_after: str | None = None


def when(text: str | None, field: str) -> datetime | None:
    """An ISO 8601 timestamp parameter as naive UTC, or an `invalid` error naming it."""
    if text is None:
        return None
    try:
        return parse_timestamp(text)
    except ValueError:
        raise invalid(f"{field} must be an ISO 8601 timestamp such as "
                      f"2026-03-02T09:00:00Z; got {text[:40]!r}.", field) from None


def windowed(statement: SelectOfScalar[T], w: Window, created: Any, updated: Any
             ) -> SelectOfScalar[T]:
    """`statement` narrowed by the created/updated before/after parameters."""
    for text, column, field, after in (
            (w.created_before, created, "created_before", False),
            (w.created_after, created, "created_after", True),
            (w.updated_before, updated, "updated_before", False),
            (w.updated_after, updated, "updated_after", True)):
        value = when(text, field)
        if value is None:
            continue
        if column is None:
            raise invalid(f"{field} does not apply to this list.", field)
        statement = statement.where(col(column) >= value if after else col(column) < value)
    return statement


def page_of(ctx: Ctx, statement: SelectOfScalar[T], w: Window) -> Page[T]:
    if not 1 <= w.per_page <= MAX_PER_PAGE:
        raise invalid(f"per_page must be an integer between 1 and {MAX_PER_PAGE}.", "per_page")
    return paginate(ctx.session, statement, page=w.page, per=w.per_page)


def missing(what: str, key: int, hint: str) -> ApiError:
    return not_found(f"No {what} has id {key}; {hint}", meta={"entity_type": what})


def get(ctx: Ctx, model: type[T], key: int, what: str, hint: str) -> T:
    """The row, or 404 "Resource not found" naming what was missing and where to look."""
    row = ctx.session.get(model, key)
    if row is None:
        raise missing(what, key, hint)
    return row


def must_exist(ctx: Ctx, model: type[T], key: int | None, field: str, what: str, hint: str
               ) -> T | None:
    """A row an input names, or a 422 naming the field (an unknown id in a body)."""
    if key is None:
        return None
    row = ctx.session.get(model, key)
    if row is None:
        raise invalid(f"{field} {key} is not a {what}; {hint}", field)
    return row


def parse_day(text: str, field: str) -> date:
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise invalid(f"{field} must be a date YYYY-MM-DD; got {text[:40]!r}.", field) from None


def custom_values(ctx: Ctx, field_type: str, current: dict[str, Any],
                  items: list[s.CustomFieldValue] | None) -> dict[str, Any]:
    """A record's custom field values (`current`) with the values a write sets applied."""
    fields = views.Look(ctx.session).custom_fields(field_type)
    by_id = {f.id: k for k, f in fields.items()}
    out = dict(current)
    for cf in items or []:
        key = cf.name_key if cf.name_key is not None else by_id.get(cf.id or -1)
        if key is None or key not in fields:
            raise invalid(f"custom_fields: each needs the id or name_key of a {field_type} "
                          f"custom field (GET /v1/custom_fields/{field_type}).",
                          "custom_fields")
        if cf.delete_value == "true":
            out.pop(key, None)
        elif cf.value is None or isinstance(cf.value, list | bool):
            out[key] = cf.value
        else:
            out[key] = str(cf.value)
    return out
