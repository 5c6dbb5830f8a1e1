"""What the payroll route modules share: the roles, the path parameters, paging."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Query, Request, Response

from arcadia.apps.kernel import Page, entity, link_header

READ = ("payroll", "hr")
WRITE = ("payroll",)
PAGED = ("Paginated with `page` and `per` (default 25, at most 100): the response carries "
         "X-Page, X-Per-Page, X-Total-Count, X-Total-Pages and a Link header.")

CompanyId = Annotated[str, Path(description="The UUID of the company (GET /v1/token_info "
                                "returns it).", json_schema_extra=entity("PayrollCompanyId"))]
EmployeeId = Annotated[str, Path(description="The UUID of the employee.",
                                 json_schema_extra=entity("PayrollEmployeeId"))]
JobId = Annotated[str, Path(description="The UUID of the job.",
                            json_schema_extra=entity("PayrollJobId"))]
CompensationId = Annotated[str, Path(description="The UUID of the compensation.",
                                     json_schema_extra=entity("PayrollCompensationId"))]
DepartmentId = Annotated[str, Path(description="The UUID of the department.",
                                   json_schema_extra=entity("PayrollDepartmentId"))]
PayrollId = Annotated[str, Path(description="The UUID of the payroll.",
                                json_schema_extra=entity("PayrollId"))]
LocationId = Annotated[str, Path(description="The UUID of the location.",
                                 json_schema_extra=entity("PayrollLocationId"))]
HomeAddressId = Annotated[str, Path(description="The UUID of the home address.",
                                    json_schema_extra=entity("PayrollHomeAddressId"))]
WorkAddressId = Annotated[str, Path(description="The UUID of the work address.",
                                    json_schema_extra=entity("PayrollWorkAddressId"))]
ContractorId = Annotated[str, Path(description="The UUID of the contractor.",
                                   json_schema_extra=entity("PayrollContractorId"))]
BankAccountId = Annotated[str, Path(description="The UUID of the bank account.",
                                    json_schema_extra=entity("PayrollBankAccountId"))]
CompanyBenefitId = Annotated[str, Path(description="The UUID of the company benefit.",
                                       json_schema_extra=entity("PayrollCompanyBenefitId"))]
EmployeeBenefitId = Annotated[str, Path(description="The UUID of the employee benefit.",
                                        json_schema_extra=entity("PayrollEmployeeBenefitId"))]
PayScheduleId = Annotated[str, Path(description="The UUID of the pay schedule.",
                                    json_schema_extra=entity("PayrollPayScheduleId"))]
PageNo = Annotated[int, Query(ge=1, le=100_000, description="The page requested (1-based).")]
Per = Annotated[int, Query(ge=1, le=100, description="Objects per page (default 25, max 100).")]


def no_content() -> Response:
    return Response(status_code=204)


def paged(request: Request, response: Response, page: Page[Any]) -> None:
    """Gusto's pagination headers plus an RFC 8288 Link header."""
    response.headers["X-Page"] = str(page.page)
    response.headers["X-Per-Page"] = str(page.per)
    response.headers["X-Total-Count"] = str(page.total)
    response.headers["X-Total-Pages"] = str(page.pages)
    base = str(request.url.remove_query_params(["page", "per"]))
    response.headers["Link"] = link_header(base, page)
