"""An employee's bank accounts."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from arcadia.apps.kernel import CtxDep, op, page_headers
from arcadia.apps.payroll import pay_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    PAGED,
    READ,
    WRITE,
    BankAccountId,
    EmployeeId,
    PageNo,
    Per,
    no_content,
)

router = APIRouter(prefix="/v1")
# The routes that name one bank account by its UUID: the app lists them before the payrolls,
# the others after (see `routes/__init__.py`).
item_router = APIRouter(prefix="/v1")


@router.get("/employees/{employee_id}/bank_accounts", **op(
    "payroll_list_bank_accounts", "Get all employee bank accounts",
    "The employee's bank accounts; account numbers are masked. " + PAGED,
    errors=(404,), write=False,
    roles=READ))
async def list_bank_accounts(ctx: CtxDep, request: Request, response: Response,
                             employee_id: EmployeeId, page: PageNo = 1, per: Per = 25
                             ) -> list[s.BankAccountPublic]:
    items, result = pay_service.list_bank_accounts(ctx=ctx, employee_uuid=employee_id,
                                                   page=page, per=per)
    response.headers.update(page_headers(request.url, result))
    return items


@router.post("/employees/{employee_id}/bank_accounts", **op(
    "payroll_create_bank_account", "Create an employee bank account",
    "Adds a bank account for direct deposit and makes direct deposit the employee's payment "
    "method.", errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_bank_account(ctx: CtxDep, employee_id: EmployeeId, body: s.BankAccountCreate
                              ) -> s.BankAccountPublic:
    return pay_service.create_bank_account(ctx=ctx, employee_uuid=employee_id, body=body)


@item_router.put("/employees/{employee_id}/bank_accounts/{bank_account_uuid}", **op(
    "payroll_update_bank_account", "Update an employee bank account",
    "Corrects an account's name, routing or account number or type; it keeps its place in "
    "the direct deposit split.", errors=(404,), write=True, roles=WRITE))
async def update_bank_account(ctx: CtxDep, employee_id: EmployeeId,
                              bank_account_uuid: BankAccountId, body: s.BankAccountUpdate
                              ) -> s.BankAccountPublic:
    return pay_service.update_bank_account(ctx=ctx, employee_uuid=employee_id,
                                           bank_account_uuid=bank_account_uuid, body=body)


@item_router.delete("/employees/{employee_id}/bank_accounts/{bank_account_uuid}",
                    response_class=Response, **op(
                        "payroll_delete_bank_account", "Delete an employee bank account",
                        "Deletes an account. One of several accounts in the direct deposit split "
                        "must leave the split first (422); deleting the only account paid makes "
                        "Check the payment method.", errors=(404, 422), write=True, roles=WRITE,
                        status_code=204))
async def delete_bank_account(ctx: CtxDep, employee_id: EmployeeId,
                              bank_account_uuid: BankAccountId) -> Response:
    pay_service.delete_bank_account(ctx=ctx, employee_uuid=employee_id,
                                    bank_account_uuid=bank_account_uuid)
    return no_content()
