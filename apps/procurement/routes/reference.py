"""Coupa's reference data under `/api`: accounts (and the caller's favourite and recent
ones), users, suppliers, contracts, payment terms, budget lines (and their adjustment) and
lookup values. Thin: one service call each."""

# No `from __future__ import annotations`: the route factories below annotate closures with
# their arguments (body model, id type), which FastAPI must see evaluated.

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response

from arcadia.apps.kernel import CtxDep, json_response, op
from arcadia.apps.procurement import budget_service as budget
from arcadia.apps.procurement import reference_service as ref
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.routes import params as P
from arcadia.apps.procurement.routes.params import (
    ANY,
    BUYERS,
    MONEY,
    QUERY,
    AccountId,
    BudgetId,
    ContractId,
    Fields,
    Limit,
    LookupId,
    Offset,
    ReturnObject,
    SupplierId,
    TermId,
    UserId,
)

router = APIRouter(prefix="/api")


def _reference(path: str, resource: str, noun: str, plural: str, public: Any, body: Any,
               id_type: Any, render_all: Callable[..., list[dict[str, Any]]],
               save: Callable[..., int], *, read: tuple[str, ...], write: tuple[str, ...],
               about: str) -> None:
    async def list_route(ctx: CtxDep, request: Request, limit: Limit = None,
                         offset: Offset = None, return_object: ReturnObject = None,
                         fields: Fields = None) -> Response:
        listing = P.listing(request, resource, limit, offset, return_object, fields)
        return json_response(listing.answer(render_all(ctx), lambda records: records))

    async def get_route(ctx: CtxDep, id: id_type, return_object: ReturnObject = None,
                        fields: Fields = None) -> Response:
        return P.one(ref.found(render_all(ctx, id), id, noun, path), return_object, fields,
                     write=False)

    async def create_route(ctx: CtxDep, data: Annotated[body, Body()],
                           return_object: ReturnObject = None, fields: Fields = None
                           ) -> Response:
        new_id = save(ctx, None, data)
        return P.one(render_all(ctx, new_id)[0], return_object, fields, status=201)

    async def update_route(ctx: CtxDep, id: id_type, data: Annotated[body, Body()],
                           return_object: ReturnObject = None, fields: Fields = None
                           ) -> Response:
        save(ctx, id, data)
        return P.one(render_all(ctx, id)[0], return_object, fields)

    for fn, name in ((list_route, "list"), (get_route, "get"), (create_route, "create"),
                     (update_route, "update")):
        fn.__name__ = f"{name}_{noun}"
    router.get(f"/{path}", response_model=list[public], **op(
        f"procurement_list_{plural}", f"Query {plural.replace('_', ' ')}",
        f"{about} {QUERY}", write=False, roles=read))(list_route)
    router.get(f"/{path}/{{id}}", response_model=public, **op(
        f"procurement_get_{noun}", f"Show a {noun.replace('_', ' ')}", about, write=False,
        roles=read, errors=(404,)))(get_route)
    router.post(f"/{path}", response_model=public, **op(
        f"procurement_create_{noun}", f"Create a {noun.replace('_', ' ')}", about,
        write=True, roles=write, status_code=201, errors=(404,)))(create_route)
    router.put(f"/{path}/{{id}}", response_model=public, **op(
        f"procurement_update_{noun}", f"Update a {noun.replace('_', ' ')}", f"{about} Fields "
        "sent change; others stay.", write=True, roles=write, errors=(404,)))(update_route)


ACC = "Accounts (Coupa's /api/accounts)."


@router.get("/accounts/favorites", response_model=list[s.AccountPublic], **op(
    "procurement_list_favorite_accounts", "Favourite accounts", f"{ACC} The caller's "
    "default account.", write=False))
async def favorite_accounts(ctx: CtxDep) -> Response:
    return json_response(ref.favorite_accounts(ctx))


@router.get("/accounts/recent", response_model=list[s.AccountPublic], **op(
    "procurement_list_recent_accounts", "Recent accounts", f"{ACC} The accounts of the "
    "caller's requisitions, most recent first.", write=False))
async def recent_accounts(ctx: CtxDep) -> Response:
    return json_response(ref.recent_accounts(ctx))


_reference("users", "users", "user", "users", s.UserPublic, s.UserIn, UserId, ref.users,
           ref.save_user, read=ANY, write=BUYERS,
           about="Users (Coupa's /api/users) with their requisition and invoice approval "
           "limits and managers: what the approval rule reads.")
_reference("suppliers", "suppliers", "supplier", "suppliers", s.SupplierPublic,
           s.SupplierCreate, SupplierId, ref.suppliers, ref.save_supplier, read=ANY,
           write=BUYERS, about="Suppliers (Coupa's /api/suppliers) with payment term and "
           "remit-to addresses.")
_reference("contracts", "contracts", "contract", "contracts", s.ContractPublic, s.ContractIn,
           ContractId, ref.contracts, ref.save_contract, read=ANY, write=BUYERS,
           about="Contracts (Coupa's /api/contracts): supplier, start and end dates, "
           "maximum value.")
_reference("payment_terms", "payment_terms", "payment_term", "payment_terms",
           s.PaymentTermPublic, s.PaymentTermIn, TermId, ref.payment_terms,
           ref.save_payment_term, read=ANY, write=BUYERS,
           about="Payment terms (Coupa's /api/payment_terms).")
_reference("accounts", "accounts", "account", "accounts", s.AccountPublic, s.AccountIn,
           AccountId, ref.accounts, ref.save_account, read=ANY, write=MONEY,
           about="Accounts (Coupa's /api/accounts): segment-1 is the cost centre, "
           "segment-2 the GL account.")
_reference("budget_lines", "budget_lines", "budget_line", "budget_lines",
           s.BudgetLinePublic, s.BudgetLineIn, BudgetId, budget.budget_lines,
           budget.save_budget_line, read=MONEY, write=("finance",),
           about="Budget lines (Coupa's /api/budget_lines): one per cost centre and month, "
           "owned by the cost centre's owner, with what remains after ordered spend.")
_reference("lookup_values", "lookup_values", "lookup_value", "lookup_values",
           s.LookupValuePublic, s.LookupValueIn, LookupId, ref.lookup_values,
           ref.save_lookup_value, read=ANY, write=BUYERS,
           about="Lookup values (Coupa's /api/lookup_values): commodities, dispute reasons "
           "and hold reasons (filter with lookup[name]=...).")


@router.put("/budget_lines/{id}/adjust", response_model=s.BudgetLinePublic, **op(
    "procurement_adjust_budget_line", "Adjust a budget line", "Adds `amount` (negative "
    "lowers it, never below zero) to a budget line.", write=True, roles=("finance",),
    errors=(404,)))
async def adjust_budget_line(ctx: CtxDep, id: BudgetId,
                             body: Annotated[s.BudgetAdjustIn, Body()]) -> Response:
    budget.adjust_budget_line(ctx, id, body)
    return json_response(budget.budget_lines(ctx, id)[0])
