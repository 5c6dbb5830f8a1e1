"""Payroll's rules for pay schedules, processed payrolls, pay stubs, bank accounts and
benefits. Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from arcadia.apps.kernel import (
    Ctx,
    Page,
    conflict,
    invalid,
    not_found,
    paginate,
    parse_list,
    seed_uuid,
)
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import payroll_views, payrun, views
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll.service import get_company, get_employee, parse_includes

PAYROLL_INCLUDES = ("taxes", "payroll_status_meta", "totals", "risk_blockers", "reversals")
PAYROLL_GET_INCLUDES = ("benefits", "deductions", "taxes", "payroll_status_meta", "totals",
                        "risk_blockers", "reversals", "payroll_taxes")
UPCOMING_DAYS = 92  # Gusto lists payrolls up to three months ahead
_SORT_BY = re.compile(r"^(first_name|last_name)(:(asc|desc))?"
                      r"(,(first_name|last_name)(:(asc|desc))?)*$")
PROCESSING_STATUSES = ("processed", "unprocessed")
PAYROLL_TYPES = ("regular", "off_cycle", "external")


def list_pay_schedules(*, session: Session, company_uuid: str) -> list[s.PaySchedulePublic]:
    get_company(session, company_uuid)
    rows = session.exec(select(m.PaySchedule).where(m.PaySchedule.company_uuid == company_uuid)
                        .order_by(col(m.PaySchedule.uuid))).all()
    return [views.pay_schedule(r) for r in rows]


# --- payrolls ----------------------------------------------------------------------------


def _csv(field: str, value: str | None, allowed: Sequence[str], default: Sequence[str]
         ) -> set[str]:
    return set(parse_list(value, field, allowed=allowed)) or set(default)


def list_payrolls(*, ctx: Ctx, company_uuid: str, processing_statuses: str | None,
                  payroll_types: str | None, processed: bool | None,
                  include_off_cycle: bool | None, include: str | None,
                  start_date: date | None, end_date: date | None,
                  date_filter_by: str | None, sort_order: str | None, page: int, per: int
                  ) -> tuple[list[s.PayrollPublic], Page[m.Payroll]]:
    get_company(ctx.session, company_uuid)
    statuses = _csv("processing_statuses", processing_statuses, PROCESSING_STATUSES,
                    ("processed",))
    if processed is not None:
        statuses = {"processed" if processed else "unprocessed"}
    types = _csv("payroll_types", payroll_types, PAYROLL_TYPES, ("regular",))
    if include_off_cycle:
        types.add("off_cycle")
    includes = parse_includes(include, PAYROLL_INCLUDES)
    if date_filter_by not in (None, "check_date"):
        raise invalid("date_filter_by accepts only check_date "
                      "(leave it out to filter by pay period).", "date_filter_by")
    if sort_order not in (None, "asc", "desc"):
        raise invalid("sort_order is asc or desc.", "sort_order")
    today = ctx.now.date()
    horizon = today + timedelta(days=UPCOMING_DAYS)
    if end_date is not None and end_date > horizon:
        raise invalid(f"end_date can be at most 3 months ahead ({horizon}).", "end_date")
    end = end_date or today
    if start_date is not None and start_date > end:
        raise invalid(f"start_date {start_date} is after end_date {end}.", "start_date")
    P = m.Payroll
    stmt = select(P).where(P.company_uuid == company_uuid,
                           col(P.processed).in_([st == "processed" for st in statuses]))
    kinds = []
    if "regular" in types:
        kinds.append((P.off_cycle == False) & (P.external == False))  # noqa: E712
    if "off_cycle" in types:
        kinds.append(P.off_cycle == True)  # noqa: E712
    if "external" in types:
        kinds.append(P.external == True)  # noqa: E712
    stmt = stmt.where(or_(*kinds))
    # Without an end_date, processed payrolls end by today and unprocessed ones (the
    # upcoming payrolls) up to three months ahead, as Gusto lists them.
    upcoming = horizon if end_date is None else end
    field = P.check_date if date_filter_by == "check_date" else P.end_date
    stmt = stmt.where(or_((P.processed == True) & (field <= end),  # noqa: E712
                          (P.processed == False) & (field <= upcoming)))  # noqa: E712
    if start_date is not None:
        stmt = stmt.where((P.check_date if date_filter_by == "check_date" else P.start_date)
                          >= start_date)
    order = col(P.check_date).desc() if sort_order == "desc" else col(P.check_date).asc()
    result = paginate(ctx.session, stmt.order_by(order, col(P.uuid)), page=page, per=per)
    sums = payroll_views.totals(ctx.session, result.items) if "totals" in includes else {}
    return [payroll_views.payroll_public(p, now=ctx.now, includes=includes,
                                         totals=sums.get(p.uuid), session=ctx.session)
            for p in result.items], result


def get_payroll_row(session: Session, company_uuid: str, payroll_uuid: str) -> m.Payroll:
    get_company(session, company_uuid)
    row = session.get(m.Payroll, payroll_uuid)
    if row is None or row.company_uuid != company_uuid:
        raise not_found(f"Payroll {payroll_uuid} was not found. List the company's payrolls "
                        "with GET /v1/companies/{company_id}/payrolls "
                        "(processing_statuses=unprocessed for upcoming ones).",
                        meta={"entity_type": "Payroll", "entity_uuid": payroll_uuid})
    return row


def payroll_by_uuid(session: Session, payroll_uuid: str) -> m.Payroll:
    row = session.get(m.Payroll, payroll_uuid)
    if row is None:
        raise not_found(f"Payroll {payroll_uuid[:64]} was not found. List the company's "
                        f"payrolls with GET /v1/companies/{{company_id}}/payrolls.",
                        meta={"entity_type": "Payroll", "entity_uuid": payroll_uuid[:64]})
    return row


def entries_page(ctx: Ctx, row: m.Payroll, *, sort_by: str | None, page: int, per: int,
                 employee_uuids: Sequence[str] | None = None
                 ) -> Page[m.PayrollEmployeeCompensation]:
    """One page of a payroll's employee compensations, sorted as Gusto's `sort_by` says."""
    if sort_by is not None and not _SORT_BY.match(sort_by):
        raise invalid("sort_by is first_name or last_name, optionally with :asc or :desc, "
                      "comma separated (e.g. last_name:asc,first_name:asc).", "sort_by")
    PEC, E = m.PayrollEmployeeCompensation, m.Employee
    stmt = (select(PEC).join(E, col(E.uuid) == col(PEC.employee_uuid))
            .where(PEC.payroll_uuid == row.uuid))
    if employee_uuids is not None:
        stmt = stmt.where(col(PEC.employee_uuid).in_(employee_uuids))
    keys = [k.partition(":") for k in (sort_by or "last_name,first_name").split(",")]
    for name, _, direction in keys:
        column = col(E.first_name) if name == "first_name" else col(E.last_name)
        stmt = stmt.order_by(column.desc() if direction == "desc" else column.asc())
    return paginate(ctx.session, stmt.order_by(col(PEC.employee_uuid)), page=page, per=per)


def get_payroll(*, ctx: Ctx, company_uuid: str, payroll_uuid: str, include: str | None,
                sort_by: str | None, page: int, per: int
                ) -> tuple[s.PayrollPublic, Page[m.PayrollEmployeeCompensation]]:
    row = get_payroll_row(ctx.session, company_uuid, payroll_uuid)
    includes = parse_includes(include, PAYROLL_GET_INCLUDES)
    result = entries_page(ctx, row, sort_by=sort_by, page=page, per=per)
    comps = payroll_views.employee_compensations(ctx.session, row, result.items, includes)
    sums = payroll_views.totals(ctx.session, [row]).get(row.uuid)
    return payroll_views.payroll_public(row, now=ctx.now, includes=includes, totals=sums,
                                        employee_compensations=comps,
                                        session=ctx.session), result


def list_pay_stubs(*, ctx: Ctx, employee_uuid: str) -> list[s.PayStub]:
    get_employee(ctx.session, employee_uuid)
    PEC, P = m.PayrollEmployeeCompensation, m.Payroll
    rows = ctx.session.exec(select(PEC, P).join(P, col(P.uuid) == col(PEC.payroll_uuid))
                            .where(PEC.employee_uuid == employee_uuid,
                                   P.processed == True, PEC.excluded == False)  # noqa: E712
                            .order_by(col(P.check_date).desc(), col(P.uuid))).all()
    return [s.PayStub(uuid=pay_stub_uuid(p.uuid, employee_uuid), payroll_uuid=p.uuid,
                      check_date=p.check_date.isoformat(),
                      pay_period=s.PayPeriod(start_date=p.start_date.isoformat(),
                                             end_date=p.end_date.isoformat(),
                                             pay_schedule_uuid=p.pay_schedule_uuid),
                      gross_pay=r.gross_pay, net_pay=r.net_pay, check_amount=r.check_amount,
                      payment_method=r.payment_method) for r, p in rows]


def pay_stub_uuid(payroll_uuid: str, employee_uuid: str) -> str:
    """A pay stub's own UUID: one per employee and payroll, the same in every episode."""
    return seed_uuid("payroll", "pay_stub", f"{payroll_uuid}:{employee_uuid}")


