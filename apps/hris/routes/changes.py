"""Last change information: employees, and a table's rows, changed since a time."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Response

from arcadia.apps.hris import changes
from arcadia.apps.hris.routes.base import TableName, new_router
from arcadia.apps.hris.schemas import ChangedEmployees, ChangedTableData
from arcadia.apps.kernel import CtxDep, json_response, op, slash_alias

router = new_router()
route = slash_alias(router)

_SINCE = Annotated[str, Query(description="ISO 8601 timestamp, e.g. 2026-03-01T00:00:00Z; "
                              "changes after it are returned.")]


@route("get", "/employees/changed", response_model=ChangedEmployees, **op(
    "hris_list_changed_employees", "List employees changed since a time",
    "Employees whose record (any field, or any row of their tables) changed after `since`, "
    "keyed by id, each with `action` (Inserted when created after `since`, else Updated) "
    "and `lastChanged`; `latest` is the newest lastChanged. `type` narrows to inserted, "
    "updated or deleted (employees are never deleted here).", write=False))
async def list_changed_employees(
        ctx: CtxDep, since: _SINCE,
        type: Annotated[str | None, Query(  # noqa: A002 (BambooHR's name)
            description="`inserted`, `updated`, `deleted` or `all` (default).")] = None,
) -> dict[str, Any]:
    return changes.changed_employees(ctx=ctx, since=since, type=type)


@route("get", "/employees/changed/tables/{table}", response_model=ChangedTableData, **op(
    "hris_list_changed_table_rows", "List a table's rows of employees changed since a time",
    "For each employee changed after `since` (any field or table row), all their rows of "
    "the table, keyed by employee id with the employee's lastChanged. Rows the caller may "
    "not see (see GET /employees/{id}/tables/{table}) are left out. Unknown tables are a "
    "404.", write=False))
async def list_changed_table_rows(ctx: CtxDep, table: TableName, since: _SINCE) -> Response:
    return json_response(changes.changed_table(ctx=ctx, alias=table, since=since))
