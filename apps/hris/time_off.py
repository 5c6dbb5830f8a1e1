"""Time off: requests, who sees and decides them, and the status workflow.

HR sees and decides every request; a supervisor sees and decides those of their direct
reports (by the HRIS's current `supervisorEId`); everyone sees and cancels their own.
Only a `requested` request can be approved or denied; a request can be canceled while
requested, or once approved as long as it has not started.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlmodel import Session, col, select

from arcadia.apps.hris import policies
from arcadia.apps.hris.fields import display_name, parse_choice, parse_date
from arcadia.apps.hris.models import Employee, Holiday, TimeOffPolicy, TimeOffRequest, TimeOffType
from arcadia.apps.hris.schemas import TimeOffRequestCreate, TimeOffStatusChange
from arcadia.apps.hris.service import SENSITIVE_ROLES, employee_ref, get_employee_row
from arcadia.apps.kernel import (
    Ctx,
    ascii_int,
    conflict,
    forbidden,
    get_or_404,
    invalid,
    iso,
    parse_ids,
    parse_list,
)

REQUEST_STATUSES = ("approved", "denied", "superseded", "requested", "canceled")
_ALIASES = {"declined": "denied", "cancelled": "canceled"}
# Bounds on the work one request may cause: a request's days are stored one by one, and a
# list reads every request overlapping its range.
MAX_REQUEST_DAYS = 366
MAX_LIST_DAYS = 3 * 366
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _status(value: Any, options: tuple[str, ...], field: str) -> str:
    text = str(value).strip().lower() if value is not None else ""
    return parse_choice(_ALIASES.get(text, text), options, field) or ""


def _amount(value: float) -> str:
    return f"{value:g}"


def _is_hr(ctx: Ctx) -> bool:
    return ctx.principal.has_any(SENSITIVE_ROLES)


def _approver(ctx: Ctx, emp: Employee) -> bool:
    return _is_hr(ctx) or emp.supervisor_eid == ctx.principal.id


def _visible(ctx: Ctx, emp: Employee) -> bool:
    return _approver(ctx, emp) or emp.id == ctx.principal.id


def _cancellable(req: TimeOffRequest, today: date) -> bool:
    return req.status == "requested" or (req.status == "approved" and req.start > today)


def _actions(ctx: Ctx, req: TimeOffRequest, emp: Employee, today: date) -> dict[str, bool]:
    approver = _approver(ctx, emp)
    pending = req.status == "requested"
    own = emp.id == ctx.principal.id
    return {"view": True, "edit": pending and (own or approver),
            "cancel": (own or approver) and _cancellable(req, today),
            "approve": approver and pending, "deny": approver and pending,
            "bypass": _is_hr(ctx) and pending}


def request_json(ctx: Ctx, req: TimeOffRequest, emp: Employee,
                 types: dict[int, TimeOffType]) -> dict[str, Any]:
    """A request in BambooHR's JSON shape."""
    kind = types.get(req.type_id)
    notes = {k: v for k, v in (("employee", req.employee_note), ("manager", req.manager_note))
             if v}
    return {
        "id": str(req.id), "employeeId": str(req.employee_id),
        "status": {"lastChanged": iso(req.status_last_changed),
                   "lastChangedByUserId": (str(req.status_changed_by)
                                           if req.status_changed_by is not None else None),
                   "status": req.status},
        "name": display_name(emp), "start": iso(req.start), "end": iso(req.end),
        "created": iso(req.created),
        "type": {"id": str(req.type_id), "name": kind.name if kind else "Unknown",
                 "icon": kind.icon if kind else None},
        "amount": {"unit": req.unit, "amount": _amount(req.amount)},
        "actions": _actions(ctx, req, emp, ctx.now.date()),
        "dates": json.loads(req.dates), "notes": notes,
    }


def _types(session: Session) -> dict[int, TimeOffType]:
    return {t.id: t for t in session.exec(select(TimeOffType)).all()}


def list_types(*, ctx: Ctx) -> dict[str, Any]:
    types = ctx.session.exec(select(TimeOffType).order_by(col(TimeOffType.id))).all()
    return {"timeOffTypes": [{"id": str(t.id), "name": t.name, "units": t.units,
                              "color": None, "icon": t.icon} for t in types],
            "defaultHours": [{"name": day, "amount": "0" if day in ("Saturday", "Sunday")
                              else "8"} for day in _WEEKDAYS]}


