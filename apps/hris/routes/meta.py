"""The meta lists: time off types, employee fields, list field options and the tables."""

from __future__ import annotations

from typing import Any

from arcadia.apps.hris import service, tables, time_off
from arcadia.apps.hris.routes.base import new_router
from arcadia.apps.hris.schemas import MetaField, MetaList, TabularField, TimeOffTypes
from arcadia.apps.kernel import CtxDep, op, slash_alias

router = new_router()
route = slash_alias(router)


@route("get", "/meta/time_off/types", response_model=TimeOffTypes, **op(
    "hris_list_time_off_types", "List time off types",
    "The time off types (id, name, units) to use as `timeOffTypeId`, and default working "
    "hours per weekday.", write=False))
async def list_time_off_types(ctx: CtxDep) -> dict[str, Any]:
    return time_off.list_types(ctx=ctx)


@route("get", "/meta/fields", response_model=list[MetaField], **op(
    "hris_list_fields", "List employee fields",
    "Every employee field: numeric id, name, type and alias (the API field name used in "
    "`fields=` and in employee writes).", write=False))
async def list_fields(ctx: CtxDep) -> list[dict[str, Any]]:
    return service.meta_fields()


@route("get", "/meta/lists", response_model=list[MetaList], **op(
    "hris_list_lists", "List the options of list fields",
    "Allowed values of the list fields department, division (team), location and "
    "employmentHistoryStatus.", write=False))
async def list_lists(ctx: CtxDep) -> list[dict[str, Any]]:
    return service.meta_lists(ctx=ctx)


@route("get", "/meta/tables", response_model=list[TabularField], **op(
    "hris_list_tables", "List the tables and their fields",
    "Every standard table (the `{table}` of the table routes) with its fields: id, name, "
    "alias (the key in rows and writes) and type.", write=False))
async def list_tables(ctx: CtxDep) -> list[dict[str, Any]]:
    return tables.meta_tables()
