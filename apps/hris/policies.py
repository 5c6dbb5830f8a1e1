"""Time off policies, their assignment to employees, and the time off history.

A policy says how a time off type's balance grows: `accruing`, `manual` or
`discretionary` (unlimited: no balance is kept, so none can be adjusted). An employee holds
at most one policy per time off type, accruing from its `accrualStartDate`.

History items are `used` (an approved request's time off, recorded in history once) or
`override` (a balance adjustment: the amount is added to the balance, negative takes
away). BambooHR records a balance adjustment as an `override` item, so both writes land
in the one `time_off_history` table.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlmodel import Session, col, select

from arcadia.apps.hris.fields import parse_date
from arcadia.apps.hris.models import (
    Employee,
    EmployeeTimeOffPolicy,
    TimeOffHistory,
    TimeOffPolicy,
    TimeOffRequest,
    TimeOffType,
)
from arcadia.apps.hris.schemas import (
    TimeOffBalanceAdjustmentIn,
    TimeOffHistoryIn,
    TimeOffPolicyAssignment,
)
from arcadia.apps.hris.service import SENSITIVE_ROLES, employee_ref, get_employee_row
from arcadia.apps.kernel import Ctx, conflict, forbidden, invalid, iso

POLICY_TYPES = ("accruing", "manual", "discretionary")
EVENT_TYPES = ("used", "override")
# One request assigns at most this many policies (an employee holds one per type).
MAX_ASSIGNMENTS = 50
# The largest adjustment one history item may make, per unit of the time off type: a year.
MAX_ADJUSTMENT = {"days": Decimal(366), "hours": Decimal(366 * 24)}


def _amount_text(value: Decimal | float) -> str:
    number = Decimal(str(value)).normalize()
    return format(number, "f")


def _visible(ctx: Ctx, emp: Employee) -> bool:
    """HR, the employee and their supervisor see an employee's time off."""
    return (ctx.principal.has_any(SENSITIVE_ROLES) or emp.id == ctx.principal.id
            or emp.supervisor_eid == ctx.principal.id)


# -- policies -------------------------------------------------------------------------------


def list_policies(*, ctx: Ctx) -> list[dict[str, Any]]:
    """Every time off policy, alphabetically by name (BambooHR's order)."""
    policies = ctx.session.exec(select(TimeOffPolicy)).all()
    return [{"id": p.id, "timeOffTypeId": p.type_id, "name": p.name, "effectiveDate": None,
             "type": p.policy_type} for p in sorted(policies, key=lambda p: (p.name, p.id))]


def assigned_policies(session: Session, *, employee_id: int
                      ) -> list[tuple[TimeOffPolicy, date]]:
    """The policies an employee holds with their accrual start dates, by time off type."""
    rows = session.exec(select(EmployeeTimeOffPolicy, TimeOffPolicy).where(
        EmployeeTimeOffPolicy.employee_id == employee_id,
        EmployeeTimeOffPolicy.policy_id == TimeOffPolicy.id).order_by(
        col(EmployeeTimeOffPolicy.type_id), col(EmployeeTimeOffPolicy.policy_id))).all()
    return [(policy, link.accrual_start_date) for link, policy in rows]


def _assignments_json(session: Session, employee_id: int, *, every: bool
                      ) -> list[dict[str, Any]]:
    """BambooHR's v1 list holds the accruing policies only; v1.1 (`every`) lists manual and
    discretionary ones too, with a null accrualStartDate (they do not accrue)."""
    return [{"timeOffPolicyId": policy.id, "timeOffTypeId": policy.type_id,
             "accrualStartDate": iso(start) if policy.policy_type == "accruing" else None}
            for policy, start in assigned_policies(session, employee_id=employee_id)
            if every or policy.policy_type == "accruing"]


def employee_policies(*, ctx: Ctx, employee_id: int, every: bool = False
                      ) -> list[dict[str, Any]]:
    """The policies assigned to an employee (accruing ones only unless `every`)."""
    emp = get_employee_row(ctx.session, employee_ref(ctx, employee_id))
    if not _visible(ctx, emp):
        raise forbidden(f"{ctx.principal.name} may not see the time off policies of employee "
                        f"{emp.id}: only the employee, their supervisor and HR may.")
    return _assignments_json(ctx.session, emp.id, every=every)


def _policy_options(policies: dict[int, TimeOffPolicy]) -> str:
    return ", ".join(f"{p.id} ({p.name}, {p.policy_type})" for p in policies.values())


