"""What the procurement routes share: roles, Coupa's query parameters, path ids and the
rendering every route applies (the services give plain data)."""

from typing import Annotated, Any

from fastapi import Query, Request, Response

from arcadia.apps.kernel import Id, Int64, json_response, path_id
from arcadia.apps.procurement import common
from arcadia.apps.procurement import schemas as s
from arcadia.apps.procurement.documented import DOCUMENTED
from arcadia.apps.procurement.query import known_fields

ANY: tuple[str, ...] = ()
BUYERS = ("procurement",)
MONEY = ("procurement", "finance")
QUERY = ("Coupa's query language: any documented field as `field=value` or "
         "`field[op]=value` (op: contains, starts_with, ends_with, blank, gt, lt, gt_or_eq, "
         "lt_or_eq, not_eq, in, not_in), through associations as `supplier[name]=Acme`; "
         "`limit` (at most 50, Coupa's cap) and `offset` page; `return_object=limited|shallow`"
         " and `fields=[...]` shape the answer. No match answers `[]`.")

Limit = Annotated[Int64 | None, Query(description="Records per page (default and most 50).")]
Offset = Annotated[Id | None, Query(description="Records to skip (for the next 50: 50).")]
ReturnObject = Annotated[str | None, Query(
    max_length=20, description="limited (ids only) or shallow (associations as id and "
    "natural key); on PUT and POST also none (empty body).")]
Fields = Annotated[str | None, Query(max_length=4000, description='A JSON list of the '
                                    'fields to return, e.g. ["id","invoice-number",'
                                    '{"invoice-lines":["id","total"]}].')]
Exported = Annotated[bool | None, Query(description="Filter on (or, on PUT, set) the "
                                        "exported flag.")]
Reason = Annotated[str | None, Query(max_length=4000, description="Why (kept as the "
                                     "approval's note).")]


InvoiceId = Annotated[Id, path_id("ProcurementInvoiceId", "The invoice's Coupa id.")]
PoId = Annotated[Id, path_id("ProcurementPurchaseOrderId", "The purchase order's Coupa id.")]
ReqId = Annotated[Id, path_id("ProcurementRequisitionId", "The requisition's Coupa id.")]
ReceiptId = Annotated[Id, path_id("ProcurementReceivingTransactionId",
                                  "The receiving transaction's Coupa id.")]
ApprovalId = Annotated[Id, path_id("ProcurementApprovalId", "The approval's Coupa id.")]
SupplierId = Annotated[Id, path_id("ProcurementSupplierId", "The supplier's Coupa id.")]
AddressId = Annotated[Id, path_id("ProcurementSupplierAddressId",
                                  "The remit-to address's Coupa id.")]
ContractId = Annotated[Id, path_id("ProcurementContractId", "The contract's Coupa id.")]
UserId = Annotated[Id, path_id("ProcurementUserId", "The user's Coupa id.")]
AccountId = Annotated[Id, path_id("ProcurementAccountId", "The account's Coupa id.")]
BudgetId = Annotated[Id, path_id("ProcurementBudgetLineId", "The budget line's Coupa id.")]
LookupId = Annotated[Id, path_id("ProcurementLookupValueId", "The lookup value's Coupa id.")]
TermId = Annotated[Id, path_id("ProcurementPaymentTermId", "The payment term's Coupa id.")]


def _wire(model: Any) -> dict[str, None]:
    return {f.alias or name: None for name, f in model.model_fields.items()}


def _known(resource: str, model: Any, lines: str | None = None, line_model: Any = None
           ) -> dict[str, Any]:
    """The fields a list filters on: every field Coupa documents and every field the
    record carries (its public model: `max-value`, `current-approval`), so what a read
    shows can be queried."""
    line_fields = None if lines is None else {**DOCUMENTED[lines], **_wire(line_model)}
    return known_fields({**DOCUMENTED[resource], **_wire(model)},
                        {lines: line_fields} if lines else None)


KNOWN = {r: _known(r, *models) for r, *models in (
    ("invoices", s.InvoicePublic, "invoice-lines", s.InvoiceLinePublic),
    ("purchase_orders", s.PurchaseOrderPublic, "order-lines", s.OrderLinePublic),
    ("requisitions", s.RequisitionPublic, "requisition-lines", s.RequisitionLinePublic),
    ("receiving_transactions", s.ReceivingTransactionPublic),
    ("approvals", s.ApprovalPublic), ("suppliers", s.SupplierPublic),
    ("supplier_addresses", s.SupplierAddressPublic), ("contracts", s.ContractPublic),
    ("users", s.UserPublic), ("accounts", s.AccountPublic),
    ("budget_lines", s.BudgetLinePublic), ("lookup_values", s.LookupValuePublic),
    ("payment_terms", s.PaymentTermPublic))}


def listing(request: Request, resource: str, limit: int | None, offset: int | None,
             return_object: str | None, fields: str | None) -> common.Listing:
    return common.Listing(list(request.query_params.multi_items()), KNOWN[resource],
                          limit=limit, offset=offset, return_object=return_object,
                          fields=fields)


def one(record: dict[str, Any], ro: str | None, fields: str | None, *, write: bool = True,
         status: int = 200) -> Response:
    """One record shaped by `return_object` and `fields`; `return_object=none` answers an
    empty body with the same status."""
    body = common.shaped(record, return_object=ro, fields=fields, write=write)
    return Response(status_code=status) if body is None else json_response(body, status)


def mark_exported(body: Any, exported: bool | None) -> Any:
    """Coupa marks a record exported with `PUT <record>?exported=true`."""
    if exported is not None:
        body.exported = exported
    return body