# --- receipts ---------------------------------------------------------------------------


def receipt(*, ctx: Ctx, payroll_uuid: str) -> s.PayrollReceipt:
    """A processed payroll's receipt: what was debited, paid and withheld."""
    row = payroll_by_uuid(ctx.session, payroll_uuid)
    if not row.processed:
        raise conflict(f"Payroll {row.uuid} has not been processed; a receipt exists once "
                       "it is submitted.", "base")
    company = get_company(ctx.session, row.company_uuid)
    totals = payroll_views.totals(ctx.session, [row])[row.uuid]
    PEC, E = m.PayrollEmployeeCompensation, m.Employee
    pairs = ctx.session.exec(select(PEC, E).join(E, col(E.uuid) == col(PEC.employee_uuid))
                             .where(PEC.payroll_uuid == row.uuid,
                                    PEC.excluded == False)  # noqa: E712
                             .order_by(col(E.last_name), col(E.first_name),
                                       col(E.uuid))).all()
    by_tax: dict[str, Decimal] = {}
    people = []
    for r, e in pairs:
        taxes = payroll_views.employee_taxes(row, r)
        for name, _, amount in taxes:
            by_tax[name] = by_tax.get(name, Decimal(0)) + amount
        people.append(s.ReceiptEmployeeCompensation(
            employee_uuid=r.employee_uuid, employee_first_name=e.first_name,
            employee_last_name=e.last_name, payment_method=r.payment_method,
            net_pay=r.net_pay, total_tax=payrun.text(sum((a for _, _, a in taxes),
                                                         Decimal(0))),
            total_garnishments="0.00", child_support_garnishment="0.00",
            total_reimbursement=r.reimbursements))
    return s.PayrollReceipt(
        payroll_uuid=row.uuid, company_uuid=row.company_uuid, name_of_sender=company.name,
        name_of_recipient="Payroll Recipients",
        recipient_notice="The recipients are the employees listed below and the tax "
        "agencies of the taxes listed below.",
        debit_date=(row.processed_date or row.check_date).isoformat(),
        license="The payroll processor is a licensed money transmitter.",
        license_uri="https://gusto.com/about/licenses",
        right_to_refund="https://gusto.com/about/licenses",
        liability_of_licensee="https://gusto.com/about/licenses",
        totals=s.ReceiptTotals(company_debit=totals.company_debit,
                               net_pay_debit=totals.net_pay_debit,
                               child_support_debit=totals.child_support_debit,
                               reimbursement_debit=totals.reimbursement_debit,
                               tax_debit=totals.tax_debit),
        taxes=[s.ReceiptTax(name=n, amount=payrun.text(a)) for n, a in sorted(by_tax.items())],
        employee_compensations=people,
        licensee=s.Licensee(name="Gusto, Zenpayroll Inc.", address="525 20th St",
                            city="San Francisco", state="CA", postal_code="94107",
                            phone_number="4157778888"))



