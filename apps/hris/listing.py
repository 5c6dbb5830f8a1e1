"""BambooHR's cursor-paged employee list (`GET /employees`, operation `list-employees`).

A fixed set of identity and job fields per employee plus the optional `fields` asked for;
values the caller may not see are `null` and named in `_restrictedFields`. Filters match
case-insensitive substrings (`filter[firstName]`, ...), `filter[status]` is `active` or
`inactive`, `filter[ids]` batch-fetches. Pages are forward cursors (`page[after]`, the
previous page's `nextCursor`), opaque and deterministic (the kernel's `cursor_page`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import func
from sqlmodel import col, select

from arcadia.apps.hris import service
from arcadia.apps.hris.fields import display_name
from arcadia.apps.hris.models import Employee, ListOption
from arcadia.apps.kernel import Ctx, ascii_int, cursor_page, invalid, iso, parse_list

DEFAULT_LIMIT, MAX_LIMIT = 250, 2500
SORTS: dict[str, Any] = {"employeeId": Employee.id, "firstName": Employee.first_name,
                         "lastName": Employee.last_name, "preferredName": Employee.preferred_name,
                         "jobTitleName": Employee.job_title, "status": Employee.status}
# Optional fields: name -> (reader(employee, supervisor, option ids), sensitive).
_Reader = Callable[[Any, Any, dict[tuple[str, str], int]], Any]


def _opt(alias: str, attr: str) -> _Reader:
    def read(e: Any, s: Any, ids: dict[tuple[str, str], int]) -> Any:
        name = getattr(e, attr)
        return str(ids[(alias, name)]) if (alias, name) in ids else None
    return read


def _attr(attr: str) -> _Reader:
    # Fields this HRIS may not hold yet read as null, as BambooHR shows an empty field.
    return lambda e, s, ids: getattr(e, attr, None)


OPTIONAL: dict[str, tuple[_Reader, bool]] = {
    "workEmail": (_attr("work_email"), False),
    "homeEmail": (_attr("home_email"), True),
    "bestEmail": (lambda e, s, ids: e.work_email or getattr(e, "home_email", None), False),
    "middleName": (_attr("middle_name"), False),
    "workPhone": (_attr("work_phone"), False),
    "workPhoneExtension": (_attr("work_phone_extension"), False),
    "mobilePhone": (_attr("mobile_phone"), False),
    "homePhone": (_attr("home_phone"), True),
    "skypeUsername": (_attr("skype_username"), False),
    "linkedinUrl": (_attr("linkedin_url"), False),
    "facebookUrl": (_attr("facebook_url"), False),
    "instagramUrl": (_attr("instagram_url"), False),
    "twitterUrl": (_attr("twitter_url"), False),
    "pinterestUrl": (_attr("pinterest_url"), False),
    "birthDate": (lambda e, s, ids: iso(e.date_of_birth), True),
    "hireDate": (lambda e, s, ids: iso(e.hire_date), False),
    "divisionName": (_attr("division"), False),
    "divisionId": (_opt("division", "division"), False),
    "departmentName": (_attr("department"), False),
    "departmentId": (_opt("department", "department"), False),
    "locationName": (_attr("location"), False),
    "locationId": (_opt("location", "location"), False),
    "jobTitleId": (_attr("job_title_id"), False),
    "employmentStatusName": (_attr("employment_status"), False),
    "employmentStatusId": (_opt("employmentHistoryStatus", "employment_status"), False),
    "reportsToName": (lambda e, s, ids: display_name(s) if s is not None else None, False),
    "reportsToId": (lambda e, s, ids: (str(e.supervisor_eid) if e.supervisor_eid is not None
                                       else None), False),
}


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
    wanted = [f for f in parse_list(fields, "fields") if f in OPTIONAL]  # others ignored
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
    option_ids = {(o.field_alias, o.name): o.id for o in ctx.session.exec(select(ListOption))}
    data = []
    for emp in page.items:
        private = service.sees_private(ctx, emp.id)
        row: dict[str, Any] = {"employeeId": str(emp.id), "firstName": emp.first_name,
                               "lastName": emp.last_name, "preferredName": emp.preferred_name,
                               "photoUrl": None, "jobTitleName": emp.job_title,
                               "status": emp.status}
        restricted = []
        for name in wanted:
            reader, sensitive = OPTIONAL[name]
            if sensitive and not private:
                row[name] = None
                restricted.append(name)
            else:
                row[name] = reader(emp, bosses.get(emp.supervisor_eid or 0), option_ids)
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