def list_requests(*, ctx: Ctx, start: str, end: str, status: str | None,
                  employee_id: int | None, request_id: int | None, type_ids: str | None,
                  action: str | None) -> list[dict[str, Any]]:
    """Requests overlapping [start, end] that the caller may see, by start date."""
    session = ctx.session
    first, last = parse_date(start, "start"), parse_date(end, "end")
    if last < first:
        raise invalid(f"end ({end}) is before start ({start}).", "end")
    if (last - first).days + 1 > MAX_LIST_DAYS:
        raise invalid(f"The range {first}..{last} is longer than {MAX_LIST_DAYS} days; list "
                      "time off a few years at a time at most.", "end")
    wanted = [_status(s, REQUEST_STATUSES, "status") for s in parse_list(status, "status")]
    kinds = parse_ids(type_ids, "type", what="time off type ids")
    if action is not None and action not in ("view", "approve"):
        raise invalid(f"action must be `view` or `approve`; got {action!r}.", "action")
    if employee_id is not None:
        emp = get_employee_row(session, employee_id)
        if not _visible(ctx, emp):
            raise forbidden(f"{ctx.principal.name} may not view the time off of employee "
                            f"{emp.id}: only HR, the employee and their supervisor may.")
    query = select(TimeOffRequest).where(TimeOffRequest.start <= last,
                                         TimeOffRequest.end >= first)
    if wanted:
        query = query.where(col(TimeOffRequest.status).in_(wanted))
    if kinds:
        query = query.where(col(TimeOffRequest.type_id).in_(kinds))
    if employee_id is not None:
        query = query.where(TimeOffRequest.employee_id == employee_id)
    if request_id is not None:
        query = query.where(TimeOffRequest.id == request_id)
    if not _is_hr(ctx):
        mine = [ctx.principal.id, *session.exec(select(Employee.id).where(
            Employee.supervisor_eid == ctx.principal.id)).all()]
        query = query.where(col(TimeOffRequest.employee_id).in_(mine))
    requests = session.exec(query.order_by(col(TimeOffRequest.start),
                                           col(TimeOffRequest.id))).all()
    ids = sorted({r.employee_id for r in requests})
    people = {e.id: e for e in session.exec(select(Employee).where(
        col(Employee.id).in_(ids))).all()}
    types = _types(session)
    out = [request_json(ctx, r, people[r.employee_id], types) for r in requests]
    if action == "approve":
        out = [r for r in out if r["actions"]["approve"]]
    return out


def _day_amounts(body: TimeOffRequestCreate, first: date, last: date) -> dict[str, float]:
    if body.dates:
        days: dict[str, float] = {}
        for entry in body.dates:
            day = parse_date(entry.ymd, "dates.ymd")
            if not first <= day <= last:
                raise invalid(f"dates: {entry.ymd} is outside {first}..{last}.", "dates")
            amount = float(entry.amount)  # a bounded decimal (the schema's Amount)
            if amount < 0:
                raise invalid(f"dates: amount for {entry.ymd} is negative.", "dates")
            days[day.isoformat()] = amount
        return dict(sorted(days.items()))
    span = [first + timedelta(days=i) for i in range((last - first).days + 1)]
    return {d.isoformat(): 1.0 for d in span if d.weekday() < 5}


