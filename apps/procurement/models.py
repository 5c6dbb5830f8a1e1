"""Procurement's tables (Coupa's resources), in their own SQLModel registry.

Ids are Coupa's integers. Money and quantities are stored as decimal strings ("1250.00"),
the way Coupa's JSON sends decimals, so no float ever rounds an amount. Associations are
stored as ids; `views.py` renders them as Coupa's nested objects.
"""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class ProcurementModel(SQLModel, registry=registry()):
    pass


class User(ProcurementModel, table=True):
    __tablename__ = "users"

    id: int = Field(primary_key=True)
    login: str = Field(index=True)
    email: str
    firstname: str
    lastname: str
    employee_number: str | None = None
    active: bool = True
    department: str | None = None
    person_id: int | None = None  # the world's person; never on the wire
    manager_id: int | None = None
    default_account_id: int | None = None
    # Approval limits (USD), or None for none.
    requisition_approval_limit: str | None = None
    invoice_approval_limit: str | None = None
    # Coupa roles ("User", "Buyer", "AP"), comma-joined.
    coupa_roles: str = "User"
    # The head of Finance: the rule's approver of the largest requisitions. Not on the wire.
    finance_approver: bool = False
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class PaymentTerm(ProcurementModel, table=True):
    __tablename__ = "payment_terms"

    id: int = Field(primary_key=True)
    code: str
    description: str | None = None
    type: str = "PaymentTerm"
    days_for_net_payment: int | None = None
    days_for_discount_payment: int | None = None
    discount_rate: str | None = None
    active: bool = True
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Supplier(ProcurementModel, table=True):
    __tablename__ = "suppliers"

    id: int = Field(primary_key=True)
    name: str
    display_name: str | None = None
    number: str | None = None
    status: str = "active"
    po_email: str | None = None
    payment_term_id: int | None = None
    commodity: str | None = None
    tax_id: str | None = None
    invoice_matching_level: str = "3-way"
    po_method: str = "email"
    account_number: str | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class SupplierAddress(ProcurementModel, table=True):
    """A supplier's remit-to address."""

    __tablename__ = "supplier_addresses"

    id: int = Field(primary_key=True)
    supplier_id: int = Field(index=True)
    name: str | None = None
    remit_to_code: str | None = None
    street1: str | None = None
    street2: str | None = None
    city: str | None = None
    state: str | None = None
    postal_code: str | None = None
    country_code: str = "US"
    active: bool = True
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Contract(ProcurementModel, table=True):
    __tablename__ = "contracts"

    id: int = Field(primary_key=True)
    name: str
    number: str | None = None
    supplier_id: int | None = Field(default=None, index=True)
    status: str = "published"
    starts_at: NaiveDatetime | None = None
    expires_at: NaiveDatetime | None = None
    maximum_value: str | None = None
    currency: str = "USD"
    payment_term_id: int | None = None
    owner_id: int | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Account(ProcurementModel, table=True):
    """A chart-of-accounts combination: segment 1 the cost centre, segment 2 the GL."""

    __tablename__ = "accounts"

    id: int = Field(primary_key=True)
    name: str
    code: str
    active: bool = True
    account_type: str = "Arcadia Robotics"
    segment_1: str | None = None
    segment_2: str | None = None
    segment_3: str | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class BudgetLine(ProcurementModel, table=True):
    __tablename__ = "budget_lines"

    id: int = Field(primary_key=True)
    period_name: str
    period_start: date
    period_end: date
    amount: str
    currency: str = "USD"
    segment_1: str | None = None
    segment_2: str | None = None
    description: str | None = None
    notes: str | None = None
    owner_id: int | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class LookupValue(ProcurementModel, table=True):
    __tablename__ = "lookup_values"

    id: int = Field(primary_key=True)
    name: str
    description: str | None = None
    lookup_name: str
    active: bool = True
    external_ref_code: str | None = None
    external_ref_num: str | None = None
    parent_id: int | None = None
    is_default: bool = False
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Requisition(ProcurementModel, table=True):
    __tablename__ = "requisitions"

    id: int = Field(primary_key=True)
    status: str = "draft"
    req_title: str | None = None
    requested_by_id: int
    created_by_id: int
    justification: str | None = None
    need_by_date: NaiveDatetime | None = None
    currency: str = "USD"
    ship_to_attention: str | None = None
    submitted_at: NaiveDatetime | None = None
    reject_reason_comment: str | None = None
    exported: bool = False
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class RequisitionLine(ProcurementModel, table=True):
    __tablename__ = "requisition_lines"

    id: int = Field(primary_key=True)
    requisition_id: int = Field(index=True)
    line_num: int
    description: str
    quantity: str
    unit_price: str
    total: str
    uom: str = "EA"
    line_type: str = "RequisitionQuantityLine"
    supplier_id: int | None = None
    account_id: int | None = None
    contract_id: int | None = None
    commodity: str | None = None
    need_by_date: NaiveDatetime | None = None
    order_line_id: int | None = None


