"""Coupa's routes, one module per resource over `params.py` (roles, Coupa's query
parameters, path ids, rendering). `ROUTERS` is the route order, which is the order of the
document's paths: the documents (invoices, purchase orders, receipts, requisitions,
approvals), then the reference data and suppliers' remit-to addresses."""

from arcadia.apps.procurement.routes import (
    addresses,
    approvals,
    invoices,
    purchase_orders,
    receipts,
    reference,
    requisitions,
)

ROUTERS = tuple(m.router for m in (invoices, purchase_orders, receipts, requisitions,
                                   approvals, reference, addresses))

__all__ = ["ROUTERS"]
