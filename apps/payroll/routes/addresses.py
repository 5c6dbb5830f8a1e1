"""An employee's home and work addresses and payment method."""

from __future__ import annotations

from fastapi import APIRouter, Response

from arcadia.apps.kernel import CtxDep, op
from arcadia.apps.payroll import address_service, work_address_service
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.routes.common import (
    READ,
    WRITE,
    EmployeeId,
    HomeAddressId,
    WorkAddressId,
    no_content,
)

router = APIRouter(prefix="/v1")


@router.get("/employees/{employee_id}/home_addresses", **op(
    "payroll_list_home_addresses", "Get an employee's home addresses",
    "Every effective-dated home address of the employee, oldest first; `active` marks the "
    "one in effect today.", errors=(404,), write=False, roles=READ))
async def list_home_addresses(ctx: CtxDep, employee_id: EmployeeId
                              ) -> list[s.HomeAddressPublic]:
    return address_service.list_home_addresses(ctx=ctx, employee_uuid=employee_id)


@router.post("/employees/{employee_id}/home_addresses", **op(
    "payroll_create_home_address", "Create an employee's home address",
    "Adds a home address effective from `effective_date` (default today); from that day it "
    "is the active one. One address per effective date.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_home_address(ctx: CtxDep, employee_id: EmployeeId,
                              body: s.HomeAddressCreate) -> s.HomeAddressPublic:
    return address_service.create_home_address(ctx=ctx, employee_uuid=employee_id, body=body)


@router.get("/home_addresses/{home_address_uuid}", **op(
    "payroll_get_home_address", "Get a home address",
    "One home address with its `version`.", errors=(404,), write=False, roles=READ))
async def get_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId
                           ) -> s.HomeAddressPublic:
    return address_service.home_address_public(ctx=ctx, home_address_uuid=home_address_uuid)


@router.put("/home_addresses/{home_address_uuid}", **op(
    "payroll_update_home_address", "Update a home address",
    "Corrects a home address or its effective date. Send its current `version`; a stale "
    "one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId,
                              body: s.HomeAddressUpdate) -> s.HomeAddressPublic:
    return address_service.update_home_address(ctx=ctx, home_address_uuid=home_address_uuid,
                                               body=body)


@router.delete("/home_addresses/{home_address_uuid}", response_class=Response, **op(
    "payroll_delete_home_address", "Delete a home address",
    "Deletes a past or future home address; the active one cannot be deleted (422).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_home_address(ctx: CtxDep, home_address_uuid: HomeAddressId) -> Response:
    address_service.delete_home_address(ctx=ctx, home_address_uuid=home_address_uuid)
    return no_content()


@router.get("/employees/{employee_id}/work_addresses", **op(
    "payroll_list_work_addresses", "Get an employee's work addresses",
    "Every effective-dated work address (a company location) of the employee, oldest first; "
    "`active` marks the one in effect today, the primary job's `location_uuid`.",
    errors=(404,), write=False, roles=READ))
async def list_work_addresses(ctx: CtxDep, employee_id: EmployeeId
                              ) -> list[s.WorkAddressPublic]:
    return work_address_service.list_work_addresses(ctx=ctx, employee_uuid=employee_id)


@router.post("/employees/{employee_id}/work_addresses", **op(
    "payroll_create_work_address", "Create an employee work address",
    "The employee works at `location_uuid` from `effective_date` (default today) on; the "
    "one in effect today is the primary job's location. One work address per date.",
    errors=(404,), write=True, roles=WRITE, status_code=201))
async def create_work_address(ctx: CtxDep, employee_id: EmployeeId,
                              body: s.WorkAddressCreate) -> s.WorkAddressPublic:
    return work_address_service.create_work_address(ctx=ctx, employee_uuid=employee_id,
                                                    body=body)


@router.get("/work_addresses/{work_address_uuid}", **op(
    "payroll_get_work_address", "Get a work address",
    "One work address with its `version`.", errors=(404,), write=False, roles=READ))
async def get_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId
                           ) -> s.WorkAddressPublic:
    return work_address_service.work_address_public(ctx=ctx,
                                                    work_address_uuid=work_address_uuid)


@router.put("/work_addresses/{work_address_uuid}", **op(
    "payroll_update_work_address", "Update a work address",
    "Changes the location or effective date of a work address. Send its current `version`; "
    "a stale one gets 409.", errors=(404, 409), write=True, roles=WRITE))
async def update_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId,
                              body: s.WorkAddressUpdate) -> s.WorkAddressPublic:
    return work_address_service.update_work_address(ctx=ctx,
                                                    work_address_uuid=work_address_uuid,
                                                    body=body)


@router.delete("/work_addresses/{work_address_uuid}", response_class=Response, **op(
    "payroll_delete_work_address", "Delete a work address",
    "Deletes a past or future work address; the active one cannot be deleted (422).",
    errors=(404, 422), write=True, roles=WRITE, status_code=204))
async def delete_work_address(ctx: CtxDep, work_address_uuid: WorkAddressId) -> Response:
    work_address_service.delete_work_address(ctx=ctx, work_address_uuid=work_address_uuid)
    return no_content()


@router.get("/employees/{employee_id}/payment_method", **op(
    "payroll_get_payment_method", "Get an employee's payment method",
    "`Direct Deposit` (with how net pay is split over the bank accounts) or `Check`.",
    errors=(404,), write=False, roles=READ))
async def get_payment_method(ctx: CtxDep, employee_id: EmployeeId) -> s.PaymentMethodPublic:
    return address_service.payment_method_public(ctx=ctx, employee_uuid=employee_id)


@router.put("/employees/{employee_id}/payment_method", **op(
    "payroll_update_payment_method", "Update an employee's payment method",
    "Pay by `Check`, or by `Direct Deposit` split over the employee's bank accounts by "
    "`Percentage` (adding up to 100) or `Amount` in cents (the last account takes the "
    "remainder). Send the payment method's current `version`; a stale one gets 409.",
    errors=(404, 409), write=True, roles=WRITE))
async def update_payment_method(ctx: CtxDep, employee_id: EmployeeId,
                                body: s.PaymentMethodUpdate) -> s.PaymentMethodPublic:
    return address_service.update_payment_method(ctx=ctx, employee_uuid=employee_id,
                                                 body=body)