# --- bank accounts ---------------------------------------------------------------------


def list_bank_accounts(*, ctx: Ctx, employee_uuid: str, page: int, per: int
                       ) -> tuple[list[s.BankAccountPublic], Page[m.BankAccount]]:
    get_employee(ctx.session, employee_uuid)
    stmt = (select(m.BankAccount).where(m.BankAccount.employee_uuid == employee_uuid)
            .order_by(col(m.BankAccount.created_at), col(m.BankAccount.uuid)))
    result = paginate(ctx.session, stmt, page=page, per=per)
    return [views.bank_account(b) for b in result.items], result


def routing_number_valid(number: str) -> bool:
    """ABA routing numbers: 9 digits whose 3-7-1 weighted sum is a multiple of 10."""
    if len(number) != 9 or not number.isdigit():
        return False
    d = [int(c) for c in number]
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0


def create_bank_account(*, ctx: Ctx, employee_uuid: str, body: s.BankAccountCreate
                        ) -> s.BankAccountPublic:
    emp = get_employee(ctx.session, employee_uuid)
    name = body.name.strip()
    if not name:
        raise invalid("name cannot be blank.", "name")
    routing = body.routing_number.strip()
    if not routing_number_valid(routing):
        raise invalid(f"Routing number {body.routing_number!r} is not a valid 9-digit ABA "
                      "routing number (its check digit fails).", "routing_number")
    account = body.account_number.strip()
    if not (account.isdigit() and 4 <= len(account) <= 17):
        raise invalid("account_number must be 4 to 17 digits.", "account_number")
    uuid = ctx.new_uuid("bank_account")
    row = m.BankAccount(uuid=uuid, employee_uuid=emp.uuid, name=name, routing_number=routing,
                        account_number=account, account_type=body.account_type,
                        created_at=ctx.now)
    ctx.session.add(row)
    # Gusto: adding a bank account makes direct deposit the employee's payment method.
    emp.payment_method = "Direct Deposit"
    ctx.session.add(emp)
    ctx.commit()
    return views.bank_account(row)


