"""Coupa's remit-to addresses of a supplier (`/api/suppliers/{supplier_id}/addresses`).
Thin: one service call each."""

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import reference_service as ref
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    BUYERS,
    QUERY,
    AddressId,
    Fields,
    Limit,
    Offset,
    ReturnObject,
    SupplierId,
)

router = APIRouter(prefix="/api")


RA = "Remit-to addresses of a supplier (Coupa's /api/suppliers/{id}/addresses)."


@router.get("/suppliers/{supplier_id}/addresses",
            response_model=list[s.SupplierAddressPublic], **op(
                "procurement_list_supplier_addresses", "List remit-to addresses",
                f"{RA} {QUERY}", write=False, errors=(404,)))
async def list_addresses(ctx: CtxDep, request: Request, supplier_id: SupplierId,
                         limit: Limit = None, offset: Offset = None,
                         return_object: ReturnObject = None, fields: Fields = None
                         ) -> Response:
    listing = P.listing(request, "supplier_addresses", limit, offset, return_object, fields)
    return json_response(listing.answer(ref.addresses(ctx, supplier_id), lambda records: records))


@router.get("/suppliers/{supplier_id}/addresses/{id}", response_model=s.SupplierAddressPublic,
            **op("procurement_get_supplier_address", "Show a remit-to address", RA,
                 write=False, errors=(404,)))
async def get_address(ctx: CtxDep, supplier_id: SupplierId, id: AddressId,
                      return_object: ReturnObject = None, fields: Fields = None) -> Response:
    return P.one(ref.addresses(ctx, supplier_id, id)[0], return_object, fields, write=False)


@router.post("/suppliers/{supplier_id}/addresses", response_model=s.SupplierAddressPublic,
             **op("procurement_create_supplier_address", "Add a remit-to address", RA,
                  write=True, roles=BUYERS, status_code=201, errors=(404,)))
async def create_address(ctx: CtxDep, supplier_id: SupplierId,
                         body: Annotated[s.SupplierAddressIn, Body()]) -> Response:
    aid = ref.save_address(ctx, supplier_id, None, body)
    return json_response(ref.addresses(ctx, supplier_id, aid)[0], 201)


async def _update_address(ctx: CtxDep, supplier_id: SupplierId, id: AddressId,
                          body: Annotated[s.SupplierAddressIn, Body()]) -> Response:
    ref.save_address(ctx, supplier_id, id, body)
    return json_response(ref.addresses(ctx, supplier_id, id)[0])


for _method in ("put", "patch"):
    getattr(router, _method)(
        "/suppliers/{supplier_id}/addresses/{id}", response_model=s.SupplierAddressPublic,
        **op(f"procurement_{'update' if _method == 'put' else 'patch'}_supplier_address",
             "Change a remit-to address", RA, write=True, roles=BUYERS, errors=(404,))
    )(_update_address)


async def _delete_address(ctx: CtxDep, supplier_id: SupplierId, id: AddressId) -> Response:
    return json_response(ref.delete_address(ctx, supplier_id, id))


for _path, _opid in (("addresses", "procurement_delete_supplier_address"),
                     ("remit_to_addresses", "procurement_delete_supplier_remit_to_address")):
    router.delete(f"/suppliers/{{supplier_id}}/{_path}/{{id}}",
                  response_model=s.SupplierAddressPublic, **op(
                      _opid, "Delete a remit-to address", f"{RA} Deletes one no invoice "
                      "uses (deactivate a used one).", write=True, roles=BUYERS,
                      errors=(404,)))(_delete_address)
