"""The standard tables: every employee's rows, one employee's rows, and adding,
correcting and deleting a row (tables.py; the history tables' rules in history.py)."""

from __future__ import annotations

from typing import Any

from fastapi import Response

from arcadia.apps.hris import tables
from arcadia.apps.hris.routes.base import (
    HR,
    EmployeeId,
    RowId,
    TableName,
    new_router,
)
from arcadia.apps.hris.schemas import TableRowDeleted, TableRowIn, TableRowOut, plain
from arcadia.apps.kernel import CtxDep, json_response, op, slash_alias

router = new_router()
route = slash_alias(router)

_TABLE_READ = (
    "The rows are oldest first (by date, then id). For jobInfo, compensation and "
    "employmentStatus the employee's current values are those of the newest row whose date "
    "has arrived. jobInfo and employmentStatus are readable by every employee; the other "
    "tables (pay, contacts, dependents, assets, ...) by HR, payroll and the employee "
    "themself; anyone else gets 403. An unknown table is a 404.")


@route("get", "/employees/all/tables/{table}", response_model=list[TableRowOut], **op(
    "hris_list_all_table_rows", "List a table's rows for every employee",
    "Every employee's rows of one table (terminated employees included), by employee id then "
    "date, each row carrying its `employeeId`. Callers who may not see a table's rows for "
    "everyone (see GET /employees/{id}/tables/{table}) get only their own. "
    + _TABLE_READ, write=False))
async def list_all_table_rows(ctx: CtxDep, table: TableName) -> Response:
    return json_response(tables.list_all_rows(ctx=ctx, alias=table))


@route("get", "/employees/{id}/tables/{table}", response_model=list[TableRowOut], **op(
    "hris_list_table_rows", "List an employee's rows of a table",
    "One employee's rows of a standard table, e.g. GET /employees/42/tables/jobInfo (job "
    "history), /compensation (pay history), /employmentStatus, /emergencyContacts. "
    + _TABLE_READ, errors=(403,), write=False))
async def list_table_rows(ctx: CtxDep, employee_id: EmployeeId, table: TableName) -> Response:
    return json_response(tables.list_rows(ctx=ctx, employee_id=employee_id, alias=table))


@route("post", "/employees/{id}/tables/{table}", response_model=TableRowOut, **op(
    "hris_create_table_row", "Add a row to an employee's table",
    "Add a row with the table's fields (GET /meta/tables). jobInfo (promotion, transfer, new "
    "manager): `date` required; columns not sent carry forward from the row in force on that "
    "date; `reportsTo` takes the supervisor's employee id. compensation (raise, pay change): "
    "`startDate` and `rate` (e.g. `{\"value\": \"92000\", \"currency\": \"USD\"}`) "
    "required; type, paidPer and exempt carry forward; Hourly is paid per Hour, Salary per "
    "Year/Month/Week/Day. employmentStatus (termination, leave, return): `date` and "
    "`employmentStatus` required; a `Terminated` row sets the employee's terminationDate to "
    "its date and, once the date has arrived, status Inactive. A history row that is the "
    "newest in effect changes the employee's current values. The other tables just hold "
    "rows (emergencyContacts: `name`; dependents: `firstName`, `lastName`; bonus and "
    "commission: `date`, `amount`; earnings: `date`, `priorYear`; employeeAssets: "
    "`category`; employeeCertifications: `title`). Returns the new row.",
    write=True, roles=HR))
async def create_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           body: TableRowIn) -> Response:
    return json_response(tables.create_row(ctx=ctx, employee_id=employee_id, alias=table,
                                           data=plain(body)))


@route("post", "/employees/{id}/tables/{table}/{rowId}", response_model=TableRowOut, **op(
    "hris_update_table_row", "Correct a row of an employee's table",
    "Change some columns of an existing row; the others stay. For jobInfo, compensation and "
    "employmentStatus the employee's current values are recomputed (title, pay, status, "
    "terminationDate). Required columns cannot be cleared. Returns the row.",
    write=True, roles=HR))
async def update_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           row_id: RowId, body: TableRowIn) -> Response:
    return json_response(tables.update_row(ctx=ctx, employee_id=employee_id, alias=table,
                                           row_id=row_id, data=plain(body)))


@route("delete", "/employees/{id}/tables/{table}/{rowId}", response_model=TableRowDeleted,
       response_model_exclude_none=True, **op(
           "hris_delete_table_row", "Delete a row of an employee's table",
           "Delete one row. Returns `{\"success\": true}`, or `{\"success\": false, "
           "\"error\"}` when the employee has no such row. For jobInfo, compensation and "
           "employmentStatus the employee's current values are recomputed (deleting a "
           "Terminated row undoes the termination); deleting the only row in effect today "
           "is a 409: add its replacement first.", errors=(409,), write=True, roles=HR))
async def delete_table_row(ctx: CtxDep, employee_id: EmployeeId, table: TableName,
                           row_id: RowId) -> dict[str, Any]:
    return tables.delete_row(ctx=ctx, employee_id=employee_id, alias=table, row_id=row_id)
