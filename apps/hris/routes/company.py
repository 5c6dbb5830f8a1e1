"""Company information and the users (logins) of the HRIS."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

from arcadia.apps.hris import company
from arcadia.apps.hris.routes.base import new_router
from arcadia.apps.hris.schemas import CompanyInformationOut, UserOut
from arcadia.apps.kernel import CtxDep, op, slash_alias

router = new_router()
route = slash_alias(router)


@route("get", "/company_information", response_model=CompanyInformationOut, **op(
    "hris_get_company_information", "Get company information",
    "The company's legal name, display name, primary address (its headquarters) and main "
    "phone number.", write=False))
async def get_company_information(ctx: CtxDep) -> dict[str, Any]:
    return company.company_information(ctx=ctx)


@route("get", "/meta/users", response_model=dict[str, UserOut],
       response_model_exclude_none=True, **op(
           "hris_list_users", "List users",
           "The HRIS's users (logins), as an object keyed by user id: id, employeeId (the "
           "linked employee record), firstName, lastName, email (work email, else the "
           "account's), status (`enabled`, or `disabled` for a terminated employee) and "
           "lastLogin (omitted if the user never logged in). A user id is not an employee "
           "id.", write=False, roles=("hr", "it")))
async def list_users(ctx: CtxDep, status: Annotated[str | None, Query(
        description="Comma-separated statuses to keep: `enabled`, `disabled`. Unrecognised "
                    "values are ignored; with none recognised every user is returned.")
        ] = None) -> dict[str, dict[str, Any]]:
    return company.list_users(ctx=ctx, status=status)