# --- benefits ----------------------------------------------------------------------------


def list_company_benefits(*, session: Session, company_uuid: str, active: bool | None,
                          enrollment_count: bool | None, today: date
                          ) -> list[s.CompanyBenefitPublic]:
    get_company(session, company_uuid)
    stmt = select(m.CompanyBenefit).where(m.CompanyBenefit.company_uuid == company_uuid)
    if active is not None:
        stmt = stmt.where(m.CompanyBenefit.active == active)
    rows = session.exec(stmt.order_by(col(m.CompanyBenefit.benefit_type),
                                      col(m.CompanyBenefit.description))).all()
    counts: dict[str, int] = {}
    if enrollment_count:
        EB = m.EmployeeBenefit
        gone = select(m.Termination.uuid).where(m.Termination.employee_uuid == EB.employee_uuid,
                                                m.Termination.effective_date <= today).exists()
        counts = dict(session.exec(select(EB.company_benefit_uuid, func.count())
                                   .where(EB.active == True, ~gone)  # noqa: E712
                                   .group_by(col(EB.company_benefit_uuid))).all())
    return [views.company_benefit(r, counts.get(r.uuid, 0) if enrollment_count else None)
            for r in rows]


def list_employee_benefits(*, session: Session, employee_uuid: str
                           ) -> list[s.EmployeeBenefitPublic]:
    get_employee(session, employee_uuid)
    rows = session.exec(select(m.EmployeeBenefit)
                        .where(m.EmployeeBenefit.employee_uuid == employee_uuid)
                        .order_by(col(m.EmployeeBenefit.effective_date),
                                  col(m.EmployeeBenefit.uuid))).all()
    return [views.employee_benefit(r) for r in rows]
