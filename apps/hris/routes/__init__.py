"""BambooHR's REST paths under `/api/gateway.php/{companyDomain}/v1` (and `/v1_1`), one
module per resource; thin: the rules live in the service modules (apps/README.md).

BambooHR clients call some paths with and some without a trailing slash; each route is
also registered under the other spelling, hidden from the OpenAPI document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter
from fastapi.routing import APIRoute

from arcadia.apps.hris.routes import changes, company, employees, meta, policies, tables, time_off
from arcadia.apps.hris.routes.base import new_router

# The order the v1 routes are matched in and listed in the document (the dispatch trie tries
# its candidates in this order too). The static `all` and `changed` paths come first: they
# must match before the `{id}` routes that would otherwise take `changed` or `all` for an
# employee id.
ORDER: tuple[Callable[..., Any], ...] = (
    tables.list_all_table_rows,
    changes.list_changed_employees,
    changes.list_changed_table_rows,
    employees.get_directory,
    employees.create_custom_report,
    employees.get_employee,
    employees.create_employee,
    employees.update_employee,
    tables.list_table_rows,
    tables.create_table_row,
    tables.update_table_row,
    time_off.list_time_off_requests,
    time_off.create_time_off_request,
    time_off.update_time_off_request_status,
    meta.list_time_off_types,
    meta.list_fields,
    meta.list_lists,
    meta.list_tables,
    time_off.list_whos_out,
    time_off.get_time_off_balance,
    employees.list_employees,
    tables.delete_table_row,
    company.get_company_information,
    company.list_users,
    policies.list_time_off_policies,
    policies.list_employee_time_off_policies,
    policies.assign_time_off_policies,
    policies.create_time_off_history,
    policies.adjust_time_off_balance,
)


def _in_order(routers: Sequence[APIRouter]) -> list[APIRoute]:
    """The routers' routes by their endpoint's place in ORDER (a path's hidden other slash
    spelling right after it); a route missing from ORDER is an error, not dropped."""
    rank = {endpoint: i for i, endpoint in enumerate(ORDER)}
    routes = [r for router in routers for r in router.routes if isinstance(r, APIRoute)]
    unplaced = [r.name for r in routes if r.endpoint not in rank]
    if unplaced or len(routes) != sum(len(router.routes) for router in routers):
        raise RuntimeError(f"HRIS routes missing from routes.ORDER: {unplaced}")
    return sorted(routes, key=lambda r: rank[r.endpoint])


router = new_router()
router.routes.extend(_in_order([employees.router, tables.router, time_off.router, meta.router,
                                changes.router, company.router, policies.router]))
router_v1_1 = policies.router_v1_1

__all__ = ["ORDER", "router", "router_v1_1"]