class PurchaseOrder(ProcurementModel, table=True):
    __tablename__ = "purchase_orders"

    id: int = Field(primary_key=True)
    po_number: str = Field(index=True)
    status: str = "issued"
    version: int = 1
    type: str = "ExternalOrderHeader"
    supplier_id: int
    requisition_id: int | None = None
    requester_id: int | None = None
    created_by_id: int | None = None
    payment_term_id: int | None = None
    currency: str = "USD"
    ship_to_attention: str | None = None
    transmission_status: str = "sent_via_email"
    acknowledged_flag: bool = False
    exported: bool = False
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class OrderLine(ProcurementModel, table=True):
    __tablename__ = "order_lines"

    id: int = Field(primary_key=True)
    order_header_id: int = Field(index=True)
    line_num: int
    description: str
    quantity: str
    price: str
    total: str
    received: str = "0"
    invoiced: str = "0.00"
    uom: str = "EA"
    type: str = "OrderQuantityLine"
    status: str = "created"
    account_id: int | None = None
    contract_id: int | None = None
    commodity: str | None = None
    need_by_date: NaiveDatetime | None = None
    requisition_line_id: int | None = None
    version: int = 1
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class ReceivingTransaction(ProcurementModel, table=True):
    __tablename__ = "receiving_transactions"

    id: int = Field(primary_key=True)
    order_line_id: int = Field(index=True)
    type: str = "ReceivingQuantityConsumption"
    status: str = "created"
    quantity: str
    price: str
    total: str
    uom: str = "EA"
    account_id: int | None = None
    transaction_date: NaiveDatetime
    comments: str | None = None
    created_by_id: int | None = None
    exported: bool = False
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class Invoice(ProcurementModel, table=True):
    __tablename__ = "invoices"

    id: int = Field(primary_key=True)
    invoice_number: str = Field(index=True)
    invoice_date: NaiveDatetime
    status: str = "draft"
    document_type: str = "Invoice"
    supplier_id: int = Field(index=True)
    remit_to_address_id: int | None = None
    payment_term_id: int | None = None
    currency: str = "USD"
    comments: str | None = None
    internal_note: str | None = None
    dispute_reason: str | None = None
    abandon_reason: str | None = None
    # Tolerance checks that failed at submission ("amount_over_po_remaining"), comma-joined.
    tolerance_failures: str | None = None
    handling_amount: str = "0.00"
    misc_amount: str = "0.00"
    shipping_amount: str = "0.00"
    tax_amount: str = "0.00"
    paid: bool = False
    payment_date: NaiveDatetime | None = None
    exported: bool = False
    created_by_id: int | None = None
    date_received: NaiveDatetime | None = None
    created_at: NaiveDatetime
    updated_at: NaiveDatetime


class InvoiceLine(ProcurementModel, table=True):
    __tablename__ = "invoice_lines"

    id: int = Field(primary_key=True)
    invoice_id: int = Field(index=True)
    line_num: int
    description: str
    quantity: str
    price: str
    total: str
    uom: str = "EA"
    type: str = "InvoiceQuantityLine"
    order_line_id: int | None = Field(default=None, index=True)
    account_id: int | None = None


class Approval(ProcurementModel, table=True):
    __tablename__ = "approvals"

    id: int = Field(primary_key=True)
    approvable_type: str  # RequisitionHeader, InvoiceHeader, OrderHeader
    approvable_id: int = Field(index=True)
    approver_id: int = Field(index=True)
    position: int
    # pending_approval (routed now), created (waiting its turn), approved, rejected,
    # skipped (a later step once an earlier one rejected), withdrawn.
    status: str
    type: str = "ApprovalChainApproval"
    approver_type: str = "User"
    approval_chain_id: int | None = None
    approval_date: NaiveDatetime | None = None
    note: str | None = None
    holdable: bool = True
    created_at: NaiveDatetime
    updated_at: NaiveDatetime
