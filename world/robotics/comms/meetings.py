"""Calendars over `MEETING_DAYS` either side of `now`: the ATS's interviews (booked first, so
they get their rooms), company and department all-hands, team meetings and 1:1s (weekly
series), exec staff, budget and design reviews, supplier and customer meetings, focus time
and the HRIS's approved time off."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from arcadia.world.comms import (
    Attendee,
    EmailAddress,
    Meeting,
    Recurrence,
)
from arcadia.world.robotics.comms.draw import (
    TEAMS_MEETING,
    WEEKDAYS,
    Draw,
)
from arcadia.world.robotics.comms.topics import (
    PROJECTS,
)

if TYPE_CHECKING:
    pass


def calendar(draw: Draw) -> None:
    """Every meeting of the window (`Draw.cal_start`..`Draw.cal_end`), in booking order."""
    interviews(draw)  # first: interviews get their rooms before anything else
    all_hands(draw)
    team_meetings(draw)
    one_on_ones(draw)
    reviews(draw)
    external_meetings(draw)
    focus_time(draw)
    out_of_office(draw)

def interviews(draw: Draw) -> None:
    hiring = draw.world.hiring
    apps = {a.id: a for a in hiring.applications}
    jobs = {j.id: j for j in hiring.jobs}
    candidates = {c.id: c for c in hiring.candidates}
    stages = {s.id: s.name for j in hiring.jobs for s in j.stages}
    lo = datetime.combine(draw.cal_start, time())
    hi = datetime.combine(draw.cal_end, time())
    for iv in hiring.interviews:
        if not lo <= iv.start < hi:
            continue
        app = apps[iv.application_id]
        if app.job_id is None:
            continue
        job = jobs[app.job_id]
        cand = candidates[app.candidate_id]
        name = f"{cand.first_name} {cand.last_name}"
        organiser = draw.addr[iv.organizer_id]
        who = [draw.by_id[i] for i in iv.interviewers
               if i in draw.active_ids and i != iv.organizer_id]
        attendees = [Attendee(draw.addr[p.id], "required",
                              "accepted" if iv.start < draw.now or draw.rng.random() < 0.8
                              else "none") for p in who]
        onsite = iv.location != "Video call"
        room = draw.free_room(job.location_id, iv.start, iv.end, len(who) + 1, False) \
            if onsite else None
        if room is not None:
            attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                      "accepted"))
        body = (f"Candidate: {name}\nRole: {job.name} ({job.requisition_id})\n"
                f"Stage: {stages.get(iv.stage_id, '')}\nInterview: {iv.interview}\n\n"
                f"Please review the resume and interview kit in Greenhouse beforehand and "
                f"submit your scorecard within 24 hours.")
        draw.meeting(Meeting(
            "", f"Interview: {name} - {iv.interview} ({job.name})", body, iv.start, iv.end,
            organiser, tuple(attendees), "interview",
            room_id=room.id if room else None,
            location=room.name if room else (TEAMS_MEETING if not onsite
                                             else draw.world.location(job.location_id)
                                             .name),
            is_online=not onsite, sensitivity="private" if job.confidential else "normal",
            created_at=min(iv.start - timedelta(days=3), draw.now - timedelta(hours=1))
            if iv.start < draw.now else iv.start - timedelta(days=3)))

def all_hands(draw: Draw) -> None:
    world = draw.world
    ceo = next(p for p in draw.people if p.manager_id is None)
    big = max((r for r in draw.rooms if r.location_id == ceo.location_id),
              key=lambda r: (r.capacity, r.id), default=None)
    month = draw.cal_start.replace(day=1)
    while month <= draw.cal_end:
        day = month + timedelta(days=(3 - month.weekday()) % 7)  # first Thursday
        if draw.cal_start <= day <= draw.cal_end:
            start = draw.local(ceo.location_id, day, 12)
            others = [p for p in draw.people if p.id != ceo.id and p.hire_date < day]
            room = draw.free_room(big.location_id, start, start + timedelta(hours=1), 1,
                                  False) if big else None
            attendees = [Attendee(draw.addr[p.id], "required",
                                  "accepted" if i % 3 else "none")
                         for i, p in enumerate(others)]
            if room:
                attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                          "accepted"))
            draw.meeting(Meeting(
                "", f"{world.company_name} All-Hands - {day:%B %Y}",
                "Monthly all-hands: company update, customer wins, Q&A. Join in "
                f"{room.name if room else 'person'} or on Teams.", start,
                start + timedelta(hours=1), draw.addr[ceo.id], tuple(attendees),
                "all_hands", room_id=room.id if room else None,
                location=f"{room.name}; {TEAMS_MEETING}" if room else TEAMS_MEETING,
                is_online=True, created_at=start - timedelta(days=21)))
        month = (month.replace(day=28) + timedelta(days=4)).replace(day=1)
    for dept in world.departments:
        head = draw.by_id.get(dept.head_id or 0)
        if head is None or head.id not in draw.active_ids or dept.id == "EXE":
            continue
        members = [p for p in draw.people if p.department_id == dept.id and p.id != head.id]
        day = draw.workday(draw.cal_start + timedelta(days=7), draw.cal_end - timedelta(7))
        if day is None or len(members) < 3:
            continue
        start = draw.local(head.location_id, day, 14)
        draw.meeting(Meeting(
            "", f"{dept.name} quarterly all-hands",
            f"{dept.name} update: results, priorities for the quarter, recognition, Q&A.",
            start, start + timedelta(minutes=60), draw.addr[head.id],
            draw.responses(members, start), "all_hands", location=TEAMS_MEETING,
            is_online=True, created_at=start - timedelta(days=14)))

def team_meetings(draw: Draw) -> None:
    rng = draw.rng
    names = ("{t} weekly sync", "{t} team meeting", "{t} stand-up", "{t} weekly planning")
    for manager_id in sorted(draw.reports):
        manager = draw.by_id[manager_id]
        team = draw.reports[manager_id]
        if len(team) < 2:
            continue
        day, hour = draw.series_day(manager, rng.choice((0, 1, 2, 3)))
        minutes = rng.choice((30, 30, 45, 60))
        start = draw.local(manager.location_id, day, hour, rng.choice((0, 30)))
        end = start + timedelta(minutes=minutes)
        room = draw.free_room(manager.location_id, start, end, len(team) + 1, True)
        attendees = list(draw.responses(team, start))
        if room:
            attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                      "accepted"))
        label = manager.team if manager.level != "E1" else \
            draw.world.department(manager.department_id).name + " leadership"
        draw.meeting(Meeting(
            "", rng.choice(names).format(t=label),
            "Weekly: updates round the table, blockers, priorities for the week.",
            start, end, draw.addr[manager.id], tuple(attendees), "team",
            room_id=room.id if room else None,
            location=room.name if room else TEAMS_MEETING, is_online=room is None,
            recurrence=Recurrence("weekly", 1, (WEEKDAYS[day.weekday()],), day,
                                  draw.cal_end),
            created_at=datetime.combine(day, time(9)) - timedelta(days=30)))

def one_on_ones(draw: Draw) -> None:
    rng = draw.rng
    for manager_id in sorted(draw.reports):
        manager = draw.by_id[manager_id]
        for report in draw.reports[manager_id]:
            if report.status != "active":
                continue
            newer = report if report.hire_date >= manager.hire_date else manager
            day, hour = draw.series_day(newer, draw.rint(0, 4))
            start = draw.local(manager.location_id, day, hour, rng.choice((0, 30)))
            response = "accepted" if rng.random() < 0.9 else "tentativelyAccepted"
            draw.meeting(Meeting(
                "", f"{manager.first_name} / {report.first_name} 1:1",
                "Weekly 1:1. Running agenda in our shared doc.", start,
                start + timedelta(minutes=30), draw.addr[manager.id],
                (Attendee(draw.addr[report.id], "required", response),),  # type: ignore[arg-type]
                "one_on_one", location=TEAMS_MEETING, is_online=True,
                sensitivity="private" if rng.random() < 0.3 else "normal",
                recurrence=Recurrence("weekly", 1, (WEEKDAYS[day.weekday()],), day,
                                      draw.cal_end),
                created_at=datetime.combine(day, time(9)) - timedelta(days=10)))

def reviews(draw: Draw) -> None:
    rng, world = draw.rng, draw.world
    ceo = next(p for p in draw.people if p.manager_id is None)
    heads = [draw.by_id[d.head_id] for d in world.departments
             if d.head_id is not None and d.head_id in draw.active_ids and d.head_id != ceo.id]
    # Weekly exec staff.
    day, _ = draw.series_day(ceo, 0)
    start = draw.local(ceo.location_id, day, 9)
    room = draw.free_room(ceo.location_id, start, start + timedelta(minutes=90),
                          len(heads) + 1, True)
    attendees = list(draw.responses(heads, start))
    if room:
        attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                  "accepted"))
    draw.meeting(Meeting(
        "", "Exec staff meeting", "Weekly leadership meeting: metrics, decisions, hiring.",
        start, start + timedelta(minutes=90), draw.addr[ceo.id], tuple(attendees), "team",
        room_id=room.id if room else None, location=room.name if room else TEAMS_MEETING,
        sensitivity="confidential", recurrence=Recurrence(
            "weekly", 1, ("monday",), day, draw.cal_end),
        created_at=datetime.combine(day, time(9)) - timedelta(days=60)))
    # Monthly budget reviews, Finance with each department head.
    fpa = [p for p in draw.people if p.department_id == "FIN" and p.team == "FP&A"
           and p.level != "E1"]
    for head in heads:
        if not fpa or head.department_id == "FIN":
            continue
        analyst = fpa[head.id % len(fpa)]
        for offset in (-14, 14):
            when = draw.workday(draw.today + timedelta(days=offset - 4),
                                draw.today + timedelta(days=offset + 4))
            if when is None:
                continue
            start = draw.local(analyst.location_id, when, rng.choice((10, 13, 15)))
            dept = world.department(head.department_id)
            draw.meeting(Meeting(
                "", f"{dept.name} budget review ({dept.cost_centre_id})",
                f"Monthly budget vs actuals for {dept.cost_centre_id}. Tracker: "
                f"'Budget tracker {dept.cost_centre_id}' in Sheets.", start,
                start + timedelta(minutes=45), draw.addr[analyst.id],
                draw.responses([head], start), "review", location=TEAMS_MEETING,
                is_online=True, is_cancelled=rng.random() < 0.08,
                created_at=start - timedelta(days=12)))
    # Design reviews in Engineering, one per team lead in the window.
    for manager_id in sorted(draw.reports):
        manager = draw.by_id[manager_id]
        if manager.department_id not in ("ENG", "QA") or manager.level != "M1":
            continue
        review_day = draw.workday(draw.cal_start, draw.cal_end)
        if review_day is None:
            continue
        guests = draw.reports[manager_id][:6]
        peers = [p for p in draw.reports.get(manager.manager_id or 0, [])
                 if p.id != manager.id][:2]
        start = draw.local(manager.location_id, review_day, rng.choice((10, 14)))
        end = start + timedelta(hours=1)
        room = draw.free_room(manager.location_id, start, end, len(guests) + len(peers) + 1,
                              False)
        attendees = list(draw.responses(guests + peers, start))
        if room:
            attendees.append(Attendee(EmailAddress(room.name, room.email), "resource",
                                      "accepted"))
        project = rng.choice(PROJECTS[manager.department_id])
        draw.meeting(Meeting(
            "", f"Design review: {project}",
            f"Review of the {project} design. Pre-read linked in the invite; please come "
            f"with questions.", start, end, draw.addr[manager.id], tuple(attendees),
            "review", room_id=room.id if room else None,
            location=room.name if room else TEAMS_MEETING, is_online=room is None,
            is_cancelled=rng.random() < 0.07, created_at=start - timedelta(days=9)))

def external_meetings(draw: Draw) -> None:
    rng, proc = draw.rng, draw.world.procurement
    buyers = [p for p in draw.people if "procurement" in p.roles]
    contracted = [s for s in proc.suppliers if s.contracts and s.status == "active"]
    for s in contracted[:12]:
        if not buyers:
            break
        owner = buyers[s.id % len(buyers)]
        day = draw.workday(draw.cal_start, draw.cal_end)
        if day is None:
            continue
        c = s.primary_contact
        start = draw.local(owner.location_id, day, rng.choice((10, 11, 14)))
        draw.meeting(Meeting(
            "", f"Quarterly business review: {s.name}",
            f"QBR with {s.name}: delivery performance, quality, open invoices, contract "
            f"{s.contracts[-1].number}.", start, start + timedelta(hours=1),
            draw.addr[owner.id],
            (Attendee(EmailAddress(f"{c.name_given} {c.name_family}", c.email.lower()),
                      "required", "accepted" if start < draw.now else "none"),),
            "external", location=TEAMS_MEETING, is_online=True,
            created_at=start - timedelta(days=20)))
    for person in draw.people:
        if person.department_id != "SAL" or person.level == "E1" or rng.random() > 0.7:
            continue
        day = draw.workday(max(draw.cal_start, person.hire_date), draw.cal_end)
        if day is None:
            continue
        company = rng.choice(draw.companies)
        guest = " ".join(draw.outsider())
        domain = "".join(c for c in company.lower().split()[0] if c.isalnum()) + ".com"
        email = f"{guest.split()[0].lower()}.{guest.split()[1].lower()}@{domain}"
        start = draw.local(person.location_id, day, draw.rint(9, 16))
        draw.meeting(Meeting(
            "", f"{company} <> {draw.world.company_name}: "
                f"{rng.choice(('intro call', 'demo', 'pricing review', 'renewal'))}",
            f"Agenda: introductions, requirements, next steps.\n\n{TEAMS_MEETING}",
            start, start + timedelta(minutes=rng.choice((30, 45, 60))),
            draw.addr[person.id],
            (Attendee(EmailAddress(guest, email), "required",
                      "accepted" if rng.random() < 0.7 else "none"),),
            "external", location=TEAMS_MEETING, is_online=True,
            is_cancelled=rng.random() < 0.06, created_at=start - timedelta(days=6)))

def focus_time(draw: Draw) -> None:
    rng = draw.rng
    for person in draw.people:
        if not person.level.startswith("IC") or rng.random() > 0.12:
            continue
        day, _ = draw.series_day(person, rng.choice((1, 3)))
        start = draw.local(person.location_id, day, 13)
        draw.meeting(Meeting(
            "", "Focus time", "", start, start + timedelta(hours=2), draw.addr[person.id],
            (), "focus", show_as="busy", recurrence=Recurrence(
                "weekly", 1, (WEEKDAYS[day.weekday()],), day, draw.cal_end),
            created_at=datetime.combine(day, time(8)) - timedelta(days=7)))

def out_of_office(draw: Draw) -> None:
    """Approved time off (the HRIS's) that overlaps the window, as all-day events."""
    for req in draw.world.time_off:
        person = draw.by_id[req.person_id]
        if req.status != "approved" or person.id not in draw.active_ids \
                or not draw.cal_start <= req.start <= draw.cal_end:
            continue
        start = datetime.combine(req.start, time())
        draw.meeting(Meeting(
            "", "Out of office" if req.type != "Sick" else "OOO - sick",
            f"{req.type}. {req.note}".strip(), start,
            datetime.combine(req.end + timedelta(days=1), time()), draw.addr[person.id], (),
            "out_of_office", is_all_day=True, show_as="oof",
            created_at=start - timedelta(days=10)))
