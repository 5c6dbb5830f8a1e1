"""Procurement: Arcadia Robotics' purchasing system, modelled on the public shape of Coupa's
Core API (`/api/...`).

Integer ids, hyphenated JSON keys, Coupa's query language (`field[op]=value`, `limit` at
most 50 / `offset`, `return_object`, `fields`), the `X-COUPA-API-KEY` header (or OAuth
`Authorization: Bearer`), errors as `{"errors": {"<key>": ["message"]}}` with 400 for bad
input and disallowed transitions, and approval chains built by the world's rule.
"""

from arcadia.apps.kernel import AppSpec
from arcadia.apps.procurement.errors import STATUSES, CoupaErrors, render_error
from arcadia.apps.procurement.models import ProcurementModel
from arcadia.apps.procurement.routes import ROUTERS
from arcadia.apps.procurement.seed import seed

_STAMPS = ("created_at", "updated_at")

SPEC = AppSpec(
    name="procurement",
    title="Procurement API (Coupa Core API shape)",
    description=(
        "Arcadia Robotics' purchasing: suppliers with remit-to addresses, contracts and "
        "payment terms; requisitions routed for approval; purchase orders, receipts and "
        "invoices; approvals; accounts (segment-1 the cost centre), budget lines, users and "
        "their approval limits; lookup values. Follows the public shape of Coupa's Core "
        "API: send `X-COUPA-API-KEY: <token>` (or `Authorization: Bearer <token>`) and "
        "`Accept: application/json` (JSON is the only format served; without the header "
        "the answer is JSON too). Queries take `field=value` or `field[op]=value` "
        "(contains, starts_with, gt, lt, gt_or_eq, lt_or_eq, not_eq, in, not_in, blank), "
        "through associations (`supplier[name]=...`), `limit` (at most 50) and `offset`. "
        'Errors are `{"errors": {"<field or record>": ["message"]}}`: 400 for invalid '
        "input and for actions the record's state does not allow, 404 for unknown ids."
    ),
    metadata=ProcurementModel.metadata,
    routers=ROUTERS,
    seed=seed,
    render_error=render_error,
    validation_status=400,
    statuses=STATUSES,
    error_model=CoupaErrors,
    api_key_header="X-COUPA-API-KEY",
    # Row timestamps are bookkeeping set from the episode clock; no task is judged on when
    # a row was written.
    ignored_fields=dict.fromkeys((
        "users", "payment_terms", "suppliers", "supplier_addresses", "contracts", "accounts",
        "budget_lines", "lookup_values", "requisitions", "purchase_orders", "order_lines",
        "receiving_transactions", "invoices", "approvals"), _STAMPS),
)

__all__ = ["SPEC"]
