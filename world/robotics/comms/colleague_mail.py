"""Mail between colleagues: threads inside teams, between managers and their reports, across
teams (a question to HR, IT, Finance...) and the company's announcements."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from arcadia.world.robotics.comms.draw import (
    Draft,
    Draw,
)
from arcadia.world.robotics.comms.topics import (
    CROSS_TOPICS,
    MANAGER_TOPICS,
    TEAM_TOPICS,
)

if TYPE_CHECKING:
    from arcadia.world.model import Person


def team_mail(draw: Draw) -> None:
    rng = draw.rng
    for manager_id in sorted(draw.reports):
        members = [draw.by_id[manager_id], *draw.reports[manager_id]]
        if len(members) < 2:
            continue
        dept = members[0].department_id
        if dept != members[-1].department_id:
            dept = members[-1].department_id
        for _ in range(round(len(members) * rng.uniform(1.6, 2.4))):
            group = rng.sample(members, min(len(members), draw.rint(2, 4)))
            starter = group[0]
            day = draw.mail_day(*group)
            if day is None:
                continue
            subject, opening, replies = rng.choice(TEAM_TOPICS)
            draw.topic(dept, day)
            subject = draw.fill(subject, dept)
            answers = []
            for i, text in enumerate(replies[:draw.rint(0, len(replies))]):
                who = group[(i + 1) % len(group)]
                answers.append((draw.addr[who.id], draw.sign(draw.fill(text, dept), who)))
            attach = (draw.attachment(subject.split(":")[0].replace(" ", "_")),) \
                if "draft" in subject or rng.random() < 0.08 else ()
            draw.thread("colleague", draw.addr[starter.id],
                        [draw.addr[p.id] for p in group[1:]], subject,
                        draw.sign(draw.fill(opening, dept), starter), answers,
                        draw.work_time(starter, day), attachments=attach)

def manager_mail(draw: Draw) -> None:
    rng = draw.rng
    for manager_id in sorted(draw.reports):
        manager = draw.by_id[manager_id]
        for report in draw.reports[manager_id]:
            for _ in range(draw.rint(1, 3)):
                day = draw.mail_day(manager, report)
                if day is None:
                    continue
                subject, opening, replies = rng.choice(MANAGER_TOPICS)
                draw.topic(report.department_id, day)
                from_manager = not opening.startswith("Hi {mg}")
                first, second = (manager, report) if from_manager else (report, manager)
                names = {"r": report.first_name, "mg": manager.first_name}
                dept = report.department_id
                answers = []
                for i, text in enumerate(replies):
                    who = second if i % 2 == 0 else first
                    answers.append((draw.addr[who.id],
                                    draw.sign(draw.fill(text, dept, **names), who)))
                draw.thread("colleague", draw.addr[first.id], [draw.addr[second.id]],
                            draw.fill(subject, dept, **names),
                            draw.sign(draw.fill(opening, dept, **names), first),
                            answers[:draw.rint(0, len(answers))],
                            draw.work_time(first, day))

def cross_team_mail(draw: Draw) -> None:
    rng = draw.rng
    by_dept: dict[str, list[Person]] = {}
    for p in draw.people:
        if p.level != "E1":
            by_dept.setdefault(p.department_id, []).append(p)
    for person in draw.people:
        for _ in range(rng.choice((0, 1, 1, 2))):
            dept, subject, opening, replies = rng.choice(CROSS_TOPICS)
            pool = by_dept.get(dept, [])
            if not pool or dept == person.department_id:
                continue
            other = rng.choice(pool)
            day = draw.mail_day(person, other)
            if day is None:
                continue
            names = {"t": other.first_name, "f": person.first_name}
            draw.topic(person.department_id, day)
            answers = []
            for i, text in enumerate(replies[:draw.rint(0, len(replies))]):
                who = other if i % 2 == 0 else person
                answers.append((draw.addr[who.id],
                                draw.sign(draw.fill(text, person.department_id, **names),
                                          who)))
            draw.thread("colleague", draw.addr[person.id], [draw.addr[other.id]],
                        draw.fill(subject, person.department_id, **names),
                        draw.sign(draw.fill(opening, person.department_id, **names),
                                  person),
                        answers, draw.work_time(person, day))

def company_mail(draw: Draw) -> None:
    """A few company-wide announcements, to everyone employed at the time."""
    world = draw.world
    ceo = next(p for p in draw.people if p.manager_id is None)
    hr_head = draw.by_id.get(world.department("HR").head_id or 0)
    it_head = draw.by_id.get(world.department("IT").head_id or 0)
    notes = [
        (ceo, 62, "All-hands recap and Q1 priorities",
         "Team,\n\nThank you to everyone who joined the all-hands. The recording and slides "
         "are on the intranet. Our Q1 priorities: ship the ARC-7 pilot, bring Columbus "
         "Line 2 to rate, and keep our customers' uptime above 99%.\n\nThank you for the "
         "work you do."),
        (hr_head, 40, "Reminder: performance reviews due",
         "Hi everyone,\n\nA reminder that self-reviews for the annual cycle are due by the "
         "end of the month in BambooHR. Managers, please schedule calibration time with "
         "your HR business partner.\n\nThank you,"),
        (it_head, 18, "Action required: multi-factor authentication rollout",
         "Hello,\n\nStarting next week, multi-factor authentication is required for email "
         "and VPN. Please enrol your phone before Friday. Instructions are on the IT "
         "portal; the service desk can help.\n\nThanks,"),
    ]
    for sender, days_ago, subject, body in notes:
        if sender is None or sender.id not in draw.active_ids:
            continue
        day = draw.today - timedelta(days=days_ago)
        while day.weekday() >= 5:
            day -= timedelta(days=1)
        to = tuple(draw.addr[p.id] for p in draw.people
                   if p.id != sender.id and p.hire_date < day)
        draw.add(Draft(draw.conversation(), draw.local(sender.location_id, day, 9, 30),
                        draw.addr[sender.id], to, subject, draw.sign(body, sender),
                        "colleague", importance="high" if "Action" in subject
                        else "normal"))
