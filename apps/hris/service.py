"""HRIS rules every resource shares: the company domain, BambooHR's `0` for the signed-in
employee, the employee lookup and who sees private fields; and the meta lists of fields and
list options.

Each resource's rules live in their own module: employee_reads.py (the directory, one
employee's fields, the custom report), employee_writes.py, history.py (the three history
tables), tables.py, listing.py, changes.py, time_off.py, policies.py and company.py.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from arcadia.apps.hris.fields import BY_ALIAS, FIELDS, LIST_FIELDS
from arcadia.apps.hris.models import Employee, ListOption
from arcadia.apps.kernel import Ctx, get_or_404, not_found

COMPANY_DOMAIN = "arcadia"
# HR decides everything people-related (time off included).
SENSITIVE_ROLES: tuple[str, ...] = ("hr",)
# Roles that read every employee's sensitive fields and compensation table: payroll
# staff need pay and home address to run payroll, as in a real BambooHR access level.
PRIVATE_READ_ROLES: tuple[str, ...] = ("hr", "payroll")


def check_company(domain: str) -> None:
    if domain != COMPANY_DOMAIN:
        raise not_found(f"Company domain {domain!r} was not found; this BambooHR account is "
                        f"{COMPANY_DOMAIN!r} (/api/gateway.php/{COMPANY_DOMAIN}/v1/...).")


def employee_ref(ctx: Ctx, employee_id: int) -> int:
    """BambooHR's id `0` is the signed-in employee."""
    return ctx.principal.id if employee_id == 0 else employee_id


EMPLOYEE_HINT = "Look ids up in GET /employees/directory."


def get_employee_row(session: Session, employee_id: int) -> Employee:
    return get_or_404(session, Employee, employee_id, what="Employee", hint=EMPLOYEE_HINT)


def sees_private(ctx: Ctx, employee_id: int) -> bool:
    """HR and payroll see everyone's sensitive fields; everyone sees their own."""
    return ctx.principal.id == employee_id or ctx.principal.has_any(PRIVATE_READ_ROLES)


# -- the meta lists ------------------------------------------------------------------


def meta_fields() -> list[dict[str, Any]]:
    return [{"id": f.id, "name": f.name, "type": f.type, "alias": f.alias}
            for f in FIELDS if f.alias != "id"]


def meta_lists(*, ctx: Ctx) -> list[dict[str, Any]]:
    rows = ctx.session.exec(select(ListOption).order_by(col(ListOption.id))).all()
    out = []
    for alias in LIST_FIELDS:
        field = BY_ALIAS[alias]
        out.append({"fieldId": field.id, "manageable": "yes", "multiple": "no",
                    "name": field.name, "alias": alias,
                    "options": [{"id": r.id, "archived": "yes" if r.archived else "no",
                                 "name": r.name} for r in rows if r.field_alias == alias]})
    return out


__all__ = [
    "COMPANY_DOMAIN",
    "EMPLOYEE_HINT",
    "PRIVATE_READ_ROLES",
    "SENSITIVE_ROLES",
    "check_company",
    "employee_ref",
    "get_employee_row",
    "meta_fields",
    "meta_lists",
    "sees_private",
]
