"""What every HRIS route shares: the company domain in the path (a dependency of every
route), BambooHR's route class, the 404 every route can answer, and the path parameters
naming an employee, a table and a row."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path

from arcadia.apps.hris import service
from arcadia.apps.hris.xmlio import BambooHRRoute
from arcadia.apps.kernel import ERROR_DESCRIPTIONS, Id, entity

PREFIX = "/api/gateway.php/{companyDomain}/v1"
PREFIX_V1_1 = "/api/gateway.php/{companyDomain}/v1_1"


async def company(companyDomain: Annotated[str, Path(  # noqa: N803 (BambooHR's name)
        description="BambooHR company domain: `arcadia`.", examples=["arcadia"],
        json_schema_extra=entity("CompanyDomain"))]) -> None:
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


EmployeeId = Annotated[Id, Path(
    alias="id", description="Employee id; `0` means the signed-in employee.",
    json_schema_extra=entity("EmployeeId"))]
HR = ("hr",)
TableName = Annotated[str, Path(
    alias="table", description="Table name (alias), e.g. `jobInfo`, `compensation`, "
    "`employmentStatus`, `emergencyContacts`, `dependents`, `bonus`; GET /meta/tables lists "
    "them.", json_schema_extra=entity("TableName"))]
RowId = Annotated[Id, Path(alias="rowId", description="Row id (from the table's GET).",
                            json_schema_extra=entity("TableRowId"))]
