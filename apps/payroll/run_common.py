"""What the payroll-run modules share: input parsing (hours, dollars), lookups, the
unprocessed and blocker rules, and the Payroll-Prepared echo of changed entries."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, conflict, invalid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payroll_views as pv
from arcadia.apps.payroll import payrun
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.pay_service import entries_page
from arcadia.apps.payroll.service import get_company

_HOURS = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,3})?$")
_AMOUNT = re.compile(r"^[0-9]{1,7}(\.[0-9]{1,2})?$")
GET_PAYROLLS = "GET /v1/companies/{company_id}/payrolls?processing_statuses=unprocessed"


def hours_input(text: str, field: str, limit: Decimal) -> Decimal:
    """Hours as Gusto takes them: a decimal string, at most 3 decimals, bounded."""
    value = text.strip()
    if not _HOURS.match(value):
        raise invalid(f"{field} must be a number of hours such as \"86.667\" (0 or more, at "
                      f"most 3 decimals); got {value[:40]!r}.", field)
    hours = Decimal(value)
    if hours > limit:
        raise invalid(f"{field} is {hours} hours, more than the {limit} hours in the pay "
                      "period (24 a day).", field)
    return hours.quantize(payrun.HOURS)


def amount_input(text: str, field: str) -> Decimal:
    value = text.strip()
    if not _AMOUNT.match(value):
        raise invalid(f"{field} must be a dollar amount such as \"500.00\" (0 or more, at "
                      f"most 2 decimals, below 10,000,000); got {value[:40]!r}.", field)
    return payrun.money(Decimal(value))


def require_unprocessed(row: m.Payroll, doing: str) -> None:
    if row.processed:
        raise conflict(f"Payroll {row.uuid} has been processed, so it cannot be {doing}. A "
                       "processed payroll can only be cancelled (PUT .../cancel) before its "
                       f"deadline, {row.payroll_deadline.isoformat()}.", "base")


def entries_of(session: Session, payroll_uuid: str, employee_uuids: Sequence[str] | None = None
             ) -> list[m.PayrollEmployeeCompensation]:
    PEC = m.PayrollEmployeeCompensation
    stmt = select(PEC).where(PEC.payroll_uuid == payroll_uuid)
    if employee_uuids is not None:
        stmt = stmt.where(col(PEC.employee_uuid).in_(employee_uuids))
    return list(session.exec(stmt.order_by(col(PEC.employee_uuid))).all())


def echo(ctx: Ctx, row: m.Payroll, employee_uuids: Sequence[str] | None, *, page: int = 1,
          per: int = 100, sort_by: str | None = None) -> s.PayrollPublic:
    result = entries_page(ctx, row, sort_by=sort_by, page=page, per=per,
                          employee_uuids=employee_uuids)
    comps = pv.employee_compensations(ctx.session, row, result.items, ())
    return pv.prepared(row, now=ctx.now, employee_compensations=comps)


# --- blockers ----------------------------------------------------------------------------


def blockers(session: Session, company: m.Company) -> list[s.PayrollBlocker]:
    """What stops the company running any payroll (Gusto's payroll blockers)."""
    out = []
    if company.company_status == "Suspended":
        out.append(s.PayrollBlocker(key="suspended", message="Company is suspended and "
                                    "cannot run payroll."))
    elif company.company_status != "Approved":
        out.append(s.PayrollBlocker(key="pending_payroll_review", message="Company must be "
                                    "approved before it can run payroll."))
    schedule = session.exec(select(m.PaySchedule.uuid).where(
        m.PaySchedule.company_uuid == company.uuid, m.PaySchedule.active == True)  # noqa: E712
        ).first()
    if schedule is None:
        out.append(s.PayrollBlocker(key="missing_pay_schedule", message="Company must set up "
                                    "a pay schedule in order to run payroll."))
    return out


def list_blockers(*, ctx: Ctx, company_uuid: str) -> list[s.PayrollBlocker]:
    return blockers(ctx.session, get_company(ctx.session, company_uuid))


def require_unblocked(session: Session, company_uuid: str) -> None:
    found = blockers(session, get_company(session, company_uuid))
    if found:
        raise conflict(f"The company cannot run payroll: {found[0].message} (see GET "
                       "/v1/companies/{company_id}/payrolls/blockers).", "base",
                       meta={"key": found[0].key})



def job_states(session: Session, job_uuids: Sequence[str]) -> dict[str, str]:
    """Each job's work state (its location's), which sets the state tax withheld."""
    J, Lc = m.Job, m.Location
    return dict(session.exec(select(J.uuid, Lc.state)
                             .join(Lc, col(Lc.uuid) == col(J.location_uuid))
                             .where(col(J.uuid).in_(job_uuids))).all())
