"""The company's profile and the HRIS's users (logins linked to employee records)."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from arcadia.apps.hris.models import CompanyInformation, Employee, HrisUser
from arcadia.apps.kernel import Ctx, not_found, parse_list

USER_STATUSES = ("enabled", "disabled")


def company_information(*, ctx: Ctx) -> dict[str, Any]:
    """Legal and display name, primary address and phone."""
    row = ctx.session.exec(select(CompanyInformation).order_by(
        col(CompanyInformation.id))).first()
    if row is None:
        raise not_found("This account has no company information on file.")
    return {"legalName": row.legal_name, "displayName": row.display_name,
            "address": {"line1": row.line1, "line2": row.line2, "city": row.city,
                        "state": row.state, "zip": row.zip},
            "phone": row.phone}


def list_users(*, ctx: Ctx, status: str | None) -> dict[str, dict[str, Any]]:
    """Users keyed by user id (as text), by id; `status` filters by enabled/disabled.

    As BambooHR does, unrecognised status values are ignored, and a filter with none
    recognised returns every user. A terminated (inactive) employee's login is disabled.
    """
    wanted = [s for s in (v.lower() for v in parse_list(status, "status"))
              if s in USER_STATUSES]
    rows = ctx.session.exec(select(HrisUser, Employee).where(
        HrisUser.employee_id == Employee.id).order_by(col(HrisUser.id))).all()
    out: dict[str, dict[str, Any]] = {}
    for user, emp in rows:
        state = "disabled" if emp.status != "Active" else user.status
        if wanted and state not in wanted:
            continue
        entry: dict[str, Any] = {
            "id": user.id, "employeeId": emp.id, "firstName": emp.first_name,
            "lastName": emp.last_name, "email": emp.work_email or user.email,
            "status": state}
        if user.last_login is not None:
            entry["lastLogin"] = user.last_login
        out[str(user.id)] = entry
    return out
