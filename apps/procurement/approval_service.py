"""Approval chains: built with the world's rule (`arcadia.world.procurement.approval_chain`),
acted on one step at a time.

A submitted requisition (or invoice) gets one approval per approver the rule names, in
order: the first `pending_approval` (routed now), the others `created` (waiting their
turn). Only the approver an approval is routed to may approve, reject or hold it, and only
while it is pending; the last approval completes the document (a requisition is ordered:
its purchase orders are created and issued; an invoice is approved); a rejection skips the
rest and sends the document back (a requisition to draft, an invoice to disputed).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlmodel import col
from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, conflict, forbidden, get_or_404, invalid, not_found
from arcadia.apps.procurement import common
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import order_service as orders
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.common import is_manager, no_user
from arcadia.world.procurement import Approver, approval_chain

REQUISITION = "RequisitionHeader"
INVOICE = "InvoiceHeader"
OPEN = ("pending_approval", "created", "on_hold")


def _approver(row: m.User | None) -> Approver | None:
    if row is None:
        return None
    limit = None if row.requisition_approval_limit is None \
        else Decimal(row.requisition_approval_limit)
    return Approver(row.id, row.manager_id, limit, row.active)


def chain_for(ctx: Ctx, *, amount: Decimal, requester_id: int, cost_centre: str | None
              ) -> tuple[int, ...]:
    """The world's rule with this instance's users, cost-centre owners (budget line owners)
    and head of Finance."""
    session = ctx.session
    owner = None
    if cost_centre is not None:
        owner = session.exec(sql_select(m.BudgetLine.owner_id).where(
            m.BudgetLine.segment_1 == cost_centre).order_by(m.BudgetLine.id)).first()
    finance = session.exec(sql_select(m.User.id).where(col(m.User.finance_approver))
                           .order_by(m.User.id)).first()
    try:
        return approval_chain(amount, requester_id, owner, finance,
                              lookup=lambda pid: _approver(session.get(m.User, pid)))
    except ValueError as exc:
        raise invalid(f"No approval chain: {exc}.", field="total") from None


def create_chain(ctx: Ctx, kind: str, doc_id: int, approvers: tuple[int, ...]) -> int:
    """Write the chain's approvals; returns how many (0: nothing to approve)."""
    chain_id = ctx.next_seq("approval_chain")
    for position, approver in enumerate(approvers, start=1):
        ctx.session.add(m.Approval(
            id=ctx.next_id(m.Approval), approvable_type=kind, approvable_id=doc_id,
            approver_id=approver, position=position, approval_chain_id=chain_id,
            status="pending_approval" if position == 1 else "created",
            created_at=ctx.now, updated_at=ctx.now))
    return len(approvers)


def open_approvals(ctx: Ctx, kind: str, doc_id: int) -> list[m.Approval]:
    return list(ctx.session.exec(sql_select(m.Approval).where(
        m.Approval.approvable_type == kind, m.Approval.approvable_id == doc_id,
        col(m.Approval.status).in_(OPEN)).order_by(m.Approval.position)).all())


def withdraw(ctx: Ctx, kind: str, doc_id: int) -> None:
    for a in open_approvals(ctx, kind, doc_id):
        a.status, a.updated_at = "withdrawn", ctx.now


def _routed(ctx: Ctx, approval: m.Approval) -> None:
    if approval.approver_id != ctx.principal.id:
        approver = ctx.session.get(m.User, approval.approver_id)
        who = approver.login if approver else f"user {approval.approver_id}"
        raise forbidden(f"Approval {approval.id} is routed to {who}; you can act only on "
                        "approvals routed to you (GET /api/approvals?approver-id=<your "
                        "user id>&status=pending_approval lists them).")
    if approval.status == "pending_approval" or approval.status == "on_hold":
        return
    reasons = {
        "approved": "it is already approved; approving twice is not allowed",
        "rejected": "it was already rejected",
        "skipped": "an earlier approver rejected the document, so the chain stopped",
        "withdrawn": "the document was withdrawn from approval",
        "created": "it is not routed yet: it waits for the earlier approvals in the chain",
    }
    raise conflict(f"Approval {approval.id} cannot be acted on: "
                   f"{reasons.get(approval.status, approval.status)}.", field="approval")


def act(ctx: Ctx, approval_id: int, action: str, reason: str | None) -> None:
    """Approve, reject or hold the approval routed to the caller; completes or sends back
    the document as the chain requires."""
    approval = get_or_404(ctx.session, m.Approval, approval_id, what="approval",
                          hint="list yours with GET /api/approvals.")
    _routed(ctx, approval)
    _apply(ctx, approval, action, reason)
    ctx.commit()


def _apply(ctx: Ctx, approval: m.Approval, action: str, reason: str | None) -> None:
    approval.updated_at = ctx.now
    if reason is not None:
        approval.note = reason
    if action == "hold":
        if approval.status == "on_hold":
            raise conflict(f"Approval {approval.id} is already on hold.", field="approval")
        approval.status = "on_hold"
        return
    approval.approval_date = ctx.now
    rest = [a for a in open_approvals(ctx, approval.approvable_type, approval.approvable_id)
            if a.id != approval.id]
    if action == "reject":
        approval.status = "rejected"
        for a in rest:
            a.status, a.updated_at = "skipped", ctx.now
        _sent_back(ctx, approval, reason)
        return
    approval.status = "approved"
    if rest:
        rest[0].status, rest[0].updated_at = "pending_approval", ctx.now
    else:
        complete(ctx, approval.approvable_type, approval.approvable_id)


