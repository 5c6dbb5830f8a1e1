"""Running a payroll, Gusto's way: prepare, update, submit, cancel, delete and skip (the
amounts come from `calculation`, off-cycle payrolls from `off_cycle`).

Every write validates the whole request first, then writes, then commits once; a refused
request changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from sqlmodel import col, select

from arcadia.apps.kernel import Ctx, conflict, invalid, stale
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payroll_views as pv
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.calculation import refresh
from arcadia.apps.payroll.pay_service import get_payroll_row
from arcadia.apps.payroll.run_common import (
    GET_PAYROLLS,
    amount_input,
    echo,
    entries_of,
    hours_input,
    require_unblocked,
    require_unprocessed,
)
from arcadia.apps.payroll.service import get_company

# --- prepare and update ----------------------------------------------------------------


def prepare_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str,
                    body: s.PayrollPrepare, page: int, per: int, sort_by: str | None
                    ) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    require_unprocessed(row, "prepared")
    current = entries_of(ctx.session, row.uuid)
    plan = refresh(ctx.session, row, current)
    wanted = body.employee_uuids
    if wanted is not None:
        known = {r.employee_uuid for r in plan.entries(current)}
        missing = [u for u in wanted if u not in known]
        if missing:
            raise invalid(f"Employee {missing[0][:64]} is not on payroll {row.uuid}; its "
                          "employees are the employee_compensations of GET "
                          "/v1/companies/{company_id}/payrolls/{payroll_id}.",
                          "employee_uuids")
    plan.apply(ctx.session, pv.lines_of(ctx.session, row.uuid,
                                        [e.employee_uuid for e in current]))
    # Preparing drops any calculation: amounts must be recalculated before submitting.
    row.calculated_at = None
    ctx.session.add(row)
    ctx.commit()
    return echo(ctx, row, wanted, page=page, per=per, sort_by=sort_by)


def update_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str, body: s.PayrollUpdate
                   ) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    require_unprocessed(row, "updated")
    if not body.employee_compensations:
        raise invalid("employee_compensations must list at least one employee to update.",
                      "employee_compensations")
    off_cycle_only = {k: v for k, v in (
        ("withholding_pay_period", body.withholding_pay_period),
        ("skip_regular_deductions", body.skip_regular_deductions),
        ("fixed_withholding_rate", body.fixed_withholding_rate)) if v is not None}
    if off_cycle_only and not row.off_cycle:
        field = next(iter(off_cycle_only))
        raise invalid(f"{field} applies only to off-cycle payrolls; payroll {row.uuid} is a "
                      "regular payroll.", field)
    uuids = [e.employee_uuid for e in body.employee_compensations]
    dupes = sorted({u for u in uuids if uuids.count(u) > 1})
    if dupes:
        raise invalid(f"Employee {dupes[0][:64]} appears twice in employee_compensations; "
                      "send each employee once.", "employee_compensations")
    entries = {r.employee_uuid: r for r in entries_of(ctx.session, row.uuid, uuids)}
    missing = [u for u in uuids if u not in entries]
    if missing:
        raise invalid(f"Employee {missing[0][:64]} is not on payroll {row.uuid}. Only the "
                      "employees it lists can be updated (GET /v1/companies/{company_id}/"
                      "payrolls/{payroll_id}); add someone with an off-cycle payroll.",
                      "employee_compensations")
    lines = pv.lines_of(ctx.session, row.uuid, uuids)
    limit = Decimal(24 * ((row.end_date - row.start_date).days + 1))
    plans: list[tuple[m.PayrollEmployeeCompensation, s.EmployeeCompensationUpdate,
                      dict[tuple[str, str], Decimal]]] = []
    for i, change in enumerate(body.employee_compensations):
        entry = entries[change.employee_uuid]
        where = f"employee_compensations[{i}]"
        if change.version != pv.entry_version(entry, lines[entry.employee_uuid]):
            raise stale(f"You are attempting to update employee {entry.employee_uuid}'s "
                        f"compensation on payroll {row.uuid} using an out-of-date version. "
                        "Fetch the payroll again (GET or PUT .../prepare) and send the "
                        "entry's current version.", "base",
                        meta={"entity_type": "PayrollEmployeeCompensation",
                              "entity_uuid": entry.employee_uuid})
        plans.append((entry, change, entry_values(entry, change, lines[entry.employee_uuid],
                                             where, limit)))
    # Everything is valid: write.
    L = m.PayrollCompensationLine
    for entry, change, values in plans:
        if change.excluded is not None:
            entry.excluded = change.excluded
        if change.payment_method is not None:
            entry.payment_method = change.payment_method
        if change.memo is not None:
            entry.memo = change.memo.strip() or None
        current = {(ln.kind, ln.name): ln for ln in lines[entry.employee_uuid]}
        for (kind, name), value in values.items():
            line = current.get((kind, name))
            if value == 0 and not (kind == "hourly" and name == payrun.REGULAR_HOURS):
                if line is not None:
                    ctx.session.delete(line)
                continue
            if line is None:
                line = L(payroll_uuid=row.uuid, employee_uuid=entry.employee_uuid, kind=kind,
                         name=name, job_uuid=entry.job_uuid)
            if kind == "fixed":
                line.amount = payrun.text(value)
            else:
                line.hours, line.amount = str(value), None
            ctx.session.add(line)
        ctx.session.add(entry)
    if body.withholding_pay_period is not None:
        row.withholding_pay_period = body.withholding_pay_period
    if body.skip_regular_deductions is not None:
        row.skip_regular_deductions = body.skip_regular_deductions
    if body.fixed_withholding_rate is not None:
        row.fixed_withholding_rate = body.fixed_withholding_rate
    row.calculated_at = None  # a change voids the calculation
    ctx.session.add(row)
    ctx.commit()
    return echo(ctx, row, uuids)


def entry_values(entry: m.PayrollEmployeeCompensation, change: s.EmployeeCompensationUpdate,
            lines: Sequence[m.PayrollCompensationLine], where: str, limit: Decimal
            ) -> dict[tuple[str, str], Decimal]:
    """The validated hours and amounts one entry of an update sets, by (kind, name)."""
    out: dict[tuple[str, str], Decimal] = {}
    current = {(ln.kind, ln.name): ln for ln in lines}

    def job(job_uuid: str | None, field: str) -> None:
        if job_uuid is not None and job_uuid != entry.job_uuid:
            raise invalid(f"{field}: job {job_uuid[:64]} is not the job employee "
                          f"{entry.employee_uuid} is paid for on this payroll "
                          f"({entry.job_uuid}).", field)

    allowed = payrun.hourly_names(entry.flsa_status)
    for j, h in enumerate(change.hourly_compensations or ()):
        field = f"{where}.hourly_compensations[{j}]"
        if h.name not in allowed:
            raise invalid(f"{field}.name: {h.name[:100]!r} is not an hourly compensation of "
                          f"this {entry.flsa_status} employee; use one of "
                          f"{', '.join(allowed)}.", f"{field}.name")
        job(h.job_uuid, f"{field}.job_uuid")
        hours = hours_input(h.hours, f"{field}.hours", limit)
        if entry.flsa_status in payrun.SALARIED_FLSA:
            now = Decimal(current[("hourly", h.name)].hours or "0") if (
                "hourly", h.name) in current else Decimal(0)
            if hours != now:
                raise invalid(f"{field}.hours: employee {entry.employee_uuid} is salaried "
                              f"({entry.flsa_status}) and paid the salary whatever the "
                              "hours; pay extra with a fixed compensation (Bonus) instead.",
                              f"{field}.hours")
        out[("hourly", h.name)] = hours
    for j, f in enumerate(change.fixed_compensations or ()):
        field = f"{where}.fixed_compensations[{j}]"
        if f.name not in payrun.FIXED_COMPENSATIONS:
            raise invalid(f"{field}.name: {f.name[:100]!r} is not a fixed compensation; use "
                          f"one of {', '.join(payrun.FIXED_COMPENSATIONS)}.",
                          f"{field}.name")
        job(f.job_uuid, f"{field}.job_uuid")
        out[("fixed", f.name)] = amount_input(f.amount, f"{field}.amount")
    for j, t in enumerate(change.paid_time_off or ()):
        field = f"{where}.paid_time_off[{j}]"
        if t.name not in payrun.PAID_TIME_OFF:
            raise invalid(f"{field}.name: {t.name[:100]!r} is not a paid time off type; use "
                          f"one of {', '.join(payrun.PAID_TIME_OFF)}.", f"{field}.name")
        out[("paid_time_off", t.name)] = hours_input(t.hours, f"{field}.hours", limit)
    paid = {k: Decimal(ln.hours or "0") for k, ln in current.items() if ln.kind != "fixed"}
    paid.update({k: v for k, v in out.items() if k[0] != "fixed"})
    total = sum(paid.values(), Decimal(0))
    if total > limit:
        raise invalid(f"{where}: employee {entry.employee_uuid} would be paid {total} hours "
                      f"in a period of {limit} hours.",
                      f"{where}.hourly_compensations")
    return out


def submit_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str,
                   body: s.PayrollSubmit) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    require_unprocessed(row, "submitted again")
    require_unblocked(ctx.session, company_uuid)
    if row.calculated_at is None:
        raise conflict(f"Payroll {row.uuid} must be calculated before it is submitted: PUT "
                       "/v1/companies/{company_id}/payrolls/{payroll_id}/calculate, review "
                       "the amounts (GET with include=taxes,benefits,deductions), then "
                       "submit.", "base")
    for sel in body.submission_blockers:
        raise invalid(f"Payroll {row.uuid} has no submission blocker "
                      f"{sel.blocker_type[:100]!r}; send submission_blockers only for the "
                      "blockers GET shows (it shows none).", "submission_blockers")
    late = ctx.now > row.payroll_deadline
    if late:  # paid as soon as a payroll submitted now can be
        row.check_date = payrun.earliest_check_date(ctx.now.date())
    row.processed = True
    row.processed_date = ctx.now.date()
    ctx.session.add(row)
    ctx.commit()


def cancel_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> s.PayrollPublic:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    if not row.processed:
        raise conflict(f"Payroll {row.uuid} has not been processed, so there is nothing to "
                       "cancel; update it, or delete it if it is an off-cycle payroll.",
                       "base")
    if ctx.now >= row.payroll_deadline:
        raise conflict(f"Payroll {row.uuid} can no longer be cancelled: its deadline "
                       f"{row.payroll_deadline.isoformat()} has passed.", "base")
    entries = entries_of(ctx.session, row.uuid)
    for e in entries:  # cancelling puts every employee back on the payroll
        if e.excluded:
            e.excluded = False
            ctx.session.add(e)
    row.processed, row.processed_date, row.calculated_at = False, None, None
    ctx.session.add(row)
    ctx.commit()
    return pv.payroll_public(row, now=ctx.now, includes=("payroll_status_meta",))


def delete_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str) -> None:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    require_unprocessed(row, "deleted")
    if not row.off_cycle:
        raise conflict(f"Payroll {row.uuid} is the regular payroll of its pay period and "
                       "cannot be deleted; exclude employees from it instead.", "base")
    L = m.PayrollCompensationLine
    for line in ctx.session.exec(select(L).where(L.payroll_uuid == row.uuid)).all():
        ctx.session.delete(line)
    for e in entries_of(ctx.session, row.uuid):
        ctx.session.delete(e)
    ctx.session.delete(row)
    ctx.commit()


def skip_payroll(*, ctx: Ctx, company_uuid: str, body: s.PayrollSkip) -> None:
    """Skip a regular pay period: its payroll is processed at $0 (every employee excluded)."""
    company = get_company(ctx.session, company_uuid)
    if body.payroll_type != "Regular":
        raise invalid(f"There is no pending {body.payroll_type} payroll to skip; only a "
                      "Regular pay period's payroll can be skipped.", "payroll_type")
    if body.employee_uuids:
        raise invalid("employee_uuids applies only to new hire and termination payrolls.",
                      "employee_uuids")
    end = body.end_date or ctx.now.date()
    P = m.Payroll
    stmt = select(P).where(P.company_uuid == company.uuid, P.off_cycle == False,  # noqa: E712
                           P.processed == False, P.end_date >= end,  # noqa: E712
                           P.start_date <= end)
    if body.start_date is not None:
        stmt = stmt.where(P.start_date == body.start_date)
    if body.pay_schedule_uuid is not None:
        stmt = stmt.where(P.pay_schedule_uuid == body.pay_schedule_uuid)
    row = ctx.session.exec(stmt.order_by(col(P.start_date))).first()
    if row is None:
        raise invalid(f"No unprocessed regular payroll covers {end}"
                      + (f" from {body.start_date}" if body.start_date else "")
                      + f"; see {GET_PAYROLLS}.", "end_date")
    require_unblocked(ctx.session, company.uuid)
    zero = "0.00"
    for e in entries_of(ctx.session, row.uuid):
        e.excluded = True
        for field in ("gross_pay", "employee_taxes", "employer_taxes", "benefit_deductions",
                      "company_contributions", "net_pay", "check_amount", "reimbursements"):
            setattr(e, field, zero)
        ctx.session.add(e)
    row.calculated_at = ctx.now
    row.processed, row.processed_date = True, ctx.now.date()
    ctx.session.add(row)
    ctx.commit()
