"""BambooHR's cursor-paged employee list (`GET /employees`, operation `list-employees`).

A fixed set of identity and job fields per employee plus the optional `fields` asked for
(the list's `*Name` fields and any field Get Employee reads, with the value it reads);
values the caller may not see are `null` and named in `_restrictedFields`. Filters match
case-insensitive substrings (`filter[firstName]`, ...), `filter[status]` is `active` or
`inactive`, `filter[ids]` batch-fetches. Pages are forward cursors (`page[after]`, the
previous page's `nextCursor`), opaque and deterministic (the kernel's `cursor_page`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from sqlalchemy import func
from sqlmodel import col, select

from arcadia.apps.hris import service
from arcadia.apps.hris.fields import FieldDef, ListIds, read, resolve_field
from arcadia.apps.hris.models import Employee, ListOption
from arcadia.apps.kernel import Ctx, ascii_int, cursor_page, invalid, parse_list

DEFAULT_LIMIT, MAX_LIMIT = 250, 2500
SORTS: dict[str, Any] = {"employeeId": Employee.id, "firstName": Employee.first_name,
                         "lastName": Employee.last_name, "preferredName": Employee.preferred_name,
                         "jobTitleName": Employee.job_title, "status": Employee.status}
# The default columns every row carries (a requested one is not read twice).
DEFAULTS = ("employeeId", "firstName", "lastName", "preferredName", "photoUrl",
            "jobTitleName", "status")
# Names only this list knows (BambooHR's list spells the list fields `*Name`): name -> the
# Get Employee field read for it.
LIST_NAMES = {"divisionName": "division", "departmentName": "department",
              "locationName": "location", "employmentStatusName": "employmentHistoryStatus"}


def _requested(fields: str | None) -> list[tuple[str, FieldDef]]:
    """The optional fields asked for, each with its name: the list's own `*Name` fields and
    every field Get Employee reads (by alias or numeric id), read as it reads them, so the
    two answer one value; unknown names and the default columns are left out."""
    out: list[tuple[str, FieldDef]] = []
    for token in dict.fromkeys(parse_list(fields, "fields")):
        field = resolve_field(LIST_NAMES.get(token, token))
        if field is not None and token not in DEFAULTS:
            out.append((token, field))
    return out


def _list_ids(ctx: Ctx) -> ListIds:
    """Option ids by list and name, the first (lowest) id of a name, as Get Employee's."""
    out: dict[str, dict[str, int]] = {}
    for option in ctx.session.exec(select(ListOption).order_by(
            col(ListOption.field_alias), col(ListOption.id))):
        out.setdefault(option.field_alias, {}).setdefault(option.name, option.id)
    return out


def _order(sort: str | None) -> list[Any]:
    order: list[Any] = []
    for token in parse_list(sort, "sort"):
        name = token.lstrip("-")
        if name not in SORTS:
            raise invalid(f"sort: {name!r} is not sortable; sort by {', '.join(SORTS)} "
                          "(prefix - for descending).", "sort")
        column = SORTS[name]
        order.append(col(column).desc() if token.startswith("-") else col(column).asc())
    return [*order, col(Employee.id).asc()]


def list_employees(*, ctx: Ctx, url: str, filters: dict[str, str | None], ids: list[str],
                   sort: str | None, fields: str | None, limit: int | None,
                   after: str | None, before: str | None) -> dict[str, Any]:
    """One page of employees with the default and requested fields."""
    if before is not None:
        raise invalid("page[before] is not supported here: page forward with page[after] "
                      "(each response's meta.page.nextCursor).", "page[before]")
    size = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= size <= MAX_LIMIT:
        raise invalid(f"page[limit] must be between 1 and {MAX_LIMIT}; got {size}.",
                      "page[limit]")
    wanted = _requested(fields)
    statement = select(Employee)
    for key, column in (("firstName", Employee.first_name), ("lastName", Employee.last_name),
                        ("jobTitleName", Employee.job_title)):
        text = filters.get(key)
        if text:  # `autoescape`: `%` and `_` are characters to find, not wildcards
            lowered = func.lower(col(column))
            statement = statement.where(lowered.contains(text.lower(), autoescape=True))
    status = filters.get("status")
    if status:
        if status.lower() not in ("active", "inactive"):
            raise invalid(f"filter[status] must be active or inactive; got {status!r}.",
                          "filter[status]")
        statement = statement.where(Employee.status == status.capitalize())
    id_list = [t for raw in ids for t in parse_list(raw, "filter[ids]")]
    if id_list:
        numbers = [ascii_int(t) for t in id_list]
        bad = [t for t, n in zip(id_list, numbers, strict=True) if n is None]
        if bad:
            raise invalid(f"filter[ids] must be employee ids; got {bad[0][:40]!r}.",
                          "filter[ids]")
        statement = statement.where(col(Employee.id).in_(numbers))
    total = ctx.session.exec(select(func.count()).select_from(statement.subquery())).one()
    page = cursor_page(ctx.session, statement.order_by(*_order(sort)), cursor=after,
                       limit=size, field="page[after]")
    bosses = {e.id: e for e in ctx.session.exec(select(Employee).where(col(Employee.id).in_(
        sorted({e.supervisor_eid for e in page.items if e.supervisor_eid is not None}))))}
    list_ids = _list_ids(ctx) if wanted else {}
    hr = ctx.principal.has_any(service.SENSITIVE_ROLES)
    data = []
    for emp in page.items:
        private = service.sees_private(ctx, emp.id)
        row: dict[str, Any] = {"employeeId": str(emp.id), "firstName": emp.first_name,
                               "lastName": emp.last_name, "preferredName": emp.preferred_name,
                               "photoUrl": None, "jobTitleName": emp.job_title,
                               "status": emp.status}
        restricted = []
        for name, field in wanted:
            if field.sensitive and not private:
                row[name] = None
                restricted.append(name)
            elif field.alias == "canUploadPhoto":  # their own photo, or HR's
                row[name] = hr or ctx.principal.id == emp.id
            else:
                row[name] = read(emp, field.alias, bosses.get(emp.supervisor_eid or 0),
                                 list_ids)
        row["_restrictedFields"] = restricted
        data.append(row)
    base = url.split("?")[0]
    params = {k: v for k, v in (("sort", sort), ("fields", fields)) if v}
    params.update({f"filter[{k}]": v for k, v in filters.items() if v})
    if id_list:
        params["filter[ids]"] = ",".join(id_list)
    params["page[limit]"] = str(size)
    here = {**params, "page[after]": after} if after else params
    links: dict[str, Any] = {"self": {"href": f"{base}?{urlencode(here)}"}}
    if page.next is not None:
        links["next"] = {"href": f"{base}?{urlencode({**params, 'page[after]': page.next})}"}
    return {"data": data,
            "meta": {"total": int(total),
                     "page": {"limit": size, "nextCursor": page.next, "prevCursor": None}},
            "_links": links}