def _sent_back(ctx: Ctx, approval: m.Approval, reason: str | None) -> None:
    if approval.approvable_type == REQUISITION:
        req = ctx.session.get(m.Requisition, approval.approvable_id)
        if req is not None:
            req.status, req.updated_at = "draft", ctx.now
            req.reject_reason_comment = reason
    else:
        inv = ctx.session.get(m.Invoice, approval.approvable_id)
        if inv is not None:
            inv.status, inv.updated_at = "disputed", ctx.now
            inv.dispute_reason = "REJECTED"
            orders.release_invoiced(ctx, inv)


def complete(ctx: Ctx, kind: str, doc_id: int) -> None:
    """The document's chain is through: order the requisition, approve the invoice."""
    if kind == REQUISITION:
        orders.order_requisition(ctx, doc_id)
    else:
        inv = ctx.session.get(m.Invoice, doc_id)
        if inv is not None:
            inv.status, inv.updated_at = "approved", ctx.now


def add_approver(ctx: Ctx, kind: str, doc_id: int, approver_id: int,
                 position: int | None) -> None:
    """A manual approval, inserted after the current one (or at `position`)."""
    if ctx.session.get(m.User, approver_id) is None:
        raise invalid(f"No user has id {approver_id}; look users up in GET /api/users.",
                      field="approver")
    pending = open_approvals(ctx, kind, doc_id)
    if not pending:
        raise conflict("The document is not pending approval; submit it first.",
                       field="approvals")
    current = next((a for a in pending if a.status in ("pending_approval", "on_hold")),
                   pending[0])
    at = max(position or current.position + 1, current.position + 1)
    for a in pending:
        if a.position >= at:
            a.position += 1
    ctx.session.add(m.Approval(
        id=ctx.next_id(m.Approval), approvable_type=kind, approvable_id=doc_id,
        approver_id=approver_id, position=at, status="created", type="ManualApproval",
        approval_chain_id=current.approval_chain_id, created_at=ctx.now,
        updated_at=ctx.now))


def remove_approval(ctx: Ctx, kind: str, doc_id: int, approval_id: int | None) -> None:
    """Remove a manually added approval that has not been acted on."""
    manual = [a for a in open_approvals(ctx, kind, doc_id) if a.type == "ManualApproval"]
    target = next((a for a in manual if approval_id in (None, a.id)), None)
    if target is None:
        raise conflict("No manually added approval that is still open matches; only added "
                       "approvers can be removed (send approval-id).", field="approvals")
    was_current = target.status == "pending_approval"
    ctx.session.delete(target)
    if was_current:
        rest = [a for a in open_approvals(ctx, kind, doc_id) if a.id != target.id]
        if rest:
            rest[0].status = "pending_approval"
        else:
            complete(ctx, kind, doc_id)


def bypass(ctx: Ctx, kind: str, doc_id: int, *, current_only: bool) -> None:
    """Approve on the approvers' behalf (procurement or finance): the current step, or
    every open step."""
    pending = open_approvals(ctx, kind, doc_id)
    if not pending:
        raise conflict("The document has no open approvals to bypass.", field="approvals")
    steps = pending[:1] if current_only else pending
    for a in steps:
        a.status, a.approval_date, a.updated_at = "approved", ctx.now, ctx.now
        a.note = f"Bypassed by {ctx.principal.email}"
    rest = pending[len(steps):]
    if rest:
        rest[0].status = "pending_approval"
    else:
        complete(ctx, kind, doc_id)


DIRECT = {"id": "id", "status": "status", "approvable-type": "approvable_type",
          "approvable-id": "approvable_id", "approver-id": "approver_id",
          "position": "position", "type": "type"}


def query(ctx: Ctx, listing: common.Listing) -> list[Any]:
    """The page `listing` asks for, of the approvals the caller may see."""
    rows = [a for a in ctx.snapshots(m.Approval) if visible(ctx, a)]
    refs = v.Refs(ctx)
    return listing.answer(rows, lambda page: (v.approval(a, refs) for a in page), DIRECT)


def visible(ctx: Ctx, approval: Any) -> bool:
    return is_manager(ctx) or approval.approver_id == ctx.principal.id


def update_note(ctx: Ctx, approval_id: int, note: str | None) -> None:
    approval = get_or_404(ctx.session, m.Approval, approval_id, what="approval",
                          hint="list yours with GET /api/approvals.")
    if approval.approver_id != ctx.principal.id:
        raise forbidden(f"Approval {approval.id} is not routed to you; only its approver "
                        "may change it.")
    approval.note, approval.updated_at = note, ctx.now
    ctx.me(m.User, no_user)
    ctx.commit()


def render(ctx: Ctx, approval_id: int) -> dict[str, Any]:
    """The approval as Coupa shows it, if the caller may see it."""
    row = ctx.snapshot(m.Approval, approval_id)
    if row is None or not visible(ctx, row):
        raise not_found(f"No approval {approval_id} is visible to you; list yours with GET "
                        "/api/approvals.", field="approval")
    return v.approval(row, v.Refs(ctx))
