"""Coupa's receiving transactions (`/api/receiving_transactions`): receipts against PO
lines. Thin: one service call each."""

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    MONEY,
    QUERY,
    Exported,
    Fields,
    Limit,
    Offset,
    ReceiptId,
    ReturnObject,
)

router = APIRouter(prefix="/api")


RT = "Receiving transactions (Coupa's /api/receiving_transactions): receipts against PO lines."


@router.get("/receiving_transactions", response_model=list[s.ReceivingTransactionPublic],
            **op("procurement_list_receiving_transactions", "Query receipts",
                 f"{RT} {QUERY}", write=False, roles=MONEY))
async def list_receipts(ctx: CtxDep, request: Request, limit: Limit = None,
                        offset: Offset = None, return_object: ReturnObject = None,
                        fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "receiving_transactions", limit, offset, return_object,
                       fields)
    return json_response(orders.query_receipts(ctx, listing))


@router.get("/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic,
            **op("procurement_get_receiving_transaction", "Show a receipt", RT,
                 write=False, roles=MONEY, errors=(404,)))
async def get_receipt(ctx: CtxDep, id: ReceiptId, return_object: ReturnObject = None,
                      fields: Fields = None) -> Response:
    return P.one(orders.render_receipt(ctx, id), return_object, fields, write=False)


@router.post("/receiving_transactions", response_model=s.ReceivingTransactionPublic, **op(
    "procurement_create_receiving_transaction", "Receive against a PO line", f"{RT} Records "
    "goods received on an issued order's line; never more than is still to receive. The "
    "order's requester, procurement or finance may receive.",
    write=True, status_code=201, errors=(403, 404)))
async def create_receipt(ctx: CtxDep, body: Annotated[s.ReceivingTransactionCreate, Body()],
                         return_object: ReturnObject = None, fields: Fields = None
                         ) -> Response:
    rid = orders.receive(ctx, body)
    return P.one(orders.render_receipt(ctx, rid), return_object, fields, status=201)


async def _update_receipt(ctx: CtxDep, id: ReceiptId,
                          body: Annotated[s.ReceivingTransactionUpdate, Body()],
                          return_object: ReturnObject = None, fields: Fields = None
                          ) -> Response:
    orders.update_receipt(ctx, id, body)
    return P.one(orders.render_receipt(ctx, id), return_object, fields)


for _method in ("put", "patch"):
    getattr(router, _method)(
        "/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic, **op(
            f"procurement_{'update' if _method == 'put' else 'patch'}_receiving_transaction",
            "Change a receipt", f"{RT} Corrects quantity, date or comments (within what was "
            "ordered), or sets exported.", write=True, roles=MONEY, errors=(404,))
    )(_update_receipt)


@router.put("/receiving_transactions/{id}/void", response_model=s.ReceivingTransactionPublic,
            **op("procurement_void_receiving_transaction", "Void a receipt", f"{RT} Voids "
                 "it: its quantity is no longer received.", write=True, roles=MONEY,
                 errors=(404,)))
async def void_receipt(ctx: CtxDep, id: ReceiptId) -> Response:
    return json_response(orders.void_receipt(ctx, id, delete=False))


@router.delete("/receiving_transactions/{id}", response_model=s.ReceivingTransactionPublic,
               **op("procurement_delete_receiving_transaction", "Delete a receipt",
                    f"{RT} Deletes it (its quantity is no longer received).", write=True,
                    roles=MONEY, errors=(404,)))
async def delete_receipt(ctx: CtxDep, id: ReceiptId) -> Response:
    return json_response(orders.void_receipt(ctx, id, delete=True))
