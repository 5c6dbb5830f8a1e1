"""What the payroll route modules share: the roles, the path parameters, paging."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Response

from arcadia.apps.kernel import path_id

READ = ("payroll", "hr")
WRITE = ("payroll",)
PAGED = ("Paginated with `page` and `per` (default 25, at most 100): the response carries "
         "X-Page, X-Per-Page, X-Total-Count, X-Total-Pages and a Link header.")

CompanyId = Annotated[str, path_id(
    "PayrollCompanyId", "The UUID of the company (GET /v1/token_info returns it).")]
EmployeeId = Annotated[str, path_id("PayrollEmployeeId", "The UUID of the employee.")]
JobId = Annotated[str, path_id("PayrollJobId", "The UUID of the job.")]
CompensationId = Annotated[str, path_id("PayrollCompensationId", "The UUID of the compensation.")]
DepartmentId = Annotated[str, path_id("PayrollDepartmentId", "The UUID of the department.")]
PayrollId = Annotated[str, path_id("PayrollId", "The UUID of the payroll.")]
LocationId = Annotated[str, path_id("PayrollLocationId", "The UUID of the location.")]
HomeAddressId = Annotated[str, path_id("PayrollHomeAddressId", "The UUID of the home address.")]
WorkAddressId = Annotated[str, path_id("PayrollWorkAddressId", "The UUID of the work address.")]
ContractorId = Annotated[str, path_id("PayrollContractorId", "The UUID of the contractor.")]
BankAccountId = Annotated[str, path_id("PayrollBankAccountId", "The UUID of the bank account.")]
CompanyBenefitId = Annotated[str, path_id(
    "PayrollCompanyBenefitId", "The UUID of the company benefit.")]
EmployeeBenefitId = Annotated[str, path_id(
    "PayrollEmployeeBenefitId", "The UUID of the employee benefit.")]
PayScheduleId = Annotated[str, path_id("PayrollPayScheduleId", "The UUID of the pay schedule.")]
PageNo = Annotated[int, Query(ge=1, le=100_000, description="The page requested (1-based).")]
Per = Annotated[int, Query(ge=1, le=100, description="Objects per page (default 25, max 100).")]


def no_content() -> Response:
    return Response(status_code=204)