def create_request(*, ctx: Ctx, employee_id: int, body: TimeOffRequestCreate
                   ) -> dict[str, Any]:
    """File a request for the caller (or, for HR, anyone)."""
    session, today = ctx.session, ctx.now.date()
    emp = get_employee_row(session, employee_ref(ctx, employee_id))
    if emp.id != ctx.principal.id and not _is_hr(ctx):
        raise forbidden(f"{ctx.principal.name} may request time off only for themself "
                        f"(employee {ctx.principal.id}); HR may request it for anyone.")
    if emp.status != "Active":
        raise conflict(f"Employee {emp.id} ({display_name(emp)}) is inactive and cannot "
                       "request time off.")
    first, last = parse_date(body.start, "start"), parse_date(body.end, "end")
    if last < first:
        raise invalid(f"end ({body.end}) is before start ({body.start}).", "end")
    span = (last - first).days + 1
    if span > MAX_REQUEST_DAYS:
        raise invalid(f"A time off request may span at most {MAX_REQUEST_DAYS} days; "
                      f"{first}..{last} spans {span}. File a longer absence as several "
                      "requests, or as a Leave of Absence employmentStatus row.", "end")
    if len(body.dates) > MAX_REQUEST_DAYS:
        raise invalid(f"dates may list at most {MAX_REQUEST_DAYS} days; got "
                      f"{len(body.dates)}.", "dates")
    types = _types(session)
    type_id = ascii_int(str(body.timeOffTypeId).strip())
    if type_id is None or type_id not in types:
        options = ", ".join(f"{t.id} ({t.name})" for t in types.values())
        raise invalid(f"timeOffTypeId {body.timeOffTypeId!r} is not a time off type; "
                      f"use one of: {options}.", "timeOffTypeId")
    status = _status(body.status, ("requested", "approved", "denied"), "status")
    if status != "requested" and not _approver(ctx, emp):
        raise forbidden(f"Only HR or the employee's supervisor may file a request as "
                        f"{status}; file it as `requested`.")
    days = _day_amounts(body, first, last)
    if body.amount is None:
        total = sum(days.values())
    else:
        total = float(body.amount)  # a bounded decimal (the schema's Amount)
    if total <= 0:
        raise invalid(f"The request from {first} to {last} amounts to no time off (no "
                      "weekdays); give `amount` or `dates`.", "amount")
    if not body.dates and days and total != sum(days.values()):
        days = {d: total / len(days) for d in days}
    notes: dict[str, str] = {}
    for note in body.notes:
        author = parse_choice(note.from_, ("employee", "manager"), "notes.from") or ""
        notes[author] = note.note
    previous = None
    if body.previousRequest is not None:
        ref = ascii_int(str(body.previousRequest).strip())
        previous = session.get(TimeOffRequest, ref) if ref is not None else None
        if previous is None or previous.employee_id != emp.id:
            raise invalid(f"previousRequest {body.previousRequest!r} is not a request of "
                          f"employee {emp.id}.", "previousRequest")
        if previous.status not in ("requested", "approved"):
            raise conflict(f"previousRequest {previous.id} is {previous.status}; only a "
                           "requested or approved request can be superseded.",
                           "previousRequest")
    req = TimeOffRequest(
        id=ctx.next_id(TimeOffRequest), employee_id=emp.id, type_id=type_id,
        start=first, end=last, amount=total,
        dates=json.dumps({d: _amount(a) for d, a in days.items()}), status=status,
        created=today, status_last_changed=today, status_changed_by=ctx.principal.id,
        employee_note=notes.get("employee"), manager_note=notes.get("manager"),
        previous_request_id=previous.id if previous else None)
    if previous is not None:
        previous.status, previous.status_last_changed = "superseded", today
        previous.status_changed_by = ctx.principal.id
        session.add(previous)
    session.add(req)
    ctx.commit()
    return request_json(ctx, req, emp, types)


def change_status(*, ctx: Ctx, request_id: int, body: TimeOffStatusChange) -> dict[str, Any]:
    """Approve, deny or cancel a request, with an optional note."""
    session, today = ctx.session, ctx.now.date()
    req = get_or_404(session, TimeOffRequest, request_id, what="Time off request",
                     hint="GET /time_off/requests/?start=...&end=... lists requests.")
    emp = get_employee_row(session, req.employee_id)
    target = _status(body.status, ("approved", "denied", "canceled"), "status")
    own = emp.id == ctx.principal.id
    if target == "canceled":
        if not (own or _approver(ctx, emp)):
            raise forbidden(f"{ctx.principal.name} may not cancel request {req.id}: only the "
                            "employee, their supervisor or HR may.")
        if not _cancellable(req, today):
            when = " and has already started" if req.status == "approved" else ""
            raise conflict(f"Request {req.id} is {req.status}{when}, so it cannot be "
                           "canceled; only requested requests, or approved ones that have not "
                           "started, can.", "status")
    else:
        if not _approver(ctx, emp):
            who = emp.supervisor_eid if emp.supervisor_eid is not None else "none"
            verb = "approve" if target == "approved" else "deny"
            raise forbidden(f"{ctx.principal.name} may not {verb} request {req.id}: "
                            f"only HR or the employee's supervisor (employee {who}) may.")
        if req.status != "requested":
            raise conflict(f"Request {req.id} is already {req.status}; only a requested "
                           f"request can be {target}.", "status")
    req.status, req.status_last_changed, req.status_changed_by = target, today, \
        ctx.principal.id
    if body.note:
        if own:
            req.employee_note = body.note
        else:
            req.manager_note = body.note
    session.add(req)
    ctx.commit()
    return request_json(ctx, req, emp, _types(session))


# -- who's out and balances -----------------------------------------------------------------

WHOS_OUT_DAYS = 14  # BambooHR's default window: today through 14 days ahead


def _window(start: str | None, end: str | None, today: date) -> tuple[date, date]:
    first = parse_date(start, "start") if start is not None else today
    last = parse_date(end, "end") if end is not None else \
        min(first, date.max - timedelta(days=WHOS_OUT_DAYS)) + timedelta(days=WHOS_OUT_DAYS)
    if last < first:
        raise invalid(f"end ({last}) is before start ({first}).", "end")
    if (last - first).days + 1 > MAX_LIST_DAYS:
        raise invalid(f"The range {first}..{last} is longer than {MAX_LIST_DAYS} days; ask "
                      "for a few years at a time at most.", "end")
    return first, last