def assign_policies(*, ctx: Ctx, employee_id: int, body: list[TimeOffPolicyAssignment],
                    every: bool = False) -> list[dict[str, Any]]:
    """Assign policies (accruing from a date) or remove them (a null date); at most one
    policy per time off type. Returns the employee's policies (accruing ones only unless
    `every`)."""
    session = ctx.session
    emp = get_employee_row(session, employee_ref(ctx, employee_id))
    if not body:
        raise invalid("The body must list at least one {\"timeOffPolicyId\", "
                      "\"accrualStartDate\"} item.", "timeOffPolicyId")
    if len(body) > MAX_ASSIGNMENTS:
        raise invalid(f"Assign at most {MAX_ASSIGNMENTS} policies in one request; got "
                      f"{len(body)}.", "timeOffPolicyId")
    if emp.hire_date is None:
        raise invalid(f"Employee {emp.id} has no hire date; set hireDate before assigning "
                      "time off policies.", "hireDate")
    policies = {p.id: p for p in session.exec(select(TimeOffPolicy).order_by(
        col(TimeOffPolicy.id))).all()}
    wanted: dict[int, date | None] = {}
    for item in body:
        policy = policies.get(item.timeOffPolicyId)
        if policy is None:
            raise invalid(f"timeOffPolicyId {item.timeOffPolicyId} is not a time off policy; "
                          f"use one of: {_policy_options(policies)} (GET "
                          "/meta/time_off/policies).", "timeOffPolicyId")
        if policy.id in wanted:
            raise invalid(f"timeOffPolicyId {policy.id} is listed twice; list each policy "
                          "once.", "timeOffPolicyId")
        wanted[policy.id] = (None if item.accrualStartDate is None
                             else parse_date(item.accrualStartDate, "accrualStartDate"))
    held = {link.policy_id: link for link in session.exec(select(EmployeeTimeOffPolicy).where(
        EmployeeTimeOffPolicy.employee_id == emp.id)).all()}
    after = {pid: link.type_id for pid, link in held.items() if wanted.get(pid, 0) is not None}
    after.update({pid: policies[pid].type_id for pid, on in wanted.items() if on is not None})
    by_type: dict[int, list[int]] = {}
    for pid, type_id in sorted(after.items()):
        by_type.setdefault(type_id, []).append(pid)
    for type_id, pids in by_type.items():
        if len(pids) > 1:
            names = " and ".join(f"{pid} ({policies[pid].name})" for pid in pids)
            raise invalid(f"An employee holds one policy per time off type; policies {names} "
                          f"are both for type {type_id}. Remove the one held with "
                          "{\"timeOffPolicyId\": ..., \"accrualStartDate\": null} in the same "
                          "request.", "timeOffPolicyId")
    for pid, on in wanted.items():
        link = held.get(pid)
        if on is None:
            if link is not None:
                session.delete(link)
        elif link is None:
            session.add(EmployeeTimeOffPolicy(employee_id=emp.id, policy_id=pid,
                                              type_id=policies[pid].type_id,
                                              accrual_start_date=on))
        elif link.accrual_start_date != on:
            link.accrual_start_date = on
            session.add(link)
    ctx.commit()
    return _assignments_json(session, emp.id, every=every)


# -- history and balance adjustments ----------------------------------------------------------


def history_json(item: TimeOffHistory) -> dict[str, Any]:
    return {"id": item.id, "employeeId": item.employee_id, "date": iso(item.date),
            "eventType": item.event_type, "timeOffTypeId": item.type_id,
            "timeOffRequestId": item.request_id, "amount": _amount_text(item.amount),
            "note": item.note}


def _note(value: str | None) -> str | None:
    return value.strip() or None if value is not None else None


def _override_type(ctx: Ctx, emp: Employee, type_id: int | None, amount: Decimal | None
                   ) -> tuple[int, Decimal]:
    """Validate an override's type and amount for the employee."""
    session = ctx.session
    if type_id is None:
        raise invalid("timeOffTypeId is required for an override (balance adjustment).",
                      "timeOffTypeId")
    kind = session.get(TimeOffType, type_id)
    if kind is None:
        options = ", ".join(f"{t.id} ({t.name})" for t in session.exec(
            select(TimeOffType).order_by(col(TimeOffType.id))).all())
        raise invalid(f"timeOffTypeId {type_id} is not a time off type; use one of: "
                      f"{options} (GET /meta/time_off/types).", "timeOffTypeId")
    if amount is None:
        raise invalid("amount is required for an override: the days to add to the balance "
                      "(negative to take away).", "amount")
    bound = MAX_ADJUSTMENT.get(kind.units, MAX_ADJUSTMENT["days"])
    if amount == 0 or abs(amount) > bound:
        raise invalid(f"amount must be a non-zero number of {kind.units} of at most {bound} "
                      f"either way; got {_amount_text(amount)}.", "amount")
    for policy, _ in assigned_policies(session, employee_id=emp.id):
        if policy.type_id == type_id and policy.policy_type == "discretionary":
            raise invalid(f"Employee {emp.id} holds the discretionary policy {policy.id} "
                          f"({policy.name}) for {kind.name}: unlimited time off keeps no "
                          "balance to adjust.", "timeOffTypeId")
    return type_id, amount


