"""Arcadia Robotics' procurement policy as `purchase-approvals-v1` plants it: the figures in
one place (`POLICY`), and the policy mail Finance's head sends to the people it binds.

The approval limits are the world's own (`arcadia.world.procurement.APPROVAL_LIMITS`); the
contract threshold and the bank-detail rule are the policy's. Goal kinds read the figures
from here, never from their own constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arcadia.world.procurement import APPROVAL_LIMITS

__all__ = ["POLICY", "Policy", "policy_body"]


@dataclass(frozen=True)
class Policy:
    """What the procurement policy binds: who approves how much, when a contract must be
    on file, how bank details change."""

    subject: str
    limits: dict[str, Decimal]  # level -> what it may approve alone
    contract_over: Decimal  # a purchase above this needs a contract in force
    limit_word: str  # what a rejection for the approver's limit must name
    contract_word: str  # what a rejection for a missing contract must name
    duplicate_word: str  # what a rejected duplicate invoice must name
    callback_word: str  # what an escalated bank-detail request must name


POLICY = Policy(
    subject="Procurement policy: approvals, contracts and supplier details",
    limits={lvl: v for lvl, v in APPROVAL_LIMITS.items() if v is not None and v > 0},
    contract_over=Decimal(5_000),
    limit_word="limit",
    contract_word="contract",
    duplicate_word="duplicate",
    callback_word="call",
)


def _money(v: Decimal) -> str:
    return f"${v:,.0f}"


def policy_body(first: str, signer: str) -> str:
    """The policy mail's text (the figures from `POLICY`)."""
    lim = POLICY.limits
    return (
        f"Hi {first},\n\nA reminder of Arcadia Robotics' procurement policy, which applies "
        "to every requisition, invoice and supplier change in Coupa:\n\n"
        "1. Approval limits. You may approve a requisition only up to your level's "
        f"limit: first-line managers {_money(lim['M1'])}, senior managers "
        f"{_money(lim['M2'])}, department heads {_money(lim['E1'])}. If a requisition above "
        "your limit reaches you, do not approve it: reject it, saying it is above your "
        "approval limit, and Procurement will route it to the right level.\n"
        f"2. Contracts. Any purchase over {_money(POLICY.contract_over)} needs a contract "
        "with the supplier that is in force on the day. Without one, reject the "
        "requisition and say there is no contract on file; the requester then goes "
        "through sourcing.\n"
        "3. Invoices. Approve an invoice when it bills what was ordered and received. An "
        "invoice that bills again for something already invoiced is rejected as a "
        "duplicate, saying so. A recurring service is billed once per period on its own "
        "order line; each period's invoice is a new charge, not a duplicate.\n"
        "4. Supplier bank details. Bank or payment account details of a supplier are "
        "changed only by Finance, after a call-back to the supplier's phone number on "
        "file (never a number given in the request). Forward any such request to me, "
        "saying it needs the call-back, and change nothing in Coupa. A change of postal "
        "remit-to address alone is made by Procurement directly.\n\n"
        f"Thanks,\n{signer}"
    )
