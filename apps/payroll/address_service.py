"""Payroll's rules for an employee's effective-dated home addresses and payment method.

Keyword-only functions; writes validate everything, then write, then commit.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from arcadia.apps.kernel import Ctx, check_version, conflict, get_or_404, invalid
from arcadia.apps.payroll import models as m
from arcadia.apps.payroll import schemas as s
from arcadia.apps.payroll import views
from arcadia.apps.payroll.company_service import check_address, check_text, unchanged_zip
from arcadia.apps.payroll.service import get_employee

# --- home addresses ------------------------------------------------------------------------


def _homes(session: Session, employee_uuid: str) -> list[m.HomeAddress]:
    return list(session.exec(select(m.HomeAddress)
                             .where(m.HomeAddress.employee_uuid == employee_uuid)
                             .order_by(col(m.HomeAddress.effective_date),
                                       col(m.HomeAddress.uuid))).all())


def _public(session: Session, row: m.HomeAddress, today: Any) -> s.HomeAddressPublic:
    current = views.current_home(_homes(session, row.employee_uuid), today)
    return views.home_address(row, current is not None and current.uuid == row.uuid)


def get_home_row(session: Session, home_address_uuid: str) -> m.HomeAddress:
    return get_or_404(session, m.HomeAddress, home_address_uuid, what="Home address",
                      hint="List an employee's home addresses with GET "
                      "/v1/employees/{employee_id}/home_addresses.")


def list_home_addresses(*, ctx: Ctx, employee_uuid: str) -> list[s.HomeAddressPublic]:
    get_employee(ctx.session, employee_uuid)
    rows = _homes(ctx.session, employee_uuid)
    current = views.current_home(rows, ctx.now.date())
    return [views.home_address(r, current is not None and r.uuid == current.uuid)
            for r in rows]


def home_address_public(*, ctx: Ctx, home_address_uuid: str) -> s.HomeAddressPublic:
    return _public(ctx.session, get_home_row(ctx.session, home_address_uuid), ctx.now.date())


def _check_home(values: dict[str, Any]) -> dict[str, Any]:
    for field in ("street_1", "city", "state", "zip", "effective_date",
                  "courtesy_withholding"):
        if field in values and values[field] is None:
            raise invalid(f"{field} cannot be null; leave it out to keep it.", field)
    for field in ("street_1", "city"):
        if field in values:
            values[field] = check_text(field, values[field])
    if values.get("street_2") is not None:
        values["street_2"] = values["street_2"].strip() or None
    check_address(state=values.get("state"), zip_code=values.get("zip"))
    return values


# An employee's home and work addresses are both effective-dated: one per day at most, and
# the one in effect today is never deleted (a new one replaces it).
_KIND: dict[type[Any], str] = {m.HomeAddress: "home", m.WorkAddress: "work"}


def date_free(session: Session, model: type[m.HomeAddress] | type[m.WorkAddress],
              employee_uuid: str, day: Any, exclude: str | None) -> None:
    """An `invalid` error if the employee has another address of this kind dated `day`."""
    kind, table = _KIND[model], model
    clash = session.exec(select(table).where(
        table.employee_uuid == employee_uuid, table.effective_date == day,
        table.uuid != (exclude or ""))).first()
    if clash is not None:
        raise invalid(f"The employee already has {kind} address {clash.uuid} effective {day}; "
                      f"update that one with PUT /v1/{kind}_addresses/{{{kind}_address_uuid}} "
                      "or pick another date.", "effective_date")


def delete_unless_active(ctx: Ctx, row: m.HomeAddress | m.WorkAddress,
                         active: m.HomeAddress | m.WorkAddress | None) -> None:
    """Delete a past or future address; Gusto never deletes the one in effect today."""
    kind = _KIND[type(row)]
    if active is not None and active.uuid == row.uuid:
        raise conflict(f"{kind.capitalize()} address {row.uuid} is the employee's active "
                       f"{kind} address and cannot be deleted; add the new one with POST "
                       f"/v1/employees/{{employee_id}}/{kind}_addresses instead.")
    ctx.session.delete(row)
    ctx.commit()


def create_home_address(*, ctx: Ctx, employee_uuid: str, body: s.HomeAddressCreate
                        ) -> s.HomeAddressPublic:
    emp = get_employee(ctx.session, employee_uuid)
    values = _check_home(body.model_dump())
    values["effective_date"] = values["effective_date"] or ctx.now.date()
    date_free(ctx.session, m.HomeAddress, emp.uuid, values["effective_date"], None)
    row = m.HomeAddress(uuid=ctx.new_uuid("home_address"), employee_uuid=emp.uuid,
                        country="USA", created_at=ctx.now, **values)
    ctx.session.add(row)
    ctx.commit()
    return _public(ctx.session, row, ctx.now.date())


def update_home_address(*, ctx: Ctx, home_address_uuid: str, body: s.HomeAddressUpdate
                        ) -> s.HomeAddressPublic:
    row = get_home_row(ctx.session, home_address_uuid)
    check_version("Home address", row.uuid, body.version,
                        views.version_of("home_address", row))
    values = _check_home(unchanged_zip(body.model_dump(exclude_unset=True,
                                                       exclude={"version"})))
    if "effective_date" in values:
        date_free(ctx.session, m.HomeAddress, row.employee_uuid, values["effective_date"], row.uuid)
    for field, value in values.items():
        setattr(row, field, value)
    ctx.session.add(row)
    ctx.commit()
    return _public(ctx.session, row, ctx.now.date())


def delete_home_address(*, ctx: Ctx, home_address_uuid: str) -> None:
    row = get_home_row(ctx.session, home_address_uuid)
    delete_unless_active(ctx, row, views.current_home(_homes(ctx.session, row.employee_uuid),
                                                      ctx.now.date()))


# --- payment method --------------------------------------------------------------------------


def _accounts(session: Session, employee_uuid: str) -> list[m.BankAccount]:
    return list(session.exec(select(m.BankAccount)
                             .where(m.BankAccount.employee_uuid == employee_uuid)
                             .order_by(col(m.BankAccount.created_at),
                                       col(m.BankAccount.uuid))).all())


def payment_method_public(*, ctx: Ctx, employee_uuid: str) -> s.PaymentMethodPublic:
    emp = get_employee(ctx.session, employee_uuid)
    return views.payment_method(emp, _accounts(ctx.session, emp.uuid))


def _check_splits(body: s.PaymentMethodUpdate, accounts: dict[str, m.BankAccount]
                  ) -> list[s.SplitIn]:
    if not accounts:
        raise conflict("The employee has no bank account; add one with POST "
                       "/v1/employees/{employee_id}/bank_accounts before choosing Direct "
                       "Deposit.")
    if body.split_by is None:
        raise invalid("split_by is required for Direct Deposit: Percentage or Amount.",
                      "split_by")
    splits = body.splits or []
    if not splits:
        raise invalid("splits is required for Direct Deposit: list each bank account as "
                      "{\"uuid\", \"priority\", \"split_amount\"}.", "splits")
    unknown = [sp.uuid for sp in splits if sp.uuid not in accounts]
    if unknown:
        raise invalid(f"{', '.join(unknown)} is not a bank account of this employee; list "
                      "them with GET /v1/employees/{employee_id}/bank_accounts.", "splits")
    if len({sp.uuid for sp in splits}) != len(splits):
        raise invalid("Each bank account may appear in splits only once.", "splits")
    ordered = sorted(splits, key=lambda sp: sp.priority)
    if [sp.priority for sp in ordered] != list(range(1, len(ordered) + 1)):
        raise invalid("Split priorities must be 1, 2, ... with no gaps or repeats.", "splits")
    if body.split_by == "Percentage":
        if any(sp.split_amount is None for sp in ordered):
            raise invalid("Every split needs a split_amount (a percent) when split_by is "
                          "Percentage.", "splits")
        total = sum(sp.split_amount or 0 for sp in ordered)
        if total != 100:
            raise invalid(f"Percentage splits must add up to 100; these add up to {total}.",
                          "splits")
    else:
        if ordered[-1].split_amount is not None:
            raise invalid("With split_by Amount the last split (highest priority number) "
                          "takes the remainder: send its split_amount as null.", "splits")
        if any(sp.split_amount is None for sp in ordered[:-1]):
            raise invalid("With split_by Amount every split but the last needs a "
                          "split_amount in cents.", "splits")
    return ordered


def update_payment_method(*, ctx: Ctx, employee_uuid: str, body: s.PaymentMethodUpdate
                          ) -> s.PaymentMethodPublic:
    emp = get_employee(ctx.session, employee_uuid)
    rows = _accounts(ctx.session, emp.uuid)
    check_version("Payment method", emp.uuid, body.version,
                        views.payment_method(emp, rows).version)
    if body.type == "Check":
        if body.splits:
            raise invalid("A Check payment method takes no splits; leave splits out.",
                          "splits")
        emp.payment_method = "Check"
        ctx.session.add(emp)
        ctx.commit()
        return views.payment_method(emp, rows)
    accounts = {a.uuid: a for a in rows}
    ordered = _check_splits(body, accounts)
    chosen = {sp.uuid: sp for sp in ordered}
    for account in rows:
        sp = chosen.get(account.uuid)
        account.priority = None if sp is None else sp.priority
        account.split_amount = None if sp is None else sp.split_amount
        ctx.session.add(account)
    emp.payment_method = "Direct Deposit"
    emp.payment_split_by = body.split_by
    ctx.session.add(emp)
    ctx.commit()
    return views.payment_method(emp, rows)
