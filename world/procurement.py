"""Procurement truth: what Arcadia's Coupa-shaped purchasing system holds, and the approval rule.

The truth (`Procurement`, the `World.procurement` field) holds, all in US dollars:

- `payment_terms`: the payment terms suppliers are on (`Net 30`, `2/10 Net 30`, ...);
- `suppliers`: a few hundred suppliers by category (`CATEGORIES` of
  `arcadia.world.robotics.procurement.catalog`), each with a number, name, status, payment
  term, remit-to addresses, a primary contact and its contracts (number, start and end
  dates, maximum value, status);
- `accounts`: one per cost centre (`World.cost_centres`) and GL account its department buys
  against (the catalog's `GL_ACCOUNTS`), coded `<cost centre>-<GL code>`;
- `budget_lines`: one per cost centre per calendar month of the procurement year;
- `users`: every Arcadia employee, with the approval limit of their level (`APPROVAL_LIMITS`)
  and their manager (inactive once terminated);
- `requisitions` with lines (requester, supplier, account, quantities and prices, status,
  submitted and approved times), `purchase_orders` with lines (status issued, closed or
  cancelled; `version` > 1 after a change order), `receipts` (receiving transactions
  against order lines), `invoices` with lines (number, supplier, order, dates, status,
  payment), `approvals` (one row per approver of a requisition or an invoice, in chain
  order);
- `lookup_values`: the commodity, dispute-reason and hold-reason lookups.

Ids are the app's ids (integers, unique per kind). Every requisition's approvals are
`approval_chain(...)` for its total, requester and cost centre, and every invoice's for its
total, its order's requester and the requisition's cost centre (as far as each chain got),
except where a situation says otherwise (`spend-anomaly-v1`). The default 800-person world
holds 300 suppliers (123 contracts), 46 accounts, 130 budget lines, 800 users, about 1,570
requisitions, 1,520 orders, 2,750 receipts, 1,560 invoices and 4,480 approvals.
`approval_chain` is the one place the rule lives: the generator, the situation and the
procurement app all call it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

CURRENCY = "USD"

# --- the approval rule --------------------------------------------------------------------

# What a person may approve alone, by level (None: no limit). Individual contributors
# approve nothing; the CEO (the one person without a manager) has no limit.
APPROVAL_LIMITS: dict[str, Decimal | None] = {
    "IC1": Decimal(0), "IC2": Decimal(0), "IC3": Decimal(0), "IC4": Decimal(0),
    "IC5": Decimal(0), "M1": Decimal(10_000), "M2": Decimal(50_000), "E1": Decimal(250_000),
}
# From this amount the cost centre's owner (its department's head) approves too.
OWNER_THRESHOLD = Decimal(25_000)
# From this amount the head of Finance approves too.
FINANCE_THRESHOLD = Decimal(100_000)
FINANCE_DEPARTMENT = "FIN"


@dataclass(frozen=True)
class Approver:
    """What the rule needs to know of a person: their manager and approval limit."""

    id: int
    manager_id: int | None
    approval_limit: Decimal | None  # None: no limit
    active: bool = True

    def covers(self, amount: Decimal) -> bool:
        return self.approval_limit is None or amount <= self.approval_limit


def approval_limit(level: str, manager_id: int | None) -> Decimal | None:
    """The approval limit of a person at `level` (the top of the org chart has none)."""
    return None if manager_id is None else APPROVAL_LIMITS[level]


def approval_chain(amount: Decimal | float | int | str, requester_id: int,
                   cost_centre_owner_id: int | None, finance_approver_id: int | None, *,
                   lookup: Callable[[int], Approver | None]) -> tuple[int, ...]:
    """The ordered approvers of a requisition of `amount` raised by `requester_id`.

    1. The requester's managers, upward, until (and including) the first whose approval
       limit covers the amount: M1 $10,000, M2 $50,000, E1 (department head) $250,000, the
       CEO unlimited; individual contributors $0 (`APPROVAL_LIMITS`). Inactive managers
       are passed over.
    2. From $25,000 (`OWNER_THRESHOLD`), the cost centre's owner (the head of the
       department the cost centre belongs to), unless already in the chain.
    3. From $100,000 (`FINANCE_THRESHOLD`), the head of Finance, unless already in it.

    Nobody approves their own requisition: the requester is never in the chain. `lookup`
    answers a person id with their `Approver` (None: unknown). Raises `ValueError` for an
    unknown requester or a negative or non-finite amount.
    """
    value = Decimal(str(amount))
    if not value.is_finite() or value < 0:
        raise ValueError(f"amount must be a finite, non-negative number, got {amount!r}")
    requester = lookup(requester_id)
    if requester is None:
        raise ValueError(f"unknown requester {requester_id}")
    chain: list[int] = []
    seen = {requester_id}
    current = requester.manager_id
    while current is not None and current not in seen:
        seen.add(current)
        person = lookup(current)
        if person is None:
            break
        if person.active:
            chain.append(person.id)
            if person.covers(value):
                break
        current = person.manager_id
    for extra, threshold in ((cost_centre_owner_id, OWNER_THRESHOLD),
                             (finance_approver_id, FINANCE_THRESHOLD)):
        if extra is not None and value >= threshold and extra not in chain \
                and extra != requester_id:
            chain.append(extra)
    return tuple(chain)


# --- the truth ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Category:
    """A supplier category (Coupa commodity) and what buying from it looks like."""

    code: str
    name: str
    gl_code: str
    departments: tuple[str, ...]  # who buys it (department ids)
    low: int  # typical purchase, USD (log-uniform between low and high)
    high: int
    unit: str  # unit of measure of its lines
    items: tuple[str, ...]  # what is bought


@dataclass(frozen=True)
class GlAccount:
    code: str
    name: str


@dataclass(frozen=True)
class PaymentTerm:
    id: int
    code: str  # "Net 30"
    description: str
    days_for_net_payment: int
    discount_rate: float  # percent, 0 when none
    days_for_discount_payment: int


@dataclass(frozen=True)
class Address:
    id: int
    name: str
    street1: str
    street2: str | None
    city: str
    state: str
    postal_code: str
    country: str  # ISO code


@dataclass(frozen=True)
class Contact:
    id: int
    name_given: str
    name_family: str
    email: str
    phone_work: str


@dataclass(frozen=True)
class Contract:
    id: int
    number: str  # "CTR-2025-0042"
    name: str
    supplier_id: int
    start_date: date
    end_date: date
    maximum_value: float
    status: str  # "published" (in force) | "expired"
    payment_term_id: int


@dataclass(frozen=True)
class Supplier:
    id: int
    number: str  # "S-10042"
    name: str
    category: str  # a `Category.code`
    status: str  # "active" | "inactive"
    payment_term_id: int
    tax_id: str
    website: str
    primary_contact: Contact
    remit_to: tuple[Address, ...]
    contracts: tuple[Contract, ...]
    created_at: datetime


@dataclass(frozen=True)
class Account:
    id: int
    code: str  # "CC-1100-5100": cost centre, then GL account
    name: str
    cost_centre_id: str
    gl_code: str
    active: bool = True


@dataclass(frozen=True)
class BudgetLine:
    id: int
    cost_centre_id: str
    period: str  # "2025-03": a calendar month
    start_date: date
    end_date: date
    amount: float


@dataclass(frozen=True)
class User:
    """An Arcadia employee as Coupa holds them (id = the employee id)."""

    id: int
    login: str
    email: str
    firstname: str
    lastname: str
    employee_number: str
    active: bool
    manager_id: int | None
    approval_limit: float | None  # None: no limit
    department_id: str
    default_account_id: int  # the account of their cost centre's first GL line
    roles: tuple[str, ...]  # Coupa roles: "User", "Buyer", "AP", ...

    def approver(self) -> Approver:
        """This user as the approval rule sees them."""
        limit = None if self.approval_limit is None else Decimal(str(self.approval_limit))
        return Approver(self.id, self.manager_id, limit, self.active)


@dataclass(frozen=True)
class RequisitionLine:
    line_num: int
    description: str
    quantity: float
    unit_price: float
    uom: str
    account_id: int
    commodity: str  # a `Category.code`
    need_by_date: date

    @property
    def total(self) -> float:
        return round(self.quantity * self.unit_price, 2)


@dataclass(frozen=True)
class Requisition:
    id: int
    requester_id: int
    cost_centre_id: str
    supplier_id: int
    justification: str
    status: str  # "pending_approval" | "approved" | "ordered" | "withdrawn" | "draft"
    created_at: datetime
    submitted_at: datetime
    approved_at: datetime | None
    lines: tuple[RequisitionLine, ...]

    @property
    def total(self) -> float:
        return round(sum(line.total for line in self.lines), 2)


@dataclass(frozen=True)
class OrderLine:
    id: int
    line_num: int
    description: str
    quantity: float
    unit_price: float
    uom: str
    account_id: int
    commodity: str
    need_by_date: date

    @property
    def total(self) -> float:
        return round(self.quantity * self.unit_price, 2)


@dataclass(frozen=True)
class PurchaseOrder:
    id: int
    number: str  # "PO-104211"
    requisition_id: int
    supplier_id: int
    buyer_id: int  # the requester: who the order is for
    status: str  # "issued" | "closed" | "cancelled"
    version: int  # 1, or more after change orders
    payment_term_id: int
    contract_id: int | None
    created_at: datetime
    lines: tuple[OrderLine, ...]

    @property
    def total(self) -> float:
        return round(sum(line.total for line in self.lines), 2)


@dataclass(frozen=True)
class Receipt:
    """A receiving transaction against one order line."""

    id: int
    order_id: int
    order_line_id: int
    quantity: float
    price: float
    transaction_date: date
    receiver_id: int

    @property
    def total(self) -> float:
        return round(self.quantity * self.price, 2)


@dataclass(frozen=True)
class InvoiceLine:
    line_num: int
    order_line_id: int
    description: str
    quantity: float
    price: float
    account_id: int

    @property
    def total(self) -> float:
        return round(self.quantity * self.price, 2)


@dataclass(frozen=True)
class Invoice:
    id: int
    invoice_number: str  # the supplier's own number
    supplier_id: int
    order_id: int
    invoice_date: date
    received_at: datetime  # when it entered Coupa
    status: str  # "approved" | "pending_approval" | "disputed" | "voided"
    payment_term_id: int
    paid: bool
    payment_date: date | None
    dispute_reason: str | None
    lines: tuple[InvoiceLine, ...]

    @property
    def total(self) -> float:
        return round(sum(line.total for line in self.lines), 2)


@dataclass(frozen=True)
class Approval:
    """One approver's place in a requisition's chain (Coupa's approvable is the
    requisition header; its order inherits the approval)."""

    id: int
    approvable_type: str  # "RequisitionHeader"
    approvable_id: int
    approver_id: int
    position: int  # 1-based, in chain order
    status: str  # "approved" | "rejected" | "pending_approval" | "waiting" | "withdrawn"
    created_at: datetime
    approval_date: datetime | None
    note: str | None


@dataclass(frozen=True)
class LookupValue:
    id: int
    lookup: str  # "Commodity" | "Dispute Reason" | "Hold Reason"
    name: str
    description: str
    external_ref_code: str
    active: bool = True


@dataclass
class Procurement:
    """Everything the procurement system holds (lists, so situations can plant anomalies)."""

    payment_terms: list[PaymentTerm] = field(default_factory=list)
    suppliers: list[Supplier] = field(default_factory=list)
    accounts: list[Account] = field(default_factory=list)
    budget_lines: list[BudgetLine] = field(default_factory=list)
    users: list[User] = field(default_factory=list)
    requisitions: list[Requisition] = field(default_factory=list)
    purchase_orders: list[PurchaseOrder] = field(default_factory=list)
    receipts: list[Receipt] = field(default_factory=list)
    invoices: list[Invoice] = field(default_factory=list)
    approvals: list[Approval] = field(default_factory=list)
    lookup_values: list[LookupValue] = field(default_factory=list)
    # cost centre id -> its owner (the department head), and the head of Finance
    cost_centre_owners: dict[str, int] = field(default_factory=dict)
    finance_approver_id: int | None = None

    def approver(self, person_id: int) -> Approver | None:
        """`person_id` as the approval rule sees them (None: not a user)."""
        user = self._users().get(person_id)
        return None if user is None else user.approver()

    def chain(self, amount: float, requester_id: int, cost_centre_id: str) -> tuple[int, ...]:
        """`approval_chain` with this truth's users, owners and Finance head."""
        return approval_chain(amount, requester_id, self.cost_centre_owners.get(cost_centre_id),
                              self.finance_approver_id, lookup=self.approver)

    def supplier(self, supplier_id: int) -> Supplier:
        return next(s for s in self.suppliers if s.id == supplier_id)

    def order(self, order_id: int) -> PurchaseOrder:
        return next(o for o in self.purchase_orders if o.id == order_id)

    def requisition(self, requisition_id: int) -> Requisition:
        return next(r for r in self.requisitions if r.id == requisition_id)

    def _users(self) -> dict[int, User]:
        return {u.id: u for u in self.users}
