"""Coupa's purchase orders (`/api/purchase_orders`): query, show, create, change, and the
order actions (issue, close, reopen, cancel). Thin: one service call each."""

# No `from __future__ import annotations`: the route factories below annotate closures with
# their arguments (body model, id type), which FastAPI must see evaluated.

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    BUYERS,
    MONEY,
    QUERY,
    Exported,
    Fields,
    Limit,
    Offset,
    PoId,
    ReturnObject,
)

router = APIRouter(prefix="/api")


PO = "Purchase orders (Coupa's /api/purchase_orders)."


@router.get("/purchase_orders", response_model=list[s.PurchaseOrderPublic], **op(
    "procurement_list_purchase_orders", "Query purchase orders", f"{PO} {QUERY}",
    write=False, roles=MONEY))
async def list_purchase_orders(ctx: CtxDep, request: Request, limit: Limit = None,
                               offset: Offset = None, return_object: ReturnObject = None,
                               fields: Fields = None, exported: Exported = None) -> Response:
    listing = P.listing(request, "purchase_orders", limit, offset, return_object, fields)
    return json_response(orders.query(ctx, listing))


@router.get("/purchase_orders/{id}", response_model=s.PurchaseOrderPublic, **op(
    "procurement_get_purchase_order", "Show a purchase order", f"{PO} One order with its "
    "lines (received and invoiced so far).", write=False, roles=MONEY, errors=(404,)))
async def get_purchase_order(ctx: CtxDep, id: PoId, return_object: ReturnObject = None,
                             fields: Fields = None) -> Response:
    return P.one(orders.render(ctx, id), return_object, fields, write=False)


@router.post("/purchase_orders", response_model=s.PurchaseOrderPublic, **op(
    "procurement_create_purchase_order", "Create a purchase order", f"{PO} Creates a draft "
    "order (issue it with PUT /api/purchase_orders/{id}/issue).", write=True, roles=BUYERS,
    status_code=201, errors=(404,)))
async def create_purchase_order(ctx: CtxDep, body: Annotated[s.PurchaseOrderCreate, Body()],
                                return_object: ReturnObject = None, fields: Fields = None
                                ) -> Response:
    po_id = orders.create(ctx, body)
    return P.one(orders.render(ctx, po_id), return_object, fields, status=201)


async def _update_po(ctx: CtxDep, id: PoId,
                     body: Annotated[s.PurchaseOrderUpdate | None, Body()] = None,
                     return_object: ReturnObject = None, fields: Fields = None,
                     exported: Exported = None) -> Response:
    orders.update(ctx, id, P.mark_exported(body or s.PurchaseOrderUpdate(), exported))
    return P.one(orders.render(ctx, id), return_object, fields)


for _method in ("put", "patch"):
    getattr(router, _method)("/purchase_orders/{id}", response_model=s.PurchaseOrderPublic,
                             **op(f"procurement_{'update' if _method == 'put' else 'patch'}"
                                  "_purchase_order", "Change a purchase order",
                                  f"{PO} Edits a draft; on an issued order, a change order: "
                                  "changed or added lines raise its version (and clear "
                                  "exported); a line never goes below what was received or "
                                  "invoiced. Closed and cancelled orders refuse changes. "
                                  "?exported=true alone marks it exported (Coupa's call).",
                                  write=True, roles=BUYERS, errors=(404,)))(_update_po)


def _po_action(name: str, summary: str, description: str) -> None:
    async def route(ctx: CtxDep, id: PoId, return_object: ReturnObject = None,
                    fields: Fields = None) -> Response:
        orders.transition(ctx, id, name)
        return P.one(orders.render(ctx, id), return_object, fields)
    route.__name__ = f"po_{name}"
    router.put(f"/purchase_orders/{{id}}/{name}", response_model=s.PurchaseOrderPublic, **op(
        f"procurement_{name}_purchase_order", summary, f"{PO} {description}", write=True,
        roles=BUYERS, errors=(404,)))(route)


_po_action("issue", "Issue a purchase order", "Sends a draft order to its supplier.")
_po_action("issue_without_send", "Issue without sending", "Issues a draft order without "
           "sending it (it was sent another way).")
_po_action("ignore_window_and_issue", "Issue now", "Issues a draft order at once, outside "
           "any transmission window.")
_po_action("release_from_buyer_hold", "Release from buyer hold", "Issues an order held "
           "for the buyer.")
_po_action("close", "Close a purchase order", "Closes an issued order: no more receipts "
           "or invoices against it.")
_po_action("reopen", "Reopen a purchase order", "Reopens a closed order.")
_po_action("cancel", "Cancel a purchase order", "Cancels an order with nothing received "
           "or invoiced.")
