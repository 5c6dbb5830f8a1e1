"""The products' notifications: BambooHR's time-off requests and decisions and work
anniversaries, Gusto's pay stubs and processed payrolls, and Coupa's approval requests and
approvals."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from arcadia.world.robotics.comms.draw import (
    BAMBOOHR,
    GUSTO,
    Draft,
    Draw,
)

if TYPE_CHECKING:
    pass


def notifications(draw: Draw) -> None:
    world = draw.world
    start = draw.mail_start
    for req in world.time_off:
        person = draw.by_id[req.person_id]
        if person.id not in draw.active_ids or person.manager_id not in draw.active_ids:
            continue
        asked = req.start - timedelta(days=draw.rint(3, 20))
        if not start <= asked <= draw.today or asked <= person.hire_date:
            continue
        assert person.manager_id is not None
        at = draw.work_time(person, asked)
        if at > draw.now:
            continue
        days = f"{req.amount_days} day{'s' if req.amount_days != 1 else ''}"
        span = f"{req.start:%b %d}" + ("" if req.end == req.start else f" - {req.end:%b %d}")
        draw.add(Draft(draw.conversation(), at, BAMBOOHR, (draw.addr[person.manager_id],),
                        f"Time off request from {person.name}",
                        f"{person.name} has requested {days} of {req.type} ({span}).\n\n"
                        f"Note: {req.note or '(none)'}\n\nApprove or deny this request in "
                        f"BambooHR.", "notification", filed_kind="notification"))
        if req.status in ("approved", "denied"):
            decided = at + timedelta(hours=draw.rint(1, 30))
            if decided <= draw.now:
                draw.add(Draft(draw.conversation(), decided, BAMBOOHR,
                                (draw.addr[person.id],),
                                f"Your time off request has been {req.status}",
                                f"Your request for {days} of {req.type} ({span}) was "
                                f"{req.status} by "
                                f"{draw.by_id[person.manager_id].name}.", "notification",
                                filed_kind="notification"))
    # Work anniversaries, to the manager, a week ahead.
    for person in draw.people:
        if person.manager_id not in draw.active_ids:
            continue
        assert person.manager_id is not None
        for year in (draw.today.year - 1, draw.today.year):
            try:
                day = person.hire_date.replace(year=year)
            except ValueError:
                continue
            years = year - person.hire_date.year
            notice = day - timedelta(days=7)
            if years < 1 or not start <= notice <= draw.today:
                continue
            draw.add(Draft(draw.conversation(), draw.local("LOC-PIT", notice, 7),
                            BAMBOOHR, (draw.addr[person.manager_id],),
                            f"Upcoming work anniversary: {person.name}",
                            f"{person.name} will celebrate {years} year"
                            f"{'s' if years > 1 else ''} at {world.company_name} on "
                            f"{day:%B %d}.", "notification", filed_kind="notification"))
    # Gusto: pay stubs semi-monthly to everyone, payroll processed to the payroll team.
    payroll = [p for p in draw.people if "payroll" in p.roles]
    pay_day = start.replace(day=15) if start.day <= 15 else _month_end(start)
    while pay_day <= draw.today:
        paid = pay_day
        while paid.weekday() >= 5:
            paid -= timedelta(days=1)
        at = draw.local("LOC-PIT", paid - timedelta(days=2), 6, 12)
        for p in draw.people:
            if p.hire_date < paid - timedelta(days=3):
                draw.add(Draft(draw.conversation(), at, GUSTO, (draw.addr[p.id],),
                                f"Your {world.company_name} paystub is ready",
                                f"Hi {p.first_name}, your paystub for the pay date "
                                f"{paid:%m/%d/%Y} is ready to view in Gusto.",
                                "notification", filed_kind="notification"))
        if payroll:
            draw.add(Draft(draw.conversation(), at - timedelta(hours=20), GUSTO,
                            tuple(draw.addr[p.id] for p in payroll),
                            f"Payroll processed for pay date {paid:%m/%d/%Y}",
                            f"Your payroll for {world.company_name} with pay date "
                            f"{paid:%m/%d/%Y} has been processed. Funds will be debited "
                            f"from your account two business days before the pay date.",
                            "notification", filed_kind="notification"))
        pay_day = _month_end(pay_day) if pay_day.day == 15 \
            else (pay_day + timedelta(days=1)).replace(day=15)
    coupa_mail(draw)

def coupa_mail(draw: Draw) -> None:
    proc = draw.world.procurement
    reqs = {r.id: r for r in proc.requisitions}
    start = datetime.combine(draw.mail_start, time())
    for ap in proc.approvals:
        if ap.approver_id not in draw.active_ids or ap.approvable_type != \
                "RequisitionHeader" or ap.status == "waiting":
            continue
        if not start <= ap.created_at <= draw.now:
            continue
        req = reqs.get(ap.approvable_id)
        if req is None:
            continue
        requester = draw.by_id[req.requester_id]
        draw.add(Draft(draw.conversation(), ap.created_at + timedelta(minutes=1),
                        draw.coupa, (draw.addr[ap.approver_id],),
                        f"Requisition #{req.id} requires your approval",
                        f"Requisition #{req.id} from {requester.name} for "
                        f"${req.total:,.2f} ({req.lines[0].description}) is awaiting your "
                        f"approval.\n\nJustification: {req.justification}\n\nApprove or "
                        f"reject it in Coupa.", "notification",
                        filed_kind="notification"))
    for req in proc.requisitions:
        if req.approved_at is None or not start <= req.approved_at <= draw.now \
                or req.requester_id not in draw.active_ids:
            continue
        draw.add(Draft(draw.conversation(), req.approved_at + timedelta(minutes=1),
                        draw.coupa, (draw.addr[req.requester_id],),
                        f"Requisition #{req.id} has been approved",
                        f"Your requisition #{req.id} for ${req.total:,.2f} has been fully "
                        f"approved and will be sent to the supplier as a purchase order.",
                        "notification", filed_kind="notification"))

def _month_end(day: date) -> date:
    return (day.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
