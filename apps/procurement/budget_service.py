"""Budget lines (Coupa's /api/budget_lines): one per cost centre and month, with what is
spent (issued and closed orders) and pending (requisitions awaiting approval) against it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlmodel import select as sql_select

from arcadia.apps.kernel import Ctx, get_or_404, invalid
from arcadia.apps.procurement import common
from arcadia.apps.procurement import models as m
from arcadia.apps.procurement import views as v
from arcadia.apps.procurement.reference_service import CENT, Record, copy_fields
from arcadia.apps.procurement.schemas import BudgetAdjustIn, BudgetLineIn


def budget_lines(ctx: Ctx, only: int | None = None) -> list[Record]:
    refs = v.Refs(ctx)
    accounts_cc = {a.id: a.segment_1 for a in ctx.snapshots(m.Account)}
    spend: list[tuple[str | None, Any, Decimal]] = []
    pos = {p.id: p for p in ctx.snapshots(m.PurchaseOrder)}
    for line in ctx.snapshots(m.OrderLine):
        po = pos.get(line.order_header_id)
        if po is not None and po.status in ("issued", "closed"):
            spend.append((accounts_cc.get(line.account_id), po.created_at.date(),
                          Decimal(line.total)))
    reqs = {r.id: r for r in ctx.snapshots(m.Requisition) if r.status == "pending_approval"}
    pending: list[tuple[str | None, Any, Decimal]] = []
    for rl in ctx.snapshots(m.RequisitionLine):
        r = reqs.get(rl.requisition_id)
        if r is not None:
            pending.append((accounts_cc.get(rl.account_id),
                            (r.submitted_at or r.created_at).date(), Decimal(rl.total)))

    def total(rows: list[tuple[str | None, Any, Decimal]], b: Any) -> Decimal:
        return sum((x for cc, day, x in rows if cc == b.segment_1
                    and b.period_start <= day <= b.period_end), Decimal(0))

    return [v.budget_line(b, refs, total(spend, b), total(pending, b))
            for b in ctx.snapshots(m.BudgetLine) if only in (None, b.id)]


def save_budget_line(ctx: Ctx, bid: int | None, body: BudgetLineIn) -> int:
    data = body.model_dump(exclude_unset=True)
    if bid is None:
        if body.amount is None or not body.segment_1 or body.period is None:
            raise invalid("amount, segment-1 and period are required.", field="budget_line")
        row = m.BudgetLine(id=ctx.next_id(m.BudgetLine), period_name="", amount="0",
                           period_start=ctx.now.date(), period_end=ctx.now.date(),
                           created_at=ctx.now, updated_at=ctx.now)
        ctx.session.add(row)
    else:
        row = get_or_404(ctx.session, m.BudgetLine, bid, what="budget line",
                         hint="see GET /api/budget_lines.")
    if body.period is not None:
        if body.period.id is not None:
            raise invalid("Budget periods have no id on this instance; name the period by "
                          "its name (as GET /api/budget_lines shows it).", field="period")
        if not body.period.name:
            raise invalid("period: send its name (e.g. 2026-03).", field="period")
        same = ctx.session.exec(sql_select(m.BudgetLine).where(
            m.BudgetLine.period_name == body.period.name)).first()
        if same is None:
            raise invalid(f"No budget period is named '{body.period.name[:40]}'; periods "
                          "are those of GET /api/budget_lines.", field="period")
        row.period_name, row.period_start, row.period_end = \
            same.period_name, same.period_start, same.period_end
    if body.amount is not None:
        row.amount = str(common.positive(body.amount, "amount", zero=True).quantize(CENT))
    copy_fields(row, data, ("description", "notes", "segment_1", "segment_2"))
    if body.owner is not None:
        owner = common.user(ctx, body.owner, "owner")
        row.owner_id = None if owner is None else owner.id
    row.updated_at = ctx.now
    ctx.commit()
    return row.id


def adjust_budget_line(ctx: Ctx, bid: int, body: BudgetAdjustIn) -> int:
    row = get_or_404(ctx.session, m.BudgetLine, bid, what="budget line",
                     hint="see GET /api/budget_lines.")
    if body.amount is None:
        raise invalid("amount (the adjustment) is required.", field="amount")
    new = Decimal(row.amount) + body.amount
    if new < 0:
        raise invalid(f"The adjustment would bring the budget to {new}; it cannot go below "
                      "zero.", field="amount")
    row.amount = str(new.quantize(CENT))
    if body.reason:
        row.notes = body.reason
    row.updated_at = ctx.now
    ctx.commit()
    return row.id
