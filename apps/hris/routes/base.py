"""What every HRIS route shares: the company domain in the path (a dependency of every
route), BambooHR's route class, the 404 every route can answer, the path parameters
naming an employee, a table and a row, and the JSON answer of the big reads."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from arcadia.apps.hris import service
from arcadia.apps.hris.xmlio import BambooHRRoute
from arcadia.apps.kernel import ERROR_DESCRIPTIONS, Id, path_id

PREFIX = "/api/gateway.php/{companyDomain}/v1"
PREFIX_V1_1 = "/api/gateway.php/{companyDomain}/v1_1"


async def company(companyDomain: Annotated[str, path_id(  # noqa: N803 (BambooHR's name)
        "CompanyDomain", "BambooHR company domain: `arcadia`.", examples=["arcadia"])]
        ) -> None:
    service.check_company(companyDomain)


def new_router(prefix: str = PREFIX) -> APIRouter:
    """A router for routes under `prefix`; register them with `slash_alias(router)`, so each
    path also answers, hidden, under its other trailing-slash spelling."""
    # Every route can answer 404: an unknown company domain, or an unknown employee or row.
    # BambooHRRoute: XML bodies where BambooHR takes them, XML answers without
    # `Accept: application/json` (apps/hris/xmlio.py).
    return APIRouter(prefix=prefix, dependencies=[Depends(company)],
                     responses={404: {"description": ERROR_DESCRIPTIONS[404]}},
                     route_class=BambooHRRoute)


EmployeeId = Annotated[Id, path_id(
    "EmployeeId", "Employee id; `0` means the signed-in employee.", alias="id")]
HR = ("hr",)
TableName = Annotated[str, path_id(
    "TableName", "Table name (alias), e.g. `jobInfo`, `compensation`, `employmentStatus`, "
    "`emergencyContacts`, `dependents`, `bonus`; GET /meta/tables lists them.", alias="table")]
RowId = Annotated[Id, path_id("TableRowId", "Row id (from the table's GET).", alias="rowId")]