def _used_request(ctx: Ctx, emp: Employee, body: TimeOffHistoryIn) -> TimeOffRequest:
    session = ctx.session
    if body.timeOffRequestId is None:
        raise invalid("timeOffRequestId is required for a `used` history item: the approved "
                      "request whose time off was used.", "timeOffRequestId")
    req = session.get(TimeOffRequest, body.timeOffRequestId)
    if req is None or req.employee_id != emp.id:
        raise invalid(f"timeOffRequestId {body.timeOffRequestId} is not a time off request "
                      f"of employee {emp.id}; GET /time_off/requests/?employeeId={emp.id} "
                      "lists them.", "timeOffRequestId")
    if req.status != "approved":
        raise invalid(f"Time off request {req.id} is {req.status}; only an approved request's "
                      "time off can be recorded as used.", "timeOffRequestId")
    if body.timeOffTypeId is not None and body.timeOffTypeId != req.type_id:
        raise invalid(f"timeOffTypeId {body.timeOffTypeId} does not match request {req.id}'s "
                      f"type ({req.type_id}); leave it out.", "timeOffTypeId")
    if body.amount is not None and body.amount != Decimal(str(req.amount)):
        raise invalid(f"amount {_amount_text(body.amount)} does not match request {req.id}'s "
                      f"amount ({_amount_text(req.amount)}); leave it out.", "amount")
    taken = session.exec(select(TimeOffHistory.id).where(
        TimeOffHistory.request_id == req.id)).first()
    if taken is not None:
        raise conflict(f"Time off request {req.id} already has history item {taken}.",
                       "timeOffRequestId")
    return req


def _add(ctx: Ctx, emp: Employee, *, on: date, event: str, type_id: int,
         request_id: int | None, amount: Decimal, note: str | None) -> dict[str, Any]:
    item = TimeOffHistory(id=ctx.next_id(TimeOffHistory), employee_id=emp.id, date=on,
                          event_type=event, type_id=type_id, request_id=request_id,
                          amount=float(amount), note=note)
    ctx.session.add(item)
    ctx.commit()
    return history_json(item)


def add_history(*, ctx: Ctx, employee_id: int, body: TimeOffHistoryIn) -> dict[str, Any]:
    """Add a `used` item (an approved request's time off) or an `override` (an adjustment)."""
    emp = get_employee_row(ctx.session, employee_ref(ctx, employee_id))
    on = parse_date(body.date, "date")
    event = (body.eventType or "used").strip().lower()
    if event not in EVENT_TYPES:
        raise invalid(f"eventType must be `used` or `override`; got {body.eventType!r}.",
                      "eventType")
    if event == "used":
        req = _used_request(ctx, emp, body)
        return _add(ctx, emp, on=on, event=event, type_id=req.type_id, request_id=req.id,
                    amount=Decimal(str(req.amount)), note=_note(body.note))
    if body.timeOffRequestId is not None:
        raise invalid("timeOffRequestId belongs to `used` items; an override names "
                      "timeOffTypeId and amount.", "timeOffRequestId")
    type_id, amount = _override_type(ctx, emp, body.timeOffTypeId, body.amount)
    return _add(ctx, emp, on=on, event=event, type_id=type_id, request_id=None, amount=amount,
                note=_note(body.note))


def adjust_balance(*, ctx: Ctx, employee_id: int, body: TimeOffBalanceAdjustmentIn
                   ) -> dict[str, Any]:
    """Adjust a balance by `amount`, recorded as an `override` history item."""
    emp = get_employee_row(ctx.session, employee_ref(ctx, employee_id))
    on = parse_date(body.date, "date")
    type_id, amount = _override_type(ctx, emp, body.timeOffTypeId, body.amount)
    return _add(ctx, emp, on=on, event="override", type_id=type_id, request_id=None,
                amount=amount, note=_note(body.note))


def balance_delta(session: Session, *, employee_id: int, type_id: int, through: date,
                  since: date | None = None) -> Decimal:
    """What the history adds to an employee's balance of a time off type by a day.

    The sum of the `override` items (balance adjustments) of the type dated on or before
    `through` (and on or after `since`, when given: e.g. 1 January for balances that reset
    yearly). Positive adds to the balance, negative takes away. `used` items are not
    counted: they record an approved request's time off, which a balance already deducts
    from the request itself.

    Args:
        session: The HRIS database session.
        employee_id: The employee.
        type_id: The time off type.
        through: The last day counted (inclusive).
        since: The first day counted (inclusive); None counts from the beginning.

    Returns:
        The signed sum, exact (a `Decimal` from the stored amounts).
    """
    query = select(TimeOffHistory.amount).where(
        TimeOffHistory.employee_id == employee_id, TimeOffHistory.type_id == type_id,
        TimeOffHistory.event_type == "override", TimeOffHistory.date <= through)
    if since is not None:
        query = query.where(TimeOffHistory.date >= since)
    return sum((Decimal(str(a)) for a in session.exec(query).all()), Decimal(0))