def whos_out(*, ctx: Ctx, start: str | None, end: str | None) -> list[dict[str, Any]]:
    """Approved time off and company holidays overlapping the window, by start date.

    Who's Out is company-wide in BambooHR: every employee sees who is out (not why)."""
    first, last = _window(start, end, ctx.now.date())
    session = ctx.session
    requests = session.exec(select(TimeOffRequest).where(
        TimeOffRequest.status == "approved", TimeOffRequest.start <= last,
        TimeOffRequest.end >= first)).all()
    ids = sorted({r.employee_id for r in requests})
    people = {e.id: e for e in session.exec(select(Employee).where(
        col(Employee.id).in_(ids))).all()}
    holidays = session.exec(select(Holiday).where(Holiday.start <= last,
                                                  Holiday.end >= first)).all()
    entries = [(r.start, 0, r.id, {"id": r.id, "type": "timeOff", "employeeId": r.employee_id,
                                   "name": display_name(people[r.employee_id]),
                                   "start": iso(r.start), "end": iso(r.end)})
               for r in requests]
    entries += [(h.start, 1, h.id, {"id": h.id, "type": "holiday", "name": h.name,
                                    "start": iso(h.start), "end": iso(h.end)})
                for h in holidays]
    return [entry for *_, entry in sorted(entries, key=lambda e: e[:3])]


def _months_accrued(emp: Employee, start: date, year: int, on: date) -> int:
    """Months of `year` begun by `on` (accrual is earned on each month's first day) in
    which the policy was accruing (from `start`) and the employee not yet gone."""
    count = 0
    for month in range(1, 13):
        first = date(year, month, 1)
        if first > on:
            break
        month_end = date(year, 12, 31) if month == 12 else \
            date(year, month + 1, 1) - timedelta(days=1)
        gone = emp.termination_date is not None and emp.termination_date < first
        count += start <= month_end and not gone
    return count


def _granted(policy: TimeOffPolicy, emp: Employee, start: date, on: date) -> Decimal:
    """Days a policy has granted this calendar year up to `on` (balances reset each
    1 January: no carry-over). Accruing: days_per_year / 12 on the first of each month
    from the accrual start; manual: the year's days on 1 January (or the start date)."""
    per_year = Decimal(str(policy.days_per_year))
    if policy.policy_type == "accruing":
        return per_year * _months_accrued(emp, start, on.year, on) / 12
    if policy.policy_type == "manual":
        return per_year if max(date(on.year, 1, 1), start) <= on else Decimal(0)
    return Decimal(0)


def _used(requests: list[TimeOffRequest], type_id: int, first: date, last: date) -> Decimal:
    """Approved time off of a type taken on days first..last (each request's day amounts)."""
    total = Decimal(0)
    for req in requests:
        if req.type_id != type_id or req.status != "approved":
            continue
        for day, amount in json.loads(req.dates).items():
            if first <= date.fromisoformat(day) <= last:
                total += Decimal(str(amount))
    return total


def balances(*, ctx: Ctx, employee_id: int, end: str | None, precision: int
             ) -> list[dict[str, Any]]:
    """Balance and use this year of each time off type as of `end` (default today)."""
    session = ctx.session
    emp = get_employee_row(session, employee_ref(ctx, employee_id))
    if not _visible(ctx, emp):
        raise forbidden(f"{ctx.principal.name} may not see the time off balances of employee "
                        f"{emp.id}: only the employee, their supervisor and HR may.")
    if not 0 <= precision <= 4:
        raise invalid(f"precision must be between 0 and 4; got {precision}.", "precision")
    on = parse_date(end, "end") if end is not None else ctx.now.date()
    quantum = Decimal(1).scaleb(-precision)
    held = policies.assigned_policies(session, employee_id=emp.id)
    types = _types(session)
    requests = list(session.exec(select(TimeOffRequest).where(
        TimeOffRequest.employee_id == emp.id, TimeOffRequest.status == "approved")).all())
    year_start = date(on.year, 1, 1)
    out = []
    for policy, start in held:
        used = _used(requests, policy.type_id, year_start, on)
        # Balance adjustments (`override` history items) this year count; discretionary
        # policies keep no balance.
        balance = Decimal(0) if policy.policy_type == "discretionary" else (
            _granted(policy, emp, start, on) - used + policies.balance_delta(
                session, employee_id=emp.id, type_id=policy.type_id, through=on,
                since=year_start))
        kind = types[policy.type_id]
        out.append({"timeOffType": str(kind.id), "name": kind.name, "units": kind.units,
                    "balance": str(balance.quantize(quantum, rounding=ROUND_HALF_UP)),
                    "end": iso(on), "policyType": policy.policy_type,
                    "usedYearToDate": str(used.quantize(quantum, rounding=ROUND_HALF_UP))})
    return out
